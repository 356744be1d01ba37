// Movement under the SPI 1977 Standard Rules: 2.4, 4.1, 5.1-5.3 and the
// movement lines of the Terrain Effects Chart (9.0, the 1977 chart). Exact costs are
// read from reach() maps and from the Movement Points a move reports.
//
// Many tests use a one-column "corridor" map (Sandbox(rules, 1, n)), where
// hex 01rr touches only 01(rr-1) and 01(rr+1), so every cost is unambiguous.
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

// MP to step from 0101 (clear) into 0102 on a 1x3 corridor, as reach() reports
// it, or -1 if the unit cannot end there. The move itself must report the same.
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

}  // namespace

// ---------------------------------------------------------------- 2.4 / 5.0

// 2.4 (and 5.0 Procedure): every unit has six Movement Points, so it moves
// through at most six clear hexes; reach() covers exactly the hexes 1-6 away.
TEST(Rule_2_4, MovementAllowanceIsSixClearHexes) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0606");
  const Reached r = sb.reach("A");
  const Map& map = sb.game().map();
  int n = 0;
  for (HexId h : map.hexes()) {
    const int d = distance(map.coord(h), *parse_hex("0606"));
    const std::string name = format_hex(map.coord(h));
    if (d >= 1 && d <= 6) {
      ++n;
      EXPECT_EQ(cost_in(r, name), d) << name;
    } else {
      EXPECT_EQ(cost_in(r, name), -1) << name;
    }
  }
  EXPECT_EQ(static_cast<int>(r.size()), n);
  EXPECT_EQ(sb.game().roster()[sb.id("A")].movement, 6);
}

TEST(Rule_2_4, SixHexesMayBeEnteredButNotSeven) {
  Sandbox sb(rules_1977(), 1, 8);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107", "0108"}),
                 "5.15");
  auto r = sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 6);
  EXPECT_EQ(sb.where("A"), "0107");
}

// ---------------------------------------------------------------- 4.1 / 5.11

// 4.1 A: the non-Phasing Player's units may not move.
TEST(Rule_4_1, OnlyThePhasingPlayerMoves) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0202");
  sb.inf("B", Side::Confederate, 4, "1010");
  ASSERT_EQ(sb.state().phasing, Side::Union);
  EXPECT_REFUSED(sb, sb.move("B", {"1009"}), "5.11");
  EXPECT_FALSE(sb.game().can_move(sb.id("B"), false).ok());
  EXPECT_TRUE(sb.reach("B").empty());
  EXPECT_FALSE(sb.reach("A").empty());

  sb.advance_to(Side::Confederate, Phase::Movement);
  EXPECT_REFUSED(sb, sb.move("A", {"0203"}), "5.11");
  EXPECT_TRUE(sb.reach("A").empty());
  auto r = sb.move("B", {"1009"});
  EXPECT_TRUE(r.ok()) << r.error().message;
}

TEST(Rule_4_1, FirstPlayerComesFromTheRules) {
  RulesConfig rules = rules_1977();
  rules.first = Side::Confederate;
  Sandbox sb(rules);
  sb.inf("A", Side::Union, 4, "0202");
  sb.inf("B", Side::Confederate, 4, "1010");
  EXPECT_REFUSED(sb, sb.move("A", {"0203"}), "5.11");
  EXPECT_TRUE(sb.move("B", {"1009"}).ok());
}

// 5.11: no unit moves during a Combat Phase (except retreat and advance).
TEST(Rule_5_11, NoMovementDuringTheCombatPhase) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0202");
  sb.inf("B", Side::Confederate, 4, "1010");
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  EXPECT_REFUSED(sb, sb.move("A", {"0203"}), "5.11");
  EXPECT_REFUSED(sb, sb.move("B", {"1009"}), "5.11");
  const Status s = sb.game().can_move(sb.id("A"), false);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().rule, "5.11");
  EXPECT_TRUE(sb.reach("A").empty());
}

// ---------------------------------------------------------------- 5.12

