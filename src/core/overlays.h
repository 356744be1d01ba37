// What a front end may lay over the map on demand, from the engine's own
// facts: the Zones of Control each side exerts (6.0 / DG 5.0, as Board keeps
// them), and what an artillery unit covers from its hex: the hexes within its
// bombardment range (8.11 / DG 8.7) and those of them it has a Line of Sight
// to (8.3 / DG 8.71), by the same distance and line_of_sight() that
// bombardment is judged by.
#pragma once

#include <vector>

#include "core/position.h"

namespace bg::core {

struct ArtilleryCover {
  std::vector<HexId> in_range;  // within range, its own hex excluded
  std::vector<HexId> in_sight;  // of those, the ones with a Line of Sight
};

ArtilleryCover artillery_cover(const Context& ctx, const UnitDef& def, HexId from);

// The hexes in the Zone of Control of side s on `board`, in map order.
std::vector<HexId> zoc_hexes(const Map& map, const Board& board, Side s);

}  // namespace bg::core
