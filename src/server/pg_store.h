// The shared store: a PostgreSQL database that several `bluegray serve`
// instances use at once (behind a load balancer; docs/server.md,
// "PostgreSQL"). Through libpqxx (Debian's libpqxx-dev).
//
// One writer per game at a time: every write locks the game's row
// (SELECT ... FOR UPDATE) and checks its revision, so two servers never both
// extend the same history; the one that finds the game moved on writes
// nothing (Written::stale). Every committed write also NOTIFYs the channel
// `bluegray_games` with "<id> <revision>" (in the same transaction, so only
// committed writes are announced), and a listening connection on its own
// thread hands those to watch()'s listener: another server's open pages hear
// of a change within milliseconds.
//
// Durability: each write is committed (synchronous_commit, PostgreSQL's
// default) before the server replies.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <pqxx/pqxx>

#include "server/game_store.h"

namespace bg::server {

class PgStore final : public GameStore {
 public:
  static core::Result<std::unique_ptr<GameStore>> open(const std::string& uri);
  ~PgStore() override;

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
  void watch(ChangeListener listener) override;
  void unwatch() override;

 private:
  explicit PgStore(std::string uri);
  // Runs `body` in a transaction on the (re)connected connection; libpqxx's
  // exceptions become errors. Caller holds mu_.
  core::Status run(const std::function<void(pqxx::dbtransaction&)>& body);
  core::Result<Written> write(const std::string& id, int64_t rev, const std::string& summary,
                              const std::function<void(pqxx::dbtransaction&)>& body);
  void listen_loop();

  std::string uri_;
  std::string origin_;  // this store in its notices
  std::mutex mu_;       // one connection, used by one thread at a time
  std::unique_ptr<pqxx::connection> conn_;
  std::mutex listener_mu_;
  ChangeListener listener_;
  std::atomic<bool> stopping_{false};
  std::thread listen_thread_;
};

}  // namespace bg::server
