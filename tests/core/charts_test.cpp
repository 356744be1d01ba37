// The charts at hand (protocol `charts`, core/charts.h): the Combat Results
// Table and the Terrain Effects Chart as the engine plays them, per edition
// and per title, and in agreement with what a move and an attack really get.
#include <gtest/gtest.h>

#include <string>

#include "core/crt.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"

namespace bg::test {
namespace {

using protocol::EngineSession;
using protocol::Json;

Json ok(EngineSession& s, const std::string& line) {
  Json r = s.handle(line);
  EXPECT_TRUE(r.value("ok", false)) << line << " -> " << protocol::dump_line(r);
  return r;
}

// The cost of entering `terrain` across `crossing` in the chart (null: prohibited).
Json mp(const Json& charts, const std::string& terrain, const std::string& crossing) {
  const Json& tec = charts["tec"];
  size_t k = 0;
  while (k < tec["crossings"].size() && tec["crossings"][k] != crossing) ++k;
  EXPECT_LT(k, tec["crossings"].size()) << crossing;
  for (const Json& row : tec["terrain"])
    if (row["terrain"] == terrain) return row["mp"][k];
  ADD_FAILURE() << "no row " << terrain;
  return nullptr;
}

const Json& terrain_row(const Json& charts, const std::string& terrain) {
  for (const Json& row : charts["tec"]["terrain"])
    if (row["terrain"] == terrain) return row;
  static const Json none;
  ADD_FAILURE() << "no row " << terrain;
  return none;
}

const Json& hexside_row(const Json& charts, const std::string& name) {
  for (const Json& row : charts["tec"]["hexsides"])
    if (row["hexside"] == name) return row;
  static const Json none;
  ADD_FAILURE() << "no hexside " << name;
  return none;
}

TEST(Charts, CrtIsTheTableCombatResolvesWith) {
  EngineSession s;
  ok(s, "new sandbox");
  const Json c = ok(s, "charts");
  EXPECT_EQ(c["edition"], "spi1977");
  EXPECT_EQ(c["crt"]["rule"], "7.6");
  ASSERT_EQ(c["crt"]["columns"].size(), 10u);
  ASSERT_EQ(c["crt"]["rows"].size(), 6u);
  for (int die = 1; die <= 6; ++die)
    for (int col = 0; col < core::kColumns; ++col) {
      EXPECT_EQ(c["crt"]["columns"][col], core::column_name(col));
      EXPECT_EQ(c["crt"]["rows"][die - 1]["die"], die);
      EXPECT_EQ(c["crt"]["rows"][die - 1]["results"][col], core::result_name(core::crt(col, die)))
          << "die " << die << " column " << col;
    }
  // Two printed cells (the 1977 chart): 6 at 1-5 eliminates the attacker, 1 at 6-1 the defender.
  EXPECT_EQ(c["crt"]["rows"][5]["results"][0], "Ae");
  EXPECT_EQ(c["crt"]["rows"][0]["results"][9], "De");
  EXPECT_EQ(c["crt"]["legend"]["Ex"], "exchange");
  ok(s, "new sandbox edition=dg2016");
  EXPECT_EQ(ok(s, "charts")["crt"]["rule"], "8.1");
}

TEST(Charts, TecMovementIsWhatTheEngineCharges1977) {
  EngineSession s;
  ok(s, "new sandbox");
  const Json c = ok(s, "charts");
  EXPECT_EQ(c["tec"]["movement_rule"], "9.0");
  EXPECT_EQ(mp(c, "clear", "none"), 1);
  EXPECT_EQ(mp(c, "forest", "none"), 3);
  EXPECT_EQ(mp(c, "rough", "none"), 3);
  EXPECT_EQ(mp(c, "forest-rough", "none"), 6);
  EXPECT_EQ(mp(c, "swamp", "none"), 6);
  EXPECT_EQ(mp(c, "forest", "road"), 1);    // 5.22
  EXPECT_EQ(mp(c, "forest", "trail"), 2);   // 5.23
  EXPECT_EQ(mp(c, "clear", "trail"), 1);    // 5.23
  EXPECT_EQ(mp(c, "clear", "stream"), 2);   // a stream is crossed as a ford
  EXPECT_EQ(mp(c, "forest", "ford"), 4);    // 5.25
  EXPECT_EQ(mp(c, "forest", "bridge"), 3);  // 5.25: a bridge adds nothing
  EXPECT_TRUE(mp(c, "clear", "creek").is_null());
  EXPECT_TRUE(mp(c, "clear", "lake").is_null());
  for (const Json& x : c["tec"]["crossings"]) EXPECT_TRUE(mp(c, "river", x).is_null()) << x;
  EXPECT_TRUE(mp(c, "ferry", "none").is_null());  // 5.24: only through its arrow
  EXPECT_EQ(mp(c, "ferry", "ferry arrow"), 1);
  EXPECT_FALSE(terrain_row(c, "ferry")["may_end_move"]);
  EXPECT_TRUE(terrain_row(c, "forest")["may_end_move"]);
  // Combat and Line of Sight.
  EXPECT_EQ(c["tec"]["combat_rule"], "9.0");
  EXPECT_EQ(terrain_row(c, "rough")["defence"], 2);
  EXPECT_EQ(terrain_row(c, "forest-rough")["defence"], 2);
  EXPECT_EQ(terrain_row(c, "forest")["defence"], 1);
  EXPECT_TRUE(terrain_row(c, "forest")["blocks_los"]);
  EXPECT_TRUE(terrain_row(c, "town")["blocks_los"]);
  EXPECT_FALSE(terrain_row(c, "rough")["blocks_los"]);
  EXPECT_EQ(hexside_row(c, "stream")["defence"], 2);
  EXPECT_EQ(hexside_row(c, "ford")["defence"], 2);
  EXPECT_EQ(hexside_row(c, "redoubt")["defence"], 3);
  EXPECT_FALSE(hexside_row(c, "creek")["passable"]);
  EXPECT_FALSE(hexside_row(c, "lake")["passable"]);
}

TEST(Charts, TecFollowsTheEdition) {
  EngineSession s;
  ok(s, "new sandbox edition=dg2016");
  const Json c = ok(s, "charts");
  EXPECT_EQ(c["edition"], "dg2016");
  EXPECT_EQ(c["tec"]["movement_rule"], "7.0");
  EXPECT_EQ(c["tec"]["combat_rule"], "8.2");
  EXPECT_EQ(mp(c, "forest", "trail"), 2);  // DG 7.5: two MPs
  EXPECT_EQ(mp(c, "clear", "trail"), 1);   // ... but a trail is never a penalty (movement.cpp)
  EXPECT_EQ(mp(c, "clear", "stream"), 3);  // DG 7.3: a stream costs two
  EXPECT_EQ(mp(c, "forest", "stream"), 5);
}

TEST(Charts, TecFollowsTheTitlesExclusiveRules) {
  // Road to Richmond 22.11: with the advance restrictions a stream no longer
  // doubles the defender; a creek's ford still does.
  EngineSession s;
  ok(s, "new road-to-richmond");
  EXPECT_EQ(hexside_row(ok(s, "charts"), "stream")["defence"], 2);
  ok(s, "new road-to-richmond options=advance-restrictions");
  const Json c = ok(s, "charts");
  EXPECT_EQ(hexside_row(c, "stream")["defence"], 1);
  EXPECT_EQ(hexside_row(c, "ford")["defence"], 2);
}

TEST(Charts, ChartAgreesWithAMoveAndAnAttack) {
  EngineSession s;
  ok(s, "new sandbox cols=8 rows=8 seed=3");
  ok(s, "terrain 0303 forest");
  ok(s, "terrain 0305 rough");
  ok(s, "unit A union inf 6 0302");
  ok(s, "unit B confederate inf 2 0305");
  const Json c = ok(s, "charts");
  const Json reach = ok(s, "reach A");
  EXPECT_EQ(reach["hexes"]["0303"], mp(c, "forest", "none"));
  ok(s, "move A 0304");
  ok(s, "end");
  const Json p = ok(s, "preview A 0305");
  EXPECT_EQ(p["multipliers"][0]["multiplier"], terrain_row(c, "rough")["defence"]);
}

// The title's own terrain (ScenarioRules::tec_features), asked of the title
// and its modules.
const Json* feature(const Json& charts, const std::string& name) {
  for (const Json& row : charts["tec"]["features"])
    if (row["feature"] == name) return &row;
  return nullptr;
}

// Four Roads plays with pontoons, fords and forts (FR 4 names the
// emplaced pontoon bridges the Union's exit route crosses, FR 6 the
// fortifications; the crossing rules are rulings R-FR-PONTOON,
// R-FR-FORD and R-FR-BOAT, R-FR6-FORT says what a fort does): its chart lists
// each with what the engine charges and applies.
TEST(Charts, FourRoadsTecListsItsPontoonsFordsAndForts) {
  EngineSession s;
  ok(s, "new four-roads");
  const Json c = ok(s, "charts");
  const Json* pontoon = feature(c, "pontoon bridge");
  const Json* ford = feature(c, "ford");
  const Json* fort = feature(c, "fort");
  const Json* boat = feature(c, "assault boat");
  ASSERT_TRUE(pontoon && ford && fort && boat) << protocol::dump_line(c["tec"]["features"]);
  EXPECT_EQ((*pontoon)["mp"], 1);
  EXPECT_EQ((*pontoon)["rule"], "R-FR-PONTOON");
  EXPECT_EQ((*ford)["mp"], 2);
  EXPECT_EQ((*ford)["rule"], "R-FR-FORD");
  EXPECT_TRUE((*fort)["mp"].is_null());  // a fort costs what its hex's terrain costs
  EXPECT_EQ((*fort)["defence"], 2);
  EXPECT_EQ((*fort)["defence_rough"], 3);
  EXPECT_EQ((*fort)["rule"], "FR 6");
  EXPECT_EQ((*boat)["defence"], 2);
  EXPECT_EQ((*boat)["rule"], "R-FR-BOAT");

  // The costs are the ones the game charges: the river hexes the scenario
  // bridges or fords (its markers) cost what the chart says.
  const core::Game& g = *s.game();
  const core::Context ctx = g.context();
  const Json st = ok(s, "state");
  int checked = 0;
  for (const Json& m : st["modules"]["markers"]) {
    const bool bridged = m["kind"] == "pontoon" && m.value("state", "") == "emplaced";
    if (!bridged && m["kind"] != "ford") continue;
    core::HexId h = core::kNoHex;
    for (core::HexId x : g.map().hexes())
      if (protocol::hex_name(g.map(), x) == m["hex"]) h = x;
    ASSERT_NE(h, core::kNoHex) << m["hex"];
    EXPECT_EQ(g.scenario()->river_entry_cost(ctx, g.state(), g.roster()[0], core::kNoHex, h),
              (bridged ? *pontoon : *ford)["mp"].get<int>())
        << m["hex"];
    ++checked;
  }
  EXPECT_GT(checked, 1);
}

TEST(Charts, RoadToRichmondAndTheSandboxListNoFeatureOfAnotherTitle) {
  EngineSession s;
  for (const char* title :
       {"new road-to-richmond", "new road-to-richmond exclusive=revised", "new sandbox"}) {
    ok(s, title);
    const Json c = ok(s, "charts");
    EXPECT_TRUE(c["tec"]["features"].empty()) << title << protocol::dump_line(c["tec"]["features"]);
    EXPECT_EQ(feature(c, "pontoon bridge"), nullptr);
  }
}

TEST(Charts, TakesNoArguments) {
  EngineSession s;
  const Json r = s.handle("charts now");
  EXPECT_FALSE(r.value("ok", true));
}

bool has(const Json& list, const std::string& hex) {
  for (const Json& x : list)
    if (x == hex) return true;
  return false;
}

TEST(Overlays, ZonesOfControlAreTheEnginesStopping) {
  EngineSession s;
  ok(s, "new sandbox cols=10 rows=10");
  ok(s, "hexside 0505 0506 creek");
  ok(s, "unit A union inf 4 0505");
  ok(s, "unit K confederate inf 4 0909");
  const Json o = ok(s, "overlays");
  EXPECT_EQ(o["zoc"]["rule"], "6.0");
  const Json& u = o["zoc"]["union"];
  EXPECT_EQ(u.size(), 5u);  // six neighbours, less the one across the creek (6.6)
  EXPECT_FALSE(has(u, "0506"));
  EXPECT_TRUE(has(u, "0504"));
  EXPECT_FALSE(has(u, "0505"));  // a unit's own hex is not in its ZOC
  EXPECT_TRUE(has(o["zoc"]["confederate"], "0908"));
  EXPECT_TRUE(o["artillery"].is_null());
}

TEST(Overlays, ArtilleryRangeAndLineOfSightAreWhatBombardmentIsJudgedBy) {
  EngineSession s;
  ok(s, "new sandbox cols=10 rows=10");
  ok(s, "terrain 0503 forest");
  ok(s, "unit G union art 4 0505");
  ok(s, "unit I union inf 4 0101");
  ok(s, "unit K confederate inf 2 0502");
  ok(s, "unit L confederate inf 2 0808");
  const Json a = ok(s, "overlays G")["artillery"];
  ASSERT_FALSE(a.is_null());
  EXPECT_EQ(a["unit"], "G");
  EXPECT_EQ(a["range"], 3);
  EXPECT_EQ(a["range_rule"], "8.11");
  EXPECT_EQ(a["los_rule"], "8.31");
  EXPECT_TRUE(has(a["in_range"], "0502"));
  EXPECT_FALSE(has(a["in_sight"], "0502"));  // the forest in 0503 blocks (8.33)
  EXPECT_TRUE(has(a["in_sight"], "0503"));   // the blocking hex itself is seen
  EXPECT_FALSE(has(a["in_range"], "0808"));  // four hexes away
  EXPECT_FALSE(has(a["in_range"], "0505"));
  ok(s, "end");  // the Union's Combat Phase
  const Json sight = s.handle("preview G 0502");
  EXPECT_FALSE(sight.value("ok", true));
  EXPECT_EQ(sight["rule"], "8.31");
  EXPECT_TRUE(ok(s, "overlays I")["artillery"].is_null());
  EXPECT_FALSE(s.handle("overlays Nobody").value("ok", true));
  EXPECT_FALSE(s.handle("overlays G H").value("ok", true));
}

}  // namespace
}  // namespace bg::test
