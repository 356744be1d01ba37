// Four Roads to Richmond's rules (The General 12/6) as a modular title: the command
// chain (FR 7), following orders (FR 8, optional), tactical ability (FR 9,
// optional), fortifications (FR 6), pontoons, boats and fords (R-FR-PONTOON),
// exiting for points (FR 4), reinforcements sliding along the edge (FR 5) and
// victory by what stands on the map (FR 2). The modules are generic; this
// class supplies the scenario's data and the victory that starts from zero.
#pragma once

#include <memory>

#include "modules/exits.h"
#include "modules/modular_rules.h"
#include "titles/four_roads/fr_calendar.h"
#include "titles/four_roads/fr_data.h"

namespace bg::titles::four_roads {

struct FrOptions {
  bool orders = false;   // FR 8: following orders (the article's optional rule)
  bool tactics = false;  // FR 9: tactical ability (the article's optional rule)
};

// FR 4 on the AM map: the Union scores 4 a factor leaving by CC47 (2801) or
// WW53 (4704) with a route by road to Fredericksburg, over an emplaced pontoon
// beside it and by road to the north edge; the Confederates 5 a factor by
// W12 (2332) or JJ19 (3433); either side may leave by its own edge (south,
// north) for nothing.
modules::ExitsData fr_exits(const core::Map& map);

class FourRoads final : public modules::ModularRules {
 public:
  FourRoads(const FrScenario& scenario, std::shared_ptr<const FrData> data, FrOptions options);

  const FrScenario& scenario() const { return *scenario_; }
  const FrOptions& options() const { return options_; }
  const FrData& data() const { return *data_; }
  const modules::ExitsModule& exits() const { return *exits_; }

 protected:
  // FR 2: the game is scored by exits and what is on the map, nothing else:
  // eliminated strength (the core's default) scores nothing by itself.
  core::VictoryReport title_victory(const core::Context& ctx,
                                    const core::GameState& st) const override;

 private:
  const FrScenario* scenario_;
  std::shared_ptr<const FrData> data_;
  FrOptions options_;
  const modules::ExitsModule* exits_ = nullptr;
};

}  // namespace bg::titles::four_roads
