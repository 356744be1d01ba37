// The computer side: until a real AI lands it is the random-legal player,
// asked for one action at a time while it is the computer's turn to act.
// Deterministic per game: each choice draws from an Rng seeded by the game's
// seed and the number of actions so far, so a replayed or reloaded game makes
// the same choices (and the choices are stored anyway).
#pragma once

#include <cstdint>
#include <functional>

#include "core/game.h"

namespace bg::server {

// Called after each action the computer made, with the engine's report and
// the Game-Turn and phase it was made in.
using Applied =
    std::function<void(const core::Game&, const core::Report&, int turn, core::Phase phase)>;

// Plays for `side` until another side must act, the game is over, or
// max_actions have been made. Returns the number of actions applied.
int play_computer(core::Game& g, core::Side side, uint64_t seed, int max_actions,
                  const Applied& applied);

}  // namespace bg::server
