// The position: where every unit is and its per-phase flags. A compact value
// type (a fixed array, no heap) so that search can copy it freely.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/map.h"
#include "core/rules_config.h"
#include "core/unit.h"

namespace bg::core {

class ScenarioRules;

struct Position {
  std::array<UnitState, kMaxUnits> units{};
  int count = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

// What the rules read together: the immutable map, roster and rules. Cheap to
// pass by value (three pointers).
struct Context {
  const Map* map = nullptr;
  const Roster* roster = nullptr;
  const RulesConfig* rules = nullptr;
  const ScenarioRules* scenario = nullptr;  // exclusive rules; null in the sandbox
  const UnitDef& def(UnitIndex u) const { return (*roster)[u]; }
};

// True if a unit in hex `from` projects its Zone of Control across the hexside
// in direction d (6.6; DG 5.3): never across a creek without a bridge or ford,
// never across a lake, never into river or ferry hexes. (Map keeps the answer
// for every hexside: Map::compute_dirs.)
inline bool zoc_crosses(const Map& map, HexId from, Dir d) {
  return (map.zoc_dirs(from) >> static_cast<int>(d)) & 1;
}

// True if units may cross the hexside at all (movement, retreat, advance, and
// attacks by adjacent units): creeks only at bridges and fords (5.25), never
// lakes, never into river hexes (5.24).
inline bool hexside_passable(const Map& map, HexId from, Dir d) {
  return (map.pass_dirs(from) >> static_cast<int>(d)) & 1;
}

// Facts derived from a position that the rules look up per hex: occupancy and
// Zones of Control of each side. Rebuilt on demand; its buffers are reused so
// rebuilding allocates nothing after the first time.
class Board {
 public:
  void build(const Context& ctx, const Position& pos);
  // Brings a board built from `was` up to `now` (the same roster), changing
  // only what the units that moved, entered or left change, and makes each of
  // `was`'s units equal `now`'s. The same board as build(ctx, now), for a
  // fraction of the work when few units differ, as between the plans a search
  // compares.
  void follow(const Context& ctx, Position& was, const Position& now);

  int units(Side s, HexId h) const { return count_[idx(s, h)]; }
  // Units of side s in h that count against the stacking limit (5.32, DG
  // 6.0): all but those that stack freely (UnitDef::free_stacking).
  int stacked(Side s, HexId h) const { return stack_[idx(s, h)]; }
  bool occupied_by(Side s, HexId h) const { return count_[idx(s, h)] != 0; }
  bool empty(HexId h) const {
    return !occupied_by(Side::Union, h) && !occupied_by(Side::Confederate, h);
  }
  // Number of units of side s whose ZOC covers h.
  int zoc(Side s, HexId h) const { return zoc_[idx(s, h)]; }
  // h is controlled by the enemies of side s.
  bool enemy_zoc(Side s, HexId h) const { return zoc(other(s), h) != 0; }
  // A unit that stacks with nothing (UnitDef::sole_occupant) stands in h.
  bool sole(HexId h) const { return sole_[h] != 0; }
  // A unit that nothing moves through (UnitDef::no_pass_through) stands in h.
  bool no_passage(HexId h) const { return no_pass_[h] != 0; }

  friend bool operator==(const Board&, const Board&) = default;

 private:
  size_t idx(Side s, HexId h) const { return static_cast<size_t>(s) * space_ + h; }
  // Adds (by +1) or takes away (by -1) what unit u standing in h contributes.
  void count_unit(const Context& ctx, UnitIndex u, HexId h, int by);
  size_t space_ = 0;
  std::vector<uint8_t> count_;
  std::vector<uint8_t> zoc_;
  std::vector<uint8_t> stack_;
  // Per hex, how many units that stack with nothing / let nothing through
  // stand there: counts, not flags, so that one leaving is undone exactly.
  std::vector<uint8_t> sole_;
  std::vector<uint8_t> no_pass_;
};

// The id of a unit in h that stacks with nothing or lets nothing through
// (for refusal messages); "a unit" if none.
std::string closing_unit_name(const Context& ctx, const Position& pos, HexId h);

}  // namespace bg::core
