// A small, seeded, platform-independent random generator (xoshiro256**
// seeded through splitmix64). The standard distributions are
// implementation-defined, so every draw here is computed by hand: the same
// seed gives the same game on every compiler and library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace bg::ai {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { reseed(seed); }

  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n); n must be positive. (Lemire's multiply-shift; the tiny
  // bias is irrelevant for play and keeps the draw count fixed.)
  int below(int n) { return static_cast<int>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32); }
  // Uniform in [lo, hi].
  int range(int lo, int hi) { return lo + below(hi - lo + 1); }
  // True with probability p (0..1).
  bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }

  template <class C>
  void shuffle(C& c) {
    for (size_t i = c.size(); i > 1; --i) {
      const size_t j = static_cast<size_t>(below(static_cast<int>(i)));
      using std::swap;
      swap(c[i - 1], c[j]);
    }
  }
  template <class C>
  auto& pick(C& c) {
    return c[static_cast<size_t>(below(static_cast<int>(c.size())))];
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4]{};
};

}  // namespace bg::ai
