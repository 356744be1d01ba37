// A title's UI declaration (titles/ui_spec.h) as JSON, for one viewer: what
// the server sends a seat with its view (docs/server.md, "ui").
#pragma once

#include <optional>

#include "core/game.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

// {"display":..,"zones":[..],"hexes":[..],"decisions":[..]} for `viewer`
// (nullopt: everyone). A secret decision's chosen values go only to the side
// that makes it, whatever the title filled in.
Json ui_json(const core::Game& g, std::optional<core::Side> viewer);

}  // namespace bg::protocol
