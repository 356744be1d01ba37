// The "forts" module (Four Roads rule 6; rulings
// R-FR6-FORT and R-FR6-BUILD), alone on sandbox maps.
#include <gtest/gtest.h>

#include "modules/forts.h"
#include "modules_fixture.h"

namespace bg::test {
namespace {

using modules::FortsModule;

// Nights on Game-Turns 2 and 3 (two consecutive night Game-Turns), 8 turns.
RulesConfig two_nights() {
  RulesConfig r = rules_1977();
  r.turns = 8;
  r.night.set(2);
  r.night.set(3);
  return r;
}

struct Forts {
  explicit Forts(std::vector<std::string> initial = {}, RulesConfig cfg = two_nights()) {
    std::vector<HexId> hexes;
    for (const auto& h : initial) hexes.push_back(hex_of(h));
    auto f = std::make_unique<FortsModule>(hexes);
    forts = f.get();
    mod = std::make_unique<ModBox>(module_list(std::move(f)), cfg);
  }
  Sandbox& box() { return mod->box; }
  bool fort(const std::string& h) { return forts->has_fort(box().state(), box().hex(h)); }
  const FortsModule* forts = nullptr;
  std::unique_ptr<ModBox> mod;
};

Action attack_action(Sandbox& b, std::initializer_list<std::string> units, const std::string& h) {
  Action a;
  a.kind = ActionKind::Attack;
  for (const auto& u : units) a.units.push_back(b.id(u));
  a.hexes.push_back(b.hex(h));
  return a;
}

TEST(FR_6_Fortifications, AFortPlacedAtSetUpDoublesTheDefenderAndThePreviewSaysSo) {
  Forts f({"0505"});
  f.box().inf("U", Side::Union, 6, "0504");
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().advance_to(Side::Union, Phase::Combat);
  auto plan = f.box().game().preview_attack(attack_action(f.box(), {"U"}, "0505"));
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->defence, 6);
  ASSERT_EQ(plan->defence_detail.size(), 1u);
  EXPECT_EQ(plan->defence_detail[0].multiplier, 2);
  EXPECT_NE(plan->defence_detail[0].why.find("FR 6"), std::string::npos);
}

TEST(R_FR6_FORT, AFortOnRoughTriplesAndNeverMore) {
  Forts f({"0505"});
  f.box().terrain("0505", Terrain::Rough);
  f.box().inf("U", Side::Union, 9, "0504");
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().advance_to(Side::Union, Phase::Combat);
  auto plan = f.box().game().preview_attack(attack_action(f.box(), {"U"}, "0505"));
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->defence_detail[0].multiplier, 3);
  EXPECT_EQ(plan->defence, 9);
}

TEST(R_FR6_FORT, RoughWithoutAFortStaysDoubled) {
  Forts f;
  f.box().terrain("0505", Terrain::Rough);
  f.box().inf("U", Side::Union, 9, "0504");
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().advance_to(Side::Union, Phase::Combat);
  auto plan = f.box().game().preview_attack(attack_action(f.box(), {"U"}, "0505"));
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->defence_detail[0].multiplier, 2);
}

TEST(R_FR6_FORT, EitherSideUsesAFort) {
  RulesConfig cfg = two_nights();
  cfg.first = Side::Confederate;
  Forts f({"0505"}, cfg);
  f.box().inf("U", Side::Union, 3, "0505");  // a Union unit in a fort the data placed
  f.box().inf("C", Side::Confederate, 6, "0504");
  f.box().advance_to(Side::Confederate, Phase::Combat);
  auto plan = f.box().game().preview_attack(attack_action(f.box(), {"C"}, "0505"));
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->defence_detail[0].multiplier, 2);
}

// Turn 1 day (units may move), turns 2 and 3 night: a unit still through both
// nights may have a fort built when its player-turn of turn 3 ends.
TEST(FR_6_Fortifications, AUnitStillThroughTwoNightsBuildsAFortAtTheEndOfItsPlayerTurn) {
  Forts f;
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().inf("U", Side::Union, 3, "0909");
  f.box().advance_to(Side::Confederate, Phase::Movement);  // turn 1
  ASSERT_TRUE(f.box().move("C", {"0506"}).ok());           // moving on turn 1 is fine
  f.box().advance_to(Side::Union, Phase::Movement);        // turn 2 (night)
  ASSERT_EQ(f.box().state().turn, 2);
  f.box().advance_to(Side::Confederate, Phase::Movement);
  // One night is not enough.
  EXPECT_REFUSED(f.box(), f.mod->apply(f.mod->decide("fort", "C", 1)), "FR 6");
  to_turn(f.box(), 3, Side::Confederate);  // turn 3 (night)
  ASSERT_TRUE(f.mod->apply(f.mod->decide("fort", "C", 1)).ok());
  EXPECT_FALSE(f.fort("0506"));  // built when the player-turn ends
  ASSERT_TRUE(f.box().end().ok());
  EXPECT_TRUE(f.fort("0506"));
}

