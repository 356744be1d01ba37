// What the protocol shows of the terrain modules: the modules in play and
// their markers (forts, pontoons, fords, exit hexes, exited units and their
// points) in the `state` view and its text; the decisions by their keys.
#include <gtest/gtest.h>

#include "core/unit_reach.h"
#include "modules/exits.h"
#include "modules/forts.h"
#include "modules/pontoons.h"
#include "modules_fixture.h"
#include "protocol/action_json.h"
#include "protocol/json_view.h"
#include "protocol/text_view.h"

namespace bg::test {
namespace {

using protocol::Json;

struct Shown {
  Shown() {
    modules::PontoonsData pd;
    pd.emplaced.push_back({hex_of("0606"), Side::Union});
    pd.fords.push_back(hex_of("1006"));
    auto p = std::make_unique<modules::PontoonsModule>(pd);
    modules::ExitsData ed;
    ed.sides[0].scoring.push_back({hex_of("0612"), 4});
    auto e = std::make_unique<modules::ExitsModule>(ed, p.get());
    mod = std::make_unique<ModBox>(
        module_list(std::make_unique<modules::FortsModule>(std::vector<HexId>{hex_of("0303")}),
                    std::move(p), std::move(e)));
    mod->box.terrain("0606", Terrain::River);
    mod->box.terrain("1006", Terrain::River);
    mod->box.inf("U", Side::Union, 3, "0611");
    mod->box.inf("C", Side::Confederate, 2, "1101");
  }
  const Json* marker(const Json& state, const std::string& kind) {
    for (const Json& m : state["modules"]["markers"])
      if (m["kind"] == kind) return &m;
    return nullptr;
  }
  std::unique_ptr<ModBox> mod;
};

TEST(ModulesProtocol, TheStateListsTheModulesAndTheirMarkers) {
  Shown s;
  Action a;
  a.kind = ActionKind::Move;
  a.unit = s.mod->box.id("U");
  a.exit_map = true;
  a.path.push_back(s.mod->box.hex("0612"));
  ASSERT_TRUE(s.mod->apply(a).ok());
  const Json st = protocol::state_json(s.mod->game());
  ASSERT_TRUE(st.contains("modules"));
  EXPECT_EQ(st["modules"]["keys"], Json::parse(R"(["forts","pontoons","exits"])"));
  const Json* fort = s.marker(st, "fort");
  ASSERT_NE(fort, nullptr);
  EXPECT_EQ((*fort)["hex"], "0303");
  const Json* pontoon = s.marker(st, "pontoon");
  ASSERT_NE(pontoon, nullptr);
  EXPECT_EQ((*pontoon)["hex"], "0606");
  EXPECT_EQ((*pontoon)["state"], "emplaced");
  EXPECT_EQ((*pontoon)["side"], "union");
  ASSERT_NE(s.marker(st, "ford"), nullptr);
  const Json* exit = s.marker(st, "exit");
  ASSERT_NE(exit, nullptr);
  EXPECT_EQ((*exit)["value"], 4);
  const Json* exited = s.marker(st, "exited");
  ASSERT_NE(exited, nullptr);
  EXPECT_EQ((*exited)["unit"], "U");
  EXPECT_EQ((*exited)["hex"], "0612");
  // No route is asked of the Union here: 3 factors at 4.
  EXPECT_EQ((*exited)["value"], 12);
  const Json& unit = st["units"][0];
  ASSERT_EQ(unit["id"], "U");
  EXPECT_EQ(unit["exit_hex"], "0612");
  EXPECT_EQ(unit["reenter"], Json::parse(R"(["0612"])"));
  Json reply = st;
  reply["ok"] = true;
  const std::string text = protocol::render_text("state", reply);
  EXPECT_NE(text.find("Modules: forts, pontoons, exits."), std::string::npos) << text;
  EXPECT_NE(text.find("exited (scored) U union at 0612: 12"), std::string::npos) << text;
  EXPECT_NE(text.find("exited by 0612 (may re-enter by 0612)"), std::string::npos) << text;
}

// A front end explains a marker with the module's words, knowing no kind.
TEST(ModulesProtocol, EveryMarkerSaysWhatItIsAndItsRule) {
  Shown s;
  const Json st = protocol::state_json(s.mod->game());
  ASSERT_FALSE(st["modules"]["markers"].empty());
  for (const Json& m : st["modules"]["markers"]) {
    ASSERT_TRUE(m.contains("label")) << m.dump();
    ASSERT_TRUE(m.contains("rule")) << m.dump();
    EXPECT_NE(m["label"].get<std::string>().find(m["kind"].get<std::string>()), std::string::npos)
        << m.dump();
  }
  EXPECT_EQ((*s.marker(st, "fort"))["rule"], "FR 6");
  EXPECT_EQ((*s.marker(st, "pontoon"))["rule"], "R-FR-PONTOON");
  EXPECT_EQ((*s.marker(st, "ford"))["rule"], "R-FR-FORD");
  EXPECT_EQ((*s.marker(st, "exit"))["rule"], "FR 4");
}

TEST(ModulesProtocol, AGameWithoutModulesHasNoModulesField) {
  Sandbox box;
  box.inf("U", Side::Union, 3, "0611");
  EXPECT_FALSE(protocol::state_json(box.game()).contains("modules"));
}

TEST(ModulesProtocol, EveryDecisionHasAKeyTheCommandsName) {
  Shown s;
  for (const char* key : {"fort", "emplace", "boat"}) {
    const auto id = s.mod->rules->parse_decision_key(key);
    ASSERT_TRUE(id.has_value()) << key;
    EXPECT_EQ(s.mod->rules->decision_key(*id), key);
  }
}

// The page offers a module's decisions from the engine's list:
// each with the module's words, its rule, the hex it concerns and the very
// action that makes it.
TEST(ModulesProtocol, TheStateListsTheDecisionsOpenNowWithTheActionThatMakesThem) {
  Shown s;
  s.mod->box.terrain("0306", Terrain::River);
  special_unit(s.mod->box, "P", Side::Union, "pontoon", "0305");
  const Json st = protocol::state_json(s.mod->game());
  const Json* emplace = nullptr;
  for (const Json& d : st["modules"]["decisions"])
    if (d["key"] == "emplace" && d["unit"] == "P") emplace = &d;
  ASSERT_NE(emplace, nullptr) << st["modules"]["decisions"].dump();
  EXPECT_EQ((*emplace)["value"], 306);
  EXPECT_EQ((*emplace)["hex"], "0306");
  EXPECT_EQ((*emplace)["rule"], "R-FR-PONTOON");
  EXPECT_EQ((*emplace)["side"], "union");
  EXPECT_NE((*emplace)["label"].get<std::string>().find("emplace a pontoon in 0306"),
            std::string::npos);
  EXPECT_EQ((*emplace)["command"], "decide P 306 as=emplace");
  auto a = protocol::action_from_json(s.mod->game(), (*emplace)["action"]);
  ASSERT_TRUE(a.ok()) << a.error().message;
  ASSERT_TRUE(s.mod->apply(*a).ok());
  const Json after = protocol::state_json(s.mod->game());
  bool withdraw = false;
  for (const Json& d : after["modules"]["decisions"])
    withdraw = withdraw || (d["key"] == "emplace" && d["unit"] == "P" && d["value"] == 0);
  EXPECT_TRUE(withdraw) << after["modules"]["decisions"].dump();
  // Nothing is open to a side while the other acts.
  s.mod->box.advance_to(Side::Confederate, Phase::Movement);
  // (Kept: a range-for over a member of a temporary reads freed memory.)
  const Json later = protocol::state_json(s.mod->game());
  for (const Json& d : later["modules"]["decisions"])
    EXPECT_EQ(d["side"], "confederate") << d.dump();
}

// An exited unit that may come back (FR 4) is asked about as a reinforcement
// is: its entry hexes are its exit hex.
TEST(ModulesProtocol, AnExitedUnitsReachIsItsReentryByItsExitHex) {
  Shown s;
  Action a;
  a.kind = ActionKind::Move;
  a.unit = s.mod->box.id("U");
  a.exit_map = true;
  a.path.push_back(s.mod->box.hex("0612"));
  ASSERT_TRUE(s.mod->apply(a).ok());
  // Not in the Game-Turn it left (R-FR4-REENTRY): the refusal says so.
  auto now = unit_reach(s.mod->game(), s.mod->box.id("U"), false);
  ASSERT_FALSE(now.ok());
  EXPECT_NE(now.error().message.find("left the map this Game-Turn"), std::string::npos)
      << now.error().message;
  s.mod->box.advance_to(Side::Confederate, Phase::Movement);
  s.mod->box.advance_to(Side::Union, Phase::Movement);
  auto r = unit_reach(s.mod->game(), s.mod->box.id("U"), false);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_TRUE(r->entering);
  ASSERT_EQ(r->entries.size(), 1u);
  EXPECT_EQ(r->entries[0].entry, s.mod->box.hex("0612"));
}

}  // namespace
}  // namespace bg::test
