// Road to Richmond's exclusive rules on the real map and orders of battle.
// Suites: Rtr_<case> for the 1977 exclusive rules, RtrRev_<case>
// for the revised edition, RtrEditions for their differences.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/rule_id.h"
#include "rtr_fixture.h"
#include "titles/road_to_richmond/rtr_citations.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

int units_in(const Rtr& t, const std::string& h) {
  int n = 0;
  const Position& p = const_cast<Rtr&>(t).game().position();
  for (int u = 0; u < p.count; ++u)
    if (p.units[u].on_map() && p.units[u].hex == t.hex(h)) ++n;
  return n;
}

int max_reach(Rtr& t, const std::string& unit, const std::string& entry) {
  Reach r;
  auto cost = t.game().entry_reach(t.id(unit), t.hex(entry), r);
  EXPECT_TRUE(cost.ok()) << (cost.ok() ? "" : cost.error().message);
  int best = 0;
  for (HexId h : r.hexes()) best = std::max(best, r.cost(h));
  return best;
}

bool has_pending_retreat(const Rtr& t, const std::string& unit) {
  for (const Pending& p : t.state().pending)
    if (p.kind == PendingKind::Retreat && p.unit == t.id(unit)) return true;
  return false;
}

// ---------------------------------------------------------------------------
// 14.0 / 16.0: set-up and sequence.

void expect_calendar(Rtr& t) {
  const RulesConfig& r = t.game().rules();
  EXPECT_EQ(r.first, C);
  EXPECT_EQ(r.turns, 20);
  for (int turn = 1; turn <= 20; ++turn) EXPECT_EQ(r.is_night(turn), turn == 5 || turn == 13);
  EXPECT_EQ(t.state().phasing, C);
  EXPECT_EQ(t.state().turn, 1);
}

TEST(Rtr_14_2, ConfederatesFirstTwentyTurnsNightsFiveAndThirteen) {
  Rtr t;
  expect_calendar(t);
}

TEST(RtrRev_16_2, ConfederatesFirstTwentyTurnsNightsFiveAndThirteen) {
  Rtr t(rtr_revised());
  expect_calendar(t);
}

void expect_union_setup(Rtr& t) {
  int on_map = 0;
  const Position& p = t.game().position();
  for (int u = 0; u < p.count; ++u) {
    if (!p.units[u].on_map()) continue;
    EXPECT_EQ(t.game().roster()[static_cast<size_t>(u)].side, U);
    ++on_map;
  }
  EXPECT_EQ(on_map, 19);
  EXPECT_EQ(units_in(t, "1007"), 4);  // R-OOB-1007: as printed
  EXPECT_EQ(t.where("S"), "0410");
  EXPECT_EQ(t.where("1/2/IV"), "1726");
}

TEST(Rtr_14_1, UnionSetsUpAsTheChartIncludingFourUnitsIn1007) {
  Rtr t;
  expect_union_setup(t);
}

TEST(RtrRev_16_1, UnionSetsUpAsTheChartIncludingFourUnitsIn1007) {
  Rtr t(rtr_revised());
  expect_union_setup(t);
}

TEST(Rtr_14_1, TheFourStackIn1007MustBeThinnedBeforeTheUnionMovementPhaseEnds) {
  Rtr t;
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.end(), "5.32");
  // Two of the four move out; then the phase may end.
  for (const char* id : {"3/2/V", "2/1/V"}) {
    Reach reach;
    t.game().reach(t.id(id), false, reach);
    HexId to = kNoHex;
    for (HexId h : reach.hexes())
      if (units_in(t, t.name(h)) == 0) to = h;
    ASSERT_NE(to, kNoHex);
    Action a;
    a.kind = ActionKind::Move;
    a.unit = t.id(id);
    a.path = reach.path_to(to);
    ASSERT_TRUE(t.game().apply(a).ok());
  }
  EXPECT_TRUE(t.end().ok());
}

// ---------------------------------------------------------------------------
// 15.0 / 17.0: reinforcements.

TEST(Rtr_15_0, TheTurnOneColumnFrom0103PaysOneOneTwoTwo) {
  Rtr t;
  const int costs[4] = {1, 1, 2, 2};
  const char* ids[4] = {"Rodes", "GB_Anderson", "Garland", "Colquitt"};
  for (int i = 0; i < 4; ++i) {
    auto u = t.game().find_unit(ids[i]);
    if (!u) {  // ids are the data's protocol-safe forms; fall back to the roster order
      ADD_FAILURE() << "no unit " << ids[i];
      return;
    }
    auto r = t.enter(ids[i], {"0103"});
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->mp, costs[i]) << ids[i];
  }
}

TEST(Rtr_15_22, TurnOneConfederateReinforcementsMoveTwelveLessTheColumn) {
  Rtr t;
  // First pair: twelve MP, one spent entering: eleven left; second pair ten.
  EXPECT_EQ(max_reach(t, "Rodes", "0103"), 11);
  ASSERT_TRUE(t.enter("Rodes", {"0103"}).ok());
  ASSERT_TRUE(t.enter("Garland", {"0103"}).ok());
  EXPECT_EQ(max_reach(t, "Pickett", "0103"), 10);
}

TEST(RtrRev_17_2, TurnOneConfederateReinforcementsMoveTwelveLessTheColumn) {
  Rtr t(rtr_revised());
  EXPECT_EQ(max_reach(t, "Rodes", "0103"), 11);
}

TEST(Rtr_15_22, HeldBackToTurnTwoTheyHaveTheNormalAllowance) {
  Rtr t;
  t.clear();
  t.advance_to(2, C);
  EXPECT_LE(max_reach(t, "Rodes", "0103"), 5);
}

TEST(Rtr_15_22, TheDoubledAllowanceMayNotCarryAUnitIntoAUnionZoc) {
  // 1/CR at Gaines' Mill (0705): 0604 is in its ZOC, six road hexes from 0103.
  Rtr t(rtr_1977(), {{"1/CR", "0705"}});
  EXPECT_REFUSED(t, t.enter("Rodes", {"0103", "0202", "0302", "0402", "0503", "0603", "0604"}),
                 "15.22");
  // The reach agrees: every hex of the ZOC it offers is within the normal
  // allowance (0604 is five MP away by the fields), while the doubled
  // allowance carries the unit far elsewhere.
  Reach reach;
  ASSERT_TRUE(t.game().entry_reach(t.id("Rodes"), t.hex("0103"), reach).ok());
  const Board& b = t.game().board();
  int zoc_hexes = 0, far = 0;
  for (HexId h : reach.hexes()) {
    if (b.enemy_zoc(C, h)) {
      ++zoc_hexes;
      EXPECT_LE(reach.cost(h), 5) << t.name(h);
    }
    if (reach.cost(h) > 5) ++far;
  }
  EXPECT_GT(zoc_hexes, 0);
  EXPECT_GT(far, 0);
  // Within the normal allowance the ZOC may be entered.
  // 1/CR at 0604: now 0503 (four road hexes) is in its ZOC.
  Rtr n(rtr_1977(), {{"1/CR", "0604"}});
  EXPECT_TRUE(n.enter("Rodes", {"0103", "0202", "0302", "0402", "0503"}).ok());
}

