// Movement, stacking, Zones of Control, night and strategic movement under the
// Decision Games 2016 Standard Rules (DG 2016): 5.0-5.4, 6.0, 7.0-7.5, 9.0,
// 11.1. The edition has no Terrain Effects Chart of its own; ruling R-DG-TEC
// applies the 1977 chart with DG 7.3 and 7.5 on top.
//
// As in zoc_test.cpp, many tests use a 2x8 map with a Confederate unit B in
// 0205, whose Zone of Control is 0204, 0206, 0105 and 0106.
#include <map>
#include <string>

#include "sandbox.h"

namespace bg::test {
namespace {

using Reached = std::map<std::string, int>;

int cost_in(const Reached& r, const std::string& h) {
  auto it = r.find(h);
  return it == r.end() ? -1 : it->second;
}

bool enemy_zoc(Sandbox& sb, Side s, const std::string& h) {
  return sb.game().board().enemy_zoc(s, sb.hex(h));
}

const Reached kStoppedByB = {{"0102", 1}, {"0103", 2}, {"0104", 3}, {"0105", 4},
                             {"0201", 1}, {"0202", 2}, {"0203", 3}, {"0204", 4}};

// MP to step from 0101 (clear) into 0102 on a 1x3 corridor, per reach() and
// per the move itself, or -1.
int enter_cost(const RulesConfig& rules, Terrain to, HexsideBits bits = 0) {
  Sandbox sb(rules, 1, 3);
  if (to != Terrain::Clear) sb.terrain("0102", to);
  if (bits != 0) sb.side("0101", "0102", bits);
  sb.inf("A", Side::Union, 4, "0101");
  const int reach = cost_in(sb.reach("A"), "0102");
  auto r = sb.move("A", {"0102"});
  EXPECT_EQ(r.ok(), reach >= 0) << (r.ok() ? "" : r.error().message);
  if (r.ok()) {
    EXPECT_EQ(r->mp, reach);
  }
  return reach;
}

// Cost of the second step, 0102 -> 0103, after a clear first step: isolates
// costs above the minimum-move floor of DG 7.4.
int second_step_cost(const RulesConfig& rules, Terrain to, HexsideBits bits = 0) {
  Sandbox sb(rules, 1, 4);
  if (to != Terrain::Clear) sb.terrain("0103", to);
  if (bits != 0) sb.side("0102", "0103", bits);
  sb.inf("A", Side::Union, 4, "0101");
  const int c = cost_in(sb.reach("A"), "0103");
  return c < 0 ? -1 : c - 1;
}

RulesConfig dg_strategic() {
  RulesConfig r = rules_dg();
  r.strategic_movement = true;
  return r;
}

RulesConfig dg_night() {
  RulesConfig r = rules_dg();
  r.night.set(1);
  return r;
}

}  // namespace

// ---------------------------------------------------------------- 5.x ZOC

TEST(DG_5_0, UnitsMustStopOnEnteringEnemyZoc) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), kStoppedByB);
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0106"}), "5.0");
  auto r = sb.move("A", {"0102", "0103", "0104", "0105"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 4);
}

TEST(DG_5_0, ZocCoversTheSixAdjacentHexes) {
  Sandbox sb(rules_dg());
  sb.inf("B", Side::Confederate, 4, "0606");
  int n = 0;
  for (HexId h : sb.game().map().hexes()) {
    const bool adj = distance(sb.game().map().coord(h), *parse_hex("0606")) == 1;
    EXPECT_EQ(sb.game().board().enemy_zoc(Side::Union, h), adj) << sb.name(h);
    n += adj ? 1 : 0;
  }
  EXPECT_EQ(n, 6);
}

TEST(DG_5_1, NoUnitMayLeaveAnEnemyZoc) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "5.1");
  EXPECT_REFUSED(sb, sb.move("A", {"0106"}), "5.1");
  EXPECT_TRUE(sb.reach("A").empty());
}

