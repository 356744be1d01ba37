// The random-legal player: picks one legal action for the current decision
// point of a game, using only the core's query API (reach, retreat options,
// advance choice, obligations, attack options, preview). Every action it
// returns is meant to be accepted by Game::apply; the invariant tests check
// that the engine agrees with its own queries.
//
// Combat follows the mandatory-attack rules (7.11, 7.12, 7.23) constructively:
// the obligation graph (friendly hexes that must attack, enemy hexes that must
// be attacked, joined where an attack is possible) is reduced to a minimal edge
// cover, which is a forest of stars; each star is one legal combat.
#pragma once

#include <cstdint>
#include <vector>

#include "ai/rng.h"
#include "core/game.h"

namespace bg::ai {

struct PlayerOptions {
  double move = 0.9;               // chance of moving one more unit before ending the phase
  double strategic = 0.2;          // chance a move is strategic, where the rules allow it
  double voluntary_attack = 0.15;  // chance of trying a voluntary attack first
  double artillery = 0.3;          // chance of adding bombarding artillery to an attack
  double reduce_odds = 0.1;        // chance of voluntarily reducing the odds (7.9)
  double decline_advance = 0.3;
  double stay_optional = 0.5;  // chance of not making an optional retreat (8.16)
  double evade_stand = 0.4;    // chance cavalry stands rather than evades (DG 11.2)
  double enter = 0.6;          // chance the next move brings on a reinforcement (15.0)
  double exit = 0.15;          // chance a move that can reach an exit hex leaves the map (17.1)
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
  bool enter_reinforcement(const core::Game& g, Rng& rng, core::Action& out);
  bool voluntary_attack(const core::Game& g, Rng& rng, core::Action& out);
  bool obligated_attack(const core::Game& g, Rng& rng, core::Action& out);
  // Adds every unit of hex h able to attack now (7.22 integral stacks).
  void add_stack(const core::Game& g, core::HexId h, core::Action& a) const;
  void maybe_add_artillery(const core::Game& g, Rng& rng, core::Action& a);
  void maybe_reduce_odds(const core::Game& g, Rng& rng, core::Action& a);

  PlayerOptions opt_;
  core::Reach reach_;
  std::vector<core::UnitIndex> units_;
  std::vector<core::HexId> hexes_;
  std::vector<core::AttackOption> options_;
  struct Edge {
    core::HexId a, d;
  };
  std::vector<Edge> edges_;
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
