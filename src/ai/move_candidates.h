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
  // A reinforcement's, with MoveSpace::build's `columns`: the last pair of
  // its entry hex's column that still reaches `to` (the k-th pair to enter by
  // one hex pays k Movement Points, Resolver::plan_entry); 0: not reckoned.
  uint8_t last_pair = 0;
};

struct UnitChoices {
  core::UnitIndex unit = core::kNoUnit;
  bool reinforcement = false;
  std::vector<MoveOption> options;  // [0] is stay
};

using Genome = std::vector<uint8_t>;  // an option index per UnitChoices

class MoveSpace {
 public:
  // Builds the choices of the phasing side on its view; k destinations per
  // unit. With `columns`, a plan's reinforcements pay their column's entry
  // cost: they enter cheapest place first, and one the column leaves short
  // of its hex stays off the map in the decoded plan (the plan the
  // evaluation sees is one the rules let the units make).
  void build(const core::Game& view, Evaluator& ev, int k, bool columns = false);
  const std::vector<UnitChoices>& units() const { return units_; }
  // Each unit's best option by its own score: the greedy plan.
  Genome greedy() const;
  Genome stay() const { return Genome(units_.size(), 0); }
  // Puts the plan's units in `ws` (a copy of the view's state).
  void decode(const Genome& g, core::GameState& ws);
  // The plan as orders in execution order (reinforcements first, as columns).
  std::vector<MoveOption> orders(const Genome& g, std::vector<core::UnitIndex>& units) const;

 private:
  void build_reinforcements(const core::Game& view, Evaluator& ev, int k, bool columns);
  // Each reinforcement option's last_pair, from entries asked of games whose
  // columns at `hexes` are longer (units_[first..] are the reinforcements).
  void reckon_columns(const core::Game& view, size_t first,
                      const core::StaticVector<core::HexId, 16>& hexes);
  // The plan's reinforcements (indices into units_) in the order they enter:
  // by their options' last_pair, those needing the front of a column first;
  // reaches[i]: whether the column still lets order[i] reach its hex.
  void column_order(const Genome& g, std::vector<size_t>& order,
                    std::vector<uint8_t>& reaches) const;

  const core::Game* view_ = nullptr;
  std::vector<UnitChoices> units_;
  core::LegalActionGenerator gen_;
  std::vector<core::Action> legal_;
  std::vector<uint8_t> count_;  // my units per hex while decoding
  std::vector<core::HexId> touched_;
  std::vector<MoveOption> opts_;
  std::vector<size_t> entering_;  // decode's column_order buffers
  std::vector<uint8_t> reaches_;
  // Units that entered by each hex this phase before the plan (GameState::entries).
  core::EntryColumns entered_;
};

// The legal action for one order on the current view, from the core's legal
// moves (or entries) of the unit: the planned destination if it is still
// legal with room, else the legal hex with room nearest it; nothing if the
// unit cannot move or enter now. `legal` is a reused buffer.
bool order_action(const core::Game& view, core::UnitIndex u, const MoveOption& o,
                  core::LegalActionGenerator& gen, std::vector<core::Action>& legal,
                  core::Action& out);

}  // namespace bg::ai