TEST(DG_5_2, ZocsOfBothSidesCoexist) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("F", Side::Union, 4, "0104");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_TRUE(enemy_zoc(sb, Side::Confederate, "0105"));
  EXPECT_EQ(sb.reach("A"), kStoppedByB);
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0106"}), "5.0");
}

TEST(DG_5_3, NoZocAcrossCreekHexsidesOrIntoRiverHexes) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.side("0105", "0205", kCreek);
  sb.side("0106", "0205", kCreek);
  sb.terrain("0204", Terrain::River);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0106"));
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0204"));
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0206"));
  EXPECT_EQ(cost_in(sb.reach("A"), "0107"), 6);
  EXPECT_TRUE(sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107"}).ok());
}

TEST(DG_5_3, ZocExtendsAcrossStreamFordAndBridge) {
  for (HexsideBits bits :
       {HexsideBits{kStream}, HexsideBits{kCreek | kFord}, HexsideBits{kCreek | kBridge}}) {
    Sandbox sb(rules_dg(), 2, 8);
    sb.side("0105", "0205", bits);
    sb.side("0106", "0205", bits);
    sb.inf("B", Side::Confederate, 4, "0205");
    sb.inf("A", Side::Union, 4, "0101");
    EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0105")) << bits;
    EXPECT_EQ(sb.reach("A"), kStoppedByB) << bits;
  }
}

// Ruling R-LAKE: lake hexsides stop Zones of Control in this edition too.
TEST(DG_5_3, NoZocAcrossLakeHexsides) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.side("0105", "0205", kLake);
  sb.side("0106", "0205", kLake);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0204"));
  EXPECT_EQ(cost_in(sb.reach("A"), "0107"), 6);
}

// DG 5.4: an eliminated unit's ZOC ceases at once.
TEST(DG_5_4, EliminatedUnitsZocCeasesImmediately) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.inf("B", Side::Confederate, 2, "0205");
  sb.inf("A", Side::Union, 12, "0105");
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0105"));
  sb.dice({1});
  auto r = sb.attack({"A"}, {"0205"});  // 6-1, die 1: DE
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->combat->result, CombatResult::De);
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0106"));
  if (sb.pending(PendingKind::Advance)) {
    ASSERT_TRUE(sb.advance("", "").ok());
  }
  sb.advance_to(Side::Union, Phase::Movement);
  EXPECT_TRUE(sb.move("A", {"0104"}).ok());
}

// ---------------------------------------------------------------- 6.0

TEST(DG_6_0, NoUnitEndsItsMoveOverstacked) {
  Sandbox sb(rules_dg(), 1, 6);
  sb.inf("F1", Side::Union, 4, "0103");
  sb.inf("F2", Side::Union, 4, "0103");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"),
            (Reached{{"0102", 1}, {"0104", 3}, {"0105", 4}, {"0106", 5}}));  // passes 0103
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103"}), "6.0");
  auto r = sb.move("A", {"0102", "0103", "0104"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 3);
}

TEST(DG_6_0, TwoUnitsMayStack) {
  Sandbox sb(rules_dg(), 1, 6);
  sb.inf("F1", Side::Union, 4, "0103");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(cost_in(sb.reach("A"), "0103"), 2);
  EXPECT_TRUE(sb.move("A", {"0102", "0103"}).ok());
  EXPECT_TRUE(sb.end().ok());
}

// The minimum move of DG 7.4 does not excuse overstacking either.
TEST(DG_6_0, MinimumMoveMayNotOverstack) {
  Sandbox sb(rules_dg(), 1, 4);
  sb.terrain("0102", Terrain::Swamp);
  sb.side("0101", "0102", kStream);  // 8 MP
  sb.inf("F1", Side::Union, 4, "0102");
  sb.inf("F2", Side::Union, 4, "0102");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(sb.reach("A").empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}), "6.0");
}

// ---------------------------------------------------------------- 7.x

TEST(DG_7_0, UnitsInEnemyZocsMayNotMove) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  sb.inf("C", Side::Union, 4, "0101");
  const Status s = sb.game().can_move(sb.id("A"), false);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().rule, "5.1");
  EXPECT_TRUE(sb.game().can_move(sb.id("C"), false).ok());
  EXPECT_REFUSED(sb, sb.move("B", {"0204"}), "7.0");  // not the phasing player's
}

