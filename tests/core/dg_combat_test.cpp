// Combat in the Decision Games 2016 edition (DG 2016): 8.0-8.8, night (9.0),
// Attacker Effectiveness (10.x) and cavalry retreat before combat (11.2).
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

RulesConfig dg_effectiveness() {
  RulesConfig r = rules_dg();
  r.attack_effectiveness = true;
  return r;
}

RulesConfig dg_cavalry() {
  RulesConfig r = rules_dg();
  r.cavalry_retreat = true;
  return r;
}

void to_combat(Sandbox& sb) {
  auto r = sb.end();
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(sb.state().phase, Phase::Combat);
}

UnitIndex art(Sandbox& sb, const std::string& id, Side s, int strength, const std::string& h) {
  return sb.unit(id, s, UnitType::Artillery, strength, h);
}
UnitIndex cav(Sandbox& sb, const std::string& id, Side s, int strength, const std::string& h) {
  return sb.unit(id, s, UnitType::Cavalry, strength, h);
}

CombatReport fight(Sandbox& sb, std::initializer_list<std::string> attackers,
                   std::initializer_list<std::string> hexes, int die, int column = -1) {
  sb.dice({die});
  auto r = sb.attack(attackers, hexes, column);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || !r->combat) return CombatReport{};
  return *r->combat;
}

int defence_of(Sandbox& sb, std::initializer_list<std::string> attackers, const std::string& h) {
  Action a;
  a.kind = ActionKind::Attack;
  for (const auto& u : attackers) a.units.push_back(sb.id(u));
  a.hexes.push_back(sb.hex(h));
  auto plan = sb.game().preview_attack(a);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message);
  return plan.ok() ? plan->defence : -1;
}

std::set<std::string> options(Sandbox& sb, const std::string& u) {
  std::set<std::string> out;
  for (const RetreatOption& o : sb.game().retreat_options(sb.id(u))) out.insert(sb.name(o.hex));
  return out;
}

bool ineffective(const Sandbox& sb, const std::string& u) {
  return sb.state().pos.units[sb.id(u)].has(kIneffective);
}

void place_non_attacker(Sandbox& sb, const std::string& id, Side s, const std::string& h) {
  auto d = std::make_shared<UnitDef>();
  d->id = id;
  d->side = s;
  d->strength = d->defense = 1;
  d->can_attack = false;
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = sb.hex(h);
  a.def = d;
  auto r = sb.game().apply(a);
  ASSERT_TRUE(r.ok()) << r.error().message;
}

// A (0505) attacks B (0506) from B's ZOC and gets AR; A falls back to 0504.
void repulse_a(Sandbox& sb) {
  sb.inf("A", U, 5, "0505");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
}

// A, ineffective (repulse_a), and F stand in 0504; B moves to 0505, attacks them
// and is repulsed in turn, falling back to 0506, from where its ZOC still
// covers the hex it vacated. Leaves the defenders' advance pending.
void repulse_b_next_to_ineffective_a(Sandbox& sb) {
  sb.inf("F", U, 5, "0504");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("B", {"0505"}).ok());
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"B"}, {"0504"}, 3).result, CombatResult::Ar);  // 5 v 10: 1-2
  ASSERT_TRUE(sb.retreat("B", "0506").ok());
  ASSERT_TRUE(sb.pending(PendingKind::Advance));
}

}  // namespace

// ---- 8.0 -------------------------------------------------------------------------

TEST(DG_8_0, UnitsInEnemyZocMustAttackAndOnlyAdjacentUnitsAttack) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 5, "0505");
  sb.inf("Far", U, 5, "0503");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "8.0");
  EXPECT_REFUSED(sb, sb.attack({"Far"}, {"0506"}), "8.0");
  fight(sb, {"A"}, {"0506"}, 4);
}

