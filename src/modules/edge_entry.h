// Reinforcements (Four Roads rule 5): they enter on their
// player-turn or any later one (the core's arrival turn is the earliest), on
// their entry hex unless an enemy unit stands on it (not merely its Zone of
// Control): then on the next unblocked hex clockwise along the map edge
// (R-FR5-CLOCKWISE). The entry hex counts against the allowance (the core's
// column cost: the first pair entering by a hex pays one MP).
#pragma once

#include "modules/module.h"

namespace bg::modules {

class EdgeEntryModule final : public Module {
 public:
  std::string_view key() const override { return "edge-entry"; }
  std::string_view cite(core::RuleId id) const override;
  void adjust_entry_hexes(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                          std::vector<core::HexId>& hexes) const override;
  // The hex a reinforcement blocked at `entry` enters by instead: the first
  // edge hex clockwise from it with no enemy unit and not a river or ferry
  // hex; `entry` itself if not blocked or not on the edge.
  core::HexId slide(const core::Context& ctx, const core::GameState& st, core::Side s,
                    core::HexId entry) const;
};

}  // namespace bg::modules
