// Where a unit may go now, on the map or entering it: the one `reach` query
// behind every front end (the engine protocol's `reach`, the server's
// /reach), so they mean the same thing. Each hex is one where the unit may
// end its move, with the Movement Points spent from the start of the move (a
// reinforcement's entry cost included) and the cheapest path there as a
// `move` or `enter` action takes it. For front ends, not the hot path.
#pragma once

#include <optional>
#include <vector>

#include "core/game.h"

namespace bg::core {

struct ReachTarget {
  HexId hex = kNoHex;
  int mp = 0;
  std::vector<HexId> path;  // hexes entered, in order; for an entry the entry hex first
};

struct EntryReach {
  HexId entry = kNoHex;
  std::vector<ReachTarget> targets;  // the entry hex itself first, then map order
};

struct UnitReach {
  bool entering = false;             // a reinforcement off the map: `entries`
  std::vector<ReachTarget> targets;  // a unit on the map: map order
  std::vector<EntryReach> entries;   // each hex it may enter by now
};

// A reinforcement still off the map (and not asked for strategic movement)
// gets its entries; any other unit its targets. Refused with the core's
// reason when the unit may not move (or enter) now.
Result<UnitReach> unit_reach(const Game& g, UnitIndex u, bool strategic);

// The Movement Points a unit on the map has left in its side's Movement
// Phase. The engine moves a unit by one action to its destination and a unit
// moves once a phase (5.17), so no partial allowance is ever carried: the
// allowance (5.1; strategic movement, DG 11.1, not counted) while the unit may
// still move, 0 once it has moved or when it may not move now (`why`: the
// engine's refusal, e.g. an enemy Zone of Control, 6.0).
struct MpLeft {
  int mp = 0;
  int allowance = 0;
  std::optional<Error> why;  // set when mp is 0
};
// nullopt unless it is the Movement Phase and u is a phasing unit on the map.
std::optional<MpLeft> mp_left(const Game& g, UnitIndex u);

}  // namespace bg::core
