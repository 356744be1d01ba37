// Retreat and advance after combat (7.7) and displacement (7.8), 1977 rules.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "content/oob_file.h"
#include "core/crt.h"
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

CombatReport fight(Sandbox& sb, std::initializer_list<std::string> attackers,
                   std::initializer_list<std::string> hexes, int die) {
  sb.dice({die});
  auto r = sb.attack(attackers, hexes);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || !r->combat) return CombatReport{};
  return *r->combat;
}

// The retreat hexes offered to unit `u`, by name.
std::set<std::string> options(Sandbox& sb, const std::string& u) {
  std::set<std::string> out;
  for (const RetreatOption& o : sb.game().retreat_options(sb.id(u))) out.insert(sb.name(o.hex));
  return out;
}

void rivers(Sandbox& sb, std::initializer_list<const char*> hexes) {
  for (const char* h : hexes) sb.terrain(h, Terrain::River);
}

}  // namespace

// ---- 7.71 ------------------------------------------------------------------------

TEST(Rule_7_71, RetreatIsOneHexOutOfEnemyZocInTheOwnersChosenDirection) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  EXPECT_EQ(options(sb, "B"), (std::set<std::string>{"0406", "0507", "0606"}));
  EXPECT_REFUSED(sb, sb.retreat("B", "0405"), "7.72");  // in A's ZOC
  EXPECT_REFUSED(sb, sb.retreat("B", "0508"), "7.72");  // two hexes
  EXPECT_REFUSED(sb, sb.retreat("B", ""), "7.71");      // must move
  EXPECT_REFUSED(sb, sb.retreat("A", "0504"), "7.71");  // A has no retreat to make
  ASSERT_TRUE(sb.retreat("B", "0606").ok());
  EXPECT_EQ(sb.where("B"), "0606");
}

TEST(Rule_7_71, TwoUnitsOfAHexMayRetreatDifferentWays) {
  Sandbox sb;
  sb.inf("A", U, 12, "0505");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("B2", "0406").ok());
  ASSERT_TRUE(sb.retreat("B1", "0606").ok());
  EXPECT_EQ(sb.where("B1"), "0606");
  EXPECT_EQ(sb.where("B2"), "0406");
}

// ---- 7.72 ------------------------------------------------------------------------

TEST(Rule_7_72, NoRetreatIntoProhibitedHexesOrAcrossProhibitedHexsides) {
  Sandbox sb;
  sb.terrain("0507", Terrain::River);
  sb.side("0506", "0406", kLake);
  sb.side("0506", "0606", kCreek);
  sb.side("0506", "0605", kCreek | kBridge);  // passable, but in A's ZOC
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("B2", C, 2, "0506");
  sb.side("0506", "0405", kCreek);
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  // Every way out is closed: river hex, lake, unbridged creek, enemy ZOC.
  EXPECT_EQ(sb.where("B"), "eliminated");
  EXPECT_EQ(sb.where("B2"), "eliminated");
  EXPECT_EQ(sb.state().vp[static_cast<size_t>(U)], 4);
}

TEST(Rule_7_72, EachProhibitionIsRefusedWhileAnOpenHexRemains) {
  // A in 0405 controls 0505, 0406 and 0506's west; 0605 stays open.
  Sandbox sb;
  sb.terrain("0507", Terrain::River);
  sb.side("0506", "0606", kCreek);
  sb.inf("A", U, 9, "0405");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  EXPECT_EQ(options(sb, "B"), (std::set<std::string>{"0605"}));
  EXPECT_REFUSED(sb, sb.retreat("B", "0507"), "7.72");  // river hex
  EXPECT_REFUSED(sb, sb.retreat("B", "0606"), "7.72");  // across an unbridged creek
  EXPECT_REFUSED(sb, sb.retreat("B", "0505"), "7.72");  // enemy-controlled
  ASSERT_TRUE(sb.retreat("B", "0605").ok());
}

