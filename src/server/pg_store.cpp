#include "server/pg_store.h"

#include <chrono>
#include <cstdio>
#include <future>
#include <iostream>
#include <random>
#include <sstream>

namespace bg::server {

using core::Error;

namespace {

const char* const kChannel = "bluegray_games";

// Several servers may start at once on an empty database: the schema is made
// under a transaction-scoped advisory lock, so one makes it and the others
// find it made.
const char* const kSchema = R"sql(
SELECT pg_advisory_xact_lock(4242001);
CREATE TABLE IF NOT EXISTS games(
  id TEXT PRIMARY KEY,
  created BIGINT NOT NULL,
  updated BIGINT NOT NULL,
  params TEXT NOT NULL,
  mode TEXT NOT NULL,
  computer TEXT NOT NULL DEFAULT '',
  summary TEXT NOT NULL DEFAULT '{}',
  rev BIGINT NOT NULL DEFAULT 0);
-- Games made before they had their own computer player: '' (the server's
-- --computer plays them).
ALTER TABLE games ADD COLUMN IF NOT EXISTS computer_player TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS games_updated ON games(updated DESC);
CREATE TABLE IF NOT EXISTS seats(
  game_id TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  PRIMARY KEY(game_id, seat));
CREATE TABLE IF NOT EXISTS actions(
  game_id TEXT NOT NULL REFERENCES games(id),
  seq BIGINT NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY(game_id, seq));
CREATE TABLE IF NOT EXISTS fair_dice(
  game_id TEXT PRIMARY KEY REFERENCES games(id),
  seed TEXT NOT NULL,
  commitment TEXT NOT NULL,
  union_seed TEXT NOT NULL DEFAULT '',
  confederate_seed TEXT NOT NULL DEFAULT '',
  reveal_union BOOLEAN NOT NULL DEFAULT false,
  reveal_confederate BOOLEAN NOT NULL DEFAULT false,
  revealed BOOLEAN NOT NULL DEFAULT false);
CREATE TABLE IF NOT EXISTS notify(
  game_id TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  email TEXT NOT NULL,
  PRIMARY KEY(game_id, seat));
CREATE INDEX IF NOT EXISTS games_updated_id ON games(updated DESC, id DESC);
)sql";

const char* const kFairUpsert =
    "INSERT INTO fair_dice(game_id, seed, commitment, union_seed, confederate_seed, "
    "reveal_union, reveal_confederate, revealed) VALUES($1, $2, $3, $4, $5, $6, $7, $8) "
    "ON CONFLICT(game_id) DO UPDATE SET seed = $2, commitment = $3, union_seed = $4, "
    "confederate_seed = $5, reveal_union = $6, reveal_confederate = $7, revealed = $8";

void put_fair_dice(pqxx::dbtransaction& w, const std::string& id, const StoredFairDice& f) {
  w.exec_params(kFairUpsert, id, f.seed, f.commitment, f.union_seed, f.confederate_seed,
                f.reveal_union, f.reveal_confederate, f.revealed);
}

// Tells the channel's listeners of a committed write (NOTIFY is delivered at
// commit, and not at all if the transaction rolls back): "<id> <rev> <origin>".
void announce(pqxx::dbtransaction& w, const std::string& origin, const std::string& id,
              int64_t rev) {
  w.exec_params("SELECT pg_notify($1, $2)", kChannel,
                id + " " + std::to_string(rev) + " " + origin);
}

// Names this store in its notices, so that it does not take its own writes
// for another server's (they may arrive before the write has returned).
std::string random_origin() {
  std::random_device rd;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%08x%08x", rd(), rd());
  return buf;
}

// Gets the listener's notifications ("<id> <rev> <origin>"), other stores' only.
class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection_base& c, std::string origin,
           std::function<void(const std::string&, int64_t)> on)
      : pqxx::notification_receiver(c, kChannel), origin_(std::move(origin)), on_(std::move(on)) {}
  void operator()(const std::string& payload, int) override {
    std::istringstream in(payload);
    std::string id, origin;
    int64_t rev = 0;
    if (!(in >> id >> rev >> origin) || origin == origin_) return;
    on_(id, rev);
  }

 private:
  std::string origin_;
  std::function<void(const std::string&, int64_t)> on_;
};

}  // namespace

