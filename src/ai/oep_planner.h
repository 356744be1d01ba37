// Online Evolutionary Planning (Justesen, Mahlmann, Risi, Togelius 2016,
// "Playing Multi-Action Adversarial Games: Online Evolutionary Planning versus
// Tree Search"): a whole movement phase is one genome (an option per unit),
// evolved by elitist selection, uniform crossover and mutation, each genome
// scored by decoding it into a position and evaluating that position (with
// the combat it commits to). The greedy plan and "everybody stays" seed the
// population, so the result is never worse by the evaluation than either; the
// last quarter of the budget hill-climbs the best genome unit by unit; with
// OepParams::restarts, a budget left after that goes to iterated local search.
#pragma once

#include <utility>
#include <vector>

#include "ai/move_candidates.h"
#include "ai/phase_clock.h"
#include "ai/rng.h"

namespace bg::ai {

struct OepParams {
  int budget = 1000;  // evaluations (nodes)
  int population = 24;
  double time_cap_s = 2.0;  // safety only; the node budget decides in practice
  // The phase's clock the cap counts on (the player's, whose checks of the
  // finalists share the cap); none: the plan's own, from oep_plan's call.
  const PhaseClock* clock = nullptr;
  int finalists = 0;  // distinct best plans to report (PlanStats::finalists)
  // Finalists distinct on the board, not only as genomes: two genomes that
  // put every unit in the same hex (an order its hex's stacking skips, a
  // unit's two options to one hex) are one plan, and a check that plays the
  // finalists on would spend its effort on the same plan twice.
  bool distinct_positions = false;
  // Anytime: once the polish has converged, spend what is left of the budget
  // on restarts (perturb the best plan, polish again, keep it if better), so
  // that a larger budget keeps improving the plan instead of stopping early.
  bool restarts = false;
};

struct PlanStats {
  int nodes = 0;
  int generations = 0;
  int restarts = 0;  // perturb-and-polish rounds after the first polish
  double best = 0, greedy = 0, stay = 0;
  bool time_capped = false;
  // With OepParams::finalists > 0: the best distinct plans found, best first
  // (the returned plan first), with their values.
  std::vector<std::pair<double, Genome>> finalists;
};

Genome oep_plan(MoveSpace& space, Evaluator& ev, const core::GameState& base,
                const OepParams& params, Rng& rng, PlanStats* stats);

}  // namespace bg::ai
