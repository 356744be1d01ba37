// Zones of Control under the SPI 1977 Standard Rules (5.13, 6.0-6.6) and night
// movement (10.2).
//
// Most tests use a 2-column, 8-row map with a Confederate unit B in 0205. B's
// Zone of Control is 0204, 0206, 0105 and 0106 (0205 is an even column: it
// touches 0204, 0206, 0105, 0106 and, off this map, 0305 and 0306).
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

// What a Union unit in 0101 reaches when B in 0205 stops it at 0105 and 0204.
const Reached kStoppedByB = {{"0102", 1}, {"0103", 2}, {"0104", 3}, {"0105", 4},
                             {"0201", 1}, {"0202", 2}, {"0203", 3}, {"0204", 4}};

}  // namespace

// ---------------------------------------------------------------- 5.13

TEST(Rule_5_13, UnitMayNotLeaveEnemyZoc) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "5.13");
  EXPECT_REFUSED(sb, sb.move("A", {"0106"}), "5.13");  // not even into another controlled hex
  const Status s = sb.game().can_move(sb.id("A"), false);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().rule, "5.13");
  EXPECT_TRUE(sb.reach("A").empty());
}

// ---------------------------------------------------------------- 6.0

TEST(Rule_6_0, UnitMustStopOnEnteringEnemyZoc) {
  Sandbox free(rules_1977(), 2, 8);
  free.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(cost_in(free.reach("A"), "0107"), 6);

  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), kStoppedByB);
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0106"}), "6.0");
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0104"}), "6.0");
  auto r = sb.move("A", {"0102", "0103", "0104", "0105"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 4);
}

// ---------------------------------------------------------------- 6.1

TEST(Rule_6_1, ZonesOfControlAreExertedInEveryPlayerTurn) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("U", Side::Union, 4, "0205");
  sb.inf("C", Side::Confederate, 4, "0101");
  sb.advance_to(Side::Confederate, Phase::Movement);
  EXPECT_EQ(sb.reach("C"), kStoppedByB);  // the Union unit's ZOC, in the Confederate turn
  EXPECT_TRUE(enemy_zoc(sb, Side::Confederate, "0106"));
  EXPECT_REFUSED(sb, sb.move("C", {"0102", "0103", "0104", "0105", "0106"}), "6.0");
}

// "The presence of Zones of Control is never negated by units": a friendly
// unit standing in the enemy-controlled hex does not free it.
TEST(Rule_6_1, FriendlyUnitInTheHexDoesNotNegateTheZone) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("F", Side::Union, 4, "0105");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(sb.reach("A"), kStoppedByB);
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0106"}), "6.0");
}

// ---------------------------------------------------------------- 6.2

TEST(Rule_6_2, EnteringEnemyZocCostsNothingExtra) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.terrain("0204", Terrain::Forest);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  const Reached r = sb.reach("A");
  EXPECT_EQ(cost_in(r, "0105"), 4);  // four clear hexes
  EXPECT_EQ(cost_in(r, "0204"), 6);  // three clear, then forest 3
  auto m = sb.move("A", {"0201", "0202", "0203", "0204"});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->mp, 6);
}

// ---------------------------------------------------------------- 6.3

// A unit in an enemy ZOC leaves it once the enemy is removed by combat.
TEST(Rule_6_3, EnemyZocEndsWhenTheEnemyIsEliminated) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("B", Side::Confederate, 2, "0205");
  sb.inf("A", Side::Union, 12, "0105");
  EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "5.13");
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  sb.dice({1});
  auto r = sb.attack({"A"}, {"0205"});  // 6-1, die 1: De
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->combat->result, CombatResult::De);
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  if (sb.pending(PendingKind::Advance)) {
    ASSERT_TRUE(sb.advance("", "").ok());
  }
  sb.advance_to(Side::Union, Phase::Movement);
  auto m = sb.move("A", {"0104"});
  EXPECT_TRUE(m.ok()) << m.error().message;
}

// ---------------------------------------------------------------- 6.4

TEST(Rule_6_4, ZonesOfControlAreMutual) {
  for (Side first : {Side::Union, Side::Confederate}) {
    RulesConfig rules = rules_1977();
    rules.first = first;
    Sandbox sb(rules, 2, 8);
    sb.inf("B", Side::Confederate, 4, "0205");
    sb.inf("A", Side::Union, 4, "0105");
    EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0105"));
    EXPECT_TRUE(enemy_zoc(sb, Side::Confederate, "0205"));
    if (first == Side::Union) {
      EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "5.13");
    } else {
      EXPECT_REFUSED(sb, sb.move("B", {"0204"}), "5.13");
      EXPECT_TRUE(sb.reach("B").empty());
    }
  }
}

// ---------------------------------------------------------------- 6.5

TEST(Rule_6_5, MutuallyControlledHexStillStopsAndZonesDoNotAdd) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("B2", Side::Confederate, 4, "0106");  // also controls 0105
  sb.inf("F", Side::Union, 4, "0104");         // controls 0105 for the Union
  sb.inf("A", Side::Union, 4, "0101");
  const Board& board = sb.game().board();
  EXPECT_EQ(board.zoc(Side::Union, sb.hex("0105")), 1);
  EXPECT_EQ(board.zoc(Side::Confederate, sb.hex("0105")), 2);
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0104"));  // F itself is free to move
  // Two enemy zones cost no more than one, and the friendly zone frees nothing.
  EXPECT_EQ(sb.reach("A"), kStoppedByB);
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105", "0104"}), "6.0");
  EXPECT_TRUE(sb.move("F", {"0103"}).ok());
}