core::Result<std::unique_ptr<GameStore>> PgStore::open(const std::string& uri) {
  std::unique_ptr<PgStore> store(new PgStore(uri));
  std::lock_guard lock(store->mu_);
  auto s = store->run([](pqxx::dbtransaction& w) { w.exec(kSchema); });
  if (!s) return s.error();
  return std::unique_ptr<GameStore>(std::move(store));
}

PgStore::PgStore(std::string uri) : uri_(std::move(uri)), origin_(random_origin()) {}

PgStore::~PgStore() {
  unwatch();
}

core::Status PgStore::run(const std::function<void(pqxx::dbtransaction&)>& body) {
  try {
    if (!conn_ || !conn_->is_open()) conn_ = std::make_unique<pqxx::connection>(uri_);
    pqxx::work w(*conn_);
    body(w);
    w.commit();
    return core::ok_status();
  } catch (const pqxx::broken_connection& e) {
    conn_.reset();  // the next call connects anew
    return Error{"", "database " + GameStore::shown(uri_) + ": " + e.what()};
  } catch (const std::exception& e) {
    return Error{"", std::string("database: ") + e.what()};
  }
}

core::Status PgStore::create(const StoredGame& g) {
  std::lock_guard lock(mu_);
  return run([&](pqxx::dbtransaction& w) {
    w.exec_params(
        "INSERT INTO games(id, created, updated, params, mode, computer, summary, rev, "
        "computer_player) VALUES($1, $2, $2, $3, $4, $5, $6, 0, $7)",
        g.id, g.created, g.params, g.mode, g.computer, g.summary, g.computer_player);
    for (const auto& [name, token] : g.seats)
      w.exec_params("INSERT INTO seats(game_id, seat, token) VALUES($1, $2, $3)", g.id, name,
                    token);
    if (g.fair_dice) put_fair_dice(w, g.id, *g.fair_dice);
    for (size_t i = 0; i < g.actions.size(); ++i)
      w.exec_params("INSERT INTO actions(game_id, seq, action) VALUES($1, $2, $3)", g.id,
                    static_cast<int64_t>(i), g.actions[i]);
    announce(w, origin_, g.id, 0);
  });
}

// The game's row is locked until the transaction ends: a second server
// writing the same game waits here, then finds the revision moved on.
core::Result<Written> PgStore::write(const std::string& id, int64_t rev, const std::string& summary,
                                     const std::function<void(pqxx::dbtransaction&)>& body) {
  Written out;
  bool missing = false;
  auto s = run([&](pqxx::dbtransaction& w) {
    out = Written{};
    const pqxx::result r = w.exec_params("SELECT rev FROM games WHERE id = $1 FOR UPDATE", id);
    missing = r.empty();
    if (missing) return;
    out.rev = r[0][0].as<int64_t>();
    if (out.rev != rev) {
      out.stale = true;
      return;
    }
    body(w);
    if (summary.empty())
      w.exec_params("UPDATE games SET rev = rev + 1, updated = $2 WHERE id = $1", id, store_now());
    else
      w.exec_params("UPDATE games SET rev = rev + 1, updated = $2, summary = $3 WHERE id = $1", id,
                    store_now(), summary);
    out.rev = rev + 1;
    announce(w, origin_, id, out.rev);
  });
  if (!s) return s.error();
  if (missing) return Error{"", "no stored game " + id};
  return out;
}

core::Result<Written> PgStore::append(const std::string& id, int64_t rev, size_t first_seq,
                                      const std::vector<std::string>& actions,
                                      const std::string& summary) {
  std::lock_guard lock(mu_);
  return write(id, rev, summary, [&](pqxx::dbtransaction& w) {
    for (size_t i = 0; i < actions.size(); ++i)
      w.exec_params("INSERT INTO actions(game_id, seq, action) VALUES($1, $2, $3)", id,
                    static_cast<int64_t>(first_seq + i), actions[i]);
  });
}

