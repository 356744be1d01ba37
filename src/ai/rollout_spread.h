// How far a phase's rollouts spread (AiPlayer::rollout_spread): sums of
// squared deviations over the finalists' rollout values, counted in place
// because the count runs on ai-hard's per-phase path whether or not anyone
// reads it, and so adds no allocation there.
#pragma once

#include <algorithm>
#include <cstddef>

namespace bg::ai {

// The squared deviations, summed, and their degrees of freedom: within a
// finalist, of the values as the dice left them and with all their combat
// luck taken off; `common_*`, of the first round's values once each
// finalist's mean and each rollout's (its dice, shared by every finalist)
// are taken out, the spread that decides between finalists.
struct RolloutSpread {
  double rolled = 0, luckless = 0;
  long dof = 0;
  double common_rolled = 0, common_luckless = 0;
  long common_dof = 0;

  RolloutSpread& operator+=(const RolloutSpread& o) {
    rolled += o.rolled;
    luckless += o.luckless;
    dof += o.dof;
    common_rolled += o.common_rolled;
    common_luckless += o.common_luckless;
    common_dof += o.common_dof;
    return *this;
  }
};

// Σ (value(k) - mean)² over k < m.
template <class Value>
double within_ss(size_t m, Value value) {
  if (m == 0) return 0;
  double mean = 0, ss = 0;
  for (size_t k = 0; k < m; ++k) mean += value(k);
  mean /= static_cast<double>(m);
  for (size_t k = 0; k < m; ++k) ss += (value(k) - mean) * (value(k) - mean);
  return ss;
}

// The interaction (residual) sum of squares of a two-way table: the rows
// i < n that `in(i)` keeps, columns k < c, cells value(i, k); what is left
// once each row's mean and each column's are taken out. As the total less
// the rows' and the columns' sums, all about the grand mean, so no row or
// column means need storing; held at 0 against rounding.
template <class Include, class Value>
double interaction_ss(size_t n, size_t c, Include in, Value value) {
  size_t r = 0;
  double grand = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!in(i)) continue;
    ++r;
    for (size_t k = 0; k < c; ++k) grand += value(i, k);
  }
  if (r < 2 || c < 2) return 0;
  grand /= static_cast<double>(r * c);
  double total = 0, rows = 0, cols = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!in(i)) continue;
    double row = 0;
    for (size_t k = 0; k < c; ++k) {
      const double d = value(i, k) - grand;
      total += d * d;
      row += d;
    }
    rows += row * row / static_cast<double>(c);
  }
  for (size_t k = 0; k < c; ++k) {
    double col = 0;
    for (size_t i = 0; i < n; ++i)
      if (in(i)) col += value(i, k) - grand;
    cols += col * col / static_cast<double>(r);
  }
  return std::max(0.0, total - rows - cols);
}

}  // namespace bg::ai
