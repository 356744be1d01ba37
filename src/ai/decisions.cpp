#include "ai/decisions.h"

#include <algorithm>
#include <iterator>

#include "core/hex.h"
#include "core/legal_actions.h"

namespace bg::ai {

using namespace bg::core;

namespace {

std::string hex_name(const Game& g, HexId h) {
  return g.map().label_text(h);
}

// The state with u standing in h (other units as they are).
double value_with(Evaluator& ev, const GameState& st, UnitIndex u, HexId h) {
  GameState ws = st;
  if (h != kNoHex) ws.pos.units[u].hex = h;
  return ev.evaluate(ws);
}

// The generated answers to pending decision p (legal_actions.h).
void answers_to(const std::vector<Action>& legal, const Pending& p, std::vector<Action>& out) {
  out.clear();
  const bool per_unit = p.kind == PendingKind::Retreat || p.kind == PendingKind::Evade;
  const ActionKind kind = p.kind == PendingKind::Retreat   ? ActionKind::Retreat
                          : p.kind == PendingKind::Advance ? ActionKind::Advance
                          : p.kind == PendingKind::Lose    ? ActionKind::Lose
                                                           : ActionKind::Evade;
  for (const Action& a : legal)
    if (a.kind == kind && (!per_unit || a.unit == p.unit)) out.push_back(a);
}

Action retreat(const Game& view, const Pending& p, const std::vector<Action>& answers,
               Evaluator& ev, RetreatHistory& hist, std::string* why) {
  const std::string& id = view.roster()[p.unit].id;
  const Action* stay = nullptr;
  for (const Action& a : answers)
    if (a.hex == kNoHex) stay = &a;
  const int times = hist.count[p.unit]++;
  if (stay && times >= 6) {
    // A chain that keeps coming back: stop it where it stands.
    if (why) *why = id + " ends a displacement chain where it stands";
    return *stay;
  }
  double best = -1e18;
  const Action* pick = nullptr;
  const Side side = view.roster()[p.unit].side;
  for (const Action& a : answers) {
    if (a.hex == kNoHex) continue;
    // Displacing a friendly unit (7.8) costs it a retreat of its own, and a
    // displaced unit displacing in turn could chase the others round in a
    // circle: only when nothing else is left.
    const bool displacing = a.displace != kNoUnit;
    const double cost = !displacing ? 0.0 : p.cause == RetreatCause::Displaced ? 100.0 : 30.0;
    // A third unit in a hex (5.32) may leave the next Movement Phase unable
    // to end if the stack is locked in an enemy ZOC (5.13).
    const double crowd = !displacing && view.board().units(side, a.hex) >= 2 ? 200.0 : 0.0;
    // Displace the unit that has retreated least this phase.
    const double again = displacing ? 40.0 * hist.count[a.displace] : 0.0;
    const double v = value_with(ev, view.state(), p.unit, a.hex) - cost - crowd - again;
    if (v > best) {
      best = v;
      pick = &a;
    }
  }
  if (stay && (!pick || ev.evaluate(view.state()) + 0.3 >= best)) {  // 8.16
    if (why) *why = id + " stays (8.16): retreating gains nothing";
    return *stay;
  }
  if (!pick) {  // no answer listed (never in play): the engine will say why
    Action a;
    a.kind = ActionKind::Retreat;
    a.unit = p.unit;
    if (why) *why = id + " cannot retreat (7.72)";
    return a;
  }
  if (why)
    *why = id + " retreats to " + hex_name(view, pick->hex) + " (the safest, best-placed hex)";
  return *pick;
}

Action advance(const Game& view, const std::vector<Action>& answers, Evaluator& ev,
               std::string* why) {
  Action a;
  a.kind = ActionKind::Advance;
  a.unit = kNoUnit;
  double best = ev.evaluate(view.state()) + 0.2;  // declining keeps the line as it is
  for (const Action& o : answers) {
    if (o.unit == kNoUnit) continue;
    const double v = value_with(ev, view.state(), o.unit, o.hex);
    if (v > best) {
      best = v;
      a = o;
    }
  }
  if (why)
    *why = a.unit == kNoUnit ? std::string("declines to advance (7.75): no better ground")
                             : view.roster()[a.unit].id + " advances into " + hex_name(view, a.hex);
  return a;
}

// Exchange (7.6): of the minimal sets of attackers that meet the loss, the one
// giving up the least strength.
Action lose(const Game& view, const std::vector<Action>& answers, std::string* why) {
  Action a;
  a.kind = ActionKind::Lose;
  int best_sum = 1 << 30;
  for (const Action& o : answers) {
    int sum = 0;
    for (UnitIndex u : o.units) sum += view.roster()[u].strength;
    if (sum < best_sum) {
      best_sum = sum;
      a = o;
    }
  }
  if (why)
    *why = "exchange: gives up " + std::to_string(best_sum == (1 << 30) ? 0 : best_sum) +
           " strength points, the least that meets the loss of " +
           std::to_string(view.state().combat.loss_required);
  return a;
}

Action evade(const Game& view, const Pending& p, const std::vector<Action>& answers, Evaluator& ev,
             std::string* why) {
  Action a;
  a.kind = ActionKind::Evade;
  a.unit = p.unit;
  // Stand against poor odds; otherwise ride off one or two hexes (DG 11.2).
  if (view.state().combat.computed_column < 4) {
    if (why) *why = view.roster()[p.unit].id + " stands: the odds favour the defence";
    return a;
  }
  double best = -1e18;
  for (const Action& o : answers) {
    if (o.path.empty()) continue;
    const double v = value_with(ev, view.state(), p.unit, o.path.back());
    if (v > best) {
      best = v;
      a = o;
    }
  }
  if (why)
    *why = view.roster()[p.unit].id +
           (a.path.empty() ? std::string(" stands: nowhere to go")
                           : " retreats before combat to " + hex_name(view, a.path.back()));
  return a;
}

}  // namespace

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
  thread_local std::vector<Action> legal, answers;
  for (const Pending& p : view.state().pending) {
    if (p.side != side) continue;
    legal_actions(view, legal);
    answers_to(legal, p, answers);
    switch (p.kind) {
      case PendingKind::Retreat:
        return retreat(view, p, answers, ev, history, why);
      case PendingKind::Advance:
        return advance(view, answers, ev, why);
      case PendingKind::Lose:
        return lose(view, answers, why);
      case PendingKind::Evade:
        return evade(view, p, answers, ev, why);
    }
  }
  Action a;
  a.kind = ActionKind::End;
  return a;
}

}  // namespace bg::ai
