// The "pontoons" module (rulings R-FR-PONTOON, R-FR-BOAT,
// R-FR-FORD), alone on sandbox maps: a river runs along row 06 (0106-1206),
// north bank row 05, south bank row 07.
#include <gtest/gtest.h>

#include "modules/pontoons.h"
#include "modules_fixture.h"

namespace bg::test {
namespace {

using modules::PontoonsData;
using modules::PontoonsModule;

struct River {
  explicit River(PontoonsData data = {}, RulesConfig cfg = rules_1977()) {
    auto m = std::make_unique<PontoonsModule>(std::move(data));
    pontoons = m.get();
    mod = std::make_unique<ModBox>(module_list(std::move(m)), cfg);
    for (int c = 1; c <= 12; ++c) {
      const std::string h = (c < 10 ? "0" : "") + std::to_string(c) + "06";
      box().terrain(h, Terrain::River);
    }
  }
  Sandbox& box() { return mod->box; }
  bool bridged(const std::string& h) { return pontoons->bridge(box().state(), box().hex(h)); }
  const PontoonsModule* pontoons = nullptr;
  std::unique_ptr<ModBox> mod;
};

PontoonsData bridge_at(const std::string& h, Side s = Side::Union) {
  PontoonsData d;
  d.emplaced.push_back(modules::PontoonSetup{hex_of(h), s});
  return d;
}

Action attack_on(Sandbox& b, std::initializer_list<std::string> units, const std::string& h) {
  Action a;
  a.kind = ActionKind::Attack;
  for (const auto& u : units) a.units.push_back(b.id(u));
  a.hexes.push_back(b.hex(h));
  return a;
}

TEST(R_FR_PONTOON, AnEmplacedPontoonIsCrossedForOneMovementPoint) {
  River r(bridge_at("0506"));
  r.box().inf("U", Side::Union, 3, "0505");
  r.box().inf("V", Side::Union, 3, "0405");
  auto rep = r.box().move("U", {"0506", "0507"});
  ASSERT_TRUE(rep.ok()) << rep.error().message;
  EXPECT_EQ(rep->mp, 2);
  // Elsewhere the river is impassable (5.24).
  EXPECT_REFUSED(r.box(), r.box().move("V", {"0406", "0407"}), "5.24");
}

TEST(R_FR_PONTOON, NoUnitEndsItsMoveOnThePontoon) {
  River r(bridge_at("0506"));
  r.box().inf("U", Side::Union, 3, "0505");
  EXPECT_REFUSED(r.box(), r.box().move("U", {"0506"}), "5.24");
  const auto reach = r.box().reach("U");
  EXPECT_EQ(reach.count("0506"), 0u);
  ASSERT_EQ(reach.count("0507"), 1u);
  EXPECT_EQ(reach.at("0507"), 2);
}

TEST(R_FR_FORD, AFordIsAPassableRiverHexAtOneMovementPointMore) {
  PontoonsData d;
  d.fords.push_back(hex_of("0806"));
  River r(d);
  r.box().inf("U", Side::Union, 3, "0805");
  auto rep = r.box().move("U", {"0806", "0807"});
  ASSERT_TRUE(rep.ok()) << rep.error().message;
  EXPECT_EQ(rep->mp, 3);  // 2 for the ford hex, 1 for the clear bank
}

TEST(R_FR_PONTOON, AnEnemyUnitEnteringThePontoonHexDestroysIt) {
  River r(bridge_at("0506", Side::Union));
  r.box().inf("C", Side::Confederate, 3, "0507");
  r.box().inf("U", Side::Union, 3, "0102");
  r.box().advance_to(Side::Confederate, Phase::Movement);
  ASSERT_TRUE(r.bridged("0506"));
  ASSERT_TRUE(r.box().move("C", {"0506", "0505"}).ok());
  EXPECT_FALSE(r.bridged("0506"));
}

TEST(R_FR_PONTOON, TheEnemyEntryEliminatesThePontoonUnitWithItsBridge) {
  River r;
  special_unit(r.box(), "P", Side::Union, "pontoon", "0305");
  r.box().inf("C", Side::Confederate, 3, "0307");
  ASSERT_TRUE(r.mod->apply(r.mod->decide("emplace", "P", 306)).ok());
  r.box().advance_to(Side::Confederate, Phase::Movement);
  ASSERT_TRUE(r.bridged("0306"));
  const int vp = r.box().state().vp[1];
  ASSERT_TRUE(r.box().move("C", {"0306", "0405"}).ok());
  EXPECT_FALSE(r.bridged("0306"));
  EXPECT_EQ(r.box().where("P"), "eliminated");
  EXPECT_EQ(r.box().state().vp[1], vp + 1);
}

TEST(R_FR_PONTOON, APontoonUnitThatSpendsAPlayerTurnOnTheBankEmplaces) {
  River r;
  special_unit(r.box(), "P", Side::Union, "pontoon", "0305");
  r.box().inf("U", Side::Union, 3, "0304");
  r.box().inf("C", Side::Confederate, 3, "1111");
  ASSERT_TRUE(r.mod->apply(r.mod->decide("emplace", "P", 306)).ok());
  EXPECT_FALSE(r.bridged("0306"));  // not before the player-turn ends
  EXPECT_REFUSED(r.box(), r.box().move("U", {"0305", "0306", "0307"}), "5.24");
  r.box().advance_to(Side::Confederate, Phase::Movement);
  EXPECT_TRUE(r.bridged("0306"));
  r.box().advance_to(Side::Union, Phase::Movement);
  ASSERT_TRUE(r.box().move("U", {"0305", "0306", "0307"}).ok());
  // The pontoon unit that leaves its bank takes the bridge up.
  ASSERT_TRUE(r.box().move("P", {"0304"}).ok());
  EXPECT_FALSE(r.bridged("0306"));
}

TEST(R_FR_PONTOON, EmplacingIsRefusedToAMovedUnitAwayFromTheRiverOrToOtherUnits) {
  River r;
  special_unit(r.box(), "P", Side::Union, "pontoon", "0304");
  special_unit(r.box(), "Q", Side::Union, "pontoon", "0705");
  r.box().inf("U", Side::Union, 3, "0505");
  EXPECT_REFUSED(r.box(), r.mod->apply(r.mod->decide("emplace", "P", 306)), "R-FR-PONTOON");
  EXPECT_REFUSED(r.box(), r.mod->apply(r.mod->decide("emplace", "U", 506)), "R-FR-PONTOON");
  ASSERT_TRUE(r.box().move("Q", {"0805"}).ok());
  EXPECT_REFUSED(r.box(), r.mod->apply(r.mod->decide("emplace", "Q", 806)), "R-FR-PONTOON");
}

TEST(R_FR_PONTOON, AnOrderLapsesIfThePontoonMovesBeforeThePlayerTurnEnds) {
  River r;
  special_unit(r.box(), "P", Side::Union, "pontoon", "0305");
  r.box().inf("C", Side::Confederate, 3, "1111");
  ASSERT_TRUE(r.mod->apply(r.mod->decide("emplace", "P", 306)).ok());
  ASSERT_TRUE(r.box().move("P", {"0405"}).ok());
  r.box().advance_to(Side::Confederate, Phase::Movement);
  EXPECT_FALSE(r.bridged("0306"));
}

// Union infantry with a boat on the north bank; a Confederate unit controls
// the south bank hex 0907.
struct Boats : River {
  Boats() {
    special_unit(box(), "B", Side::Union, "boats", "0905");
    box().inf("U", Side::Union, 4, "0905");
    box().inf("V", Side::Union, 4, "1005");
    box().inf("C", Side::Confederate, 2, "0908");
  }
};

TEST(R_FR_BOAT, AUnitCrossesByBoatIntoAnEnemyControlledBankHexAndTheDefenderIsDoubled) {
  Boats b;
  ASSERT_TRUE(b.mod->apply(b.mod->decide("boat", "U", 907)).ok());
  EXPECT_EQ(b.box().where("U"), "0907");
  b.box().advance_to(Side::Union, Phase::Combat);
  auto plan = b.box().game().preview_attack(attack_on(b.box(), {"U"}, "0908"));
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->defence_detail[0].multiplier, 2);
  EXPECT_EQ(plan->defence, 4);
}

TEST(R_FR_BOAT, OneUnitPerBoatPerTurnAndOnlyIntoEnemyControlledHexes) {
  Boats b;
  // 0807 is not controlled by C (two hexes away): a boat lands only under fire.
  EXPECT_REFUSED(b.box(), b.mod->apply(b.mod->decide("boat", "U", 807)), "R-FR-BOAT");
  ASSERT_TRUE(b.mod->apply(b.mod->decide("boat", "U", 907)).ok());
  // The boat is brought to V, which has not moved: it has carried its unit.
  ASSERT_TRUE(b.box().move("B", {"1005"}).ok());
  EXPECT_REFUSED(b.box(), b.mod->apply(b.mod->decide("boat", "V", 1007)), "R-FR-BOAT");
  // U has crossed once and moved: it crosses no more this turn.
  EXPECT_REFUSED(b.box(), b.mod->apply(b.mod->decide("boat", "U", 1005)), "5.17");
}

TEST(R_FR_STACKING, ABoatLandingCountsOnlyTheUnitsThatStack) {
  // DG: the bank hex holds one combat unit and a headquarters that stacks
  // freely; the unit landing by boat is the second that stacks, not the third.
  River r({}, rules_dg());
  special_unit(r.box(), "B", Side::Union, "boats", "0905");
  r.box().inf("U", Side::Union, 4, "0905");
  r.box().inf("F", Side::Union, 2, "0907");
  auto hq = std::make_shared<UnitDef>();
  hq->id = "H";
  hq->side = Side::Union;
  hq->type = UnitType::Special;
  hq->kind = "hq";
  hq->strength = 0;
  hq->defense = 0;
  hq->can_attack = false;
  hq->exerts_zoc = false;
  hq->free_stacking = true;
  Action place;
  place.kind = ActionKind::PlaceUnit;
  place.hex = r.box().hex("0907");
  place.def = hq;
  ASSERT_TRUE(r.box().game().apply(place).ok());
  r.box().inf("C", Side::Confederate, 2, "0908");
  EXPECT_TRUE(r.mod->apply(r.mod->decide("boat", "U", 907)).ok());
  EXPECT_EQ(r.box().where("U"), "0907");
  // A third unit that stacks is still refused (DG 6.0's two units).
  r.box().inf("V", Side::Union, 2, "1005");
  special_unit(r.box(), "B2", Side::Union, "boats", "1005");
  EXPECT_REFUSED(r.box(), r.mod->apply(r.mod->decide("boat", "V", 907)), "6.0");
}

// 1977 (5.32) lets a stack be over the limit until the phase ends, but a
// boat lands in an enemy-controlled hex whose units may not leave it: a third
// unit landed there could never be thinned out, so it is refused.
TEST(R_FR_BOAT, UnderThe1977RulesNoLandingMakesAnOverstackThatCannotBeUndone) {
  River r({}, rules_1977());
  special_unit(r.box(), "B", Side::Union, "boats", "0905");
  r.box().inf("U", Side::Union, 4, "0905");
  r.box().inf("F1", Side::Union, 2, "0907");
  r.box().inf("F2", Side::Union, 2, "0907");
  r.box().inf("C", Side::Confederate, 2, "0908");
  EXPECT_REFUSED(r.box(), r.mod->apply(r.mod->decide("boat", "U", 907)), "5.32");
  EXPECT_EQ(r.box().where("U"), "0905");
}

TEST(R_FR_BOAT, TheBoatIsFreeAgainNextTurnButNeverAtNight) {
  RulesConfig cfg = rules_1977();
  cfg.night.set(2);
  River r({}, cfg);
  special_unit(r.box(), "B", Side::Union, "boats", "0905");
  r.box().inf("U", Side::Union, 4, "0905");
  r.box().inf("C", Side::Confederate, 2, "0908");
  to_turn(r.box(), 2, Side::Union);
  EXPECT_REFUSED(r.box(), r.mod->apply(r.mod->decide("boat", "U", 907)), "10.2");
  to_turn(r.box(), 3, Side::Union);
  EXPECT_TRUE(r.mod->apply(r.mod->decide("boat", "U", 907)).ok());
}

TEST(R_FR_PONTOON, ARandomLegalGameRunsToTheEnd) {
  int decisions = 0, crossings = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    RulesConfig cfg = rules_1977();
    cfg.turns = 6;
    cfg.seed = seed;
    PontoonsData d = bridge_at("0506");
    d.fords.push_back(hex_of("1006"));
    River r(d, cfg);
    special_unit(r.box(), "P", Side::Union, "pontoon", "0305");
    special_unit(r.box(), "B", Side::Union, "boats", "0805");
    special_unit(r.box(), "Q", Side::Confederate, "pontoon", "0807");
    r.box().inf("U1", Side::Union, 4, "0805");
    r.box().inf("U2", Side::Union, 3, "0405");
    r.box().inf("U3", Side::Union, 2, "0202");
    r.box().inf("C1", Side::Confederate, 4, "0808");
    r.box().inf("C2", Side::Confederate, 3, "0508");
    r.box().inf("C3", Side::Confederate, 2, "1010");
    const std::string e = play_random(r.box().game(), seed, decisions);
    ASSERT_EQ(e, "") << "seed " << seed;
    for (const LogEntry& l : r.box().game().log())
      for (HexId h : l.action.path) crossings += r.box().game().map().terrain(h) == Terrain::River;
  }
  EXPECT_GT(decisions, 0);
  EXPECT_GT(crossings, 0);  // units did cross by pontoon or ford
}

}  // namespace
}  // namespace bg::test
