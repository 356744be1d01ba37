// The movement phase as a choice per unit: for every unit that may move (and
// every reinforcement that may enter) a short list of destinations,
// best first by Evaluator::unit_score, option 0 being "stay" ("stay off the
// map" for a reinforcement). A plan is one option per unit; decoding a plan
// puts the units in a working copy of the state (stacking kept to two, 5.32,
// and a unit that must stand alone, UnitDef::sole_occupant, alone) for the
// evaluation, and executing it turns each order into a Move/Enter action the
// engine accepts.
#pragma once

#include <cstdint>
#include <vector>

#include "ai/evaluation.h"
#include "ai/rng.h"
#include "core/game.h"
#include "core/legal_actions.h"

namespace bg::ai {

struct MoveOption {
  core::HexId entry = core::kNoHex;  // a reinforcement's entry hex
  core::HexId to = core::kNoHex;     // kNoHex: stay (or stay off the map)
  bool exit = false;                 // leave the map from `to`
  bool strategic = false;            // DG 11.1 strategic movement
  double score = 0;                  // the unit's quick score there
};

struct UnitChoices {
  core::UnitIndex unit = core::kNoUnit;
  bool reinforcement = false;
  std::vector<MoveOption> options;  // [0] is stay
};

using Genome = std::vector<uint8_t>;  // an option index per UnitChoices

class MoveSpace {
 public:
  // Builds the choices of the phasing side on its view; k destinations per unit.
  void build(const core::Game& view, Evaluator& ev, int k);
  const std::vector<UnitChoices>& units() const { return units_; }
  // Each unit's best option by its own score: the greedy plan.
  Genome greedy() const;
  Genome stay() const { return Genome(units_.size(), 0); }
  // Puts the plan's units in `ws` (a copy of the view's state).
  void decode(const Genome& g, core::GameState& ws);
  // The plan as orders in execution order (reinforcements first, as columns).
  std::vector<MoveOption> orders(const Genome& g, std::vector<core::UnitIndex>& units) const;

 private:
  const core::Game* view_ = nullptr;
  std::vector<UnitChoices> units_;
  core::LegalActionGenerator gen_;
  std::vector<core::Action> legal_;
  std::vector<uint8_t> count_;  // my units per hex while decoding
  std::vector<core::HexId> touched_;
};

// The legal action for one order on the current view, from the core's legal
// moves (or entries) of the unit: the planned destination if it is still
// legal with room, else the legal hex with room nearest it; nothing if the
// unit cannot move or enter now. `legal` is a reused buffer.
bool order_action(const core::Game& view, core::UnitIndex u, const MoveOption& o,
                  core::LegalActionGenerator& gen, std::vector<core::Action>& legal,
                  core::Action& out);

}  // namespace bg::ai
