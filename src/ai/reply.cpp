#include "ai/reply.h"

#include "ai/oep_planner.h"

namespace bg::ai {

using namespace bg::core;

GameState next_movement_phase(const Game& view, const GameState& st) {
  GameState out = st;
  constexpr uint16_t kPhaseFlags =
      kMoved | kAttacked | kDefended | kAdvanced | kNoFire | kEzocAtCombat | kDisplaced;
  for (int u = 0; u < out.pos.count; ++u)
    out.pos.units[u].flags = static_cast<uint16_t>(out.pos.units[u].flags & ~kPhaseFlags);
  out.attack_hexes.clear();
  out.entries.clear();
  out.pending.clear();
  out.closing = false;
  out.combat = CombatRecord{};
  out.phase = Phase::Movement;
  // The first player's turn is followed by the second's in the same
  // Game-Turn; the second's by the first's in the next.
  if (st.phasing != view.rules().first) {
    if (out.turn < view.rules().turns) out.turn++;
  }
  out.phasing = other(st.phasing);
  return out;
}

double ReplyModel::enemy_gain(const Game& view, const GameState& st, Side me, int k, int nodes,
                              uint64_t seed) {
  const GameState next = next_movement_phase(view, st);
  const Game imagined = view.imagined(next);
  ev_.prepare(imagined, other(me), "");
  space_.build(imagined, ev_, k);
  Genome plan = space_.greedy();
  last_nodes_ = 0;
  if (nodes > 0) {
    // A short OEP as the enemy's own planner would run it (ref-2026 and
    // ai-normal plan this way): a better model of the reply than greedy.
    OepParams p;
    p.budget = nodes;
    p.population = 12;
    p.time_cap_s = 0;  // the node budget alone: the same answer every time
    PlanStats stats;
    rng_.reseed(seed);
    plan = oep_plan(space_, ev_, next, p, rng_, &stats);
    last_nodes_ = stats.nodes;
  }
  // What the reply does to the title's exit schedule: a line of communication
  // it cuts takes the points of my exited units and of those near the exit,
  // an exit it makes adds its own. (One evaluation of the unmoved position per
  // plan checked: the exit terms are not kept apart from the others.)
  Terms before;
  ev_.evaluate(next, &before);
  ws_ = next;
  space_.decode(plan, ws_);
  Terms t;
  ev_.evaluate(ws_, &t);
  const double w = ev_.weights().combat;
  return (w > 0 ? t.combat / w : 0) + (t.exits - before.exits);
}

}  // namespace bg::ai
