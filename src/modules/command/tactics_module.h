// Module "tactics" (Four Roads rule 9, optional: Tactical Ability). A
// headquarters in a battle (stacked with an attacking unit, or in a defending
// hex) modifies the die by its offensive rating when attacking and its
// defensive rating when defending, in its own side's favour: on the Blue &
// Gray CRT a low die favours the attacker, so the offensive rating is taken
// off the die and the defensive rating added (R-FR-9-DIRECTION); the die is
// held to 1..6 (the core). Only the highest echelon present on each side
// counts; of equal rank the owner's best rating applies (R-FR-9-EQUAL-RANK).
#pragma once

#include <memory>

#include "modules/command/chain.h"
#include "modules/module.h"

namespace bg::modules {

struct TacticsState {
  ChainIndex index;
  friend bool operator==(const TacticsState&, const TacticsState&) = default;
};

class TacticsModule final : public Module {
 public:
  explicit TacticsModule(std::shared_ptr<const CommandChain> chain) : chain_(std::move(chain)) {}
  std::string_view key() const override { return "tactics"; }

  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
  void on_phase_start(const core::Context& ctx, core::GameState& st) const override;
  core::DieModifier die_modifier(
      const core::Context& ctx, const core::GameState& st,
      const core::StaticVector<core::HexId, core::kMaxCombatUnits>& attacker_hexes,
      const core::StaticVector<core::HexId, core::kMaxCombatHexes>& defender_hexes) const override;

  // The headquarters (HqSpec index) whose rating counts for `side` among
  // those in `hexes`, or -1 (FR 9).
  template <class Hexes>
  int commander_in(const core::Context& ctx, const core::GameState& st, core::Side side,
                   const Hexes& hexes, bool attacking) const;

 private:
  std::shared_ptr<const CommandChain> chain_;
};

}  // namespace bg::modules
