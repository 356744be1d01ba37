// JSON views of a game for the protocol: the state, the map, the pending
// decisions and combat reports. Presentation only: every fact comes from the
// core (Game, its queries and its reports).
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

std::string hex_name(const core::Map& map, core::HexId h);
// A hex as JSON: "0405", or null for kNoHex.
Json hex_json(const core::Map& map, core::HexId h);
std::string unit_id(const core::Game& g, core::UnitIndex u);

// Names of the features in a set of hexside bits (the barbed bit is not a feature).
Json feature_names(core::HexsideBits bits);

// {"turn":..,"turns":..,"phase":..,...}: the body of the `state` reply and of a
// save file's snapshot. With a viewer, what the scenario keeps secret from that
// side (a title's secret decision, e.g. a written choice) is shown as the
// chart prints it; without one, everything is shown (tools, tests, saves).
Json state_json(const core::Game& g, std::optional<core::Side> viewer = std::nullopt);
// The victory point breakdown (the scenario's schedule, or eliminated strength).
Json victory_json(const core::Game& g);
// {"cols":..,"rows":..,"hexes":[..],"hexsides":[..],"named":[..],"zones":[..]}
Json map_json(const core::Game& g);
// The pending decisions, each with its choices.
Json pending_json(const core::Game& g);
Json eliminated_json(const core::Game& g, const core::Report& r);
// Adds the odds of a preview (attack, defence, computed, odds, multipliers).
void add_plan(Json& out, const core::Game& g, const core::AttackPlan& plan);
// Adds the Combat Results Table row of the plan's column for the web page's
// preview: "outcomes" (die by die, "modified_die" where a rule module moves
// the die, FR 9) and "chances" (fractions of six, with the modifier), and with
// a modifier "chances_without" (the same without it). Replaces the "chances"
// counts add_plan gives a modified attack.
void add_crt_row(Json& out, const core::AttackPlan& plan);
// Adds a combat report's fields (and the die and result when rolled).
void add_combat(Json& out, const core::Game& g, const core::CombatReport& c);

// Replies: {"ok":true} and {"ok":false,"error":..,"rule":..}.
Json ok_reply();
Json error_reply(const core::Error& e);

// One line of JSON: never throws (invalid UTF-8 is replaced).
std::string dump_line(const Json& j);

}  // namespace bg::protocol
