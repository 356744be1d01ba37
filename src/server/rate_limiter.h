// Per-client rates: how many games a client may create, actions it
// may send and wrong tokens it may try, as token buckets: each kind refills at
// its rate up to its burst; a request that finds its bucket empty is answered
// 429 with the seconds until it would pass (Retry-After).
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace bg::server {

struct Rate {
  double per_second = 0;  // 0: unlimited
  double burst = 1;       // what an idle client may spend at once
};

struct RateLimits {
  Rate create{30.0 / 60.0, 30};          // games created: 30 a minute
  Rate actions{20.0, 40};                // actions, previews, undos, reach, hints: 20 a second
  Rate token_failures{20.0 / 60.0, 20};  // wrong or missing tokens: 20 a minute
};

enum class RateKind { Create, Actions, TokenFailures };

class RateLimiter {
 public:
  explicit RateLimiter(RateLimits limits = {}) : limits_(limits) {}
  // Spends one from the client's bucket: 0 if allowed, else the whole
  // seconds to wait before asking again (at least 1).
  int take(RateKind kind, const std::string& client);
  // The seconds to wait while the bucket is empty, without spending (0 if
  // not empty): token failures are spent only when a token fails, but an
  // empty bucket refuses every token check.
  int blocked(RateKind kind, const std::string& client);
  size_t clients() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Bucket {
    double level = -1;  // -1: not used yet (full)
    Clock::time_point at;
  };
  struct Client {
    Bucket buckets[3];
    Clock::time_point seen;
  };
  const Rate& rate(RateKind k) const;
  // Refills the bucket to now and returns it (caller holds mu_).
  Bucket& refill(RateKind kind, Client& c, Clock::time_point now);
  int wait_for(RateKind kind, const Bucket& b) const;
  void sweep(Clock::time_point now);  // forgets clients whose buckets are full again

  RateLimits limits_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Client> clients_;
  Clock::time_point last_sweep_{};
};

}  // namespace bg::server
