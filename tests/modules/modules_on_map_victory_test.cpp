// The "on-map-victory" module (Four Roads rule 2; ruling
// R-FR2-FACTORS), alone and with exits, on sandbox maps.
#include <gtest/gtest.h>

#include "modules/edge_entry.h"
#include "modules/exits.h"
#include "modules/forts.h"
#include "modules/on_map_victory.h"
#include "modules/pontoons.h"
#include "modules_fixture.h"

namespace bg::test {
namespace {

using modules::OnMapVictoryModule;

const VpLine* line(const VictoryReport& r, Side s, const std::string& rule) {
  for (const VpLine& l : r.lines)
    if (l.side == s && l.rule == rule) return &l;
  return nullptr;
}

TEST(FR_2_Victory, AtTheEndEachSideScoresItsCombatFactorsOnTheMapAtItsRate) {
  RulesConfig cfg = rules_1977();
  cfg.turns = 1;
  ModBox m(module_list(std::make_unique<OnMapVictoryModule>(std::array<int, 2>{1, 3})), cfg);
  m.box.inf("U1", Side::Union, 4, "0202");
  m.box.inf("U2", Side::Union, 2, "0203");
  m.box.inf("C", Side::Confederate, 3, "1010");
  VictoryReport before = m.game().victory();
  ASSERT_NE(line(before, Side::Union, "FR 2"), nullptr);
  EXPECT_TRUE(line(before, Side::Union, "FR 2")->at_end);
  EXPECT_EQ(before.total[0], 0);  // not yet scored
  EXPECT_EQ(before.projected[0], 6);
  EXPECT_EQ(before.projected[1], 9);
  for (int i = 0; i < 4 && !m.game().over(); ++i) ASSERT_TRUE(m.box.end().ok());
  ASSERT_TRUE(m.game().over());
  const VictoryReport end = m.game().victory();
  EXPECT_TRUE(end.final);
  EXPECT_EQ(end.total[0], 6);
  EXPECT_EQ(end.total[1], 9);
  ASSERT_TRUE(end.winner.has_value());
  EXPECT_EQ(*end.winner, Side::Confederate);
}

TEST(R_FR2_FACTORS, SpecialUnitsHaveNoCombatFactors) {
  ModBox m(module_list(std::make_unique<OnMapVictoryModule>(std::array<int, 2>{1, 3})));
  m.box.inf("U", Side::Union, 4, "0202");
  special_unit(m.box, "P", Side::Union, "pontoon", "0303");
  EXPECT_EQ(OnMapVictoryModule::factors_on_map(m.game().context(), m.game().state(), Side::Union),
            4);
}

TEST(FR_2_Victory, ExitPointsAreScoredDuringPlayBesideTheFactorsOnTheMap) {
  modules::ExitsData d;
  d.sides[1].scoring.push_back({hex_of("0301"), 5});
  RulesConfig cfg = rules_1977();
  cfg.turns = 1;
  ModBox m(module_list(std::make_unique<modules::ExitsModule>(d),
                       std::make_unique<OnMapVictoryModule>(std::array<int, 2>{1, 3})),
           cfg);
  m.box.inf("U", Side::Union, 2, "1010");
  m.box.inf("C", Side::Confederate, 2, "0302");
  m.box.inf("D", Side::Confederate, 1, "0808");
  m.box.advance_to(Side::Confederate, Phase::Movement);
  Action a;
  a.kind = ActionKind::Move;
  a.unit = m.box.id("C");
  a.exit_map = true;
  a.path.push_back(m.box.hex("0301"));
  ASSERT_TRUE(m.apply(a).ok());
  const VictoryReport r = m.game().victory();
  EXPECT_EQ(r.total[1], 10);          // exits count at once
  EXPECT_EQ(r.projected[1], 10 + 3);  // D's one factor at 3 at the end
  ASSERT_TRUE(m.box.end().ok());
  ASSERT_TRUE(m.box.end().ok());
  ASSERT_TRUE(m.game().over());
  EXPECT_EQ(m.game().victory().total[1], 13);
  EXPECT_EQ(m.game().victory().total[0], 2);
}

// Every terrain module together on one map: a river along row 06 with a
// pontoon and a ford, forts, boats, exits and edge entries.
TEST(FR_2_Victory, ARandomLegalGameWithEveryTerrainModuleRunsToTheEnd) {
  int decisions = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    RulesConfig cfg = seed % 2 ? rules_1977() : rules_dg();  // both editions
    cfg.turns = 8;
    cfg.night.set(3);
    cfg.night.set(4);
    cfg.seed = seed;
    modules::PontoonsData pd;
    pd.emplaced.push_back({hex_of("0606"), Side::Union});
    pd.fords.push_back(hex_of("1006"));
    auto pontoons = std::make_unique<modules::PontoonsModule>(pd);
    modules::ExitsData ed;
    ed.sides[0].scoring.push_back({hex_of("0612"), 4});
    ed.sides[0].free_edge = modules::Edge::South;
    modules::RouteLeg leg;
    leg.kind = modules::RouteLeg::Kind::AcrossPontoon;
    ed.sides[0].route.push_back(leg);
    ed.sides[1].scoring.push_back({hex_of("0301"), 5});
    ed.sides[1].free_edge = modules::Edge::North;
    auto exits = std::make_unique<modules::ExitsModule>(ed, pontoons.get());
    ModBox m(module_list(std::make_unique<modules::FortsModule>(std::vector<HexId>{hex_of("0808")}),
                         std::move(pontoons), std::move(exits),
                         std::make_unique<modules::EdgeEntryModule>(),
                         std::make_unique<OnMapVictoryModule>(std::array<int, 2>{1, 3})),
             cfg);
    for (int c = 1; c <= 12; ++c)
      if (c != 6 && c != 10)
        m.box.terrain((c < 10 ? "0" : "") + std::to_string(c) + "06", Terrain::River);
    m.box.terrain("0606", Terrain::River);
    m.box.terrain("1006", Terrain::River);
    special_unit(m.box, "P", Side::Union, "pontoon", "0305");
    special_unit(m.box, "B", Side::Union, "boats", "0805");
    m.box.inf("U1", Side::Union, 4, "0805");
    m.box.inf("U2", Side::Union, 3, "0504");
    m.box.inf("U3", Side::Union, 2, "0203");
    m.box.inf("C1", Side::Confederate, 4, "0808");
    m.box.inf("C2", Side::Confederate, 3, "0509");
    m.box.inf("C3", Side::Confederate, 2, "1010");
    m.box.reinforce("R1", Side::Union, UnitType::Infantry, 3, 2, {"0601"});
    m.box.reinforce("S1", Side::Confederate, UnitType::Infantry, 3, 2, {"0612"});
    const std::string e = play_random(m.game(), seed, decisions);
    ASSERT_EQ(e, "") << "seed " << seed;
    EXPECT_TRUE(m.game().victory().final);
  }
  EXPECT_GT(decisions, 0);
}

}  // namespace
}  // namespace bg::test
