// Live updates: each game has a version number that grows with every change.
// A page's event stream waits here for its game's version to move and then
// tells the page to fetch its own seat's view again. The hub carries no game
// data at all, so it can never leak one seat's secrets to another.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace bg::server {

class LiveHub {
 public:
  void publish(const std::string& game_id, uint64_t version);
  // Returns the game's version once it differs from `known`, or the same
  // version after `timeout` (a heartbeat), or nothing once shut down.
  std::optional<uint64_t> wait(const std::string& game_id, uint64_t known,
                               std::chrono::milliseconds timeout);
  // Wakes every waiter for good (the server is stopping).
  void shutdown();
  int waiting() const;

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, uint64_t> versions_;
  bool stopped_ = false;
  int waiting_ = 0;
};

}  // namespace bg::server
