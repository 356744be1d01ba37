#include "core/charts.h"

#include "core/map.h"
#include "core/movement.h"
#include "core/position.h"
#include "core/rules_config.h"
#include "core/scenario.h"

namespace bg::core {

std::string_view result_words(CombatResult r) {
  switch (r) {
    case CombatResult::Ae:
      return "attacker eliminated";
    case CombatResult::De:
      return "defender eliminated";
    case CombatResult::Ex:
      return "exchange";
    case CombatResult::Ar:
      return "attacker retreats";
    case CombatResult::Dr:
      return "defender retreats";
  }
  return "";
}

namespace {

constexpr std::array<TecCrossing, 10> kCrossings{{
    {"none", 0},
    {"road", kRoad},
    {"trail", kTrail},
    {"stream", kStream},
    {"ford", kCreek | kFord},
    {"bridge", kCreek | kBridge},
    {"creek", kCreek},
    {"lake", kLake},
    {"redoubt", kRedoubt},
    {"ferry arrow", kFerryArrow},
}};

// The Movement Points to step from clear 0101 into 0201 of `t` across `bits`,
// as step_cost() charges them under the game's rules.
std::optional<int> probe_cost(const Context& game, Terrain t, HexsideBits bits) {
  Map map(2, 1);
  const HexId from = *map.find({1, 1});
  const HexId to = *map.find({2, 1});
  const Dir d = *map.direction(from, to);
  map.set_terrain(to, t);
  if (bits) map.add_side(from, d, bits);
  const Roster roster(1);
  const Context ctx{&map, &roster, game.rules, game.scenario};
  const int cost = step_cost(ctx, roster[0], from, d);
  if (cost == kProhibited) return std::nullopt;
  return cost;
}

}  // namespace

Charts charts(const Context& ctx) {
  const bool dg = ctx.rules->dg();
  Charts out;
  out.crt.rule = dg ? "8.1" : "7.6";
  for (int die = 1; die <= 6; ++die)
    for (int c = 0; c < kColumns; ++c) out.crt.results[die - 1][c] = crt(c, die);

  TerrainChart& tec = out.tec;
  tec.movement_rule = dg ? "7.0" : "9.0";
  tec.combat_rule = dg ? "8.2" : "9.0";
  tec.crossings.assign(kCrossings.begin(), kCrossings.end());
  for (int i = 0; i < kTerrainCount; ++i) {
    const Terrain t = static_cast<Terrain>(i);
    TecTerrainRow row;
    row.terrain = t;
    for (const TecCrossing& c : kCrossings) row.mp.push_back(probe_cost(ctx, t, c.bits));
    row.may_end_move = t != Terrain::River && t != Terrain::Ferry;
    row.defence = terrain_defence_multiplier(t);
    row.blocks_los = blocks_los(t);
    tec.terrain.push_back(std::move(row));
  }
  for (const TecCrossing& c : kCrossings) {
    if (c.bits == 0 || c.bits == kRoad || c.bits == kTrail) continue;
    TecHexsideRow row{c.name, c.bits, probe_cost(ctx, Terrain::Clear, c.bits).has_value(), 1};
    const bool doubles =
        ctx.scenario ? ctx.scenario->hexside_doubles_defence(c.bits) : tec_hexside_doubles(c.bits);
    if (c.bits & kRedoubt)
      row.defence = kRedoubtMultiplier;
    else if (row.passable && doubles)
      row.defence = kHexsideMultiplier;
    tec.hexsides.push_back(row);
  }
  // The title's own terrain (a pontoon bridge, a ford, a fort), as its rules
  // declare it: the core knows none of them.
  if (ctx.scenario) ctx.scenario->tec_features(ctx, tec.features);
  return out;
}

}  // namespace bg::core