core::Result<Written> PgStore::update_fair_dice(const std::string& id, int64_t rev,
                                                const StoredFairDice& f) {
  std::lock_guard lock(mu_);
  return write(id, rev, "", [&](pqxx::dbtransaction& w) { put_fair_dice(w, id, f); });
}

core::Result<Written> PgStore::truncate(const std::string& id, int64_t rev, size_t keep,
                                        const std::string& summary) {
  std::lock_guard lock(mu_);
  return write(id, rev, summary, [&](pqxx::dbtransaction& w) {
    w.exec_params("DELETE FROM actions WHERE game_id = $1 AND seq >= $2", id,
                  static_cast<int64_t>(keep));
  });
}

core::Result<std::optional<StoredGame>> PgStore::load(const std::string& id) {
  std::lock_guard lock(mu_);
  std::optional<StoredGame> out;
  bool gap = false;
  auto s = run([&](pqxx::dbtransaction& w) {
    // One snapshot: the revision read is the revision of the actions read.
    w.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    out.reset();
    const pqxx::result g = w.exec_params(
        "SELECT created, params, mode, computer, summary, rev, computer_player FROM games "
        "WHERE id = $1",
        id);
    if (g.empty()) return;
    StoredGame sg;
    sg.id = id;
    sg.created = g[0][0].as<int64_t>();
    sg.params = g[0][1].as<std::string>();
    sg.mode = g[0][2].as<std::string>();
    sg.computer = g[0][3].as<std::string>();
    sg.summary = g[0][4].as<std::string>();
    sg.rev = g[0][5].as<int64_t>();
    sg.computer_player = g[0][6].as<std::string>();
    for (const auto& row : w.exec_params("SELECT seat, token FROM seats WHERE game_id = $1", id))
      sg.seats[row[0].as<std::string>()] = row[1].as<std::string>();
    for (const auto& row :
         w.exec_params("SELECT seq, action FROM actions WHERE game_id = $1 ORDER BY seq", id)) {
      if (row[0].as<int64_t>() != static_cast<int64_t>(sg.actions.size())) gap = true;
      sg.actions.push_back(row[1].as<std::string>());
    }
    const pqxx::result f = w.exec_params(
        "SELECT seed, commitment, union_seed, confederate_seed, reveal_union, "
        "reveal_confederate, revealed FROM fair_dice WHERE game_id = $1",
        id);
    if (!f.empty()) {
      StoredFairDice fd;
      fd.seed = f[0][0].as<std::string>();
      fd.commitment = f[0][1].as<std::string>();
      fd.union_seed = f[0][2].as<std::string>();
      fd.confederate_seed = f[0][3].as<std::string>();
      fd.reveal_union = f[0][4].as<bool>();
      fd.reveal_confederate = f[0][5].as<bool>();
      fd.revealed = f[0][6].as<bool>();
      sg.fair_dice = std::move(fd);
    }
    out = std::move(sg);
  });
  if (!s) return s.error();
  if (gap) return Error{"", "stored game " + id + " has a gap in its actions"};
  return out;
}

core::Result<std::vector<GameSummary>> PgStore::list(const ListQuery& lq) {
  std::lock_guard lock(mu_);
  std::vector<GameSummary> out;
  const bool after = lq.after.has_value();
  auto s = run([&](pqxx::dbtransaction& w) {
    out.clear();
    const pqxx::result r = w.exec_params(
        "SELECT g.id, g.created, g.updated, g.mode, g.computer, g.params, g.summary, "
        "COALESCE(s.token, ''), g.computer_player FROM games g LEFT JOIN seats s "
        "ON s.game_id = g.id AND s.seat = 'spectator' "
        "WHERE NOT $1 OR g.updated < $2 OR (g.updated = $2 AND g.id < $3) "
        "ORDER BY g.updated DESC, g.id DESC LIMIT $4",
        after, after ? lq.after->first : int64_t{0}, after ? lq.after->second : std::string(),
        static_cast<int64_t>(lq.limit));
    for (const auto& row : r) {
      GameSummary g;
      g.id = row[0].as<std::string>();
      g.created = row[1].as<int64_t>();
      g.updated = row[2].as<int64_t>();
      g.mode = row[3].as<std::string>();
      g.computer = row[4].as<std::string>();
      g.params = row[5].as<std::string>();
      g.summary = row[6].as<std::string>();
      g.spectator_token = row[7].as<std::string>();
      g.computer_player = row[8].as<std::string>();
      out.push_back(std::move(g));
    }
  });
  if (!s) return s.error();
  return out;
}

