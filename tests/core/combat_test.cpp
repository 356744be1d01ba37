// Combat in the 1977 Standard Rules: which units attack (7.1), multi-unit and
// multi-hex combat (7.2), unity (7.3), terrain (7.4, 9.0), diversionary attacks
// (7.5), the results (7.6), voluntary odds reduction (7.9) and night (10.1).
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

// Attacks with the die forced; fails the test if the attack is refused.
CombatReport fight(Sandbox& sb, std::initializer_list<std::string> attackers,
                   std::initializer_list<std::string> hexes, int die, int column = -1) {
  sb.dice({die});
  auto r = sb.attack(attackers, hexes, column);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || !r->combat) return CombatReport{};
  return *r->combat;
}

// Defence of hex `h` as the engine computes it for the attack, without rolling.
Result<AttackPlan> preview(Sandbox& sb, std::initializer_list<std::string> attackers,
                           const std::string& h) {
  Action a;
  a.kind = ActionKind::Attack;
  for (const auto& u : attackers) a.units.push_back(sb.id(u));
  a.hexes.push_back(sb.hex(h));
  auto plan = sb.game().preview_attack(a);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message);
  return plan;
}

int defence_of(Sandbox& sb, std::initializer_list<std::string> attackers, const std::string& h) {
  auto plan = preview(sb, attackers, h);
  return plan.ok() ? plan->defence : -1;
}

}  // namespace

// ---- 7.1 Which units attack ------------------------------------------------

TEST(Rule_7_11, EnemyInFriendlyZocMustBeAttackedEveryOne) {
  // F in 0506 is in the ZOC of E1 (0505) and E2 (0507) and alone can reach E2.
  Sandbox sb;
  sb.inf("F", U, 6, "0506");
  sb.inf("E1", C, 2, "0505");
  sb.inf("E2", C, 2, "0507");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"F"}, {"0505"}), "7.11");
  // Attacking both hexes in one combat satisfies 7.11.
  CombatReport cr = fight(sb, {"F"}, {"0505", "0507"}, 4);
  EXPECT_EQ(cr.defence, 4);
  EXPECT_EQ(column_name(cr.column), "1-1");
}

TEST(Rule_7_11, AnotherAdjacentUnitMayEngageTheSecondEnemy) {
  Sandbox sb;
  sb.inf("F", U, 6, "0506");
  sb.inf("G", U, 6, "0508");  // adjacent to E2 only
  sb.inf("E1", C, 2, "0505");
  sb.inf("E2", C, 2, "0507");
  to_combat(sb);
  fight(sb, {"F"}, {"0505"}, 1);  // 3-1 die 1: De
  EXPECT_EQ(sb.where("E1"), "eliminated");
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_REFUSED(sb, sb.end(), "7.12");  // G still owes its attack on E2
  fight(sb, {"G"}, {"0507"}, 1);
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().phasing, C);
}

TEST(Rule_7_12, UnitInEnemyZocMustAttackBeforeThePhaseEnds) {
  Sandbox sb;
  sb.inf("A", U, 5, "0505");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "7.12");
  fight(sb, {"A"}, {"0506"}, 4);  // 1-1 die 4: Ar
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  ASSERT_TRUE(sb.advance("", "").ok());  // B declines to advance into 0505
  EXPECT_TRUE(sb.end().ok());
}

// R-CMB-OBLIGATION-CITES: A must attack (7.12) and B must be attacked (7.11); the refusal's
// rule is 7.12 and its message names 7.11 too.
TEST(Rule_7_11, AnEndRefusedForBothObligationsNamesBothCases) {
  Sandbox sb;
  sb.inf("A", U, 5, "0505");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  auto r = sb.end();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "7.12");
  EXPECT_EQ(r.error().message,
            "7.12: A in 0505 is in an enemy Zone of Control and must attack, and (7.11) the "
            "enemy in 0506 has friendly units in its Zone of Control and must be attacked");
}

TEST(Rule_7_12, AnEndRefusedForBothObligationsNamesBothCases) {
  Sandbox sb;
  sb.inf("A", U, 5, "0505");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "7.12");
  const std::string m = sb.end().error().message;
  EXPECT_EQ(m.rfind("7.12: ", 0), 0u) << m;
  EXPECT_NE(m.find("(7.11)"), std::string::npos) << m;
}

TEST(Rule_7_12, UnitsOutsideEnemyZocNeedNotAttack) {
  Sandbox sb;
  sb.inf("A", U, 5, "0504");  // two hexes from B
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  EXPECT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().phasing, C);
}

