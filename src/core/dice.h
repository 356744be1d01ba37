// A seeded, deterministic six-sided die. Tests and tutorials may queue forced
// results; every roll is reported so the log replays exactly.
//
// A die may instead be committed (core/fair_dice.h): its rolls are drawn from
// the server's secret seed and both seats' contributions, the k-th roll by
// fair_roll(key, k), so a revealed seed proves every roll of the log.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/fair_dice.h"

namespace bg::core {

struct Roll {
  int value = 1;
  bool forced = false;
};

class Dice {
 public:
  explicit Dice(uint64_t seed = 1) : state_(seed) {}
  static Dice committed(const DiceKey& key) {
    Dice d;
    d.committed_ = true;
    d.key_ = key;
    return d;
  }
  Roll roll();
  void force(int value) { forced_.push_back(static_cast<uint8_t>(value)); }
  size_t forced_left() const { return forced_.size() - next_forced_; }
  std::vector<int> forced_queue() const;
  uint64_t state() const { return state_; }
  bool is_committed() const { return committed_; }
  // Rolls drawn from the committed key so far (the next roll's k).
  uint64_t drawn() const { return drawn_; }
  friend bool operator==(const Dice&, const Dice&) = default;

 private:
  uint64_t next();
  uint64_t state_;
  std::vector<uint8_t> forced_;
  size_t next_forced_ = 0;
  bool committed_ = false;
  uint64_t drawn_ = 0;
  DiceKey key_{};
};

}  // namespace bg::core
