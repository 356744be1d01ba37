// Optional rule 11.0, Attack Effectiveness (RulesConfig::attack_effectiveness).
#include <memory>
#include <string>
#include <vector>

#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

RulesConfig effectiveness() {
  RulesConfig r;
  r.attack_effectiveness = true;
  return r;
}

void to_combat(Sandbox& sb) {
  auto r = sb.end();
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(sb.state().phase, Phase::Combat);
}

CombatReport fight(Sandbox& sb, std::initializer_list<std::string> attackers,
                   std::initializer_list<std::string> hexes, int die) {
  sb.dice({die});
  auto r = sb.attack(attackers, hexes);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || !r->combat) return CombatReport{};
  return *r->combat;
}

bool ineffective(const Sandbox& sb, const std::string& u) {
  return sb.state().pos.units[sb.id(u)].has(kIneffective);
}

// A unit with a printed def the sandbox helpers cannot make.
void place(Sandbox& sb, const UnitDef& d, const std::string& h) {
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = sb.hex(h);
  a.def = std::make_shared<UnitDef>(d);
  auto r = sb.game().apply(a);
  ASSERT_TRUE(r.ok()) << r.error().message;
}

UnitDef non_attacker(const std::string& id, Side s, int strength) {
  UnitDef d;
  d.id = id;
  d.side = s;
  d.strength = d.defense = strength;
  d.can_attack = false;  // exerts a ZOC but never attacks (like 20.11's Train)
  return d;
}

// Turn 1: A (0505) attacks B (0506) from B's ZOC, is repulsed (Ar) and falls
// back to 0504; B declines to advance. Leaves the Union Combat Phase open.
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

// ---- 11.0 / 11.1 How effectiveness is lost ------------------------------------------

TEST(Rule_11_0, WithoutTheOptionArCostsNoEffectiveness) {
  Sandbox sb;  // attack_effectiveness off
  repulse_a(sb);
  EXPECT_FALSE(ineffective(sb, "A"));
  sb.advance_to(U, Phase::Movement);
  EXPECT_TRUE(sb.move("A", {"0505"}).ok());
}

TEST(Rule_11_0, IneffectiveUnitDefendsAtFullStrengthAndKeepsItsZoc) {
  Sandbox sb(effectiveness());
  repulse_a(sb);
  ASSERT_TRUE(ineffective(sb, "A"));
  ASSERT_TRUE(sb.end().ok());  // Confederate movement
  ASSERT_TRUE(sb.move("B", {"0505"}).ok());
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.end(), "7.12");  // B stands in A's ZOC
  CombatReport cr = fight(sb, {"B"}, {"0504"}, 4);
  EXPECT_EQ(cr.defence, 5);
}

TEST(Rule_11_1, ArFromAnEnemyZocMakesTheAttackersIneffective) {
  Sandbox sb(effectiveness());
  sb.inf("A1", U, 3, "0505");
  sb.inf("A2", U, 2, "0405");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A1", "A2"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_TRUE(ineffective(sb, "A1"));
  EXPECT_TRUE(ineffective(sb, "A2"));
  EXPECT_FALSE(ineffective(sb, "B"));
}

TEST(Rule_11_1, LostWhetherTheAttackerMovedAdjacentOrNot) {
  Sandbox sb(effectiveness());
  sb.inf("A", U, 5, "0503");
  sb.inf("B", C, 5, "0506");
  ASSERT_TRUE(sb.move("A", {"0504", "0505"}).ok());
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_TRUE(ineffective(sb, "A"));
}

TEST(Rule_11_1, NoLossWhenNotAttackingFromAnEnemyZoc) {
  Sandbox sb(effectiveness());
  UnitDef t = non_attacker("T", C, 9);
  t.exerts_zoc = false;  // no ZOC: its attackers stand in no enemy ZOC
  place(sb, t, "0506");
  sb.inf("A", U, 5, "0505");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);  // 1-2 die 4
  EXPECT_FALSE(ineffective(sb, "A"));
}

