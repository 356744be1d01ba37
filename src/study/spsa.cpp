#include "study/spsa.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "ai/rng.h"

namespace bg::study {

Spsa::Spsa(std::vector<double> start, std::vector<double> lo, std::vector<double> hi,
           std::vector<double> step, SpsaParams params)
    : theta_(std::move(start)),
      lo_(std::move(lo)),
      hi_(std::move(hi)),
      step_(std::move(step)),
      p_(params) {
  for (size_t i = 0; i < theta_.size(); ++i) theta_[i] = std::clamp(theta_[i], lo_[i], hi_[i]);
}

Spsa::Probe Spsa::probe() const {
  Probe p;
  p.k = k_;
  p.ck = p_.c / std::pow(k_ + 1.0, p_.gamma);
  p.ak = p_.a / std::pow(k_ + 1.0 + p_.A, p_.alpha);
  // The signs of iteration k depend on the seed and k only.
  ai::Rng rng(p_.seed ^ (static_cast<uint64_t>(k_ + 1) * 0x9E3779B97F4A7C15ull));
  for (size_t i = 0; i < theta_.size(); ++i) {
    const int d = (rng.next() >> 63) ? 1 : -1;
    p.delta.push_back(d);
    p.plus.push_back(std::clamp(theta_[i] + p.ck * d * step_[i], lo_[i], hi_[i]));
    p.minus.push_back(std::clamp(theta_[i] - p.ck * d * step_[i], lo_[i], hi_[i]));
  }
  return p;
}

void Spsa::update(const Probe& p, double y_plus, double y_minus) {
  for (size_t i = 0; i < theta_.size(); ++i) {
    // The perturbation actually measured, in steps (clamping may shorten it).
    const double span = (p.plus[i] - p.minus[i]) / step_[i];
    if (std::abs(span) < 1e-12) continue;
    const double g = (y_plus - y_minus) / span;
    theta_[i] = std::clamp(theta_[i] + p.ak * g * step_[i], lo_[i], hi_[i]);
  }
  history_.push_back(theta_);
  ++k_;
}

core::Status Spsa::resume(std::vector<std::vector<double>> history) {
  if (k_ != 0) return core::error("", "the run has already played iterations");
  for (size_t h = 0; h < history.size(); ++h) {
    const std::string at = "iteration " + std::to_string(h + 1);
    if (history[h].size() != theta_.size())
      return core::error("", at + " has " + std::to_string(history[h].size()) +
                                 " parameters, the run tunes " + std::to_string(theta_.size()));
    for (size_t i = 0; i < theta_.size(); ++i)
      if (!std::isfinite(history[h][i]) || history[h][i] < lo_[i] || history[h][i] > hi_[i])
        return core::error("",
                           at + ": parameter " + std::to_string(i + 1) + " is outside its bounds");
  }
  if (!history.empty()) theta_ = history.back();
  k_ = static_cast<int>(history.size());
  history_ = std::move(history);
  return core::ok_status();
}

std::vector<double> Spsa::average() const {
  if (history_.empty()) return theta_;
  const size_t from = history_.size() / 2;
  std::vector<double> mean(theta_.size(), 0.0);
  for (size_t h = from; h < history_.size(); ++h)
    for (size_t i = 0; i < mean.size(); ++i) mean[i] += history_[h][i];
  for (double& m : mean) m /= static_cast<double>(history_.size() - from);
  return mean;
}

}  // namespace bg::study
