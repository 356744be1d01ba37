#include "titles/four_roads/four_roads.h"

#include "modules/command/command_module.h"
#include "modules/command/orders_module.h"
#include "modules/command/tactics_module.h"
#include "modules/edge_entry.h"
#include "modules/forts.h"
#include "modules/on_map_victory.h"
#include "modules/pontoons.h"

namespace bg::titles::four_roads {

using namespace bg::core;

namespace {

HexId hex(const Map& map, const char* label) {
  const auto h = map.parse_label(label);
  return h ? *h : kNoHex;
}

std::vector<std::unique_ptr<modules::Module>> make_modules(const FrData& data, FrOptions opt) {
  std::vector<std::unique_ptr<modules::Module>> mods;
  mods.push_back(std::make_unique<modules::CommandModule>(data.chain));
  if (opt.orders) mods.push_back(std::make_unique<modules::OrdersModule>(data.chain));
  if (opt.tactics) mods.push_back(std::make_unique<modules::TacticsModule>(data.chain));
  mods.push_back(std::make_unique<modules::FortsModule>(data.setup.forts));
  modules::PontoonsData pd;
  pd.emplaced = data.setup.pontoons;
  pd.fords = data.fords;
  auto pontoons = std::make_unique<modules::PontoonsModule>(pd);
  auto ex = std::make_unique<modules::ExitsModule>(fr_exits(*data.data.map), pontoons.get());
  mods.push_back(std::move(pontoons));
  mods.push_back(std::move(ex));
  mods.push_back(std::make_unique<modules::EdgeEntryModule>());
  // FR 2: 1 point a Union combat factor, 3 a Confederate one.
  mods.push_back(std::make_unique<modules::OnMapVictoryModule>(std::array<int, 2>{1, 3}));
  return mods;
}

}  // namespace

modules::ExitsData fr_exits(const Map& map) {
  modules::ExitsData x;
  modules::SideExits& u = x.sides[0];
  u.scoring = {{hex(map, "2801"), 4}, {hex(map, "4704"), 4}};
  u.free_edge = modules::Edge::South;
  modules::RouteLeg town, bridge, north;
  town.kind = modules::RouteLeg::Kind::RoadToHexes;
  // Fredericksburg's three town hexes (docs/four-roads.md, "The map").
  town.hexes = {hex(map, "3213"), hex(map, "3214"), hex(map, "3215")};
  bridge.kind = modules::RouteLeg::Kind::AcrossPontoon;
  north.kind = modules::RouteLeg::Kind::RoadToEdge;
  north.edge = modules::Edge::North;
  u.route = {town, bridge, north};
  modules::SideExits& c = x.sides[1];
  c.scoring = {{hex(map, "2332"), 5}, {hex(map, "3433"), 5}};
  c.free_edge = modules::Edge::North;
  return x;
}

FourRoads::FourRoads(const FrScenario& scenario, std::shared_ptr<const FrData> data,
                     FrOptions options)
    : ModularRules("four-roads", make_modules(*data, options)),
      scenario_(&scenario),
      data_(std::move(data)),
      options_(options),
      exits_(dynamic_cast<const modules::ExitsModule*>(find("exits"))) {}

VictoryReport FourRoads::title_victory(const Context&, const GameState& st) const {
  VictoryReport r;
  r.final = st.phase == Phase::Over;
  return r;
}

}  // namespace bg::titles::four_roads
