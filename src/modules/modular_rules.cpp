#include "modules/modular_rules.h"

#include <stdexcept>

#include "core/movement.h"

namespace bg::modules {

using namespace core;

ModularRules::ModularRules(std::string name, std::vector<std::unique_ptr<Module>> modules)
    : name_(std::move(name)), modules_(std::move(modules)) {
  // Decision numbers leave room for this many (module.h).
  if (modules_.size() > static_cast<size_t>(Module::kMaxModules))
    throw std::length_error("ModularRules: too many rule modules");
  for (size_t i = 0; i < modules_.size(); ++i) modules_[i]->slot_ = static_cast<int>(i);
}

const Module* ModularRules::find(std::string_view key) const {
  for (const auto& m : modules_)
    if (m->key() == key) return m.get();
  return nullptr;
}

TitleState ModularRules::initial_state(const Context& ctx) const {
  ModularState s;
  s.slots.reserve(modules_.size());
  for (const auto& m : modules_) s.slots.push_back(m->initial_state(ctx));
  s.title = title_initial_state(ctx);
  return TitleState::of(std::move(s));
}

std::string_view ModularRules::cite(RuleId id) const {
  if (std::string_view c = title_cite(id); !c.empty()) return c;
  for (const auto& m : modules_)
    if (std::string_view c = m->cite(id); !c.empty()) return c;
  return {};
}

std::vector<HexId> ModularRules::entry_hexes(const Context& ctx, const GameState& st,
                                             UnitIndex u) const {
  std::vector<HexId> hexes = ScenarioRules::entry_hexes(ctx, st, u);
  for (const auto& m : modules_) m->adjust_entry_hexes(ctx, st, u, hexes);
  return hexes;
}

Status ModularRules::check_entry(const Context& ctx, const GameState& st, const Board& board,
                                 UnitIndex u, HexId entry) const {
  for (const auto& m : modules_)
    if (Status s = m->check_entry(ctx, st, board, u, entry); !s) return s;
  return ok_status();
}

bool ModularRules::forbids(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const {
  for (const auto& m : modules_)
    if (m->forbids(ctx, st, u, h)) return true;
  return false;
}

Error ModularRules::forbid_reason(const Context& ctx, const GameState& st, UnitIndex u,
                                  HexId h) const {
  for (const auto& m : modules_)
    if (m->forbids(ctx, st, u, h)) return m->forbid_reason(ctx, st, u, h);
  return ScenarioRules::forbid_reason(ctx, st, u, h);
}

bool ModularRules::forbids_advance(const Context& ctx, const GameState& st, UnitIndex u, HexId from,
                                   HexId to) const {
  for (const auto& m : modules_)
    if (m->forbids_advance(ctx, st, u, from, to)) return true;
  return false;
}

Error ModularRules::advance_refusal(const Context& ctx, const GameState& st, UnitIndex u,
                                    HexId from, HexId to) const {
  for (const auto& m : modules_)
    if (m->forbids_advance(ctx, st, u, from, to)) return m->advance_refusal(ctx, st, u, from, to);
  return ScenarioRules::advance_refusal(ctx, st, u, from, to);
}

Status ModularRules::may_move(const Context& ctx, const GameState& st, UnitIndex u) const {
  for (const auto& m : modules_)
    if (Status s = m->may_move(ctx, st, u); !s) return s;
  return ok_status();
}

Status ModularRules::may_end_move(const Context& ctx, const GameState& st, UnitIndex u,
                                  HexId to) const {
  for (const auto& m : modules_)
    if (Status s = m->may_end_move(ctx, st, u, to); !s) return s;
  return ok_status();
}

Status ModularRules::may_end_movement(const Context& ctx, const GameState& st) const {
  for (const auto& m : modules_)
    if (Status s = m->may_end_movement(ctx, st); !s) return s;
  return ok_status();
}

bool ModularRules::must_attack(const Context& ctx, const GameState& st, UnitIndex u) const {
  for (const auto& m : modules_)
    if (m->must_attack(ctx, st, u)) return true;
  return false;
}

DieModifier ModularRules::die_modifier(
    const Context& ctx, const GameState& st,
    const StaticVector<HexId, kMaxCombatUnits>& attacker_hexes,
    const StaticVector<HexId, kMaxCombatHexes>& defender_hexes) const {
  DieModifier sum;
  for (const auto& m : modules_) {
    DieModifier d = m->die_modifier(ctx, st, attacker_hexes, defender_hexes);
    if (d.value == 0 && d.why.empty()) continue;
    sum.value += d.value;
    sum.why += (sum.why.empty() ? "" : "; ") + d.why;
    if (sum.rule.empty()) sum.rule = std::move(d.rule);
  }
  return sum;
}

void ModularRules::on_game_start(const Context& ctx, GameState& st) const {
  for (const auto& m : modules_) m->on_game_start(ctx, st);
}

void ModularRules::on_phase_start(const Context& ctx, GameState& st) const {
  for (const auto& m : modules_) m->on_phase_start(ctx, st);
}

void ModularRules::after_action(const Context& ctx, GameState& st, const Action& a) const {
  for (const auto& m : modules_) m->after_action(ctx, st, a);
}

void ModularRules::on_game_turn_end(const Context& ctx, GameState& st) const {
  for (const auto& m : modules_) m->on_game_turn_end(ctx, st);
}

Status ModularRules::scenario_action(const Context& ctx, GameState& st, const Action& a) const {
  const int slot = Module::decision_slot(a.decision);
  if (a.decision == 0 || slot < 0 || slot >= static_cast<int>(modules_.size()))
    return ScenarioRules::scenario_action(ctx, st, a);
  return modules_[static_cast<size_t>(slot)]->scenario_action(ctx, st, a);
}

void ModularRules::legal_decisions(const Context& ctx, const GameState& st,
                                   std::vector<Action>& out) const {
  for (const auto& m : modules_) m->legal_decisions(ctx, st, out);
}

std::optional<Side> ModularRules::decision_side(const Context& ctx, const GameState& st,
                                                const Action& a) const {
  const int slot = Module::decision_slot(a.decision);
  if (a.kind != ActionKind::Scenario || a.decision == 0 || slot < 0 ||
      slot >= static_cast<int>(modules_.size()))
    return std::nullopt;
  return modules_[static_cast<size_t>(slot)]->decision_side(ctx, st, a);
}

std::string_view ModularRules::decision_key(int decision) const {
  const int slot = Module::decision_slot(decision);
  if (decision == 0 || slot < 0 || slot >= static_cast<int>(modules_.size())) return {};
  return modules_[static_cast<size_t>(slot)]->decision_key(Module::decision_local(decision));
}

DecisionWords ModularRules::decision_words(const Context& ctx, const GameState& st,
                                           const Action& a) const {
  const int slot = Module::decision_slot(a.decision);
  if (a.decision == 0 || slot < 0 || slot >= static_cast<int>(modules_.size())) return {};
  return modules_[static_cast<size_t>(slot)]->decision_words(ctx, st, a);
}

std::optional<int> ModularRules::parse_decision_key(std::string_view key) const {
  if (key.empty()) return 0;
  for (const auto& m : modules_)
    for (int local = 0; local < Module::kDecisionsPerModule; ++local)
      if (m->decision_key(local) == key) return m->decision_id(local);
  return std::nullopt;
}

VictoryReport ModularRules::victory(const Context& ctx, const GameState& st) const {
  VictoryReport r = title_victory(ctx, st);
  for (const auto& m : modules_) m->add_victory(ctx, st, r);
  return r;
}

void ModularRules::adjust_hex_defence(const Context& ctx, const GameState& st, const Board& board,
                                      const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                                      HexDefence& d) const {
  for (const auto& m : modules_) m->adjust_hex_defence(ctx, st, board, attackers, d);
}

int ModularRules::river_entry_cost(const Context& ctx, const GameState& st, const UnitDef& def,
                                   HexId from, HexId river) const {
  int best = kProhibited;
  for (const auto& m : modules_) {
    const int c = m->river_entry_cost(ctx, st, def, from, river);
    if (c != kProhibited && (best == kProhibited || c < best)) best = c;
  }
  return best;
}

bool ModularRules::is_exit(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const {
  if (ScenarioRules::is_exit(ctx, st, u, h)) return true;
  for (const auto& m : modules_)
    if (m->is_exit(ctx, st, u, h)) return true;
  return false;
}

bool ModularRules::may_reenter(const Context& ctx, const GameState& st, UnitIndex u) const {
  for (const auto& m : modules_)
    if (m->may_reenter(ctx, st, u)) return true;
  return false;
}

std::vector<Marker> ModularRules::markers(const Context& ctx, const GameState& st) const {
  std::vector<Marker> out;
  for (const auto& m : modules_) m->markers(ctx, st, out);
  return out;
}

void ModularRules::tec_features(const Context& ctx, std::vector<TecFeature>& out) const {
  for (const auto& m : modules_) m->tec_features(ctx, out);
}

TitleState ModularRules::title_initial_state(const Context&) const {
  return {};
}

std::string_view ModularRules::title_cite(RuleId) const {
  return {};
}

VictoryReport ModularRules::title_victory(const Context& ctx, const GameState& st) const {
  return ScenarioRules::victory(ctx, st);
}

}  // namespace bg::modules
