// The engine's line protocol, parsed: one text line -> one typed Command, or
// an Error saying what is wrong with the line. Syntax only: whether a unit
// exists or a hex is on the map is the session's (and the core's) business.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/result.h"
#include "core/terrain.h"
#include "core/unit.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

enum class Verb : uint8_t {
  New,
  Titles,
  Terrain,
  Hexside,
  Unit,
  Reinforce,
  ExitHex,
  Dice,
  Map,
  State,
  Victory,
  Charts,
  Overlays,
  Decide,  // a title's own decision about a unit (alias: defer)
  Ai,
  Reach,
  Move,
  Enter,
  Attack,
  Preview,
  Retreat,
  Advance,
  Lose,
  Evade,
  End,
  Save,
  Load,
  Help,
  Quit,
};
std::string_view verb_name(Verb v);

inline constexpr size_t kMaxIdLength = 32;
inline constexpr size_t kMaxLineLength = 4096;

struct Command {
  Verb verb = Verb::Help;
  NewParams params;                   // new
  std::vector<std::string> units;     // unit ids (the first is "the" unit of one-unit commands)
  std::vector<core::HexCoord> hexes;  // hexes in the order written (paths, targets, defenders,
                                      // a reinforcement's entry hexes)
  core::Terrain terrain = core::Terrain::Clear;  // terrain
  core::HexsideBits feature = 0;                 // hexside
  core::Side side = core::Side::Union;           // unit; state <side>
  bool viewer = false;                           // state <side>: a side's view
  core::UnitType type = core::UnitType::Infantry;
  int strength = 0;
  int turn = 0;           // reinforce: the Game-Turn of arrival; decide: the value chosen
  std::vector<int> dice;  // dice
  int column = -1;        // attack / preview: voluntary odds (7.9), -1 for none
  bool strategic = false;
  bool exit_map = false;  // move / enter ... exit: leave the map from the last hex
  bool none = false;      // retreat ... stay, advance none, evade ... none
  std::string displace;   // retreat ... displace=<unit>
  std::string file;       // save / load
  std::string decision;   // decide ... as=<key>: a rule module's decision ("": the title's)
  // ai: the computer plays the side to act (names checked by the session).
  std::string mode;     // "" (play the turn) | "move" (one action, not applied) | "hint"
  std::string player;   // an AI player by name (ai-normal, ref-2026, ...; the session checks)
  std::string level;    // easy | normal | hard ("" : normal)
  std::string posture;  // a posture the title declares ("" : the side's default)
  int nodes = 0;        // evaluations per movement phase (0: the level's)
  uint64_t seed = 0;    // 0: from the game
  bool explain = false;
};

// Never throws.
core::Result<Command> parse_command(std::string_view line);

// [A-Za-z0-9/._'-]+, at most 32 characters.
bool valid_unit_id(std::string_view id);

// A token made safe to quote in an error message (printable ASCII, shortened).
std::string quote(std::string_view token);

// One usage line per command, for `help`.
const std::vector<std::string>& usage_lines();

}  // namespace bg::protocol
