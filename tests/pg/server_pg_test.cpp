// More than one server on one store ("More than one machine";
// docs/server.md, "PostgreSQL"): the store contract on SQLite and on a real
// PostgreSQL (tests/support/pg_cluster.h), a copy of a game that missed a change
// reloads rather than forks, two `bluegray serve` instances on one
// PostgreSQL share games and live updates, and kill -9 of one loses no
// acknowledged action.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "server/game_store.h"
#include "server/lobby.h"
#include "server/pg_store.h"
#include "server_test_util.h"

namespace {

using bg::server::GameStore;
using bg::server::StoredFairDice;
using bg::server::StoredGame;
using bg::server::test::action;
using bg::server::test::Json;
using bg::server::test::PgCluster;
using bg::server::test::skirmish;
using bg::server::test::TestServer;

// A fresh database of the named store.
std::string fresh_db(const std::string& store) {
  if (store == "sqlite") return bg::server::test::temp_db("games.sqlite");
  return PgCluster::shared().new_database();
}

std::string pg_db() {
  std::string uri = PgCluster::shared().new_database();
  EXPECT_FALSE(uri.empty()) << "no PostgreSQL for the test: " << PgCluster::shared().error();
  return uri;
}

StoredGame game(const std::string& id) {
  StoredGame g;
  g.id = id;
  g.created = 1700000000;
  g.params = R"({"scenario":"sandbox"})";
  g.mode = "two-seat";
  g.seats = {{"union", "tu-" + id}, {"confederate", "tc-" + id}, {"spectator", "ts-" + id}};
  g.actions = {R"({"kind":"a0"})", R"({"kind":"a1"})"};
  g.summary = R"({"turn":1})";
  return g;
}

class StoreContract : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string db = fresh_db(GetParam());
    ASSERT_FALSE(db.empty()) << PgCluster::shared().error();
    auto s = GameStore::open(db);
    ASSERT_TRUE(s) << s.error().message;
    store = std::move(*s);
  }
  std::unique_ptr<GameStore> store;
};

TEST_P(StoreContract, WhatIsStoredIsWhatIsLoadedAndListed) {
  StoredGame g = game("00000000000000a1");
  g.fair_dice =
      StoredFairDice{std::string(64, 'a'), std::string(64, 'b'), "u", "", true, false, false};
  ASSERT_TRUE(store->create(g));
  auto loaded = store->load(g.id);
  ASSERT_TRUE(loaded) << loaded.error().message;
  ASSERT_TRUE(loaded->has_value());
  const StoredGame& l = **loaded;
  EXPECT_EQ(l.params, g.params);
  EXPECT_EQ(l.mode, "two-seat");
  EXPECT_EQ(l.seats, g.seats);
  EXPECT_EQ(l.actions, g.actions);
  EXPECT_EQ(l.rev, 0);
  ASSERT_TRUE(l.fair_dice);
  EXPECT_EQ(l.fair_dice->union_seed, "u");
  EXPECT_TRUE(l.fair_dice->reveal_union);
  EXPECT_FALSE(l.fair_dice->reveal_confederate);
  auto none = store->load("00000000000000ff");
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->has_value());
  auto list = store->list({});
  ASSERT_TRUE(list);
  ASSERT_EQ(list->size(), 1u);
  EXPECT_EQ((*list)[0].spectator_token, "ts-" + g.id);
  EXPECT_EQ((*list)[0].summary, g.summary);
}

