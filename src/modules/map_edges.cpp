#include "modules/map_edges.h"

#include <algorithm>
#include <array>

namespace bg::modules {

using namespace core;

namespace {
constexpr std::array<std::string_view, 4> kEdgeNames = {"north", "east", "south", "west"};
}  // namespace

std::string_view edge_name(Edge e) {
  return kEdgeNames[static_cast<size_t>(e)];
}

std::optional<Edge> parse_edge(std::string_view s) {
  for (size_t i = 0; i < kEdgeNames.size(); ++i)
    if (kEdgeNames[i] == s) return static_cast<Edge>(i);
  return std::nullopt;
}

bool on_edge(const Map& map, HexId h, Edge e) {
  if (!map.on_map(h)) return false;
  const HexCoord c = map.coord(h);
  switch (e) {
    case Edge::North:
      return c.row == 1;
    case Edge::East:
      return c.col == map.cols();
    case Edge::South:
      return c.row == map.rows();
    case Edge::West:
      return c.col == 1;
  }
  return false;
}

std::vector<HexId> edge_ring_clockwise(const Map& map) {
  std::vector<HexId> ring;
  auto add = [&](int col, int row) {
    const HexId h = map.id(HexCoord{col, row});
    if (std::find(ring.begin(), ring.end(), h) == ring.end()) ring.push_back(h);
  };
  for (int c = 1; c <= map.cols(); ++c) add(c, 1);
  for (int r = 1; r <= map.rows(); ++r) add(map.cols(), r);
  for (int c = map.cols(); c >= 1; --c) add(c, map.rows());
  for (int r = map.rows(); r >= 1; --r) add(1, r);
  return ring;
}

// The number printed on the map (Map::label: a title's own numbering, e.g.
// Four Roads' rows counted northward), as players read and type it.
std::optional<HexId> hex_from_number(const Map& map, int xxyy) {
  if (xxyy <= 0) return std::nullopt;
  return map.find_label(HexCoord{xxyy / 100, xxyy % 100});
}

int hex_number(const Map& map, HexId h) {
  const HexCoord c = map.label(h);
  return c.col * 100 + c.row;
}

}  // namespace bg::modules