TEST(Rule_7_13, SixAdjacentHexesAndArtilleryInRange) {
  Sandbox sb;
  for (const char* h : {"0505", "0507", "0405", "0406", "0605", "0606"})
    sb.inf(std::string("U") + h, U, 1, h);
  art(sb, "Art", U, 2, "0503");  // three hexes north, clear Line of Sight
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  CombatReport cr =
      fight(sb, {"U0505", "U0507", "U0405", "U0406", "U0605", "U0606", "Art"}, {"0506"}, 4);
  EXPECT_EQ(cr.attack, 8);
  EXPECT_EQ(column_name(cr.column), "4-1");
}

TEST(Rule_7_14, NoUnitAttacksTwiceAndNoEnemyIsAttackedTwice) {
  Sandbox sb;
  sb.inf("A", U, 5, "0505");
  art(sb, "Art", U, 4, "0503");
  sb.inf("B", C, 5, "0506");
  sb.inf("D", C, 1, "0702");  // far from everyone, in Art's range
  to_combat(sb);
  fight(sb, {"A"}, {"0506"}, 4);  // Ar
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "7.14");  // B was attacked
  fight(sb, {"Art"}, {"0702"}, 4);                           // 4-1 die 4: Dr
  ASSERT_TRUE(sb.retreat("D", "0701").ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0701"}), "7.14");  // Art has attacked
}

TEST(Rule_7_15, OnlyAdjacentUnitsAttack) {
  Sandbox sb;
  sb.inf("A", U, 9, "0504");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}), "7.15");
}

// ---- 7.2 Multiple unit and multi-hex combat ---------------------------------

TEST(Rule_7_21, DefendingStackIsAttackedAsOneStrength) {
  Sandbox sb;
  sb.inf("A", U, 7, "0505");
  sb.inf("B1", C, 4, "0506");
  sb.inf("B2", C, 3, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A"}, {"0506"}, 1);  // 1-1 die 1: Dr
  EXPECT_EQ(cr.defence, 7);
  EXPECT_EQ(column_name(cr.column), "1-1");
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B1"));
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B2"));
}

TEST(Rule_7_22, StackedAttackersAttackAsOneStrength) {
  Sandbox sb;
  sb.inf("A1", U, 3, "0505");
  sb.inf("A2", U, 3, "0505");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A1"}, {"0506"}), "7.22");
  CombatReport cr = fight(sb, {"A1", "A2"}, {"0506"}, 4);
  EXPECT_EQ(cr.attack, 6);
}

TEST(Rule_7_22, StackMayNotSplitBetweenTwoCombats) {
  // A1 and A2 in 0505 touch B1 (0506) and B2 (0605): one combat or none.
  Sandbox sb;
  sb.inf("A1", U, 3, "0505");
  sb.inf("A2", U, 3, "0505");
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A1"}, {"0506", "0605"}), "7.22");
  fight(sb, {"A1", "A2"}, {"0506", "0605"}, 4);  // 3-1 die 4: Dr
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B1"));
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B2"));
}

TEST(Rule_7_23, AttackThatWouldStrandAnObligedUnitIsRefused) {
  // F1 and F2 both stand in B's ZOC; F1 may not attack B without F2.
  Sandbox sb;
  sb.inf("F1", U, 3, "0505");
  sb.inf("F2", U, 3, "0507");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"F1"}, {"0506"}), "7.23");
  CombatReport cr = fight(sb, {"F1", "F2"}, {"0506"}, 4);
  EXPECT_EQ(cr.attack, 6);
}

TEST(Rule_7_23, UnitInTwoZocsMayLeaveAnEnemyEngagedByAnother) {
  // F touches E1 and E2; G touches E2 and E3. F takes E1, G takes E2 and E3.
  Sandbox sb;
  sb.inf("F", U, 4, "0506");
  sb.inf("G", U, 4, "0508");
  sb.inf("E1", C, 1, "0505");
  sb.inf("E2", C, 1, "0507");
  sb.inf("E3", C, 1, "0509");
  to_combat(sb);
  // F may leave E2 to G: 7.23 asks only for enemies "not engaged by some other".
  fight(sb, {"F"}, {"0505"}, 4);  // 4-1 die 4: Dr
  ASSERT_TRUE(sb.retreat("E1", "0504").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  // Now only G can reach E2, so G must take E2 and E3 together.
  EXPECT_REFUSED(sb, sb.attack({"G"}, {"0509"}), "7.11");
  fight(sb, {"G"}, {"0507", "0509"}, 4);    // 2-1 die 4: Dr
  EXPECT_EQ(sb.where("E2"), "eliminated");  // hemmed in by F and G (7.72)
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "E3"));
}