// 5.12: never into an enemy-occupied hex. The only way to stand next to an
// enemy without being in its Zone of Control is a river ferry hex (6.6).
TEST(Rule_5_12, MayNeverEnterAHexContainingAnEnemyUnit) {
  Sandbox sb(rules_1977(), 1, 8);
  sb.terrain("0104", Terrain::Ferry);
  sb.side("0103", "0104", kFerryArrow);
  sb.side("0104", "0105", kFerryArrow);
  sb.inf("A", Side::Union, 4, "0102");
  sb.inf("B", Side::Confederate, 4, "0105");
  EXPECT_EQ(cost_in(sb.reach("A"), "0105"), -1);
  EXPECT_REFUSED(sb, sb.move("A", {"0103", "0104", "0105"}), "5.12");

  // The same crossing with the far bank empty is legal (3 MP).
  Sandbox free(rules_1977(), 1, 8);
  free.terrain("0104", Terrain::Ferry);
  free.side("0103", "0104", kFerryArrow);
  free.side("0104", "0105", kFerryArrow);
  free.inf("A", Side::Union, 4, "0102");
  EXPECT_EQ(cost_in(free.reach("A"), "0105"), 3);
}

// ---------------------------------------------------------------- 5.15

TEST(Rule_5_15, MovementPointsMayNotExceedTheAllowance) {
  Sandbox sb(rules_1977(), 1, 6);
  sb.terrain("0102", Terrain::Forest);
  sb.terrain("0103", Terrain::Rough);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 3}, {"0103", 6}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104"}), "5.15");
  auto r = sb.move("A", {"0102", "0103"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 6);
}

// Unused Movement Points are not carried into the next Movement Phase.
TEST(Rule_5_15, UnusedMovementPointsAreNotAccumulated) {
  Sandbox sb(rules_1977(), 1, 12);
  sb.inf("A", Side::Union, 4, "0101");
  ASSERT_TRUE(sb.move("A", {"0102"}).ok());  // 5 MP unused
  sb.advance_to(Side::Confederate, Phase::Movement);
  sb.advance_to(Side::Union, Phase::Movement);
  ASSERT_EQ(sb.state().turn, 2);
  const Reached r = sb.reach("A");
  EXPECT_EQ(cost_in(r, "0108"), 6);
  EXPECT_EQ(cost_in(r, "0109"), -1);
  EXPECT_REFUSED(sb, sb.move("A", {"0103", "0104", "0105", "0106", "0107", "0108", "0109"}),
                 "5.15");
}

// ---------------------------------------------------------------- 5.16

TEST(Rule_5_16, HexesMayNotBeSkipped) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0505");
  EXPECT_REFUSED(sb, sb.move("A", {"0507"}), "5.16");
  EXPECT_REFUSED(sb, sb.move("A", {"0506", "0508"}), "5.16");
  EXPECT_REFUSED(sb, sb.move("A", {"0505"}), "5.16");  // its own hex is no step
  EXPECT_REFUSED(sb, sb.move("A", {}), "5.16");
  auto r = sb.move("A", {"0506", "0507"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(sb.where("A"), "0507");
}

// ---------------------------------------------------------------- 5.17

TEST(Rule_5_17, AMovedUnitMayNotMoveAgainThisPhase) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0505");
  ASSERT_TRUE(sb.move("A", {"0506"}).ok());
  EXPECT_REFUSED(sb, sb.move("A", {"0507"}), "5.17");
  const Status s = sb.game().can_move(sb.id("A"), false);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().rule, "5.17");
  EXPECT_TRUE(sb.reach("A").empty());
  // It moves again in its next Movement Phase.
  sb.advance_to(Side::Confederate, Phase::Movement);
  sb.advance_to(Side::Union, Phase::Movement);
  EXPECT_TRUE(sb.move("A", {"0507"}).ok());
}

// ---------------------------------------------------------------- 5.21

TEST(Rule_5_21, ClearHexCostsOneAndSomeHexesAreProhibited) {
  Sandbox sb(rules_1977(), 1, 6);
  sb.terrain("0104", Terrain::River);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 1}, {"0103", 2}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104"}), "5.24");
}

// ---------------------------------------------------------------- 5.22

// Road hexsides 0602-0603-...-0608 through forest, forest-rough, swamp,
// rough, town and forest: one MP each along the road.
TEST(Rule_5_22, RoadCostsOneRegardlessOfOtherTerrain) {
  Sandbox sb(rules_1977(), 1, 8);
  const char* hexes[] = {"0102", "0103", "0104", "0105", "0106", "0107"};
  const Terrain t[] = {Terrain::Forest, Terrain::ForestRough, Terrain::Swamp,
                       Terrain::Rough,  Terrain::Town,        Terrain::Forest};
  for (int i = 0; i < 6; ++i) sb.terrain(hexes[i], t[i]);
  const char* chain[] = {"0101", "0102", "0103", "0104", "0105", "0106", "0107"};
  for (int i = 0; i + 1 < 7; ++i) sb.side(chain[i], chain[i + 1], kRoad);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(
      sb.reach("A"),
      (Reached{{"0102", 1}, {"0103", 2}, {"0104", 3}, {"0105", 4}, {"0106", 5}, {"0107", 6}}));
  auto r = sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 6);
}