// ---------------------------------------------------------------- 6.6

TEST(Rule_6_6, NoZocAcrossCreekWithoutBridgeOrFord) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.side("0105", "0205", kCreek);
  sb.side("0106", "0205", kCreek);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0106"));
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0204"));
  const Reached r = sb.reach("A");
  EXPECT_EQ(cost_in(r, "0106"), 5);
  EXPECT_EQ(cost_in(r, "0107"), 6);
  auto m = sb.move("A", {"0102", "0103", "0104", "0105", "0106", "0107"});
  EXPECT_TRUE(m.ok()) << m.error().message;
}

TEST(Rule_6_6, ZocExtendsAcrossBridgeFordAndStream) {
  for (HexsideBits bits : {HexsideBits{kCreek | kBridge}, HexsideBits{kCreek | kFord},
                           HexsideBits{kStream}, HexsideBits{kStream | kBridge}}) {
    Sandbox sb(rules_1977(), 2, 8);
    sb.side("0105", "0205", bits);
    sb.side("0106", "0205", bits);
    sb.inf("B", Side::Confederate, 4, "0205");
    sb.inf("A", Side::Union, 4, "0101");
    EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0105")) << bits;
    EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0106")) << bits;
    EXPECT_EQ(sb.reach("A"), kStoppedByB) << bits;
  }
}

// 16.4: lake hexsides are treated exactly like creek hexsides.
TEST(Rule_6_6, NoZocAcrossLakeHexsides) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.side("0105", "0205", kLake);
  sb.side("0106", "0205", kLake);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_EQ(cost_in(sb.reach("A"), "0107"), 6);
}

// 16.1: Zones of Control do extend across redoubt hexsides.
TEST(Rule_6_6, ZocExtendsAcrossRedoubtHexsides) {
  Sandbox sb(rules_1977(), 2, 8);
  sb.side("0105", "0205", kRedoubt);
  sb.side("0106", "0205", kRedoubt);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0105"));
  EXPECT_EQ(sb.reach("A"), kStoppedByB);
}

// No Zone of Control extends into a river ferry hex: a unit crosses past an
// enemy on the far bank and stops only on landing in its Zone of Control.
TEST(Rule_6_6, NoZocIntoRiverFerryHexes) {
  Sandbox sb(rules_1977(), 3, 5);
  sb.terrain("0103", Terrain::River);
  sb.terrain("0303", Terrain::River);
  sb.terrain("0203", Terrain::Ferry);
  sb.side("0202", "0203", kFerryArrow);
  sb.side("0203", "0204", kFerryArrow);
  sb.inf("B", Side::Confederate, 4, "0304");  // touches the ferry 0203 and the landing 0204
  sb.inf("A", Side::Union, 4, "0202");
  EXPECT_FALSE(enemy_zoc(sb, Side::Union, "0203"));
  EXPECT_TRUE(enemy_zoc(sb, Side::Union, "0204"));
  EXPECT_EQ(cost_in(sb.reach("A"), "0204"), 2);
  EXPECT_EQ(cost_in(sb.reach("A"), "0205"), -1);
  EXPECT_REFUSED(sb, sb.move("A", {"0203", "0204", "0205"}), "6.0");
  auto m = sb.move("A", {"0203", "0204"});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->mp, 2);
}

// ---------------------------------------------------------------- 10.2

namespace {
RulesConfig night_1977() {
  RulesConfig r = rules_1977();
  r.night.set(1);
  return r;
}
}  // namespace

TEST(Rule_10_2, NoEnteringEnemyZocAtNight) {
  Sandbox sb(night_1977(), 2, 8);
  ASSERT_TRUE(sb.game().night());
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0101");
  EXPECT_EQ(
      sb.reach("A"),
      (Reached{{"0102", 1}, {"0103", 2}, {"0104", 3}, {"0201", 1}, {"0202", 2}, {"0203", 3}}));
  EXPECT_REFUSED(sb, sb.move("A", {"0102", "0103", "0104", "0105"}), "10.2");
  EXPECT_REFUSED(sb, sb.move("A", {"0201", "0202", "0203", "0204"}), "10.2");
  auto m = sb.move("A", {"0102", "0103", "0104"});
  EXPECT_TRUE(m.ok()) << m.error().message;
}

TEST(Rule_10_2, NoLeavingEnemyZocAtNight) {
  Sandbox sb(night_1977(), 2, 8);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  EXPECT_FALSE(sb.game().can_move(sb.id("A"), false).ok());
  EXPECT_REFUSED(sb, sb.move("A", {"0104"}), "5.13");
  EXPECT_TRUE(sb.reach("A").empty());
}

// 10.2 forbids entering and leaving controlled hexes only: a unit beside an
// enemy across a creek (no Zone of Control, 6.6) still moves at night. The
// 2016 edition differs (DG 9.0: adjacent units may not move).
TEST(Rule_10_2, AdjacentAcrossACreekMayStillMoveAtNight) {
  Sandbox sb(night_1977(), 2, 8);
  sb.side("0105", "0205", kCreek);
  sb.side("0106", "0205", kCreek);
  sb.inf("B", Side::Confederate, 4, "0205");
  sb.inf("A", Side::Union, 4, "0105");
  auto m = sb.move("A", {"0104", "0103"});
  EXPECT_TRUE(m.ok()) << m.error().message;
}

}  // namespace bg::test