// Paging (GET /api/games): keyset pages by (updated, id), newest first, the
// same on both stores; the seats tokens open; a seat's mail address.
TEST_P(StoreContract, ListsInKeysetPagesFindsSeatsByTokenAndKeepsASeatsAddress) {
  for (const char* id : {"00000000000000b1", "00000000000000b2", "00000000000000b3"})
    ASSERT_TRUE(store->create(game(id)));
  auto page1 = store->list({2, std::nullopt});
  ASSERT_TRUE(page1) << page1.error().message;
  ASSERT_EQ(page1->size(), 2u);
  // Created in one second: the id breaks the tie, descending.
  EXPECT_EQ((*page1)[0].id, "00000000000000b3");
  EXPECT_EQ((*page1)[1].id, "00000000000000b2");
  auto page2 = store->list({2, std::make_pair((*page1)[1].updated, (*page1)[1].id)});
  ASSERT_TRUE(page2) << page2.error().message;
  ASSERT_EQ(page2->size(), 1u);
  EXPECT_EQ((*page2)[0].id, "00000000000000b1");

  auto seats = store->seats_of({"tc-00000000000000b2", "nobody", "tu-00000000000000b1"});
  ASSERT_TRUE(seats) << seats.error().message;
  ASSERT_EQ(seats->size(), 2u);
  EXPECT_EQ((*seats)[0].game_id, "00000000000000b2");
  EXPECT_EQ((*seats)[0].seat, "confederate");
  EXPECT_EQ((*seats)[1].game_id, "00000000000000b1");
  EXPECT_EQ((*seats)[1].seat, "union");

  EXPECT_EQ(*store->email("00000000000000b1", "union"), "");
  ASSERT_TRUE(store->set_email("00000000000000b1", "union", "a@example.org"));
  ASSERT_TRUE(store->set_email("00000000000000b1", "union", "b@example.org"));
  EXPECT_EQ(*store->email("00000000000000b1", "union"), "b@example.org");
  EXPECT_EQ(*store->email("00000000000000b1", "confederate"), "");
  ASSERT_TRUE(store->set_email("00000000000000b1", "union", ""));
  EXPECT_EQ(*store->email("00000000000000b1", "union"), "");
}

// Every write moves the revision on; a write made on an older revision (a
// copy that missed another server's change) writes nothing at all.
TEST_P(StoreContract, AWriteOnAnOldRevisionWritesNothing) {
  const StoredGame g = game("00000000000000a2");
  ASSERT_TRUE(store->create(g));
  auto w = store->append(g.id, 0, 2, {R"({"kind":"a2"})"}, R"({"turn":2})");
  ASSERT_TRUE(w) << w.error().message;
  EXPECT_FALSE(w->stale);
  EXPECT_EQ(w->rev, 1);
  // The same revision again: another copy of the game, one action behind.
  auto again = store->append(g.id, 0, 2, {R"({"kind":"fork"})"}, R"({"turn":9})");
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->stale);
  EXPECT_EQ(again->rev, 1);
  auto cut = store->truncate(g.id, 0, 1, "{}");
  ASSERT_TRUE(cut);
  EXPECT_TRUE(cut->stale);
  auto fair = store->update_fair_dice(g.id, 0, StoredFairDice{});
  ASSERT_TRUE(fair);
  EXPECT_TRUE(fair->stale);
  auto l = store->load(g.id);
  ASSERT_TRUE(l && l->has_value());
  EXPECT_EQ((*l)->actions,
            (std::vector<std::string>{R"({"kind":"a0"})", R"({"kind":"a1"})", R"({"kind":"a2"})"}));
  EXPECT_EQ((*l)->rev, 1);
  EXPECT_FALSE((*l)->fair_dice);
  auto list = store->list({});
  ASSERT_TRUE(list && list->size() == 1u);
  EXPECT_EQ((*list)[0].summary, R"({"turn":2})");
  // On the current revision the undo is written.
  auto undo = store->truncate(g.id, 1, 2, "{}");
  ASSERT_TRUE(undo);
  EXPECT_FALSE(undo->stale);
  EXPECT_EQ(undo->rev, 2);
  EXPECT_EQ((*store->load(g.id))->actions.size(), 2u);
  // A game that is not there is an error, not a stale write.
  EXPECT_FALSE(store->append("00000000000000ff", 0, 0, {"{}"}, "{}"));
}

std::string store_name(const testing::TestParamInfo<std::string>& info) {
  return info.param;
}

INSTANTIATE_TEST_SUITE_P(BothStores, StoreContract, testing::Values("sqlite", "postgresql"),
                         store_name);

// Two copies of one game on one store (as on two servers; in process, with
// no change notices, so the copy that missed the change only finds out when
// it writes): the late copy reloads and plays on top of the newest game.
class TwoCopies : public testing::TestWithParam<std::string> {};

