// The parameters of a new game: which title and scenario, the Standard Rules'
// edition and optional rules, the seed, the title's own parameters and
// options, and (the sandbox only) the map size and calendar. The protocol
// parses them from text or JSON; the title builds the game from them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "core/rules_config.h"
#include "core/unit.h"

namespace bg::titles {

class Title;

// The sandbox (registry.cpp): the title of parameters no one has chosen a
// title for.
const Title& sandbox_title();

// The largest seed a save file carries exactly in every JSON reader (2^53 - 1).
inline constexpr uint64_t kMaxSeed = 9007199254740991ull;

struct NewParams {
  // The registered title, looked up once by name (defaults_for); never null.
  const Title* title = &sandbox_title();
  std::string scenario = "sandbox";  // one of the title's scenarios
  int cols = 24;
  int rows = 28;
  core::Edition edition = core::Edition::Spi1977;
  uint64_t seed = 1;
  core::Side first = core::Side::Union;
  int turns = 20;
  std::vector<int> night;  // night game-turns, ascending, no repeats
  // The Standard Rules' optional rules.
  bool attack_effectiveness = false;  // 11.0 / DG 10.0
  bool strategic_movement = false;    // DG 11.1
  bool cavalry_retreat = false;       // DG 11.2
  // The title's own optional rules (expanded, in the title's order) and
  // parameters (every one of the title's keys, defaults filled in).
  std::vector<std::string> options;
  std::vector<std::pair<std::string, std::string>> params;

  bool has_option(std::string_view name) const;
  // The value of a title parameter ("" if the title has no such key).
  std::string param(std::string_view key) const;
  void set_param(std::string_view key, std::string value);

  // The core's rules for these parameters (edition, options, calendar, seed).
  core::RulesConfig rules() const;
};

// A title's scenario with its defaults: calendar, parameters. Refuses an
// unknown title or scenario, listing the known ones.
core::Result<NewParams> defaults_for(std::string_view title, std::string_view scenario = {});

// Checks every value against the title (sizes, turns, night turns, fixed
// calendars, parameter choices, option names).
core::Status validate(const NewParams& p);

// Adds a title's optional rule (and what it implies); false for an unknown name.
bool add_title_option(NewParams& p, std::string_view name);

// A fresh game for validated parameters.
core::Result<core::Game> make_game(const NewParams& p);

}  // namespace bg::titles