TEST(RtrRev_17_2, TheDoubledAllowanceMayNotCarryAUnitIntoAUnionZoc) {
  Rtr t(rtr_revised(), {{"1/CR", "0705"}});
  EXPECT_REFUSED(t, t.enter("Rodes", {"0103", "0202", "0302", "0402", "0503", "0603", "0604"}),
                 "17.2");
}

TEST(Rtr_15_42, TurnTwoColumnUses1901OnlyWhen1301IsBlocked) {
  Rtr t;
  t.clear();
  t.advance_to(2, C);
  EXPECT_REFUSED(t, t.enter("Winder", {"1901"}), "15.42");
  EXPECT_TRUE(t.enter("Winder", {"1301"}).ok());
  // With a Union unit next to 1301, the column may use 1901.
  Rtr b(rtr_1977(), {{"1/CR", "1302"}});
  b.advance_to(2, C);
  EXPECT_TRUE(b.enter("Winder", {"1901"}).ok());
  EXPECT_TRUE(b.enter("Hood", {"1301"}).ok());  // 15.4: an enemy ZOC does not close it
}

TEST(RtrRev_17_32, TurnTwoColumnUses1901OnlyWhen1301IsBlocked) {
  Rtr t(rtr_revised());
  t.clear();
  t.advance_to(2, C);
  EXPECT_REFUSED(t, t.enter("Winder", {"1901"}), "17.32");
}

TEST(Rtr_15_4, AUnionUnitOn0103DelaysTheColumn) {
  Rtr t(rtr_1977(), {{"1/CR", "0103"}});
  EXPECT_REFUSED(t, t.enter("Rodes", {"0103"}), "15.4");
}

// ---------------------------------------------------------------------------
// 16.0 / 18.0: terrain.

TEST(Rtr_16_1, RedoubtTriplesOnlyWhenAttackedExclusivelyFromTheBarbedSide) {
  // 2/2/VI in Golding's works (0410, rough), redoubts barbed toward 0310 and 0311.
  Rtr t(rtr_1977(), {{"2/2/VI", "0410"}, {"Pickett", "0310"}, {"Wilcox", "0311"}});
  t.advance_to(1, C, Phase::Combat);
  Action a;
  a.kind = ActionKind::Attack;
  a.units.push_back(t.id("Pickett"));
  a.units.push_back(t.id("Wilcox"));
  a.hexes.push_back(t.hex("0410"));
  auto plan = t.game().preview_attack(a);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->defence, 24);  // 8 tripled
  // Joined by a unit from 0411, not behind a redoubt: rough doubles instead.
  Rtr k(rtr_1977(),
        {{"2/2/VI", "0410"}, {"Pickett", "0310"}, {"Wilcox", "0311"}, {"Kemper", "0411"}});
  k.advance_to(1, C, Phase::Combat);
  a.units.push_back(t.id("Kemper"));
  plan = k.game().preview_attack(a);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->defence, 16);
}

