// The rules a game is played under: edition, options, calendar. Fixed when a
// game starts; kept apart from the position and the history.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/unit.h"

namespace bg::core {

enum class Edition : uint8_t { Spi1977, Dg2016 };
std::string_view edition_name(Edition e);  // "spi1977" | "dg2016"
std::optional<Edition> parse_edition(std::string_view s);

struct RulesConfig {
  Edition edition = Edition::Spi1977;
  Side first = Side::Union;
  int turns = 20;
  std::bitset<64> night;  // night[t] for game-turn t (10.0)
  uint64_t seed = 1;

  // Optional rules.
  bool attack_effectiveness = false;  // 11.0 / DG 10.0
  bool strategic_movement = false;    // DG 11.1
  bool cavalry_retreat = false;       // DG 11.2

  // Attack Effectiveness is optional in 1977 (11.0) and a standard rule in the
  // 2016 edition (DG 10.0), which does not call it optional.
  bool ae() const { return attack_effectiveness || dg(); }

  bool is_night(int turn) const { return turn >= 0 && turn < 64 && night[turn]; }
  bool dg() const { return edition == Edition::Dg2016; }
};

}  // namespace bg::core
