// JSON views of the optional rule modules a game plays with (src/modules):
// the chain of command with its headquarters' ratings and radius, what the
// command module did at the player-turn's start (units rallied, headquarters
// captured), and the orders rolled (FR 8) with the commands they froze and
// the units ordered to attack. Presentation only; games without modules get
// nothing.
#pragma once

#include "core/game.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

// Adds "command" and "orders" to a state body when the game has those modules.
void add_module_views(const core::Game& g, Json& j);
// The orders rolled at the start of the player-turn under way (null if the
// game has no orders module or none were rolled for it).
Json orders_json(const core::Game& g);
// Adds the die modifier of a previewed or resolved attack ("die_modifier",
// "modifier", "modifier_rule"; and for a preview "chances": how many of the six
// die faces give each result with the modifier, and without it).
void add_die_modifier(Json& out, const core::AttackPlan& plan);

}  // namespace bg::protocol
