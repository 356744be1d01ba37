// Building a game of Road to Richmond: the map and orders of battle from
// data/road-to-richmond/, the rules the scenario fixes (Confederate first,
// twenty Game-Turns, nights on 5 and 13: 14.2 / 16.2-16.3) and its module.
#pragma once

#include <cstdint>
#include <string>

#include "core/game.h"
#include "core/result.h"
#include "core/rules_config.h"
#include "titles/registry.h"
#include "titles/road_to_richmond/road_to_richmond.h"

namespace bg::titles::rtr {

struct RtrSetup {
  RtrOptions options;
  core::Edition edition = core::Edition::Spi1977;  // the Standard Rules' edition
  bool attack_effectiveness = false;
  bool strategic_movement = false;
  bool cavalry_retreat = false;
  uint64_t seed = 1;
};

// A new game at its start. The data files are read once per directory and
// shared by every game made from them. Refuses data that breaks what the
// exclusive rules need (named hexes, zones, the Train), naming file and hex.
core::Result<core::Game> make_road_to_richmond(const RtrSetup& setup,
                                               const std::string& data_dir = data_root());

}  // namespace bg::titles::rtr