// R-CMB-OBLIGATION-CITES: DG 8.0 holds both obligations, so the case is cited once and
// the message names both.
TEST(DG_8_0, AnEndRefusedForBothObligationsNamesBoth) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 5, "0505");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "8.0");
  EXPECT_EQ(sb.end().error().message,
            "8.0: A in 0505 is in an enemy Zone of Control and must attack, and the enemy in "
            "0506 has friendly units in its Zone of Control and must be attacked");
}

TEST(DG_8_0, EveryEnemyInFriendlyZocMustBeAttacked) {
  Sandbox sb(rules_dg());
  sb.inf("F", U, 6, "0506");
  sb.inf("E1", C, 2, "0505");
  sb.inf("E2", C, 2, "0507");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"F"}, {"0505"}), "8.0");
  EXPECT_EQ(fight(sb, {"F"}, {"0505", "0507"}, 4).defence, 4);
}

// ---- 8.2 Modifiers ------------------------------------------------------------------

TEST(DG_8_2, TerrainModifiesTheDefenderAsOnTheChart) {
  {
    Sandbox sb(rules_dg());
    sb.terrain("0506", Terrain::Rough);
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 2, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 4);
  }
  {
    Sandbox sb(rules_dg());
    sb.side("0505", "0506", kStream);
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 2, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 4);
  }
  {
    Sandbox sb(rules_dg());
    sb.terrain("0506", Terrain::Forest);
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 2, "0506");
    to_combat(sb);
    EXPECT_EQ(defence_of(sb, {"A"}, "0506"), 2);
  }
}

// ---- 8.3 Results --------------------------------------------------------------------

TEST(DG_8_3, ExchangeAttackerChoosesUnitsAtLeastThePrintedDefence) {
  Sandbox sb(rules_dg());
  sb.inf("A1", U, 12, "0505");
  sb.inf("A2", U, 4, "0405");
  sb.inf("A3", U, 3, "0605");
  sb.inf("B", C, 4, "0506");
  to_combat(sb);
  CombatReport cr = fight(sb, {"A1", "A2", "A3"}, {"0506"}, 6);
  EXPECT_EQ(column_name(cr.column), "4-1");  // 19 against 4
  ASSERT_EQ(cr.result, CombatResult::Ex);
  EXPECT_EQ(sb.where("B"), "eliminated");
  EXPECT_REFUSED(sb, sb.lose({"A3"}), "8.3");
  EXPECT_REFUSED(sb, sb.lose({"A2", "A3"}), "8.3");
  ASSERT_TRUE(sb.lose({"A2"}).ok());
  EXPECT_EQ(sb.where("A2"), "eliminated");
  EXPECT_EQ(sb.where("A1"), "0505");
  EXPECT_EQ(sb.where("A3"), "0605");
}

TEST(DG_8_3, AeDeArDr) {
  {
    Sandbox sb(rules_dg());
    sb.inf("A", U, 1, "0505");
    sb.inf("B", C, 9, "0506");
    to_combat(sb);
    ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 6).result, CombatResult::Ae);
    EXPECT_EQ(sb.where("A"), "eliminated");
  }
  {
    Sandbox sb(rules_dg());
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 1, "0506");
    to_combat(sb);
    ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::De);
    EXPECT_EQ(sb.where("B"), "eliminated");
  }
  {
    Sandbox sb(rules_dg());
    sb.inf("A", U, 5, "0505");
    sb.inf("B", C, 5, "0506");
    to_combat(sb);
    ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
    EXPECT_TRUE(sb.pending(PendingKind::Retreat, "A"));
    // DG 8.3 "may lose effectiveness (10.0)": 10.0 is a standard rule in 2016.
    EXPECT_TRUE(ineffective(sb, "A"));
  }
  {
    Sandbox sb(rules_dg());
    sb.inf("A", U, 5, "0505");
    sb.inf("B", C, 5, "0506");
    to_combat(sb);
    ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::Dr);
    EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B"));
  }
}

// ---- 8.4 Restrictions ---------------------------------------------------------------

