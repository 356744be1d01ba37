#include "titles/four_roads/fr_calendar.h"

#include <array>

namespace bg::titles::four_roads {

namespace {

// R-FR-CALENDAR: first player, length and reasoning per scenario.
constexpr std::array<FrScenario, 5> kScenarios = {{
    {"fredericksburg", "Fredericksburg",
     "13 December 1862: Burnside's grand divisions, across the Rappahannock on pontoons, "
     "assault Lee on Marye's Heights and Prospect Hill.",
     13, 12, 1862, core::Side::Union, 12,
     "13 December 6 am to 14 December 6 pm: the day of the assaults and the day Burnside "
     "weighed renewing them"},
    {"chancellorsville", "Chancellorsville",
     "30 April 1863: Hooker's flank march crosses the Rapidan while Sedgwick holds Lee at "
     "Fredericksburg.",
     30, 4, 1863, core::Side::Union, 26,
     "30 April 6 am to 3 May 6 pm: the crossings, Jackson's flank attack (2 May) and the "
     "fighting at Chancellorsville and Salem Church (3 May)"},
    {"wilderness", "The Wilderness",
     "5 May 1864: Grant crosses the Rapidan and Lee strikes him in the Wilderness.", 5, 5, 1864,
     core::Side::Union, 12,
     "5 May 6 am to 6 May 6 pm: the two days of the battle; Longstreet arrives on the "
     "first night"},
    {"spotsylvania-1", "Spotsylvania, part 1",
     "8 May 1864: the race for Spotsylvania Court House, Laurel Hill and the Mule Shoe.", 8, 5,
     1864, core::Side::Union, 33,
     "8 May 6 am to 12 May 6 pm: from Laurel Hill to the assault on the Mule Shoe"},
    {"spotsylvania-2", "Spotsylvania, part 2",
     "16 May 1864: Grant shifts east around Lee's lines before Spotsylvania Court House.", 16, 5,
     1864, core::Side::Union, 26,
     "16 May 6 am to 19 May 6 pm: the renewed assault of 18 May and Harris Farm (19 May), "
     "before Grant leaves for the North Anna"},
}};

constexpr std::array<std::string_view, kDayTurns> kHours = {"6 am", "9 am", "noon", "3 pm", "6 pm"};

constexpr std::array<std::string_view, 12> kMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};
// No scenario touches February, so no leap years.
constexpr std::array<int, 12> kMonthDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

struct Date {
  int day, month, year;
};

Date add_days(Date d, int n) {
  d.day += n;
  while (d.day > kMonthDays[static_cast<size_t>(d.month - 1)]) {
    d.day -= kMonthDays[static_cast<size_t>(d.month - 1)];
    if (++d.month > 12) {
      d.month = 1;
      ++d.year;
    }
  }
  return d;
}

std::string date_text(Date d) {
  return std::to_string(d.day) + " " + std::string(kMonths[static_cast<size_t>(d.month - 1)]) +
         " " + std::to_string(d.year);
}

}  // namespace

std::span<const FrScenario> fr_scenarios() {
  return kScenarios;
}

const FrScenario* find_fr_scenario(std::string_view name) {
  for (const FrScenario& s : kScenarios)
    if (s.name == name) return &s;
  return nullptr;
}

std::string turn_time(const FrScenario& s, int turn) {
  const int index = turn < 1 ? 0 : turn - 1;
  const Date day = add_days(Date{s.day, s.month, s.year}, index / kTurnsPerDay);
  const auto slot = static_cast<size_t>(index % kTurnsPerDay);
  if (slot < kDayTurns) return date_text(day) + ", " + std::string(kHours[slot]);
  const Date next = add_days(day, 1);
  return "night of " + date_text(day) + " to " + date_text(next) +
         (slot == kDayTurns ? " (1st)" : " (2nd)");
}

}  // namespace bg::titles::four_roads
