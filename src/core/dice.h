// A seeded, deterministic six-sided die. Tests and tutorials may queue forced
// results; every roll is reported so the log replays exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bg::core {

struct Roll {
  int value = 1;
  bool forced = false;
};

class Dice {
 public:
  explicit Dice(uint64_t seed = 1) : state_(seed) {}
  Roll roll();
  void force(int value) { forced_.push_back(static_cast<uint8_t>(value)); }
  size_t forced_left() const { return forced_.size() - next_forced_; }
  std::vector<int> forced_queue() const;
  uint64_t state() const { return state_; }
  friend bool operator==(const Dice&, const Dice&) = default;

 private:
  uint64_t next();
  uint64_t state_;
  std::vector<uint8_t> forced_;
  size_t next_forced_ = 0;
};

}  // namespace bg::core