TEST(DG_8_41, NoUnitAttacksOrIsAttackedTwice) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 5, "0505");
  art(sb, "Art", U, 4, "0503");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A", "A"}, {"0506"}), "8.41");
  fight(sb, {"A"}, {"0506"}, 4);  // AR
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "8.41");
}

TEST(DG_8_42, OneUnitOfAStackMaySitOut) {
  Sandbox sb(rules_dg());
  sb.inf("A1", U, 6, "0505");
  sb.inf("A2", U, 6, "0505");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0604");
  to_combat(sb);
  // 1977 7.22 would refuse this: see Rule_7_22.StackedAttackersAttackAsOneStrength.
  CombatReport cr = fight(sb, {"A1"}, {"0506", "0604"}, 1);  // 1-1 die 1: DR
  EXPECT_EQ(cr.attack, 6);
  ASSERT_TRUE(sb.retreat("B1", "0507").ok());
  ASSERT_TRUE(sb.retreat("B2", "0603").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_TRUE(sb.game().obligations().empty());  // A2 owes nothing once its stack attacked
  EXPECT_TRUE(sb.end().ok());
}

TEST(DG_8_42, StackedUnitsMayNotAttackSeparateHexes) {
  Sandbox sb(rules_dg());
  sb.inf("A1", U, 12, "0505");
  sb.inf("A2", U, 6, "0505");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0604");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A1"}, {"0506"}), "8.0");  // would strand B2 (8.0)
  ASSERT_EQ(fight(sb, {"A1"}, {"0506", "0604"}, 1).result, CombatResult::De);
  ASSERT_TRUE(sb.advance("", "").ok());
  sb.inf("B3", C, 1, "0404");
  EXPECT_REFUSED(sb, sb.attack({"A2"}, {"0404"}), "8.42");
}

TEST(DG_8_43, EveryNonArtilleryAttackerAdjacentToEveryDefender) {
  Sandbox sb(rules_dg());
  sb.inf("A1", U, 4, "0505");
  sb.inf("A2", U, 4, "0405");
  art(sb, "Art", U, 4, "0803");  // in range of 0605 only
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A1", "A2"}, {"0506", "0605"}), "8.43");
  EXPECT_REFUSED(sb, sb.attack({"A2", "Art"}, {"0506", "0605"}), "8.43");
}

TEST(DG_8_74, ArtilleryNeedsRangeToOneDefendingHexOnly) {
  Sandbox sb(rules_dg());
  sb.inf("A1", U, 8, "0505");
  art(sb, "Art", U, 4, "0803");  // 3 from 0605, 4 from 0506
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "8.7");
  CombatReport cr = fight(sb, {"A1", "Art"}, {"0506", "0605"}, 4);
  EXPECT_EQ(cr.attack, 12);
}

// ---- 8.5 Retreat --------------------------------------------------------------------

TEST(DG_8_5, RetreatIsOneAdjacentHexAndIsNotOptional) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  EXPECT_REFUSED(sb, sb.retreat("B", ""), "8.5");
  EXPECT_REFUSED(sb, sb.retreat("B", "0508"), "8.51");
  ASSERT_TRUE(sb.retreat("B", "0507").ok());
}

TEST(DG_8_51, NoRetreatIntoEnemyZocAndNoRetreatMeansElimination) {
  {
    Sandbox sb(rules_dg());
    sb.inf("A", U, 9, "0505");
    sb.inf("B", C, 2, "0506");
    to_combat(sb);
    ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
    EXPECT_REFUSED(sb, sb.retreat("B", "0605"), "8.51");
  }
  {
    // B in the corner hex 0101: its on-map neighbours 0102 and 0201 are
    // controlled by A (0201) and A2 (0103); the map edge is closed (R-RETREAT-EDGE).
    Sandbox sb(rules_dg());
    sb.inf("A", U, 9, "0201");
    sb.inf("A2", U, 9, "0103");
    sb.inf("B", C, 1, "0101");
    to_combat(sb);
    ASSERT_EQ(fight(sb, {"A"}, {"0101"}, 4).result, CombatResult::Dr);
    EXPECT_EQ(sb.where("B"), "eliminated");
  }
}

