// A look past the player's own turn: a planned Movement Phase played on to
// the player's next Movement Phase (its Combat Phase, the enemy's Movement
// and Combat Phases) by two short planners, one a side, and the position it
// reaches valued by the player's own evaluation. The reply check (reply.h)
// asks what the enemy's attacks would win from the plan; a rollout also
// counts what the plan's own attacks win once the dice are rolled, what the
// enemy's moves and attacks leave of it, and where both armies stand then.
//
// It plays on an imagined copy of the side's view (Game::imagined), so it
// knows nothing the side may not know, with a die of its own: a view of a
// game whose dice are not committed carries the game's die, and rolling it
// would foresee the real rolls.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ai/ai_config.h"
#include "ai/evaluation.h"
#include "ai/imagined_players.h"
#include "ai/move_candidates.h"
#include "core/game.h"

namespace bg::ai {

// Dice for one of six rollouts that share `seed` (Latin hypercube sampling):
// the k-th die of the turn is the `stratum`-th face of a permutation of the
// six drawn from `seed` and k, so over the six strata every one of the first
// kStratifiedDice dice shows each face exactly once, while each stratum's dice
// alone are as fair and independent as rolled ones. The rollouts' values stay
// unbiased and their mean is steadier: an attack the plan makes is resolved
// on every face once instead of on six independent rolls.
inline constexpr int kStratifiedDice = 64;
void stratify_dice(core::Dice& dice, uint64_t seed, int stratum);

class TurnRollout {
 public:
  // My side's player plans with `cfg` (its seed is set per rollout), the
  // enemy's as the player models it (ImaginedPlayers, enemy_model);
  // `judge` values the position reached, as the player configured it. The
  // rollout ends at my `turns`-th Movement Phase from now. `luck` (0 to 2,
  // AiConfig::rollout_luck) is how much of the luck of the attacks rolled on
  // the way (combat_luck, mine counted for me, the enemy's against me) is
  // taken off the value: the dice of a turn decide more of one rollout's
  // value than the plans do.
  explicit TurnRollout(const AiConfig& cfg, int turns = 1, double luck = 0);
  ~TurnRollout();
  TurnRollout(const TurnRollout&) = delete;
  TurnRollout& operator=(const TurnRollout&) = delete;

  // The value for `me` of my next Movement Phase (the `turns`-th, or the
  // game's end) after `orders` (MoveSpace::orders of a plan on `view`, me
  // phasing in the Movement Phase) are made as the player makes its own
  // plan's and the turn is played on with dice seeded by `seed`; nothing
  // when a player's action is refused or the turns do not end (neither
  // should happen). With a `stratum` (0 to 5) the dice are stratified
  // (stratify_dice): the six strata of one seed roll every die of the turn
  // once on each face, and their players plan alike.
  std::optional<double> value(const core::Game& view, core::Side me,
                              const std::vector<MoveOption>& orders,
                              const std::vector<core::UnitIndex>& units, uint64_t seed,
                              Evaluator& judge, const std::string& posture, int stratum = -1);
  // The seed the rollouts to come start both sides' players with; nothing
  // (as constructed): each rollout seeds them from its dice' seed. One seed
  // for all the rollouts of a phase (setting rollout-seed) leaves the dice
  // alone to tell one finalist's rollouts apart: the planners' own draws
  // spread a finalist's values as much as the dice do.
  void fix_players(std::optional<uint64_t> seed) { players_seed_ = seed; }
  // Actions the last rollout applied, and its evaluations (the planners').
  int last_actions() const { return actions_; }
  // The last rollout's combat luck for `me` in VP (whatever share of it was
  // taken off): the value with none taken off is value() + luck x this.
  double last_luck() const { return luck_; }
  long last_nodes() const { return nodes_; }
  // The rollouts' two players (their settings).
  const ImaginedPlayers& players() const { return players_; }

 private:
  ImaginedPlayers players_;
  int turns_;
  double luck_weight_;
  std::optional<uint64_t> players_seed_;
  int actions_ = 0;
  double luck_ = 0;
  long nodes_ = 0;
};

}  // namespace bg::ai