TEST(Rule_11_1, BombardingArtilleryKeepsItsEffectiveness) {
  Sandbox sb(effectiveness());
  sb.inf("A", U, 1, "0505");
  sb.unit("Art", U, UnitType::Artillery, 2, "0503");
  sb.inf("B", C, 9, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A", "Art"}, {"0506"}, 2).result, CombatResult::Ar);  // 1-3 die 2
  ASSERT_TRUE(sb.retreat("Art", "0502").ok());  // it even elects to retreat (8.16)
  EXPECT_TRUE(ineffective(sb, "A"));
  EXPECT_FALSE(ineffective(sb, "Art"));
}

TEST(Rule_11_1, DefenderRetreatCostsNoEffectiveness) {
  Sandbox sb(effectiveness());
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("B", "0507").ok());
  EXPECT_FALSE(ineffective(sb, "B"));
  EXPECT_FALSE(ineffective(sb, "A"));
}

// ---- 11.2 Results of loss ---------------------------------------------------------------

TEST(Rule_11_2, IneffectiveUnitMayNotEnterAnEnemyZocButMayMove) {
  Sandbox sb(effectiveness());
  repulse_a(sb);
  sb.advance_to(U, Phase::Movement);
  ASSERT_EQ(sb.state().turn, 2);
  ASSERT_TRUE(ineffective(sb, "A"));
  EXPECT_REFUSED(sb, sb.move("A", {"0505"}), "11.2");
  EXPECT_REFUSED(sb, sb.move("A", {"0604", "0605"}), "11.2");
  EXPECT_TRUE(sb.move("A", {"0503"}).ok());
}

TEST(Rule_11_2, IneffectiveUnitMayNotAttack) {
  Sandbox sb(effectiveness());
  place(sb, non_attacker("T", C, 1), "0602");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());                // Confederate movement
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());  // next to A (0504)
  sb.advance_to(U, Phase::Combat);           // T owes nothing: it cannot attack
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0603"}), "11.2");
  EXPECT_TRUE(sb.game().obligations().empty());  // no 7.12 duty either
}

TEST(Rule_11_2, IneffectiveStackMateNeedNotJoinTheAttack) {
  // 7.22 makes a stack attack as one; an ineffective unit of the stack cannot.
  Sandbox sb(effectiveness());
  place(sb, non_attacker("T", C, 1), "0602");
  sb.inf("F", U, 9, "0403");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());
  sb.advance_to(U, Phase::Movement);
  ASSERT_TRUE(sb.move("F", {"0504"}).ok());  // stacks with A in T's ZOC
  to_combat(sb);
  EXPECT_REFUSED(sb, sb.attack({"A", "F"}, {"0603"}), "11.2");
  CombatReport cr = fight(sb, {"F"}, {"0603"}, 1);
  EXPECT_EQ(cr.attack, 9);
  EXPECT_EQ(cr.result, CombatResult::De);
}

// R-AE-ADVANCE: an ineffective unit enters no enemy-controlled hex, and an
// advance after combat is no exception; its effective stack-mate may advance.
TEST(Rule_11_2, IneffectiveUnitMayNotAdvanceIntoAnEnemyZoc) {
  Sandbox sb(effectiveness());
  repulse_b_next_to_ineffective_a(sb);
  ASSERT_TRUE(ineffective(sb, "A"));
  ASSERT_TRUE(sb.game().board().enemy_zoc(U, sb.hex("0505")));
  const Game::AdvanceChoice ch = sb.game().advance_choice();
  EXPECT_EQ(ch.units, std::vector<UnitIndex>{sb.id("F")});
  EXPECT_EQ(ch.hexes, std::vector<HexId>{sb.hex("0505")});
  EXPECT_REFUSED(sb, sb.advance("A", "0505"), "11.2");
  ASSERT_TRUE(sb.advance("F", "0505").ok());
  EXPECT_EQ(sb.where("F"), "0505");
  EXPECT_EQ(sb.where("A"), "0504");
}

// ---- 11.3 Enemy zones of control ---------------------------------------------------------

