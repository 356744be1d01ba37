// Artillery (8.0), 1977 Standard Rules: bombardment (8.1), combined attacks
// (8.2), adjacent attacks (8.4) and artillery on defence (8.5).
#include <string>

#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

void to_combat(Sandbox& sb) {
  auto r = sb.end();
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(sb.state().phase, Phase::Combat);
}

UnitIndex art(Sandbox& sb, const std::string& id, Side s, int strength, const std::string& h) {
  return sb.unit(id, s, UnitType::Artillery, strength, h);
}

CombatReport fight(Sandbox& sb, std::initializer_list<std::string> attackers,
                   std::initializer_list<std::string> hexes, int die) {
  sb.dice({die});
  auto r = sb.attack(attackers, hexes);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || !r->combat) return CombatReport{};
  return *r->combat;
}

}  // namespace

// ---- 8.0 ---------------------------------------------------------------------

TEST(Rule_8_0, ExchangeFromBombardmentAloneCostsTheAttackerNothing) {
  Sandbox sb;
  art(sb, "Art", U, 12, "0503");
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 6).result, CombatResult::Ex);
  EXPECT_EQ(sb.where("B"), "eliminated");
  EXPECT_EQ(sb.where("Art"), "0503");
  EXPECT_FALSE(sb.pending(PendingKind::Lose));
  EXPECT_FALSE(sb.pending(PendingKind::Advance));  // a battery three hexes off never advances
  EXPECT_TRUE(sb.end().ok());
}

TEST(Rule_8_0, AdjacentArtilleryCooperatingSuffersTheExchange) {
  Sandbox sb;
  art(sb, "Adj", U, 6, "0505");  // adjacent: treated as infantry
  art(sb, "Far", U, 6, "0503");
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Adj", "Far"}, {"0506"}, 6).result, CombatResult::Ex);
  EXPECT_REFUSED(sb, sb.lose({"Far"}), "7.6");
  ASSERT_TRUE(sb.lose({"Adj"}).ok());
  EXPECT_EQ(sb.where("Adj"), "eliminated");
  EXPECT_EQ(sb.where("Far"), "0503");
}

// ---- 8.1 Bombardment -----------------------------------------------------------

TEST(Rule_8_11, RangeIsThreeHexes) {
  Sandbox sb;
  art(sb, "Near", U, 3, "0503");  // 3 hexes
  art(sb, "Far", U, 3, "0502");   // 4 hexes
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Far"}, {"0506"}), "8.11");
  EXPECT_REFUSED(sb, sb.attack({"Near", "Far"}, {"0506"}), "8.11");
  EXPECT_EQ(fight(sb, {"Near"}, {"0506"}, 4).attack, 3);
}

TEST(Rule_8_11, ArtilleryInRangeIsNeverForcedToAttack) {
  Sandbox sb;
  art(sb, "Art", U, 3, "0504");  // two hexes from B
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_TRUE(sb.game().obligations().empty());
  EXPECT_TRUE(sb.end().ok());
}

TEST(Rule_8_12, RangeCountsTheTargetHexNotTheFiringHex) {
  // 0803 to 0605: two hexes between, the target counts: range 3.
  // 0803 to 0506: range 4.
  Sandbox sb;
  art(sb, "Art", U, 3, "0803");
  sb.inf("B1", C, 1, "0605");
  sb.inf("B2", C, 1, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "8.11");
  EXPECT_EQ(column_name(fight(sb, {"Art"}, {"0605"}, 4).column), "3-1");
}

TEST(Rule_8_13, BombardmentHitsOneHexUnlessCombinedWithAdjacentUnits) {
  Sandbox sb;
  art(sb, "Art", U, 6, "0503");
  art(sb, "Art2", U, 6, "0703");
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0605");
  sb.inf("A", U, 2, "0505");  // adjacent to both
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506", "0605"}), "8.13");
  EXPECT_REFUSED(sb, sb.attack({"Art", "Art2"}, {"0506", "0605"}), "8.13");
  CombatReport cr = fight(sb, {"A", "Art", "Art2"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.attack, 14);
  EXPECT_EQ(cr.defence, 2);
}

TEST(Rule_8_14, TwoBatteriesInOneHexBombardTheSameHex) {
  Sandbox sb;
  art(sb, "Art1", U, 3, "0503");
  art(sb, "Art2", U, 3, "0503");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0305");  // also in range of 0503
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art1"}, {"0506"}), "7.22");
  EXPECT_REFUSED(sb, sb.attack({"Art2"}, {"0305"}), "7.22");
  EXPECT_EQ(fight(sb, {"Art1", "Art2"}, {"0506"}, 4).attack, 6);
  ASSERT_TRUE(sb.retreat("B1", "0507").ok());
  EXPECT_REFUSED(sb, sb.attack({"Art2"}, {"0305"}), "7.14");
}

TEST(Rule_8_15, BombardingArtilleryIsNeverEliminatedByItsOwnAttack) {
  Sandbox sb;
  art(sb, "Art", U, 1, "0503");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"Art"}, {"0506"}, 6);
  ASSERT_EQ(cr.result, CombatResult::Ae);
  EXPECT_EQ(sb.where("Art"), "0503");
  EXPECT_FALSE(sb.pending(PendingKind::Advance));
  EXPECT_TRUE(sb.end().ok());
}

