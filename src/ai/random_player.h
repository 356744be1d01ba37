// The random-legal player: picks one action for the current decision point of
// a game from the core's legal-action generator (core/legal_actions.h), with
// its own weighting: which unit moves next, how often it ends the phase,
// enters a reinforcement, leaves the map, declines an advance, stays (8.16),
// stands (DG 11.2), attacks voluntarily or reduces the odds (7.9, the one
// thing it adds to a generated attack, checked by Game::preview_attack).
// Every action it returns is accepted by Game::apply; the invariant tests
// check that the engine agrees with its own generator.
//
// Combat follows the mandatory-attack rules (7.11, 7.12, 7.23): while attacks
// are owed it declares a generated attack that meets at least one obligation
// (every generated attack leaves the others still possible, plan_attack sees
// to that), so the owed attacks run out and the phase can end.
#pragma once

#include <cstdint>
#include <vector>

#include "ai/rng.h"
#include "core/game.h"
#include "core/legal_actions.h"

namespace bg::ai {

struct PlayerOptions {
  double move = 0.9;               // chance of moving one more unit before ending the phase
  double strategic = 0.2;          // chance a move is strategic, where the rules allow it
  double voluntary_attack = 0.15;  // chance of trying a voluntary attack first
  double artillery = 0.3;          // chance of preferring an attack with artillery in it
  double reduce_odds = 0.1;        // chance of voluntarily reducing the odds (7.9)
  double decline_advance = 0.3;
  double stay_optional = 0.5;  // chance of not making an optional retreat (8.16)
  double evade_stand = 0.4;    // chance cavalry stands rather than evades (DG 11.2)
  double enter = 0.6;          // chance the next move brings on a reinforcement
  double exit = 0.15;          // chance a move that can reach an exit hex leaves the map
  double scenario = 0.05;  // chance of making a scenario decision open now (e.g. a written choice)
};

class RandomPlayer {
 public:
  explicit RandomPlayer(PlayerOptions opt = {}) : opt_(opt) {}

  // One legal action for the current decision point (End when the game is over
  // or nothing better is found).
  core::Action choose(const core::Game& g, Rng& rng);

  const PlayerOptions& options() const { return opt_; }

 private:
  core::Action choose_pending(const core::Game& g, Rng& rng);
  core::Action choose_move(const core::Game& g, Rng& rng);
  core::Action choose_combat(const core::Game& g, Rng& rng);
  // A move of one of `units_` (tried in random order) to a hex with room.
  bool move_some_unit(const core::Game& g, Rng& rng, core::Action& out);
  bool enter_reinforcement(const core::Game& g, Rng& rng, core::Action& out);
  // A generated attack on a random target (meeting an obligation if `owed`).
  bool attack(const core::Game& g, Rng& rng, bool owed, core::Action& out);
  void maybe_reduce_odds(const core::Game& g, Rng& rng, core::Action& a);
  // Picks among legal_[picks_]; false if picks_ is empty.
  bool pick(Rng& rng, core::Action& out) const;

  PlayerOptions opt_;
  core::LegalActionGenerator gen_;
  std::vector<core::Action> legal_;
  std::vector<size_t> picks_;
  std::vector<core::UnitIndex> units_;
  std::vector<core::AttackTarget> targets_;
};

// Convenience with a shared default player.
core::Action choose(const core::Game& g, Rng& rng);

struct PlayStats {
  int applied = 0;  // actions the engine accepted
  int refused = 0;  // chosen actions the engine refused (should stay 0)
};

// Plays both sides until the game is over or max_actions have been applied.
PlayStats play_game(core::Game& g, uint64_t seed, int max_actions);

}  // namespace bg::ai
