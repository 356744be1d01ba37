// Combat (7.x, 8.x; DG 8.x): which attacks are legal, their strengths, terrain
// multipliers and odds, and the mandatory-attack obligations (7.11, 7.12, 7.23).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game_state.h"
#include "core/position.h"
#include "core/result.h"

namespace bg::core {

struct HexDefence {
  HexId hex = kNoHex;
  int strength = 0;    // contributing units' defence before the multiplier
  int multiplier = 1;  // 9.0: x2 rough, stream/ford/bridge; x3 redoubt
  // The terrain that set the multiplier, for people. Static text (a string
  // literal), never built: the AI works out defences on its hot path, where
  // nothing may allocate.
  std::string_view why;
};

// The defence of hex h against these attackers: contributing strength and the
// terrain multiplier (9.0, 7.4, redoubts; which hexsides double is the
// scenario's to adjust: ScenarioRules::hexside_doubles_defence).
HexDefence hex_defence(const Context& ctx, const GameState& st, const Board& board, HexId h,
                       const StaticVector<UnitIndex, kMaxCombatUnits>& attackers);

// A declared attack that has passed every check, ready to resolve.
struct AttackPlan {
  StaticVector<UnitIndex, kMaxCombatUnits> attackers;
  StaticVector<uint8_t, kMaxCombatUnits> bombarding;
  StaticVector<uint8_t, kMaxCombatUnits> from_ezoc;
  StaticVector<HexId, kMaxCombatUnits> attacker_hexes;
  StaticVector<HexId, kMaxCombatHexes> hexes;
  StaticVector<UnitIndex, kMaxCombatUnits> defenders;  // every unit in the defending hexes
  std::vector<HexDefence> defence_detail;
  int attack = 0;
  int defence = 0;
  int computed_column = 0;
  int column = 0;
  // The exclusive rules' change to the die (ScenarioRules::die_modifier).
  int die_modifier = 0;
  std::string modifier_why;
  std::string modifier_rule;
};

// True for artillery that fires from a hex no enemy controls (8.41: artillery
// in an enemy ZOC is treated as infantry and may not bombard).
bool is_bombarding(const Context& ctx, const Board& board, const Position& pos, UnitIndex u);

// Checks an Attack action against the position and returns the plan or the
// rule it breaks. Does not roll.
Result<AttackPlan> plan_attack(const Context& ctx, const GameState& st, const Board& board,
                               const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                               const StaticVector<HexId, kMaxCombatHexes>& hexes, int column);

// A unit of the phasing side able to make an attack now.
bool can_attack_now(const Context& ctx, const GameState& st, UnitIndex u);
// A hex holding at least one enemy unit that may still be attacked (7.14, 7.75).
bool hex_attackable(const Context& ctx, const GameState& st, HexId h, Side defender);

// The mandatory-attack obligations still owed: phasing hexes whose able units
// stand in the ZOC of an attackable enemy (7.12) and enemy hexes that control
// such a unit (7.11). Empty when the combat phase may end.
struct Obligations {
  StaticVector<HexId, kMaxUnits> attackers;  // friendly hexes that must attack
  StaticVector<HexId, kMaxUnits> defenders;  // enemy hexes that must be attacked
  // Of `attackers`, the hexes only the exclusive rules oblige
  // (ScenarioRules::must_attack): a unit ordered to attack that stands
  // adjacent to an enemy it may attack (RuleId::OrderedAttack).
  StaticVector<HexId, kMaxUnits> ordered;
  bool empty() const { return attackers.empty() && defenders.empty(); }
};
Obligations obligations(const Context& ctx, const GameState& st);

// For each enemy hex that may be attacked now, the phasing units that could
// take part (adjacent units and artillery in range with Line of Sight). The
// building block for front ends, the AI and the random player.
struct AttackOption {
  HexId hex = kNoHex;
  StaticVector<UnitIndex, kMaxCombatUnits> adjacent;
  StaticVector<UnitIndex, kMaxCombatUnits> artillery;
};
void attack_options(const Context& ctx, const GameState& st, const Board& board,
                    std::vector<AttackOption>& out);

}  // namespace bg::core
