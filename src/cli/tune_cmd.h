// `bluegray tune`: self-play tuning of the evaluation's weights by SPSA
// (study/tuner.h, docs/ai.md "Tuning"). Writes DIR/weights.txt (the weights
// found, readable by `tournament --weights` and shipped as data/ai/weights.txt)
// and DIR/tune_log.csv (one line per iteration), both rewritten after every
// iteration so that a long run can be stopped at any time, and
// DIR/tune_state.json (the run's settings and every iterate at full
// precision), from which --resume continues a stopped run exactly as if it had
// not stopped: a run of hundreds of iterations can span sessions or jobs.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "cli/game_choice.h"

namespace bg::cli {

struct TuneArgs {
  std::string player = "ai-normal";
  std::vector<std::string> against = {"ref-2026"};  // one opponent, or a pool
  std::string side = "union";                       // union | confederate | both
  int games = 16;
  int iterations = 20;
  int jobs = 1;
  uint64_t seed = 1;
  int budget = 0;
  double a = 8.0;     // SPSA step gain (steps per unit of fitness difference)
  double c = 1.0;     // SPSA perturbation (steps)
  std::string start;  // a weights file to start from; "": the shipped weights
  GameChoice game;
  std::string out = "tune";
  bool resume = false;  // continue the run in `out` (DIR/tune_state.json)
  int stop_after = 0;   // iterations this invocation plays at most; 0: to the end
  bool quiet = false;
};

void add_tune_command(CLI::App& app);
int run_tune(const TuneArgs& args);

}  // namespace bg::cli
