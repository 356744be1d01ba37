// The legal actions at a decision point: pending decisions and the Movement
// Phase. The Combat Phase's attack family is in legal_attacks.cpp.
#include "core/legal_actions.h"

#include <algorithm>

#include "core/resolver.h"

namespace bg::core {

namespace {

// The engine's own answer, on a scratch copy of the state (the log is not
// copied). For the rare decisions whose options no query lists pair by pair
// (advances, evasions, exits of entering units).
bool trial(const Game& g, const Action& a) {
  Resolver r(g);
  return r.run(a).ok();
}

Action& push(std::vector<Action>& out, ActionKind kind, UnitIndex u) {
  Action& a = out.emplace_back();
  a.kind = kind;
  a.unit = u;
  return a;
}

MoveOptions move_options(const Game& g, bool strategic) {
  MoveOptions opt;
  opt.night = g.night();
  opt.strategic = strategic;
  opt.state = &g.state();
  return opt;
}

// ExitAtExitHex: whether u may leave the map from h (the scenario's rules, else
// the map's exit hexes).
bool is_exit_for(const Game& g, UnitIndex u, HexId h) {
  const ScenarioRules* sc = g.scenario();
  return sc ? sc->is_exit(g.context(), g.state(), u, h) : g.map().is_exit(h);
}

// ExitAtExitHex, ExitCost: a move that ends in exit hex h having spent `cost` MP may go
// on off the map, unless h is enemy-controlled (6.0: the move stops there).
// The same checks as the engine's move (Resolver::move_unit).
bool exit_ok(const Game& g, UnitIndex u, HexId h, int cost, int allowance) {
  return is_exit_for(g, u, h) && !g.board().enemy_zoc(g.roster()[u].side, h) &&
         cost + 1 <= allowance;
}

// 5.24, DG 6.0: whether a reinforcement that entered by `entry` may stop
// there (the engine's Resolver::do_enter; stacking and the column are already
// settled by Game::entry_options).
bool stop_at_entry_ok(const Game& g, UnitIndex u, HexId entry) {
  const Terrain t = g.map().terrain(entry);
  if (t == Terrain::River || t == Terrain::Ferry) return false;
  return !(g.rules().dg() && g.board().units(g.roster()[u].side, entry) >= 2);
}

}  // namespace

bool is_legal(const Game& g, const Action& a) {
  switch (a.kind) {
    case ActionKind::SetTerrain:
    case ActionKind::AddHexside:
    case ActionKind::MarkExit:
    case ActionKind::PlaceUnit: {
      Game copy = g;  // set-up changes the map or roster, outside the Resolver
      return copy.apply(a).ok();
    }
    default:
      return trial(g, a);
  }
}

void legal_actions(const Game& g, std::vector<Action>& out) {
  thread_local LegalActionGenerator gen;
  gen.generate(g, out);
}

bool LegalActionGenerator::may_end(const Game& g) {
  const GameState& st = g.state();
  if (st.phase == Phase::Over || !st.pending.empty()) return false;
  if (st.phase == Phase::Combat) return g.obligations().empty();  // 7.11, 7.12
  // 5.32 / DG 6.0: no hex may hold more than two of the phasing player's units.
  const Board& b = g.board();
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& s = st.pos.units[u];
    if (s.on_map() && g.roster()[u].side == st.phasing && b.units(st.phasing, s.hex) > 2)
      return false;
  }
  return true;
}

void LegalActionGenerator::generate(const Game& g, std::vector<Action>& out) {
  out.clear();
  const GameState& st = g.state();
  if (st.phase == Phase::Over) return;
  if (!st.pending.empty()) {
    pending(g, out);
    return;
  }
  decisions(g, out);
  if (st.phase == Phase::Movement) {
    for (int u = 0; u < st.pos.count; ++u) {
      if (g.roster()[u].side != st.phasing) continue;
      if (st.pos.units[u].on_map()) {
        unit_moves(g, static_cast<UnitIndex>(u), out);
      } else if (st.pos.units[u].status == UnitStatus::OffMap ||
                 st.pos.units[u].status == UnitStatus::Exited) {
        unit_entries(g, static_cast<UnitIndex>(u), out);
      }
    }
  } else {
    attack_targets(g, targets_);  // computes options_ once for every target
    for (const AttackTarget& t : targets_) attacks_on(g, t, out);
  }
  if (may_end(g)) push(out, ActionKind::End, kNoUnit);
}

void LegalActionGenerator::decisions(const Game& g, std::vector<Action>& out) {
  const GameState& st = g.state();
  if (st.phase == Phase::Over || !st.pending.empty() || !g.scenario()) return;
  g.scenario()->legal_decisions(g.context(), st, out);
}