TEST(Rule_7_24, UnitsInSeveralHexesCombineAgainstOneHex) {
  Sandbox sb;
  sb.inf("A1", U, 3, "0505");
  sb.inf("A2", U, 4, "0405");
  sb.inf("A3", U, 2, "0606");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A1", "A2", "A3"}, {"0506"}, 4);
  EXPECT_EQ(cr.attack, 9);
  EXPECT_EQ(column_name(cr.column), "3-1");
}

TEST(Rule_7_25, EveryAttackerMustBeAdjacentToEveryDefender) {
  // A1 (0505) touches 0506 and 0605; A2 (0405) touches 0506 but not 0605.
  Sandbox sb;
  sb.inf("A1", U, 4, "0505");
  sb.inf("A2", U, 4, "0405");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A1", "A2"}, {"0506", "0605"}), "7.25");
}

TEST(Rule_7_25, MultiHexAttackTotalsEveryDefendingHex) {
  Sandbox sb;
  sb.inf("A1", U, 8, "0505");
  art(sb, "Art", U, 4, "0803");  // in range of 0605 (3) but not of 0506 (4): 8.22
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0605");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A1", "Art"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.attack, 12);
  EXPECT_EQ(cr.defence, 4);
  EXPECT_EQ(column_name(cr.column), "3-1");
}

// ---- 7.3 Combat strength unity ----------------------------------------------

TEST(Rule_7_3, UnitNamedTwiceIsRefused) {
  Sandbox sb;
  sb.inf("A", U, 3, "0505");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A", "A"}, {"0506"}), "7.3");
}

TEST(Rule_7_3, StrengthIsNotDividedBetweenCombats) {
  // A touches B1 and B2; it fights both at full strength or not at all.
  Sandbox sb;
  sb.inf("A", U, 6, "0505");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 1, "0605");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.attack, 6);
  EXPECT_EQ(cr.defence, 3);
  EXPECT_EQ(column_name(cr.column), "2-1");
}

// ---- 7.4 Effects of terrain ---------------------------------------------------

TEST(Rule_7_4, FiveOnRoughDefendsAsTen) {
  Sandbox sb;
  sb.terrain("0506", Terrain::Rough);
  sb.inf("A", U, 10, "0505");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A"}, {"0506"}, 4);
  EXPECT_EQ(cr.defence, 10);
  EXPECT_EQ(column_name(cr.column), "1-1");
  EXPECT_EQ(cr.result, CombatResult::Ar);  // 2-1 would have been Dr
  ASSERT_EQ(cr.defence_detail.size(), 1u);
  EXPECT_EQ(cr.defence_detail[0].strength, 5);
  EXPECT_EQ(cr.defence_detail[0].multiplier, 2);
}