TEST(DG_8_52, RetreatIntoAFriendlyStackDisplacesOneEvenWithOtherHexesOpen) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("S1", C, 1, "0507");
  sb.inf("S2", C, 1, "0507");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  EXPECT_EQ(options(sb, "B"), (std::set<std::string>{"0406", "0507", "0606"}));
  ASSERT_TRUE(sb.retreat("B", "0507", "S1").ok());
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "S1"));
  EXPECT_REFUSED(sb, sb.retreat("S1", "0506"), "8.51");  // back into A's ZOC
  ASSERT_TRUE(sb.retreat("S1", "0508").ok());
  EXPECT_EQ(sb.where("B"), "0507");
  EXPECT_EQ(sb.where("S2"), "0507");
  EXPECT_EQ(sb.where("S1"), "0508");
}

TEST(DG_8_52, TheDisplacedUnitMayNotDisplaceAnother) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("S1", C, 1, "0507");
  sb.inf("S2", C, 1, "0507");
  sb.inf("T1", C, 1, "0508");
  sb.inf("T2", C, 1, "0508");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("B", "0507", "S1").ok());
  // S1 must go to an open hex: no chain of displacement in this edition.
  EXPECT_EQ(options(sb, "S1").count("0508"), 0u);
  EXPECT_REFUSED(sb, sb.retreat("S1", "0508", "T1"), "8.51");
  ASSERT_TRUE(sb.retreat("S1", "0407").ok());
}

TEST(DG_8_52, NoChainSoAHemmedStackCannotBeEntered) {
  // The 1977 chain of Rule_7_82.DisplacementChainsWhenThatIsTheOnlyPath is
  // not allowed here: A is eliminated.
  Sandbox sb(rules_dg());
  for (const char* h : {"0404", "0604", "0403", "0603", "0402", "0602"})
    sb.terrain(h, Terrain::River);
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("Q1", U, 2, "0503");
  sb.inf("Q2", U, 2, "0503");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_EQ(sb.where("P1"), "0504");
}

// ---- 8.6 Advances -------------------------------------------------------------------

TEST(DG_8_6, OneUnitOfTheSuccessfulSideMayAdvance) {
  Sandbox sb(rules_dg());
  sb.inf("A1", U, 6, "0505");
  sb.inf("A2", U, 6, "0606");
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0605");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A1", "A2"}, {"0506", "0605"}, 1).result, CombatResult::De);
  EXPECT_REFUSED(sb, sb.attack({"A1"}, {"0506"}), "8.1");  // advance first
  EXPECT_REFUSED(sb, sb.advance("A1", "0507"), "8.6");
  ASSERT_TRUE(sb.advance("A2", "0605").ok());
  EXPECT_REFUSED(sb, sb.advance("A1", "0506"), "8.6");
  EXPECT_EQ(sb.where("A1"), "0505");
}

TEST(DG_8_6, SuccessfulDefenderMayAdvance) {
  Sandbox sb2(rules_dg());
  sb2.inf("A", U, 5, "0505");
  sb2.inf("B", C, 5, "0506");
  to_combat(sb2);
  ASSERT_EQ(fight(sb2, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb2.retreat("A", "0504").ok());
  ASSERT_TRUE(sb2.advance("B", "0505").ok());
  EXPECT_EQ(sb2.where("B"), "0505");
}

// ---- 8.7 Artillery ------------------------------------------------------------------

TEST(DG_8_7, RangeThreeCountingTheTargetHex) {
  Sandbox sb(rules_dg());
  art(sb, "Near", U, 6, "0503");
  art(sb, "Far", U, 6, "0502");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Far"}, {"0506"}), "8.7");
  EXPECT_EQ(column_name(fight(sb, {"Near"}, {"0506"}, 4).column), "3-1");
}

TEST(DG_8_7, AdjacentArtilleryMustAttackAndSuffersResults) {
  Sandbox sb(rules_dg());
  art(sb, "Art", U, 1, "0505");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "8.0");
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 6).result, CombatResult::Ae);
  EXPECT_EQ(sb.where("Art"), "eliminated");
}

