#include "modules/module.h"

namespace bg::modules {

using namespace core;

TitleState Module::initial_state(const Context&) const {
  return {};
}

std::string_view Module::cite(RuleId) const {
  return {};
}

void Module::adjust_entry_hexes(const Context&, const GameState&, UnitIndex,
                                std::vector<HexId>&) const {}

Status Module::check_entry(const Context&, const GameState&, const Board&, UnitIndex, HexId) const {
  return ok_status();
}

bool Module::forbids(const Context&, const GameState&, UnitIndex, HexId) const {
  return false;
}

Error Module::forbid_reason(const Context&, const GameState&, UnitIndex, HexId) const {
  return Error{"", "that hex may not be entered"};
}

bool Module::forbids_advance(const Context&, const GameState&, UnitIndex, HexId, HexId) const {
  return false;
}

Error Module::advance_refusal(const Context&, const GameState&, UnitIndex, HexId, HexId) const {
  return Error{"", "that advance is not allowed"};
}

Status Module::may_move(const Context&, const GameState&, UnitIndex) const {
  return ok_status();
}
Status Module::may_end_move(const Context&, const GameState&, UnitIndex, HexId) const {
  return ok_status();
}
Status Module::may_end_movement(const Context&, const GameState&) const {
  return ok_status();
}
bool Module::must_attack(const Context&, const GameState&, UnitIndex) const {
  return false;
}
DieModifier Module::die_modifier(const Context&, const GameState&,
                                 const StaticVector<HexId, kMaxCombatUnits>&,
                                 const StaticVector<HexId, kMaxCombatHexes>&) const {
  return {};
}
void Module::on_game_start(const Context&, GameState&) const {}
void Module::on_phase_start(const Context&, GameState&) const {}
void Module::after_action(const Context&, GameState&, const Action&) const {}
void Module::on_game_turn_end(const Context&, GameState&) const {}

std::string_view Module::decision_key(int) const {
  return {};
}

Status Module::scenario_action(const Context&, GameState&, const Action&) const {
  return Error{"", "this module has no decisions"};
}

void Module::legal_decisions(const Context&, const GameState&, std::vector<Action>&) const {}

DecisionWords Module::decision_words(const Context&, const GameState&, const Action& a) const {
  return DecisionWords{
      std::string(decision_key(decision_local(a.decision))) + " " + std::to_string(a.value),
      {},
      kNoHex};
}

std::optional<Side> Module::decision_side(const Context&, const GameState&, const Action&) const {
  return std::nullopt;
}

void Module::adjust_hex_defence(const Context&, const GameState&, const Board&,
                                const StaticVector<UnitIndex, kMaxCombatUnits>&,
                                HexDefence&) const {}

int Module::river_entry_cost(const Context&, const GameState&, const UnitDef&, HexId, HexId) const {
  return kProhibited;
}

bool Module::is_exit(const Context&, const GameState&, UnitIndex, HexId) const {
  return false;
}

bool Module::may_reenter(const Context&, const GameState&, UnitIndex) const {
  return false;
}

void Module::markers(const Context&, const GameState&, std::vector<Marker>&) const {}

void Module::tec_features(const Context&, std::vector<TecFeature>&) const {}

void Module::add_victory(const Context&, const GameState&, VictoryReport&) const {}

void rescore_winner(VictoryReport& r) {
  if (!r.final) return;
  r.winner.reset();
  if (r.total[0] != r.total[1])
    r.winner = r.total[0] > r.total[1] ? Side::Union : Side::Confederate;
}

}  // namespace bg::modules