TEST(Rule_7_4, MultiHexAttackMultipliesEachHexOnItsOwn) {
  Sandbox sb;
  sb.terrain("0506", Terrain::Rough);
  sb.inf("A", U, 9, "0505");
  sb.inf("B1", C, 2, "0506");  // x2 = 4
  sb.inf("B2", C, 2, "0605");  // clear = 2
  to_combat(sb);
  CombatReport cr = fight(sb, {"A"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.defence, 6);
}

// ---- 7.5 Diversionary attacks ---------------------------------------------------

TEST(Rule_7_5, DiversionaryAttackAtPoorOddsIsAllowed) {
  // F (1) pins E2 at 1-5 so that G (12) can take E1 alone at better odds.
  Sandbox sb;
  sb.inf("F", U, 1, "0506");
  sb.inf("G", U, 12, "0504");
  sb.inf("E1", C, 4, "0505");
  sb.inf("E2", C, 5, "0507");
  to_combat(sb);
  CombatReport cr = fight(sb, {"F"}, {"0507"}, 4);
  EXPECT_EQ(column_name(cr.column), "1-5");
  EXPECT_EQ(cr.result, CombatResult::Ae);
  EXPECT_EQ(sb.where("F"), "eliminated");
  ASSERT_TRUE(sb.advance("", "").ok());  // E2 may advance into 0506; it declines
  cr = fight(sb, {"G"}, {"0505"}, 1);
  EXPECT_EQ(column_name(cr.column), "3-1");
  EXPECT_EQ(sb.where("E1"), "eliminated");
}

// ---- 7.6 Combat results -------------------------------------------------------------

TEST(Rule_7_6, AttackerEliminatedRemovesEveryAttackerAndScores) {
  Sandbox sb;
  sb.inf("A1", U, 1, "0505");
  sb.inf("A2", U, 1, "0405");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  sb.dice({6});
  auto r = sb.attack({"A1", "A2"}, {"0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->combat->result, CombatResult::Ae);
  EXPECT_EQ(r->eliminated.size(), 2u);
  EXPECT_EQ(sb.where("A1"), "eliminated");
  EXPECT_EQ(sb.where("A2"), "eliminated");
  EXPECT_EQ(sb.where("B"), "0506");
  EXPECT_EQ(sb.state().vp[static_cast<size_t>(C)], 2);
}

TEST(Rule_7_6, DefenderEliminatedRemovesEveryDefenderInEveryHex) {
  Sandbox sb;
  sb.inf("A", U, 12, "0505");
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0506");
  sb.inf("B3", C, 1, "0605");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A"}, {"0506", "0605"}, 1);
  EXPECT_EQ(cr.result, CombatResult::De);
  for (const char* b : {"B1", "B2", "B3"}) EXPECT_EQ(sb.where(b), "eliminated") << b;
  EXPECT_EQ(sb.state().vp[static_cast<size_t>(U)], 3);
}

TEST(Rule_7_6, ExchangeAttackerChoosesLossesOfAtLeastThePrintedStrength) {
  // B (4) on rough defends as 8, but the exchange costs 4 printed points.
  Sandbox sb;
  sb.terrain("0506", Terrain::Rough);
  sb.inf("A1", U, 12, "0505");
  sb.inf("A2", U, 4, "0405");
  sb.inf("A3", U, 3, "0605");
  sb.inf("A4", U, 5, "0507");
  art(sb, "Art", U, 6, "0503");
  sb.inf("X", U, 9, "0909");  // did not take part
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A1", "A2", "A3", "A4", "Art"}, {"0506"}, 6);
  EXPECT_EQ(cr.defence, 8);
  EXPECT_EQ(column_name(cr.column), "3-1");
  ASSERT_EQ(cr.result, CombatResult::Ex);
  EXPECT_EQ(sb.where("B"), "eliminated");
  ASSERT_TRUE(sb.pending(PendingKind::Lose));
  EXPECT_REFUSED(sb, sb.end(), "7.0");                // the loss must be taken first
  EXPECT_REFUSED(sb, sb.lose({"A3"}), "7.6");         // 3 < 4
  EXPECT_REFUSED(sb, sb.lose({"X"}), "7.6");          // not a participant
  EXPECT_REFUSED(sb, sb.lose({"Art"}), "7.6");        // bombarding artillery: never
  EXPECT_REFUSED(sb, sb.lose({"Art", "A3"}), "7.6");  // still only 3 eligible points
  EXPECT_REFUSED(sb, sb.lose({"A2", "A3"}), "7.6");   // A3 is not needed (R-EX-MINIMAL)
  EXPECT_REFUSED(sb, sb.lose({"A2", "A2"}), "7.6");   // named twice
  EXPECT_REFUSED(sb, sb.lose({}), "7.6");
  ASSERT_TRUE(sb.lose({"A4"}).ok());  // 5 >= 4, the attacker's choice
  EXPECT_EQ(sb.where("A4"), "eliminated");
  EXPECT_EQ(sb.where("A2"), "0405");
  EXPECT_EQ(sb.where("Art"), "0503");
  EXPECT_FALSE(sb.pending(PendingKind::Lose));
  EXPECT_TRUE(sb.pending(PendingKind::Advance));  // B's hex was vacated
}

TEST(Rule_7_6, ExchangeTwoSmallUnitsMayBeNeededTogether) {
  Sandbox sb;
  sb.inf("A1", U, 3, "0505");
  sb.inf("A2", U, 3, "0405");
  sb.inf("A3", U, 8, "0605");
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A1", "A2", "A3"}, {"0506"}, 6).result, CombatResult::Ex);
  EXPECT_REFUSED(sb, sb.lose({"A1"}), "7.6");
  ASSERT_TRUE(sb.lose({"A1", "A2"}).ok());
  EXPECT_EQ(sb.where("A3"), "0605");
}

TEST(Rule_7_6, ExchangeWithTooFewEligiblePointsLosesThemAll) {
  Sandbox sb;
  sb.inf("A", U, 1, "0505");
  art(sb, "Art", U, 12, "0503");
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A", "Art"}, {"0506"}, 6).result, CombatResult::Ex);
  ASSERT_TRUE(sb.lose({"A"}).ok());
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_EQ(sb.where("Art"), "0503");
}

TEST(Rule_7_6, AttackerRetreatMovesEveryAttacker) {
  Sandbox sb;
  sb.inf("A1", U, 2, "0505");
  sb.inf("A2", U, 2, "0405");
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A1", "A2"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "A1"));
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "A2"));
  EXPECT_REFUSED(sb, sb.attack({"A1"}, {"0506"}), "7.0");  // resolve first
  ASSERT_TRUE(sb.retreat("A1", "0504").ok());
  ASSERT_TRUE(sb.retreat("A2", "0404").ok());
  EXPECT_EQ(sb.where("A1"), "0504");
  EXPECT_EQ(sb.where("A2"), "0404");
}

TEST(Rule_7_6, DefenderRetreatMovesEveryDefender) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  EXPECT_REFUSED(sb, sb.retreat("B1", ""), "7.71");  // a combat retreat is not optional
  ASSERT_TRUE(sb.retreat("B1", "0507").ok());
  ASSERT_TRUE(sb.retreat("B2", "0606").ok());
  EXPECT_TRUE(sb.pending(PendingKind::Advance));
}

