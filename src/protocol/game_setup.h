// The parameters of a new game (the `new` command and the "new" object of a
// save file) and building the core Game they describe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/result.h"
#include "core/rules_config.h"
#include "core/unit.h"

namespace bg::protocol {

using Json = nlohmann::ordered_json;

inline constexpr const char* kVersion = "0.1.0";

// The largest seed a save file carries exactly in every JSON reader (2^53 - 1).
inline constexpr uint64_t kMaxSeed = 9007199254740991ull;

struct NewParams {
  std::string scenario = "sandbox";
  int cols = 24;
  int rows = 28;
  core::Edition edition = core::Edition::Spi1977;
  uint64_t seed = 1;
  core::Side first = core::Side::Union;
  int turns = 20;
  std::vector<int> night;  // night game-turns, ascending, no repeats
  bool attack_effectiveness = false;
  bool strategic_movement = false;
  bool cavalry_retreat = false;
};

// Names of the optional rules, as `new ... options=` spells them.
inline constexpr const char* kOptAttackEffectiveness = "attack-effectiveness";
inline constexpr const char* kOptStrategicMovement = "strategic-movement";
inline constexpr const char* kOptCavalryRetreat = "cavalry-retreat";

// Checks every value (sizes, turns, night turns, scenario).
core::Status validate(const NewParams& p);

// Sets an optional rule by name; false for an unknown name.
bool set_option(NewParams& p, std::string_view name);
std::vector<std::string> option_names(const NewParams& p);

Json to_json(const NewParams& p);
core::Result<NewParams> new_params_from_json(const Json& j);

// A fresh game for validated parameters.
core::Result<core::Game> make_game(const NewParams& p);

}  // namespace bg::protocol