// Entering a road hex through a non-road hexside pays the hex's terrain; once
// on the road, each road hexside costs one.
TEST(Rule_5_22, RoadHexEnteredAcrossANonRoadHexsidePaysTerrain) {
  Sandbox sb;
  for (const char* h : {"0603", "0604", "0605", "0606", "0607"}) sb.terrain(h, Terrain::Forest);
  const char* chain[] = {"0602", "0603", "0604", "0605", "0606", "0607"};
  for (int i = 0; i + 1 < 6; ++i) sb.side(chain[i], chain[i + 1], kRoad);
  sb.inf("B", Side::Union, 4, "0504");  // touches 0603 and 0604 across non-road hexsides
  const Reached r = sb.reach("B");
  EXPECT_EQ(cost_in(r, "0604"), 3);
  EXPECT_EQ(cost_in(r, "0603"), 3);
  EXPECT_EQ(cost_in(r, "0605"), 4);
  EXPECT_EQ(cost_in(r, "0606"), 5);
  EXPECT_EQ(cost_in(r, "0607"), 6);
  auto m = sb.move("B", {"0604", "0605"});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->mp, 4);
}

// Leaving the road into a non-road neighbour pays that hex's terrain too.
TEST(Rule_5_22, LeavingTheRoadPaysTheTerrainEntered) {
  Sandbox sb(rules_1977(), 2, 4);
  sb.terrain("0102", Terrain::Forest);
  sb.terrain("0202", Terrain::Forest);
  sb.side("0101", "0102", kRoad);  // the road hexside leads into 0102 only
  sb.inf("A", Side::Union, 4, "0101");
  const Reached r = sb.reach("A");
  EXPECT_EQ(cost_in(r, "0102"), 1);
  // 0202 touches 0102 and 0201, neither across a road hexside: 1 + 3 either way.
  EXPECT_EQ(cost_in(r, "0202"), 4);
}

// ---------------------------------------------------------------- 5.23

TEST(Rule_5_23, TrailCostsTwoIntoForestOrRoughAndOneIntoClear) {
  Sandbox sb(rules_1977(), 1, 8);
  sb.terrain("0102", Terrain::Forest);
  sb.terrain("0103", Terrain::ForestRough);
  sb.terrain("0105", Terrain::Rough);
  const char* chain[] = {"0101", "0102", "0103", "0104", "0105", "0106"};
  for (int i = 0; i + 1 < 6; ++i) sb.side(chain[i], chain[i + 1], kTrail);
  sb.inf("A", Side::Union, 4, "0101");
  // 0102 forest 2, 0103 forest-rough 2, 0104 clear 1; 0105 rough would be 7.
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 2}, {"0103", 4}, {"0104", 5}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105"}), "5.15");
}

TEST(Rule_5_23, TrailHexEnteredAcrossANonTrailHexsidePaysTerrain) {
  Sandbox sb(rules_1977(), 1, 6);
  sb.terrain("0102", Terrain::Forest);
  sb.terrain("0103", Terrain::Forest);
  sb.side("0102", "0103", kTrail);  // 0101-0102 carries no trail
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 3}, {"0103", 5}, {"0104", 6}}));
}

// ---------------------------------------------------------------- 5.24

TEST(Rule_5_24, RiverHexesMayNeverBeEntered) {
  Sandbox sb(rules_1977(), 1, 5);
  sb.terrain("0103", Terrain::River);
  sb.side("0102", "0103", kRoad);  // not even along a road
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 1}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104"}), "5.24");
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103"}), "5.24");
}

namespace {
// A 3x5 map cut by a river along row 3: 0103 and 0303 river, 0203 a ferry
// whose arrows point north (0202) and south (0204). North bank: 0102, 0202,
// 0302 (and row 1); south bank: 0104, 0204, 0304 (and row 5). The two banks
// touch only through the ferry.
void river_map(Sandbox& sb) {
  sb.terrain("0103", Terrain::River);
  sb.terrain("0303", Terrain::River);
  sb.terrain("0203", Terrain::Ferry);
  sb.side("0202", "0203", kFerryArrow);
  sb.side("0203", "0204", kFerryArrow);
}
}  // namespace

