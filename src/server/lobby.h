// The games a server knows: created here or loaded from the store on first
// use (by replaying their actions), kept in memory while they are used, and
// evicted when idle: memory is bounded by the games in
// play, not by the games ever opened. An evicted game is reloaded from the
// store on its next request, with the same future (its dice come from its
// seed and its stored actions).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/game_room.h"

namespace bg::server {

struct LobbyLimits {
  // Games kept in memory at most; past it the least recently used idle game
  // goes. A game someone is using (a request in progress, an open page's
  // event stream) is never evicted, so there may briefly be more.
  size_t max_games = 1000;
  // A game nobody has used for this long is evicted (0: at the next sweep).
  std::chrono::seconds idle{600};
};

class Lobby {
 public:
  explicit Lobby(RoomEnv env, LobbyLimits limits = {}) : env_(std::move(env)), limits_(limits) {}

  Reply create(const Json& body);
  // A new hot-seat game from the first actions of `room` (POST .../branch,
  // GameRoom::branch_source), kept here like a created one.
  Reply branch(GameRoom& room, Seat seat, const Json& body);
  // Public facts of the stored games (no side's token), the newest change
  // first, one page of them (docs/server.md, GET /api/games). For the games
  // whose seats `tokens` open (a browser's own seats): which seats, and
  // whether it is their turn.
  Reply list(const ListQuery& q, const std::vector<std::string>& tokens);
  // The game, or null with `error` set (404 unknown, 500 damaged).
  std::shared_ptr<GameRoom> find(const std::string& id, Reply& error);
  // Evicts the games idle longer than the limit; returns how many went.
  size_t evict_idle();
  size_t in_memory() const;
  // The computer player of a game that names none (the server's --computer).
  const std::string& default_computer() const { return env_.computer; }
  // Another server stored revision `rev` of game `id` (GameStore::watch; an
  // empty id: any game). A copy held here tells its pages and reloads before
  // its next use; a game not held here is read afresh when it is next used.
  void stored_change(const std::string& id, int64_t rev);

 private:
  using Clock = std::chrono::steady_clock;
  struct Held {
    std::shared_ptr<GameRoom> room;
    Clock::time_point used;
  };
  // Whether nobody but the lobby holds the room and no page listens to it.
  // Caller holds mu_ (rooms are handed out only under it).
  bool evictable(const std::string& id, const Held& h) const;
  void evict(std::unordered_map<std::string, Held>::iterator it);
  void keep(const std::shared_ptr<GameRoom>& room);  // caller holds mu_
  // Reads and replays a stored game (without mu_).
  std::shared_ptr<GameRoom> load(const std::string& id, uint64_t version, Reply& error);

  RoomEnv env_;
  LobbyLimits limits_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Held> rooms_;
  std::unordered_set<std::string> loading_;  // being read and replayed
  // Another server's newest change of a game being loaded (-1: unknown); the
  // loaded copy is checked against it (stored_change).
  std::unordered_map<std::string, int64_t> changed_while_loading_;
  std::condition_variable loaded_;
  // The last version of each evicted game, so that its numbering goes on.
  std::unordered_map<std::string, uint64_t> evicted_versions_;
};

}  // namespace bg::server
