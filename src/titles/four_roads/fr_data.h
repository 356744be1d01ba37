// A Four Roads to Richmond scenario's data: the shared map
// (data/four-roads/map.txt) and the scenario's folder
// (data/four-roads/<scenario>/): oob.txt (orders of battle, content format),
// chain.txt (the command chain, modules/command/chain.h) and setup.txt (forts
// and pontoons emplaced at set-up). Read once per folder and shared by every
// game made from it; refused with the file, line and reason when it breaks
// what the rules need.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "content/scenario_data.h"
#include "core/result.h"
#include "modules/command/chain.h"
#include "modules/pontoons.h"

namespace bg::titles::four_roads {

// setup.txt: one statement a line, '#' starts a comment.
//   fort HEX            a fortification at set-up (FR 6), on a land hex
//   pontoon HEX SIDE    a pontoon emplaced at set-up, on a river hex
struct FrSetup {
  std::vector<core::HexId> forts;               // sorted
  std::vector<modules::PontoonSetup> pontoons;  // in file order
};
core::Result<FrSetup> parse_fr_setup(std::string_view text, const core::Map& map,
                                     std::string_view filename);

struct FrData {
  content::ScenarioData data;  // map, roster (with the title's factors applied), start
  std::shared_ptr<const modules::CommandChain> chain;
  FrSetup setup;
  std::vector<core::HexId> fords;  // the map's named fords (name ... ford): R-FR-FORD
};

// The scenario `name`'s data under data_dir (data/ by default), cached.
core::Result<std::shared_ptr<const FrData>> load_fr_data(const std::string& data_dir,
                                                         std::string_view name);

}  // namespace bg::titles::four_roads
