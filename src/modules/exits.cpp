#include "modules/exits.h"

#include <algorithm>

#include "core/rule_id.h"
#include "modules/pontoons.h"

namespace bg::modules {

using namespace core;

namespace {

const SideExits& side_exits(const ExitsData& d, Side s) {
  return d.sides[static_cast<size_t>(s)];
}

bool contains(const std::vector<HexId>& v, HexId h) {
  return std::find(v.begin(), v.end(), h) != v.end();
}

// A hex the route may pass: on the map, land, no enemy unit, no enemy ZOC.
bool clear(const Map& map, const Board& board, Side s, HexId h) {
  if (!map.on_map(h)) return false;
  const Terrain t = map.terrain(h);
  if (t == Terrain::River || t == Terrain::Ferry) return false;
  return !board.occupied_by(other(s), h) && !board.enemy_zoc(s, h);
}

// Every clear hex reachable from `from` along road hexsides (from included),
// and then, through adjacent clear target hexes, the targets reached.
std::vector<HexId> road_leg(const Map& map, const Board& board, Side s,
                            const std::vector<HexId>& from, auto&& is_target) {
  std::vector<HexId> seen = from, targets;
  for (size_t i = 0; i < seen.size(); ++i) {
    const HexId x = seen[i];
    if (is_target(x) && !contains(targets, x)) targets.push_back(x);
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(x, static_cast<Dir>(d));
      if (contains(seen, n) || !clear(map, board, s, n)) continue;
      if (!(map.side(x, static_cast<Dir>(d)) & kRoad)) continue;
      seen.push_back(n);
    }
  }
  // A town of several hexes: once one is reached, so are its clear neighbours.
  for (size_t i = 0; i < targets.size(); ++i)
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(targets[i], static_cast<Dir>(d));
      if (is_target(n) && !contains(targets, n) && clear(map, board, s, n)) targets.push_back(n);
    }
  return targets;
}

}  // namespace

ExitsModule::ExitsModule(ExitsData data, const PontoonsModule* pontoons)
    : data_(std::move(data)), pontoons_(pontoons) {}

TitleState ExitsModule::initial_state(const Context&) const {
  return TitleState::of(ExitsState{});
}

std::string_view ExitsModule::cite(RuleId id) const {
  switch (id) {
    case RuleId::ExitAtExitHex:
    case RuleId::ExitCost:
    case RuleId::ExitReentry:
      return "FR 4";
    default:
      return {};
  }
}

const ExitRecord* ExitsModule::record(const GameState& st, UnitIndex u) const {
  const ExitsState* s = state<ExitsState>(st);
  if (!s) return nullptr;
  for (const ExitRecord& r : s->exited)
    if (r.unit == u) return &r;
  return nullptr;
}

bool ExitsModule::is_exit(const Context& ctx, const GameState&, UnitIndex u, HexId h) const {
  const SideExits& e = side_exits(data_, ctx.def(u).side);
  for (const ExitPoint& p : e.scoring)
    if (p.hex == h) return true;
  return e.free_edge && on_edge(*ctx.map, h, *e.free_edge);
}

// FR 4: "may reenter exited units from their exit hexes at any time" (the
// units that left by this module's exits); check_entry holds them to a later
// Game-Turn (R-FR4-REENTRY).
bool ExitsModule::may_reenter(const Context&, const GameState& st, UnitIndex u) const {
  return record(st, u) && st.pos.units[u].status == UnitStatus::Exited;
}

Status ExitsModule::check_entry(const Context& ctx, const GameState& st, const Board&, UnitIndex u,
                                HexId) const {
  const ExitRecord* r = record(st, u);
  if (!r || st.pos.units[u].status != UnitStatus::Exited || st.turn > r->turn) return ok_status();
  return refuse(ctx, RuleId::ExitReentry,
                ctx.def(u).id + " left the map this Game-Turn; it may come back from the next");
}

void ExitsModule::adjust_entry_hexes(const Context&, const GameState& st, UnitIndex u,
                                     std::vector<HexId>& hexes) const {
  if (st.pos.units[u].status != UnitStatus::Exited) return;
  if (const ExitRecord* r = record(st, u)) hexes.assign(1, r->hex);
}

