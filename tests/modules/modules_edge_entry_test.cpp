// The "edge-entry" module (Four Roads rule 5; ruling
// R-FR5-CLOCKWISE), alone on a 12 x 12 sandbox.
#include <gtest/gtest.h>

#include "modules/edge_entry.h"
#include "modules_fixture.h"

namespace bg::test {
namespace {

using modules::EdgeEntryModule;

struct Edge {
  explicit Edge(RulesConfig cfg = rules_1977()) {
    mod = std::make_unique<ModBox>(module_list(std::make_unique<EdgeEntryModule>()), cfg);
  }
  Sandbox& box() { return mod->box; }
  std::vector<std::string> options(const std::string& u) {
    std::vector<std::string> out;
    for (HexId h : box().game().entry_options(box().id(u))) out.push_back(box().name(h));
    return out;
  }
  std::unique_ptr<ModBox> mod;
};

TEST(FR_5_Reinforcements, TheyEnterOnTheirPlayerTurnOrAnyLaterOne) {
  Edge e;
  e.box().reinforce("R", Side::Union, UnitType::Infantry, 3, 2, {"0501"});
  e.box().inf("C", Side::Confederate, 2, "1111");
  EXPECT_REFUSED(e.box(), e.box().enter("R", {"0501"}), "FR 5");
  to_turn(e.box(), 3, Side::Union);  // a turn late: still allowed
  EXPECT_TRUE(e.box().enter("R", {"0501"}).ok());
}

TEST(R_FR5_CLOCKWISE, BlockedByAnEnemyUnitTheyEnterAtTheNextUnblockedEdgeHexClockwise) {
  Edge e;
  e.box().reinforce("R", Side::Union, UnitType::Infantry, 3, 1, {"0501"});
  e.box().inf("C", Side::Confederate, 2, "0501");
  e.box().inf("D", Side::Confederate, 2, "0601");
  EXPECT_EQ(e.options("R"), std::vector<std::string>{"0701"});
  EXPECT_REFUSED(e.box(), e.box().enter("R", {"0501"}), "FR 5");
  EXPECT_TRUE(e.box().enter("R", {"0701"}).ok());
}

TEST(FR_5_Reinforcements, AnEnemyZoneOfControlAloneDoesNotBlockTheEntryHex) {
  Edge e;
  e.box().reinforce("R", Side::Union, UnitType::Infantry, 3, 1, {"0501"});
  e.box().inf("C", Side::Confederate, 2, "0502");
  EXPECT_EQ(e.options("R"), std::vector<std::string>{"0501"});
}

TEST(R_FR5_CLOCKWISE, ClockwiseTurnsTheCornerDownTheEastEdge) {
  Edge e;
  e.box().reinforce("R", Side::Union, UnitType::Infantry, 3, 1, {"1201"});
  e.box().inf("C", Side::Confederate, 2, "1201");
  EXPECT_EQ(e.options("R"), std::vector<std::string>{"1202"});
}

TEST(FR_5_Reinforcements, TheEntryHexCountsAgainstTheAllowance) {
  Edge e;
  e.box().reinforce("R", Side::Union, UnitType::Infantry, 3, 1, {"0501"});
  e.box().inf("C", Side::Confederate, 2, "1111");
  Reach reach;
  auto cost = e.box().game().entry_reach(e.box().id("R"), e.box().hex("0501"), reach);
  ASSERT_TRUE(cost.ok());
  EXPECT_EQ(*cost, 1);
  EXPECT_FALSE(reach.contains(e.box().hex("0507")));  // six hexes on: seven MP
  EXPECT_TRUE(reach.contains(e.box().hex("0506")));
  auto r = e.box().enter("R", {"0501", "0502", "0503", "0504", "0505", "0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 6);
}

TEST(FR_5_Reinforcements, ARandomLegalGameRunsToTheEnd) {
  int entered = 0, decisions = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    RulesConfig cfg = rules_1977();
    cfg.turns = 6;
    cfg.seed = seed;
    Edge e(cfg);
    e.box().inf("U1", Side::Union, 4, "0503");
    e.box().inf("C1", Side::Confederate, 4, "0601");
    e.box().inf("C2", Side::Confederate, 3, "0701");
    e.box().reinforce("R1", Side::Union, UnitType::Infantry, 3, 2, {"0601"});
    e.box().reinforce("R2", Side::Union, UnitType::Cavalry, 2, 3, {"0601", "0101"});
    e.box().reinforce("S1", Side::Confederate, UnitType::Infantry, 3, 2, {"0612"});
    const std::string err = play_random(e.box().game(), seed, decisions);
    ASSERT_EQ(err, "") << "seed " << seed;
    for (int u = 0; u < e.box().state().pos.count; ++u)
      entered += e.box().state().pos.units[u].has(kEverEntered) &&
                 e.box().game().roster()[static_cast<size_t>(u)].arrival_turn > 0;
  }
  EXPECT_GT(entered, 0);
}

}  // namespace
}  // namespace bg::test