// R-DG-TEC: the 1977 hex costs apply.
TEST(DG_7_0, MovementPointsAreSpentPerTerrainEntered) {
  const RulesConfig r = rules_dg();
  EXPECT_EQ(enter_cost(r, Terrain::Clear), 1);
  EXPECT_EQ(enter_cost(r, Terrain::Forest), 3);
  EXPECT_EQ(enter_cost(r, Terrain::Rough), 3);
  EXPECT_EQ(enter_cost(r, Terrain::Town), 1);
  EXPECT_EQ(second_step_cost(r, Terrain::ForestRough), -1);  // 1 + 6 > 6, and not a first hex
  EXPECT_EQ(enter_cost(r, Terrain::ForestRough), 6);
  EXPECT_EQ(enter_cost(r, Terrain::Swamp), 6);
  EXPECT_EQ(enter_cost(r, Terrain::River), -1);
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kLake), -1);
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kCreek), -1);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kCreek | kBridge), 3);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kCreek | kFord), 4);  // R-DG-TEC: ford +1
}

TEST(DG_7_1, UnusedMovementPointsAreNotAccumulated) {
  Sandbox sb(rules_dg(), 1, 12);
  sb.inf("A", Side::Union, 4, "0101");
  ASSERT_TRUE(sb.move("A", {"0102"}).ok());
  sb.advance_to(Side::Confederate, Phase::Movement);
  sb.advance_to(Side::Union, Phase::Movement);
  const Reached r = sb.reach("A");
  EXPECT_EQ(cost_in(r, "0108"), 6);
  EXPECT_EQ(cost_in(r, "0109"), -1);
  EXPECT_REFUSED(sb, sb.move("A", {"0103", "0104", "0105", "0106", "0107", "0108", "0109"}), "7.2");
}

TEST(DG_7_2, MayNotEnterAHexWithoutTheMovementPoints) {
  Sandbox sb(rules_dg(), 1, 6);
  sb.terrain("0102", Terrain::Forest);
  sb.terrain("0103", Terrain::Forest);
  sb.terrain("0104", Terrain::Clear);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 3}, {"0103", 6}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104"}), "7.2");
}

// The worked example: crossing a stream into woods costs five, 2 + 3.
TEST(DG_7_3, StreamIntoWoodsCostsFive) {
  Sandbox sb(rules_dg(), 1, 4);
  sb.terrain("0102", Terrain::Forest);
  sb.side("0101", "0102", kStream);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 5}, {"0103", 6}}));
  auto r = sb.move("A", {"0102"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 5);
}

TEST(DG_7_3, CostsAreCumulative) {
  const RulesConfig r = rules_dg();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kStream), 3);
  EXPECT_EQ(enter_cost(r, Terrain::Rough, kStream), 5);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kBridge), 3);  // a bridge spans it
  EXPECT_EQ(second_step_cost(r, Terrain::Clear, kStream), 3);
  EXPECT_EQ(second_step_cost(r, Terrain::Clear, kStream | kTrail), 3);  // trail 1 + 2
  // The same stream is one MP in the 1977 edition (9.0 TEC).
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::Forest, kStream), 4);
}

// R-DG-TEC-MOVE: a ford on a stream is where the stream is crossed, so the
// hexside costs the ford's +1, not the stream's +2 (as a bridge on a stream
// costs the bridge's nothing).
TEST(DG_7_3, AFordOnAStreamCostsTheFordPrice) {
  const RulesConfig r = rules_dg();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kStream | kFord), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kFord), 4);
  EXPECT_EQ(enter_cost(r, Terrain::Rough, kStream | kFord), 4);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kFord | kRoad), 2);  // road 1 + ford 1
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kStream), 3);  // without the ford: stream +2
  EXPECT_EQ(second_step_cost(r, Terrain::Forest, kStream | kFord), 4);
}

