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
  int column = 0;                              // the column to ask for (<= computed)
  std::array<int, core::kResults> outcomes{};  // faces giving each result (faces_by_result)
};

// What one result of the table is worth to the attacker.
double result_value(core::CombatResult r, const AttackStakes& s);
// The mean of result_value over the six faces of the die, read on `column`
// after the exclusive rules' change `die_modifier` (the die held to 1..6 as
// the core holds it: Resolver::roll_and_apply).
double expected_value(int column, int die_modifier, const AttackStakes& s);
// expected_value with no change to the die.
double column_value(int column, const AttackStakes& s);
// The attacker's luck in a resolved attack: what the row the die picked is
// worth, less what the die was expected to give. Its mean over the six faces
// is zero, whatever the stakes, so subtracting it from a rollout's value
// removes part of the dice' spread without biasing the value (a control
// variate, as backgammon programs' luck-adjusted rollouts).
double combat_luck(const AttackStakes& s, int column, int die_modifier, int modified_die);
// The best column in [0, computed] (ties keep the higher column), each read
// after the die's change (`die_modifier`, e.g. FR 9's commanders' ratings).
AttackValue best_column(int computed, const AttackStakes& s, int die_modifier = 0);

}  // namespace bg::ai