TEST_P(TwoCopies, ACopyThatMissedAChangeReloadsAndActsOnTheNewest) {
  const std::string db = fresh_db(GetParam());
  ASSERT_FALSE(db.empty()) << PgCluster::shared().error();
  auto store = GameStore::open(db);
  ASSERT_TRUE(store) << store.error().message;
  bg::server::LiveHub hub_a, hub_b;
  bg::server::RoomEnv env_a, env_b;
  env_a.store = env_b.store = store->get();
  env_a.hub = &hub_a;
  env_b.hub = &hub_b;
  bg::server::Lobby a(env_a), b(env_b);
  const bg::server::Reply made = a.create(skirmish("hotseat"));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  bg::server::Reply err;
  auto room_a = a.find(id, err);
  auto room_b = b.find(id, err);
  ASSERT_TRUE(room_a && room_b);
  ASSERT_NE(room_a.get(), room_b.get());
  const auto seat = bg::server::Seat::Hotseat;
  ASSERT_EQ(room_a->act(seat, action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404"}}})).status,
            200);
  // B still holds the game before A's move.
  const bg::server::Reply moved =
      room_b->act(seat, action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}));
  ASSERT_EQ(moved.status, 200) << moved.body.dump();
  const Json view = room_b->view(seat).body;
  EXPECT_EQ(view["log"].size(), 7u) << "5 set-up actions, A's move and C's";
  EXPECT_EQ(view["log"][5]["action"]["unit"], "A");
  EXPECT_EQ(view["log"][6]["action"]["unit"], "C");
  // A page that saw the old game is told the game changed, not acted for.
  const uint64_t before = room_a->version();
  const bg::server::Reply late = room_a->act(
      seat, Json{{"action", {{"kind", "end"}}}, {"version", static_cast<int64_t>(before)}});
  EXPECT_EQ(late.status, 409) << late.body.dump();
  // Nothing forked: the stored game replays, with both moves once.
  auto l = (*store)->load(id);
  ASSERT_TRUE(l && l->has_value());
  EXPECT_EQ((*l)->actions.size(), 7u);
  bg::server::Lobby c(env_a);
  auto room_c = c.find(id, err);
  ASSERT_TRUE(room_c) << err.body.dump();
  EXPECT_EQ(room_c->view(seat).body["log"], view["log"]);
}

// A copy told of another server's change (a notice with the game's new
// revision, or "anything may have changed" after a lost connection) tells its
// pages and reloads before it is next shown.
TEST_P(TwoCopies, ACopyToldOfAChangeReloadsBeforeItIsShown) {
  const std::string db = fresh_db(GetParam());
  ASSERT_FALSE(db.empty()) << PgCluster::shared().error();
  auto store = GameStore::open(db);
  ASSERT_TRUE(store) << store.error().message;
  bg::server::LiveHub hub_a, hub_b;
  bg::server::RoomEnv env_a, env_b;
  env_a.store = env_b.store = store->get();
  env_a.hub = &hub_a;
  env_b.hub = &hub_b;
  bg::server::Lobby a(env_a), b(env_b);
  const bg::server::Reply made = a.create(skirmish("hotseat"));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  bg::server::Reply err;
  auto room_a = a.find(id, err);
  auto room_b = b.find(id, err);
  ASSERT_TRUE(room_a && room_b);
  std::vector<uint64_t> told;  // what B's pages hear
  hub_b.subscribe(id, [&](uint64_t v) { told.push_back(v); });
  const auto seat = bg::server::Seat::Hotseat;
  ASSERT_EQ(room_a->act(seat, action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404"}}})).status,
            200);
  EXPECT_EQ(room_b->view(seat).body["log"].size(), 5u) << "not told yet";
  b.stored_change("", -1);
  EXPECT_EQ(told, std::vector<uint64_t>{2});
  EXPECT_EQ(room_b->view(seat).body["log"].size(), 6u);
  ASSERT_EQ(room_a->act(seat, action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}})).status,
            200);
  b.stored_change(id, 2);
  b.stored_change(id, 2);  // told twice: one change all the same
  EXPECT_EQ(told, (std::vector<uint64_t>{2, 3}));
  const Json view = room_b->view(seat).body;
  EXPECT_EQ(view["log"].size(), 7u);
  EXPECT_EQ(view["version"], 3);
  EXPECT_EQ(told.size(), 2u) << "a reload after a notice tells the pages nothing more";
}