// ---------------------------------------------------------------------------
// Pending decisions: those of the side to act, in the order they are listed.

void LegalActionGenerator::pending(const Game& g, std::vector<Action>& out) {
  const GameState& st = g.state();
  const Side actor = st.pending.front().side;
  bool advance = false, lose = false;
  for (size_t i = 0; i < st.pending.size(); ++i) {
    const Pending& p = st.pending[i];
    if (p.side != actor) continue;
    // A unit answers one retreat (or evasion) at a time; the engine finds the
    // first pending entry of that kind for it.
    bool seen = false;
    for (size_t j = 0; j < i; ++j)
      seen = seen || (st.pending[j].kind == p.kind && st.pending[j].unit == p.unit);
    if (seen) continue;
    switch (p.kind) {
      case PendingKind::Retreat:
        retreats(g, p, out);
        break;
      case PendingKind::Advance:
        if (!advance) advances(g, out);
        advance = true;
        break;
      case PendingKind::Lose:
        if (!lose) losses(g, out);
        lose = true;
        break;
      case PendingKind::Evade:
        evasions(g, p, out);
        break;
    }
  }
}

// 7.7, 7.8 / DG 8.5: every retreat hex, one action per unit that may be
// displaced there; 8.16: bombarding artillery may stay instead.
void LegalActionGenerator::retreats(const Game& g, const Pending& p, std::vector<Action>& out) {
  for (const RetreatOption& o : g.retreat_options(p.unit)) {
    if (o.displace.empty()) {
      push(out, ActionKind::Retreat, p.unit).hex = o.hex;
      continue;
    }
    for (UnitIndex v : o.displace) {
      Action& a = push(out, ActionKind::Retreat, p.unit);
      a.hex = o.hex;
      a.displace = v;
    }
  }
  if (p.optional) push(out, ActionKind::Retreat, p.unit).hex = kNoHex;
}

// 7.75 / DG 8.6: declining, and every (unit, hex) pair the engine accepts.
// Game::advance_choice lists the units and the vacated hexes; a pair may
// still be refused (a title's advance restrictions; a road-bound unit; a
// forbidden hex), so each pair is put to the engine.
void LegalActionGenerator::advances(const Game& g, std::vector<Action>& out) {
  push(out, ActionKind::Advance, kNoUnit);
  const Game::AdvanceChoice ch = g.advance_choice();
  Action a;
  a.kind = ActionKind::Advance;
  for (UnitIndex u : ch.units)
    for (HexId h : ch.hexes) {
      a.unit = u;
      a.hex = h;
      if (trial(g, a)) out.push_back(a);
    }
}

// 7.6 Ex (R-EX-MINIMAL): every minimal set of the attack's non-bombarding
// survivors whose printed strengths reach the loss, at most kMaxLoseSets.
void LegalActionGenerator::losses(const Game& g, std::vector<Action>& out) {
  const CombatRecord& c = g.state().combat;
  eligible_.clear();
  int total = 0;
  for (size_t i = 0; i < c.attackers.size(); ++i) {
    const UnitIndex u = c.attackers[i];
    if (!c.bombarding[i] && g.position().units[u].on_map()) {
      eligible_.push_back(u);
      total += g.roster()[u].strength;
    }
  }
  // Strongest first: then the unit that completes a set is its weakest, and
  // every set found is minimal (none of its units could be spared).
  std::stable_sort(eligible_.begin(), eligible_.end(), [&](UnitIndex a, UnitIndex b) {
    return g.roster()[a].strength > g.roster()[b].strength;
  });
  const int need = std::min(c.loss_required, total);
  Action a;
  a.kind = ActionKind::Lose;
  kept_ = 0;
  lose_sets(g, 0, 0, total, need, a, out);
}

// Depth-first over the units in order, each in or out; a branch stops when
// its set reaches the loss (adding more would be surplus) or can no longer.
void LegalActionGenerator::lose_sets(const Game& g, size_t next, int sum, int rest, int need,
                                     Action& a, std::vector<Action>& out) {
  if (kept_ >= kMaxLoseSets) return;
  if (sum >= need) {
    out.push_back(a);
    ++kept_;
    return;
  }
  if (next == eligible_.size() || sum + rest < need) return;
  const UnitIndex u = eligible_[next];
  const int s = g.roster()[u].strength;
  Action with = a;
  with.units.push_back(u);
  lose_sets(g, next + 1, sum + s, rest - s, need, with, out);
  lose_sets(g, next + 1, sum, rest - s, need, a, out);
}

