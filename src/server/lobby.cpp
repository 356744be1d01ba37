#include "server/lobby.h"

#include <algorithm>
#include <map>
#include <vector>

namespace bg::server {

Reply Lobby::create(const Json& body) {
  std::shared_ptr<GameRoom> room;
  Reply r = GameRoom::create(body, env_, room);
  if (room) {
    std::lock_guard lock(mu_);
    keep(room);
  }
  return r;
}

Reply Lobby::branch(GameRoom& room, Seat seat, const Json& body) {
  protocol::NewParams params;
  std::vector<Json> entries;
  if (Reply r = room.branch_source(seat, body, params, entries); r.status != 200) return r;
  // Always at one screen: a "what if" is played by whoever asked for it.
  Json seating = Json::object();
  seating["mode"] = "hotseat";
  std::shared_ptr<GameRoom> made;
  Reply r = GameRoom::create_played(params, entries, seating, env_, made);
  if (made) {
    r.body["branched_from"] = Json{{"id", room.id()}, {"at", entries.size()}};
    std::lock_guard lock(mu_);
    keep(made);
  }
  return r;
}

namespace {

// The side to act in a stored summary ("" when nobody is: the game is over).
// Summaries stored before they carried "to_act" fall back on the phasing side.
std::string to_act_of(const Json& summary) {
  if (!summary.is_object()) return "";
  if (summary.contains("to_act"))
    return summary["to_act"].is_string() ? summary["to_act"].get<std::string>() : "";
  if (summary.value("over", false) || !summary.contains("phasing")) return "";
  return summary["phasing"].is_string() ? summary["phasing"].get<std::string>() : "";
}

// Whether it is the turn of `seat` in a game of `mode` where `to_act` acts
// next: a side's seat when that side is to act, the hot seat whenever a human
// side is (not the computer's).
bool seat_turn(const std::string& seat, const GameSummary& s, const std::string& to_act) {
  if (to_act.empty() || seat == "spectator") return false;
  if (seat == "hotseat") return to_act != s.computer;
  return seat == to_act;
}

}  // namespace

Reply Lobby::list(const ListQuery& q, const std::vector<std::string>& tokens) {
  auto games = env_.store->list(ListQuery{q.limit + 1, q.after});
  if (!games) return refuse(503, games.error());
  const bool more = games->size() > q.limit;
  if (more) games->resize(q.limit);
  // The seats the presented tokens open, by game.
  std::map<std::string, std::vector<std::string>> mine;
  if (!tokens.empty()) {
    auto seats = env_.store->seats_of(tokens);
    if (!seats) return refuse(503, seats.error());
    for (const TokenSeat& t : *seats) mine[t.game_id].push_back(t.seat);
  }
  Json out = Json::array();
  for (const GameSummary& s : *games) {
    Json j = Json::object();
    j["id"] = s.id;
    j["created"] = s.created;
    j["updated"] = s.updated;
    j["mode"] = s.mode;
    j["computer"] = s.computer.empty() ? Json(nullptr) : Json(s.computer);
    // The computer player's spec; a game stored before games had their own
    // plays the server's (GameRoom::restore).
    j["computer_player"] = s.computer.empty()          ? Json(nullptr)
                           : s.computer_player.empty() ? Json(env_.computer)
                                                       : Json(s.computer_player);
    j["new"] = Json::parse(s.params, nullptr, false);
    j["summary"] = Json::parse(s.summary, nullptr, false);
    const std::string to_act = to_act_of(j["summary"]);
    j["to_act"] = to_act.empty() ? Json(nullptr) : Json(to_act);
    // Correspondence play: for a seat whose token came with the request,
    // which seat it is and whether that seat is to act. A game opened at
    // both seats in one browser is the seat's turn if either seat's is.
    if (auto m = mine.find(s.id); m != mine.end()) {
      bool turn = false;
      for (const std::string& seat : m->second) turn = turn || seat_turn(seat, s, to_act);
      j["seats"] = m->second;
      j["your_turn"] = turn;
    }
    // Anyone who can see the list may watch a game played at one screen (hot
    // seat, against the computer): the spectator's view hides the secrets of
    // both sides and cannot act. A two-seat game's watch link is its players'
    // to give (they get it when the game is made): a public one would let
    // either player, or anyone, follow the game from a second window.
    if (!s.spectator_token.empty() && s.mode != "two-seat")
      j["watch"] = "/g/" + s.id + "#" + s.spectator_token;
    out.push_back(std::move(j));
  }
  Json j = Json::object();
  j["games"] = std::move(out);
  // The cursor of the next page: the last game's (updated, id).
  j["next"] =
      more ? Json(std::to_string(games->back().updated) + "." + games->back().id) : Json(nullptr);
  return ok(std::move(j));
}

std::shared_ptr<GameRoom> Lobby::find(const std::string& id, Reply& error) {
  const bool well_formed = id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
                             return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                           });
  if (!well_formed) {
    error = refuse(404, "no game " + id);
    return nullptr;
  }
  std::unique_lock lock(mu_);
  // One copy per game: a game being loaded is waited for, never loaded twice.
  // The loading itself (a replay of every stored action) runs outside the
  // lock, so that it does not hold up requests for other games.
  for (;;) {
    if (auto it = rooms_.find(id); it != rooms_.end()) {
      it->second.used = Clock::now();
      return it->second.room;
    }
    if (!loading_.count(id)) break;
    loaded_.wait(lock);
  }
  loading_.insert(id);
  uint64_t version = 1;
  if (auto v = evicted_versions_.find(id); v != evicted_versions_.end())
    version = v->second + 1;  // the reload is a change a page should notice
  lock.unlock();
  auto room = load(id, version, error);
  lock.lock();
  loading_.erase(id);
  int64_t missed = 0;  // another server's change heard while loading
  if (auto m = changed_while_loading_.find(id); m != changed_while_loading_.end()) {
    missed = m->second;
    changed_while_loading_.erase(m);
  }
  if (room) {
    evicted_versions_.erase(id);
    keep(room);
  }
  loaded_.notify_all();
  lock.unlock();
  // The copy may have been read before that change: it reloads if so.
  if (room && missed != 0) room->note_stored(missed);
  return room;
}

