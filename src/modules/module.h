// Optional rule modules (leaders and command, following orders, tactical
// ability, fortifications, pontoons, exits for victory points, ...): rules that
// neither edition of the Standard Rules has, which a title switches on and
// supplies the data of. They sit beside the core: they know no title, and a
// title composes the ones it plays with through ModularRules
// (modular_rules.h), which is the title's core::ScenarioRules.
//
// A module's hooks mirror core::ScenarioRules; each default changes nothing.
// What a module remembers between actions is its own typed struct in its slot
// of ModularState (copy-on-write, like core::TitleState), so copies, saves (by
// replay) and equality carry it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/scenario.h"

namespace bg::modules {

// A title's state when it plays with modules: one slot per module, in the
// order ModularRules was given them, and the title's own.
struct ModularState {
  std::vector<core::TitleState> slots;
  core::TitleState title;
  friend bool operator==(const ModularState&, const ModularState&) = default;
};

// One thing a module shows a player: `kind` ("fort", "pontoon", "ford",
// "exited", ...) at `hex` (kNoHex: none), of `side`, naming `unit` (kNoUnit:
// none), with a number (points, a state) where the kind has one.
struct Marker {
  std::string_view kind;
  core::HexId hex = core::kNoHex;
  std::optional<core::Side> side;
  core::UnitIndex unit = core::kNoUnit;
  int value = 0;
  std::string_view state;  // e.g. "emplaced", "ordered"; "" if none
  // What it is and does, in words a front end shows as they are (a legend, a
  // tooltip), and the rule or ruling it comes from: the module's, so no front
  // end needs to know a kind to explain it.
  std::string_view label;
  std::string_view rule;
};

// A decision of a module in words (Module::decision_words).
struct DecisionWords {
  std::string label;
  std::string_view rule;
  core::HexId hex = core::kNoHex;  // the hex it concerns, if any
};

class Module {
 public:
  virtual ~Module() = default;
  // A stable kebab-case name ("command", "forts"): options and docs use it.
  virtual std::string_view key() const = 0;

  // The module's state when the game starts. Default: none.
  virtual core::TitleState initial_state(const core::Context& ctx) const;
  // The case the module's rule text gives a rule (its own or the core's); ""
  // when it does not number it.
  virtual std::string_view cite(core::RuleId id) const;

  // Reinforcements: the entry hexes after the title's (the module may add or
  // reorder), and whether u may enter by `entry` now.
  virtual void adjust_entry_hexes(const core::Context& ctx, const core::GameState& st,
                                  core::UnitIndex u, std::vector<core::HexId>& hexes) const;
  virtual core::Status check_entry(const core::Context& ctx, const core::GameState& st,
                                   const core::Board& board, core::UnitIndex u,
                                   core::HexId entry) const;

  virtual bool forbids(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                       core::HexId h) const;
  virtual core::Error forbid_reason(const core::Context& ctx, const core::GameState& st,
                                    core::UnitIndex u, core::HexId h) const;
  virtual bool forbids_advance(const core::Context& ctx, const core::GameState& st,
                               core::UnitIndex u, core::HexId from, core::HexId to) const;
  virtual core::Error advance_refusal(const core::Context& ctx, const core::GameState& st,
                                      core::UnitIndex u, core::HexId from, core::HexId to) const;

  // Movement permission, ordered attacks and the combat die (the
  // core::ScenarioRules hooks of the same names; the die modifiers of every
  // module add up).
  virtual core::Status may_move(const core::Context& ctx, const core::GameState& st,
                                core::UnitIndex u) const;
  virtual bool must_attack(const core::Context& ctx, const core::GameState& st,
                           core::UnitIndex u) const;
  virtual core::Status may_end_move(const core::Context& ctx, const core::GameState& st,
                                    core::UnitIndex u, core::HexId to) const;
  virtual core::Status may_end_movement(const core::Context& ctx, const core::GameState& st) const;
  virtual core::DieModifier die_modifier(
      const core::Context& ctx, const core::GameState& st,
      const core::StaticVector<core::HexId, core::kMaxCombatUnits>& attacker_hexes,
      const core::StaticVector<core::HexId, core::kMaxCombatHexes>& defender_hexes) const;