TEST(Rtr_16_3, TheChickahominyIsCrossedOnlyAtBridgesAndTheFord) {
  Rtr t(rtr_1977(), {{"2/2/VI", "0409"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("2/2/VI", {"0509"}), "5.25");
  EXPECT_TRUE(t.move("2/2/VI", {"0510"}).ok());  // Duane's Bridge
}

TEST(Rtr_16_3, StreamsAreFordsForMovement) {
  // Rodes north of the branch; 0407 (rough) across the stream.
  Rtr t(rtr_1977(), {{"Rodes", "0307"}});
  Reach reach;
  t.game().reach(t.id("Rodes"), false, reach);
  // Rough costs 3 (9.0); the stream adds one as a ford does (5.25).
  EXPECT_EQ(reach.cost(t.hex("0407")), 4);
}

TEST(RtrRev_18_3, TheChickahominyIsCrossedOnlyAtBridgesAndTheFord) {
  Rtr t(rtr_revised(), {{"2/2/VI", "0409"}});
  t.advance_to(1, U);
  EXPECT_FALSE(t.move("2/2/VI", {"0509"}).ok());
  EXPECT_TRUE(t.move("2/2/VI", {"0510"}).ok());
}

TEST(Rtr_16_4, LakeHexsidesAreImpassableAndCarryNoZoc) {
  // Rodes and 1/CR across the millpond (lake 0603/0704).
  Rtr t(rtr_1977(), {{"Rodes", "0603"}, {"1/CR", "0704"}});
  const Board& b = t.game().board();
  EXPECT_FALSE(b.enemy_zoc(C, t.hex("0603")));
  EXPECT_FALSE(b.enemy_zoc(U, t.hex("0704")));
  Reach reach;
  t.game().reach(t.id("Rodes"), false, reach);
  EXPECT_NE(reach.cost(t.hex("0704")), 1);  // not straight across the lake
}

TEST(RtrRev_18_4, LakeHexsidesAreImpassableAndCarryNoZoc) {
  Rtr t(rtr_revised(), {{"Rodes", "0603"}, {"1/CR", "0704"}});
  EXPECT_FALSE(t.game().board().enemy_zoc(C, t.hex("0603")));
}

// ---------------------------------------------------------------------------
// 17.0 / 19.0: exiting the map.

TEST(Rtr_17_1, UnitsLeaveOnlyBy0117And1528AtOneMovementPoint) {
  Rtr t(rtr_1977(), {{"2/2/VI", "1528"}, {"3/2/VI", "2426"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("3/2/VI", {}, true), "17.12");
  auto ok = t.move("2/2/VI", {}, true);
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->mp, 1);
  EXPECT_EQ(t.where("2/2/VI"), "exited");
}

TEST(RtrRev_19_1, UnitsLeaveOnlyBy0117And1528) {
  Rtr t(rtr_revised(), {{"3/2/VI", "2426"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("3/2/VI", {}, true), "19.12");
}

TEST(Rtr_17_3, ExitedUnitsScoreAtTheEndAndAreNotEliminated) {
  Rtr t(rtr_1977(), {{"2/2/VI", "1528"}});
  t.advance_to(1, U);
  ASSERT_TRUE(t.move("2/2/VI", {}, true).ok());
  const VictoryReport v = t.game().victory();
  EXPECT_EQ(v.total[0], 0);  // nothing yet: exits score at the end (21.12)
  bool line = false;
  for (const VpLine& l : v.lines) line = line || (l.at_end && l.side == U && l.points == 1);
  EXPECT_TRUE(line);
  for (const VpLine& l : v.lines) EXPECT_EQ(l.what.find("eliminated 2/2/VI"), std::string::npos);
}

// ---------------------------------------------------------------------------
// 18.0 / 20.0: the Command Control Zone.

TEST(Rtr_18_1, UnionUnitsMayNotEnterTheCommandControlZone) {
  Rtr t(rtr_1977(), {{"2/2/VI", "0415"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("2/2/VI", {"0316"}), "18.1");
  Reach reach;
  t.game().reach(t.id("2/2/VI"), false, reach);
  for (HexId h : reach.hexes()) EXPECT_FALSE(t.rules().in_ccz(h)) << t.name(h);
}

TEST(RtrRev_20_1, UnionUnitsMayNotEnterTheCommandControlZone) {
  Rtr t(rtr_revised(), {{"2/2/VI", "0415"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("2/2/VI", {"0316"}), "20.1");
}

TEST(Rtr_18_1, TheZoneOpensThreeTurnsAfterTheTrainExits) {
  Rtr t(rtr_1977(), {{"Train", "1528"}, {"2/2/VI", "0415"}});
  t.advance_to(2, U);
  ASSERT_TRUE(t.move("Train", {}, true).ok());
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).train_exit, 2);
  t.advance_to(4, U);
  EXPECT_FALSE(t.move("2/2/VI", {"0316"}).ok());
  t.advance_to(5, U);
  EXPECT_TRUE(t.move("2/2/VI", {"0316"}).ok());
}

TEST(Rtr_18_1, TheZoneOpensThreeTurnsAfterTheTurnFourteenReinforcementsEnter) {
  Rtr t(rtr_1977(), {{"2/2/VI", "0415"}});
  t.advance_to(14, U);
  ASSERT_TRUE(t.enter("1/1/II", {"0417"}).ok());
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).turn14_in, 0);  // 3R still off the map
  ASSERT_TRUE(t.enter("3R", {"0417"}).ok());
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).turn14_in, 14);
  t.advance_to(16, U);
  EXPECT_FALSE(t.move("2/2/VI", {"0316"}).ok());
  t.advance_to(17, U);
  EXPECT_TRUE(t.move("2/2/VI", {"0316"}).ok());
}

TEST(Rtr_18_1, AUnionRetreatMayNotEnterTheZone) {
  // 1/1/V in 0415: neighbours 0316 and 0315 (zone), 0414, 0416, 0515, 0516 (Confederates).
  Rtr t(rtr_1977(), {{"1/1/V", "0415"},
                     {"Pickett", "0414"},
                     {"Wilcox", "0416"},
                     {"Kemper", "0515"},
                     {"Pryor", "0516"}});
  t.advance_to(1, C, Phase::Combat);
  t.dice({6});  // 8+5+4+7=24 vs 5 in forest (10): 2-1, a 6 is Dr
  auto r = t.attack({"Pickett", "Wilcox", "Kemper", "Pryor"}, {"0415"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  // Every open hex is in the zone: no retreat, the unit is eliminated (7.72).
  EXPECT_EQ(t.where("1/1/V"), "eliminated");
}

// DG 11.2 (cavalry retreat before combat) under the 2016 Standard Rules: the
// zone is closed to it as to any retreat, on every hex of its path.
RtrSetup dg_cavalry(RtrSetup s) {
  s.edition = Edition::Dg2016;
  s.cavalry_retreat = true;
  return s;
}

void expect_evasion_stays_out(Rtr& t, const char* rule) {
  // 1/CR in 0415, attacked by Pickett alone from 0515; 0316 is in the zone.
  t.advance_to(1, C, Phase::Combat);
  auto r = t.attack({"Pickett"}, {"0415"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_TRUE(t.state().pending.size() == 1 && t.state().pending[0].kind == PendingKind::Evade);
  ASSERT_TRUE(t.rules().in_ccz(t.hex("0316")));
  EXPECT_REFUSED(t, t.evade("1/CR", {"0316"}), rule);
  EXPECT_REFUSED(t, t.evade("1/CR", {"0316", "0416"}), rule);  // nor through it
  ASSERT_TRUE(t.evade("1/CR", {"0416"}).ok());
  EXPECT_EQ(t.where("1/CR"), "0416");
}

TEST(Rtr_18_1, CavalryRetreatBeforeCombatMayNotEnterTheZone) {
  Rtr t(dg_cavalry(rtr_1977()), {{"1/CR", "0415"}, {"Pickett", "0515"}});
  expect_evasion_stays_out(t, "18.1");
}

TEST(RtrRev_20_1, CavalryRetreatBeforeCombatMayNotEnterTheZone) {
  Rtr t(dg_cavalry(rtr_revised()), {{"1/CR", "0415"}, {"Pickett", "0515"}});
  expect_evasion_stays_out(t, "20.1");
}

TEST(Rtr_18_2, UnionZocExtendsIntoTheZone) {
  Rtr t(rtr_1977(), {{"2/2/VI", "0415"}, {"Pickett", "0316"}});
  EXPECT_TRUE(t.game().board().enemy_zoc(C, t.hex("0316")));
  t.advance_to(1, C, Phase::Combat);
  EXPECT_FALSE(t.game().obligations().attackers.empty());  // and must be attacked
}

TEST(Rtr_18_3, UnionUnitsMayAttackIntoTheZone) {
  Rtr t(rtr_1977(), {{"2/2/VI", "0515"}, {"Pickett", "0316"}});
  t.advance_to(1, U);
  ASSERT_TRUE(t.move("2/2/VI", {"0415"}).ok());  // next to the zone, not into it
  ASSERT_TRUE(t.end().ok());
  auto r = t.attack({"2/2/VI"}, {"0316"});
  EXPECT_TRUE(r.ok()) << r.error().message;
}

// ---------------------------------------------------------------------------
// 19.0 / 17.4-17.5: early arrival.

void expect_schedule(Rtr& t, int activated) {
  const Context ctx = t.game().context();
  const GameState& st = t.state();
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(st).activation, activated);
  EXPECT_EQ(t.rules().arrival_turn(ctx, st, t.id("1/2/II")), std::min(13, activated + 1));
  EXPECT_EQ(t.rules().arrival_turn(ctx, st, t.id("1/1/II")), std::min(14, activated + 2));
  EXPECT_EQ(t.rules().arrival_turn(ctx, st, t.id("Cobb")), std::min(15, activated + 3));
  EXPECT_EQ(t.rules().arrival_turn(ctx, st, t.id("Mahone")), std::min(18, activated + 6));
  EXPECT_EQ(t.rules().arrival_turn(ctx, st, t.id("Train")), 11);  // not an early group
}

TEST(Rtr_19_1, AConfederateUnitSouthOfTheChickahominyActivates) {
  Rtr t;
  t.clear();
  t.place("Rodes", "0307");   // north of the branch: not yet
  ASSERT_TRUE(t.end().ok());  // into the Confederate Combat Phase: still nothing
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).activation, 0);
  Rtr m(rtr_1977(), {{"Rodes", "0307"}});
  ASSERT_TRUE(m.move("Rodes", {"0407"}).ok());
  expect_schedule(m, 1);
}

TEST(Rtr_19_1, PassingThroughTheAreaActivatesToo) {
  Rtr t(rtr_1977(), {{"Rodes", "1819"}});
  const RoadToRichmond& rules = t.rules();
  ASSERT_FALSE(rules.in_activation_area(t.hex("1819")));
  ASSERT_TRUE(rules.in_activation_area(t.hex("1820")));
  // Into 1820 (six hexes from 1826) and out again to a hex seven away.
  std::string out;
  for (int d = 0; d < kDirs && out.empty(); ++d) {
    const HexId n = t.game().map().neighbour(t.hex("1820"), static_cast<Dir>(d));
    if (t.game().map().on_map(n) && n != t.hex("1819") && !rules.in_activation_area(n))
      out = t.name(n);
  }
  ASSERT_FALSE(out.empty());
  auto r = t.move("Rodes", {"1820", out});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_FALSE(rules.in_activation_area(t.hex(t.where("Rodes"))));
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).activation, 1);
}

TEST(Rtr_19_1, ComingWithinSixHexesOf1826Or2426Activates) {
  // Rodes at 1819, seven hexes north of 1826.
  Rtr t(rtr_1977(), {{"Rodes", "1818"}});
  ASSERT_TRUE(t.rules().in_activation_area(t.hex("1820")));
  ASSERT_FALSE(t.rules().in_activation_area(t.hex("1819")));
  ASSERT_TRUE(t.move("Rodes", {"1819"}).ok());
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).activation, 0);
  t.advance_to(2, C);
  ASSERT_TRUE(t.move("Rodes", {"1820"}).ok());
  expect_schedule(t, 2);
}