INSTANTIATE_TEST_SUITE_P(BothStores, TwoCopies, testing::Values("sqlite", "postgresql"),
                         store_name);

// Every committed write on the database reaches every other store watching
// it, with the game's id and its new revision; the writer hears nothing.
TEST(PgStore, AnotherStoreOnTheDatabaseHearsEveryCommittedWrite) {
  const std::string db = pg_db();
  ASSERT_FALSE(db.empty());
  auto writer = GameStore::open(db);
  auto watcher = GameStore::open(db);
  ASSERT_TRUE(writer && watcher);
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::pair<std::string, int64_t>> heard;
  (*watcher)->watch([&](const std::string& id, int64_t rev) {
    std::lock_guard lock(mu);
    heard.emplace_back(id, rev);
    cv.notify_all();
  });
  std::vector<std::pair<std::string, int64_t>> own;  // the writer's: none
  (*writer)->watch([&](const std::string& id, int64_t rev) {
    std::lock_guard lock(mu);
    own.emplace_back(id, rev);
  });
  const StoredGame g = game("00000000000000b1");
  ASSERT_TRUE((*writer)->create(g));
  ASSERT_TRUE((*writer)->append(g.id, 0, 2, {"{}"}, "{}"));
  ASSERT_TRUE((*writer)->append(g.id, 0, 3, {"{}"}, "{}"));  // stale: not heard
  ASSERT_TRUE((*writer)->truncate(g.id, 1, 2, "{}"));
  std::unique_lock lock(mu);
  cv.wait_for(lock, std::chrono::seconds(10), [&] { return heard.size() >= 3; });
  EXPECT_EQ(heard, (std::vector<std::pair<std::string, int64_t>>{{g.id, 0}, {g.id, 1}, {g.id, 2}}));
  EXPECT_TRUE(own.empty()) << "a store's own writes are not another server's";
  lock.unlock();
  (*watcher)->unwatch();
  (*writer)->unwatch();
}

bg::server::ServeOptions on(const std::string& db) {
  return TestServer::options(db);
}

TEST(TwoServers, ALivePageOnOneSeesAnActionMadeThroughTheOther) {
  const std::string db = pg_db();
  ASSERT_FALSE(db.empty());
  TestServer a(on(db)), b(on(db));
  ASSERT_TRUE(a.running() && b.running());
  auto r = a.post("/api/games", skirmish("two-seat"));
  ASSERT_EQ(r.status, 201) << r.body.dump();
  const std::string path = "/api/games/" + r.body["id"].get<std::string>();
  const std::string union_token = r.body["seats"]["union"]["token"];
  const std::string confederate_token = r.body["seats"]["confederate"]["token"];
  std::mutex mu;
  std::string seen;
  std::atomic<bool> second{false};
  std::thread page([&] {
    auto c = b.client();
    c.set_read_timeout(10, 0);
    c.Get((path + "/events?token=" + confederate_token).c_str(), [&](const char* data, size_t n) {
      std::lock_guard lock(mu);
      seen.append(data, n);
      // Its first event is the version now; a second one is a change.
      if (std::count(seen.begin(), seen.end(), '{') >= 2) {
        second = true;
        return false;
      }
      return true;
    });
  });
  auto said_hello = [&] {
    std::lock_guard lock(mu);
    return seen.find("version") != std::string::npos;
  };
  for (int i = 0; i < 500 && !said_hello(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(said_hello());
  ASSERT_EQ(a.post(path + "/actions", action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}),
                   union_token)
                .status,
            200);
  page.join();
  EXPECT_TRUE(second.load()) << seen;
  // What the page then fetches from its own server has the move.
  const Json view = b.get(path, confederate_token).body;
  ASSERT_EQ(view["log"].size(), 6u) << view.dump();
  EXPECT_EQ(view["log"][5]["action"]["unit"], "C");
}

