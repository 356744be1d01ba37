// Symbolic identifiers of the rules the core enforces. A refusal names the
// rule; the case a player reads is resolved when the refusal is made:
//   1. the game's exclusive rules, if they number the rule (ScenarioRules::cite),
//   2. else the Standard Rules edition in play (SPI 1977 or Decision Games 2016),
//   3. else the rule's key: a rule that only a title brings (reinforcement
//      entry, exits, units that never attack or stack with nothing, ...) has
//      no text in the Standard Rules, so the sandbox cites it by its key.
// The core therefore knows no title's case numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace bg::core {

enum class RuleId : uint16_t {
  // Sequence of play and set-up.
  GameOver,        // the game is over
  SequenceOfPlay,  // it is the other player's turn to act
  SetupSandboxOnly,
  UnitStrength,
  // Movement.
  MoveInOwnPhase,
  NoEnterEnemyHex,
  LeaveEnemyZoc,
  MovementAllowance,
  HexToHex,
  MoveOnce,
  River,
  CreekCrossing,
  LakeHexside,
  ProhibitedHexside,
  StackingLimit,
  StopInEnemyZoc,
  NightNoMoveAdjacent,
  NightNoEnterZoc,
  IneffectiveNoEnterZoc,
  StrategicNotInUse,
  StrategicDistance,
  // Combat.
  AttackInCombatPhase,
  ResolveCombatFirst,
  AttackDeclaration,
  MustBeAttacked,
  MustAttack,
  AttackOnce,
  AttackAdjacent,
  DefendingHexOnce,
  StackAttacksTogether,
  AttackEveryAdjacentEnemy,
  AdjacentToEveryDefender,
  UnitaryStrength,
  OddsReduction,
  CreekAttack,
  ArtilleryRange,
  BombardSingleHex,
  LineOfSight,
  ArtilleryAloneOdds,
  IneffectiveNoAttack,
  CombatPhaseClosing,
  // Combat results.
  ExchangeLosses,
  RetreatAfterCombat,
  RetreatHex,
  AdvanceAfterCombat,
  Displacement,
  DisplaceWithoutElimination,
  DisplacedArtilleryNoFire,
  CavalryRetreat,
  CavalryRetreatPath,
  CavalryRetreatHex,
  CavalryRetreatStacking,
  // Rules only a title brings (no case in either Standard Rules edition).
  ReinforcementPhase,
  ReinforcementArrival,
  ReinforcementEntryHex,
  ReinforcementColumn,
  ReinforcementEnemyHex,
  BonusMpNotIntoZoc,
  ExitAtExitHex,
  ExitCost,
  NeverAttacks,
  SoleOccupant,
  NoPassThrough,
  RoadBound,
  // Rules of optional modules (src/modules): terrain, crossings, exits.
  FortBuild,       // a fortification is built by units that stood still
  PontoonEmplace,  // a pontoon unit emplaces across a river hex
  AssaultBoat,     // a unit crosses a river hex by assault boat
  ExitReentry,     // an exited unit comes back on at its exit hex
  Count_           // not a rule: the number of rules
};

inline constexpr int kRuleCount = static_cast<int>(RuleId::Count_);

struct RuleInfo {
  std::string_view key;      // stable kebab-case name ("leave-enemy-zoc")
  std::string_view spi1977;  // its case in the SPI 1977 Standard Rules; "" if none
  std::string_view dg2016;   // its case in the Decision Games 2016 edition; "" if none
};

const RuleInfo& rule_info(RuleId id);
inline std::string_view rule_key(RuleId id) {
  return rule_info(id).key;
}
std::optional<RuleId> parse_rule_key(std::string_view key);

// The case to cite for `id` in this game (see the top of this file).
std::string cite(const Context& ctx, RuleId id);

// A refusal citing `id`: Error{case, case + ": " + message}.
inline Error refuse(const Context& ctx, RuleId id, std::string message) {
  std::string rule = cite(ctx, id);
  std::string text = rule + ": " + message;
  return Error{std::move(rule), std::move(text)};
}

}  // namespace bg::core