TEST(DG_8_71, LineOfSightIsBlockedByForestAndTown) {
  Sandbox sb(rules_dg());
  sb.terrain("0504", Terrain::Town);
  art(sb, "Art", U, 6, "0503");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "8.71");
}

TEST(DG_8_72, BombardingArtilleryNeverSuffersAnAdverseResult) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 1, "0505");
  art(sb, "Art", U, 1, "0503");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A", "Art"}, {"0506"}, 2).result, CombatResult::Ar);
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "A"));
  EXPECT_FALSE(sb.pending(PendingKind::Retreat, "Art"));  // not even an optional retreat
  EXPECT_REFUSED(sb, sb.retreat("Art", "0502"), "8.5");
}

TEST(DG_8_72, DefendingArtillerySuffersResults) {
  Sandbox sb(rules_dg());
  art(sb, "Art", U, 6, "0503");
  art(sb, "CArt", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 1).result, CombatResult::De);
  EXPECT_EQ(sb.where("CArt"), "eliminated");
}

TEST(DG_8_73, ArtilleryAloneAgainstNonAdjacentUnitsNeedsOneToThree) {
  Sandbox sb(rules_dg());
  art(sb, "Art", U, 1, "0503");
  art(sb, "Art2", U, 2, "0703");
  sb.inf("B", C, 4, "0506");
  sb.inf("B2", C, 6, "0605");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}), "8.73");  // 1-4
  EXPECT_EQ(column_name(fight(sb, {"Art2"}, {"0605"}, 4).column), "1-3");
}

TEST(DG_8_73, VoluntaryReductionBelowOneToThreeIsRefused) {
  Sandbox sb(rules_dg());
  art(sb, "Art", U, 6, "0503");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0506"}, *parse_column("1-4")), "8.73");
  EXPECT_EQ(column_name(fight(sb, {"Art"}, {"0506"}, 4, *parse_column("1-3")).column), "1-3");
}

TEST(DG_8_73, WithAdjacentUnitsAnyOddsAreAllowed) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 1, "0505");
  art(sb, "Art", U, 1, "0503");
  sb.inf("B", C, 8, "0506");
  to_combat(sb);
  EXPECT_EQ(column_name(fight(sb, {"A", "Art"}, {"0506"}, 1).column), "1-4");
}

TEST(DG_8_73, AdjacentArtilleryAloneIsNotBound) {
  Sandbox sb(rules_dg());
  art(sb, "Art", U, 1, "0505");
  sb.inf("B", C, 8, "0506");
  to_combat(sb);
  EXPECT_EQ(column_name(fight(sb, {"Art"}, {"0506"}, 1).column), "1-5");
}

TEST(DG_8_75, ArtilleryNeverAdvances) {
  Sandbox sb(rules_dg());
  art(sb, "Art", U, 9, "0505");
  sb.inf("B", C, 1, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 1).result, CombatResult::De);
  EXPECT_FALSE(sb.pending(PendingKind::Advance));
  EXPECT_REFUSED(sb, sb.advance("Art", "0506"), "8.6");
  EXPECT_TRUE(sb.end().ok());
}

