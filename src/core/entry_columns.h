// Reinforcements entered this Movement Phase at each entry hex: the column of
// stacks behind the hex, where the k-th pair to enter pays k Movement Points
// (the title's reinforcement case; RuleId::ReinforcementColumn). The engine counts the entries as
// they are made; the AI counts a plan's columns the same way before making them, so both ask this
// one type where a hex's column is and how long it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/map.h"
#include "core/static_vector.h"

namespace bg::core {

struct EntryColumns {
  // Entry hexes one phase may use; the engine refuses a unit that would open
  // one more (Resolver::plan_entry).
  static constexpr size_t kMaxHexes = 16;
  StaticVector<HexId, kMaxHexes> hexes;
  StaticVector<uint8_t, kMaxHexes> counts;  // units entered by hexes[i]

  size_t size() const { return hexes.size(); }
  // The slot of h; size() when no unit has entered by h.
  size_t slot_of(HexId h) const {
    size_t s = 0;
    while (s < hexes.size() && hexes[s] != h) ++s;
    return s;
  }
  // Units entered by h so far.
  int entered_by(HexId h) const {
    const size_t s = slot_of(h);
    return s < hexes.size() ? counts[s] : 0;
  }
  // Whether a unit entering by h has a slot to be counted in (h's own, or a free one).
  bool room_for(HexId h) const { return slot_of(h) < hexes.size() || !hexes.full(); }
  // The slot of h, opened with no units yet when it has none; nothing when
  // every slot is taken.
  std::optional<size_t> open(HexId h) {
    const size_t s = slot_of(h);
    if (s < hexes.size()) return s;
    if (hexes.full()) return std::nullopt;
    hexes.push_back(h);
    counts.push_back(0);
    return s;
  }
  void clear() {
    hexes.clear();
    counts.clear();
  }
  friend bool operator==(const EntryColumns&, const EntryColumns&) = default;
};

}  // namespace bg::core