core::Result<std::vector<TokenSeat>> PgStore::seats_of(const std::vector<std::string>& tokens) {
  std::lock_guard lock(mu_);
  std::vector<TokenSeat> out;
  auto s = run([&](pqxx::dbtransaction& w) {
    out.clear();
    for (const std::string& t : tokens)
      for (const auto& row : w.exec_params("SELECT game_id, seat FROM seats WHERE token = $1", t))
        out.push_back({row[0].as<std::string>(), row[1].as<std::string>()});
  });
  if (!s) return s.error();
  return out;
}

core::Status PgStore::set_email(const std::string& id, const std::string& seat,
                                const std::string& email) {
  std::lock_guard lock(mu_);
  return run([&](pqxx::dbtransaction& w) {
    if (email.empty())
      w.exec_params("DELETE FROM notify WHERE game_id = $1 AND seat = $2", id, seat);
    else
      w.exec_params(
          "INSERT INTO notify(game_id, seat, email) VALUES($1, $2, $3) "
          "ON CONFLICT(game_id, seat) DO UPDATE SET email = $3",
          id, seat, email);
  });
}

core::Result<std::string> PgStore::email(const std::string& id, const std::string& seat) {
  std::lock_guard lock(mu_);
  std::string out;
  auto s = run([&](pqxx::dbtransaction& w) {
    const pqxx::result r =
        w.exec_params("SELECT email FROM notify WHERE game_id = $1 AND seat = $2", id, seat);
    out = r.empty() ? std::string() : r[0][0].as<std::string>();
  });
  if (!s) return s.error();
  return out;
}

core::Result<std::string> PgStore::summary(const std::string& id) {
  std::lock_guard lock(mu_);
  std::string out;
  auto s = run([&](pqxx::dbtransaction& w) {
    const pqxx::result r = w.exec_params("SELECT summary FROM games WHERE id = $1", id);
    out = r.empty() ? std::string() : r[0][0].as<std::string>();
  });
  if (!s) return s.error();
  return out;
}

// ---- other servers' writes -----------------------------------------------------

void PgStore::watch(ChangeListener listener) {
  unwatch();
  {
    std::lock_guard lock(listener_mu_);
    listener_ = std::move(listener);
  }
  stopping_ = false;
  // watch() returns once the channel is listened to, so that no write after
  // it goes unheard (or after a few seconds, if the database cannot be reached:
  // the thread keeps trying, and then says that any game may have changed).
  auto ready = std::make_shared<std::promise<void>>();
  auto heard = ready->get_future();
  listen_thread_ = std::thread([this, ready] {
    bool first = true, lost = false;
    while (!stopping_) {
      try {
        pqxx::connection c(uri_);
        Receiver r(c, origin_, [this](const std::string& id, int64_t rev) {
          std::lock_guard lock(listener_mu_);
          if (listener_) listener_(id, rev);
        });
        if (first) ready->set_value();
        if (lost) {
          std::lock_guard lock(listener_mu_);
          if (listener_) listener_("", -1);
        }
        first = lost = false;
        while (!stopping_) c.await_notification(0, 200000);
      } catch (const std::exception& e) {
        std::cerr << "bluegray serve: listening to " << GameStore::shown(uri_) << ": " << e.what()
                  << std::endl;
        lost = true;
        for (int i = 0; i < 10 && !stopping_; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
    if (first) ready->set_value();
  });
  heard.wait_for(std::chrono::seconds(5));
}

void PgStore::unwatch() {
  stopping_ = true;
  if (listen_thread_.joinable()) listen_thread_.join();
  std::lock_guard lock(listener_mu_);
  listener_ = nullptr;
}

}  // namespace bg::server
