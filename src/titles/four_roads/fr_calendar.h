// The five scenarios of "Four Roads to Richmond" and their calendars (ruling
// R-FR-CALENDAR). The article gives set-ups and arrival times but no game
// lengths: every scenario starts at 6 am of its first day; a day has five
// three-hour daylight Game-Turns (6 am, 9 am, noon, 3 pm, 6 pm: the times the
// seed's arrivals use) and two night Game-Turns (FR 6's forts need two
// consecutive ones), seven a day.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/unit.h"

namespace bg::titles::four_roads {

inline constexpr int kTurnsPerDay = 7;
inline constexpr int kDayTurns = 5;

struct FrScenario {
  std::string_view name;     // as `new four-roads scenario=` spells it
  std::string_view display;  // "Fredericksburg"
  std::string_view summary;
  // The first day: day of the month, month (1-12), year.
  int day = 1;
  int month = 1;
  int year = 1862;
  core::Side first = core::Side::Union;
  int turns = 12;
  std::string_view why;  // the calendar's reasoning, in short (rulings.md has it in full)
};

// The five, in the article's order.
std::span<const FrScenario> fr_scenarios();
const FrScenario* find_fr_scenario(std::string_view name);

// Whether Game-Turn `turn` (1-based) is a night turn.
constexpr bool is_night_turn(int turn) {
  return (turn - 1) % kTurnsPerDay >= kDayTurns;
}

// When Game-Turn `turn` is played, for people: "13 December 1862, 9 am",
// "night of 13 December 1862 to 14 December 1862 (1st)".
std::string turn_time(const FrScenario& s, int turn);

}  // namespace bg::titles::four_roads
