// A look at an attack's results before it is declared (the combat-look
// setting). The attack planner values an attack by what each result of the
// table wins or costs in strength (AttackStakes): an exchange, a retreat and
// an elimination are priced alike wherever they leave the two armies. Under
// the revised rules games are decided by eliminations (22.11), and where a
// retreat leaves the defender, where the attacker may advance to (7.75) and
// which obligations are left for the phase's other attacks matter as much.
// The look declares the attack on an imagined copy once for each face of the
// die, plays my Combat Phase on to its end with two short players (the
// planners a rollout plays with, rollout.h: the phase's other attacks, both
// sides' retreats, advances and losses), and values the position my phase
// leaves with the player's own evaluation, averaged over the six faces. The
// later attacks' dice are the same for every face and every attack compared,
// so what differs between two attacks' values is what they do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ai/ai_config.h"
#include "ai/evaluation.h"
#include "ai/imagined_players.h"
#include "core/game.h"

namespace bg::ai {

class CombatLook {
 public:
  // My side's player plans as `cfg` says (its seed is set per look), the
  // enemy's as the player models it (ImaginedPlayers, enemy_model).
  explicit CombatLook(const AiConfig& cfg);
  ~CombatLook();
  CombatLook(const CombatLook&) = delete;
  CombatLook& operator=(const CombatLook&) = delete;

  // The mean over the six faces of the value for `me` (judged by `judge` on
  // my view, as prepared for `posture`) of the end of my Combat Phase after
  // `first` is declared now on `view` (my view, my Combat Phase, no decision
  // pending), the phase's later dice seeded by `seed`. An attack resolved
  // without the die is played once. Nothing when a player's action is
  // refused or the phase does not end (neither should happen).
  std::optional<double> value(const core::Game& view, core::Side me, const core::Action& first,
                              uint64_t seed, Evaluator& judge, const std::string& posture);
  // The value for `me` of ending my Combat Phase now on `view`.
  double value_now(const core::Game& view, core::Side me, Evaluator& judge,
                   const std::string& posture) const;
  // Actions the players applied since construction (the look's cost).
  long actions() const { return actions_; }
  // The look's two players (their settings).
  const ImaginedPlayers& players() const { return players_; }

 private:
  ImaginedPlayers players_;
  long actions_ = 0;
};

}  // namespace bg::ai
