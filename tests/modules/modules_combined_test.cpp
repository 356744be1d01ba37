// Every rule module of the Four Roads rules at once, in combination:
// headquarters and the chain of command, following orders,
// tactical ability, forts, pontoons and a ford, exits with a traced route and
// re-entry, reinforcements that slide along the edge, and victory by what
// stands on the map, on one sandbox battlefield cut by a river. Random-legal
// games and computer-played games must run to the end with every action
// accepted, the invariants intact and the log replaying to the same state.
#include <gtest/gtest.h>

#include "ai/ai_player.h"
#include "modules/command/chain.h"
#include "modules/command/command_module.h"
#include "modules/command/orders_module.h"
#include "modules/command/tactics_module.h"
#include "modules/edge_entry.h"
#include "modules/exits.h"
#include "modules/forts.h"
#include "modules/on_map_victory.h"
#include "modules/pontoons.h"
#include "modules_fixture.h"

namespace bg::test {
namespace {

constexpr const char* kChain = R"(
hq UArmy army radius=4
hq UCorps corps parent=UArmy radius=4 judgment=4 offensive=1 defensive=1
hq CArmy army radius=8 offensive=1 defensive=1
hq CCorps corps parent=CArmy radius=8 judgment=3f
unit U1 hq=UCorps
unit U2 hq=UCorps
unit U3 hq=UArmy
unit UR hq=UArmy judgment=2
unit C1 hq=CCorps
unit C2 hq=CCorps
unit C3 hq=CArmy
unit CR hq=CArmy judgment=6f
)";

// All eight modules, in the order a title would list them. The river runs
// along row 06; 0506 is bridged at set-up, 0906 is a ford; the Union scores
// by exiting at 0612 (south edge) with a route to the town 0607 over the
// bridge and on to the north edge, the Confederates at 1101 (north edge).
std::shared_ptr<ModularRules> every_module() {
  auto parsed = modules::parse_command_chain(kChain);
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
  auto chain = std::make_shared<modules::CommandChain>(*parsed);
  modules::PontoonsData pd;
  pd.emplaced.push_back(modules::PontoonSetup{hex_of("0506"), Side::Union});
  pd.fords.push_back(hex_of("0906"));
  auto pontoons = std::make_unique<modules::PontoonsModule>(pd);
  modules::ExitsData xd;
  xd.sides[0].scoring.push_back({hex_of("0612"), 4});
  xd.sides[0].free_edge = modules::Edge::South;
  modules::RouteLeg town, bridge, north;
  town.kind = modules::RouteLeg::Kind::RoadToHexes;
  town.hexes = {hex_of("0507")};
  bridge.kind = modules::RouteLeg::Kind::AcrossPontoon;
  north.kind = modules::RouteLeg::Kind::RoadToEdge;
  north.edge = modules::Edge::North;
  xd.sides[0].route = {town, bridge, north};
  xd.sides[1].scoring.push_back({hex_of("1101"), 5});
  xd.sides[1].free_edge = modules::Edge::North;
  auto exits = std::make_unique<modules::ExitsModule>(xd, pontoons.get());
  std::vector<std::unique_ptr<Module>> mods;
  mods.push_back(std::make_unique<modules::CommandModule>(chain));
  mods.push_back(std::make_unique<modules::OrdersModule>(chain));
  mods.push_back(std::make_unique<modules::TacticsModule>(chain));
  mods.push_back(std::make_unique<modules::FortsModule>(std::vector<HexId>{hex_of("1008")}));
  mods.push_back(std::move(pontoons));
  mods.push_back(std::move(exits));
  mods.push_back(std::make_unique<modules::EdgeEntryModule>());
  mods.push_back(std::make_unique<modules::OnMapVictoryModule>(std::array<int, 2>{1, 3}));
  return std::make_shared<ModularRules>("every-module", std::move(mods));
}

void place(Sandbox& b, const UnitDef& def, const std::string& h) {
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = b.hex(h);
  a.def = std::make_shared<UnitDef>(def);
  auto r = b.game().apply(a);
  ASSERT_TRUE(r.ok()) << r.error().message;
}

void set_up(Sandbox& b) {
  for (int c = 1; c <= 12; ++c)
    b.terrain((c < 10 ? "0" : "") + std::to_string(c) + "06", Terrain::River);
  b.terrain("0507", Terrain::Town);
  b.terrain("1008", Terrain::Rough);
  b.terrain("0303", Terrain::Forest);
  // Roads: the Union's exit route (0612 -> town 0507 -> bridge -> north edge).
  const char* south[] = {"0612", "0611", "0610", "0609", "0608", "0508", "0507"};
  for (int i = 0; i + 1 < 7; ++i) b.side(south[i], south[i + 1], kRoad);
  const char* north[] = {"0505", "0504", "0503", "0502", "0501"};
  for (int i = 0; i + 1 < 5; ++i) b.side(north[i], north[i + 1], kRoad);
  // Union north of the river, Confederates south of it.
  place(b, modules::make_hq_def("UArmy", Side::Union), "0402");
  place(b, modules::make_hq_def("UCorps", Side::Union), "0503");
  b.inf("U1", Side::Union, 4, "0503");
  b.inf("U2", Side::Union, 3, "0604");
  b.inf("U3", Side::Union, 3, "0403");
  b.unit("UR", Side::Union, UnitType::Cavalry, 2, "0804");
  place(b, modules::make_hq_def("CArmy", Side::Confederate), "0910");
  place(b, modules::make_hq_def("CCorps", Side::Confederate), "0809");
  b.inf("C1", Side::Confederate, 3, "0809");
  b.inf("C2", Side::Confederate, 3, "1008");
  b.inf("C3", Side::Confederate, 2, "0408");
  b.unit("CR", Side::Confederate, UnitType::Cavalry, 2, "1109");
  // Assault boats and a pontoon train for the Union (R-FR-BOAT, R-FR-PONTOON).
  special_unit(b, "UBoats", Side::Union, "boats", "0705");
  special_unit(b, "UPontoon", Side::Union, "pontoon", "0305", true);
  // A Union reinforcement by the east edge at 1203 on Game-Turn 2.
  b.reinforce("U4", Side::Union, UnitType::Infantry, 3, 2, {"1203"});
}

RulesConfig rules_for(uint64_t seed) {
  RulesConfig r;
  r.attack_effectiveness = true;
  r.turns = 8;
  r.night.set(3);  // two consecutive nights: units that stay put may fort (FR 6)
  r.night.set(4);
  r.seed = seed;
  return r;
}

TEST(FR_Modules, RandomLegalGamesWithEveryModuleRunToTheEnd) {
  int decisions = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Sandbox b(rules_for(seed), every_module());
    set_up(b);
    const std::string e = play_random(b.game(), seed, decisions);
    ASSERT_EQ(e, "") << "seed " << seed;
    const VictoryReport v = b.game().victory();
    EXPECT_TRUE(v.final);
    bool on_map_line = false;
    for (const VpLine& l : v.lines) on_map_line |= l.rule == "FR 2";
    EXPECT_TRUE(on_map_line) << "seed " << seed << ": no FR 2 line in the final report";
  }
  EXPECT_GT(decisions, 0);  // the random player made some module decisions
}

TEST(FR_Modules, ComputerPlayedGamesWithEveryModuleRunToTheEnd) {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Sandbox b(rules_for(seed), every_module());
    set_up(b);
    ai::AiConfig cfg;
    cfg.level = ai::Level::Easy;
    cfg.seed = seed;
    cfg.node_budget = 40;
    cfg.candidates = 3;
    cfg.time_cap_s = 0;  // the node budget alone decides: deterministic
    ai::AiPlayer union_ai(cfg), confederate_ai(cfg);
    int n = 0;
    for (; n < 4000 && !b.game().over(); ++n) {
      const Side side = *b.game().to_act();
      ai::AiPlayer& p = side == Side::Union ? union_ai : confederate_ai;
      const Action a = p.choose(b.game().view_for(side));
      auto r = b.game().apply(a);
      ASSERT_TRUE(r.ok()) << "seed " << seed << ", action " << n
                          << ": the computer's action was refused: " << r.error().message;
      ASSERT_EQ(position_invariants(b.game()), "") << "seed " << seed;
    }
    EXPECT_TRUE(b.game().over()) << "seed " << seed << ": the game did not finish";
  }
}

}  // namespace
}  // namespace bg::test
