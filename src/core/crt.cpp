#include "core/crt.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace bg::core {

namespace {
using R = CombatResult;
// The 1977 chart, with the misprinted second "4-1" heading read as 5-1.
constexpr std::array<std::array<R, kColumns>, 6> kTable = {{
    {R::Ar, R::Ar, R::Dr, R::Dr, R::Dr, R::Dr, R::De, R::De, R::De, R::De},
    {R::Ar, R::Ar, R::Ar, R::Dr, R::Dr, R::Dr, R::Dr, R::Dr, R::De, R::De},
    {R::Ar, R::Ar, R::Ar, R::Ar, R::Dr, R::Dr, R::Dr, R::Dr, R::Dr, R::De},
    {R::Ae, R::Ar, R::Ar, R::Ar, R::Ar, R::Dr, R::Dr, R::Dr, R::Dr, R::Dr},
    {R::Ae, R::Ae, R::Ar, R::Ar, R::Ar, R::Ar, R::Dr, R::Ex, R::Ex, R::Dr},
    {R::Ae, R::Ae, R::Ae, R::Ae, R::Ar, R::Ar, R::Ex, R::Ex, R::Ex, R::Ex},
}};
constexpr std::array<std::string_view, kResults> kResultNames = {"Ae", "De", "Ex", "Ar", "Dr"};
constexpr std::array<std::string_view, kColumns> kColumnNames = {"1-5", "1-4", "1-3", "1-2", "1-1",
                                                                 "2-1", "3-1", "4-1", "5-1", "6-1"};
}  // namespace

std::string_view result_name(CombatResult r) {
  return kResultNames[static_cast<size_t>(r)];
}

std::string column_name(int column) {
  return std::string(kColumnNames.at(column));
}

std::optional<int> parse_column(std::string_view s) {
  std::string t(s);
  std::replace(t.begin(), t.end(), ':', '-');
  for (int i = 0; i < kColumns; ++i)
    if (kColumnNames[i] == t) return i;
  return std::nullopt;
}

int odds_column(int attack, int defence) {
  assert(attack > 0 && defence > 0);
  if (attack >= defence) return 4 + std::min(attack / defence, 6) - 1;
  const int k = (defence + attack - 1) / attack;  // 1-k, rounded up: the defender's favour
  return 4 - (std::min(k, 5) - 1);
}

CombatResult crt(int column, int die) {
  assert(column >= 0 && column < kColumns && die >= 1 && die <= 6);
  return kTable[die - 1][column];
}

std::array<int, kResults> faces_by_result(int column, int modifier) {
  std::array<int, kResults> n{};
  for (int die = 1; die <= 6; ++die)
    ++n[static_cast<size_t>(crt(column, modified_die(die, modifier)))];
  return n;
}

}  // namespace bg::core
