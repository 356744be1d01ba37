#pragma once

#include <chrono>

namespace bg::ai {

// The wall time a Movement Phase has used against its time cap
// (AiConfig::time_cap_s). The plan (oep_plan) and the checks of its
// finalists (replies, rollouts) share one cap, counted from the phase's
// start, so that the phase as a whole keeps to it.
class PhaseClock {
 public:
  PhaseClock() : start_(std::chrono::steady_clock::now()) {}
  explicit PhaseClock(std::chrono::steady_clock::time_point start) : start_(start) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // Whether `cap_s` seconds have passed since the start (a cap of 0: none).
  bool past(double cap_s) const { return cap_s > 0 && seconds() >= cap_s; }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace bg::ai
