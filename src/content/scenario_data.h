// A map and an order of battle bound together: the roster with its entry hexes
// as map hexes, and the position at the start (set-up units on the map,
// reinforcements waiting off it). Refuses an order of battle whose hexes the
// map does not have, naming the file, the line and the hex.
#pragma once

#include <memory>
#include <string>

#include "content/oob_file.h"
#include "core/map.h"
#include "core/position.h"
#include "core/result.h"

namespace bg::content {

struct ScenarioData {
  std::shared_ptr<const core::Map> map;
  std::shared_ptr<const core::Roster> roster;
  core::Position start;
};

core::Result<ScenarioData> bind_oob(std::shared_ptr<const core::Map> map, const Oob& oob,
                                    std::string_view oob_filename);

}  // namespace bg::content
