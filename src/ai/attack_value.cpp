#include "ai/attack_value.h"

#include <algorithm>

namespace bg::ai {

using core::CombatResult;

double result_value(CombatResult r, const AttackStakes& s) {
  switch (r) {
    case CombatResult::Ae:
      return -s.lose;
    case CombatResult::De:
      return s.win;
    case CombatResult::Ex:
      return s.win - s.exchange;
    case CombatResult::Ar:
      return -s.pushed;
    case CombatResult::Dr:
      return s.push;
  }
  return 0;
}

double expected_value(int column, int die_modifier, const AttackStakes& s) {
  double v = 0;
  for (int die = 1; die <= 6; ++die)
    v += result_value(core::crt(column, core::modified_die(die, die_modifier)), s);
  return v / 6.0;
}

double column_value(int column, const AttackStakes& s) {
  return expected_value(column, 0, s);
}

double combat_luck(const AttackStakes& s, int column, int die_modifier, int modified_die) {
  return result_value(core::crt(column, modified_die), s) - expected_value(column, die_modifier, s);
}

AttackValue best_column(int computed, const AttackStakes& s, int die_modifier) {
  AttackValue best;
  best.ev = -1e18;
  for (int c = computed; c >= 0; --c) {
    const double v = expected_value(c, die_modifier, s);
    if (v > best.ev + 1e-9) {
      best.ev = v;
      best.column = c;
    }
  }
  best.outcomes = core::faces_by_result(best.column, die_modifier);
  return best;
}

}  // namespace bg::ai
