// Restrictions to advance after combat (1977 tournament option 22.1; revised
// 18.5-18.6, standard there): streams no longer double the defender, no
// advance across a stream unless a bridge crosses it, none into swamp. The
// Road to Richmond module answers the core's hooks (hexside_doubles_defence,
// forbids_advance); these tests play it on a sandbox map so the terrain is
// exactly what each case names.
#include <gtest/gtest.h>

#include <memory>

#include "core/crt.h"
#include "sandbox.h"
#include "titles/road_to_richmond/road_to_richmond.h"

namespace bg::test {
namespace {

using titles::rtr::ExclusiveEdition;
using titles::rtr::RoadToRichmond;
using titles::rtr::RtrOptions;

constexpr int kSize = 12;  // the Sandbox's default map

std::shared_ptr<const ScenarioRules> rtr_module(ExclusiveEdition e, bool restrictions) {
  RtrOptions o;
  o.exclusive = e;
  o.advance_restrictions = restrictions;
  return std::make_shared<RoadToRichmond>(Map(kSize, kSize), Roster{}, o);
}

std::shared_ptr<const ScenarioRules> restricted(ExclusiveEdition e) {
  return rtr_module(e, true);
}

int die_for(CombatResult want, int column) {
  for (int d = 1; d <= 6; ++d)
    if (crt(column, d) == want) return d;
  return 0;
}

// A (12) in 0505 across `side_bits` from D (1) in 0506; B (12) in 0605 across
// a plain hexside. Both attack; the defender is eliminated.
Sandbox fight(std::shared_ptr<const ScenarioRules> rules, HexsideBits side_bits,
              Terrain defender_terrain = Terrain::Clear) {
  Sandbox s(rules_1977(), std::move(rules), kSize, kSize);
  if (side_bits) s.side("0505", "0506", side_bits);
  if (defender_terrain != Terrain::Clear) s.terrain("0506", defender_terrain);
  s.inf("A", Side::Union, 12, "0505");
  s.inf("B", Side::Union, 12, "0605");
  s.inf("D", Side::Confederate, 1, "0506");
  s.advance_to(Side::Union, Phase::Combat);
  const int column = kColumns - 1;  // 24 against at most 3: the best odds
  const int d = die_for(CombatResult::De, column);
  EXPECT_GT(d, 0);
  s.dice({d});
  auto r2 = s.attack({"A", "B"}, {"0506"});
  EXPECT_TRUE(r2.ok()) << r2.error().message;
  EXPECT_EQ(s.where("D"), "eliminated");
  return s;
}

bool may_advance(Sandbox& s, const std::string& u) {
  const auto ch = s.game().advance_choice();
  for (UnitIndex v : ch.units)
    if (v == s.id(u)) return true;
  return false;
}

TEST(Rtr_22_12, NoAdvanceAcrossAStreamHexside) {
  Sandbox s = fight(restricted(ExclusiveEdition::Spi1977), kStream);
  EXPECT_FALSE(may_advance(s, "A"));
  EXPECT_TRUE(may_advance(s, "B"));
  auto r = s.advance("A", "0506");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "7.75");  // A is not among those who may advance
  EXPECT_TRUE(s.advance("B", "0506").ok());
}

TEST(Rtr_22_12, WithoutTheOptionUnitsAdvanceAcrossStreams) {
  Sandbox s = fight(rtr_module(ExclusiveEdition::Spi1977, false), kStream);
  EXPECT_TRUE(may_advance(s, "A"));
  EXPECT_TRUE(s.advance("A", "0506").ok());
}

TEST(Rtr_22_13, UnitsMayAdvanceAcrossABridgeOverAStream) {
  Sandbox s = fight(restricted(ExclusiveEdition::Spi1977), kStream | kBridge);
  EXPECT_TRUE(may_advance(s, "A"));
  EXPECT_TRUE(s.advance("A", "0506").ok());
}

TEST(Rtr_22_14, NoAdvanceIntoASwampHex) {
  Sandbox s = fight(restricted(ExclusiveEdition::Spi1977), 0, Terrain::Swamp);
  EXPECT_FALSE(may_advance(s, "A"));
  EXPECT_FALSE(may_advance(s, "B"));
  EXPECT_FALSE(s.pending(PendingKind::Advance));
}

TEST(RtrRev_18_52, NoAdvanceAcrossAStreamExceptByABridge) {
  Sandbox s = fight(restricted(ExclusiveEdition::Revised), kStream);
  EXPECT_FALSE(may_advance(s, "A"));
  Sandbox b = fight(restricted(ExclusiveEdition::Revised), kStream | kBridge);
  EXPECT_TRUE(may_advance(b, "A"));
}

TEST(RtrRev_18_6, NoAdvanceIntoASwampHex) {
  Sandbox s = fight(restricted(ExclusiveEdition::Revised), 0, Terrain::Swamp);
  EXPECT_FALSE(s.pending(PendingKind::Advance));
}

TEST(Rtr_22_11, AStreamDoesNotDoubleEvenWithABridge) {
  for (HexsideBits bits : {HexsideBits{kStream}, HexsideBits(kStream | kBridge)}) {
    Sandbox s(rules_1977(), restricted(ExclusiveEdition::Spi1977), kSize, kSize);
    s.side("0505", "0506", bits);
    s.inf("A", Side::Union, 6, "0505");
    s.inf("D", Side::Confederate, 3, "0506");
    s.advance_to(Side::Union, Phase::Combat);
    Action a;
    a.kind = ActionKind::Attack;
    a.units.push_back(s.id("A"));
    a.hexes.push_back(s.hex("0506"));
    auto plan = s.game().preview_attack(a);
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan->defence, 3);
  }
}

}  // namespace
}  // namespace bg::test