// Both servers take actions for one game at the same moment: each action is
// applied once, to the newest game, and the stored actions have no gap.
TEST(TwoServers, ActingThroughBothAtOnceLeavesNoGapAndForksNothing) {
  const std::string db = pg_db();
  ASSERT_FALSE(db.empty());
  TestServer a(on(db)), b(on(db));
  ASSERT_TRUE(a.running() && b.running());
  auto r = a.post("/api/games", skirmish("hotseat"));
  ASSERT_EQ(r.status, 201);
  const std::string path = "/api/games/" + r.body["id"].get<std::string>();
  const std::string token = r.body["seats"]["hotseat"]["token"];
  ASSERT_EQ(b.get(path, token).status, 200);  // both hold the game
  // Moves and take-backs through both: a take-back through one server of a
  // move made through the other, on a copy that missed it, would leave a gap.
  std::atomic<int> moves{0}, undos{0};
  auto play = [&](const TestServer& s, const char* unit, const char* hex) {
    for (int i = 0; i < 6; ++i) {
      if (s.post(path + "/actions", action({{"kind", "move"}, {"unit", unit}, {"path", {hex}}}),
                 token)
              .status == 200)
        ++moves;
      if (s.post(path + "/undo", Json::object(), token).status == 200) ++undos;
    }
  };
  std::thread ta([&] { play(a, "A", "0404"); }), tb([&] { play(b, "C", "0304"); });
  ta.join();
  tb.join();
  // Then phases ended through both at once.
  std::atomic<int> ends{0};
  auto end = [&](const TestServer& s) {
    for (int i = 0; i < 6; ++i)
      if (s.post(path + "/actions", action({{"kind", "end"}}), token).status == 200) ++ends;
  };
  std::thread ea([&] { end(a); }), eb([&] { end(b); });
  ea.join();
  eb.join();
  EXPECT_GT(moves.load(), 0);
  EXPECT_GT(ends.load(), 0);
  const size_t expected = 5u + static_cast<size_t>(moves.load() - undos.load() + ends.load());
  // A third server reads the game from the store alone.
  TestServer c(on(db));
  const Json view = c.get(path, token).body;
  ASSERT_TRUE(view.contains("log")) << view.dump() << " (a gap or a fork fails the replay)";
  EXPECT_EQ(view["log"].size(), expected);
  auto store = GameStore::open(db);
  ASSERT_TRUE(store);
  auto l = (*store)->load(r.body["id"].get<std::string>());
  ASSERT_TRUE(l) << l.error().message;
  EXPECT_EQ((*l)->actions.size(), expected);
}

