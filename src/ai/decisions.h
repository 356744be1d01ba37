// Answers to pending decisions (retreats 7.7/7.8/8.16, advances 7.75,
// exchange losses 7.6, DG cavalry retreat 11.2), chosen among the core's
// legal actions (legal_actions.h) by the evaluation on the deciding side's view.
#pragma once

#include <string>

#include "ai/evaluation.h"
#include "core/game.h"

namespace bg::ai {

// How often each unit has retreated in the current phase: 1977 displacement
// (7.8) may chain, and a chain that comes back to its start would go round
// for ever; the history makes each repeat dearer until the chain breaks.
struct RetreatHistory {
  int turn = -1, phase = -1, phasing = -1;
  uint8_t count[core::kMaxUnits] = {};
  void sync(const core::GameState& st);
};

// The answer to the first pending decision of `side` on its view, with a line
// saying why.
core::Action decide_pending(const core::Game& view, core::Side side, Evaluator& ev,
                            RetreatHistory& history, std::string* why);

}  // namespace bg::ai