TEST(DG_8_75, InThe1977RulesAdjacentArtilleryMayAdvance) {
  Sandbox sb;
  art(sb, "Art", U, 9, "0505");
  sb.inf("B", C, 1, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Art"}, {"0506"}, 1).result, CombatResult::De);
  ASSERT_TRUE(sb.advance("Art", "0506").ok());
  EXPECT_EQ(sb.where("Art"), "0506");
}

TEST(DG_8_76, ArtilleryDoesNotDecideStreamBridgeOrFordDoubling) {
  for (HexsideBits bits :
       {HexsideBits(kStream), HexsideBits(kCreek | kBridge), HexsideBits(kCreek | kFord)}) {
    SCOPED_TRACE(bits);
    Sandbox dg(rules_dg());
    Sandbox spi;
    for (Sandbox* sb : {&dg, &spi}) {
      sb->side("0505", "0506", bits);
      sb->inf("A", U, 9, "0505");
      sb->unit("Art", U, UnitType::Artillery, 3, "0405");  // adjacent, clear hexside
      sb->inf("B", C, 3, "0506");
      to_combat(*sb);
    }
    EXPECT_EQ(defence_of(dg, {"A", "Art"}, "0506"), 6);   // only A counts: doubled
    EXPECT_EQ(defence_of(spi, {"A", "Art"}, "0506"), 3);  // 1977: not all cross
  }
}

TEST(DG_8_76, AdjacentArtilleryAloneAcrossAStreamIsNotDoubled) {
  Sandbox sb(rules_dg());
  sb.side("0505", "0506", kStream);
  art(sb, "Art", U, 9, "0505");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_EQ(defence_of(sb, {"Art"}, "0506"), 3);
}

TEST(DG_8_76, RedoubtsStillCountArtillery) {
  // 8.76 names streams, bridges and fords only: adjacent artillery that does
  // not cross the redoubt spoils the tripling, as in 1977.
  Sandbox sb(rules_dg());
  sb.side("0505", "0506", kRedoubt);
  sb.inf("A", U, 9, "0505");
  art(sb, "Art", U, 3, "0405");
  sb.inf("B", C, 3, "0506");
  to_combat(sb);
  EXPECT_EQ(defence_of(sb, {"A", "Art"}, "0506"), 3);
  Sandbox alone(rules_dg());
  alone.side("0505", "0506", kRedoubt);
  alone.inf("A", U, 9, "0505");
  alone.inf("B", C, 3, "0506");
  to_combat(alone);
  EXPECT_EQ(defence_of(alone, {"A"}, "0506"), 9);
}

// ---- 8.8 Voluntary odds reduction ----------------------------------------------------

TEST(DG_8_8, OddsMayOnlyBeReduced) {
  Sandbox sb(rules_dg());
  sb.inf("A", U, 10, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}, *parse_column("6-1")), "8.8");
  CombatReport cr = fight(sb, {"A"}, {"0506"}, 2, *parse_column("3-1"));
  EXPECT_EQ(column_name(cr.computed_column), "5-1");
  EXPECT_EQ(cr.result, CombatResult::Dr);
}

// ---- 9.0 Night ----------------------------------------------------------------------

TEST(DG_9_0, NoAttackIsPossibleAtNight) {
  RulesConfig rules = rules_dg();
  rules.night.set(1);
  Sandbox sb(rules);
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 1, "0506");
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0506"}), "4.0");
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().phasing, C);
  EXPECT_EQ(sb.state().phase, Phase::Movement);
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().turn, 2);
  EXPECT_EQ(sb.where("B"), "0506");
}

// ---- 10.0 Attacker effectiveness -------------------------------------------------------

TEST(DG_10_0, ArMakesAttackersIneffectiveAndTheyMayNotAttack) {
  Sandbox sb(dg_effectiveness());
  place_non_attacker(sb, "T", C, "0602");
  repulse_a(sb);
  EXPECT_TRUE(ineffective(sb, "A"));
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());
  sb.advance_to(U, Phase::Combat);
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0603"}), "10.0");
}

TEST(DG_10_1, OnlyAttackersLoseEffectiveness) {
  Sandbox sb(dg_effectiveness());
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("B", "0507").ok());
  EXPECT_FALSE(ineffective(sb, "B"));
}

TEST(DG_10_2, IneffectiveUnitsMayNotEnterEnemyZoc) {
  Sandbox sb(dg_effectiveness());
  repulse_a(sb);
  sb.advance_to(U, Phase::Movement);
  EXPECT_REFUSED(sb, sb.move("A", {"0505"}), "10.2");
  EXPECT_TRUE(sb.move("A", {"0503"}).ok());
}