// ---- 7.9 Voluntary reduction of odds ---------------------------------------------------

TEST(Rule_7_9, FiveToOneReducedToThreeToOne) {
  Sandbox sb;
  sb.inf("A", U, 10, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}, *parse_column("6-1")), "7.9");
  CombatReport cr = fight(sb, {"A"}, {"0506"}, 2, *parse_column("3-1"));
  EXPECT_EQ(column_name(cr.computed_column), "5-1");
  EXPECT_EQ(column_name(cr.column), "3-1");
  EXPECT_EQ(cr.result, CombatResult::Dr);  // 5-1 die 2 would have been De
  EXPECT_EQ(sb.where("B"), "0506");
}

TEST(Rule_7_9, ReductionToTheComputedColumnIsNoChange) {
  Sandbox sb;
  sb.inf("A", U, 10, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A"}, {"0506"}, 2, *parse_column("5-1"));
  EXPECT_EQ(cr.result, CombatResult::De);
}

// ---- 9.0 Terrain Effects Chart (combat) ---------------------------------------------

TEST(Rule_9_0, RoughAndForestRoughDoubleForestDoesNot) {
  for (auto [t, mult] : {std::pair{Terrain::Rough, 2}, std::pair{Terrain::ForestRough, 2},
                         std::pair{Terrain::Forest, 1}, std::pair{Terrain::Clear, 1},
                         std::pair{Terrain::Swamp, 1}, std::pair{Terrain::Town, 1}}) {
    SCOPED_TRACE(std::string(terrain_name(t)));
    Sandbox sb;
    sb.terrain("0506", t);
    sb.inf("A", U, 6, "0505");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 3 * mult);
    // What the attack's preview shows a player names the doubling terrain.
    auto plan = preview(sb, {"A"}, "0506");
    ASSERT_TRUE(plan.ok());
    ASSERT_EQ(plan->defence_detail.size(), 1u);
    EXPECT_EQ(plan->defence_detail[0].why,
              mult > 1 ? std::string(terrain_name(t)) + " in the hex: defender doubled" : "");
  }
}

TEST(Rule_9_0, StreamBridgeFordDoubleWhenEveryAttackerCrosses) {
  for (HexsideBits bits : {HexsideBits(kStream), HexsideBits(kBridge | kCreek),
                           HexsideBits(kFord | kCreek), HexsideBits(kBridge | kStream)}) {
    SCOPED_TRACE(bits);
    Sandbox sb;
    sb.side("0505", "0506", bits);
    sb.side("0405", "0506", kStream);
    sb.inf("A1", U, 6, "0505");
    sb.inf("A2", U, 6, "0405");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A1", "A2"}, "0506"), 6);
  }
}

TEST(Rule_9_0, BridgeAndFordMixedStillDouble) {
  Sandbox sb;
  sb.side("0505", "0506", kCreek | kBridge);
  sb.side("0405", "0506", kCreek | kFord);
  sb.inf("A1", U, 6, "0505");
  sb.inf("A2", U, 6, "0405");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_EQ(defence_of(sb, {"A1", "A2"}, "0506"), 6);
}

