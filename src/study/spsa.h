// Simultaneous Perturbation Stochastic Approximation (Spall, "Multivariate
// stochastic approximation using a simultaneous perturbation gradient
// approximation", IEEE TAC 1992): a maximiser for a noisy objective that costs
// two measurements per iteration whatever the number of parameters, which is
// what a match between engines is. Each iteration moves every parameter by
// +-c_k (in its own step units, the sign drawn from the seed), measures the
// two points, and steps along the estimated gradient by a_k. Bounds are kept
// by clamping. Deterministic for a seed.
#pragma once

#include <cstdint>
#include <vector>

#include "core/result.h"

namespace bg::study {

struct SpsaParams {
  double a = 0.5;        // step gain: a_k = a / (k + 1 + A)^alpha, in steps per unit of objective
  double c = 1.0;        // perturbation: c_k = c / (k + 1)^gamma, in steps
  double A = 5.0;        // stability constant (about a tenth of the iterations)
  double alpha = 0.602;  // Spall's recommended decay exponents
  double gamma = 0.101;
  uint64_t seed = 1;
};

class Spsa {
 public:
  // start, lo, hi and step have one entry per parameter; step > 0 is the
  // parameter's unit (perturbations and gains are measured in it).
  Spsa(std::vector<double> start, std::vector<double> lo, std::vector<double> hi,
       std::vector<double> step, SpsaParams params);

  // The current iteration's two points to measure.
  struct Probe {
    int k = 0;
    double ck = 0, ak = 0;
    std::vector<int> delta;  // +1 / -1 per parameter
    std::vector<double> plus, minus;
  };
  Probe probe() const;
  // Steps from the two measurements of `p` (higher is better) to the next iteration.
  void update(const Probe& p, double y_plus, double y_minus);

  // Continues a run stopped after history.size() iterations: `history` is
  // theta after each of them, as theta() gave it. The iterations that follow,
  // and the average, are then those of the run played without a stop. Refused
  // (nothing changed) if an entry has the wrong size, is not finite or is out
  // of bounds, or iterations were already played.
  core::Status resume(std::vector<std::vector<double>> history);

  const std::vector<double>& theta() const { return theta_; }
  // The mean of the iterates of the later half of the iterations done (the
  // iterate average damps the noise a single iterate carries); theta() before any.
  std::vector<double> average() const;
  int iteration() const { return k_; }

 private:
  std::vector<double> theta_, lo_, hi_, step_;
  SpsaParams p_;
  int k_ = 0;
  std::vector<std::vector<double>> history_;  // theta after each update
};

}  // namespace bg::study
