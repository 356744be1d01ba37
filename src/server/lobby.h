// The games a server knows: created here or loaded from the store on first
// use (by replaying their actions), then kept in memory.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/game_room.h"

namespace bg::server {

class Lobby {
 public:
  explicit Lobby(RoomEnv env) : env_(env) {}

  Reply create(const Json& body);
  // Public facts of the stored games (no side's token), newest first.
  Reply list();
  // The game, or null with `error` set (404 unknown, 500 damaged).
  std::shared_ptr<GameRoom> find(const std::string& id, Reply& error);

 private:
  RoomEnv env_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<GameRoom>> rooms_;
};

}  // namespace bg::server
