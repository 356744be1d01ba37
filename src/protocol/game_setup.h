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
#include "titles/road_to_richmond/rtr_citations.h"

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
  // Road to Richmond only: the exclusive rules' edition and the 1977
  // tournament options (standard rules under the revised edition).
  std::optional<titles::rtr::ExclusiveEdition> exclusive;  // none: not road-to-richmond
  bool advance_restrictions = false;                       // 22.1 / 18.5-18.6
  bool siege_train = false;                                // 22.2 / 21.2
  bool variable_reinforcements = false;                    // 22.3 / 17.6
  bool additional_vp = false;                              // 22.4 / 22.13-22.14
};

inline constexpr const char* kRoadToRichmond = "road-to-richmond";

// Names of the optional rules, as `new ... options=` spells them.
inline constexpr const char* kOptAttackEffectiveness = "attack-effectiveness";
inline constexpr const char* kOptStrategicMovement = "strategic-movement";
inline constexpr const char* kOptCavalryRetreat = "cavalry-retreat";
inline constexpr const char* kOptAdvanceRestrictions = "advance-restrictions";
inline constexpr const char* kOptSiegeTrain = "siege-train";
inline constexpr const char* kOptVariableReinforcements = "variable-reinforcements";
inline constexpr const char* kOptAdditionalVp = "additional-vp";
inline constexpr const char* kOptTournament = "tournament";  // all four above

// A road-to-richmond game's defaults: the scenario fixes the calendar (14.2 /
// 16.2-16.3); the exclusive rules default to the 1977 edition.
NewParams road_to_richmond_params();
// "1977" | "revised" (the title's own names, until titles register their
// parameters).
std::string_view exclusive_name(titles::rtr::ExclusiveEdition e);
std::optional<titles::rtr::ExclusiveEdition> parse_exclusive(std::string_view s);

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