TEST(Rule_8_16, BombardingArtilleryMayElectToRetreatOnAr) {
  Sandbox sb;
  art(sb, "Art", U, 2, "0503");
  sb.inf("B", C, 6, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 2).result, CombatResult::Ar);  // 1-3 die 2
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "Art"));
  EXPECT_REFUSED(sb, sb.retreat("Art", "0501"), "7.72");  // one hex only
  ASSERT_TRUE(sb.retreat("Art", "0502").ok());
  EXPECT_EQ(sb.where("Art"), "0502");
  EXPECT_FALSE(sb.pending(PendingKind::Advance));
}

TEST(Rule_8_16, BombardingArtilleryMayStayOnAr) {
  Sandbox sb;
  art(sb, "Art", U, 2, "0503");
  sb.inf("B", C, 6, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 2).result, CombatResult::Ar);
  ASSERT_TRUE(sb.retreat("Art", "").ok());  // `retreat Art stay`
  EXPECT_EQ(sb.where("Art"), "0503");
  EXPECT_TRUE(sb.state().pending.empty());
  EXPECT_TRUE(sb.end().ok());
}

// ---- 8.2 Combined attacks ------------------------------------------------------

TEST(Rule_8_21, BatteriesFromSeveralHexesJoinAnAdjacentUnit) {
  Sandbox sb;
  art(sb, "Art1", U, 2, "0503");
  art(sb, "Art2", U, 3, "0504");
  sb.inf("A", U, 5, "0606");
  sb.inf("B", C, 1, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"Art1", "Art2", "A"}, {"0506"}, 4);
  EXPECT_EQ(cr.attack, 10);
  EXPECT_EQ(column_name(cr.column), "6-1");
}

TEST(Rule_8_21, BatteriesMayAttackTogetherWithoutGroundUnits) {
  Sandbox sb;
  art(sb, "Art1", U, 2, "0503");
  art(sb, "Art2", U, 3, "0504");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"Art1", "Art2"}, {"0506"}, 4);
  EXPECT_EQ(cr.attack, 5);
  EXPECT_EQ(column_name(cr.column), "1-1");
}

TEST(Rule_8_22, ArtilleryNeedsRangeToOnlyOneDefendingHex) {
  Sandbox sb;
  sb.inf("A", U, 8, "0505");
  art(sb, "Art", U, 4, "0803");  // 3 hexes from 0605, 4 from 0506
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "8.11");
  CombatReport cr = fight(sb, {"A", "Art"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.attack, 12);
  EXPECT_EQ(cr.defence, 4);
}

TEST(Rule_8_23, InCombinedAttackOnlyTheGroundUnitsSufferAe) {
  Sandbox sb;
  sb.inf("A", U, 1, "0505");
  art(sb, "Art", U, 1, "0503");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A", "Art"}, {"0506"}, 6).result, CombatResult::Ae);
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_EQ(sb.where("Art"), "0503");
}

TEST(Rule_8_23, InCombinedAttackGroundUnitsMustRetreatArtilleryMayStay) {
  Sandbox sb;
  sb.inf("A", U, 1, "0505");
  art(sb, "Art", U, 1, "0503");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A", "Art"}, {"0506"}, 2).result, CombatResult::Ar);
  EXPECT_REFUSED(sb, sb.retreat("A", ""), "7.71");
  ASSERT_TRUE(sb.retreat("Art", "").ok());
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  EXPECT_EQ(sb.where("Art"), "0503");
}

// ---- 8.4 Adjacent attacks --------------------------------------------------------

