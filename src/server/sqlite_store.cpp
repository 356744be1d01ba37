#include "server/sqlite_store.h"

#include <functional>
#include <memory>

namespace bg::server {

using core::Error;

namespace {

const char* const kSchema = R"sql(
CREATE TABLE IF NOT EXISTS games(
  id TEXT PRIMARY KEY,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  params TEXT NOT NULL,
  mode TEXT NOT NULL,
  computer TEXT NOT NULL DEFAULT '',
  summary TEXT NOT NULL DEFAULT '{}',
  rev INTEGER NOT NULL DEFAULT 0,
  computer_player TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS seats(
  game_id TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  PRIMARY KEY(game_id, seat));
CREATE TABLE IF NOT EXISTS actions(
  game_id TEXT NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY(game_id, seq));
CREATE TABLE IF NOT EXISTS fair_dice(
  game_id TEXT PRIMARY KEY REFERENCES games(id),
  seed TEXT NOT NULL,
  commitment TEXT NOT NULL,
  union_seed TEXT NOT NULL DEFAULT '',
  confederate_seed TEXT NOT NULL DEFAULT '',
  reveal_union INTEGER NOT NULL DEFAULT 0,
  reveal_confederate INTEGER NOT NULL DEFAULT 0,
  revealed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS notify(
  game_id TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  email TEXT NOT NULL,
  PRIMARY KEY(game_id, seat));
CREATE INDEX IF NOT EXISTS games_updated ON games(updated DESC, id DESC);
)sql";

const char* const kFairUpsert =
    "INSERT OR REPLACE INTO fair_dice(game_id, seed, commitment, union_seed, confederate_seed, "
    "reveal_union, reveal_confederate, revealed) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

// A column of `games` added since databases were first made: older databases
// get it with its default.
core::Status add_column(Database& db, const std::string& name, const std::string& decl) {
  auto q = db.prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = ?1");
  if (!q) return q.error();
  q->bind(1, name);
  if (q->step()) return core::ok_status();
  if (q->failed()) return Error{"", "database: " + q->error()};
  return db.exec("ALTER TABLE games ADD COLUMN " + name + " " + decl);
}

}  // namespace

core::Result<std::unique_ptr<GameStore>> SqliteStore::open(const std::string& path) {
  // Two servers on one database keep separate copies of a game and corrupt
  // its stored actions, so a database has one server at a time.
  FileLock lock;
  if (path != ":memory:") {
    auto held = FileLock::acquire(path + ".lock");
    if (!held) return held.error();
    lock = std::move(*held);
  }
  auto db = Database::open(path);
  if (!db) return db.error();
  // WAL: readers never block the writer and a commit is one append to the log.
  if (auto s = db->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                        "PRAGMA foreign_keys=ON;");
      !s)
    return s.error();
  if (auto s = db->exec(kSchema); !s) return s.error();
  // Games made before they had a revision are at 0; before they had their
  // own computer player, '' (the server's --computer plays them).
  if (auto s = add_column(*db, "rev", "INTEGER NOT NULL DEFAULT 0"); !s) return s.error();
  if (auto s = add_column(*db, "computer_player", "TEXT NOT NULL DEFAULT ''"); !s) return s.error();
  return std::unique_ptr<GameStore>(new SqliteStore(std::move(lock), std::move(*db)));
}

core::Status SqliteStore::transaction(const std::function<core::Status()>& body) {
  if (auto s = db_.exec("BEGIN IMMEDIATE"); !s) return s;
  core::Status s = body();
  if (!s) {
    (void)db_.exec("ROLLBACK");
    return s;
  }
  if (auto c = db_.exec("COMMIT"); !c) {
    (void)db_.exec("ROLLBACK");
    return c;
  }
  return core::ok_status();
}

core::Status SqliteStore::create(const StoredGame& g) {
  std::lock_guard lock(mu_);
  return transaction([&]() -> core::Status {
    auto ins = db_.prepare(
        "INSERT INTO games(id, created, updated, params, mode, computer, summary, "
        "computer_player) VALUES(?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7)");
    if (!ins) return ins.error();
    ins->bind(1, g.id).bind(2, g.created).bind(3, g.params).bind(4, g.mode).bind(5, g.computer);
    ins->bind(6, g.summary).bind(7, g.computer_player);
    if (auto s = ins->run(); !s) return s;
    auto seat = db_.prepare("INSERT INTO seats(game_id, seat, token) VALUES(?1, ?2, ?3)");
    if (!seat) return seat.error();
    for (const auto& [name, token] : g.seats) {
      seat->reset();
      seat->bind(1, g.id).bind(2, name).bind(3, token);
      if (auto s = seat->run(); !s) return s;
    }
    if (g.fair_dice)
      if (auto s = put_fair_dice(g.id, *g.fair_dice); !s) return s;
    auto act = db_.prepare("INSERT INTO actions(game_id, seq, action) VALUES(?1, ?2, ?3)");
    if (!act) return act.error();
    for (size_t i = 0; i < g.actions.size(); ++i) {
      act->reset();
      act->bind(1, g.id).bind(2, static_cast<int64_t>(i)).bind(3, g.actions[i]);
      if (auto s = act->run(); !s) return s;
    }
    return core::ok_status();
  });
}

core::Result<Written> SqliteStore::write(const std::string& id, int64_t rev,
                                         const std::string& summary,
                                         const std::function<core::Status()>& body) {
  Written w;
  auto s = transaction([&]() -> core::Status {
    auto q = db_.prepare("SELECT rev FROM games WHERE id = ?1");
    if (!q) return q.error();
    q->bind(1, id);
    if (!q->step())
      return Error{"", q->failed() ? "database: " + q->error() : "no stored game " + id};
    w.rev = q->integer(0);
    if (w.rev != rev) {
      w.stale = true;
      return core::ok_status();
    }
    if (auto b = body(); !b) return b;
    auto up = db_.prepare(
        "UPDATE games SET rev = rev + 1, updated = ?2, summary = COALESCE(?3, summary) "
        "WHERE id = ?1");
    if (!up) return up.error();
    up->bind(1, id).bind(2, store_now());
    if (summary.empty())
      up->bind_null(3);
    else
      up->bind(3, summary);
    w.rev = rev + 1;
    return up->run();
  });
  if (!s) return s.error();
  return w;
}

core::Result<Written> SqliteStore::append(const std::string& id, int64_t rev, size_t first_seq,
                                          const std::vector<std::string>& actions,
                                          const std::string& summary) {
  std::lock_guard lock(mu_);
  return write(id, rev, summary, [&]() -> core::Status {
    auto act = db_.prepare("INSERT INTO actions(game_id, seq, action) VALUES(?1, ?2, ?3)");
    if (!act) return act.error();
    for (size_t i = 0; i < actions.size(); ++i) {
      act->reset();
      act->bind(1, id).bind(2, static_cast<int64_t>(first_seq + i)).bind(3, actions[i]);
      if (auto s = act->run(); !s) return s;
    }
    return core::ok_status();
  });
}

core::Status SqliteStore::put_fair_dice(const std::string& id, const StoredFairDice& f) {
  auto q = db_.prepare(kFairUpsert);
  if (!q) return q.error();
  q->bind(1, id).bind(2, f.seed).bind(3, f.commitment).bind(4, f.union_seed);
  q->bind(5, f.confederate_seed).bind(6, int64_t{f.reveal_union});
  q->bind(7, int64_t{f.reveal_confederate}).bind(8, int64_t{f.revealed});
  return q->run();
}

core::Result<Written> SqliteStore::update_fair_dice(const std::string& id, int64_t rev,
                                                    const StoredFairDice& f) {
  std::lock_guard lock(mu_);
  return write(id, rev, "", [&]() -> core::Status { return put_fair_dice(id, f); });
}

core::Result<Written> SqliteStore::truncate(const std::string& id, int64_t rev, size_t keep,
                                            const std::string& summary) {
  std::lock_guard lock(mu_);
  return write(id, rev, summary, [&]() -> core::Status {
    auto del = db_.prepare("DELETE FROM actions WHERE game_id = ?1 AND seq >= ?2");
    if (!del) return del.error();
    del->bind(1, id).bind(2, static_cast<int64_t>(keep));
    return del->run();
  });
}

core::Result<std::optional<StoredGame>> SqliteStore::load(const std::string& id) {
  std::lock_guard lock(mu_);
  auto q = db_.prepare(
      "SELECT created, params, mode, computer, summary, rev, computer_player FROM games "
      "WHERE id = ?1");
  if (!q) return q.error();
  q->bind(1, id);
  if (!q->step()) {
    if (q->failed()) return Error{"", "database: " + q->error()};
    return std::optional<StoredGame>{};
  }
  StoredGame g;
  g.id = id;
  g.created = q->integer(0);
  g.params = q->text(1);
  g.mode = q->text(2);
  g.computer = q->text(3);
  g.summary = q->text(4);
  g.rev = q->integer(5);
  g.computer_player = q->text(6);
  auto seats = db_.prepare("SELECT seat, token FROM seats WHERE game_id = ?1");
  if (!seats) return seats.error();
  seats->bind(1, id);
  while (seats->step()) g.seats[seats->text(0)] = seats->text(1);
  if (seats->failed()) return Error{"", "database: " + seats->error()};
  auto acts = db_.prepare("SELECT seq, action FROM actions WHERE game_id = ?1 ORDER BY seq");
  if (!acts) return acts.error();
  acts->bind(1, id);
  while (acts->step()) {
    if (acts->integer(0) != static_cast<int64_t>(g.actions.size()))
      return Error{"", "stored game " + id + " has a gap in its actions"};
    g.actions.push_back(acts->text(1));
  }
  if (acts->failed()) return Error{"", "database: " + acts->error()};
  auto fair = db_.prepare(
      "SELECT seed, commitment, union_seed, confederate_seed, reveal_union, reveal_confederate, "
      "revealed FROM fair_dice WHERE game_id = ?1");
  if (!fair) return fair.error();
  fair->bind(1, id);
  if (fair->step()) {
    StoredFairDice f;
    f.seed = fair->text(0);
    f.commitment = fair->text(1);
    f.union_seed = fair->text(2);
    f.confederate_seed = fair->text(3);
    f.reveal_union = fair->integer(4) != 0;
    f.reveal_confederate = fair->integer(5) != 0;
    f.revealed = fair->integer(6) != 0;
    g.fair_dice = std::move(f);
  }
  if (fair->failed()) return Error{"", "database: " + fair->error()};
  return std::optional<StoredGame>(std::move(g));
}

core::Result<std::vector<GameSummary>> SqliteStore::list(const ListQuery& lq) {
  std::lock_guard lock(mu_);
  auto q = db_.prepare(
      "SELECT g.id, g.created, g.updated, g.mode, g.computer, g.params, g.summary, "
      "COALESCE(s.token, ''), g.computer_player FROM games g LEFT JOIN seats s "
      "ON s.game_id = g.id AND s.seat = 'spectator' "
      "WHERE ?1 IS NULL OR g.updated < ?1 OR (g.updated = ?1 AND g.id < ?2) "
      "ORDER BY g.updated DESC, g.id DESC LIMIT ?3");
  if (!q) return q.error();
  if (lq.after)
    q->bind(1, lq.after->first).bind(2, lq.after->second);
  else
    q->bind_null(1).bind_null(2);
  q->bind(3, static_cast<int64_t>(lq.limit));
  std::vector<GameSummary> out;
  while (q->step()) {
    GameSummary s;
    s.id = q->text(0);
    s.created = q->integer(1);
    s.updated = q->integer(2);
    s.mode = q->text(3);
    s.computer = q->text(4);
    s.params = q->text(5);
    s.summary = q->text(6);
    s.spectator_token = q->text(7);
    s.computer_player = q->text(8);
    out.push_back(std::move(s));
  }
  if (q->failed()) return Error{"", "database: " + q->error()};
  return out;
}

core::Result<std::vector<TokenSeat>> SqliteStore::seats_of(const std::vector<std::string>& tokens) {
  std::lock_guard lock(mu_);
  auto q = db_.prepare("SELECT game_id, seat FROM seats WHERE token = ?1");
  if (!q) return q.error();
  std::vector<TokenSeat> out;
  for (const std::string& t : tokens) {
    q->reset();
    q->bind(1, t);
    while (q->step()) out.push_back({q->text(0), q->text(1)});
    if (q->failed()) return Error{"", "database: " + q->error()};
  }
  return out;
}

core::Status SqliteStore::set_email(const std::string& id, const std::string& seat,
                                    const std::string& email) {
  std::lock_guard lock(mu_);
  auto q =
      email.empty()
          ? db_.prepare("DELETE FROM notify WHERE game_id = ?1 AND seat = ?2")
          : db_.prepare("INSERT OR REPLACE INTO notify(game_id, seat, email) VALUES(?1, ?2, ?3)");
  if (!q) return q.error();
  q->bind(1, id).bind(2, seat);
  if (!email.empty()) q->bind(3, email);
  return q->run();
}

core::Result<std::string> SqliteStore::email(const std::string& id, const std::string& seat) {
  std::lock_guard lock(mu_);
  auto q = db_.prepare("SELECT email FROM notify WHERE game_id = ?1 AND seat = ?2");
  if (!q) return q.error();
  q->bind(1, id).bind(2, seat);
  if (q->step()) return q->text(0);
  if (q->failed()) return Error{"", "database: " + q->error()};
  return std::string();
}

core::Result<std::string> SqliteStore::summary(const std::string& id) {
  std::lock_guard lock(mu_);
  auto q = db_.prepare("SELECT summary FROM games WHERE id = ?1");
  if (!q) return q.error();
  q->bind(1, id);
  if (q->step()) return q->text(0);
  if (q->failed()) return Error{"", "database: " + q->error()};
  return std::string();
}

}  // namespace bg::server
