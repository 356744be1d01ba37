// Test fixture for the rule modules: a sandbox game whose exclusive rules are
// a ModularRules of the modules under test, decisions by key, and a
// random-legal game that must run to the end with its invariants intact.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/random_player.h"
#include "core/legal_actions.h"
#include "modules/modular_rules.h"
#include "sandbox.h"

namespace bg::test {

using modules::ModularRules;
using modules::Module;

// The hex ids of a cols x rows sandbox, before the game exists (modules take
// their data as hex ids).
inline HexId hex_of(const std::string& s, int cols = 12, int rows = 12) {
  const Map map(cols, rows);
  auto c = parse_hex(s);
  EXPECT_TRUE(c && map.contains(*c)) << "bad hex " << s;
  return map.id(*c);
}

struct ModBox {
  // Takes ownership of the modules, in slot order.
  explicit ModBox(std::vector<std::unique_ptr<Module>> mods, RulesConfig cfg = rules_1977(),
                  int cols = 12, int rows = 12)
      : rules(std::make_shared<ModularRules>("modules-test", std::move(mods))),
        box(cfg, rules, cols, rows) {}
  Action decide(const std::string& key, const std::string& unit, int value) {
    Action a;
    a.kind = ActionKind::Scenario;
    a.unit = box.id(unit);
    a.decision = static_cast<uint8_t>(*rules->parse_decision_key(key));
    a.value = static_cast<int16_t>(value);
    return a;
  }
  Result<Report> apply(const Action& a) { return box.game().apply(a); }
  Game& game() { return box.game(); }
  std::shared_ptr<ModularRules> rules;
  Sandbox box;
};

template <class... M>
std::vector<std::unique_ptr<Module>> module_list(std::unique_ptr<M>... m) {
  std::vector<std::unique_ptr<Module>> out;
  (out.push_back(std::move(m)), ...);
  return out;
}

// Invariants of any position: units stand on land hexes of the map (never in
// a river or ferry hex), no hex holds both sides.
inline std::string position_invariants(const Game& g) {
  const Position& pos = g.position();
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& s = pos.units[u];
    if (!s.on_map()) continue;
    const std::string id = g.roster()[static_cast<size_t>(u)].id;
    if (!g.map().on_map(s.hex)) return id + " is off the map";
    const Terrain t = g.map().terrain(s.hex);
    if (t == Terrain::River || t == Terrain::Ferry) return id + " stands in a river hex";
    for (int o = 0; o < pos.count; ++o)
      if (pos.units[o].on_map() && pos.units[o].hex == s.hex &&
          g.roster()[static_cast<size_t>(o)].side != g.roster()[static_cast<size_t>(u)].side)
        return id + " shares its hex with an enemy";
  }
  return "";
}

// Plays random legal actions until the game ends. Every action the random
// player picks must be accepted; a few other listed actions at each point must
// be legal too; the invariants must hold after every action; replaying the log
// on a fresh game with the same modules must reproduce the final state.
// Returns "" or what failed. `decisions` counts the module decisions made.
// `fresh` makes the game again from its start for the replay (default: an
// empty sandbox with the same rules and modules, as the module tests build).
inline std::string play_random(Game& g, uint64_t seed, int& decisions, int max_actions = 8000,
                               const std::function<Game()>& fresh = {}) {
  ai::PlayerOptions opt;
  opt.scenario = 0.3;
  opt.exit = 0.3;
  ai::RandomPlayer player(opt);
  ai::Rng rng(seed);
  LegalActionGenerator gen;
  std::vector<Action> legal;
  for (int n = 0; n < max_actions && !g.over(); ++n) {
    gen.generate(g, legal);
    if (legal.empty()) return "no legal action before the end (action " + std::to_string(n) + ")";
    for (int k = 0; k < 3; ++k) {
      const Action& a =
          legal[static_cast<size_t>(rng.range(0, static_cast<int>(legal.size()) - 1))];
      if (!is_legal(g, a)) return "a listed action is refused (action " + std::to_string(n) + ")";
    }
    const Action a = player.choose(g, rng);
    const GameState before = g.state();
    auto r = g.apply(a);
    if (!r.ok()) {
      if (!(g.state() == before)) return "a refusal changed the game";
      return "the random player's action was refused: " + r.error().message;
    }
    if (a.kind == ActionKind::Scenario) ++decisions;
    if (auto e = position_invariants(g); !e.empty()) return e;
  }
  if (!g.over()) return "the game did not finish";
  Game again = fresh ? fresh()
                     : Game::sandbox(g.map().cols(), g.map().rows(), g.rules(),
                                     g.scenario() ? std::shared_ptr<const ScenarioRules>(
                                                        g.scenario(), [](const ScenarioRules*) {})
                                                  : nullptr);
  for (const LogEntry& e : g.log())
    if (auto r = again.apply(e.action); !r.ok()) return "replay refused: " + r.error().message;
  if (!(again.state() == g.state())) return "the replay ended in another state";
  return "";
}

}  // namespace bg::test

namespace bg::test {

// A special unit of a module's kind (a pontoon, assault boats): no attack,
// no Zone of Control.
inline UnitIndex special_unit(Sandbox& box, const std::string& id, Side s, const std::string& kind,
                              const std::string& h, bool road_only = false) {
  auto d = std::make_shared<UnitDef>();
  d->id = id;
  d->side = s;
  d->type = UnitType::Special;
  d->kind = kind;
  d->strength = 1;
  d->defense = 1;
  d->can_attack = false;
  d->exerts_zoc = false;
  d->road_only = road_only;
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = box.hex(h);
  a.def = d;
  auto r = box.game().apply(a);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return box.id(id);
}

// Ends phases until `side`'s Movement Phase of Game-Turn `turn`.
inline void to_turn(Sandbox& b, int turn, Side side) {
  for (int i = 0; i < 64; ++i) {
    const GameState& st = b.state();
    if (st.turn == turn && st.phasing == side && st.phase == Phase::Movement) return;
    auto r = b.end();
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
  FAIL() << "never reached turn " << turn;
}

}  // namespace bg::test