TEST(Rule_8_41, ArtilleryInEnemyZocMustAttackAndMayNotBombard) {
  Sandbox sb;
  art(sb, "Art", U, 6, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("E", C, 2, "0502");  // 3 hexes away, in range
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "7.12");
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0502"}), "7.15");
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 4).result, CombatResult::Dr);
}

TEST(Rule_8_42, ArtilleryInZocAttacksEveryAdjacentHexButNoOther) {
  Sandbox sb;
  art(sb, "Art", U, 6, "0505");
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0605");
  sb.inf("E", C, 1, "0502");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506", "0605", "0502"}), "7.25");
  CombatReport cr = fight(sb, {"Art"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.defence, 2);
}

TEST(Rule_8_43, ArtilleryAttackingFromZocSuffersAe) {
  Sandbox sb;
  art(sb, "Art", U, 1, "0505");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 6).result, CombatResult::Ae);
  EXPECT_EQ(sb.where("Art"), "eliminated");
}

TEST(Rule_8_43, ArtilleryAttackingFromZocMustRetreatOnAr) {
  Sandbox sb;
  art(sb, "Art", U, 2, "0505");
  sb.inf("B", C, 6, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 2).result, CombatResult::Ar);
  EXPECT_REFUSED(sb, sb.retreat("Art", ""), "7.71");
  ASSERT_TRUE(sb.retreat("Art", "0504").ok());
}

TEST(Rule_8_44, BlockingTerrainDoesNotStopAnAdjacentAttack) {
  Sandbox sb;
  sb.terrain("0505", Terrain::Forest);
  sb.terrain("0506", Terrain::ForestRough);
  art(sb, "Art", U, 6, "0505");
  sb.inf("B", C, 1, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"Art"}, {"0506"}, 4);
  EXPECT_EQ(cr.defence, 2);  // the hex still doubles
}

TEST(Rule_8_44, ArtilleryInZocIsTreatedAsInfantryAtACreek) {
  // Ruling R-CMB-ART-CREEK: Art in B1's ZOC may not attack B2 across an
  // unbridged creek; 8.44 is about blocking terrain, not prohibited hexsides.
  Sandbox sb;
  sb.side("0505", "0605", kCreek);
  art(sb, "Art", U, 6, "0505");
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506", "0605"}), "9.0");
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0605"}), "9.0");
  EXPECT_EQ(fight(sb, {"Art"}, {"0506"}, 4).defence, 1);
}

TEST(Rule_8_45, ArtilleryAcrossACreekFromItsOnlyEnemyBombards) {
  Sandbox sb;
  sb.side("0505", "0506", kCreek);
  art(sb, "Art", U, 1, "0505");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  EXPECT_TRUE(sb.game().obligations().empty());  // no ZOC across the creek
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 6).result, CombatResult::Ae);
  EXPECT_EQ(sb.where("Art"), "0505");  // bombarding: unaffected
}

TEST(Rule_8_45, ItMayBombardAnotherEnemyInRangeInstead) {
  Sandbox sb;
  sb.side("0505", "0506", kCreek);
  art(sb, "Art", U, 4, "0505");
  sb.inf("B", C, 9, "0506");
  sb.inf("E", C, 1, "0502");
  to_combat(sb);
  EXPECT_EQ(column_name(fight(sb, {"Art"}, {"0502"}, 4).column), "4-1");
}

// ---- 8.5 Defence -------------------------------------------------------------------

TEST(Rule_8_51, ArtilleryNeverAddsToAnotherHexsDefence) {
  Sandbox sb;
  sb.inf("A", U, 6, "0505");
  sb.inf("B", C, 3, "0506");
  art(sb, "CArt", C, 9, "0508");  // in range of 0506 and of A
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"CArt"}, {"0505"}), "7.0");  // not its Combat Phase
  CombatReport cr = fight(sb, {"A"}, {"0506"}, 4);
  EXPECT_EQ(cr.defence, 3);
  EXPECT_EQ(column_name(cr.column), "2-1");
}

TEST(Rule_8_52, BombardedArtilleryRetreats) {
  Sandbox sb;
  art(sb, "Art", U, 6, "0503");
  art(sb, "CArt", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "CArt"));
  ASSERT_TRUE(sb.retreat("CArt", "0507").ok());
}

TEST(Rule_8_52, BombardedArtilleryIsEliminated) {
  Sandbox sb;
  art(sb, "Art", U, 6, "0503");
  art(sb, "CArt", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 1).result, CombatResult::De);
  EXPECT_EQ(sb.where("CArt"), "eliminated");
}

}  // namespace bg::test
