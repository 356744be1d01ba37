// The rule-module framework (src/modules): ModularRules composes modules
// behind core::ScenarioRules; each module keeps its own state in its slot,
// numbers its own decisions and adds its own victory lines. Two toy modules
// on a sandbox game check the plumbing every real module relies on.
#include <gtest/gtest.h>

#include "modules/modular_rules.h"
#include "sandbox.h"

namespace bg::test {
namespace {

using modules::ModularRules;
using modules::Module;

struct Tally {
  int phases = 0;
  int marked = 0;
  friend bool operator==(const Tally&, const Tally&) = default;
};

// Counts phase starts, forbids one hex, and has one decision ("mark-<key>")
// that records its value; scores one line per mark.
class ToyModule final : public Module {
 public:
  ToyModule(std::string key, HexId closed) : key_(std::move(key)), closed_(closed) {}
  std::string_view key() const override { return key_; }
  TitleState initial_state(const Context&) const override { return TitleState::of(Tally{}); }
  bool forbids(const Context&, const GameState&, UnitIndex, HexId h) const override {
    return h == closed_;
  }
  Error forbid_reason(const Context&, const GameState&, UnitIndex, HexId) const override {
    return Error{key_, key_ + ": closed"};
  }
  void on_phase_start(const Context&, GameState& st) const override {
    state_mut<Tally>(st).phases++;
  }
  std::string_view decision_key(int local) const override {
    return local == 0 ? std::string_view(mark_) : std::string_view();
  }
  Status scenario_action(const Context&, GameState& st, const Action& a) const override {
    if (a.value <= 0) return Error{key_, key_ + ": a mark is positive"};
    state_mut<Tally>(st).marked = a.value;
    return ok_status();
  }
  void add_victory(const Context&, const GameState& st, VictoryReport& r) const override {
    if (const Tally* t = state<Tally>(st); t && t->marked > 0)
      r.lines.push_back(VpLine{Side::Union, key_, "marked", t->marked});
  }
  const Tally& tally(const GameState& st) const { return *state<Tally>(st); }

 private:
  std::string key_;
  std::string mark_ = "mark-" + key_;
  HexId closed_;
};

struct Fixture {
  Fixture() {
    const Sandbox plain;  // hex ids of a 12 x 12 sandbox
    std::vector<std::unique_ptr<Module>> mods;
    mods.push_back(std::make_unique<ToyModule>("a", plain.hex("0303")));
    mods.push_back(std::make_unique<ToyModule>("b", plain.hex("0305")));
    a = static_cast<const ToyModule*>(mods[0].get());
    b = static_cast<const ToyModule*>(mods[1].get());
    rules = std::make_shared<ModularRules>("toy", std::move(mods));
    box = std::make_unique<Sandbox>(rules_1977(), rules);
  }
  Action decide(std::string_view key, int value) const {
    Action act;
    act.kind = ActionKind::Scenario;
    act.decision = static_cast<uint8_t>(*rules->parse_decision_key(key));
    act.value = static_cast<int16_t>(value);
    return act;
  }
  std::shared_ptr<ModularRules> rules;
  const ToyModule* a = nullptr;
  const ToyModule* b = nullptr;
  std::unique_ptr<Sandbox> box;
};

TEST(Modules, EachModuleKeepsItsOwnStateInItsSlot) {
  Fixture f;
  f.box->inf("U", Side::Union, 2, "0202");
  ASSERT_TRUE(f.box->end().ok());  // a phase starts: both modules count it
  EXPECT_EQ(f.a->tally(f.box->state()).phases, 1);
  EXPECT_EQ(f.b->tally(f.box->state()).phases, 1);
  ASSERT_TRUE(f.box->game().apply(f.decide("mark-b", 7)).ok());
  EXPECT_EQ(f.a->tally(f.box->state()).marked, 0);
  EXPECT_EQ(f.b->tally(f.box->state()).marked, 7);
}

TEST(Modules, DecisionsAreRoutedByTheirKeyAndARefusalChangesNothing) {
  Fixture f;
  EXPECT_EQ(f.rules->decision_key(*f.rules->parse_decision_key("mark-a")), "mark-a");
  EXPECT_NE(*f.rules->parse_decision_key("mark-a"), *f.rules->parse_decision_key("mark-b"));
  EXPECT_FALSE(f.rules->parse_decision_key("mark-c").has_value());
  EXPECT_REFUSED(*f.box, f.box->game().apply(f.decide("mark-a", -1)), "a");
}

TEST(Modules, CopiesShareStateUntilOneWrites) {
  Fixture f;
  const GameState before = f.box->state();
  ASSERT_TRUE(f.box->game().apply(f.decide("mark-a", 3)).ok());
  EXPECT_EQ(f.a->tally(before).marked, 0);  // the earlier copy is untouched
  EXPECT_EQ(f.a->tally(f.box->state()).marked, 3);
  EXPECT_FALSE(before == f.box->state());
}

TEST(Modules, EveryModuleMayForbidAHexAndTheFirstSaysWhy) {
  Fixture f;
  f.box->inf("U", Side::Union, 2, "0304");
  EXPECT_REFUSED(*f.box, f.box->move("U", {"0303"}), "a");
  EXPECT_REFUSED(*f.box, f.box->move("U", {"0305"}), "b");
  EXPECT_TRUE(f.box->move("U", {"0404"}).ok());
}

TEST(Modules, VictoryReportCollectsEveryModulesLines) {
  Fixture f;
  ASSERT_TRUE(f.box->game().apply(f.decide("mark-a", 2)).ok());
  ASSERT_TRUE(f.box->game().apply(f.decide("mark-b", 5)).ok());
  const VictoryReport r = f.box->game().victory();
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[0].rule, "a");
  EXPECT_EQ(r.lines[1].rule, "b");
  EXPECT_EQ(r.lines[1].points, 5);
}

}  // namespace
}  // namespace bg::test
