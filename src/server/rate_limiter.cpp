#include "server/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace bg::server {

const Rate& RateLimiter::rate(RateKind k) const {
  switch (k) {
    case RateKind::Create:
      return limits_.create;
    case RateKind::Actions:
      return limits_.actions;
    case RateKind::TokenFailures:
      return limits_.token_failures;
  }
  return limits_.actions;
}

RateLimiter::Bucket& RateLimiter::refill(RateKind kind, Client& c, Clock::time_point now) {
  const Rate& r = rate(kind);
  Bucket& b = c.buckets[static_cast<int>(kind)];
  if (b.level < 0) {
    b.level = r.burst;
  } else {
    const double dt = std::chrono::duration<double>(now - b.at).count();
    b.level = std::min(r.burst, b.level + dt * r.per_second);
  }
  b.at = now;
  c.seen = now;
  return b;
}

int RateLimiter::wait_for(RateKind kind, const Bucket& b) const {
  const double missing = 1.0 - b.level;
  return std::max(1, static_cast<int>(std::ceil(missing / rate(kind).per_second)));
}

int RateLimiter::take(RateKind kind, const std::string& client) {
  if (rate(kind).per_second <= 0) return 0;
  const auto now = Clock::now();
  std::lock_guard lock(mu_);
  sweep(now);
  Bucket& b = refill(kind, clients_[client], now);
  if (b.level < 1.0) return wait_for(kind, b);
  b.level -= 1.0;
  return 0;
}

int RateLimiter::blocked(RateKind kind, const std::string& client) {
  if (rate(kind).per_second <= 0) return 0;
  const auto now = Clock::now();
  std::lock_guard lock(mu_);
  auto it = clients_.find(client);
  if (it == clients_.end()) return 0;
  Bucket& b = refill(kind, it->second, now);
  return b.level < 1.0 ? wait_for(kind, b) : 0;
}

void RateLimiter::sweep(Clock::time_point now) {
  if (now - last_sweep_ < std::chrono::seconds(60)) return;
  last_sweep_ = now;
  // A client unseen for longer than any bucket takes to refill holds nothing.
  double longest = 0;
  for (RateKind k : {RateKind::Create, RateKind::Actions, RateKind::TokenFailures})
    if (rate(k).per_second > 0) longest = std::max(longest, rate(k).burst / rate(k).per_second);
  const auto idle = std::chrono::duration<double>(longest);
  std::erase_if(clients_, [&](const auto& e) { return now - e.second.seen > idle; });
}

size_t RateLimiter::clients() const {
  std::lock_guard lock(mu_);
  return clients_.size();
}

}  // namespace bg::server
