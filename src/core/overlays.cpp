#include "core/overlays.h"

#include "core/los.h"

namespace bg::core {

ArtilleryCover artillery_cover(const Context& ctx, const UnitDef& def, HexId from) {
  ArtilleryCover out;
  const Map& map = *ctx.map;
  const HexCoord c = map.coord(from);
  for (HexId h : map.hexes()) {
    if (h == from || distance(c, map.coord(h)) > def.range) continue;
    out.in_range.push_back(h);
    if (line_of_sight(map, from, h)) out.in_sight.push_back(h);
  }
  return out;
}

std::vector<HexId> zoc_hexes(const Map& map, const Board& board, Side s) {
  std::vector<HexId> out;
  for (HexId h : map.hexes())
    if (board.zoc(s, h) != 0) out.push_back(h);
  return out;
}

}  // namespace bg::core
