// Order-of-battle files: the initial deployment and the reinforcement charts of a
// game as a line format (see docs/data-formats.md, "Orders of battle").
// parse_oob() refuses a malformed file with an Error whose message names the
// file, the line and what is wrong ("oob.txt:12: bad hex '01x1' ...").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/unit.h"

namespace bg::content {

inline constexpr int kOobFirstTurn = 1;
inline constexpr int kOobLastTurn = 63;  // the longest game the rules configuration holds

struct OobEntry {
  core::UnitDef def;
  bool setup = false;                    // true: on the map at the start
  std::string hex;                       // set-up hex "XXYY" (setup only)
  int turn = 0;                          // arrival Game-Turn, 1-20 (reinforcements); 0 for setup
  std::vector<std::string> entry_hexes;  // entry hex and its alternatives, in chart order
  std::string name;                      // printed designation ("G.B. Anderson"); id if none
  std::string assumption;                // why a datum was assumed (def.assumed), else empty
  int line = 0;                          // line of the file that declared the unit
};

struct Oob {
  std::vector<OobEntry> units;  // in file order

  // The entry with this id, or nullptr.
  const OobEntry* find(std::string_view id) const;
  // Every unit's UnitDef, in file order.
  core::Roster roster() const;
};

// A headquarters counter (code "hq"; the command modules' leaders, Four Roads
// rule 7): Special kind "hq", no strength, never attacks, no Zone of Control,
// stacks freely, with the movement allowance given (8 on the article's counter
// strip).
core::UnitDef headquarters_def(std::string id, core::Side side, int movement = 8);

// Parses an order-of-battle file's text; `filename` is only used in error messages.
core::Result<Oob> parse_oob(std::string_view text, std::string_view filename);

// Reads and parses the order-of-battle file at `path`.
core::Result<Oob> load_oob(const std::string& path);

}  // namespace bg::content
