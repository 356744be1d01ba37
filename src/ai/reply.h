// The enemy's reply to a planned Movement Phase. The evaluation's risk term
// guesses the enemy's next attacks from where its units can reach before my
// moves; it cannot see that my plan's own Zones of Control block them, nor
// which of my stacks the enemy would actually pick. The reply model plays the
// enemy's next Movement Phase on the position my plan leaves (the same move
// generator and quick unit scores as the greedy player, i.e. each enemy unit
// to its own best hex, then the attacks that position commits it to, valued
// from the Combat Results Table) and returns what the enemy expects to win by
// those attacks and at the exits (an exit it takes, a line of communication
// it cuts). The planner checks its best few plans this way and keeps the one
// whose value, less that expected loss, is best.
//
// It plans on the side's own view only (Game::view_for), so it knows nothing
// the side may not know; it rolls no die.
#pragma once

#include "ai/evaluation.h"
#include "ai/move_candidates.h"
#include "ai/rng.h"
#include "core/game.h"

namespace bg::ai {

class ReplyModel {
 public:
  // The Victory Points the enemy of `me` expects from the attacks its reply
  // commits it to, plus what its moves change in the title's exit schedule
  // (its own exits; my exited strength a line it cuts no longer scores), if
  // `st` (the view's state with my moves made, Movement Phase, `me` phasing)
  // were the position it moved from. `k` destinations per enemy unit are
  // considered.
  // With `nodes` > 0 the enemy plans its reply with a short OEP of that many
  // nodes (seeded by `seed`, so the answer is the same every time) instead of
  // moving each unit to its own best hex.
  double enemy_gain(const core::Game& view, const core::GameState& st, core::Side me, int k,
                    int nodes = 0, uint64_t seed = 1);
  // Evaluations the last enemy_gain made (the greedy reply: none).
  int last_nodes() const { return last_nodes_; }
  // The evaluator the enemy plans its reply with; by default the hand-set
  // weights with none of the later terms (as ref-2026 planned). The player
  // sets it up as itself when it models the enemy as a player like itself.
  Evaluator& evaluator() { return ev_; }

 private:
  Evaluator ev_;
  Rng rng_{1};
  int last_nodes_ = 0;
  MoveSpace space_;
  core::GameState ws_;
};

// The state at the start of the other side's next Movement Phase, as the
// rules' turn sequence makes it, with my Combat Phase left out (its value is
// already in the plan's combat estimate): phase flags cleared, the other
// side phasing, the Game-Turn advanced when the other side moves first.
core::GameState next_movement_phase(const core::Game& view, const core::GameState& st);

}  // namespace bg::ai