// DG 11.2: standing, and every path of one or two hexes the engine accepts
// (paths that come back to the start hex are standing by another name).
void LegalActionGenerator::evasions(const Game& g, const Pending& p, std::vector<Action>& out) {
  push(out, ActionKind::Evade, p.unit);
  const Map& map = g.map();
  const HexId start = g.position().units[p.unit].hex;
  Action a;
  a.kind = ActionKind::Evade;
  a.unit = p.unit;
  static_assert(kMaxEvadeSteps == 2, "the loops below enumerate paths of one and two hexes");
  for (int d = 0; d < kDirs; ++d) {
    const HexId n1 = map.neighbour(start, static_cast<Dir>(d));
    if (!map.on_map(n1)) continue;
    a.path.clear();
    a.path.push_back(n1);
    if (trial(g, a)) out.push_back(a);
    for (int e = 0; e < kDirs; ++e) {
      const HexId n2 = map.neighbour(n1, static_cast<Dir>(e));
      if (!map.on_map(n2) || n2 == start) continue;
      a.path.clear();
      a.path.push_back(n1);
      a.path.push_back(n2);
      if (trial(g, a)) out.push_back(a);
    }
  }
}

// ---------------------------------------------------------------------------
// The Movement Phase.

void LegalActionGenerator::unit_moves(const Game& g, UnitIndex u, std::vector<Action>& out) {
  const GameState& st = g.state();
  if (st.phase != Phase::Movement || !st.pending.empty() || u >= st.pos.count) return;
  if (!g.can_move(u, false)) return;
  const Context ctx = g.context();
  const HexId at = st.pos.units[u].hex;
  g.reach(u, false, reach_);
  const int ma = movement_allowance(ctx, u, move_options(g, false));
  // A unit standing on an exit hex may leave the map without moving.
  if (exit_ok(g, u, at, 0, ma)) push(out, ActionKind::Move, u).exit_map = true;
  for (HexId h : reach_.hexes()) {
    Action& a = push(out, ActionKind::Move, u);
    a.path = reach_.path_to(h);
    if (exit_ok(g, u, h, reach_.cost(h), ma)) {
      Action x = a;
      x.exit_map = true;
      out.push_back(x);
    }
  }
  // DG 11.1: strategic movement, where it reaches what a normal move cannot.
  const RulesConfig& r = g.rules();
  if (!r.dg() || !r.strategic_movement || !g.can_move(u, true)) return;
  g.reach(u, true, strategic_);
  const int sma = movement_allowance(ctx, u, move_options(g, true));
  for (HexId h : strategic_.hexes()) {
    const bool normal = reach_.contains(h);
    if (!normal) {
      Action& a = push(out, ActionKind::Move, u);
      a.strategic = true;
      a.path = strategic_.path_to(h);
    }
    if (exit_ok(g, u, h, strategic_.cost(h), sma) &&
        !(normal && exit_ok(g, u, h, reach_.cost(h), ma))) {
      Action& a = push(out, ActionKind::Move, u);
      a.strategic = true;
      a.exit_map = true;
      a.path = strategic_.path_to(h);
    }
  }
}

// Reinforcements: by each entry hex open to u now, stopping there or moving on to
// every hex the rest of its allowance reaches (and off the map at exits).
void LegalActionGenerator::unit_entries(const Game& g, UnitIndex u, std::vector<Action>& out) {
  const GameState& st = g.state();
  if (st.phase != Phase::Movement || !st.pending.empty() || u >= st.pos.count) return;
  const UnitDef& d = g.roster()[u];
  if (d.side != st.phasing) return;
  const Context ctx = g.context();
  const UnitStatus status = st.pos.units[u].status;
  const bool reentry =
      status == UnitStatus::Exited && g.scenario() && g.scenario()->may_reenter(ctx, st, u);
  if (!reentry && (status != UnitStatus::OffMap || d.arrival_turn <= 0)) return;
  // Not yet due: skip the queries (they would refuse it).
  if (st.turn < (g.scenario() ? g.scenario()->arrival_turn(ctx, st, u) : d.arrival_turn)) return;
  for (HexId entry : g.entry_options(u)) {
    if (!g.entry_reach(u, entry, reach_)) continue;
    Action a;
    a.kind = ActionKind::Enter;
    a.unit = u;
    a.path.push_back(entry);
    if (stop_at_entry_ok(g, u, entry)) out.push_back(a);
    if (is_exit_for(g, u, entry)) {
      Action x = a;
      x.exit_map = true;
      if (trial(g, x)) out.push_back(x);
    }
    for (HexId h : reach_.hexes()) {
      const Path rest = reach_.path_to(h);
      if (rest.size() + 1 > Path::capacity()) continue;  // too long to name (never in play)
      Action& m = out.emplace_back(a);
      for (HexId x : rest) m.path.push_back(x);
      if (is_exit_for(g, u, h)) {
        Action x = m;
        x.exit_map = true;
        if (trial(g, x)) out.push_back(x);
      }
    }
  }
}

}  // namespace bg::core
