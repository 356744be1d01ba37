// Tests for rulings that span several cases (docs/rulings.md).
#include "sandbox.h"

namespace bg::test {

namespace {
// A unit whose defence differs from its printed strength (like the 22.22
// siege train: attacks at 8, defends at 1).
void place_siege(Sandbox& sb, const std::string& id, Side s, const std::string& h) {
  auto d = std::make_shared<UnitDef>();
  d->id = id;
  d->side = s;
  d->type = UnitType::Artillery;
  d->strength = 8;
  d->defense = 1;
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = sb.hex(h);
  a.def = d;
  ASSERT_TRUE(sb.game().apply(a).ok());
}
}  // namespace

// 1977 7.6 Ex: losses match the defenders' printed (face value) Combat Strength.
TEST(Rule_7_6, ExchangeCountsThePrintedCombatStrengthNotTheDefence) {
  Sandbox sb;
  place_siege(sb, "S", Side::Confederate, "0506");
  sb.inf("A", Side::Union, 4, "0505");
  sb.inf("B", Side::Union, 4, "0605");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({6});
  auto r = sb.attack({"A", "B"}, {"0506"}, 6);  // 8 vs 1, reduced to 3-1: die 6 is Ex
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->combat->result, CombatResult::Ex);
  EXPECT_EQ(sb.state().combat.loss_required, 8);
  EXPECT_REFUSED(sb, sb.lose({"A"}), "7.6");
  ASSERT_TRUE(sb.lose({"A", "B"}).ok());
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_EQ(sb.where("B"), "eliminated");
}

// DG 8.3 EX: losses match the printed defence strength of the defenders.
TEST(DG_8_3, ExchangeCountsThePrintedDefenceStrength) {
  Sandbox sb(rules_dg());
  place_siege(sb, "S", Side::Confederate, "0506");
  sb.inf("A", Side::Union, 4, "0505");
  sb.inf("B", Side::Union, 4, "0605");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({6});
  auto r = sb.attack({"A", "B"}, {"0506"}, 6);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->combat->result, CombatResult::Ex);
  EXPECT_EQ(sb.state().combat.loss_required, 1);
  // One unit suffices; giving up both is more than the exchange needs.
  EXPECT_REFUSED(sb, sb.lose({"A", "B"}), "8.3");
  ASSERT_TRUE(sb.lose({"B"}).ok());
  EXPECT_EQ(sb.where("A"), "0505");
  EXPECT_EQ(sb.where("B"), "eliminated");
}

}  // namespace bg::test

namespace bg::test {

// R-DG-AE: DG 10.0 is not optional; the 1977 11.0 is.
TEST(DG_10_0, AttackerEffectivenessIsAStandardRuleInTheDgEdition) {
  for (Edition e : {Edition::Spi1977, Edition::Dg2016}) {
    RulesConfig r;
    r.edition = e;
    Sandbox sb(r);
    sb.inf("A", Side::Union, 5, "0505");
    sb.inf("B", Side::Confederate, 5, "0506");
    ASSERT_TRUE(sb.end().ok());
    sb.dice({4});
    auto res = sb.attack({"A"}, {"0506"});
    ASSERT_TRUE(res.ok()) << res.error().message;
    ASSERT_EQ(res->combat->result, CombatResult::Ar);
    EXPECT_EQ(sb.state().pos.units[sb.id("A")].has(kIneffective), e == Edition::Dg2016);
  }
}

// 5.14: no combat during the Movement Phase, by day as well as at night.
TEST(Rule_5_14, NoCombatDuringTheMovementPhase) {
  Sandbox sb;
  sb.inf("A", Side::Union, 9, "0505");
  sb.inf("B", Side::Confederate, 3, "0506");
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}), "4.1");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({1});
  ASSERT_TRUE(sb.attack({"A"}, {"0506"}).ok());
  // Once the die is thrown the Movement Phase is over: no unit moves now.
  EXPECT_FALSE(sb.move("A", {"0504"}).ok());
}

// 9.0 TEC, road: "depends on other terrain": a road changes no defence.
TEST(Rule_9_0, RoadLeavesTheDefenceToTheOtherTerrainInTheHex) {
  Sandbox sb;
  sb.terrain("0506", Terrain::Rough);
  sb.side("0506", "0507", kRoad);
  sb.side("0505", "0506", kRoad);
  sb.inf("A", Side::Union, 8, "0505");
  sb.inf("B", Side::Confederate, 4, "0506");
  sb.inf("C", Side::Union, 8, "0704");
  sb.inf("D", Side::Confederate, 4, "0804");
  sb.side("0803", "0804", kRoad);
  ASSERT_TRUE(sb.end().ok());
  Action rough;
  rough.kind = ActionKind::Attack;
  rough.units.push_back(sb.id("A"));
  rough.hexes.push_back(sb.hex("0506"));
  auto p = sb.game().preview_attack(rough);
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->defence, 8) << "rough with a road still doubles";
  Action clear = rough;
  clear.units.clear();
  clear.hexes.clear();
  clear.units.push_back(sb.id("C"));
  clear.hexes.push_back(sb.hex("0804"));
  auto q = sb.game().preview_attack(clear);
  ASSERT_TRUE(q.ok()) << q.error().message;
  EXPECT_EQ(q->defence, 4) << "a road in clear terrain gives nothing";
}

}  // namespace bg::test
