// Actions as JSON, for the log of a save file: the kind by name, units by id
// and hexes as "XXYY" strings, so a save reads like the commands that made it.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

// {"kind":"move","unit":"A","path":["0405"],"strategic":false,"rolls":[]}
// Unit ids and hexes are named from g (the roster only grows, so the final
// game names every unit of its own log).
Json log_entry_json(const core::Game& g, const core::LogEntry& e);

// The protocol command that makes action `a` in g (units and hexes named
// from g): `move A 0404 0405`, `attack A,B 0406 odds=2-1`, `retreat B stay`,
// `end`, ... Paths are written in full, so the command makes the very same
// action; "" for a set-up action (terrain, units, exit hexes).
std::string command_text(const core::Game& g, const core::Action& a);

// The action of a log entry, its units looked up in g as it stands before the
// action is applied. Refuses unknown kinds, units, hexes off the map, and
// malformed fields.
core::Result<core::Action> action_from_json(const core::Game& g, const Json& j);
// The "rolls" of a log entry (each 1..6, at most 4).
core::Result<std::vector<int>> rolls_from_json(const Json& j);

}  // namespace bg::protocol