// A `bluegray serve` of its own (a process, so that it can be killed with
// SIGKILL) on the database; its port is read from its banner.
struct ServeProcess {
  pid_t pid = -1;
  int out = -1;
  int port = 0;
  explicit ServeProcess(const std::string& db) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid = ::fork();
    if (pid == 0) {
      ::dup2(fds[1], 1);
      ::close(fds[0]);
      ::execl(BLUEGRAY_BINARY, BLUEGRAY_BINARY, "serve", "--port", "0", "--db", db.c_str(),
              "--web-root", "/nonexistent", "--rate-actions", "0", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    out = fds[0];
    std::string banner;
    char ch;
    while (banner.find('\n') == std::string::npos && ::read(out, &ch, 1) == 1) banner += ch;
    const size_t at = banner.find("127.0.0.1:");
    if (at != std::string::npos) port = std::stoi(banner.substr(at + 10));
  }
  void kill9() {
    if (pid <= 0) return;
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    pid = -1;
  }
  ~ServeProcess() {
    kill9();
    if (out >= 0) ::close(out);
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
};

// kill -9 of either of two servers on one PostgreSQL while a client is acting
// through it: every action it acknowledged is in the game as the other server
// and a fresh one see it, in order, and the other server plays on. (The
// request in flight at the kill may or may not have been committed: it was
// not acknowledged, so either is right, but nothing else may be there.)
class TwoServersKillNine : public testing::TestWithParam<std::string> {};

TEST_P(TwoServersKillNine, KillingOneMidPlayLosesNoAcknowledgedAction) {
  const std::string db = pg_db();
  ASSERT_FALSE(db.empty());
  ServeProcess first(db), second(db);
  ASSERT_TRUE(first.port > 0 && second.port > 0);
  // The game is made on the first; the client acts through the one killed.
  const bool kill_creator = GetParam() == "creator";
  ServeProcess& killed = kill_creator ? first : second;
  const int survivor = kill_creator ? second.port : first.port;
  httplib::Client maker("127.0.0.1", first.port);
  auto created = maker.Post("/api/games", skirmish("hotseat").dump(), "application/json");
  ASSERT_TRUE(created && created->status == 201);
  const Json cj = Json::parse(created->body);
  const std::string path = "/api/games/" + cj["id"].get<std::string>();
  const std::string token = cj["seats"]["hotseat"]["token"];
  httplib::Headers h{{"X-Bluegray-Token", token}};
  httplib::Client watcher("127.0.0.1", survivor);
  ASSERT_EQ(watcher.Get(path.c_str(), h)->status, 200);  // the survivor holds it too

  // The acknowledged log entries, by number, as their replies gave them.
  std::mutex mu;
  std::map<size_t, Json> acknowledged;
  std::atomic<int> acks{0};
  std::atomic<bool> stopped{false};
  std::thread player([&] {
    httplib::Client c("127.0.0.1", killed.port);
    for (int i = 0; i < 100; ++i) {
      auto r = c.Post((path + "/actions").c_str(), h, action({{"kind", "end"}}).dump(),
                      "application/json");
      if (!r || r->status != 200) break;  // killed (or the game over)
      const Json reply = Json::parse(r->body);
      std::lock_guard lock(mu);
      for (const Json& item : reply["applied"]) acknowledged[item["n"].get<size_t>()] = item;
      ++acks;
    }
    stopped = true;
  });
  while (acks < 8 && !stopped) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_FALSE(stopped) << "the client stopped before the kill";
  killed.kill9();
  player.join();

  std::lock_guard lock(mu);
  ASSERT_FALSE(acknowledged.empty());
  const size_t last = acknowledged.rbegin()->first;
  TestServer fresh(on(db));
  const Json log = fresh.get(path, token).body["log"];
  // Every acknowledged entry, with its number and content; at most the one
  // request in flight beyond them.
  ASSERT_GE(log.size(), last + 1);
  EXPECT_LE(log.size(), last + 2);
  for (const auto& [n, item] : acknowledged) {
    ASSERT_LT(n, log.size());
    EXPECT_EQ(log[n]["action"], item["action"]) << n;
    EXPECT_EQ(log[n]["side"], item["side"]) << n;
  }
  // The survivor plays on from there (it reloads what it missed).
  auto r = watcher.Post((path + "/actions").c_str(), h, action({{"kind", "end"}}).dump(),
                        "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  const Json after = Json::parse(watcher.Get(path.c_str(), h)->body);
  EXPECT_EQ(after["log"].size(), log.size() + 1);
  for (const auto& [n, item] : acknowledged) EXPECT_EQ(after["log"][n]["action"], item["action"]);
}

INSTANTIATE_TEST_SUITE_P(Either, TwoServersKillNine, testing::Values("creator", "other"),
                         store_name);

}  // namespace

namespace {

// The banner and the error messages print where the games are stored: never
// a PostgreSQL password.
TEST(PgStore, WhereTheGamesAreStoredIsShownWithoutThePassword) {
  EXPECT_EQ(GameStore::shown("postgresql://bluegray:s3cret@db.example:5432/games"),
            "postgresql://bluegray:***@db.example:5432/games");
  EXPECT_EQ(GameStore::shown("postgres://u:p@h/d?sslmode=require"),
            "postgres://u:***@h/d?sslmode=require");
  EXPECT_EQ(GameStore::shown("postgresql://bluegray@/games?host=/tmp/x&port=5432"),
            "postgresql://bluegray@/games?host=/tmp/x&port=5432");
  EXPECT_EQ(GameStore::shown("games.sqlite"), "games.sqlite");
  auto refused = GameStore::open("postgresql://bluegray:s3cret@/games?host=/nonexistent&port=1");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message.find("s3cret"), std::string::npos) << refused.error().message;
}

}  // namespace
