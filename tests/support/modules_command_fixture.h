// A sandbox game with headquarters and the command modules (src/modules/
// command): the chain comes from the text format, so the tests read like the
// title's data (data/four-roads/*/chain.txt).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "modules/command/chain.h"
#include "modules/command/command_module.h"
#include "modules/command/orders_module.h"
#include "modules/command/tactics_module.h"
#include "modules/modular_rules.h"
#include "sandbox.h"

namespace bg::test {

struct CommandBox {
  // modules: any of "command", "orders", "tactics", in that order.
  CommandBox(const std::string& chain_text, std::vector<std::string> modules,
             RulesConfig rules = ae_rules(), int cols = 12, int rows = 12) {
    auto parsed = modules::parse_command_chain(chain_text);
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
    chain = std::make_shared<modules::CommandChain>(*parsed);
    std::vector<std::unique_ptr<modules::Module>> mods;
    for (const auto& m : modules) {
      if (m == "command") mods.push_back(std::make_unique<modules::CommandModule>(chain));
      if (m == "orders") mods.push_back(std::make_unique<modules::OrdersModule>(chain));
      if (m == "tactics") mods.push_back(std::make_unique<modules::TacticsModule>(chain));
    }
    rules_ptr = std::make_shared<modules::ModularRules>("command-test", std::move(mods));
    box = std::make_unique<Sandbox>(rules, rules_ptr, cols, rows);
  }
  static RulesConfig ae_rules() {
    RulesConfig r;
    r.attack_effectiveness = true;
    return r;
  }
  template <class M>
  const M& module(std::string_view key) const {
    return *static_cast<const M*>(rules_ptr->find(key));
  }
  UnitIndex hq(const std::string& id, Side s, const std::string& h) {
    auto d = std::make_shared<UnitDef>(modules::make_hq_def(id, s));
    Action a;
    a.kind = ActionKind::PlaceUnit;
    a.hex = box->hex(h);
    a.def = d;
    auto r = box->game().apply(a);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return *box->game().find_unit(id);
  }
  void set_ineffective(const std::string& id) {
    // Only through play can a unit lose effectiveness; the tests start from
    // the flag as 11.0 leaves it (a test helper, like the sandbox's set-up).
    auto& g = box->game();
    const_cast<GameState&>(g.state()).pos.units[*g.find_unit(id)].set(kIneffective);
  }
  bool ineffective(const std::string& id) const {
    return box->state().pos.units[box->id(id)].has(kIneffective);
  }
  Sandbox& operator*() { return *box; }
  Sandbox* operator->() { return box.get(); }

  std::shared_ptr<modules::CommandChain> chain;
  std::shared_ptr<modules::ModularRules> rules_ptr;
  std::unique_ptr<Sandbox> box;
};

}  // namespace bg::test
