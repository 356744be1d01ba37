// The two short players of an imagined game: a rollout's turn (rollout.h) or a
// combat look's phase (combat_look.h). My side's plays as the player
// configured it; the enemy's as the player models its opponent
// (enemy_model): both look ahead with this player's weights, but the enemy
// prices what the player may price otherwise (the zones' timing) as the
// opponent the levels are measured against does. A player that expected an
// enemy playing its own way met one that does not.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/ai_config.h"
#include "core/unit.h"

namespace bg::ai {

class AiPlayer;

class ImaginedPlayers {
 public:
  // `mine`, a short player's config (no rollouts or looks of its own): its
  // seed is set per imagined game, the enemy's config is enemy_model(mine).
  explicit ImaginedPlayers(const AiConfig& mine);
  ~ImaginedPlayers();
  ImaginedPlayers(const ImaginedPlayers&) = delete;
  ImaginedPlayers& operator=(const ImaginedPlayers&) = delete;

  // Start both over for a new imagined game in which I play `me`: each side's
  // player with seed ^ (salt << 8 x the side's index), as before the two were
  // told apart by role (the rollouts' and looks' games stay as they were).
  void start_over(core::Side me, uint64_t seed, uint64_t salt);
  // The player of side `s` in the game started last.
  AiPlayer& of(core::Side s) { return s == me_ ? *mine_ : *enemy_; }
  const AiPlayer& mine() const { return *mine_; }
  const AiPlayer& enemy() const { return *enemy_; }

 private:
  // Kept between imagined games: their evaluators read the title's tables once.
  std::unique_ptr<AiPlayer> mine_;
  std::unique_ptr<AiPlayer> enemy_;
  core::Side me_ = core::Side::Union;
};

}  // namespace bg::ai
