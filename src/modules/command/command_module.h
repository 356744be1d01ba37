// Module "command" (Four Roads rule 7 and the headquarters of rules 7-9):
// headquarters are units (UnitType::Special, kind "hq": no combat strength,
// never attack, no Zone of Control, stack freely; make_hq_def builds one) and
// the chain of command is data (chain.h).
//   - FR 7: at the start of its player-turn an ineffective unit within the
//     rally radius of a corps-level or higher headquarters it answers to
//     recovers (radius counted in hexes: R-FR-7-RADIUS).
//   - R-FR-HQ-ALONE: a headquarters with no friendly combat unit in its hex
//     that stands in an enemy combat unit's Zone of Control while the enemy
//     acts is captured (removed as eliminated); it is never attacked alone.
#pragma once

#include <memory>

#include "modules/command/chain.h"
#include "modules/module.h"

namespace bg::modules {

// What the command module keeps: the chain resolved against the roster, and
// what happened at the last player-turn's start, for players to see.
struct CommandState {
  ChainIndex index;
  std::vector<core::UnitIndex> rallied;   // recovered at this player-turn's start (FR 7)
  std::vector<core::UnitIndex> captured;  // headquarters captured so far (R-FR-HQ-ALONE)
  friend bool operator==(const CommandState&, const CommandState&) = default;
};

// A headquarters counter: Special kind "hq", no strength, never attacks, no
// ZOC, stacks freely, with the movement allowance given.
core::UnitDef make_hq_def(std::string id, core::Side side, int movement = 8);

class CommandModule final : public Module {
 public:
  explicit CommandModule(std::shared_ptr<const CommandChain> chain) : chain_(std::move(chain)) {}
  std::string_view key() const override { return "command"; }
  const CommandChain& chain() const { return *chain_; }

  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
  void on_phase_start(const core::Context& ctx, core::GameState& st) const override;
  void after_action(const core::Context& ctx, core::GameState& st,
                    const core::Action& a) const override;

  // The state (null before the game has one).
  const CommandState* command_state(const core::GameState& st) const {
    return state<CommandState>(st);
  }
  const ChainIndex& index(const core::Context& ctx, const core::GameState& st) const;
  // Whether ineffective unit u is within the rally radius of a headquarters
  // above it now (FR 7).
  bool in_rally_radius(const core::Context& ctx, const core::GameState& st,
                       core::UnitIndex u) const;

 private:
  void refresh(const core::Context& ctx, core::GameState& st) const;
  void capture_lone_hqs(const core::Context& ctx, core::GameState& st) const;
  std::shared_ptr<const CommandChain> chain_;
};

}  // namespace bg::modules
