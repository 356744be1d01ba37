// Units: the printed facts of a counter (UnitDef, shared and immutable during
// play) and its state in a position (UnitState, a few bytes, copied freely).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/map.h"

namespace bg::core {

enum class Side : uint8_t { Union, Confederate };
constexpr Side other(Side s) {
  return s == Side::Union ? Side::Confederate : Side::Union;
}
std::string_view side_name(Side s);
std::optional<Side> parse_side(std::string_view s);

// The combat arms of the Standard Rules, and Special: a unit a title brings
// that is none of them (its abilities and its display kind are data on its
// UnitDef, not a type).
enum class UnitType : uint8_t { Infantry, Cavalry, Artillery, Special };
std::string_view unit_type_name(UnitType t);  // "inf", "cav", "art", "special"
std::optional<UnitType> parse_unit_type(std::string_view s);

using UnitIndex = uint8_t;
inline constexpr int kMaxUnits = 160;
inline constexpr UnitIndex kNoUnit = 0xFF;

struct UnitDef {
  std::string id;  // designation, unique in a game ("1/2/V", "Pickett")
  Side side = Side::Union;
  UnitType type = UnitType::Infantry;
  int strength = 1;  // printed combat strength (attack; Ex losses 7.6; VP)
  int defense = 1;   // defence strength (the printed strength unless a title says)
  int range = 3;     // bombardment range for artillery (8.11)
  int movement = 6;  // 2.4: every unit has six Movement Points
  // Abilities a title may give a unit (the Standard Rules' units have the defaults).
  bool exerts_zoc = true;        // false: no Zone of Control
  bool can_attack = true;        // false: never attacks (RuleId::NeverAttacks)
  bool road_only = false;        // moves only along roads and trails (RuleId::RoadBound)
  bool sole_occupant = false;    // stacks with no other unit (RuleId::SoleOccupant)
  bool no_pass_through = false;  // moves through no unit's hex, nor others through its
                                 // (RuleId::NoPassThrough)
  bool free_stacking = false;    // counts against no stacking limit (RuleId::StacksFreely):
                                 // a headquarters, a leader
  std::string kind;              // what a title calls a special unit ("wagons"), for display;
                                 // empty: its type's name
  bool assumed = false;          // a datum the rule documents do not give
  // Reinforcement chart: the Game-Turn the unit may first enter and the hexes
  // it may enter by (0 / empty: the unit starts on the map).
  int arrival_turn = 0;
  std::vector<HexId> entry_hexes;
};

// What a front end calls the unit: its kind if the data names one, else its type.
std::string_view display_kind(const UnitDef& d);

enum class UnitStatus : uint8_t { OnMap, Eliminated, Exited, OffMap };
std::string_view unit_status_name(UnitStatus s);

// Per-phase and per-game flags of a unit.
enum UnitFlag : uint16_t {
  kIneffective = 1u << 0,   // 11.0: lost Attack Effectiveness
  kMoved = 1u << 1,         // 5.17: moved this Movement Phase
  kAttacked = 1u << 2,      // 7.14: attacked this Combat Phase
  kDefended = 1u << 3,      // 7.14: was attacked this Combat Phase
  kAdvanced = 1u << 4,      // 7.75: advanced after combat this phase
  kNoFire = 1u << 5,        // 7.82: displaced artillery that had not fired
  kEzocAtCombat = 1u << 6,  // 11.31: ineffective and in an enemy ZOC as combat began
  kEverEntered = 1u << 7,   // has been on the map at some time (scenario VP rules)
  kDisplaced = 1u << 8,     // 7.8: displaced in the combat being resolved (R-DISPLACE-ONCE)
};

struct UnitState {
  HexId hex = kNoHex;
  UnitStatus status = UnitStatus::OffMap;
  uint8_t pad = 0;
  uint16_t flags = 0;
  bool has(UnitFlag f) const { return (flags & f) != 0; }
  void set(UnitFlag f, bool on = true) {
    flags = on ? static_cast<uint16_t>(flags | f) : static_cast<uint16_t>(flags & ~f);
  }
  bool on_map() const { return status == UnitStatus::OnMap; }
  friend bool operator==(const UnitState&, const UnitState&) = default;
};

using Roster = std::vector<UnitDef>;

}  // namespace bg::core
