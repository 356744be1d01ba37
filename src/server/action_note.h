// What a game's log shows of an applied action besides the action itself:
// the engine's report (the unit, the path and Movement Points of a move, the
// combat and its eliminations) and where the action started, for a page that
// draws it (a trail, an attack's arrows).
#pragma once

#include "core/game.h"
#include "server/reply.h"

namespace bg::server {

// The report of action `a`, just applied to `g`.
Json report_json(const core::Game& g, const core::Action& a, const core::Report& r);
// Adds the hex a moving unit left ("from") or the hexes an attack's units
// stood in ("attacker_hexes"), read in `before`, the position before `a`.
void add_from(Json& note, const core::Game& g, const core::Position& before, const core::Action& a);

}  // namespace bg::server