TEST(RtrRev_17_4, AConfederateUnitSouthOfTheChickahominyActivates) {
  Rtr t(rtr_revised(), {{"Rodes", "0307"}});
  ASSERT_TRUE(t.move("Rodes", {"0407"}).ok());
  expect_schedule(t, 1);
}

TEST(Rtr_19_2, ActivatedUnionReinforcementsEnterTheTurnAfter) {
  Rtr t(rtr_1977(), {{"Rodes", "0307"}});
  ASSERT_TRUE(t.move("Rodes", {"0407"}).ok());
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.enter("1/2/II", {"0412"}), "15.0");
  t.advance_to(2, U);
  EXPECT_TRUE(t.enter("1/2/II", {"0412"}).ok());
}

TEST(RtrRev_17_5, ActivatedUnionReinforcementsEnterTheTurnAfter) {
  Rtr t(rtr_revised(), {{"Rodes", "0307"}});
  ASSERT_TRUE(t.move("Rodes", {"0407"}).ok());
  t.advance_to(2, U);
  EXPECT_TRUE(t.enter("1/2/II", {"0412"}).ok());
}

// ---------------------------------------------------------------------------
// 20.0 / 21.1: the Train.

TEST(Rtr_20_11, TheTrainFallsBackWhenAConfederateIsAdjacentAsUnionCombatBegins) {
  // Pickett next to the Train along the trail.
  Rtr t(rtr_1977(), {{"Train", "1823"}, {"Pickett", "1923"}});
  t.advance_to(1, U, Phase::Combat);
  ASSERT_TRUE(has_pending_retreat(t, "Train"));
  auto opts = t.game().retreat_options(t.id("Train"));
  ASSERT_EQ(opts.size(), 1u);  // 1822 is in Pickett's ZOC; 1824 along the road
  EXPECT_EQ(t.name(opts[0].hex), "1824");
  ASSERT_TRUE(t.retreat("Train", "1824").ok());
  EXPECT_TRUE(t.state().pending.empty());  // and nobody advances into 1823
  EXPECT_EQ(t.where("Pickett"), "1923");
}

TEST(Rtr_20_11, NotAcrossACreekWithoutBridgeOrFord) {
  // Pickett across the Chickahominy (1724/1823 has no bridge).
  Rtr t(rtr_1977(), {{"Train", "1823"}, {"Pickett", "1724"}});
  t.advance_to(1, U, Phase::Combat);
  EXPECT_FALSE(has_pending_retreat(t, "Train"));
}

TEST(Rtr_20_11, NotAcrossALake) {
  // 16.4: the Elder Swamp mill pond (lake hexside 1210/1310) between them.
  Rtr t(rtr_1977(), {{"Train", "1310"}, {"Pickett", "1210"}});
  t.advance_to(1, U, Phase::Combat);
  EXPECT_FALSE(has_pending_retreat(t, "Train"));
  // The barrier the fall-back reads is the core's, which keeps a lake closed
  // with a bridge too (R-LAKE; no lake on this map has one).
  EXPECT_TRUE(hexside_closed(kLake | kBridge));
  EXPECT_FALSE(hexside_closed(kCreek | kBridge));
}

TEST(Rtr_20_11, AcrossAStreamTheTrainFallsBack) {
  // The same place, the stream hexside 1209/1310 beside the pond: no barrier.
  Rtr t(rtr_1977(), {{"Train", "1310"}, {"Pickett", "1209"}});
  t.advance_to(1, U, Phase::Combat);
  EXPECT_TRUE(has_pending_retreat(t, "Train"));
}

TEST(RtrRev_21_11, TheTrainFallsBackWhenAConfederateIsAdjacentAsUnionCombatBegins) {
  Rtr t(rtr_revised(), {{"Train", "1823"}, {"Pickett", "1923"}});
  t.advance_to(1, U, Phase::Combat);
  EXPECT_TRUE(has_pending_retreat(t, "Train"));
}

TEST(Rtr_20_23, ATrainWithNoRoadToFallBackAlongIsDestroyedForElevenPoints) {
  // Pickett closes 1822 and Wilcox 1824 by their ZOCs.
  Rtr t(rtr_1977(), {{"Train", "1823"}, {"Pickett", "1923"}});
  t.place("Wilcox", "1825");  // closes 1824 by ZOC
  t.advance_to(1, U, Phase::Combat);
  EXPECT_EQ(t.where("Train"), "eliminated");
  EXPECT_EQ(t.vp(C), 11);  // one strength point (21.11 1) and ten more (21.11 2)
  const VictoryReport v = t.game().victory();
  EXPECT_EQ(v.total[1], 11);
}

