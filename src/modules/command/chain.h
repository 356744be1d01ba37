// The chain of command the command modules read (Four Roads rules 7, 8, 9):
// headquarters with their parent, echelon, command
// radius, judgment and tactical ratings, and which headquarters each combat
// unit answers to. Data a title supplies (built in code or read from the
// text format of parse_command_chain); the modules resolve it against the
// roster (ChainIndex), since a sandbox adds units after the game starts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace bg::modules {

// Highest first: a lower value outranks a higher one (FR 8 rolls in this
// order; FR 9 lets only the highest echelon in a battle count).
enum class Echelon : uint8_t { ArmyGroup, Army, GrandDivision, Corps, CavalryCorps, Division };
std::string_view echelon_name(Echelon e);  // "army-group", "army", ...
std::optional<Echelon> parse_echelon(std::string_view s);
// Army and army group: unlimited radius for movement (FR 8).
inline bool is_army(Echelon e) {
  return e == Echelon::ArmyGroup || e == Echelon::Army;
}

// A judgment rating (FR 8): a roll above it freezes the command; "f"
// (foolhardy): a roll of 1 orders every subordinate in radius to attack.
struct Judgment {
  int rating = 0;
  bool foolhardy = false;
  friend bool operator==(const Judgment&, const Judgment&) = default;
};

struct HqSpec {
  std::string unit;    // the headquarters counter's unit id
  std::string parent;  // its parent headquarters' unit id; "" at the top
  Echelon echelon = Echelon::Corps;
  int radius = 0;  // printed command radius in hexes (FR 7 note: 4 Union, 8 Confederate)
  // Radius for recovering ineffective units (FR 7): the printed radius for
  // corps and above, none (0) for divisional headquarters; -1 in the data
  // means that default.
  int rally = -1;
  std::optional<Judgment> judgment;  // none: does not roll (FR 8; division HQs, R-FR-HQ-RATINGS)
  int offensive = 0;                 // FR 9: die pips in its side's favour when attacking
  int defensive = 0;                 // FR 9: ... when defending
  // The ratings are not in the documents (the article printed them on counter
  // backs we do not have): a team assumption (R-FR-HQ-RATINGS), shown as such.
  bool assumed = false;
  int rally_radius() const;
  friend bool operator==(const HqSpec&, const HqSpec&) = default;
};

// A combat unit's place in the chain: its headquarters and, for cavalry that
// rolls unit by unit (FR 8), its own judgment.
struct UnitCommand {
  std::string unit;
  std::string hq;
  std::optional<Judgment> judgment;
  bool assumed = false;  // its judgment is not in the documents (R-FR-HQ-RATINGS)
  friend bool operator==(const UnitCommand&, const UnitCommand&) = default;
};

struct CommandChain {
  std::vector<HqSpec> hqs;
  std::vector<UnitCommand> units;
  // The index of the headquarters with this unit id, or -1.
  int find(std::string_view unit) const;
  int parent(int hq) const { return find(hqs[static_cast<size_t>(hq)].parent); }
  // Parents exist, no cycle, each unit's headquarters exists, no duplicate.
  core::Status validate() const;
};

// The text format (one line each; '#' starts a comment):
//   hq <unit> <echelon> [parent=<unit>] [radius=N] [rally=N] [judgment=N|Nf]
//      [offensive=N] [defensive=N] [assumed]
//   unit <unit> hq=<unit> [judgment=N|Nf] [assumed]
// Errors name the line.
core::Result<CommandChain> parse_command_chain(std::string_view text);

inline constexpr uint8_t kNoHq = 0xFF;

// The chain resolved against a roster: roster indices of the headquarters and
// of each unit's commander. A value (it lives in a module's state slot).
struct ChainIndex {
  uint16_t roster_size = 0;
  std::vector<core::UnitIndex> hq_unit;  // per HqSpec: its roster index, or kNoUnit
  std::vector<uint8_t> hq_spec;          // per roster unit: its HqSpec if it is one, else kNoHq
  std::vector<uint8_t> commander;        // per roster unit: the HqSpec it answers to, else kNoHq
  std::vector<uint8_t> own_judgment;     // per roster unit: its UnitCommand if it rolls itself
  bool fresh(const core::Context& ctx) const { return roster_size == ctx.roster->size(); }
  friend bool operator==(const ChainIndex&, const ChainIndex&) = default;
};
ChainIndex index_chain(const CommandChain& chain, const core::Context& ctx);

// `cached` if it fits the roster, else a resolution kept for the calling
// thread (a sandbox between placing units and its next action).
const ChainIndex& fresh_index(const CommandChain& chain, const core::Context& ctx,
                              const ChainIndex* cached);

// Hexes between two units on the map (FR 7: the radius is counted in hexes,
// ruling R-FR-7-RADIUS).
int hex_distance(const core::Context& ctx, const core::Position& pos, core::UnitIndex a,
                 core::UnitIndex b);

}  // namespace bg::modules