TEST(Rule_7_72, SurroundedAttackerIsEliminatedOnAttackerRetreat) {
  // A (0505) attacks B (0506); B2 (0503) controls 0504, 0404 and 0604.
  Sandbox sb;
  sb.inf("A", U, 3, "0505");
  sb.inf("B", C, 3, "0506");
  sb.inf("B2", C, 3, "0504");
  to_combat(sb);
  // A is in both ZOCs; attacking both hexes in one combat.
  CombatReport cr = fight(sb, {"A"}, {"0506", "0504"}, 4);  // 1-2 die 4: Ar
  ASSERT_EQ(cr.result, CombatResult::Ar);
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_FALSE(sb.pending(PendingKind::Retreat));
}

// ---- 7.73 ------------------------------------------------------------------------

TEST(Rule_7_73, RetreatMayStackWithAFriendlyUnitWithinTheLimit) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("B2", C, 1, "0507");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("B", "0507").ok());
  EXPECT_EQ(sb.where("B"), "0507");
  EXPECT_EQ(sb.where("B2"), "0507");
}

TEST(Rule_7_73, NoDisplacementWhileAnotherRetreatIsOpen) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("B2", C, 1, "0507");
  sb.inf("B3", C, 1, "0507");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Dr);
  EXPECT_EQ(options(sb, "B"), (std::set<std::string>{"0406", "0606"}));
  EXPECT_REFUSED(sb, sb.retreat("B", "0507", "B2"), "7.72");
  EXPECT_REFUSED(sb, sb.retreat("B", "0507"), "7.72");
  ASSERT_TRUE(sb.retreat("B", "0406").ok());
}

// ---- 7.74 ------------------------------------------------------------------------

TEST(Rule_7_74, RetreatedUnitAddsNothingToABombardedHexButSuffersTheResult) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.unit("Art", U, UnitType::Artillery, 6, "0510");  // 3 hexes from 0507
  sb.inf("B1", C, 5, "0506");
  sb.inf("B2", C, 2, "0507");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::Dr);  // 1-1 die 1
  ASSERT_TRUE(sb.retreat("B1", "0507").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  CombatReport cr = fight(sb, {"Art"}, {"0507"}, 1);
  EXPECT_EQ(cr.defence, 2);  // B2 only; B1 (5) was already attacked
  EXPECT_EQ(column_name(cr.column), "3-1");
  EXPECT_EQ(cr.result, CombatResult::De);
  EXPECT_EQ(sb.where("B1"), "eliminated");
  EXPECT_EQ(sb.where("B2"), "eliminated");
}

TEST(Rule_7_74, HexHoldingOnlyAlreadyAttackedUnitsMayNotBeAttacked) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.unit("Art", U, UnitType::Artillery, 6, "0510");
  sb.inf("B1", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("B1", "0507").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0507"}), "7.14");
}

// ---- 7.75 ------------------------------------------------------------------------

TEST(Rule_7_75, AdvanceIntoTheVacatedHexRegardlessOfZoc) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("C2", C, 2, "0406");  // controls 0506, not adjacent to A
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::De);
  ASSERT_TRUE(sb.pending(PendingKind::Advance));
  EXPECT_REFUSED(sb, sb.attack({"A"}, {"0406"}), "7.0");  // advance first
  EXPECT_REFUSED(sb, sb.end(), "7.0");
  ASSERT_TRUE(sb.advance("A", "0506").ok());
  EXPECT_EQ(sb.where("A"), "0506");
  // Having advanced, A may not attack C2 and owes no attack on it.
  EXPECT_TRUE(sb.game().obligations().empty());
  EXPECT_TRUE(sb.end().ok());
}

TEST(Rule_7_75, AdvanceIsNeverForcedAndIsOneHexIntoAVacatedHex) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::De);
  EXPECT_REFUSED(sb, sb.advance("A", "0507"), "7.75");  // not vacated by this combat
  EXPECT_REFUSED(sb, sb.advance("A", "0505"), "7.75");
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_EQ(sb.where("A"), "0505");
  EXPECT_FALSE(sb.pending(PendingKind::Advance));
}

