#include "core/position.h"

#include <algorithm>

namespace bg::core {

// zoc_crosses and hexside_passable are inline in position.h (hot in movement).

void Board::build(const Context& ctx, const Position& pos) {
  const Map& map = *ctx.map;
  const auto space = static_cast<size_t>(map.id_space());
  if (space != space_ || count_.size() != space * 2) {
    space_ = space;
    count_.assign(space_ * 2, 0);
    zoc_.assign(space_ * 2, 0);
    stack_.assign(space_ * 2, 0);
    special_.assign(space_, 0);
  } else {
    // The AI rebuilds the board for every position it weighs: clearing only
    // the hexes the last position marked, not the whole map, is most of the
    // saving (every mark is on a unit's hex or a hex next to one).
    for (HexId h : touched_) {
      count_[h] = count_[space_ + h] = 0;
      zoc_[h] = zoc_[space_ + h] = 0;
      stack_[h] = stack_[space_ + h] = 0;
      special_[h] = 0;
    }
  }
  touched_.clear();
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& st = pos.units[u];
    if (!st.on_map()) continue;
    const UnitDef& def = ctx.def(static_cast<UnitIndex>(u));
    touched_.push_back(st.hex);
    count_[idx(def.side, st.hex)]++;
    if (!def.free_stacking) stack_[idx(def.side, st.hex)]++;
    if (def.sole_occupant) special_[st.hex] |= kSole;
    if (def.no_pass_through) special_[st.hex] |= kNoPassage;
    if (!def.exerts_zoc) continue;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      if (!zoc_crosses(map, st.hex, dir)) continue;
      const HexId n = map.neighbour(st.hex, dir);
      touched_.push_back(n);
      zoc_[idx(def.side, n)]++;
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