TEST(Rule_11_31, IneffectiveUnitStillInEnemyZocRetreatsWhenThePhaseEnds) {
  Sandbox sb(effectiveness());
  place(sb, non_attacker("T", C, 1), "0602");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());
  sb.advance_to(U, Phase::Combat);
  ASSERT_TRUE(sb.end().ok());  // no attack is owed; the 11.31 retreat follows
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "A"));
  EXPECT_EQ(sb.state().phase, Phase::Combat);
  EXPECT_REFUSED(sb, sb.retreat("A", ""), "7.71");
  EXPECT_REFUSED(sb, sb.retreat("A", "0604"), "7.72");  // T controls 0604
  ASSERT_TRUE(sb.retreat("A", "0404").ok());
  // No advance by T (11.31): the phase is simply over.
  EXPECT_TRUE(sb.state().pending.empty());
  EXPECT_EQ(sb.state().phasing, C);
  EXPECT_EQ(sb.state().phase, Phase::Movement);
  EXPECT_EQ(sb.where("T"), "0603");
}

TEST(Rule_11_31, NoRetreatIfCombatClearedTheEnemyZoc) {
  Sandbox sb(effectiveness());
  place(sb, non_attacker("T", C, 1), "0602");
  sb.inf("F", U, 9, "0804");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());
  sb.advance_to(U, Phase::Movement);
  ASSERT_TRUE(sb.move("F", {"0704"}).ok());
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"F"}, {"0603"}, 1).result, CombatResult::De);
  ASSERT_TRUE(sb.advance("", "").ok());
  ASSERT_TRUE(sb.end().ok());
  EXPECT_TRUE(sb.state().pending.empty());
  EXPECT_EQ(sb.where("A"), "0504");
  EXPECT_EQ(sb.state().phasing, C);
}

TEST(Rule_11_31, IneffectiveUnitWithNowhereToGoIsEliminated) {
  Sandbox sb(effectiveness());
  sb.terrain("0403", Terrain::River);
  sb.terrain("0404", Terrain::River);
  place(sb, non_attacker("T", C, 1), "0602");
  repulse_a(sb);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.move("T", {"0603"}).ok());
  sb.advance_to(U, Phase::Combat);
  auto r = sb.end();
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_EQ(sb.state().phasing, C);
  EXPECT_EQ(sb.state().vp[static_cast<size_t>(C)], 5);
}

TEST(Rule_11_32, UnitNotInEnemyZocAsCombatBeganNeedNotRetreat) {
  Sandbox sb(effectiveness());
  sb.inf("F", U, 5, "0604");
  repulse_a(sb);  // A ineffective in 0504
  sb.advance_to(U, Phase::Movement);
  ASSERT_TRUE(sb.move("F", {"0505"}).ok());
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"F"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb.retreat("F", "0604").ok());
  ASSERT_TRUE(sb.advance("B", "0505").ok());  // B now controls A's hex
  ASSERT_TRUE(sb.end().ok());
  EXPECT_TRUE(sb.state().pending.empty());
  EXPECT_EQ(sb.where("A"), "0504");
  EXPECT_EQ(sb.where("F"), "0604");
  EXPECT_EQ(sb.state().phasing, C);
}

// ---- 11.4 Recovery -----------------------------------------------------------------------

TEST(Rule_11_4, AllUnitsRecoverAtTheEndOfANightTurn) {
  RulesConfig rules = effectiveness();
  rules.night.set(2);
  Sandbox sb(rules);
  repulse_a(sb);
  sb.advance_to(U, Phase::Movement);
  ASSERT_EQ(sb.state().turn, 2);
  EXPECT_TRUE(ineffective(sb, "A"));  // still ineffective during the night turn
  sb.advance_to(C, Phase::Movement);
  EXPECT_TRUE(ineffective(sb, "A"));
  sb.advance_to(U, Phase::Movement);
  ASSERT_EQ(sb.state().turn, 3);
  EXPECT_FALSE(ineffective(sb, "A"));
  EXPECT_TRUE(sb.move("A", {"0505"}).ok());
}

TEST(Rule_11_4, NoRecoveryWithoutANightTurn) {
  Sandbox sb(effectiveness());
  repulse_a(sb);
  sb.advance_to(U, Phase::Movement);
  sb.advance_to(C, Phase::Movement);
  sb.advance_to(U, Phase::Movement);
  ASSERT_EQ(sb.state().turn, 3);
  EXPECT_TRUE(ineffective(sb, "A"));
  EXPECT_REFUSED(sb, sb.move("A", {"0505"}), "11.2");
}

}  // namespace bg::test
