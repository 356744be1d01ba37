// Seeded random sandbox games for tests and benchmarks: a mixed-terrain map
// (forest, rough, forest-rough, swamp, towns, a river, roads and trails,
// creeks with bridges and fords, streams, lakes, redoubts) and two armies
// facing each other across the middle. Built only through the public sandbox
// actions (SetTerrain, AddHexside, PlaceUnit), so the game's log replays the
// whole set-up on a fresh Game::sandbox.
#pragma once

#include <cstdint>

#include "core/game.h"

namespace bg::study {

struct ScenarioOptions {
  uint64_t seed = 1;
  core::Edition edition = core::Edition::Spi1977;
  int cols = 24;
  int rows = 28;
  int units_per_side = 20;
  int turns = 10;
  bool attack_effectiveness = false;  // 11.0 / DG 10.0
  bool night = false;                 // every fourth game-turn is a night turn (10.0)
  bool dg_optional = false;           // DG 11.1 strategic movement and 11.2 cavalry retreat
};

// The rules the generated game is played under (seed, edition, options).
core::RulesConfig scenario_rules(const ScenarioOptions& opt);

// A fresh sandbox game with the generated map and units, turn 1, the first
// player's Movement Phase. Deterministic in opt.
core::Game make_scenario(const ScenarioOptions& opt);

}  // namespace bg::study