TEST(Rule_9_0, StreamDoesNotDoubleIfOneAttackerCrossesClearHexside) {
  Sandbox sb;
  sb.side("0505", "0506", kStream);
  sb.inf("A1", U, 6, "0505");
  sb.inf("A2", U, 6, "0405");  // clear hexside
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_EQ(defence_of(sb, {"A1", "A2"}, "0506"), 3);
}

TEST(Rule_9_0, RedoubtTriplesOnlyFromTheBarbedSideAndOnlyIfAllCross) {
  {
    Sandbox sb;
    sb.side("0505", "0506", kRedoubt);  // 0505 is the barbed (enemy) side
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 9);
  }
  {
    Sandbox sb;
    sb.side("0506", "0505", kRedoubt);  // barbed side faces the defender
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 3);
  }
  {
    Sandbox sb;
    sb.side("0505", "0506", kRedoubt);
    sb.inf("A1", U, 9, "0505");
    sb.inf("A2", U, 9, "0405");  // not across the redoubt
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A1", "A2"}, "0506"), 3);
  }
  {
    Sandbox sb;
    sb.side("0505", "0506", kRedoubt);
    sb.side("0405", "0506", kRedoubt);
    sb.inf("A1", U, 9, "0505");
    sb.inf("A2", U, 9, "0405");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A1", "A2"}, "0506"), 9);
  }
}

TEST(Rule_9_0, MultipliersDoNotCombine) {  // ruling R-MULT
  {
    Sandbox sb;
    sb.terrain("0506", Terrain::Rough);
    sb.side("0505", "0506", kStream);
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 6);
  }
  {
    Sandbox sb;
    sb.terrain("0506", Terrain::ForestRough);
    sb.side("0505", "0506", kRedoubt);
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 9);
  }
}

TEST(Rule_9_0, CreekMayBeAttackedAcrossOnlyAtBridgeOrFord) {
  Sandbox sb;
  sb.side("0505", "0506", kCreek);
  sb.side("0605", "0506", kCreek | kFord);
  sb.inf("A", U, 9, "0505");
  sb.inf("A2", U, 9, "0605");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}), "9.0");
  EXPECT_REFUSED(sb, sb.attack({"A", "A2"}, {"0506"}), "9.0");
  CombatReport cr = fight(sb, {"A2"}, {"0506"}, 4);
  EXPECT_EQ(cr.defence, 6);  // across a ford: doubled
  // A is across an unbridged creek: no ZOC, no obligation (6.6).
}

TEST(Rule_9_0, NoAttackAcrossALakeExceptBombardment) {
  Sandbox sb;
  sb.side("0505", "0506", kLake);
  sb.side("0605", "0506", kLake);
  sb.inf("A", U, 9, "0505");
  art(sb, "Art", U, 6, "0605");  // adjacent across the lake: no ZOC, it bombards
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}), "9.0");
  CombatReport cr = fight(sb, {"Art"}, {"0506"}, 4);
  EXPECT_EQ(cr.defence, 3);  // bombardment crosses no hexside
  EXPECT_EQ(cr.result, CombatResult::Dr);
}

TEST(Rule_9_0, BombardingArtilleryDecidesNoHexsideMultiplier) {
  {  // infantry across a stream plus a bombarding battery: still doubled
    Sandbox sb;
    sb.side("0505", "0506", kStream);
    sb.inf("A", U, 6, "0505");
    art(sb, "Art", U, 6, "0503");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A", "Art"}, "0506"), 6);
  }
  {  // a battery alone behind a redoubt line: not tripled
    Sandbox sb;
    sb.side("0505", "0506", kRedoubt);
    art(sb, "Art", U, 6, "0504");
    sb.inf("B", C, 3, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"Art"}, "0506"), 3);
  }
}

// ---- 10.1 Night: no combat -------------------------------------------------------------

TEST(Rule_10_1, NoCombatPhaseAtNightAdjacentUnitsStay) {
  RulesConfig rules;
  rules.night.set(1);
  Sandbox sb(rules);
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 1, "0506");
  ASSERT_EQ(sb.state().phase, Phase::Movement);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}), "4.1");
  ASSERT_TRUE(sb.end().ok());  // no 7.12 obligation at night
  EXPECT_EQ(sb.state().phasing, C);
  EXPECT_EQ(sb.state().phase, Phase::Movement);
  EXPECT_EQ(sb.where("A"), "0505");
  EXPECT_EQ(sb.where("B"), "0506");
  EXPECT_TRUE(sb.game().obligations().empty());
}

}  // namespace bg::test
