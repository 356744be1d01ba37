// A title's exclusive rules built from optional modules (module.h): every
// core::ScenarioRules hook asks the title's own rules (the virtuals below a
// title overrides) and then each module, in the order given. A title that
// plays with modules derives from ModularRules; its own state lives in
// ModularState::title (title_state / title_state_mut).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "modules/module.h"

namespace bg::modules {

class ModularRules : public core::ScenarioRules {
 public:
  ModularRules(std::string name, std::vector<std::unique_ptr<Module>> modules);

  std::string_view name() const override { return name_; }
  // The modules, in slot order (owned: a module's slot is its place here).
  const std::vector<std::unique_ptr<Module>>& modules() const { return modules_; }
  // The module with this key, or null.
  const Module* find(std::string_view key) const;

  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
  std::vector<core::HexId> entry_hexes(const core::Context& ctx, const core::GameState& st,
                                       core::UnitIndex u) const override;
  core::Status check_entry(const core::Context& ctx, const core::GameState& st,
                           const core::Board& board, core::UnitIndex u,
                           core::HexId entry) const override;
  bool forbids(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
               core::HexId h) const override;
  core::Error forbid_reason(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                            core::HexId h) const override;
  bool forbids_advance(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                       core::HexId from, core::HexId to) const override;
  core::Error advance_refusal(const core::Context& ctx, const core::GameState& st,
                              core::UnitIndex u, core::HexId from, core::HexId to) const override;
  core::Status may_move(const core::Context& ctx, const core::GameState& st,
                        core::UnitIndex u) const override;
  bool must_attack(const core::Context& ctx, const core::GameState& st,
                   core::UnitIndex u) const override;
  core::Status may_end_move(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                            core::HexId to) const override;
  core::Status may_end_movement(const core::Context& ctx, const core::GameState& st) const override;
  core::DieModifier die_modifier(
      const core::Context& ctx, const core::GameState& st,
      const core::StaticVector<core::HexId, core::kMaxCombatUnits>& attacker_hexes,
      const core::StaticVector<core::HexId, core::kMaxCombatHexes>& defender_hexes) const override;
  void on_game_start(const core::Context& ctx, core::GameState& st) const override;
  void on_phase_start(const core::Context& ctx, core::GameState& st) const override;
  void after_action(const core::Context& ctx, core::GameState& st,
                    const core::Action& a) const override;
  void on_game_turn_end(const core::Context& ctx, core::GameState& st) const override;
  core::Status scenario_action(const core::Context& ctx, core::GameState& st,
                               const core::Action& a) const override;
  void legal_decisions(const core::Context& ctx, const core::GameState& st,
                       std::vector<core::Action>& out) const override;
  std::optional<core::Side> decision_side(const core::Context& ctx, const core::GameState& st,
                                          const core::Action& a) const override;
  std::string_view decision_key(int decision) const override;
  // The module's words for decision a (Module::decision_words); empty for
  // a decision no module makes.
  DecisionWords decision_words(const core::Context& ctx, const core::GameState& st,
                               const core::Action& a) const;
  std::optional<int> parse_decision_key(std::string_view key) const override;
  core::VictoryReport victory(const core::Context& ctx, const core::GameState& st) const override;
  void adjust_hex_defence(
      const core::Context& ctx, const core::GameState& st, const core::Board& board,
      const core::StaticVector<core::UnitIndex, core::kMaxCombatUnits>& attackers,
      core::HexDefence& d) const override;
  int river_entry_cost(const core::Context& ctx, const core::GameState& st,
                       const core::UnitDef& def, core::HexId from,
                       core::HexId river) const override;
  bool is_exit(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
               core::HexId h) const override;
  bool may_reenter(const core::Context& ctx, const core::GameState& st,
                   core::UnitIndex u) const override;
  void tec_features(const core::Context& ctx, std::vector<core::TecFeature>& out) const override;
  // Every module's markers, in slot order (module.h).
  std::vector<Marker> markers(const core::Context& ctx, const core::GameState& st) const;

 protected:
  // The title's own part of each composed hook. Defaults: none / the
  // default ScenarioRules behaviour.
  virtual core::TitleState title_initial_state(const core::Context& ctx) const;
  virtual std::string_view title_cite(core::RuleId id) const;
  virtual core::VictoryReport title_victory(const core::Context& ctx,
                                            const core::GameState& st) const;

  template <class T>
  static const T* title_state(const core::GameState& st) {
    const ModularState* m = st.title.get<ModularState>();
    return m ? m->title.get<T>() : nullptr;
  }
  template <class T>
  static T& title_state_mut(core::GameState& st) {
    return st.title.mut<ModularState>().title.mut<T>();
  }

 private:
  std::string name_;
  std::vector<std::unique_ptr<Module>> modules_;
};

}  // namespace bg::modules
