// Stored games: the parameters of `new`, every accepted action in order (as
// the save file's log entries), and the seats' tokens. A game is rebuilt by
// replaying its actions; the store never interprets them. Each write is one
// transaction committed before the server replies, so killing the process
// never loses an acknowledged action. SQLite (sqlite_store.h) or PostgreSQL
// (pg_store.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"

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
  // The computer player (bg::ai::make_player spec, "ai-hard:stand"); empty
  // for a game stored before games had their own (the server's --computer).
  std::string computer_player;
  std::map<std::string, std::string> seats;  // seat name -> token
  std::vector<std::string> actions;          // log entries, JSON text, in order
  std::string summary;                       // small JSON for the games list
  std::optional<StoredFairDice> fair_dice;
  int64_t rev = 0;  // the revision loaded (GameStore::append and the other writes)
};

struct GameSummary {
  std::string id;
  int64_t created = 0;
  int64_t updated = 0;
  std::string mode;
  std::string computer;
  std::string computer_player;  // as StoredGame's
  std::string params;
  std::string summary;
  std::string spectator_token;
};

// A page of the stored games (GET /api/games): the newest change first
// (`updated`, then `id`, both descending), at most `limit`, after the last
// game of the previous page (keyset paging: a page is stable while games are
// played, and costs the same however deep it is).
struct ListQuery {
  size_t limit = 200;
  std::optional<std::pair<int64_t, std::string>> after;  // (updated, id)
};

// A seat a token opens (GameStore::seats_of).
struct TokenSeat {
  std::string game_id;
  std::string seat;
};

// What a write did. A write names the revision of the game it was made on
// (StoredGame::rev, moved on by every write); when the stored game has moved
// on since (another server wrote it), nothing is written and `stale` is set:
// the caller reloads the game rather than fork its history.
struct Written {
  bool stale = false;
  int64_t rev = 0;  // the game's revision now
};

// The stored games, behind one interface for SQLite (the embedded default,
// one server per file) and PostgreSQL (several servers sharing games). The
// store holds no policy: what to do about a stale write or another server's
// change is the caller's (GameRoom, Lobby).
class GameStore {
 public:
  // "postgresql://..." or "postgres://...": a PostgreSQL database (libpq's
  // connection URI); anything else: an SQLite file (":memory:" too).
  static core::Result<std::unique_ptr<GameStore>> open(const std::string& where);
  // `where` as it may be printed: a URI's password hidden.
  static std::string shown(const std::string& where);
  virtual ~GameStore() = default;

  // Stores a new game at revision 0.
  virtual core::Status create(const StoredGame& g) = 0;
  // Appends actions numbered first_seq, first_seq+1, ... in one transaction.
  virtual core::Result<Written> append(const std::string& id, int64_t rev, size_t first_seq,
                                       const std::vector<std::string>& actions,
                                       const std::string& summary) = 0;
  // Records a fair-dice game's contributions and reveal requests.
  virtual core::Result<Written> update_fair_dice(const std::string& id, int64_t rev,
                                                 const StoredFairDice& f) = 0;
  // Keeps the first `keep` actions (undo).
  virtual core::Result<Written> truncate(const std::string& id, int64_t rev, size_t keep,
                                         const std::string& summary) = 0;
  virtual core::Result<std::optional<StoredGame>> load(const std::string& id) = 0;
  virtual core::Result<std::vector<GameSummary>> list(const ListQuery& q) = 0;
  // The seats these tokens open (a browser's seats, for "your turn" in the
  // games list); unknown tokens are left out.
  virtual core::Result<std::vector<TokenSeat>> seats_of(const std::vector<std::string>& tokens) = 0;
  // Correspondence play: the e-mail address a seat is notified at ("" to
  // forget it), and the one registered ("" if none). Not part of the game's
  // history, so no revision: it is read when a mail is sent.
  virtual core::Status set_email(const std::string& id, const std::string& seat,
                                 const std::string& email) = 0;
  virtual core::Result<std::string> email(const std::string& id, const std::string& seat) = 0;
  // The game's summary as last stored (JSON text, "" for no such game): a
  // waiting "your turn" mail is checked against it when it goes, whichever
  // server wrote the game last.
  virtual core::Result<std::string> summary(const std::string& id) = 0;

  // Called with a game's id and new revision after every committed write by
  // another server on the store (never this store's own: they may arrive
  // before the write has returned), on the store's own thread; an empty id
  // means "any game may have changed" (the store lost track for a while).
  // Stores nobody else writes never call it.
  using ChangeListener = std::function<void(const std::string& id, int64_t rev)>;
  virtual void watch(ChangeListener listener) { (void)listener; }
  // Stops calling the listener (before what it calls goes away).
  virtual void unwatch() {}
};

// Unix seconds now (the stored games' clock).
int64_t store_now();

}  // namespace bg::server