TEST(Rule_5_24, RiversAreCrossedOnlyThroughFerryHexes) {
  Sandbox sb(rules_1977(), 3, 5);
  river_map(sb);
  sb.inf("A", Side::Union, 4, "0201");
  const Reached r = sb.reach("A");
  // Ruling R-FERRY: the ferry hex costs 1 like clear.
  EXPECT_EQ(cost_in(r, "0202"), 1);
  EXPECT_EQ(cost_in(r, "0203"), -1);  // may not end there
  EXPECT_EQ(cost_in(r, "0204"), 3);
  EXPECT_EQ(cost_in(r, "0104"), 4);
  EXPECT_EQ(cost_in(r, "0304"), 4);
  EXPECT_EQ(cost_in(r, "0205"), 4);
  EXPECT_EQ(cost_in(r, "0103"), -1);
  EXPECT_EQ(cost_in(r, "0303"), -1);
  auto m = sb.move("A", {"0202", "0203", "0204"});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->mp, 3);
}

TEST(Rule_5_24, NeverEndAMoveInAFerryHex) {
  Sandbox sb(rules_1977(), 3, 5);
  river_map(sb);
  sb.inf("A", Side::Union, 4, "0202");
  EXPECT_REFUSED(sb, sb.move("A", {"0203"}), "5.24");
}

TEST(Rule_5_24, FerryEnteredAndLeftOnlyThroughArrowHexsides) {
  Sandbox sb(rules_1977(), 3, 5);
  river_map(sb);
  sb.inf("A", Side::Union, 4, "0202");
  sb.inf("S", Side::Union, 4, "0104");  // south bank; touches the ferry across no arrow
  EXPECT_REFUSED(sb, sb.move("A", {"0203", "0104"}), "5.24");  // leaves by a non-arrow side
  EXPECT_REFUSED(sb, sb.move("A", {"0203", "0304"}), "5.24");
  EXPECT_REFUSED(sb, sb.move("S", {"0203", "0202"}), "5.24");  // enters by a non-arrow side
  // S must walk round to the arrow: 0204 (1), ferry (1), 0202 (1).
  EXPECT_EQ(cost_in(sb.reach("S"), "0202"), 3);
  auto m = sb.move("S", {"0204", "0203", "0202"});
  EXPECT_TRUE(m.ok()) << m.error().message;
}

// 5.24: a unit enters a ferry hex only with the Movement Points to reach the
// opposite bank as well.
TEST(Rule_5_24, MustHaveTheMovementPointsToReachTheFarBank) {
  Sandbox sb(rules_1977(), 1, 7);
  sb.terrain("0102", Terrain::Forest);  // 3
  sb.terrain("0104", Terrain::Ferry);   // 0103 clear: 4, ferry: 5
  sb.terrain("0105", Terrain::Forest);  // far bank would make 8
  sb.side("0103", "0104", kFerryArrow);
  sb.side("0104", "0105", kFerryArrow);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 3}, {"0103", 4}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104"}), "5.24");
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105"}), "5.15");

  // With a clear far bank it costs exactly six and is legal.
  Sandbox ok(rules_1977(), 1, 7);
  ok.terrain("0102", Terrain::Forest);
  ok.terrain("0104", Terrain::Ferry);
  ok.side("0103", "0104", kFerryArrow);
  ok.side("0104", "0105", kFerryArrow);
  ok.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(ok.reach("A"), (Reached{{"0102", 3}, {"0103", 4}, {"0105", 6}}));
  auto m = ok.move("A", {"0102", "0103", "0104", "0105"});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->mp, 6);
}

TEST(Rule_5_24, NoUnitMayBePlacedInRiverOrFerryHexes) {
  Sandbox sb(rules_1977(), 3, 5);
  river_map(sb);
  auto d = std::make_shared<UnitDef>();
  d->id = "X";
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.def = d;
  a.hex = sb.hex("0203");
  EXPECT_REFUSED(sb, sb.game().apply(a), "5.24");
  a.hex = sb.hex("0103");
  EXPECT_REFUSED(sb, sb.game().apply(a), "5.24");
}

// ---------------------------------------------------------------- 5.25

TEST(Rule_5_25, CreekHexsidesMayNotBeCrossed) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.side("0101", "0102", kCreek);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(sb.reach("A").empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}), "5.25");
}

TEST(Rule_5_25, BridgeAddsNothingFordAddsOne) {
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::Clear, kCreek | kBridge), 1);
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::Forest, kCreek | kBridge), 3);
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::Clear, kCreek | kFord), 2);
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::Rough, kCreek | kFord), 4);
}