TEST(Rule_7_75, OnlyAParticipantMayAdvance) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("B", C, 2, "0506");
  sb.inf("E", C, 2, "0305");
  sb.inf("X", U, 9, "0405");  // adjacent to both 0305 and 0506
  to_combat(sb);
  // X fights E; A alone then fights B, next to X.
  ASSERT_EQ(fight(sb, {"X"}, {"0305"}, 4).result, CombatResult::Dr);
  ASSERT_TRUE(sb.retreat("E", "0204").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 1).result, CombatResult::De);
  EXPECT_REFUSED(sb, sb.advance("X", "0506"), "7.75");  // X did not fight B
  ASSERT_TRUE(sb.advance("A", "0506").ok());
}

TEST(Rule_7_75, UnitsThatAdvancedMayNotBeAttacked) {
  // A attacks B and is repulsed; B advances into 0505, next to G.
  Sandbox sb;
  sb.inf("A", U, 5, "0505");
  sb.inf("G", U, 9, "0404");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  ASSERT_TRUE(sb.pending(PendingKind::Advance));
  ASSERT_TRUE(sb.advance("B", "0505").ok());
  EXPECT_EQ(sb.where("B"), "0505");
  EXPECT_REFUSED(sb, sb.attack({"G"}, {"0505"}), "7.75");
  EXPECT_TRUE(sb.game().obligations().empty());
  EXPECT_TRUE(sb.end().ok());
}

TEST(Rule_7_75, AdvanceCutsOffTheRetreatOfALaterCombat) {
  Sandbox sb;
  rivers(sb, {"0407", "0607"});
  sb.inf("A1", U, 9, "0505");
  sb.inf("A2", U, 9, "0509");
  sb.inf("B1", C, 2, "0506");
  sb.inf("B2", C, 2, "0508");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A1"}, {"0506"}, 1).result, CombatResult::De);
  EXPECT_EQ(options(sb, "B2"), (std::set<std::string>{"0507"}));
  ASSERT_TRUE(sb.advance("A1", "0506").ok());
  EXPECT_TRUE(options(sb, "B2").empty());
  ASSERT_EQ(fight(sb, {"A2"}, {"0508"}, 4).result, CombatResult::Dr);
  EXPECT_EQ(sb.where("B2"), "eliminated");
}

// ---- 7.76 ------------------------------------------------------------------------

TEST(Rule_7_76, OnlyOneUnitAdvancesEvenIfTwoHexesAreVacated) {
  Sandbox sb;
  sb.inf("A", U, 9, "0505");
  sb.inf("A2", U, 9, "0606");  // adjacent to both 0506 and 0605
  sb.inf("B1", C, 1, "0506");
  sb.inf("B2", C, 1, "0605");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A", "A2"}, {"0506", "0605"}, 1).result, CombatResult::De);
  Game::AdvanceChoice ch = sb.game().advance_choice();
  EXPECT_EQ(ch.hexes.size(), 2u);
  EXPECT_EQ(ch.units.size(), 2u);
  ASSERT_TRUE(sb.advance("A", "0506").ok());
  EXPECT_FALSE(sb.pending(PendingKind::Advance));
  EXPECT_REFUSED(sb, sb.advance("A2", "0605"), "7.75");
  EXPECT_EQ(sb.where("A2"), "0606");
}

// ---- 7.8 Displacement ---------------------------------------------------------

TEST(Rule_7_81, OnlyHexIsFullSoOneUnitThereIsDisplaced) {
  Sandbox sb;
  rivers(sb, {"0404", "0604"});
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  auto opts = sb.game().retreat_options(sb.id("A"));
  ASSERT_EQ(opts.size(), 1u);
  EXPECT_EQ(sb.name(opts[0].hex), "0504");
  EXPECT_EQ(opts[0].displace.size(), 2u);
  EXPECT_REFUSED(sb, sb.retreat("A", "0504"), "7.81");       // name one of P1, P2
  EXPECT_REFUSED(sb, sb.retreat("A", "0504", "B"), "7.82");  // not a unit of that hex
  ASSERT_TRUE(sb.retreat("A", "0504", "P2").ok());
  EXPECT_EQ(sb.where("A"), "0504");
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "P2"));
  EXPECT_FALSE(sb.pending(PendingKind::Retreat, "P1"));
  EXPECT_REFUSED(sb, sb.retreat("P2", "0505"), "7.72");  // back into B's ZOC
  ASSERT_TRUE(sb.retreat("P2", "0503").ok());
  EXPECT_EQ(sb.where("P2"), "0503");
  EXPECT_EQ(sb.where("P1"), "0504");
}

