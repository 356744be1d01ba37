// What Road to Richmond asks a front end to draw and offer (titles/ui_spec.h):
// the Command Control Zone while it is closed (18.1 / 20.1), the area that
// sets off early arrival until it has (19.1 / 17.4), its exit and victory
// hexes, and the Confederate's secret written choice (22.3 / 17.6).
#pragma once

#include <optional>

#include "core/game.h"
#include "titles/road_to_richmond/road_to_richmond.h"
#include "titles/ui_spec.h"

namespace bg::titles::rtr {

// Adds this title's zones, hex labels and decisions to `out` (which holds the
// map's named hexes with plain labels), for `viewer` (nullopt: everyone).
void add_ui(const core::Game& g, const RoadToRichmond& m, std::optional<core::Side> viewer,
            UiSpec& out);

}  // namespace bg::titles::rtr