std::shared_ptr<GameRoom> Lobby::load(const std::string& id, uint64_t version, Reply& error) {
  auto stored = env_.store->load(id);
  if (!stored) {
    error = refuse(503, stored.error());
    return nullptr;
  }
  if (!*stored) {
    error = refuse(404, "no game " + id);
    return nullptr;
  }
  auto room = GameRoom::restore(**stored, env_, version);
  if (!room) {
    error = refuse(500, room.error());
    return nullptr;
  }
  return *room;
}

bool Lobby::evictable(const std::string& id, const Held& h) const {
  return h.room.use_count() == 1 && (env_.hub == nullptr || env_.hub->listeners(id) == 0);
}

void Lobby::evict(std::unordered_map<std::string, Held>::iterator it) {
  evicted_versions_[it->first] = it->second.room->version();
  rooms_.erase(it);
}

void Lobby::keep(const std::shared_ptr<GameRoom>& room) {
  rooms_[room->id()] = Held{room, Clock::now()};
  // Over the cap: the least recently used evictable games go. A linear scan,
  // run only when a game comes into memory past the cap.
  while (rooms_.size() > limits_.max_games) {
    auto oldest = rooms_.end();
    for (auto it = rooms_.begin(); it != rooms_.end(); ++it)
      if (it->second.room != room && evictable(it->first, it->second) &&
          (oldest == rooms_.end() || it->second.used < oldest->second.used))
        oldest = it;
    if (oldest == rooms_.end()) break;  // every game is in use
    evict(oldest);
  }
}

size_t Lobby::evict_idle() {
  std::lock_guard lock(mu_);
  const auto cutoff = Clock::now() - limits_.idle;
  size_t n = 0;
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    auto next = std::next(it);
    if (it->second.used <= cutoff && evictable(it->first, it->second)) {
      evict(it);
      ++n;
    }
    it = next;
  }
  return n;
}

void Lobby::stored_change(const std::string& id, int64_t rev) {
  std::vector<std::shared_ptr<GameRoom>> held;
  {
    std::lock_guard lock(mu_);
    if (id.empty()) {
      for (const auto& [game, h] : rooms_) held.push_back(h.room);
      for (const std::string& game : loading_) changed_while_loading_[game] = -1;
    } else if (auto it = rooms_.find(id); it != rooms_.end()) {
      held.push_back(it->second.room);
    } else if (loading_.count(id)) {
      int64_t& m = changed_while_loading_[id];
      m = rev < 0 || m < 0 ? -1 : std::max(m, rev);
    }
  }
  for (const auto& room : held) room->note_stored(id.empty() ? -1 : rev);
}

size_t Lobby::in_memory() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

}  // namespace bg::server