TEST(DG_10_2, IneffectiveUnitInEnemyZocRetreatsWithoutEnemyAdvance) {
  Sandbox sb(dg_effectiveness());
  place_non_attacker(sb, "T", C, "0602");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());
  sb.advance_to(U, Phase::Combat);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "A"));
  EXPECT_REFUSED(sb, sb.retreat("A", "0604"), "8.51");
  ASSERT_TRUE(sb.retreat("A", "0403").ok());
  EXPECT_TRUE(sb.state().pending.empty());
  EXPECT_EQ(sb.state().phasing, C);
  EXPECT_EQ(sb.where("T"), "0603");
}

TEST(DG_10_2, UnitNotInEnemyZocAtTheStartDoesNotRetreat) {
  Sandbox sb(dg_effectiveness());
  sb.inf("F", U, 5, "0604");
  repulse_a(sb);
  sb.advance_to(U, Phase::Movement);
  ASSERT_TRUE(sb.move("F", {"0505"}).ok());
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"F"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb.retreat("F", "0604").ok());
  ASSERT_TRUE(sb.advance("B", "0505").ok());
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.where("A"), "0504");
  EXPECT_EQ(sb.state().phasing, C);
}

TEST(DG_10_3, NonAdjacentArtilleryKeepsEffectivenessAdjacentArtilleryLosesIt) {
  Sandbox sb(dg_effectiveness());
  art(sb, "Adj", U, 1, "0505");
  art(sb, "Far", U, 1, "0503");
  sb.inf("B", C, 6, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"Adj", "Far"}, {"0506"}, 2).result, CombatResult::Ar);  // 1-3 die 2
  EXPECT_TRUE(ineffective(sb, "Adj"));
  EXPECT_FALSE(ineffective(sb, "Far"));
}

TEST(DG_10_4, RecoveryAtTheEndOfANightTurn) {
  RulesConfig rules = dg_effectiveness();
  rules.night.set(2);
  Sandbox sb(rules);
  repulse_a(sb);
  sb.advance_to(U, Phase::Movement);
  EXPECT_TRUE(ineffective(sb, "A"));
  sb.advance_to(C, Phase::Movement);
  sb.advance_to(U, Phase::Movement);
  ASSERT_EQ(sb.state().turn, 3);
  EXPECT_FALSE(ineffective(sb, "A"));
  EXPECT_TRUE(sb.move("A", {"0505"}).ok());
}

// R-AE-ADVANCE: an ineffective unit enters no enemy-controlled hex, and an
// advance after combat is no exception; its effective stack-mate may advance.
TEST(DG_10_2, IneffectiveUnitMayNotAdvanceIntoAnEnemyZoc) {
  Sandbox sb(dg_effectiveness());
  repulse_b_next_to_ineffective_a(sb);
  ASSERT_TRUE(ineffective(sb, "A"));
  ASSERT_TRUE(sb.game().board().enemy_zoc(U, sb.hex("0505")));
  const Game::AdvanceChoice ch = sb.game().advance_choice();
  EXPECT_EQ(ch.units, std::vector<UnitIndex>{sb.id("F")});
  EXPECT_EQ(ch.hexes, std::vector<HexId>{sb.hex("0505")});
  EXPECT_REFUSED(sb, sb.advance("A", "0505"), "10.2");
  ASSERT_TRUE(sb.advance("F", "0505").ok());
  EXPECT_EQ(sb.where("F"), "0505");
  EXPECT_EQ(sb.where("A"), "0504");
}

// ---- 11.2 Cavalry retreat before combat -------------------------------------------------

