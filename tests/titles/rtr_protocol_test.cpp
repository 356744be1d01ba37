// Road to Richmond through the engine protocol: the new command, the secret
// written choice and the views of each side, the victory report, reinforcement
// reach, and a save that replays exactly.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "protocol/text_view.h"
#include "temp_dir.h"

namespace bg::test {
namespace {

using protocol::EngineSession;
using protocol::Json;

Json ok(EngineSession& s, const std::string& line) {
  Json r = s.handle(line);
  EXPECT_TRUE(r.value("ok", false)) << line << " -> " << protocol::dump_line(r);
  return r;
}

const Json* unit(const Json& state, const std::string& id) {
  for (const Json& u : state["units"])
    if (u["id"] == id) return &u;
  return nullptr;
}

TEST(RtrProtocol, NewSetsUpTheRealGame) {
  EngineSession s;
  const Json made = ok(s, "new road-to-richmond exclusive=revised seed=5");
  EXPECT_EQ(made["new"]["exclusive"], "revised");
  const Json st = ok(s, "state");
  EXPECT_EQ(st["scenario"], "road-to-richmond");
  EXPECT_EQ(st["exclusive"], "revised");
  EXPECT_EQ(st["phasing"], "confederate");
  EXPECT_EQ(st["turns"], 20);
  EXPECT_EQ(st["ccz_open"], false);
  // The revised rules make the 1977 tournament options standard.
  for (const char* o :
       {"advance-restrictions", "siege-train", "variable-reinforcements", "additional-vp"})
    EXPECT_NE(std::find(st["options"].begin(), st["options"].end(), o), st["options"].end()) << o;
  ASSERT_NE(unit(st, "1/3/V"), nullptr);
  EXPECT_EQ((*unit(st, "1/3/V"))["hex"], "1007");
  EXPECT_EQ((*unit(st, "Pickett"))["status"], "off-map");
  EXPECT_EQ((*unit(st, "Pickett"))["arrival"], 1);
  // Set-up commands are the sandbox's only.
  const Json r = s.handle("unit X union inf 3 0505");
  EXPECT_FALSE(r["ok"].get<bool>());
  EXPECT_EQ(r["rule"], "3.0");
}

TEST(RtrProtocol, TheWrittenChoiceIsHiddenFromTheUnionView) {
  EngineSession s;
  ok(s, "new road-to-richmond exclusive=1977 options=variable-reinforcements");
  ok(s, "defer Pickett 15");
  ok(s, "defer Wilcox 18");
  const Json all = ok(s, "state");
  EXPECT_EQ((*unit(all, "Pickett"))["arrival"], 15);
  EXPECT_EQ((*unit(all, "Pickett"))["entry"], Json::parse(R"(["0117"])"));
  const Json conf = ok(s, "state confederate");
  EXPECT_EQ((*unit(conf, "Wilcox"))["arrival"], 18);
  EXPECT_EQ((*unit(conf, "Wilcox"))["entry"].size(), 3u);
  const Json uni = ok(s, "state union");
  EXPECT_EQ((*unit(uni, "Pickett"))["arrival"], 1);
  EXPECT_EQ((*unit(uni, "Pickett"))["entry"], Json::parse(R"(["0103"])"));
  EXPECT_EQ((*unit(uni, "Wilcox"))["arrival"], 1);
  // Nothing else in the Union's view gives it away: as many units arrive on
  // Game-Turn 15 (by 0117) and 18 as the chart prints.
  auto count = [](const Json& st, int turn) {
    int n = 0;
    for (const Json& u : st["units"]) n += u.value("arrival", 0) == turn;
    return n;
  };
  EXPECT_EQ(count(uni, 15), 11);
  EXPECT_EQ(count(uni, 18), 3);
  EXPECT_EQ(count(conf, 15), 12);
  EXPECT_EQ(count(conf, 18), 4);
  const Json late = s.handle("defer Winder 15");
  EXPECT_FALSE(late["ok"].get<bool>());
  EXPECT_EQ(late["rule"], "22.31");
}

TEST(RtrProtocol, VictoryReportsTheScheduleLines) {
  EngineSession s;
  ok(s, "new road-to-richmond");
  const Json v = ok(s, "victory");
  EXPECT_EQ(v["union"], 0);
  EXPECT_EQ(v["confederate"], 0);
  EXPECT_EQ(v["final"], false);
  // As things stand the Train has not entered: twenty points at the end (21.12 6).
  EXPECT_EQ(v["projected"]["confederate"], 20);
  bool loc = false, train = false;
  for (const Json& l : v["lines"]) {
    loc = loc || (l["rule"] == "21.21" && l["at_end"] == true);
    train = train || (l["rule"] == "21.12" && l["points"] == 20);
  }
  EXPECT_TRUE(loc);
  EXPECT_TRUE(train);
}

TEST(RtrProtocol, ReachOfAReinforcementListsEachOpenEntryHex) {
  EngineSession s;
  ok(s, "new road-to-richmond");
  const Json r = ok(s, "reach Rodes");
  ASSERT_TRUE(r["entries"].contains("0103"));
  EXPECT_EQ(r["entries"]["0103"]["0103"], 1);  // the first pair pays one MP to enter
  int best = 0;
  for (const auto& [hex, mp] : r["entries"]["0103"].items()) best = std::max(best, mp.get<int>());
  EXPECT_EQ(best, 12);  // 15.22: twelve on Game-Turn One
  const Json later = s.handle("reach Winder");
  EXPECT_FALSE(later["ok"].get<bool>());
  EXPECT_EQ(later["rule"], "15.0");
}

TEST(RtrProtocol, PlayShowsReinforcementReachAndTheVictoryReport) {
  EngineSession s;
  ok(s, "new road-to-richmond");
  const std::string reach = protocol::render_text("reach Rodes", ok(s, "reach Rodes"));
  EXPECT_EQ(reach.rfind("Entering by 0103: 0103 (1)", 0), 0u) << reach;
  const std::string v = protocol::render_text("victory", ok(s, "victory"));
  EXPECT_NE(v.find("if the game ended now: Union 0, Confederate 20"), std::string::npos) << v;
  EXPECT_NE(v.find("the Union Train never entered the map [21.12] (at the end)"), std::string::npos)
      << v;
}

TEST(RtrProtocol, ASavedGameReplaysExactly) {
  const auto dir = bg::test::fresh_temp_dir("bluegray-rtr-protocol");
  const std::string file = (dir / "rtr.json").string();
  EngineSession a;
  ok(a, "new road-to-richmond exclusive=revised seed=11");
  ok(a, "defer Pickett 18");
  ok(a, "enter Rodes 0103 0203 0304 0404");
  ok(a, "enter Garland 0103 0202 0302");
  ok(a, "save " + file);
  EngineSession b;
  ok(b, "load " + file);
  EXPECT_EQ(b.game()->state(), a.game()->state());
  EXPECT_EQ(ok(b, "state")["units"], ok(a, "state")["units"]);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bg::test
