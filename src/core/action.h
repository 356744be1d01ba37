// Actions: small typed structs, one per kind of command a player (or a sandbox
// author) can give. The log of a game is its list of actions plus the dice.
#pragma once

#include <cstdint>
#include <memory>

#include "core/movement.h"
#include "core/static_vector.h"
#include "core/terrain.h"
#include "core/unit.h"

namespace bg::core {

enum class ActionKind : uint8_t {
  Move,        // unit, path (hexes entered, in order), strategic
  Attack,      // units (attackers), hexes (defenders), column (voluntary odds, 7.9)
  Retreat,     // unit, hex (kNoHex: stay, 8.16), displace
  Advance,     // unit (kNoUnit: decline), hex
  Lose,        // units given up to an exchange (7.6 Ex)
  Evade,       // unit, path (kNoHex path empty: stand), DG 11.2
  Enter,       // unit, path (path[0] = entry hex, then hexes entered), exit_map
  End,         // end the current phase
  Dice,        // dice: queue forced die results
  SetTerrain,  // sandbox: hex, terrain
  AddHexside,  // sandbox: hex, hex2, bits
  MarkExit,    // sandbox: hex becomes an exit hex
  PlaceUnit,   // sandbox: def, hex
  Scenario,    // a scenario's own decision: unit, value (e.g. variable reinforcements)
};

inline constexpr int kMaxCombatUnits = 32;
inline constexpr int kMaxCombatHexes = 6;

struct Action {
  ActionKind kind = ActionKind::End;
  UnitIndex unit = kNoUnit;
  HexId hex = kNoHex;
  HexId hex2 = kNoHex;
  UnitIndex displace = kNoUnit;
  int8_t column = -1;
  int16_t value = 0;  // Scenario: the choice (e.g. the Game-Turn a unit is held for)
  // Scenario: which of the title's decisions (0: the title's own; rule modules
  // number theirs, ScenarioRules::decision_key names them).
  uint8_t decision = 0;
  bool strategic = false;
  bool exit_map = false;  // Move/Enter: leave the map from the last hex (ExitAtExitHex)
  Terrain terrain = Terrain::Clear;
  HexsideBits bits = 0;
  Path path;
  StaticVector<UnitIndex, kMaxCombatUnits> units;
  StaticVector<HexId, kMaxCombatHexes> hexes;
  StaticVector<uint8_t, 16> dice;
  std::shared_ptr<const UnitDef> def;  // PlaceUnit only
};

}  // namespace bg::core
