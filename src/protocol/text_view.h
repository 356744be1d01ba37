// Text for people: `bluegray play` renders the session's JSON replies as
// readable lines, and `show` draws a compact ASCII map around the units.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

// The reply to `line` as text (one or more lines, no trailing newline).
std::string render_text(std::string_view line, const Json& reply);

// A compact map of the hexes around the units on the map, with a legend.
std::string render_board(const core::Game& g);

}  // namespace bg::protocol
