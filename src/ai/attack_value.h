// The expected value of an attack in Victory Points, read off the Combat
// Results Table (7.6) column by column, and the best column at or below the
// computed odds (voluntary reduction, 7.9: at 4-1 and 5-1 two results in six
// are exchanges, at 3-1 only one, so a strong attacker often does better by
// asking for less).
#pragma once

#include <array>

#include "core/crt.h"

namespace bg::ai {

struct AttackStakes {
  double win = 0;       // defenders eliminated (their strengths, plus any value the title adds)
  double lose = 0;      // the (non-bombarding) attackers eliminated (Ae)
  double exchange = 0;  // what the attacker gives up in an exchange
  double push = 0;      // defenders retreat (all of `win` when they cannot)
  double pushed = 0;    // attackers retreat (all of `lose` when they cannot)
};

struct AttackValue {
  double ev = 0;
  int column = 0;                 // the column to ask for (<= computed)
  std::array<int, 5> outcomes{};  // dice of six giving Ae, De, Ex, Ar, Dr
};

double column_value(int column, const AttackStakes& s);
// The best column in [0, computed] (ties keep the higher column).
AttackValue best_column(int computed, const AttackStakes& s);

}  // namespace bg::ai