// R-FR-STACKING: a unit that stacks freely (a headquarters) takes no room, so
// displacing it would leave the hex as full as before: only a unit that
// counts against the limit may be displaced to make room.
TEST(R_FR_STACKING, AUnitThatTakesNoRoomIsNeverDisplacedToMakeRoom) {
  Sandbox sb;
  rivers(sb, {"0404", "0604"});
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  Action place;
  place.kind = ActionKind::PlaceUnit;
  place.hex = sb.hex("0504");
  place.def = std::make_shared<UnitDef>(content::headquarters_def("HQ", U));
  ASSERT_TRUE(sb.game().apply(place).ok());
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  auto opts = sb.game().retreat_options(sb.id("A"));
  ASSERT_EQ(opts.size(), 1u);
  std::set<std::string> displaced;
  for (UnitIndex v : opts[0].displace) displaced.insert(sb.game().roster()[v].id);
  EXPECT_EQ(displaced, (std::set<std::string>{"P1", "P2"}));
  EXPECT_REFUSED(sb, sb.retreat("A", "0504", "HQ"), "7.82");
  ASSERT_TRUE(sb.retreat("A", "0504", "P1").ok());
  EXPECT_EQ(sb.where("HQ"), "0504");
}

TEST(Rule_7_81, NoDisplacementNamedWhenThereIsRoom) {
  Sandbox sb;
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_REFUSED(sb, sb.retreat("A", "0504", "P1"), "7.81");
  ASSERT_TRUE(sb.retreat("A", "0504").ok());
  EXPECT_EQ(sb.where("P1"), "0504");
}

TEST(Rule_7_82, DisplacementThatWouldEliminateEliminatesTheRetreatingUnit) {
  Sandbox sb;
  rivers(sb, {"0404", "0604", "0403", "0603", "0503"});
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_EQ(sb.where("A"), "eliminated");
  EXPECT_EQ(sb.where("P1"), "0504");
  EXPECT_EQ(sb.where("P2"), "0504");
}

TEST(Rule_7_82, DisplacementChainsWhenThatIsTheOnlyPath) {
  // A corridor 0505-0504-0503-0502 between river hexes.
  Sandbox sb;
  rivers(sb, {"0404", "0604", "0403", "0603", "0402", "0602"});
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("Q1", U, 2, "0503");
  sb.inf("Q2", U, 2, "0503");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "A"));
  ASSERT_TRUE(sb.retreat("A", "0504", "P1").ok());
  auto opts = sb.game().retreat_options(sb.id("P1"));
  ASSERT_EQ(opts.size(), 1u);
  EXPECT_EQ(sb.name(opts[0].hex), "0503");
  ASSERT_TRUE(sb.retreat("P1", "0503", "Q1").ok());
  ASSERT_TRUE(sb.retreat("Q1", "0502").ok());
  EXPECT_EQ(sb.where("A"), "0504");
  EXPECT_EQ(sb.where("P1"), "0503");
  EXPECT_EQ(sb.where("Q1"), "0502");
  EXPECT_EQ(sb.where("P2"), "0504");
  EXPECT_EQ(sb.where("Q2"), "0503");
}

TEST(Rule_7_82, ChainThatEndsNowhereEliminatesTheRetreatingUnit) {
  Sandbox sb;
  rivers(sb, {"0404", "0604", "0403", "0603", "0402", "0602", "0502"});
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("Q1", U, 2, "0503");
  sb.inf("Q2", U, 2, "0503");
  sb.inf("B", C, 5, "0506");
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  EXPECT_EQ(sb.where("A"), "eliminated");
  for (const char* u : {"P1", "P2"}) EXPECT_EQ(sb.where(u), "0504");
  for (const char* u : {"Q1", "Q2"}) EXPECT_EQ(sb.where(u), "0503");
}

