// The referee of `bluegray match`: it keeps the authoritative game (an
// EngineSession of its own) and plays it between two engine processes that
// speak `bluegray engine`'s protocol, as cutechess-cli does for chess engines.
// Each engine keeps its own copy of the game: the referee starts it with the
// same `new` (but another dice seed: engines never know a die before it is
// rolled), asks the engine of the side to act for one action (`ai move`),
// applies it to its own game, and feeds every action to both engines as the
// protocol command that makes it, preceded by `dice` with the rolls it made.
// An engine that answers anything else than a legal action of its own side,
// refuses an action the referee fed it, dies, or is silent past the timeout
// loses the game by forfeit, with the reason in the report.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "study/tournament.h"

namespace bg::cli {

struct MatchSpec {
  std::array<std::string, 2> engines;  // commands: A (--union), B (--confederate)
  int games = 2;                       // even: each seed once from each side
  uint64_t seed = 1;
  std::string new_line;   // `new <title> <rules>` without the seed
  std::string rules;      // for the reports
  double timeout_s = 60;  // per answer
  std::function<void(int done, int total)> progress;
};

struct MatchGame {
  study::GameResult result;  // index, seed, vp, winner, turn, actions, lines, seconds, error
  int union_engine = 0;      // 0: A plays the Union, 1: B does
  std::optional<core::Side> forfeit;  // the side that lost by forfeit
  std::string reason;                 // why
  // The engine (0: A, 1: B) that won, if any.
  std::optional<int> winning_engine() const;
};

struct MatchResult {
  MatchSpec spec;
  std::vector<MatchGame> games;
  double seconds = 0;
};

// Game i of the match: seed game_seed(seed, i / 2), A as the Union when i is even.
MatchGame referee_game(const MatchSpec& spec, int index);
MatchResult run_match(const MatchSpec& spec);

std::string match_csv(const MatchResult& r);
std::string match_json(const MatchResult& r);
std::string match_summary(const MatchResult& r);

}  // namespace bg::cli
