#include "core/dice.h"

namespace bg::core {

// splitmix64: small state, good statistics, identical on every platform.
uint64_t Dice::next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Roll Dice::roll() {
  if (next_forced_ < forced_.size()) {
    const int v = forced_[next_forced_++];
    if (next_forced_ == forced_.size()) {
      forced_.clear();
      next_forced_ = 0;
    }
    return {v, true};
  }
  if (committed_) return {fair_roll(key_, drawn_++), false};
  // Rejection keeps the six faces exactly equally likely.
  constexpr uint64_t kLimit = UINT64_MAX - (UINT64_MAX % 6);
  uint64_t x;
  do {
    x = next();
  } while (x >= kLimit);
  return {static_cast<int>(x % 6) + 1, false};
}

std::vector<int> Dice::forced_queue() const {
  std::vector<int> out;
  for (size_t i = next_forced_; i < forced_.size(); ++i) out.push_back(forced_[i]);
  return out;
}

}  // namespace bg::core
