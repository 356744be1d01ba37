// Map-edge and hex-number helpers the terrain modules share: which edge a hex
// lies on, the edge hexes in clockwise order (Four Roads rule 5's "next unblocked
// hex looking clockwise along the edge"), and hexes named by their XXYY
// number in a decision's value.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/map.h"

namespace bg::modules {

// A map edge, north up (row 01 is the north edge, column 01 the west edge).
enum class Edge : uint8_t { North, East, South, West };
std::string_view edge_name(Edge e);  // "north", ...
std::optional<Edge> parse_edge(std::string_view s);

// Whether on-map hex h lies on edge e.
bool on_edge(const core::Map& map, core::HexId h, Edge e);

// Every edge hex once, clockwise from the north-west corner: the north edge
// west to east, the east edge north to south, the south edge east to west,
// the west edge south to north.
std::vector<core::HexId> edge_ring_clockwise(const core::Map& map);

// The hex a decision's value names as XXYY (e.g. 405 for 0405), if on the map;
// and the number of a hex. Both are the numbers printed on the map
// (Map::label), which players read and type.
std::optional<core::HexId> hex_from_number(const core::Map& map, int xxyy);
int hex_number(const core::Map& map, core::HexId h);

}  // namespace bg::modules
