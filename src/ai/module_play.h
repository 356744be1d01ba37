// How the AI plays the optional rule modules a game may have (src/modules),
// read from the modules themselves, never from a title:
//   - command (FR 7, FR 8): what keeping units in command is worth: a
//     headquarters out of its parent's command radius may not move under
//     FR 8's orders, and an ineffective unit recovers only within the rally
//     radius of a headquarters above it (FR 7). CommandTerm prices a position
//     that breaks either, so the planner keeps them in command when it can.
//   - pontoons and assault boats (R-FR-PONTOON, R-FR-BOAT): at the start of
//     its Movement Phase the AI orders a pontoon emplaced where the bridge
//     shortens its way to its goals (the enemy, its own scoring exits) by
//     several hexes, and crosses a unit by assault boat when the evaluation
//     of the position after the landing gains enough; a pontoon unit that
//     holds a bridge (or has one ordered) stays where it is; a train at no
//     such bank marches toward the nearest one.
//   - exits (FR 4): an exited unit comes back on when the position with it
//     back is worth more than the exit points its return revokes.
// Both decide among the decisions the engine lists (legal_actions.h), so the
// AI never submits one the rules refuse.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace bg::ai {

class Evaluator;

class CommandTerm {
 public:
  // Once per phase: finds the command and orders modules of the view's game
  // (nothing to do without them) and resolves the chain for `me`'s units.
  void prepare(const core::Game& view, core::Side me);
  // What the position loses by units out of command (<= 0; 0 without the
  // modules). Allocates nothing.
  double value(const core::GameState& st) const;
  // The same for unit u alone standing in h, the others where the phase
  // began (the planner's candidate filter, Evaluator::unit_score).
  double unit_value(core::UnitIndex u, core::HexId h) const;
  bool active() const { return !hq_links_.empty() || !rally_.empty(); }

 private:
  struct Link {
    core::UnitIndex unit = core::kNoUnit;  // the unit kept in range
    core::UnitIndex hq = core::kNoUnit;    // the headquarters it must stay near
    int radius = 0;
    int weight = 0;  // FR 8: the strength it commands; FR 7: the unit's strength
  };
  const core::Map* map_ = nullptr;
  std::vector<Link> hq_links_;  // FR 8: my headquarters and their parents
  std::vector<Link> rally_;     // FR 7: my units and each headquarters that rallies them
  std::vector<core::HexId> start_;
  std::vector<uint8_t> ineffective_;  // each unit's hex when the phase began (kNoHex: off the map)
  const void* game_for_[2] = {nullptr, nullptr};
  core::Side side_for_ = core::Side::Union;
  size_t roster_size_ = 0;
};

// A pontoon emplacement or an assault-boat crossing worth making now, on the
// side's view at the start of its Movement Phase (before any unit moved), or
// nullopt; `why` gets the explanation's line.
std::optional<core::Action> crossing_decision(const core::Game& view, core::Side me, Evaluator& ev,
                                              std::string* why);

// FR 4 (R-FR4-REENTRY): an exited unit's re-entry worth more than the exit
// points it revokes, on the side's view at the start of its Movement Phase,
// or nullopt. Each entry the engine lists (the exit hex, and on from it) is
// played on a copy and evaluated without the title's exit schedule; the
// module's recorded points for the unit are charged instead.
std::optional<core::Action> reentry_decision(const core::Game& view, core::Side me, Evaluator& ev,
                                             std::string* why);

// R-FR-PONTOON: a move that takes a pontoon train toward the nearest bank
// hex where a bridge would save at least kBridgeGain hexes toward its goals
// (the enemy, its own scoring exits), when it stands at none; nullopt if no
// train needs to move.
std::optional<core::Action> pontoon_march(const core::Game& view, core::Side me,
                                          const Evaluator& ev, std::string* why);

// Whether unit u anchors an emplaced or ordered pontoon (moving it would take
// the bridge up or cancel the order).
bool anchors_pontoon(const core::Game& view, core::UnitIndex u);

}  // namespace bg::ai
