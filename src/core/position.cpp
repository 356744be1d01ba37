#include "core/position.h"

#include <algorithm>

namespace bg::core {

// zoc_crosses and hexside_passable are inline in position.h (hot in movement).

void Board::build(const Context& ctx, const Position& pos) {
  const Map& map = *ctx.map;
  space_ = static_cast<size_t>(map.id_space());
  count_.assign(space_ * 2, 0);
  zoc_.assign(space_ * 2, 0);
  stack_.assign(space_ * 2, 0);
  special_.assign(space_, 0);
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& st = pos.units[u];
    if (!st.on_map()) continue;
    const UnitDef& def = ctx.def(static_cast<UnitIndex>(u));
    count_[idx(def.side, st.hex)]++;
    if (!def.free_stacking) stack_[idx(def.side, st.hex)]++;
    if (def.sole_occupant) special_[st.hex] |= kSole;
    if (def.no_pass_through) special_[st.hex] |= kNoPassage;
    if (!def.exerts_zoc) continue;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      if (zoc_crosses(map, st.hex, dir)) zoc_[idx(def.side, map.neighbour(st.hex, dir))]++;
    }
  }
}

std::string closing_unit_name(const Context& ctx, const Position& pos, HexId h) {
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& s = pos.units[u];
    const UnitDef& d = ctx.def(static_cast<UnitIndex>(u));
    if (s.on_map() && s.hex == h && (d.sole_occupant || d.no_pass_through)) return d.id;
  }
  return "a unit";
}

}  // namespace bg::core
