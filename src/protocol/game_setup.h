// The parameters of a new game (the `new` command and the "new" object of a
// save file) and building the core Game they describe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/result.h"
#include "core/rules_config.h"
#include "core/unit.h"
#include "titles/new_params.h"

namespace bg::protocol {

using Json = nlohmann::ordered_json;

inline constexpr const char* kVersion = "0.1.0";

// The parameters of a new game are the titles layer's (titles/new_params.h);
// the protocol reads and writes them as text and JSON.
using titles::kMaxSeed;
using titles::NewParams;

// Names of the Standard Rules' optional rules, as `new ... options=` spells
// them. A title's own optional rules are named by the title (titles::OptionSpec).
inline constexpr const char* kOptAttackEffectiveness = "attack-effectiveness";
inline constexpr const char* kOptStrategicMovement = "strategic-movement";
inline constexpr const char* kOptCavalryRetreat = "cavalry-retreat";

// Checks every value (sizes, turns, night turns, the title's parameters), and
// builds a fresh game for validated parameters.
using titles::make_game;
using titles::validate;

// Sets an optional rule by name, the Standard Rules' or the title's; false
// for an unknown name.
bool set_option(NewParams& p, std::string_view name);
// The optional rules chosen: the Standard Rules', then the title's.
std::vector<std::string> option_names(const NewParams& p);
// What `options=` accepts for p's title, for error messages.
std::string option_list(const NewParams& p);

Json to_json(const NewParams& p);
core::Result<NewParams> new_params_from_json(const Json& j);

// The registered titles, their scenarios, parameters and options (`titles`).
Json titles_json();

}  // namespace bg::protocol