// The worked example: through a ford hexside into a forest hex costs four.
TEST(Rule_5_25, FordIntoForestCostsFour) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.terrain("0102", Terrain::Forest);
  sb.side("0101", "0102", kCreek | kFord);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 4}, {"0103", 5}, {"0104", 6}}));
  auto r = sb.move("A", {"0102"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 4);
}

// No minimum move in 1977: a ford into swamp (7 MP) is beyond any unit.
TEST(Rule_5_25, FordIntoSwampIsBeyondTheAllowance) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.terrain("0102", Terrain::Swamp);
  sb.side("0101", "0102", kCreek | kFord);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(sb.reach("A").empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}), "5.15");
}

// ---------------------------------------------------------------- 5.3

TEST(Rule_5_31, FriendlyOccupiedHexesCostNothingExtra) {
  Sandbox sb(rules_1977(), 1, 8);
  sb.inf("F1", Side::Union, 4, "0102");
  sb.inf("F2", Side::Union, 4, "0102");
  sb.inf("F3", Side::Union, 4, "0104");
  sb.inf("A", Side::Union, 4, "0101");
  const Reached r = sb.reach("A");
  EXPECT_EQ(cost_in(r, "0103"), 2);
  EXPECT_EQ(cost_in(r, "0105"), 4);
  EXPECT_EQ(cost_in(r, "0107"), 6);
  auto m = sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107"});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->mp, 6);
}

TEST(Rule_5_32, TwoUnitsMayEndAPhaseStacked) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.inf("F1", Side::Union, 4, "0103");
  sb.inf("A", Side::Union, 4, "0101");
  ASSERT_TRUE(sb.move("A", {"0102", "0103"}).ok());
  auto r = sb.end();
  EXPECT_TRUE(r.ok()) << r.error().message;
}

// Ruling R-STACK-TIMING (1977): a move may end overstacked, but the phase may
// not end while a hex holds three units of a side.
TEST(Rule_5_32, PhaseMayNotEndWithThreeUnitsInAHex) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.inf("F1", Side::Union, 4, "0103");
  sb.inf("F2", Side::Union, 4, "0103");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(cost_in(sb.reach("A"), "0103"), 2);
  ASSERT_TRUE(sb.move("A", {"0102", "0103"}).ok());
  EXPECT_EQ(sb.where("A"), "0103");
  EXPECT_REFUSED(sb, sb.end(), "5.32");
  EXPECT_EQ(sb.state().phase, Phase::Movement);
}

TEST(Rule_5_32, AThirdUnitMayNotBePlacedInAHex) {
  Sandbox sb;
  sb.inf("F1", Side::Union, 4, "0303");
  sb.inf("F2", Side::Union, 4, "0303");
  auto d = std::make_shared<UnitDef>();
  d->id = "F3";
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.def = d;
  a.hex = sb.hex("0303");
  EXPECT_REFUSED(sb, sb.game().apply(a), "5.32");
}

// 5.33: any number of units may pass through one hex in a phase.
TEST(Rule_5_33, AnyNumberOfUnitsMayPassThroughAHex) {
  Sandbox sb(rules_1977(), 1, 8);
  sb.inf("F1", Side::Union, 4, "0104");
  sb.inf("F2", Side::Union, 4, "0104");
  sb.inf("A", Side::Union, 4, "0101");
  sb.inf("B", Side::Union, 4, "0101");
  sb.inf("C", Side::Union, 4, "0102");
  sb.inf("D", Side::Union, 4, "0102");
  EXPECT_TRUE(sb.move("A", {"0102", "0103", "0104", "0105"}).ok());
  EXPECT_TRUE(sb.move("B", {"0102", "0103", "0104", "0105"}).ok());
  EXPECT_TRUE(sb.move("C", {"0103", "0104", "0105", "0106"}).ok());
  EXPECT_TRUE(sb.move("D", {"0103", "0104", "0105", "0106"}).ok());
  auto r = sb.end();
  EXPECT_TRUE(r.ok()) << r.error().message;
}

// 5.34: hexes in a friendly Zone of Control do not slow or stop friendly units.
TEST(Rule_5_34, FriendlyControlledHexesNeverInhibitMovement) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("F", Side::Union, 4, "0204");  // controls 0203, 0205, 0104, 0105
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 1},
                                    {"0103", 2},
                                    {"0104", 3},
                                    {"0105", 4},
                                    {"0106", 5},
                                    {"0107", 6},
                                    {"0201", 1},
                                    {"0202", 2},
                                    {"0203", 3},
                                    {"0204", 4},
                                    {"0205", 5},
                                    {"0206", 6}}));
  EXPECT_TRUE(sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107"}).ok());
}

