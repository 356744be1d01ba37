// The history half of a game (turn, phase, pending decisions, the combat being
// resolved, victory points, dice) beside the position. A value type: the
// engine applies an action to a copy and commits it only when it is legal.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/action.h"
#include "core/crt.h"
#include "core/dice.h"
#include "core/entry_columns.h"
#include "core/position.h"
#include "core/title_state.h"

namespace bg::core {

enum class Phase : uint8_t { Movement, Combat, Over };
std::string_view phase_name(Phase p);  // "movement", "combat", "over"

enum class PendingKind : uint8_t { Retreat, Advance, Lose, Evade };
std::string_view pending_name(PendingKind k);

enum class RetreatCause : uint8_t {
  Combat,       // 7.6 Ar/Dr
  Displaced,    // 7.8
  Ineffective,  // 11.31 / DG 10.2
  Scenario,     // an exclusive rule (e.g. a unit that falls back from the enemy)
};

struct Pending {
  PendingKind kind = PendingKind::Retreat;
  Side side = Side::Union;
  UnitIndex unit = kNoUnit;
  RetreatCause cause = RetreatCause::Combat;
  bool optional = false;  // 8.16: bombarding artillery may choose to retreat
  friend bool operator==(const Pending&, const Pending&) = default;
};

struct CombatRecord {
  bool active = false;
  bool resolved = false;  // the die has been rolled (or the defenders evaded)
  StaticVector<UnitIndex, kMaxCombatUnits> attackers;
  StaticVector<uint8_t, kMaxCombatUnits> bombarding;  // per attacker
  StaticVector<uint8_t, kMaxCombatUnits> from_ezoc;   // per attacker (11.1)
  StaticVector<HexId, kMaxCombatUnits> attacker_hexes;
  StaticVector<HexId, kMaxCombatHexes> defender_hexes;
  StaticVector<UnitIndex, kMaxCombatUnits> defenders;
  int attack = 0;
  int defence = 0;
  int computed_column = 0;
  int column = 0;
  int die = 0;           // as rolled
  int die_modifier = 0;  // the exclusive rules' (AttackPlan::die_modifier)
  int modified_die = 0;  // die + modifier held to 1..6: the CRT row read
  CombatResult result = CombatResult::Dr;
  int loss_required = 0;  // Ex: printed strength the attacker must give up
  bool allow_advance = true;
  bool advance_offered = false;
  bool evaded = false;
  friend bool operator==(const CombatRecord&, const CombatRecord&) = default;
};

struct GameState {
  Position pos;
  int turn = 1;
  Side phasing = Side::Union;
  Phase phase = Phase::Movement;
  bool closing = false;  // the combat phase is ending (11.31 retreats under way)
  std::vector<Pending> pending;
  CombatRecord combat;
  StaticVector<HexId, kMaxUnits> attack_hexes;  // hexes that attacked this phase (7.22, DG 8.42)
  // Reinforcements entered this Movement Phase at each entry hex (the
  // column of stacks: the k-th pair pays k MP to enter).
  EntryColumns entries;
  std::array<int, 2> vp{};  // victory points per side (Union, Confederate)
  // What the title's exclusive rules keep (activation turn, exits, ...), typed
  // by the title: part of the state so that copies, saves and replays carry it.
  TitleState title;
  Dice dice;
  friend bool operator==(const GameState&, const GameState&) = default;
};

}  // namespace bg::core
