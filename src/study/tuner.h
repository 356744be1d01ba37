// Self-play tuning of the evaluation's weights (`bluegray tune`, docs/ai.md
// "Tuning"): SPSA (study/spsa.h) over the tuned fields (ai/tuned_weights.h) of
// the sides chosen. Each iteration plays the two perturbed weight sets, with
// the same seeds (common random numbers: the dice and the opponent are the
// same for both, so the difference is the weights'), against a fixed opponent
// or a pool of them (ref-2026 by default) from each side tuned, and steps
// toward the better.
// Everything derives from the seed: the same command gives the same weights,
// whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/tuned_weights.h"
#include "core/game.h"
#include "study/spsa.h"

namespace bg::study {

struct TuneSpec {
  std::string player = "ai-normal";  // the level tuned (its budgets)
  // The fixed opponents: one player, or a pool (earlier versions, other
  // levels) among which each side's games are dealt (pool_games).
  std::vector<std::string> against = {"ref-2026"};
  std::vector<core::Side> sides = {core::Side::Union};  // whose weights are tuned, played from
  int games = 16;                                       // per candidate, side and iteration
  int iterations = 20;
  uint64_t seed = 1;
  int jobs = 1;
  int node_budget = 0;     // per movement phase; 0: the level's default
  ai::TunedWeights start;  // the weights tuning starts from (both sides)
  SpsaParams spsa;         // its seed is set from `seed`
  // A run resumed: theta after each iteration already played (TuneRow::theta,
  // in order). The iterations that follow are those the run would have played
  // had it not stopped.
  std::vector<std::vector<double>> history;
  int stop_after = 0;  // iterations played by this call at most; 0: to `iterations`
  std::function<core::Result<core::Game>(uint64_t seed)> make_game;
};

// One iteration: the two candidates' results against the opponent, and where it stepped.
struct TuneRow {
  int iteration = 0;
  double ck = 0, ak = 0;
  double score_plus = 0, score_minus = 0;      // match score: wins + half the draws, per game
  double fitness_plus = 0, fitness_minus = 0;  // what SPSA compared (score and VP margin)
  int games = 0;                               // per candidate
  int errors = 0;                              // games that could not be played
  std::vector<double> theta;                   // the parameters after the step
};

struct TuneResult {
  ai::TunedWeights weights;   // the average of the later half's iterates (the history's too)
  std::vector<TuneRow> rows;  // the iterations this call played
};

// Each pool member's share of a side's `games` on the iteration's match seed:
// games / members each, the first games % members one more, each share a
// match of its own whose seed is `seed` for the first member (so a pool of one
// is the plain match) and derived from it for the others.
struct PoolShare {
  int games = 0;
  uint64_t seed = 0;
};
std::vector<PoolShare> pool_games(int games, int members, uint64_t seed);

// The parameter names of the vector tuned for `sides` ("union.presence", ...), in order.
std::vector<std::string> tuned_names(const std::vector<core::Side>& sides);

// A game's worth to SPSA for the side played: the result (1, a half, 0) and,
// to tell close games from routs, up to a quarter for the VP margin.
double game_fitness(int result_x2, int margin);

// Runs the tuning; `on_iteration` (may be empty) sees each row and the
// weights as they stand (the iterate average so far), so a long run can be
// stopped at any point with its files written. Refused if spec.history does
// not fit the parameters tuned (Spsa::resume).
core::Result<TuneResult> run_tune(
    const TuneSpec& spec,
    const std::function<void(const TuneRow&, const ai::TunedWeights&)>& on_iteration);

// The per-iteration log as CSV: a header, then one line per row.
std::string tune_log_header(const std::vector<core::Side>& sides);
std::string tune_log_line(const TuneRow& row);

}  // namespace bg::study