// DG 7.4: a unit not in an enemy ZOC may always move one hex.
TEST(DG_7_4, MinimumMoveOfOneHexRegardlessOfCost) {
  Sandbox sb(rules_dg(), 1, 4);
  sb.terrain("0102", Terrain::Swamp);
  sb.side("0101", "0102", kStream);  // 6 + 2 = 8 MP
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 6}}));
  auto r = sb.move("A", {"0102"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 6);
  EXPECT_REFUSED(sb, sb.move("A", {"0103"}), "7.0");  // and that is all (already moved)
}

TEST(DG_7_4, MinimumMoveIsOneHexOnly) {
  Sandbox sb(rules_dg(), 1, 4);
  sb.terrain("0102", Terrain::ForestRough);
  sb.side("0101", "0102", kStream);  // 8 MP
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103"}), "7.2");
  EXPECT_TRUE(sb.move("A", {"0102"}).ok());
}

TEST(DG_7_4, MinimumMoveStillObeysProhibitedTerrainAndZoc) {
  Sandbox creek(rules_dg(), 1, 4);
  creek.side("0101", "0102", kCreek);
  creek.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(creek.reach("A").empty());
  EXPECT_REFUSED(creek, creek.move("A", {"0102"}), "5.25");

  Sandbox zoc(rules_dg(), 2, 8);
  zoc.terrain("0104", Terrain::Swamp);
  zoc.side("0105", "0104", kStream);
  zoc.inf("B", Side::Confederate, 4, "0205");
  zoc.inf("A", Side::Union, 4, "0105");  // in B's ZOC: no minimum move
  EXPECT_TRUE(zoc.reach("A").empty());
  EXPECT_REFUSED(zoc, zoc.move("A", {"0104"}), "5.1");
}

// The minimum move may end in an enemy ZOC (by day).
TEST(DG_7_4, MinimumMoveMayEnterEnemyZoc) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.terrain("0104", Terrain::ForestRough);
  sb.side("0103", "0104", kStream);
  sb.inf("B2", Side::Confederate, 4, "0105");  // controls 0104, not 0103
  sb.inf("A", Side::Union, 4, "0103");
  EXPECT_EQ(cost_in(sb.reach("A"), "0104"), 6);
  EXPECT_TRUE(sb.move("A", {"0104"}).ok());
}

// The 1977 rules have no minimum move (see Rule_5_25.FordIntoSwampIsBeyondTheAllowance).
TEST(DG_7_4, NoMinimumMoveInThe1977Edition) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.terrain("0102", Terrain::Swamp);
  sb.side("0101", "0102", kStream);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(sb.reach("A").empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}), "5.15");
}

// DG 7.5: road 1, trail 2, regardless of other terrain in the hex.
TEST(DG_7_5, RoadOneTrailTwoRegardlessOfTerrain) {
  const RulesConfig r = rules_dg();
  for (Terrain t : {Terrain::Clear, Terrain::Forest, Terrain::Rough, Terrain::ForestRough,
                    Terrain::Swamp, Terrain::Town})
    EXPECT_EQ(enter_cost(r, t, kRoad), 1) << terrain_name(t);
  for (Terrain t : {Terrain::Forest, Terrain::Rough, Terrain::ForestRough, Terrain::Swamp})
    EXPECT_EQ(enter_cost(r, t, kTrail), 2) << terrain_name(t);
  // Ruling R-DG-TRAIL: a trail is never worse than the terrain it crosses.
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kTrail), 1);
  EXPECT_EQ(enter_cost(r, Terrain::Town, kTrail), 1);
}

