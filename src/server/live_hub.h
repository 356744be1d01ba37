// Live updates: each game has a version number that grows with every change.
// An open page's event stream subscribes to its game here and is called with
// the new version whenever it moves; the page then fetches its own seat's
// view. The hub carries no game data at all, so it can never leak one seat's
// secrets to another. Subscribers are callbacks, not waiting threads: an open
// page costs a few hundred bytes, not a thread.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

namespace bg::server {

class LiveHub {
 public:
  // Called with the game's new version, on the publishing thread: it must
  // only hand the number on (e.g. post it to the connection's strand).
  using Listener = std::function<void(uint64_t version)>;

  void publish(const std::string& game_id, uint64_t version);
  // Returns a handle for unsubscribe().
  uint64_t subscribe(const std::string& game_id, Listener listener);
  void unsubscribe(const std::string& game_id, uint64_t handle);
  // Open streams on one game (a game with any is never evicted) and in all.
  size_t listeners(const std::string& game_id) const;
  size_t listeners() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::map<uint64_t, Listener>> games_;
  uint64_t next_ = 1;
  size_t total_ = 0;
};

}  // namespace bg::server