TEST(Rule_7_82, DisplacedArtilleryThatHasNotFiredMayNotFire) {
  Sandbox sb;
  rivers(sb, {"0404", "0604"});
  sb.inf("A", U, 5, "0505");
  sb.unit("X", U, UnitType::Artillery, 4, "0504");
  sb.inf("Y", U, 3, "0504");
  sb.unit("X2", U, UnitType::Artillery, 4, "0702");  // never displaced
  sb.inf("B", C, 5, "0506");
  sb.inf("T", C, 1, "0501");  // a target in range of 0503
  to_combat(sb);
  ASSERT_EQ(fight(sb, {"A"}, {"0506"}, 4).result, CombatResult::Ar);
  ASSERT_TRUE(sb.retreat("A", "0504", "X").ok());
  ASSERT_TRUE(sb.retreat("X", "0503").ok());
  ASSERT_TRUE(sb.advance("", "").ok());
  EXPECT_REFUSED(sb, sb.attack({"X"}, {"0501"}), "7.82");
  EXPECT_REFUSED(sb, sb.attack({"X", "X2"}, {"0501"}), "7.82");
  sb.dice({4});
  EXPECT_TRUE(sb.attack({"X2"}, {"0501"}).ok());  // the same target is open to others
}

}  // namespace bg::test

namespace bg::test {
namespace {

// R-DISPLACE-ONCE (found by engine-played games): a unit displaced and still
// waiting to retreat, or already displaced in this combat, may not be displaced
// again, or a hex could end a phase with three units, or a ring of full hexes
// displace for ever.
TEST(Rule_7_81, AUnitAwaitingItsDisplacementRetreatIsNotDisplacedAgain) {
  Sandbox sb;
  // D1 and D2 in 0606; Union units in 0605, 0506 and 0706 close every hex
  // around it (by their ZOCs: 0507, 0707) but 0607, where F1 and F2 stand.
  sb.inf("A1", U, 9, "0605");
  sb.inf("A2", U, 9, "0506");
  sb.inf("A3", U, 9, "0706");
  sb.inf("D1", C, 2, "0606");
  sb.inf("D2", C, 2, "0606");
  sb.inf("F1", C, 2, "0607");
  sb.inf("F2", C, 2, "0607");
  to_combat(sb);
  int die = 0;
  for (int d = 1; d <= 6 && !die; ++d)
    if (crt(kColumns - 1, d) == CombatResult::Dr) die = d;
  ASSERT_GT(die, 0);
  fight(sb, {"A1", "A2", "A3"}, {"0606"}, die);
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "D1"));
  ASSERT_TRUE(sb.retreat("D1", "0607", "F1").ok());
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "F1"));
  // D2 may still retreat into 0607, but not by displacing F1 again.
  for (const RetreatOption& o : sb.game().retreat_options(sb.id("D2")))
    for (UnitIndex v : o.displace) EXPECT_NE(v, sb.id("F1"));
  EXPECT_REFUSED(sb, sb.retreat("D2", "0607", "F1"), "7.82");
  // Whatever is chosen, no hex ends with more than two units of a side.
  while (!sb.state().pending.empty()) {
    const Pending p = sb.state().pending.front();
    if (p.kind != PendingKind::Retreat) break;
    const auto opts = sb.game().retreat_options(p.unit);
    ASSERT_FALSE(opts.empty());
    Action a;
    a.kind = ActionKind::Retreat;
    a.unit = p.unit;
    a.hex = opts[0].hex;
    if (!opts[0].displace.empty()) a.displace = opts[0].displace[0];
    ASSERT_TRUE(sb.game().apply(a).ok());
  }
  std::map<HexId, int> count;
  for (int u = 0; u < sb.state().pos.count; ++u) {
    if (sb.state().pos.units[u].on_map() && sb.game().roster()[u].side == C) {
      EXPECT_LE(++count[sb.state().pos.units[u].hex], 2);
    }
  }
}

}  // namespace
}  // namespace bg::test
