#include "server/live_hub.h"

#include <vector>

namespace bg::server {

void LiveHub::publish(const std::string& game_id, uint64_t version) {
  // Called outside the lock: a listener may take other locks (a strand's
  // queue), and a subscriber leaving meanwhile only gets one late number.
  std::vector<Listener> to_call;
  {
    std::lock_guard lock(mu_);
    auto it = games_.find(game_id);
    if (it == games_.end()) return;
    to_call.reserve(it->second.size());
    for (const auto& [handle, l] : it->second) to_call.push_back(l);
  }
  for (const Listener& l : to_call) l(version);
}

uint64_t LiveHub::subscribe(const std::string& game_id, Listener listener) {
  std::lock_guard lock(mu_);
  const uint64_t handle = next_++;
  games_[game_id].emplace(handle, std::move(listener));
  ++total_;
  return handle;
}

void LiveHub::unsubscribe(const std::string& game_id, uint64_t handle) {
  std::lock_guard lock(mu_);
  auto it = games_.find(game_id);
  if (it == games_.end()) return;
  total_ -= it->second.erase(handle);
  if (it->second.empty()) games_.erase(it);
}

size_t LiveHub::listeners(const std::string& game_id) const {
  std::lock_guard lock(mu_);
  auto it = games_.find(game_id);
  return it == games_.end() ? 0 : it->second.size();
}

size_t LiveHub::listeners() const {
  std::lock_guard lock(mu_);
  return total_;
}

}  // namespace bg::server