bool ExitsModule::route_clear(const Context& ctx, const GameState& st, Side s, HexId h) const {
  const Map& map = *ctx.map;
  Board board;
  board.build(ctx, st.pos);
  std::vector<HexId> at{h};
  for (const RouteLeg& leg : side_exits(data_, s).route) {
    if (leg.kind == RouteLeg::Kind::AcrossPontoon) {
      std::vector<HexId> far;
      for (HexId x : at)
        for (int d = 0; d < kDirs; ++d) {
          const HexId p = map.neighbour(x, static_cast<Dir>(d));
          if (!map.on_map(p) || !pontoons_ || !pontoons_->bridge(st, p)) continue;
          for (int k = 0; k < kDirs; ++k) {
            const HexId n = map.neighbour(p, static_cast<Dir>(k));
            if (clear(map, board, s, n) && !contains(far, n)) far.push_back(n);
          }
        }
      at = std::move(far);
    } else if (leg.kind == RouteLeg::Kind::RoadToHexes) {
      at = road_leg(map, board, s, at, [&](HexId x) { return contains(leg.hexes, x); });
    } else {
      at = road_leg(map, board, s, at, [&](HexId x) { return on_edge(map, x, leg.edge); });
    }
    if (at.empty()) return false;
  }
  return true;
}

void ExitsModule::after_action(const Context& ctx, GameState& st, const Action& a) const {
  if ((a.kind != ActionKind::Move && a.kind != ActionKind::Enter) || a.unit >= st.pos.count ||
      !state<ExitsState>(st))
    return;
  const UnitState& us = st.pos.units[a.unit];
  const bool reentered = a.kind == ActionKind::Enter && record(st, a.unit);
  const bool left =
      a.exit_map && us.status == UnitStatus::Exited && is_exit(ctx, st, a.unit, us.hex);
  if (!reentered && !left) return;
  ExitsState& w = state_mut<ExitsState>(st);
  // Re-entry revokes the points until the unit exits again.
  if (reentered) std::erase_if(w.exited, [&](const ExitRecord& r) { return r.unit == a.unit; });
  if (!left) return;
  const UnitDef& d = ctx.def(a.unit);
  int points = 0;
  for (const ExitPoint& p : side_exits(data_, d.side).scoring)
    if (p.hex == us.hex && route_clear(ctx, st, d.side, us.hex))
      points = p.points_per_factor * d.strength;
  w.exited.push_back(ExitRecord{a.unit, us.hex, points, st.turn});
}

void ExitsModule::add_victory(const Context& ctx, const GameState& st, VictoryReport& r) const {
  const ExitsState* s = state<ExitsState>(st);
  if (!s) return;
  for (const ExitRecord& e : s->exited) {
    if (e.points == 0) continue;
    const UnitDef& d = ctx.def(e.unit);
    const size_t i = static_cast<size_t>(d.side);
    r.lines.push_back(VpLine{d.side, "FR 4",
                             "exited " + d.id + " (" + std::to_string(d.strength) + ") at " +
                                 format_hex(ctx.map->coord(e.hex)),
                             e.points, false});
    r.total[i] += e.points;
    r.projected[i] += e.points;
  }
  rescore_winner(r);
}

void ExitsModule::markers(const Context& ctx, const GameState& st, std::vector<Marker>& out) const {
  const ExitsState* s = state<ExitsState>(st);
  if (!s) return;
  for (int i = 0; i < 2; ++i)
    for (const ExitPoint& p : data_.sides[static_cast<size_t>(i)].scoring)
      out.push_back(Marker{"exit", p.hex, static_cast<Side>(i), kNoUnit, p.points_per_factor, "",
                           "exit hex: a unit of this side leaving the map here (1 MP) scores "
                           "the points shown per combat factor if its route is clear",
                           "FR 4"});
  for (const ExitRecord& e : s->exited)
    out.push_back(Marker{"exited", e.hex, ctx.def(e.unit).side, e.unit, e.points,
                         e.points > 0 ? "scored" : "no points",
                         "exited unit: scored the points shown; if it re-enters it loses them",
                         "FR 4"});
}

}  // namespace bg::modules
