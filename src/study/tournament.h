// Engine-played matches: N independent games between two players, run on J
// threads. Every game is deterministic from its own seed (dice and players),
// so a match is reproducible whatever the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ai/postures.h"
#include "core/game.h"

namespace bg::study {

struct TournamentSpec {
  std::string union_player = "ai-normal";
  std::string confederate_player = "ai-normal";
  int games = 10;
  int jobs = 1;
  uint64_t seed = 1;
  int node_budget = 0;  // per movement phase; 0: each level's default
  // Per side (Union, Confederate): the base weights of that side's ai-*
  // player (the tuner's candidates); none: the level's own.
  std::array<std::optional<ai::Weights>, 2> weights;
  std::string rules;  // a description of the rules, for the reports
  // A deterministic slice of the match (`--shard K/N`): the games i with
  // i % shards == shard - 1, each with the seed it has in the whole match.
  int shard = 1;
  int shards = 1;
  // A new game whose dice are seeded with `seed`.
  std::function<core::Result<core::Game>(uint64_t seed)> make_game;
  // Called (from worker threads, serialised) after each game.
  std::function<void(int done, int total)> progress;
};

struct GameResult {
  int index = 0;
  uint64_t seed = 0;
  std::array<int, 2> vp{};  // Union, Confederate (final)
  std::optional<core::Side> winner;
  int turn = 0;  // the Game-Turn reached (20 at the end)
  int actions = 0;
  int refused = 0;  // actions the engine refused (should stay 0)
  double seconds = 0;
  std::vector<core::VpLine> lines;
  std::string error;          // set if the game could not be played
  std::string first_refusal;  // the first refused action: player, turn and the engine's words
};

struct TournamentResult {
  TournamentSpec spec;
  std::vector<GameResult> games;  // by index (a shard's: its own games only)
  double seconds = 0;
};

// The indices of spec's games that its shard plays, in order.
std::vector<int> shard_games(const TournamentSpec& spec);

TournamentResult run_tournament(const TournamentSpec& spec);
// One game (used by run_tournament and the tests).
GameResult play_match_game(const TournamentSpec& spec, int index);

// A win rate with its 95% Wilson score interval.
struct Proportion {
  int k = 0, n = 0;
  double p = 0, lo = 0, hi = 0;
};
Proportion wilson(int k, int n, double z = 1.959964);

// The seed of game `index` of a match seeded `seed`.
uint64_t game_seed(uint64_t seed, int index);

}  // namespace bg::study
