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
