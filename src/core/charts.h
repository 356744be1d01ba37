// The charts a player keeps at hand, as the engine plays them: the Combat
// Results Table (7.6; DG 8.1) and the Terrain Effects Chart (9.0; DG 7.0 and
// 8.2) for the edition in play and the game's exclusive rules. Nothing here is
// a second copy of a rule: the table is read from crt(), movement costs are
// asked of step_cost() on a two-hex map, the defence multipliers are the ones
// hex_defence() applies (terrain_defence_multiplier, the scenario's hexside
// doubling), so the charts say what the engine will do.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/crt.h"
#include "core/scenario.h"
#include "core/terrain.h"

namespace bg::core {

struct Context;

// The defender's multiplier for the terrain of its hex (TEC 9.0 / DG 8.2):
// rough and forest-rough double; hex_defence() applies it.
constexpr int terrain_defence_multiplier(Terrain t) {
  return (t == Terrain::Rough || t == Terrain::ForestRough) ? 2 : 1;
}
// Every attacker across a redoubt hexside from its barbed side (TEC 9.0).
inline constexpr int kRedoubtMultiplier = 3;
// Every attacker across a hexside the rules double the defender for.
inline constexpr int kHexsideMultiplier = 2;

std::string_view result_words(CombatResult r);  // "attacker eliminated", ...

struct CrtChart {
  std::string rule;  // the case of the table in this edition
  // results[die - 1][column]
  std::array<std::array<CombatResult, kColumns>, 6> results{};
};

// One hexside a chart row is entered across: its name and the features set.
struct TecCrossing {
  std::string_view name;  // "none", "road", "trail", "stream", "ford", ...
  HexsideBits bits = 0;
};

struct TecTerrainRow {
  Terrain terrain = Terrain::Clear;
  // MP to enter a hex of this terrain across each crossing of the chart
  // (TerrainChart::crossings, same order); nullopt where it is prohibited.
  std::vector<std::optional<int>> mp;
  bool may_end_move = true;  // 5.24: a river or ferry hex is never held
  int defence = 1;           // the defender's multiplier in such a hex
  bool blocks_los = false;   // 8.33 / DG 8.71
};

struct TecHexsideRow {
  std::string_view name;
  HexsideBits bits = 0;
  bool passable = true;  // units may cross it (and so attack across it)
  // The defender's multiplier when every attacker attacks across it (1: none).
  int defence = 1;
};

struct TerrainChart {
  std::string movement_rule;  // the case of terrain costs in this edition
  std::string combat_rule;    // the case of terrain effects on combat
  std::vector<TecCrossing> crossings;
  std::vector<TecTerrainRow> terrain;
  std::vector<TecHexsideRow> hexsides;
  // What the title's rules and its modules add (ScenarioRules::tec_features).
  std::vector<TecFeature> features;
};

struct Charts {
  CrtChart crt;
  TerrainChart tec;
};

// The charts of the game `ctx` belongs to (its rules and exclusive rules; its
// map and roster are not used), with the terrain features the title and its
// modules add (ScenarioRules::tec_features). A river hex costs what the title's rules say
// only where they bridge or ford it (ScenarioRules::river_entry_cost): the
// chart shows the Standard Rules' prohibition.
Charts charts(const Context& ctx);

}  // namespace bg::core
