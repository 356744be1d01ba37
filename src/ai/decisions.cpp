#include "ai/decisions.h"

#include <algorithm>
#include <iterator>

#include "core/hex.h"

namespace bg::ai {

using namespace bg::core;

namespace {

std::string hex_name(const Game& g, HexId h) {
  return format_hex(g.map().coord(h));
}

// The state with u standing in h (other units as they are).
double value_with(Evaluator& ev, const GameState& st, UnitIndex u, HexId h) {
  GameState ws = st;
  if (h != kNoHex) ws.pos.units[u].hex = h;
  return ev.evaluate(ws);
}

Action retreat(const Game& view, const Pending& p, Evaluator& ev, RetreatHistory& hist,
               std::string* why) {
  Action a;
  a.kind = ActionKind::Retreat;
  a.unit = p.unit;
  const auto opts = view.retreat_options(p.unit);
  const std::string& id = view.roster()[p.unit].id;
  if (opts.empty()) {
    a.hex = kNoHex;
    if (why) *why = id + " cannot retreat (7.72)";
    return a;
  }
  double best = -1e18;
  size_t pick = 0;
  UnitIndex victim = kNoUnit;
  const int times = hist.count[p.unit]++;
  if (times >= 6) {
    // A chain that keeps coming back: stop it (a unit that cannot retreat
    // otherwise is eliminated, 7.72).
    a.hex = kNoHex;
    Game trial = view;
    if (trial.apply(a).ok()) {
      if (why) *why = id + " ends a displacement chain where it stands";
      return a;
    }
  }
  for (size_t i = 0; i < opts.size(); ++i) {
    // Displacing a friendly unit (7.8) costs it a retreat of its own, and a
    // displaced unit displacing in turn could chase the others round in a
    // circle: only when nothing else is left.
    const double cost = opts[i].displace.empty()             ? 0.0
                        : p.cause == RetreatCause::Displaced ? 100.0
                                                             : 30.0;
    // A third unit in a hex (5.32) may leave the next Movement Phase unable
    // to end if the stack is locked in an enemy ZOC (5.13).
    const Side side = view.roster()[p.unit].side;
    const bool crowded = view.board().units(side, opts[i].hex) >= 2 && opts[i].displace.empty();
    const double crowd = crowded ? 200.0 : 0.0;
    // Displace the unit that has retreated least this phase.
    // Never one that is already displaced and yet to leave: the hex would
    // end with three units (5.32) while only one of them goes.
    UnitIndex who = kNoUnit;
    double again = 0;
    bool only_leaving = !opts[i].displace.empty();
    for (UnitIndex d : opts[i].displace) {
      bool leaving = false;
      for (const Pending& q : view.state().pending)
        leaving = leaving || (q.kind == PendingKind::Retreat && q.unit == d);
      if (leaving) continue;
      only_leaving = false;
      if (who == kNoUnit || hist.count[d] < hist.count[who]) who = d;
    }
    if (only_leaving) again = 500.0;
    if (who != kNoUnit) again += 40.0 * hist.count[who];
    const double v = value_with(ev, view.state(), p.unit, opts[i].hex) - cost - crowd - again;
    if (v > best) {
      best = v;
      pick = i;
      victim = who;
    }
  }
  if (p.optional) {  // 8.16: bombarding artillery may stay
    const double stay = ev.evaluate(view.state()) + 0.3;
    if (stay >= best) {
      a.hex = kNoHex;
      if (why) *why = id + " stays (8.16): retreating gains nothing";
      return a;
    }
  }
  a.hex = opts[pick].hex;
  if (!opts[pick].displace.empty()) a.displace = victim;
  if (why) *why = id + " retreats to " + hex_name(view, a.hex) + " (the safest, best-placed hex)";
  return a;
}

Action advance(const Game& view, Evaluator& ev, std::string* why) {
  Action a;
  a.kind = ActionKind::Advance;
  a.unit = kNoUnit;
  const Game::AdvanceChoice ch = view.advance_choice();
  double best = ev.evaluate(view.state()) + 0.2;  // declining keeps the line as it is
  for (UnitIndex u : ch.units)
    for (HexId h : ch.hexes) {
      if (!advance_ok(view, u, h)) continue;
      const double v = value_with(ev, view.state(), u, h);
      if (v > best) {
        best = v;
        a.unit = u;
        a.hex = h;
      }
    }
  if (why)
    *why = a.unit == kNoUnit ? std::string("declines to advance (7.75): no better ground")
                             : view.roster()[a.unit].id + " advances into " + hex_name(view, a.hex);
  return a;
}

Action lose(const Game& view, std::string* why) {
  // Exchange (7.6): the minimal set of non-bombarding attackers whose printed
  // strength reaches the loss, giving up as little strength as possible.
  Action a;
  a.kind = ActionKind::Lose;
  const CombatRecord& c = view.state().combat;
  std::vector<UnitIndex> eligible;
  int total = 0;
  for (size_t i = 0; i < c.attackers.size(); ++i) {
    const UnitIndex u = c.attackers[i];
    if (!c.bombarding[i] && view.position().units[u].on_map()) {
      eligible.push_back(u);
      total += view.roster()[u].strength;
    }
  }
  const int need = std::min(c.loss_required, total);
  const size_t n = std::min<size_t>(eligible.size(), 16);
  uint32_t best_mask = 0;
  int best_sum = 1 << 30;
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    int sum = 0;
    int smallest = 1 << 30;
    for (size_t i = 0; i < n; ++i)
      if (mask & (1u << i)) {
        sum += view.roster()[eligible[i]].strength;
        smallest = std::min(smallest, view.roster()[eligible[i]].strength);
      }
    if (sum < need || sum - smallest >= need) continue;  // short, or not minimal
    if (sum < best_sum) {
      best_sum = sum;
      best_mask = mask;
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (best_mask & (1u << i)) a.units.push_back(eligible[i]);
  if (why)
    *why = "exchange: gives up " + std::to_string(best_sum == (1 << 30) ? 0 : best_sum) +
           " strength points, the least that meets the loss of " + std::to_string(need);
  return a;
}

Action evade(const Game& view, const Pending& p, Evaluator& ev, std::string* why) {
  Action a;
  a.kind = ActionKind::Evade;
  a.unit = p.unit;
  const CombatRecord& c = view.state().combat;
  // Stand against poor odds; otherwise ride off one or two hexes (DG 11.2).
  if (c.computed_column < 4) {
    if (why) *why = view.roster()[p.unit].id + " stands: the odds favour the defence";
    return a;
  }
  const Map& map = view.map();
  const Board& b = view.board();
  const Side s = view.roster()[p.unit].side;
  const HexId start = view.position().units[p.unit].hex;
  auto step_ok = [&](HexId at, HexId next) {
    const auto dir = map.direction(at, next);
    return dir && hexside_passable(map, at, *dir) && map.terrain(next) != Terrain::Ferry &&
           !b.occupied_by(other(s), next) && !b.enemy_zoc(s, next);
  };
  auto endable = [&](HexId h) { return h != start && b.units(s, h) < 2 && !b.sole(h); };
  double best = -1e18;
  for (int d = 0; d < kDirs; ++d) {
    const HexId n1 = map.neighbour(start, static_cast<Dir>(d));
    if (!map.on_map(n1) || !step_ok(start, n1)) continue;
    if (endable(n1)) {
      const double v = value_with(ev, view.state(), p.unit, n1);
      if (v > best) {
        best = v;
        a.path = {};
        a.path.push_back(n1);
      }
    }
    for (int e = 0; e < kDirs; ++e) {
      const HexId n2 = map.neighbour(n1, static_cast<Dir>(e));
      if (!map.on_map(n2) || !step_ok(n1, n2) || !endable(n2)) continue;
      const double v = value_with(ev, view.state(), p.unit, n2);
      if (v > best) {
        best = v;
        a.path = {};
        a.path.push_back(n1);
        a.path.push_back(n2);
      }
    }
  }
  if (why)
    *why = view.roster()[p.unit].id +
           (a.path.empty() ? std::string(" stands: nowhere to go")
                           : " retreats before combat to " + hex_name(view, a.path.back()));
  return a;
}

}  // namespace

bool advance_ok(const Game& g, UnitIndex u, HexId h) {
  const Map& map = g.map();
  const HexId from = g.position().units[u].hex;
  const auto dir = map.direction(from, h);
  if (!dir || !hexside_passable(map, from, *dir)) return false;
  const HexsideBits side = map.side(from, *dir);
  if (g.scenario() && g.scenario()->forbids_advance(g.context(), g.state(), u, from, h))
    return false;
  if (g.roster()[u].road_only && !(side & (kRoad | kTrail))) return false;
  if (g.scenario() && g.scenario()->forbids(g.context(), g.state(), u, h)) return false;
  const Terrain t = map.terrain(h);
  return t != Terrain::River && t != Terrain::Ferry;
}

void RetreatHistory::sync(const GameState& st) {
  const int ph = static_cast<int>(st.phase), ps = static_cast<int>(st.phasing);
  if (turn == st.turn && phase == ph && phasing == ps) return;
  turn = st.turn;
  phase = ph;
  phasing = ps;
  std::fill(std::begin(count), std::end(count), 0);
}

Action decide_pending(const Game& view, Side side, Evaluator& ev, RetreatHistory& history,
                      std::string* why) {
  history.sync(view.state());
  for (const Pending& p : view.state().pending) {
    if (p.side != side) continue;
    switch (p.kind) {
      case PendingKind::Retreat:
        return retreat(view, p, ev, history, why);
      case PendingKind::Advance:
        return advance(view, ev, why);
      case PendingKind::Lose:
        return lose(view, why);
      case PendingKind::Evade:
        return evade(view, p, ev, why);
    }
  }
  Action a;
  a.kind = ActionKind::End;
  return a;
}

}  // namespace bg::ai