TEST(FR_6_Fortifications, AUnitThatMovedDuringTheNightsMayNotBuild) {
  Forts f;
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().inf("U", Side::Union, 3, "0909");
  to_turn(f.box(), 2, Side::Confederate);
  ASSERT_TRUE(f.box().move("C", {"0506"}).ok());  // moves during the first night
  to_turn(f.box(), 3, Side::Confederate);
  EXPECT_REFUSED(f.box(), f.mod->apply(f.mod->decide("fort", "C", 1)), "FR 6");
}

TEST(FR_6_Fortifications, EveryTurnSinceTheNightsCountsAndAMoveCancelsTheRight) {
  Forts f;
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().inf("D", Side::Confederate, 3, "0303");
  f.box().inf("U", Side::Union, 3, "0909");
  to_turn(f.box(), 5, Side::Confederate);
  // D stood still through turns 1-5; C moves now, on turn 5.
  ASSERT_TRUE(f.box().move("C", {"0506"}).ok());
  EXPECT_REFUSED(f.box(), f.mod->apply(f.mod->decide("fort", "C", 1)), "FR 6");
  ASSERT_TRUE(f.mod->apply(f.mod->decide("fort", "D", 1)).ok());
  f.box().advance_to(Side::Confederate, Phase::Combat);
  ASSERT_TRUE(f.box().end().ok());
  EXPECT_TRUE(f.fort("0303"));
  EXPECT_FALSE(f.fort("0506"));
}

TEST(R_FR6_BUILD, AnOrderLapsesIfTheUnitMovesBeforeThePlayerTurnEnds) {
  Forts f;
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().inf("U", Side::Union, 3, "0909");
  to_turn(f.box(), 4, Side::Confederate);
  ASSERT_TRUE(f.mod->apply(f.mod->decide("fort", "C", 1)).ok());
  ASSERT_TRUE(f.box().move("C", {"0506"}).ok());
  f.box().advance_to(Side::Union, Phase::Movement);
  EXPECT_FALSE(f.fort("0505"));
  EXPECT_FALSE(f.fort("0506"));
}

TEST(R_FR6_BUILD, OnlyTheOwnerOrdersAndAnOrderMayBeWithdrawn) {
  Forts f;
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().inf("U", Side::Union, 3, "0909");
  to_turn(f.box(), 4, Side::Union);
  EXPECT_REFUSED(f.box(), f.mod->apply(f.mod->decide("fort", "C", 1)), "FR 6");
  f.box().advance_to(Side::Confederate, Phase::Movement);
  ASSERT_TRUE(f.mod->apply(f.mod->decide("fort", "C", 1)).ok());
  EXPECT_REFUSED(f.box(), f.mod->apply(f.mod->decide("fort", "C", 1)), "FR 6");
  ASSERT_TRUE(f.mod->apply(f.mod->decide("fort", "C", 0)).ok());
  f.box().advance_to(Side::Union, Phase::Movement);
  EXPECT_FALSE(f.fort("0505"));
}

TEST(FR_6_Fortifications, TheLegalDecisionsListTheUnitsThatMayBuild) {
  Forts f;
  f.box().inf("C", Side::Confederate, 3, "0505");
  f.box().inf("U", Side::Union, 3, "0909");
  to_turn(f.box(), 4, Side::Confederate);
  LegalActionGenerator gen;
  std::vector<Action> out;
  gen.generate(f.box().game(), out);
  int forts = 0;
  for (const Action& a : out)
    if (a.kind == ActionKind::Scenario && f.mod->rules->decision_key(a.decision) == "fort") {
      ++forts;
      EXPECT_EQ(a.unit, f.box().id("C"));
      EXPECT_TRUE(is_legal(f.box().game(), a));
    }
  EXPECT_EQ(forts, 1);
}

TEST(FR_6_Fortifications, ARandomLegalGameRunsToTheEnd) {
  RulesConfig cfg = two_nights();
  cfg.turns = 6;
  int decisions = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    cfg.seed = seed;
    Forts f({"0606"}, cfg);
    f.box().terrain("0707", Terrain::Rough);
    f.box().inf("U1", Side::Union, 4, "0303");
    f.box().inf("U2", Side::Union, 3, "0404");
    f.box().inf("U3", Side::Union, 2, "0302");
    f.box().inf("C1", Side::Confederate, 4, "0808");
    f.box().inf("C2", Side::Confederate, 3, "0807");
    f.box().inf("C3", Side::Confederate, 2, "0909");
    const std::string e = play_random(f.box().game(), seed, decisions);
    ASSERT_EQ(e, "") << "seed " << seed;
  }
  EXPECT_GT(decisions, 0);  // the random player did order forts
}

}  // namespace
}  // namespace bg::test