TEST(DG_7_5, BenefitOnlyAlongARoadOrTrailHexside) {
  Sandbox sb(rules_dg(), 1, 8);
  for (const char* h : {"0102", "0103", "0104", "0105"}) sb.terrain(h, Terrain::ForestRough);
  sb.side("0102", "0103", kRoad);  // 0101-0102 carries none
  sb.side("0103", "0104", kTrail);
  sb.inf("A", Side::Union, 4, "0101");
  // 0102: 6 by terrain (not merely "into a hex containing" the road).
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 6}}));

  Sandbox on(rules_dg(), 1, 8);
  for (const char* h : {"0102", "0103", "0104", "0105"}) on.terrain(h, Terrain::ForestRough);
  on.side("0101", "0102", kRoad);
  on.side("0102", "0103", kRoad);
  on.side("0103", "0104", kTrail);
  on.inf("A", Side::Union, 4, "0101");
  // Road 1, road 1, trail 2; 0105 off the trail would be 10.
  EXPECT_EQ(on.reach("A"), (Reached{{"0102", 1}, {"0103", 2}, {"0104", 4}}));
}

// Ruling R-ROAD-STREAM in this edition: a road across an unbridged stream pays 1 + 2.
TEST(DG_7_5, RoadAcrossAnUnbridgedStreamPaysTheStream) {
  EXPECT_EQ(enter_cost(rules_dg(), Terrain::Forest, kRoad | kStream), 3);
  EXPECT_EQ(enter_cost(rules_dg(), Terrain::Forest, kRoad | kStream | kBridge), 1);
}

// ---------------------------------------------------------------- 9.0 night

TEST(DG_9_0, UnitsAdjacentToEnemyUnitsMayNotMoveAtNight) {
  Sandbox sb(dg_night(), 2, 8);
  ASSERT_TRUE(sb.game().night());
  sb.side("0105", "0205", kCreek);  // no ZOC across it (5.3), but still adjacent
  sb.side("0106", "0205", kCreek);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  const Status s = sb.game().can_move(sb.id("A"), false);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().rule, "9.0");
  EXPECT_TRUE(sb.reach("A").empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "9.0");
}

TEST(DG_9_0, AdjacentUnitsMayMoveByDay) {
  Sandbox sb(rules_dg(), 2, 8);
  sb.side("0105", "0205", kCreek);
  sb.side("0106", "0205", kCreek);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  EXPECT_TRUE(sb.move("A", {"0104"}).ok());
}

