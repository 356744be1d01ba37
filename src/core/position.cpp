#include "core/position.h"

#include <algorithm>
#include <bit>

namespace bg::core {

// zoc_crosses and hexside_passable are inline in position.h (hot in movement).

void Board::build(const Context& ctx, const Position& pos) {
  space_ = static_cast<size_t>(ctx.map->id_space());
  count_.assign(space_ * 2, 0);
  zoc_.assign(space_ * 2, 0);
  stack_.assign(space_ * 2, 0);
  sole_.assign(space_, 0);
  no_pass_.assign(space_, 0);
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map()) count_unit(ctx, static_cast<UnitIndex>(u), pos.units[u].hex, 1);
}

void Board::follow(const Context& ctx, Position& was, const Position& now) {
  if (was.count != now.count || space_ != static_cast<size_t>(ctx.map->id_space())) {
    build(ctx, now);
    was = now;
    return;
  }
  for (int u = 0; u < now.count; ++u) {
    UnitState& a = was.units[u];
    const UnitState& b = now.units[u];
    if (a.on_map() != b.on_map() || (b.on_map() && a.hex != b.hex)) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      if (a.on_map()) count_unit(ctx, ui, a.hex, -1);
      if (b.on_map()) count_unit(ctx, ui, b.hex, 1);
    }
    a = b;
  }
}

void Board::count_unit(const Context& ctx, UnitIndex u, HexId h, int by) {
  const Map& map = *ctx.map;
  const UnitDef& def = ctx.def(u);
  const auto add = [by](uint8_t& c) { c = static_cast<uint8_t>(c + by); };
  add(count_[idx(def.side, h)]);
  if (!def.free_stacking) add(stack_[idx(def.side, h)]);
  if (def.sole_occupant) add(sole_[h]);
  if (def.no_pass_through) add(no_pass_[h]);
  if (!def.exerts_zoc) return;
  for (unsigned m = map.zoc_dirs(h); m != 0; m &= m - 1)
    add(zoc_[idx(def.side, map.neighbour(h, static_cast<Dir>(std::countr_zero(m))))]);
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
