// `bluegray tournament`: engine-played matches of a title between two
// players (random, greedy, ai-easy, ai-normal, ai-hard, ref-2026), with CSV,
// JSON and SVG reports (docs/ai.md, docs/balance.md); `--shard K/N` plays a
// slice of the games and `tournament merge DIR...` puts the shards together.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "cli/game_choice.h"

namespace bg::cli {

struct TournamentArgs {
  std::string union_player = "ai-normal";
  std::string confederate_player = "ai-normal";
  int games = 10;
  int jobs = 1;
  GameChoice game;
  uint64_t seed = 1;
  int budget = 0;             // nodes per movement phase; 0: the level's default
  std::string shard = "1/1";  // K/N: play the games i with i % N == K - 1
  std::string out = "tournament";
  std::string weights;  // a weights file for the ai-* players; "": their own
  bool quiet = false;
};

struct MergeArgs {
  std::vector<std::string> dirs;  // the shards' --out folders
  std::string out = "tournament";
};

// Registers the subcommand. Its callback runs the match when the command line
// names it; a failure exits through CLI11 (CLI::RuntimeError with the code).
void add_tournament_command(CLI::App& app);
int run_tournament(const TournamentArgs& args);
int run_merge(const MergeArgs& args);

}  // namespace bg::cli
