#include "protocol/module_view.h"

#include <algorithm>
#include <array>

#include "core/crt.h"
#include "modules/command/command_module.h"
#include "modules/command/orders_module.h"
#include "modules/command/tactics_module.h"
#include "modules/modular_rules.h"
#include "protocol/json_view.h"

namespace bg::protocol {

using namespace bg::core;
using modules::ModularRules;

namespace {

const ModularRules* modular(const Game& g) {
  return dynamic_cast<const ModularRules*>(g.scenario());
}

template <class M>
const M* find_module(const Game& g, std::string_view key) {
  const ModularRules* m = modular(g);
  return m ? dynamic_cast<const M*>(m->find(key)) : nullptr;
}

Json unit_list(const Game& g, const std::vector<UnitIndex>& units) {
  Json a = Json::array();
  for (UnitIndex u : units) a.push_back(unit_id(g, u));
  return a;
}

// The chain of command: every headquarters with its data, and each unit's.
Json chain_json(const modules::CommandChain& chain) {
  Json hqs = Json::array();
  for (const modules::HqSpec& h : chain.hqs) {
    Json j = Json::object();
    j["id"] = h.unit;
    j["echelon"] = std::string(modules::echelon_name(h.echelon));
    j["parent"] = h.parent.empty() ? Json(nullptr) : Json(h.parent);
    // For movement (FR 8): an army's is unlimited; for rallying (FR 7) its own.
    j["radius"] = modules::is_army(h.echelon) ? Json("unlimited") : Json(h.radius);
    j["rally_radius"] = h.rally_radius();
    j["judgment"] = h.judgment ? Json(h.judgment->rating) : Json(nullptr);
    j["foolhardy"] = h.judgment && h.judgment->foolhardy;
    j["offensive"] = h.offensive;
    j["defensive"] = h.defensive;
    hqs.push_back(std::move(j));
  }
  Json units = Json::array();
  for (const modules::UnitCommand& u : chain.units) {
    Json j = Json::object();
    j["id"] = u.unit;
    j["hq"] = u.hq;
    if (u.judgment) {
      j["judgment"] = u.judgment->rating;
      j["foolhardy"] = u.judgment->foolhardy;
    }
    units.push_back(std::move(j));
  }
  Json out = Json::object();
  out["hqs"] = std::move(hqs);
  out["units"] = std::move(units);
  return out;
}

const modules::CommandChain* any_chain(const Game& g) {
  if (const auto* c = find_module<modules::CommandModule>(g, "command")) return &c->chain();
  if (const auto* o = find_module<modules::OrdersModule>(g, "orders")) return &o->chain();
  return nullptr;
}

}  // namespace

Json orders_json(const Game& g) {
  const auto* mod = find_module<modules::OrdersModule>(g, "orders");
  if (!mod || !mod->current(g.state())) return nullptr;
  const modules::OrdersState& s = *mod->orders_state(g.state());
  Json rolls = Json::array();
  for (const modules::OrderRoll& r : s.rolls) {
    Json j = Json::object();
    j["unit"] = unit_id(g, r.unit);
    j["die"] = r.die;
    j["judgment"] = r.judgment.rating;
    j["foolhardy"] = r.judgment.foolhardy;
    j["frozen"] = r.frozen;
    j["attack_ordered"] = r.attack_ordered;
    rolls.push_back(std::move(j));
  }
  Json held = Json::array();
  std::vector<UnitIndex> ordered;
  for (size_t u = 0; u < s.status.size() && u < g.roster().size(); ++u) {
    const auto status = static_cast<modules::OrderStatus>(s.status[u]);
    if (status != modules::OrderStatus::Free) {
      Json j = Json::object();
      j["unit"] = g.roster()[u].id;
      j["status"] = std::string(modules::order_status_name(status));
      held.push_back(std::move(j));
    }
    if (u < s.ordered.size() && s.ordered[u]) ordered.push_back(static_cast<UnitIndex>(u));
  }
  Json out = Json::object();
  out["rule"] = "FR 8";
  out["turn"] = s.turn;
  out["side"] = std::string(side_name(s.side));
  out["rolls"] = std::move(rolls);
  out["may_not_move"] = std::move(held);
  out["must_attack"] = unit_list(g, ordered);
  return out;
}

void add_module_views(const Game& g, Json& j) {
  if (const modules::CommandChain* chain = any_chain(g)) {
    Json c = chain_json(*chain);
    if (const auto* cm = find_module<modules::CommandModule>(g, "command")) {
      if (const modules::CommandState* s = cm->command_state(g.state())) {
        c["rallied"] = unit_list(g, s->rallied);
        c["captured"] = unit_list(g, s->captured);
      }
    }
    j["command"] = std::move(c);
  }
  if (find_module<modules::OrdersModule>(g, "orders")) j["orders"] = orders_json(g);
}

void add_die_modifier(Json& out, const AttackPlan& plan) {
  if (plan.die_modifier == 0 && plan.modifier_why.empty()) return;
  out["die_modifier"] = plan.die_modifier;
  out["modifier"] = plan.modifier_why;
  out["modifier_rule"] = plan.modifier_rule;
  // Of the six faces, how many give each result, with the modifier and without.
  const auto n = faces_by_result(plan.column, plan.die_modifier);
  const auto n0 = faces_by_result(plan.column);
  Json with = Json::object(), without = Json::object();
  for (int r = 0; r < kResults; ++r) {
    const std::string name(result_name(static_cast<CombatResult>(r)));
    with[name] = n[static_cast<size_t>(r)];
    without[name] = n0[static_cast<size_t>(r)];
  }
  Json chances = Json::object();
  chances["with_modifier"] = std::move(with);
  chances["without"] = std::move(without);
  out["chances"] = std::move(chances);
}

}  // namespace bg::protocol
