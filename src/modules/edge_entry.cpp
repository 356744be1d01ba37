#include "modules/edge_entry.h"

#include <algorithm>

#include "core/rule_id.h"
#include "modules/map_edges.h"

namespace bg::modules {

using namespace core;

namespace {

bool enemy_in(const Context& ctx, const GameState& st, Side s, HexId h) {
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    if (us.on_map() && us.hex == h && ctx.def(static_cast<UnitIndex>(u)).side != s) return true;
  }
  return false;
}

}  // namespace

std::string_view EdgeEntryModule::cite(RuleId id) const {
  switch (id) {
    case RuleId::ReinforcementArrival:
    case RuleId::ReinforcementEntryHex:
    case RuleId::ReinforcementEnemyHex:
      return "FR 5";
    default:
      return {};
  }
}

HexId EdgeEntryModule::slide(const Context& ctx, const GameState& st, Side s, HexId entry) const {
  if (!enemy_in(ctx, st, s, entry)) return entry;
  const std::vector<HexId> ring = edge_ring_clockwise(*ctx.map);
  const auto at = std::find(ring.begin(), ring.end(), entry);
  if (at == ring.end()) return entry;
  const size_t start = static_cast<size_t>(at - ring.begin());
  for (size_t k = 1; k < ring.size(); ++k) {
    const HexId h = ring[(start + k) % ring.size()];
    const Terrain t = ctx.map->terrain(h);
    if (t == Terrain::River || t == Terrain::Ferry) continue;
    if (!enemy_in(ctx, st, s, h)) return h;
  }
  return entry;
}

void EdgeEntryModule::adjust_entry_hexes(const Context& ctx, const GameState& st, UnitIndex u,
                                         std::vector<HexId>& hexes) const {
  // Re-entering units come back at their exit hex (FR 4), never slid.
  if (st.pos.units[u].status != UnitStatus::OffMap) return;
  const Side s = ctx.def(u).side;
  std::vector<HexId> out;
  for (HexId h : hexes) {
    const HexId e = slide(ctx, st, s, h);
    if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  }
  hexes = std::move(out);
}

}  // namespace bg::modules
