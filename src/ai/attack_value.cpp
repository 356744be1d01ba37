#include "ai/attack_value.h"

namespace bg::ai {

using core::CombatResult;

double column_value(int column, const AttackStakes& s) {
  double v = 0;
  for (int die = 1; die <= 6; ++die) {
    switch (core::crt(column, die)) {
      case CombatResult::Ae:
        v -= s.lose;
        break;
      case CombatResult::De:
        v += s.win;
        break;
      case CombatResult::Ex:
        v += s.win - s.exchange;
        break;
      case CombatResult::Ar:
        v -= s.pushed;
        break;
      case CombatResult::Dr:
        v += s.push;
        break;
    }
  }
  return v / 6.0;
}

AttackValue best_column(int computed, const AttackStakes& s) {
  AttackValue best;
  best.ev = -1e18;
  for (int c = computed; c >= 0; --c) {
    const double v = column_value(c, s);
    if (v > best.ev + 1e-9) {
      best.ev = v;
      best.column = c;
    }
  }
  for (int die = 1; die <= 6; ++die)
    ++best.outcomes[static_cast<size_t>(core::crt(best.column, die))];
  return best;
}

}  // namespace bg::ai
