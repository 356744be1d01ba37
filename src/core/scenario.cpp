#include "core/scenario.h"

#include <algorithm>

namespace bg::core {

TitleState ScenarioRules::initial_state(const Context&) const {
  return {};
}

std::string_view ScenarioRules::cite(RuleId) const {
  return {};
}

int ScenarioRules::arrival_turn(const Context& ctx, const GameState&, UnitIndex u) const {
  return ctx.def(u).arrival_turn;
}

std::vector<HexId> ScenarioRules::entry_hexes(const Context& ctx, const GameState&,
                                              UnitIndex u) const {
  return ctx.def(u).entry_hexes;
}

Status ScenarioRules::check_entry(const Context&, const GameState&, const Board&, UnitIndex,
                                  HexId) const {
  return ok_status();
}

MoveBonus ScenarioRules::bonus_mp(const Context&, const GameState&, UnitIndex, int) const {
  return {};
}

bool ScenarioRules::forbids(const Context&, const GameState&, UnitIndex, HexId) const {
  return false;
}

Error ScenarioRules::forbid_reason(const Context&, const GameState&, UnitIndex, HexId) const {
  return Error{"", "that hex may not be entered"};
}

bool ScenarioRules::hexside_doubles_defence(HexsideBits side) const {
  return tec_hexside_doubles(side);
}

bool ScenarioRules::forbids_advance(const Context&, const GameState&, UnitIndex, HexId,
                                    HexId) const {
  return false;
}

Error ScenarioRules::advance_refusal(const Context&, const GameState&, UnitIndex, HexId,
                                     HexId) const {
  return Error{"", "that advance is not allowed"};
}

Status ScenarioRules::may_move(const Context&, const GameState&, UnitIndex) const {
  return ok_status();
}
Status ScenarioRules::may_end_move(const Context&, const GameState&, UnitIndex, HexId) const {
  return ok_status();
}
Status ScenarioRules::may_end_movement(const Context&, const GameState&) const {
  return ok_status();
}
bool ScenarioRules::must_attack(const Context&, const GameState&, UnitIndex) const {
  return false;
}
DieModifier ScenarioRules::die_modifier(const Context&, const GameState&,
                                        const StaticVector<HexId, kMaxCombatUnits>&,
                                        const StaticVector<HexId, kMaxCombatHexes>&) const {
  return {};
}
void ScenarioRules::on_game_start(const Context&, GameState&) const {}
void ScenarioRules::on_phase_start(const Context&, GameState&) const {}
void ScenarioRules::after_action(const Context&, GameState&, const Action&) const {}
void ScenarioRules::on_game_turn_end(const Context&, GameState&) const {}

Status ScenarioRules::scenario_action(const Context&, GameState&, const Action&) const {
  return Error{"", "this game has no scenario decisions"};
}

void ScenarioRules::legal_decisions(const Context&, const GameState&, std::vector<Action>&) const {}

std::optional<Side> ScenarioRules::decision_side(const Context&, const GameState&,
                                                 const Action&) const {
  return std::nullopt;
}

std::string_view ScenarioRules::decision_key(int) const {
  return {};
}

std::optional<int> ScenarioRules::parse_decision_key(std::string_view key) const {
  if (key.empty()) return 0;
  return std::nullopt;
}

bool ScenarioRules::hidden_from(const Context&, const GameState&, UnitIndex, Side) const {
  return false;
}

void ScenarioRules::redact(const Context&, GameState&, Side) const {}

void ScenarioRules::adjust_hex_defence(const Context&, const GameState&, const Board&,
                                       const StaticVector<UnitIndex, kMaxCombatUnits>&,
                                       HexDefence&) const {}

int ScenarioRules::river_entry_cost(const Context&, const GameState&, const UnitDef&, HexId,
                                    HexId) const {
  return -1;  // kProhibited (movement.h)
}

bool ScenarioRules::is_exit(const Context& ctx, const GameState&, UnitIndex, HexId h) const {
  return ctx.map->is_exit(h);
}

bool ScenarioRules::may_reenter(const Context&, const GameState&, UnitIndex) const {
  return false;
}

void ScenarioRules::tec_features(const Context&, std::vector<TecFeature>&) const {}

VictoryReport ScenarioRules::victory(const Context& ctx, const GameState& st) const {
  return eliminated_strength_report(ctx, st);
}

VictoryReport eliminated_strength_report(const Context& ctx, const GameState& st) {
  VictoryReport out;
  for (int u = 0; u < st.pos.count; ++u) {
    if (st.pos.units[u].status != UnitStatus::Eliminated) continue;
    const UnitDef& d = ctx.def(static_cast<UnitIndex>(u));
    const Side scorer = other(d.side);
    // The Standard Rules have no victory conditions (each title's exclusive
    // rules do); every title scores eliminated strength, so the sandbox does.
    out.lines.push_back(VpLine{
        scorer, "", "eliminated " + d.id + " (" + std::to_string(d.strength) + ")", d.strength});
  }
  out.total = st.vp;
  out.projected = st.vp;
  out.final = st.phase == Phase::Over;
  if (out.final && st.vp[0] != st.vp[1])
    out.winner = st.vp[0] > st.vp[1] ? Side::Union : Side::Confederate;
  return out;
}

}  // namespace bg::core
