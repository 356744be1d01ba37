// The computer side: a bg::ai player (the planning AI by default; the
// random-legal or greedy baselines on request), asked for actions while it is
// the computer's turn to act. It plans on its side's view of the game, so it
// never sees the other side's secrets. Deterministic per game: the player is
// seeded by the game's seed and the number of actions so far (and the choices
// are stored anyway, so a reloaded game replays them).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "ai/ai_player.h"
#include "core/game.h"

namespace bg::server {

// Called after each action the computer made, with the engine's report, the
// Game-Turn and phase it was made in, and the position before it (where a
// move started, for a page drawing it).
using Applied = std::function<void(const core::Game&, const core::Report&, int turn,
                                   core::Phase phase, const core::Position& before)>;

struct ComputerTurn {
  int made = 0;  // actions applied
  // The engine refused an action the player chose: a bug in the player. Play
  // stops there (nothing is put in its place), so the game shows the error.
  std::optional<core::Error> refused;
  core::Action action;  // the refused action
};

// Plays for `side` until another side must act, the game is over, the engine
// refuses the player's action, or max_actions have been made.
ComputerTurn play_computer(core::Game& g, core::Side side, ai::Player& player, int max_actions,
                           const Applied& applied);
// The same with the player `spec` names (bg::ai::make_player: "random",
// "greedy", "ai-easy", "ai-normal", "ai-hard", "ref-2026"), seeded from the game.
ComputerTurn play_computer(core::Game& g, core::Side side, const std::string& spec, uint64_t seed,
                           int max_actions, const Applied& applied);

}  // namespace bg::server