TEST(DG_9_0, NoEnteringEnemyZocAtNight) {
  Sandbox sb(dg_night(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(
      sb.reach("A"),
      (Reached{{"0102", 1}, {"0103", 2}, {"0104", 3}, {"0201", 1}, {"0202", 2}, {"0203", 3}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105"}), "9.0");
  EXPECT_TRUE(sb.move("A", {"0102", "0103", "0104"}).ok());
}

// Not even the minimum move of 7.4 enters an enemy ZOC at night.
TEST(DG_9_0, NoMinimumMoveIntoEnemyZocAtNight) {
  Sandbox sb(dg_night(), 2, 8);
  sb.terrain("0104", Terrain::ForestRough);
  sb.side("0103", "0104", kStream);
  sb.inf("B2", Side::Confederate, 4, "0105");  // controls 0104, not 0103
  sb.inf("A", Side::Union, 4, "0103");
  EXPECT_EQ(cost_in(sb.reach("A"), "0104"), -1);
  EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "9.0");
}

// ---------------------------------------------------------------- 11.1

TEST(DG_11_1, StrategicMovementIsOffUnlessTheOptionIsSet) {
  Sandbox sb(rules_dg(), 1, 16);
  sb.inf("A", Side::Union, 4, "0101");
  sb.inf("E", Side::Confederate, 4, "0116");
  EXPECT_TRUE(sb.reach("A", true).empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}, true), "11.1");
  EXPECT_TRUE(sb.move("A", {"0102"}).ok());
}

TEST(DG_11_1, InfantryAndArtilleryAddThreeCavalryFour) {
  Sandbox sb(dg_strategic(), 3, 16);
  sb.inf("I", Side::Union, 4, "0101");
  sb.unit("Ar", Side::Union, UnitType::Artillery, 4, "0201");
  sb.unit("C", Side::Union, UnitType::Cavalry, 4, "0301");
  sb.inf("E", Side::Confederate, 4, "0216");  // 15 hexes away
  const Reached i = sb.reach("I", true);
  EXPECT_EQ(cost_in(i, "0110"), 9);
  EXPECT_EQ(cost_in(i, "0111"), -1);
  const Reached a = sb.reach("Ar", true);
  EXPECT_EQ(cost_in(a, "0210"), 9);
  EXPECT_EQ(cost_in(a, "0211"), -1);
  const Reached c = sb.reach("C", true);
  EXPECT_EQ(cost_in(c, "0311"), 10);
  EXPECT_EQ(cost_in(c, "0312"), -1);
  EXPECT_EQ(cost_in(sb.reach("C"), "0307"), 6);  // without it: six
  EXPECT_EQ(cost_in(sb.reach("C"), "0308"), -1);
  auto r = sb.move(
      "C", {"0302", "0303", "0304", "0305", "0306", "0307", "0308", "0309", "0310", "0311"}, true);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 10);
  EXPECT_REFUSED(
      sb,
      sb.move("I", {"0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110", "0111"},
              true),
      "7.2");
}

TEST(DG_11_1, MustBeginAtLeastFourHexesFromTheNearestEnemy) {
  Sandbox near(dg_strategic(), 1, 12);
  near.inf("A", Side::Union, 4, "0101");
  near.inf("E", Side::Confederate, 4, "0104");  // three hexes: too close
  EXPECT_TRUE(near.reach("A", true).empty());
  EXPECT_REFUSED(near, near.move("A", {"0102"}, true), "11.1");
  EXPECT_TRUE(near.move("A", {"0102"}).ok());  // ordinary movement is fine

  Sandbox four(dg_strategic(), 2, 12);
  four.inf("A", Side::Union, 4, "0101");
  four.inf("E", Side::Confederate, 4, "0105");  // exactly four
  EXPECT_TRUE(four.move("A", {"0201"}, true).ok());
}

TEST(DG_11_1, MayNeverComeCloserThanFourHexes) {
  Sandbox sb(dg_strategic(), 1, 16);
  sb.inf("A", Side::Union, 4, "0101");
  sb.inf("E", Side::Confederate, 4, "0112");
  EXPECT_EQ(sb.reach("A", true), (Reached{{"0102", 1},
                                          {"0103", 2},
                                          {"0104", 3},
                                          {"0105", 4},
                                          {"0106", 5},
                                          {"0107", 6},
                                          {"0108", 7}}));
  EXPECT_REFUSED(
      sb, sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109"}, true),
      "11.1");
  auto r = sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107", "0108"}, true);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 7);
  // Strategic and regular movement do not combine: the unit has moved.
  EXPECT_REFUSED(sb, sb.move("A", {"0109"}), "7.0");
}

TEST(DG_11_1, EveryStrategicDestinationStaysFourHexesAway) {
  Sandbox sb(dg_strategic(), 20, 20);
  sb.unit("C", Side::Union, UnitType::Cavalry, 4, "0510");
  sb.inf("E", Side::Confederate, 4, "1110");
  sb.inf("E2", Side::Confederate, 4, "0504");
  const Reached r = sb.reach("C", true);
  ASSERT_FALSE(r.empty());
  const HexCoord e1 = *parse_hex("1110"), e2 = *parse_hex("0504");
  bool at_four = false;
  for (const auto& [h, mp] : r) {
    const int d = std::min(distance(*parse_hex(h), e1), distance(*parse_hex(h), e2));
    EXPECT_GE(d, 4) << h;
    at_four = at_four || d == 4;
    EXPECT_LE(mp, 10) << h;
  }
  EXPECT_TRUE(at_four);
  EXPECT_EQ(cost_in(r, "0520"), 10);  // straight south, away from both
}

TEST(DG_11_1, NoStrategicMovementInThe1977Edition) {
  RulesConfig r = rules_1977();
  r.strategic_movement = true;  // a DG option: the 1977 rules have no such thing
  Sandbox sb(r, 1, 16);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(sb.reach("A", true).empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}, true), "2.4");
}

}  // namespace bg::test
