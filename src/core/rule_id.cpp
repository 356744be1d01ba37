#include "core/rule_id.h"

#include <array>

#include "core/scenario.h"

namespace bg::core {

namespace {

struct Row {
  RuleId id;
  RuleInfo info;
};

// Each rule's key and its case in the SPI 1977 Standard Rules and Decision
// Games' 2016 edition. Where a case is given for a rule an edition does not have (the
// 2016 options cited under 1977 numbering), it is the number refusals have
// always shown; rows reachable only under the other edition leave it empty.
constexpr std::array<Row, kRuleCount> kRules{{
    {RuleId::GameOver, {"game-over", "4.0", "4.0"}},
    {RuleId::SequenceOfPlay, {"sequence-of-play", "4.0", "4.0"}},
    {RuleId::SetupSandboxOnly, {"setup-sandbox-only", "3.0", "3.0"}},
    {RuleId::UnitStrength, {"unit-strength", "2.4", "2.4"}},
    {RuleId::MoveInOwnPhase, {"move-in-own-phase", "5.11", "7.0"}},
    {RuleId::NoEnterEnemyHex, {"no-enter-enemy-hex", "5.12", "7.0"}},
    {RuleId::LeaveEnemyZoc, {"leave-enemy-zoc", "5.13", "5.1"}},
    {RuleId::MovementAllowance, {"movement-allowance", "5.15", "7.2"}},
    {RuleId::HexToHex, {"hex-to-hex", "5.16", "7.0"}},
    {RuleId::MoveOnce, {"move-once", "5.17", "7.0"}},
    {RuleId::River, {"river", "5.24", "5.24"}},
    {RuleId::CreekCrossing, {"creek-crossing", "5.25", "5.25"}},
    {RuleId::LakeHexside, {"lake-hexside", "9.0", "9.0"}},
    {RuleId::ProhibitedHexside, {"prohibited-hexside", "9.0", "9.0"}},
    {RuleId::StackingLimit, {"stacking-limit", "5.32", "6.0"}},
    {RuleId::StopInEnemyZoc, {"stop-in-enemy-zoc", "6.0", "5.0"}},
    {RuleId::NightNoMoveAdjacent, {"night-no-move-adjacent", "10.2", "9.0"}},
    {RuleId::NightNoEnterZoc, {"night-no-enter-zoc", "10.2", "9.0"}},
    {RuleId::IneffectiveNoEnterZoc, {"ineffective-no-enter-zoc", "11.2", "10.2"}},
    {RuleId::StrategicNotInUse, {"strategic-not-in-use", "2.4", "11.1"}},
    {RuleId::StrategicDistance, {"strategic-distance", "", "11.1"}},
    {RuleId::AttackInCombatPhase, {"attack-in-combat-phase", "4.1", "4.0"}},
    {RuleId::ResolveCombatFirst, {"resolve-combat-first", "7.0", "8.1"}},
    {RuleId::AttackDeclaration, {"attack-declaration", "7.0", "8.0"}},
    {RuleId::MustBeAttacked, {"must-be-attacked", "7.11", "8.0"}},
    {RuleId::MustAttack, {"must-attack", "7.12", "8.0"}},
    {RuleId::AttackOnce, {"attack-once", "7.14", "8.41"}},
    {RuleId::AttackAdjacent, {"attack-adjacent", "7.15", "8.0"}},
    {RuleId::DefendingHexOnce, {"defending-hex-once", "7.21", "8.41"}},
    {RuleId::StackAttacksTogether, {"stack-attacks-together", "7.22", "8.42"}},
    {RuleId::AttackEveryAdjacentEnemy, {"attack-every-adjacent-enemy", "7.23", "8.0"}},
    {RuleId::AdjacentToEveryDefender, {"adjacent-to-every-defender", "7.25", "8.43"}},
    {RuleId::UnitaryStrength, {"unitary-strength", "7.3", "8.41"}},
    {RuleId::OddsReduction, {"odds-reduction", "7.9", "8.8"}},
    {RuleId::CreekAttack, {"creek-attack", "9.0", "9.0"}},
    {RuleId::ArtilleryRange, {"artillery-range", "8.11", "8.7"}},
    {RuleId::BombardSingleHex, {"bombard-single-hex", "8.13", "8.74"}},
    {RuleId::LineOfSight, {"line-of-sight", "8.31", "8.71"}},
    {RuleId::ArtilleryAloneOdds, {"artillery-alone-odds", "", "8.73"}},
    {RuleId::IneffectiveNoAttack, {"ineffective-no-attack", "11.2", "10.0"}},
    {RuleId::CombatPhaseClosing, {"combat-phase-closing", "11.31", "10.2"}},
    {RuleId::ExchangeLosses, {"exchange-losses", "7.6", "8.3"}},
    {RuleId::RetreatAfterCombat, {"retreat-after-combat", "7.71", "8.5"}},
    {RuleId::RetreatHex, {"retreat-hex", "7.72", "8.51"}},
    {RuleId::AdvanceAfterCombat, {"advance-after-combat", "7.75", "8.6"}},
    {RuleId::Displacement, {"displacement", "7.81", "8.52"}},
    {RuleId::DisplaceWithoutElimination, {"displace-without-elimination", "7.82", "8.52"}},
    {RuleId::DisplacedArtilleryNoFire, {"displaced-artillery-no-fire", "7.82", "8.52"}},
    {RuleId::CavalryRetreat, {"cavalry-retreat", "11.2", "11.2"}},
    {RuleId::CavalryRetreatPath, {"cavalry-retreat-path", "", "8.5"}},
    {RuleId::CavalryRetreatHex, {"cavalry-retreat-hex", "", "8.51"}},
    {RuleId::CavalryRetreatStacking, {"cavalry-retreat-stacking", "", "6.0"}},
    {RuleId::ReinforcementPhase, {"reinforcement-phase", "", ""}},
    {RuleId::ReinforcementArrival, {"reinforcement-arrival", "", ""}},
    {RuleId::ReinforcementEntryHex, {"reinforcement-entry-hex", "", ""}},
    {RuleId::ReinforcementColumn, {"reinforcement-column", "", ""}},
    {RuleId::ReinforcementEnemyHex, {"reinforcement-enemy-hex", "", ""}},
    {RuleId::BonusMpNotIntoZoc, {"bonus-mp-not-into-zoc", "", ""}},
    {RuleId::ExitAtExitHex, {"exit-at-exit-hex", "", ""}},
    {RuleId::ExitCost, {"exit-cost", "", ""}},
    {RuleId::NeverAttacks, {"never-attacks", "", ""}},
    {RuleId::SoleOccupant, {"sole-occupant", "", ""}},
    {RuleId::NoPassThrough, {"no-pass-through", "", ""}},
    {RuleId::RoadBound, {"road-bound", "", ""}},
    {RuleId::StacksFreely, {"stacks-freely", "", ""}},
    {RuleId::NoDefenceStrength, {"no-defence-strength", "", ""}},
    {RuleId::CommandRadius, {"command-radius", "", ""}},
    {RuleId::HqAlone, {"hq-alone", "", ""}},
    {RuleId::FollowingOrders, {"following-orders", "", ""}},
    {RuleId::OutOfCommand, {"out-of-command", "", ""}},
    {RuleId::OrderedAttack, {"ordered-attack", "", ""}},
    {RuleId::TacticalAbility, {"tactical-ability", "", ""}},
    {RuleId::FortBuild, {"fort-build", "", ""}},
    {RuleId::PontoonEmplace, {"pontoon-emplace", "", ""}},
    {RuleId::AssaultBoat, {"assault-boat", "", ""}},
    {RuleId::ExitReentry, {"exit-reentry", "", ""}},
}};

constexpr bool in_order() {
  for (size_t i = 0; i < kRules.size(); ++i)
    if (static_cast<size_t>(kRules[i].id) != i) return false;
  return true;
}
static_assert(in_order(), "kRules must list every RuleId once, in enum order");

}  // namespace

const RuleInfo& rule_info(RuleId id) {
  return kRules[static_cast<size_t>(id)].info;
}

std::optional<RuleId> parse_rule_key(std::string_view key) {
  for (const Row& r : kRules)
    if (r.info.key == key) return r.id;
  return std::nullopt;
}

std::string cite(const Context& ctx, RuleId id) {
  if (ctx.scenario) {
    const std::string_view own = ctx.scenario->cite(id);
    if (!own.empty()) return std::string(own);
  }
  const RuleInfo& info = rule_info(id);
  const std::string_view standard = ctx.rules->dg() ? info.dg2016 : info.spi1977;
  return std::string(standard.empty() ? info.key : standard);
}

}  // namespace bg::core