TEST(DG_11_2, CavalryAttackedByInfantryMayFallBackTwoHexes) {
  Sandbox sb(dg_cavalry());
  sb.inf("A", U, 6, "0505");
  cav(sb, "K", C, 2, "0506");
  to_combat(sb);
  sb.dice({1});
  auto r = sb.attack({"A"}, {"0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_FALSE(r->combat->rolled);
  ASSERT_TRUE(sb.pending(PendingKind::Evade, "K"));
  EXPECT_REFUSED(sb, sb.evade("K", {"0507", "0508", "0509"}), "11.2");
  EXPECT_REFUSED(sb, sb.evade("K", {"0605"}), "8.51");  // A controls 0605
  EXPECT_REFUSED(sb, sb.evade("K", {"0508"}), "8.5");   // not adjacent
  ASSERT_TRUE(sb.evade("K", {"0507", "0508"}).ok());
  EXPECT_EQ(sb.where("K"), "0508");
  EXPECT_EQ(sb.state().dice.forced_left(), 1u);  // no die was rolled
  // One attacker may advance into the vacated hex.
  ASSERT_TRUE(sb.pending(PendingKind::Advance));
  ASSERT_TRUE(sb.advance("A", "0506").ok());
  EXPECT_EQ(sb.where("A"), "0506");
}

TEST(DG_11_2, AttackersOfEvadingCavalryMayNotAttackOthers) {
  Sandbox sb(dg_cavalry());
  sb.inf("A", U, 6, "0505");
  art(sb, "Art", U, 3, "0503");
  cav(sb, "K", C, 2, "0506");
  sb.inf("E", C, 1, "0501");  // in Art's range, next to no one
  to_combat(sb);
  ASSERT_TRUE(sb.attack({"A", "Art"}, {"0506"}).ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0501"}), "8.1");  // the evasion is pending
  ASSERT_TRUE(sb.evade("K", {"0507"}).ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0501"}), "8.41");
  EXPECT_TRUE(sb.end().ok());
}

TEST(DG_11_2, CavalryThatStandsIsAttackedAsUsual) {
  Sandbox sb(dg_cavalry());
  sb.inf("A", U, 6, "0505");
  cav(sb, "K", C, 2, "0506");
  to_combat(sb);
  sb.dice({1});
  ASSERT_TRUE(sb.attack({"A"}, {"0506"}).ok());
  ASSERT_TRUE(sb.evade("K", {}).ok());
  EXPECT_EQ(sb.where("K"), "eliminated");  // 3-1 die 1: DE
}

TEST(DG_11_2, NoRetreatBeforeCombatWhenCavalryAttacksOrOptionOffOrMixedStack) {
  {  // option off
    Sandbox sb(rules_dg());
    sb.inf("A", U, 6, "0505");
    cav(sb, "K", C, 2, "0506");
    to_combat(sb);
    EXPECT_TRUE(fight(sb, {"A"}, {"0506"}, 1).rolled);
    EXPECT_EQ(sb.where("K"), "eliminated");
  }
  {  // a cavalry attacker
    Sandbox sb(dg_cavalry());
    cav(sb, "A", U, 6, "0505");
    cav(sb, "K", C, 2, "0506");
    to_combat(sb);
    EXPECT_TRUE(fight(sb, {"A"}, {"0506"}, 1).rolled);
  }
  {  // cavalry stacked with infantry
    Sandbox sb(dg_cavalry());
    sb.inf("A", U, 9, "0505");
    cav(sb, "K", C, 2, "0506");
    sb.inf("I", C, 1, "0506");
    to_combat(sb);
    EXPECT_TRUE(fight(sb, {"A"}, {"0506"}, 1).rolled);
    EXPECT_FALSE(sb.pending(PendingKind::Evade));
  }
  {  // the 1977 rules have no such option
    RulesConfig r;
    r.cavalry_retreat = true;
    Sandbox sb(r);
    sb.inf("A", U, 6, "0505");
    cav(sb, "K", C, 2, "0506");
    to_combat(sb);
    EXPECT_TRUE(fight(sb, {"A"}, {"0506"}, 1).rolled);
  }
}

}  // namespace bg::test
