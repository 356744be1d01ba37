// A match's player settings ("ai-normal@replies=12", ai/player_settings.h):
// what they change, what they refuse, and that the server never takes them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/player_settings.h"
#include "rtr_fixture.h"
#include "temp_dir.h"

namespace bg::test {
namespace {

Game rtr_game() {
  auto g = titles::rtr::make_road_to_richmond(rtr_1977());
  EXPECT_TRUE(g.ok());
  return std::move(*g);
}

TEST(PlayerSettings, ASpecIsTakenApartIntoBasePostureAndSettings) {
  const ai::PlayerSpec full = ai::parse_player_spec("ai-normal:stand@replies=12,nodes=5");
  EXPECT_EQ(full.base, "ai-normal");
  EXPECT_EQ(full.posture, "stand");
  EXPECT_EQ(full.settings, "replies=12,nodes=5");
  EXPECT_TRUE(full.has_posture);
  EXPECT_TRUE(full.has_settings);
  const ai::PlayerSpec bare = ai::parse_player_spec("greedy");
  EXPECT_EQ(bare.base, "greedy");
  EXPECT_FALSE(bare.has_posture);
  EXPECT_FALSE(bare.has_settings);
  // An empty part after ':' or '@' is still said to be there.
  const ai::PlayerSpec empty = ai::parse_player_spec("ai-hard:@");
  EXPECT_EQ(empty.base, "ai-hard");
  EXPECT_TRUE(empty.has_posture && empty.posture.empty());
  EXPECT_TRUE(empty.has_settings && empty.settings.empty());
  // A ':' after '@' belongs to the settings.
  const ai::PlayerSpec late = ai::parse_player_spec("ai-easy@x=a:b");
  EXPECT_FALSE(late.has_posture);
  EXPECT_EQ(late.settings, "x=a:b");
}

TEST(PlayerSettings, EachKeySetsItsField) {
  ai::AiConfig c;
  ASSERT_EQ(ai::apply_settings("nodes=500,candidates=6,population=16,replies=12,reply-nodes=400,"
                               "reply-weight=0.5,anytime=0,"
                               "attack-planning=best-first,combat-look=3,title-weights=0,"
                               "zone-timing=1,time-cap=1.5",
                               c),
            "");
  EXPECT_EQ(c.node_budget, 500);
  EXPECT_EQ(c.candidates, 6);
  EXPECT_EQ(c.population, 16);
  EXPECT_EQ(c.replies, 12);
  EXPECT_EQ(c.reply_nodes, 400);
  EXPECT_DOUBLE_EQ(c.reply_weight, 0.5);
  EXPECT_EQ(c.anytime, 0);
  EXPECT_EQ(c.attack_planning, ai::AttackPlanning::BestFirst);
  EXPECT_EQ(c.combat_look, 3);
  EXPECT_EQ(c.title_weights, 0);
  EXPECT_EQ(c.zone_timing, 1);
  EXPECT_DOUBLE_EQ(c.time_cap_s, 1.5);
}

// A bad setting says which and what it takes, and changes nothing, not even
// the good settings before it.
TEST(PlayerSettings, ABadSettingIsRefusedAndChangesNothing) {
  const ai::AiConfig before;
  for (const char* bad : {"",
                          "replies",
                          "=3",
                          "replies=",
                          "replies=65",
                          "replies=-1",
                          "replies=3x",
                          "nodes=0",
                          "nodes=2000000",
                          "reply-weight=nan",
                          "reply-weight=11",
                          "attack-planning=best",
                          "colour=blue",
                          "nodes=10,,replies=2",
                          "nodes=10,replies=99",
                          "reply-as-self=1",
                          "reply-samples=3",
                          "reply-worst=1",
                          "attack-planning=best-first-owed",
                          "candidates=0",
                          "candidates=33",
                          "combat-look=9",
                          "combat-look=-1",
                          "title-weights=2",
                          "zone-timing=2"}) {
    ai::AiConfig c;
    const std::string why = ai::apply_settings(bad, c);
    EXPECT_FALSE(why.empty()) << bad;
    EXPECT_EQ(c.node_budget, before.node_budget) << bad;
    EXPECT_EQ(c.replies, before.replies) << bad;
    EXPECT_EQ(c.candidates, before.candidates) << bad;
  }
  ai::AiConfig c;
  EXPECT_NE(ai::apply_settings("replies=65", c).find("0 to 64"), std::string::npos);
  EXPECT_NE(ai::apply_settings("colour=blue", c).find("reply-nodes"), std::string::npos);
  // Twice ai-normal's 16 destinations, so a wider screen stays one setting away.
  EXPECT_EQ(ai::apply_settings("candidates=32", c), "");
  EXPECT_EQ(c.candidates, 32);
}

TEST(PlayerSettings, OnlyTheLevelsTakeSettingsAndOnlyInAMatch) {
  EXPECT_EQ(ai::match_player_error("ai-normal@replies=12"), "");
  EXPECT_EQ(ai::match_player_error("ai-easy:stand@nodes=20"), "");
  EXPECT_EQ(ai::match_player_error("ai-hard"), "");
  EXPECT_NE(ai::match_player_error("ref-2026@replies=12").find("frozen"), std::string::npos);
  EXPECT_NE(ai::match_player_error("greedy@nodes=5"), "");
  EXPECT_NE(ai::match_player_error("random@nodes=5"), "");
  EXPECT_NE(ai::match_player_error("ai-normal@"), "");
  EXPECT_NE(ai::match_player_error("ai-normal@replies=100"), "");
  EXPECT_NE(ai::match_player_error("nobody@nodes=5"), "");
  // The server's check: a person's game is always one of the levels.
  EXPECT_FALSE(ai::valid_player_spec("ai-normal@replies=12"));
  EXPECT_FALSE(ai::valid_player_spec("ai-normal:stand@replies=12"));
}

// The settings reach the player: its budget is the one the spec names, and
// it is named by the whole spec in reports.
TEST(PlayerSettings, APlayerPlaysWithItsSettings) {
  Game g = rtr_game();
  auto p = ai::make_player("ai-easy@nodes=25,replies=0", 3, 0);
  EXPECT_EQ(p->name(), "ai-easy@nodes=25,replies=0");
  auto* ai = dynamic_cast<ai::AiPlayer*>(p.get());
  ASSERT_NE(ai, nullptr);
  ai->choose(g);  // the Confederate's first Movement Phase
  EXPECT_LE(ai->last_nodes(), 25);
  EXPECT_GE(ai->last_nodes(), 10);
  // Without settings, the level's own budget (150 for ai-easy).
  auto q = ai::make_player("ai-easy", 3, 0);
  auto* plain = dynamic_cast<ai::AiPlayer*>(q.get());
  plain->choose(g);
  EXPECT_GT(plain->last_nodes(), 25);
}

// `bluegray tournament` plays a player with settings and names it so in the
// results; a bad setting stops it before any game, saying why.
TEST(PlayerSettings, TheTournamentCommandTakesThemAndRefusesBadOnes) {
  const std::string out = bg::test::fresh_temp_dir("bluegray_settings_cmd").string();
  const std::string cmd = std::string(BLUEGRAY_BINARY) +
                          " tournament --union ai-easy@nodes=20 --confederate greedy --games 1"
                          " --seed 7 --quiet --out " +
                          out + " > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::ifstream in(out + "/results.csv");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find(",ai-easy@nodes=20,greedy,"), std::string::npos) << text.str();
  const std::string err = out + "/err.txt";
  const std::string bad = std::string(BLUEGRAY_BINARY) +
                          " tournament --union ref-2026@nodes=20 --games 1 --quiet --out " + out +
                          "/bad > /dev/null 2> " + err;
  EXPECT_NE(std::system(bad.c_str()), 0);
  std::ifstream e(err);
  std::stringstream why;
  why << e.rdbuf();
  EXPECT_NE(why.str().find("frozen"), std::string::npos) << why.str();
}

}  // namespace
}  // namespace bg::test
