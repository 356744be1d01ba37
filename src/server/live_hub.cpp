#include "server/live_hub.h"

namespace bg::server {

void LiveHub::publish(const std::string& game_id, uint64_t version) {
  {
    std::lock_guard lock(mu_);
    versions_[game_id] = version;
  }
  cv_.notify_all();
}

std::optional<uint64_t> LiveHub::wait(const std::string& game_id, uint64_t known,
                                      std::chrono::milliseconds timeout) {
  std::unique_lock lock(mu_);
  ++waiting_;
  const auto current = [&] {
    auto it = versions_.find(game_id);
    return it == versions_.end() ? known : it->second;
  };
  cv_.wait_for(lock, timeout, [&] { return stopped_ || current() != known; });
  --waiting_;
  if (stopped_) return std::nullopt;
  return current();
}

void LiveHub::shutdown() {
  {
    std::lock_guard lock(mu_);
    stopped_ = true;
  }
  cv_.notify_all();
}

int LiveHub::waiting() const {
  std::lock_guard lock(mu_);
  return waiting_;
}

}  // namespace bg::server
