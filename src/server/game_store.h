// Stored games in SQLite: the parameters of `new`, every accepted action in
// order (as the save file's log entries), and the seats' tokens. A game is
// rebuilt by replaying its actions; the store never interprets them.
//
// Durability: WAL mode; each append is one transaction committed before the
// server replies, so killing the process never loses an acknowledged action
// (synchronous=NORMAL: only a power loss could drop the last commits).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/file_lock.h"
#include "server/sqlite_db.h"

namespace bg::server {

// A fair-dice game's commitment (docs/server.md, "Fair dice"): the server's
// secret seed, never shown before it is revealed, and what the seats gave.
struct StoredFairDice {
  std::string seed;        // 64 hex digits
  std::string commitment;  // SHA-256(seed), 64 hex digits
  std::string union_seed;  // contributions, "" until made
  std::string confederate_seed;
  bool reveal_union = false;  // a seat asked to reveal the seed
  bool reveal_confederate = false;
  bool revealed = false;  // both asked
};

struct StoredGame {
  std::string id;
  int64_t created = 0;   // Unix seconds
  std::string params;    // the "new" object, JSON text
  std::string mode;      // "hotseat", "computer", "two-seat"
  std::string computer;  // the computer's side ("union"/"confederate"), empty if none
  std::map<std::string, std::string> seats;  // seat name -> token
  std::vector<std::string> actions;          // log entries, JSON text, in order
  std::string summary;                       // small JSON for the games list
  std::optional<StoredFairDice> fair_dice;
};

struct GameSummary {
  std::string id;
  int64_t created = 0;
  int64_t updated = 0;
  std::string mode;
  std::string computer;
  std::string params;
  std::string summary;
  std::string spectator_token;
};

class GameStore {
 public:
  static core::Result<std::unique_ptr<GameStore>> open(const std::string& path);

  core::Status create(const StoredGame& g);
  // Appends actions numbered first_seq, first_seq+1, ... in one transaction.
  core::Status append(const std::string& id, size_t first_seq,
                      const std::vector<std::string>& actions, const std::string& summary);
  // Records a fair-dice game's contributions and reveal requests.
  core::Status update_fair_dice(const std::string& id, const StoredFairDice& f);
  // Keeps the first `keep` actions (undo).
  core::Status truncate(const std::string& id, size_t keep, const std::string& summary);
  core::Result<std::optional<StoredGame>> load(const std::string& id);
  core::Result<std::vector<GameSummary>> list();

 private:
  GameStore(FileLock lock, Database db) : lock_(std::move(lock)), db_(std::move(db)) {}
  core::Status transaction(const std::function<core::Status()>& body);
  core::Status put_fair_dice(const std::string& id, const StoredFairDice& f);  // holds mu_
  std::mutex mu_;  // one connection, used by one thread at a time
  FileLock lock_;  // <db>.lock: this server is the database's only writer
  Database db_;
};

// Unix seconds now (the stored games' clock).
int64_t store_now();

}  // namespace bg::server
