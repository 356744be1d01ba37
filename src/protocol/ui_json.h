// A title's UI declaration (titles/ui_spec.h) as JSON, for one viewer: what
// the server sends a seat with its view (docs/server.md, "ui").
#pragma once

#include <optional>

#include "core/game.h"
#include "protocol/game_setup.h"
#include "titles/ui_spec.h"

namespace bg::protocol {

// {"display":..,"zones":[..],"hexes":[..],"decisions":[..]} for `viewer`
// (nullopt: everyone). A secret decision's chosen values go only to the side
// that makes it, whatever the title filled in.
Json ui_json(const core::Game& g, std::optional<core::Side> viewer);

// The title's trigger zones armed now: active, with a consequence a front end
// confirms (titles::UiZone::consequence); their hexes left out.
std::vector<titles::UiZone> armed_triggers(const core::Game& g);

// The zones of `armed` that `g` no longer holds armed (set off by the action
// just applied), as [{"zone","rule","consequence"}] for the log; `armed`
// becomes those armed in `g`.
Json fired_triggers(const core::Game& g, std::vector<titles::UiZone>& armed);

}  // namespace bg::protocol
