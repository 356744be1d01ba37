// The embedded store: one SQLite file, written by one server at a time (a
// lock file next to it).
//
// Durability: WAL mode; each write is one transaction committed before the
// server replies (synchronous=NORMAL: only a power loss could drop the last
// commits).
#pragma once

#include <mutex>

#include "server/file_lock.h"
#include "server/game_store.h"
#include "server/sqlite_db.h"

namespace bg::server {

class SqliteStore final : public GameStore {
 public:
  static core::Result<std::unique_ptr<GameStore>> open(const std::string& path);

  core::Status create(const StoredGame& g) override;
  core::Result<Written> append(const std::string& id, int64_t rev, size_t first_seq,
                               const std::vector<std::string>& actions,
                               const std::string& summary) override;
  core::Result<Written> update_fair_dice(const std::string& id, int64_t rev,
                                         const StoredFairDice& f) override;
  core::Result<Written> truncate(const std::string& id, int64_t rev, size_t keep,
                                 const std::string& summary) override;
  core::Result<std::optional<StoredGame>> load(const std::string& id) override;
  core::Result<std::vector<GameSummary>> list(const ListQuery& q) override;
  core::Result<std::vector<TokenSeat>> seats_of(const std::vector<std::string>& tokens) override;
  core::Status set_email(const std::string& id, const std::string& seat,
                         const std::string& email) override;
  core::Result<std::string> email(const std::string& id, const std::string& seat) override;
  core::Result<std::string> summary(const std::string& id) override;

 private:
  SqliteStore(FileLock lock, Database db) : lock_(std::move(lock)), db_(std::move(db)) {}
  core::Status transaction(const std::function<core::Status()>& body);
  // A write of game `id` made on revision `rev`: runs `body` and moves the
  // revision on in one transaction, or writes nothing if the game moved on.
  core::Result<Written> write(const std::string& id, int64_t rev, const std::string& summary,
                              const std::function<core::Status()>& body);
  core::Status put_fair_dice(const std::string& id, const StoredFairDice& f);  // holds mu_
  std::mutex mu_;  // one connection, used by one thread at a time
  FileLock lock_;  // <db>.lock: this server is the database's only writer
  Database db_;
};

}  // namespace bg::server