// ---------------------------------------------------------------- 9.0 TEC

TEST(Rule_9_0, TecHexCosts) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear), 1);
  EXPECT_EQ(enter_cost(r, Terrain::Forest), 3);
  EXPECT_EQ(enter_cost(r, Terrain::Rough), 3);
  EXPECT_EQ(enter_cost(r, Terrain::ForestRough), 6);
  EXPECT_EQ(enter_cost(r, Terrain::Swamp), 6);
  EXPECT_EQ(enter_cost(r, Terrain::Town), 1);  // ruling R-TOWN
}

TEST(Rule_9_0, TecRoadIsOneThroughARoadHexside) {
  const RulesConfig r = rules_1977();
  for (Terrain t : {Terrain::Clear, Terrain::Forest, Terrain::Rough, Terrain::ForestRough,
                    Terrain::Swamp, Terrain::Town})
    EXPECT_EQ(enter_cost(r, t, kRoad), 1) << terrain_name(t);
}

TEST(Rule_9_0, TecTrailIsTwoIntoForestOrRoughAndOneInClear) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kTrail), 1);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kTrail), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Rough, kTrail), 2);
  EXPECT_EQ(enter_cost(r, Terrain::ForestRough, kTrail), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Town, kTrail), 1);
}

// Ruling R-TRAIL-SWAMP: the TEC says a trail negates the other terrain of the
// hex; 5.23 prices a trail into anything but clear at two.
TEST(Rule_9_0, TecTrailIntoSwampCostsTwo) {
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::Swamp, kTrail), 2);
}

TEST(Rule_9_0, TecBridgeAddsNothing) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kCreek | kBridge), 1);
  EXPECT_EQ(enter_cost(r, Terrain::ForestRough, kCreek | kBridge), 6);
  EXPECT_EQ(enter_cost(r, Terrain::Rough, kStream | kBridge), 3);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kCreek | kBridge | kRoad), 1);
}

TEST(Rule_9_0, TecFordAndStreamAddOne) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kCreek | kFord), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kCreek | kFord), 4);
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kStream), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Rough, kStream), 4);
  EXPECT_EQ(enter_cost(r, Terrain::Swamp, kStream), -1);  // 7 MP: no unit has them
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kTrail), 3);
}

// R-DG-TEC-MOVE: a ford on a stream adds one, the price of either.
TEST(Rule_9_0, TecFordOnAStreamAddsOne) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kStream | kFord), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kFord), 4);
}

// Ruling R-ROAD-STREAM: a road across an unbridged stream or ford still pays
// the hexside's extra Movement Point.
TEST(Rule_9_0, TecRoadAcrossAnUnbridgedStreamStillPaysTheStream) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kRoad), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kCreek | kFord | kRoad), 2);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kStream | kRoad | kBridge), 1);
}

TEST(Rule_9_0, TecLakeHexsideMayNotBeCrossed) {
  Sandbox sb(rules_1977(), 1, 4);
  sb.side("0101", "0102", kLake);
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(sb.reach("A").empty());
  EXPECT_REFUSED(sb, sb.move("A", {"0102"}), "9.0");
}

TEST(Rule_9_0, TecRedoubtHexsideAddsNothing) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kRedoubt), 1);
  EXPECT_EQ(enter_cost(r, Terrain::Rough, kRedoubt), 3);
}

TEST(Rule_9_0, TecCommandControlHexsideHasNoEffect) {
  const RulesConfig r = rules_1977();
  EXPECT_EQ(enter_cost(r, Terrain::Clear, kCommandBoundary), 1);
  EXPECT_EQ(enter_cost(r, Terrain::Forest, kCommandBoundary), 3);
  // Nor does it stop a Zone of Control (18.0: no effect).
  Sandbox sb(rules_1977(), 1, 6);
  sb.side("0103", "0104", kCommandBoundary);
  sb.inf("B", Side::Confederate, 4, "0104");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), (Reached{{"0102", 1}, {"0103", 2}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0102"}), "6.0");
}

TEST(Rule_9_0, TecRiverHexIsImpassable) {
  EXPECT_EQ(enter_cost(rules_1977(), Terrain::River), -1);
}

}  // namespace bg::test
