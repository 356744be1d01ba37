#include "core/unit_reach.h"

#include "core/movement.h"
#include "core/rule_id.h"

namespace bg::core {

namespace {

std::vector<HexId> path_of(std::optional<HexId> entry, const Path& path) {
  std::vector<HexId> out;
  if (entry) out.push_back(*entry);
  out.insert(out.end(), path.begin(), path.end());
  return out;
}

Result<UnitReach> entering(const Game& g, UnitIndex u) {
  const std::vector<HexId> open = g.entry_options(u);
  Reach reach;
  if (open.empty()) {
    // The reason the first hex of the chart is closed (e.g. "Winder arrives
    // on Game-Turn 2", citing the title's case), else a plain one.
    // (An exited unit's chart is where the scenario lets it come back.)
    const std::vector<HexId> chart = g.scenario()
                                         ? g.scenario()->entry_hexes(g.context(), g.state(), u)
                                         : g.roster()[u].entry_hexes;
    auto why = g.entry_reach(u, chart.empty() ? kNoHex : chart[0], reach);
    if (!why) return why.error();
    return refuse(g.context(), RuleId::ReinforcementEntryHex, "no entry hex is open to it now");
  }
  UnitReach out;
  out.entering = true;
  for (HexId e : open) {
    auto cost = g.entry_reach(u, e, reach);
    if (!cost) continue;
    EntryReach er;
    er.entry = e;
    er.targets.push_back(ReachTarget{e, *cost, {e}});
    for (HexId h : g.map().hexes())
      if (h != e && reach.contains(h))
        er.targets.push_back(ReachTarget{h, *cost + reach.cost(h), path_of(e, reach.path_to(h))});
    out.entries.push_back(std::move(er));
  }
  return out;
}

}  // namespace

Result<UnitReach> unit_reach(const Game& g, UnitIndex u, bool strategic) {
  const UnitStatus status = g.position().units[u].status;
  // An exited unit the scenario lets come back (FR 4) enters as a reinforcement does.
  const bool reentry = status == UnitStatus::Exited && g.scenario() &&
                       g.scenario()->may_reenter(g.context(), g.state(), u);
  if ((status == UnitStatus::OffMap || reentry) && !strategic) return entering(g, u);
  if (auto s = g.can_move(u, strategic); !s) return s.error();
  Reach reach;
  g.reach(u, strategic, reach);
  UnitReach out;
  for (HexId h : g.map().hexes())  // map order: sorted by hex number
    if (reach.contains(h))
      out.targets.push_back(ReachTarget{h, reach.cost(h), path_of({}, reach.path_to(h))});
  return out;
}

std::optional<MpLeft> mp_left(const Game& g, UnitIndex u) {
  const GameState& st = g.state();
  if (st.phase != Phase::Movement || u >= st.pos.count || !st.pos.units[u].on_map() ||
      g.roster()[u].side != st.phasing)
    return std::nullopt;
  MpLeft out;
  out.allowance = movement_allowance(g.context(), u, MoveOptions{});
  if (Status s = g.can_move(u, false); !s)
    out.why = s.error();
  else
    out.mp = out.allowance;
  return out;
}

}  // namespace bg::core
