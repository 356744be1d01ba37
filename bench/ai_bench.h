// The computer player's benchmarks that a run of bluegray_bench adds from its
// command line (bench_main.cpp), beside those every run has.
#pragma once

#include <string>

// Registers BM_AiPhasesOfAGame/<spec>: the phases of a whole Road to Richmond
// game with `spec` (a level with match settings, "ai-hard@rollouts=6",
// docs/ai.md "Tournaments") playing both sides, so a candidate's time per
// Movement Phase is measured as the levels' is; for a player that rolls out,
// BM_RolloutSpread/<spec>/1977 and /revised too (how far its rollouts
// spread). "" when registered, else why not.
std::string register_player_phases(const std::string& spec);