TEST(Rtr_20_21, NothingStacksWithOrMovesThroughTheTrain) {
  Rtr t(rtr_1977(), {{"Train", "1823"}, {"2/2/VI", "1822"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("2/2/VI", {"1823", "1824"}), "20.22");
  EXPECT_FALSE(t.move("Train", {"1822"}).ok());
}

TEST(Rtr_20_23, TheTrainMovesOnlyAlongRoadsAndTrails) {
  Rtr t(rtr_1977(), {{"Train", "1823"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("Train", {"1723"}), "20.23");
  EXPECT_TRUE(t.move("Train", {"1824", "1825"}).ok());
}

TEST(RtrRev_21_15, TheTrainMovesOnlyAlongRoadsAndTrails) {
  Rtr t(rtr_revised(), {{"Train", "1823"}});
  t.advance_to(1, U);
  EXPECT_REFUSED(t, t.move("Train", {"1723"}), "21.15");
}

TEST(Rtr_20_25, TheTrainHasNoZocAndNeedNotBeAttacked) {
  Rtr t(rtr_1977(), {{"Train", "1823"}, {"Pickett", "1921"}});
  EXPECT_FALSE(t.game().board().enemy_zoc(C, t.hex("1922")));
  ASSERT_TRUE(t.move("Pickett", {"1922", "1923", "2023"}).ok());  // past it without stopping
  ASSERT_TRUE(t.end().ok());
  EXPECT_TRUE(t.game().obligations().defenders.empty());
  EXPECT_TRUE(t.end().ok());
}

TEST(Rtr_20_12, TheTrainDefendsWithOne) {
  Rtr t;
  EXPECT_EQ(t.game().roster()[t.id("Train")].defense, 1);
  EXPECT_FALSE(t.game().roster()[t.id("Train")].can_attack);
}

// 20.24 / 21.16 (R-RTR-TRAIN-DISPLACE): the Train displaces and is displaced.

// Each retreat option as "hex" or "hex displacing unit".
std::set<std::string> retreat_choices(Rtr& t, const std::string& unit) {
  std::set<std::string> out;
  for (const RetreatOption& o : t.game().retreat_options(t.id(unit))) {
    std::string s = t.name(o.hex);
    for (UnitIndex v : o.displace) s += " displacing " + t.game().roster()[v].id;
    out.insert(s);
  }
  return out;
}

// The Train in 1823 must fall back (Pickett in 1923, 20.11); 1822 is in
// Pickett's ZOC, so its only road out is 1824, where 2/2/VI stands.
void expect_train_displaces(Rtr& t) {
  t.advance_to(1, U, Phase::Combat);
  ASSERT_TRUE(has_pending_retreat(t, "Train"));
  EXPECT_EQ(retreat_choices(t, "Train"), (std::set<std::string>{"1824 displacing 2/2/VI"}));
  ASSERT_TRUE(t.retreat("Train", "1824").ok());
  EXPECT_EQ(t.where("Train"), "1824");
  // 2/2/VI falls back as if retreating after combat (7.81), and the Train is
  // left alone in 1824 (20.21).
  ASSERT_TRUE(has_pending_retreat(t, "2/2/VI"));
  const auto opts = t.game().retreat_options(t.id("2/2/VI"));
  ASSERT_FALSE(opts.empty());
  for (const RetreatOption& o : opts) EXPECT_NE(t.name(o.hex), "1823") << "Pickett's ZOC";
  ASSERT_TRUE(t.retreat("2/2/VI", t.name(opts[0].hex)).ok());
  EXPECT_EQ(units_in(t, "1824"), 1);
  EXPECT_TRUE(t.state().pending.empty());
}

TEST(Rtr_20_24, TheTrainDisplacesAFriendlyUnitFromItsOnlyRetreatHex) {
  Rtr t(rtr_1977(), {{"Train", "1823"}, {"Pickett", "1923"}, {"2/2/VI", "1824"}});
  expect_train_displaces(t);
}

TEST(RtrRev_21_16, TheTrainDisplacesAFriendlyUnitFromItsOnlyRetreatHex) {
  Rtr t(rtr_revised(), {{"Train", "1823"}, {"Pickett", "1923"}, {"2/2/VI", "1824"}});
  expect_train_displaces(t);
}

// One retreating unit displaces one unit (7.81); the Train may not share the
// hex with the other (20.21), so a hex of two is closed to it.
TEST(Rtr_20_24, TheTrainMayNotDisplaceAStackOfTwo) {
  Rtr t(rtr_1977(),
        {{"Train", "1823"}, {"Pickett", "1923"}, {"2/2/VI", "1824"}, {"3/2/VI", "1824"}});
  t.advance_to(1, U, Phase::Combat);
  EXPECT_EQ(t.where("Train"), "eliminated");
  EXPECT_EQ(units_in(t, "1824"), 2);
}

// 7.82: if the displaced unit could not retreat, the Train is eliminated instead.
TEST(Rtr_20_24, TheTrainIsEliminatedIfTheUnitItWouldDisplaceCannotRetreat) {
  // Wilcox in 1926 closes 1825 and 1925, Kemper in 1725 closes 1724 (the
  // railroad bridge): 2/2/VI would have nowhere to go from 1824.
  Rtr t(rtr_1977(), {{"Train", "1823"},
                     {"Pickett", "1923"},
                     {"2/2/VI", "1824"},
                     {"Wilcox", "1926"},
                     {"Kemper", "1725"}});
  t.advance_to(1, U, Phase::Combat);
  EXPECT_EQ(t.where("Train"), "eliminated");
  EXPECT_EQ(t.where("2/2/VI"), "1824");
  EXPECT_EQ(t.vp(C), 11);
}

// A unit whose only retreat is the Train's hex displaces the Train, which falls
// back along its road (20.23).
TEST(Rtr_20_24, AUnitMayDisplaceTheTrain) {
  // 2/2/VI in 1823: Pickett (1923) closes 1822 and 1924, Kemper (1722) closes
  // 1723, the Chickahominy (1724/1823) has no bridge: 1824 is all that is left.
  Rtr t(rtr_1977(),
        {{"Train", "1824"}, {"2/2/VI", "1823"}, {"Pickett", "1923"}, {"Kemper", "1722"}});
  t.advance_to(1, C, Phase::Combat);
  t.dice({1});  // 8 against 8: 1-1, a 1 is Dr
  auto r = t.attack({"Pickett"}, {"1823"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(retreat_choices(t, "2/2/VI"), (std::set<std::string>{"1824 displacing Train"}));
  ASSERT_TRUE(t.retreat("2/2/VI", "1824").ok());
  ASSERT_TRUE(has_pending_retreat(t, "Train"));
  EXPECT_EQ(retreat_choices(t, "Train"), (std::set<std::string>{"1825"}));  // its road
  ASSERT_TRUE(t.retreat("Train", "1825").ok());
  EXPECT_EQ(t.where("2/2/VI"), "1824");
  EXPECT_EQ(t.where("Train"), "1825");
}

// ---------------------------------------------------------------------------
// 21.0 / 22.0: victory.

void finish(Rtr& t) {
  while (!t.game().over()) ASSERT_TRUE(t.end().ok());
}

TEST(Rtr_21_12, TheTrainOutAndALineGiveTheUnionItsExitPoints) {
  Rtr t(rtr_1977(), {{"Train", "1528"}, {"1/2/V", "0117"}});
  t.advance_to(2, U);
  ASSERT_TRUE(t.move("Train", {}, true).ok());
  ASSERT_TRUE(t.move("1/2/V", {}, true).ok());
  finish(t);
  const VictoryReport v = t.game().victory();
  ASSERT_TRUE(v.final);
  // 1 (the Train is a unit exited at 1528) + 5 (1/2/V at 0117, line traced) + 5 (Train).
  EXPECT_EQ(v.total[0], 11);
  EXPECT_EQ(t.vp(U), 11);
  EXPECT_EQ(v.total[1], 0);
  ASSERT_TRUE(v.winner.has_value());
  EXPECT_EQ(*v.winner, U);
}

TEST(Rtr_21_12, ConfederateExitsAt1528CountDoubleWithTheTrainOutAndTheirLine) {
  // Pickett three road hexes from 1528, out of the Train's way.
  Rtr s(rtr_1977(), {{"Train", "1528"}, {"Pickett", "1325"}});
  s.advance_to(2, U);
  ASSERT_TRUE(s.move("Train", {}, true).ok());
  s.advance_to(3, C);
  ASSERT_TRUE(s.move("Pickett", {"1326", "1426", "1427", "1528"}, true).ok());
  finish(s);
  const VictoryReport v = s.game().victory();
  EXPECT_EQ(v.total[1], 16);  // 2 x 8
  EXPECT_EQ(v.total[0], 6);   // the Train: 1 + 5
}

TEST(Rtr_21_12, WithoutTheTrainTheConfederatesScoreTwentyAndOneAPointExited) {
  Rtr t(rtr_1977(), {{"Pickett", "1427"}});
  ASSERT_TRUE(t.move("Pickett", {"1528"}, true).ok());
  finish(t);
  const VictoryReport v = t.game().victory();
  EXPECT_EQ(v.total[1], 28);  // 20 + 8
  EXPECT_EQ(t.vp(C), 28);
}

TEST(RtrRev_22_12, WithoutTheTrainTheConfederatesScoreTwentyAndOneAPointExited) {
  Rtr t(rtr_revised(), {{"Pickett", "1427"}});
  ASSERT_TRUE(t.move("Pickett", {"1528"}, true).ok());
  finish(t);
  const VictoryReport v = t.game().victory();
  EXPECT_EQ(v.total[1], 28);
  for (const VpLine& l : v.lines) {
    if (l.points == 20) {
      EXPECT_EQ(l.rule, "22.12");
    }
  }
}

TEST(Rtr_21_21, ALineOfCommunicationIsBlockedOnlyByEnemyUnits) {
  Rtr t;
  t.clear();
  const Context ctx = t.game().context();
  EXPECT_TRUE(t.rules().line_of_communication(ctx, t.state(), U));
  // Pickett on 0117; 2/2/VI on the Nine Mile Road next to it.
  Rtr b(rtr_1977(), {{"Pickett", "0117"}, {"2/2/VI", "0216"}});
  EXPECT_FALSE(b.rules().line_of_communication(b.game().context(), b.state(), U));
  // 2/2/VI stands on the Nine Mile Road, the only road out of 0117.
  EXPECT_FALSE(b.rules().line_of_communication(b.game().context(), b.state(), C));
}

TEST(Rtr_21_22, WithoutTheTrainUnionUnitsCutOffFromTheRoadsAreDestroyed) {
  Rtr t(rtr_1977(), {{"2/2/VI", "0410"}});
  const Context ctx = t.game().context();
  EXPECT_TRUE(t.rules().unsupplied_union_units(ctx, t.state()).empty());
  // Both roads off the map (1528, 2426) are held by Confederates.
  Rtr b(rtr_1977(), {{"2/2/VI", "0410"}, {"Pickett", "1528"}, {"Wilcox", "2426"}});
  EXPECT_EQ(b.rules().unsupplied_union_units(b.game().context(), b.state()),
            std::vector<UnitIndex>{b.id("2/2/VI")});
  finish(b);
  const VictoryReport v = b.game().victory();
  EXPECT_EQ(v.total[1], 28);  // 20 for the Train, 8 for 2/2/VI "destroyed"
}

// The whole position is answered at once (one road search, one mask of the
// Confederates): each Union unit must get the answer it gets alone on the map
// with the same Confederates.
TEST(Rtr_21_22, EachUnionUnitTracesItsOwnPathAsIfAlone) {
  Rtr t(rtr_1977());
  t.clear();
  const Map& map = t.game().map();
  std::vector<HexId> hexes;
  for (HexId h : map.hexes())
    if (map.on_map(h)) hexes.push_back(h);
  // The Union two units a hex, spread over the map; the Confederates one a
  // hex, spread the other way, cutting some of them off.
  std::vector<std::pair<std::string, std::string>> unions, confederates;
  for (const UnitDef& d : t.game().roster()) {
    if (d.side == Side::Union)
      unions.emplace_back(d.id, t.name(hexes[unions.size() / 2 * 37 % hexes.size()]));
    else
      confederates.emplace_back(d.id,
                                t.name(hexes[(11 + confederates.size() * 29) % hexes.size()]));
  }
  for (const auto& [id, hex] : confederates) t.place(id, hex);  // place() sets the game up again
  for (const auto& [id, hex] : unions) t.place(id, hex);
  ASSERT_GT(unions.size(), 10u);
  const std::vector<UnitIndex> cut =
      t.rules().unsupplied_union_units(t.game().context(), t.state());
  int supplied = 0;
  for (const auto& [id, hex] : unions) {
    Rtr alone(rtr_1977());
    alone.clear();
    for (const auto& [cid, chex] : confederates) alone.place(cid, chex);
    alone.place(id, hex);
    const bool cut_alone =
        !alone.rules().unsupplied_union_units(alone.game().context(), alone.state()).empty();
    EXPECT_EQ(std::count(cut.begin(), cut.end(), t.id(id)) == 1, cut_alone) << id << " in " << hex;
    supplied += cut_alone ? 0 : 1;
  }
  EXPECT_GT(supplied, 0);
  EXPECT_LT(supplied, static_cast<int>(unions.size())) << "some units are cut off";
}

// ---------------------------------------------------------------------------
// 22.x / revised standard rules.

// A stream hexside (no bridge) with a clear hex on one side and open land on
// the other, found on the map so the test does not depend on one hex's terrain.
std::pair<std::string, std::string> clear_stream_crossing(Rtr& t) {
  const Map& map = t.game().map();
  for (HexId h : map.hexes()) {
    if (map.terrain(h) != Terrain::Clear) continue;
    for (int d = 0; d < kDirs; ++d) {
      const HexsideBits side = map.side(h, static_cast<Dir>(d));
      if (!(side & kStream) || (side & (kBridge | kCreek | kRedoubt))) continue;
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      if (!map.on_map(n) || map.terrain(n) == Terrain::River) continue;
      return {t.name(h), t.name(n)};
    }
  }
  return {};
}

TEST(Rtr_22_11, StreamsStopDoublingUnderTheTournamentRules) {
  for (bool tournament : {false, true}) {
    Rtr t(rtr_1977(tournament));
    const auto [defender, attacker] = clear_stream_crossing(t);
    ASSERT_FALSE(defender.empty());
    t.clear();
    t.place("1/1/V", defender);
    t.place("Pickett", attacker);
    t.advance_to(1, C, Phase::Combat);
    Action a;
    a.kind = ActionKind::Attack;
    a.units.push_back(t.id("Pickett"));
    a.hexes.push_back(t.hex(defender));
    auto plan = t.game().preview_attack(a);
    ASSERT_TRUE(plan.ok()) << plan.error().message;
    EXPECT_EQ(plan->defence, tournament ? 5 : 10) << defender << " from " << attacker;
  }
}

TEST(RtrRev_18_51, StreamsDoNotDouble) {
  Rtr t(rtr_revised());
  const auto [defender, attacker] = clear_stream_crossing(t);
  ASSERT_FALSE(defender.empty());
  t.clear();
  t.place("1/1/V", defender);
  t.place("Pickett", attacker);
  t.advance_to(1, C, Phase::Combat);
  Action a;
  a.kind = ActionKind::Attack;
  a.units.push_back(t.id("Pickett"));
  a.hexes.push_back(t.hex(defender));
  auto plan = t.game().preview_attack(a);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->defence, 5);
}

TEST(Rtr_22_1, TournamentRulesSetTheAdvanceRestrictions) {
  Rtr basic;
  Rtr t(rtr_1977(true));
  EXPECT_TRUE(basic.rules().hexside_doubles_defence(kStream));
  EXPECT_FALSE(t.rules().hexside_doubles_defence(kStream));
  EXPECT_TRUE(t.rules().hexside_doubles_defence(kCreek | kBridge));  // creeks' bridges still do
  // An advance into a swamp hex: allowed by the basic rules, not by 22.14.
  const Map& map = t.game().map();
  HexId swamp = kNoHex, from = kNoHex;
  for (HexId h : map.hexes()) {
    if (map.terrain(h) != Terrain::Swamp) continue;
    for (int d = 0; d < kDirs && from == kNoHex; ++d) {
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      if (map.on_map(n) && map.terrain(n) == Terrain::Clear) from = n;
    }
    if (from != kNoHex) {
      swamp = h;
      break;
    }
  }
  ASSERT_NE(swamp, kNoHex);
  const UnitIndex u = t.id("Pickett");
  EXPECT_FALSE(
      basic.rules().forbids_advance(basic.game().context(), basic.state(), u, from, swamp));
  EXPECT_TRUE(t.rules().forbids_advance(t.game().context(), t.state(), u, from, swamp));
  EXPECT_EQ(t.rules().advance_refusal(t.game().context(), t.state(), u, from, swamp).rule, "22.14");
}

TEST(Rtr_22_2, TheSiegeTrainRangesFiveDefendsOneAndKeepsToRoads) {
  Rtr basic;
  const UnitDef& plain = basic.game().roster()[basic.id("S")];
  EXPECT_EQ(plain.range, 3);
  EXPECT_EQ(plain.defense, 8);
  EXPECT_FALSE(plain.road_only);
  Rtr t(rtr_1977(true));
  const UnitDef& siege = t.game().roster()[t.id("S")];
  EXPECT_EQ(siege.strength, 8);
  EXPECT_EQ(siege.range, 5);
  EXPECT_EQ(siege.defense, 1);
  EXPECT_TRUE(siege.road_only);
}

TEST(RtrRev_21_2, TheSiegeTrainIsStandard) {
  Rtr t(rtr_revised());
  const UnitDef& siege = t.game().roster()[t.id("S")];
  EXPECT_EQ(siege.range, 5);
  EXPECT_EQ(siege.defense, 1);
  EXPECT_TRUE(siege.road_only);
}

TEST(Rtr_22_3, TurnOneUnitsMayBeWrittenDownForTurnFifteenOrEighteen) {
  Rtr t(rtr_1977(true));
  ASSERT_TRUE(t.defer("Pickett", 15).ok());
  ASSERT_TRUE(t.defer("Wilcox", 18).ok());
  const Context ctx = t.game().context();
  EXPECT_EQ(t.rules().arrival_turn(ctx, t.state(), t.id("Pickett")), 15);
  EXPECT_EQ(t.rules().arrival_turn(ctx, t.state(), t.id("Wilcox")), 18);
  EXPECT_EQ(t.rules().entry_hexes(ctx, t.state(), t.id("Pickett")),
            std::vector<HexId>{t.hex("0117")});
  EXPECT_EQ(t.rules().entry_hexes(ctx, t.state(), t.id("Wilcox")).size(), 3u);
  EXPECT_REFUSED(t, t.enter("Pickett", {"0103"}), "15.0");
  // Taken back before play begins: it is a turn-one unit again.
  ASSERT_TRUE(t.defer("Wilcox", 1).ok());
  EXPECT_EQ(t.rules().arrival_turn(ctx, t.state(), t.id("Wilcox")), 1);
}

TEST(Rtr_22_31, OnlyTurnOneUnitsFrom0103MayBeHeld) {
  Rtr t(rtr_1977(true));
  EXPECT_REFUSED(t, t.defer("Winder", 15), "22.31");
  EXPECT_FALSE(t.defer("Pickett", 16).ok());
}

TEST(Rtr_22_32, TheChoiceIsWrittenBeforePlayBegins) {
  Rtr t(rtr_1977(true));
  ASSERT_TRUE(t.enter("Rodes", {"0103"}).ok());
  EXPECT_REFUSED(t, t.defer("Pickett", 15), "22.32");
}

TEST(Rtr_22_3, WithoutTheOptionNothingMayBeHeld) {
  Rtr t;
  EXPECT_REFUSED(t, t.defer("Pickett", 15), "22.3");
}

TEST(RtrRev_17_6, VariableReinforcementsAreStandard) {
  Rtr t(rtr_revised());
  ASSERT_TRUE(t.defer("Pickett", 18).ok());
  ASSERT_TRUE(t.enter("Rodes", {"0103"}).ok());
  EXPECT_REFUSED(t, t.defer("Wilcox", 15), "17.62");
}

TEST(Rtr_22_32, TheChoiceIsHiddenFromTheUnion) {
  Rtr t(rtr_1977(true));
  ASSERT_TRUE(t.defer("Pickett", 15).ok());
  const Context ctx = t.game().context();
  EXPECT_TRUE(t.rules().hidden_from(ctx, t.state(), t.id("Pickett"), U));
  EXPECT_FALSE(t.rules().hidden_from(ctx, t.state(), t.id("Pickett"), C));
  EXPECT_FALSE(t.rules().hidden_from(ctx, t.state(), t.id("Wilcox"), U));
}

TEST(Rtr_22_32, TheUnionsCopyOfTheGameHoldsNoTraceOfTheChoice) {
  Rtr t(rtr_1977(true));
  ASSERT_TRUE(t.defer("Pickett", 15).ok());
  const Game u = t.game().view_for(U);
  const Game c = t.game().view_for(C);
  const Context ctx = u.context();
  EXPECT_EQ(t.rules().arrival_turn(ctx, u.state(), t.id("Pickett")), 1);
  EXPECT_EQ(t.rules().arrival_turn(ctx, c.state(), t.id("Pickett")), 15);
  EXPECT_TRUE(u.log().empty());  // the log holds the choice too
  // The copy is a playable game.
  Game play = u;
  Action a;
  a.kind = ActionKind::End;
  EXPECT_TRUE(play.apply(a).ok());
}

TEST(Rtr_22_33, HeldUnitsArriveEarlyWithTheirNewGroup) {
  Rtr t(rtr_1977(true));
  t.clear();
  ASSERT_TRUE(t.defer("Pickett", 15).ok());
  ASSERT_TRUE(t.defer("Wilcox", 18).ok());
  ASSERT_TRUE(
      t.enter("Rodes", {"0103", "0203", "0304", "0404", "0505", "0506", "0406", "0307", "0308"})
          .ok());  // south of the branch on turn one: Activation
  const Context ctx = t.game().context();
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).activation, 1);
  EXPECT_EQ(t.rules().arrival_turn(ctx, t.state(), t.id("Pickett")), 4);
  EXPECT_EQ(t.rules().arrival_turn(ctx, t.state(), t.id("Wilcox")), 7);
}

TEST(Rtr_22_4, HoldingTheVictoryHexesAfterTurnEightScoresEachTurn) {
  Rtr t(rtr_1977(true), {{"2/2/VI", "1826"}, {"Pickett", "1823"}});
  // (Pickett so near 1826 has triggered early arrival: five to the Union, 22.4.)
  t.advance_to(9, C);
  EXPECT_EQ(t.vp(U), 5);
  EXPECT_EQ(t.vp(C), 0);
  t.advance_to(10, C);
  EXPECT_EQ(t.vp(U), 6);
  EXPECT_EQ(t.vp(C), 1);
  t.advance_to(12, C);
  EXPECT_EQ(t.vp(U), 8);
  EXPECT_EQ(t.game().victory().total[1], 3);
}

TEST(Rtr_22_4, WithoutTheOptionTheHexesScoreNothing) {
  Rtr t(rtr_1977(), {{"2/2/VI", "1826"}});
  t.advance_to(12, C);
  EXPECT_EQ(t.vp(U), 0);
}

TEST(Rtr_22_4, TriggeringEarlyArrivalGivesTheUnionFive) {
  Rtr t(rtr_1977(true), {{"Rodes", "0307"}});
  ASSERT_TRUE(t.move("Rodes", {"0407"}).ok());
  EXPECT_EQ(t.vp(U), 5);
  EXPECT_EQ(t.game().victory().total[0], 5);
}

// R-RTR-VP-TIMING: the five points pay for Activation itself, even on a
// Game-Turn so late that no group can come any sooner than its chart turn.
TEST(Rtr_22_4, ActivationTooLateToBringAnyGroupEarlyStillGivesTheUnionFive) {
  Rtr t(rtr_1977(true), {{"Rodes", "0307"}});
  t.advance_to(13, C);
  ASSERT_EQ(t.vp(U), 0);
  ASSERT_TRUE(t.move("Rodes", {"0407"}).ok());
  const Context ctx = t.game().context();
  EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).activation, 13);
  EXPECT_EQ(t.rules().arrival_turn(ctx, t.state(), t.id("1/2/II")), 13);
  EXPECT_EQ(t.vp(U), 5);
}

TEST(RtrRev_22_13, HoldingTheVictoryHexesIsStandard) {
  Rtr t(rtr_revised(), {{"2/2/VI", "1826"}});
  t.advance_to(10, C);
  EXPECT_EQ(t.vp(U), 1);
}

TEST(RtrRev_22_14, TriggeringEarlyArrivalGivesTheUnionFive) {
  Rtr t(rtr_revised(), {{"Rodes", "0307"}});
  ASSERT_TRUE(t.move("Rodes", {"0407"}).ok());
  EXPECT_EQ(t.vp(U), 5);
}

// ---------------------------------------------------------------------------
// The two editions.

TEST(RtrEditions, TheRevisedEditionMakesTheTournamentRulesStandard) {
  Rtr a;
  EXPECT_FALSE(a.rules().options().advance_restrictions);
  EXPECT_FALSE(a.rules().options().siege_train);
  EXPECT_FALSE(a.rules().options().variable_reinforcements);
  EXPECT_FALSE(a.rules().options().additional_vp);
  Rtr b(rtr_revised());
  EXPECT_TRUE(b.rules().options().advance_restrictions);
  EXPECT_TRUE(b.rules().options().siege_train);
  EXPECT_TRUE(b.rules().options().variable_reinforcements);
  EXPECT_TRUE(b.rules().options().additional_vp);
}

TEST(RtrEditions, RefusalsCiteTheExclusiveEditionsNumbers) {
  using titles::rtr::ExclusiveEdition;
  using titles::rtr::rtr_case;
  EXPECT_EQ(rtr_case(RuleId::SoleOccupant, ExclusiveEdition::Spi1977), "20.21");
  EXPECT_EQ(rtr_case(RuleId::SoleOccupant, ExclusiveEdition::Revised), "21.13");
  EXPECT_EQ(rtr_case(RuleId::BonusMpNotIntoZoc, ExclusiveEdition::Revised), "17.2");
  // A standard rule: not the title's to number.
  EXPECT_EQ(rtr_case(RuleId::LeaveEnemyZoc, ExclusiveEdition::Revised), "");
  Rtr rev(rtr_revised());
  EXPECT_EQ(cite(rev.game().context(), RuleId::ExitAtExitHex), "19.12");
  EXPECT_EQ(cite(rev.game().context(), RuleId::LeaveEnemyZoc), "5.13");  // standard numbering
  RtrSetup dg = rtr_revised();
  dg.edition = Edition::Dg2016;
  Rtr rev_dg(dg);
  EXPECT_EQ(cite(rev_dg.game().context(), RuleId::LeaveEnemyZoc), "5.1");
  EXPECT_EQ(cite(rev_dg.game().context(), RuleId::RoadBound), "21.15");  // exclusive wins
  RtrSetup old_dg = rtr_1977();
  old_dg.edition = Edition::Dg2016;
  Rtr old(old_dg);
  EXPECT_EQ(cite(old.game().context(), RuleId::ReinforcementColumn), "15.0");
}

TEST(RtrEditions, BothStandardEditionsPlayTheScenario) {
  RtrSetup s = rtr_1977();
  s.edition = Edition::Dg2016;
  Rtr t(s);
  EXPECT_TRUE(t.game().rules().dg());
  EXPECT_EQ(t.rules().options().exclusive, titles::rtr::ExclusiveEdition::Spi1977);
  expect_union_setup(t);
}

}  // namespace
}  // namespace bg::test