  virtual void on_game_start(const core::Context& ctx, core::GameState& st) const;
  virtual void on_phase_start(const core::Context& ctx, core::GameState& st) const;
  virtual void after_action(const core::Context& ctx, core::GameState& st,
                            const core::Action& a) const;
  virtual void on_game_turn_end(const core::Context& ctx, core::GameState& st) const;

  // The module's own decisions: Action::kind Scenario with Action::decision
  // = decision_id(local), local 0..15 numbering the module's kinds of
  // decision; decision_key(local) names each (e.g. "fort") for front ends,
  // "" for a number the module does not use.
  virtual std::string_view decision_key(int local) const;
  virtual core::Status scenario_action(const core::Context& ctx, core::GameState& st,
                                       const core::Action& a) const;
  virtual void legal_decisions(const core::Context& ctx, const core::GameState& st,
                               std::vector<core::Action>& out) const;
  virtual std::optional<core::Side> decision_side(const core::Context& ctx,
                                                  const core::GameState& st,
                                                  const core::Action& a) const;
  // A listed decision in words a front end shows as they are (a button), the
  // rule it follows and the hex it concerns; default: its key and value.
  virtual DecisionWords decision_words(const core::Context& ctx, const core::GameState& st,
                                       const core::Action& a) const;

  // Adds the module's lines (and points) to the victory report the title made.
  virtual void add_victory(const core::Context& ctx, const core::GameState& st,
                           core::VictoryReport& report) const;

  // Terrain, crossings and exits (core::ScenarioRules' hooks of the same
  // names). A hex's defence after the terrain multiplier (a fortification);
  // the MP to enter a river hex (kProhibited, -1: not this module's crossing;
  // the cheapest crossing any module offers applies); whether u may leave the
  // map from h, and whether an exited u may come back on (any module may
  // allow either).
  virtual void adjust_hex_defence(
      const core::Context& ctx, const core::GameState& st, const core::Board& board,
      const core::StaticVector<core::UnitIndex, core::kMaxCombatUnits>& attackers,
      core::HexDefence& d) const;
  virtual int river_entry_cost(const core::Context& ctx, const core::GameState& st,
                               const core::UnitDef& def, core::HexId from, core::HexId river) const;
  virtual bool is_exit(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                       core::HexId h) const;
  virtual bool may_reenter(const core::Context& ctx, const core::GameState& st,
                           core::UnitIndex u) const;

  // The terrain features the module adds to the Terrain Effects Chart
  // (core::ScenarioRules::tec_features). Default: none.
  virtual void tec_features(const core::Context& ctx, std::vector<core::TecFeature>& out) const;

  // What a front end draws or lists for this module (a fort, an emplaced
  // pontoon, an exited unit and its points), appended to `out`. Default: none.
  virtual void markers(const core::Context& ctx, const core::GameState& st,
                       std::vector<Marker>& out) const;

  // The module's slot in ModularState (set once by ModularRules).
  int slot() const { return slot_; }
  // Action::decision of the module's decision `local`, and back.
  static constexpr int kDecisionsPerModule = 16;
  static constexpr int kMaxModules = 255 / kDecisionsPerModule - 1;
  int decision_id(int local) const { return (slot_ + 1) * kDecisionsPerModule + local; }
  static int decision_slot(int decision) { return decision / kDecisionsPerModule - 1; }
  static int decision_local(int decision) { return decision % kDecisionsPerModule; }

 protected:
  // The module's state in st (null if st holds no ModularState or another type).
  template <class T>
  const T* state(const core::GameState& st) const {
    const ModularState* m = st.title.get<ModularState>();
    if (!m || slot_ < 0 || slot_ >= static_cast<int>(m->slots.size())) return nullptr;
    return m->slots[static_cast<size_t>(slot_)].get<T>();
  }
  // Writable; clones what another state shares first.
  template <class T>
  T& state_mut(core::GameState& st) const {
    return st.title.mut<ModularState>().slots[static_cast<size_t>(slot_)].mut<T>();
  }

 private:
  friend class ModularRules;
  int slot_ = -1;
};

// Once the game is over, the winner is the side with more points (none if
// equal): for modules that add points to the title's report.
void rescore_winner(core::VictoryReport& r);

}  // namespace bg::modules
