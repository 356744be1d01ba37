// The server under load and abuse: open pages cost no thread,
// slow or oversized requests get clear answers, per-client rates
// answer 429 with Retry-After, and memory is bounded: idle games
// leave memory and come back with the same future, and the games of a title
// share one drawing of its map.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "ai/ai_player.h"
#include "server/game_room.h"
#include "server/lobby.h"
#include "server_test_util.h"

namespace bg::test {
namespace {

using server::test::action;
using server::test::Json;
using server::test::skirmish;
using server::test::TestServer;
using namespace std::chrono_literals;

// A raw client connection, for what an HTTP library will not do: drip
// headers, hold hundreds of streams open, announce a body it never sends.
class Raw {
 public:
  explicit Raw(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  }
  ~Raw() {
    if (fd_ >= 0) ::close(fd_);
  }
  Raw(const Raw&) = delete;
  Raw& operator=(const Raw&) = delete;
  bool connected() const { return connected_; }
  bool send(const std::string& s) {
    return ::send(fd_, s.data(), s.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(s.size());
  }
  // Reads until `needle` has arrived, the peer closes or `timeout` passes.
  std::string read_until(const std::string& needle, std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (got_.find(needle) == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
      char buf[4096];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) {
        closed_ = true;
        break;
      }
      got_.append(buf, static_cast<size_t>(n));
    }
    return got_;
  }
  bool closed() const { return closed_; }

 private:
  int fd_ = -1;
  bool connected_ = false;
  bool closed_ = false;
  std::string got_;
};

struct Game {
  std::string id, token;
  std::string path() const { return "/api/games/" + id; }
};

Game create_hotseat(const TestServer& s) {
  auto r = s.post("/api/games", skirmish("hotseat"));
  EXPECT_EQ(r.status, 201) << r.body.dump();
  return {r.body.value("id", ""), r.body["seats"]["hotseat"]["token"].get<std::string>()};
}

std::string events_request(const Game& g) {
  return "GET " + g.path() + "/events?token=" + g.token +
         " HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n";
}

// 128 open pages (or 150 clients dripping headers) used
// to hold every thread and freeze the server. With 250 open event streams and
// 150 clients that never finish their headers, a game is still created, an
// action is still applied and answered, and every open page hears of it.
TEST(ServerLimits, OpenStreamsAndSlowHeaderClientsDoNotStopOtherRequests) {
  auto opt = TestServer::options();
  opt.connections.max_streams_per_client = 0;  // every stream comes from 127.0.0.1
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const Game g = create_hotseat(s);
  std::vector<std::unique_ptr<Raw>> streams;
  for (int i = 0; i < 250; ++i) {
    streams.push_back(std::make_unique<Raw>(s.port()));
    ASSERT_TRUE(streams.back()->connected());
    ASSERT_TRUE(streams.back()->send(events_request(g)));
  }
  for (auto& st : streams)
    ASSERT_NE(st->read_until("\"version\":1", 20s).find("\"version\":1"), std::string::npos);
  std::vector<std::unique_ptr<Raw>> slow;
  for (int i = 0; i < 150; ++i) {
    slow.push_back(std::make_unique<Raw>(s.port()));
    ASSERT_TRUE(slow.back()->send("GET /api/health HTTP/1.1\r\nHost: x\r\n"));  // and no more
  }
  EXPECT_EQ(s.server().streams(), 250u);

  EXPECT_EQ(s.get("/api/health").status, 200);
  const Game other = create_hotseat(s);
  EXPECT_FALSE(other.id.empty());
  auto moved = s.post(g.path() + "/actions",
                      action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}), g.token);
  EXPECT_EQ(moved.status, 200) << moved.body.dump();
  for (auto& st : streams)
    EXPECT_NE(st->read_until("\"version\":2", 20s).find("\"version\":2"), std::string::npos);
}

// A client that never finishes its headers is disconnected after the header
// timeout; one that opens a connection and says nothing, too.
TEST(ServerLimits, AClientDrippingHeadersIsDisconnectedAfterTheHeaderTimeout) {
  auto opt = TestServer::options();
  opt.connections.header_timeout = 1s;
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  Raw drip(s.port()), silent(s.port());
  ASSERT_TRUE(drip.send("GET /api/health HTTP/1.1\r\n"));
  for (int i = 0; i < 3; ++i) {
    std::this_thread::sleep_for(200ms);
    ASSERT_TRUE(drip.send("X-Drip: " + std::to_string(i) + "\r\n"));
  }
  drip.read_until("never sent", 20s);
  EXPECT_TRUE(drip.closed());
  silent.read_until("never sent", 20s);
  EXPECT_TRUE(silent.closed());
  EXPECT_EQ(s.get("/api/health").status, 200);
}

TEST(ServerLimits, ABodyOverTheLimitIsAnswered413) {
  auto opt = TestServer::options();
  opt.connections.max_body = 4096;
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  Raw big(s.port());
  ASSERT_TRUE(
      big.send("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               "Content-Length: 100000\r\n\r\n"));
  const std::string answer = big.read_until("\r\n\r\n", 10s);
  EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer;
  // Within the limit, the same route answers as usual.
  EXPECT_EQ(s.post("/api/games", skirmish("hotseat")).status, 201);
  // A client sending its whole oversized body at once still reads the answer.
  auto c = s.client();
  auto whole = c.Post("/api/games", std::string(100000, ' '), "application/json");
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->status, 413);
}

TEST(ServerLimits, HeadersOverTheLimitAreAnswered431) {
  auto opt = TestServer::options();
  opt.connections.max_header = 2048;
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  Raw big(s.port());
  ASSERT_TRUE(big.send("GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(4000, 'a') +
                       "\r\n\r\n"));
  const std::string answer = big.read_until("\r\n\r\n", 10s);
  EXPECT_EQ(answer.rfind("HTTP/1.1 431", 0), 0u) << answer;
  EXPECT_EQ(s.get("/api/health").status, 200);
}

// curl asks before sending a body over 1 KB: it is told to go on at once.
TEST(ServerLimits, AClientExpectingContinueIsAskedForItsBody) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const std::string body = skirmish("hotseat").dump();
  Raw c(s.port());
  ASSERT_TRUE(
      c.send("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
             "Expect: 100-continue\r\nContent-Length: " +
             std::to_string(body.size()) + "\r\n\r\n"));
  const std::string go_on = c.read_until("\r\n\r\n", 10s);
  EXPECT_EQ(go_on.rfind("HTTP/1.1 100 Continue", 0), 0u) << go_on;
  ASSERT_TRUE(c.send(body));
  const std::string answer = c.read_until("HTTP/1.1 201", 10s);
  EXPECT_NE(answer.find("HTTP/1.1 201"), std::string::npos) << answer;
}

// A computer player that thinks for a long time before its first answer.
class SlowPlayer final : public ai::Player {
 public:
  core::Action choose(const core::Game&) override {
    if (first_) std::this_thread::sleep_for(3s);
    first_ = false;
    core::Action a;
    a.kind = core::ActionKind::End;
    return a;
  }
  std::string name() const override { return "slow"; }

 private:
  bool first_ = true;
};

// A request that waited for a worker longer than the body timeout is not
// carried out: its client has likely given up, and an action must not be
// applied long after that.
TEST(ServerLimits, AnActionThatWaitedTooLongForAWorkerIsNotApplied) {
  auto opt = TestServer::options();
  opt.workers = 1;
  opt.connections.body_timeout = 1s;
  opt.computer_player = [](uint64_t) { return std::make_unique<SlowPlayer>(); };
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const Game g = create_hotseat(s);
  const size_t before = s.get(g.path(), g.token).body["log"].size();
  // The one worker plays the computer's first turn for 3 s...
  Json slow = skirmish("computer");
  slow["new"]["first"] = "confederate";
  std::thread busy([&] { EXPECT_EQ(s.post("/api/games", slow).status, 201); });
  std::this_thread::sleep_for(300ms);
  // ...while this action waits for it.
  const auto late = s.post(g.path() + "/actions",
                           action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}), g.token);
  busy.join();
  EXPECT_EQ(late.status, 503) << late.body.dump();
  EXPECT_EQ(s.get(g.path(), g.token).body["log"].size(), before) << "nothing was applied";
}

int retry_after(const httplib::Result& r) {
  return r && r->has_header("Retry-After") ? std::stoi(r->get_header_value("Retry-After")) : -1;
}

TEST(ServerLimits, GameCreationPastTheRateIsAnswered429WithRetryAfter) {
  auto opt = TestServer::options();
  opt.rates.create = {1.0 / 60.0, 2};
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  EXPECT_EQ(s.post("/api/games", skirmish("hotseat")).status, 201);
  EXPECT_EQ(s.post("/api/games", skirmish("hotseat")).status, 201);
  auto c = s.client();
  auto third = c.Post("/api/games", skirmish("hotseat").dump(), "application/json");
  ASSERT_TRUE(third);
  EXPECT_EQ(third->status, 429) << third->body;
  EXPECT_GE(retry_after(third), 1);
  EXPECT_LE(retry_after(third), 60);
  EXPECT_EQ(s.get("/api/games").body["games"].size(), 2u) << "the refused game was not stored";
}

TEST(ServerLimits, ActionsPastTheRateAreAnswered429AndChangeNothing) {
  auto opt = TestServer::options();
  opt.rates.actions = {0.5, 3};
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const Game g = create_hotseat(s);
  const Json moves[] = {action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}),
                        action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404"}}}),
                        action({{"kind", "end"}})};
  for (const Json& m : moves) EXPECT_EQ(s.post(g.path() + "/actions", m, g.token).status, 200);
  const Json before = s.get(g.path(), g.token).body;
  auto c = s.client();
  auto fourth = c.Post((g.path() + "/actions").c_str(), {{"X-Bluegray-Token", g.token}},
                       action({{"kind", "end"}}).dump(), "application/json");
  ASSERT_TRUE(fourth);
  EXPECT_EQ(fourth->status, 429);
  EXPECT_GE(retry_after(fourth), 1);
  EXPECT_EQ(s.get(g.path(), g.token).body["log"], before["log"]);
}

// Token guessing: past the rate of wrong tokens, a client's every token check
// is refused for a while, the right token included.
TEST(ServerLimits, WrongTokensPastTheRateBlockTheClientsTokenChecks) {
  auto opt = TestServer::options();
  opt.rates.token_failures = {1.0 / 60.0, 3};
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const Game g = create_hotseat(s);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(s.get(g.path(), std::string(32, static_cast<char>('0' + i))).status, 403);
  EXPECT_EQ(s.get(g.path(), std::string(32, '7')).status, 429);
  EXPECT_EQ(s.get(g.path(), g.token).status, 429);
  EXPECT_EQ(s.get("/api/health").status, 200);
}

// Behind a reverse proxy every visitor comes from the proxy's address: with
// --trust-proxy the rates count per the last X-Forwarded-For address (only
// from a loopback peer); without it that header changes nothing.
TEST(ServerLimits, RatesCountPerForwardedAddressOnlyWhenTheProxyIsTrusted) {
  for (const bool trusted : {true, false}) {
    auto opt = TestServer::options();
    opt.rates.create = {1.0 / 60.0, 1};
    opt.trust_proxy = trusted;
    TestServer s(opt);
    ASSERT_TRUE(s.running());
    auto c = s.client();
    auto from = [&](const std::string& address) {
      auto r = c.Post("/api/games", {{"X-Forwarded-For", "198.51.100.9, " + address}},
                      skirmish("hotseat").dump(), "application/json");
      return r ? r->status : 0;
    };
    EXPECT_EQ(from("203.0.113.1"), 201);
    EXPECT_EQ(from("203.0.113.1"), 429);
    EXPECT_EQ(from("203.0.113.2"), trusted ? 201 : 429) << "trusted: " << trusted;
  }
}

// One client may not hold every live connection. Past the cap its
// next event stream is answered 429 (with Retry-After) and not opened, other
// clients still get theirs, and a stream that closes frees its place.
TEST(ServerLimits, LiveConnectionsPerClientAreCapped) {
  auto opt = TestServer::options();
  opt.connections.max_streams_per_client = 3;
  opt.trust_proxy = true;  // a second client: another forwarded address
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const Game g = create_hotseat(s);
  std::vector<std::unique_ptr<Raw>> open;
  for (int i = 0; i < 3; ++i) {
    open.push_back(std::make_unique<Raw>(s.port()));
    ASSERT_TRUE(open.back()->send(events_request(g)));
    ASSERT_NE(open.back()->read_until("\"version\":1", 10s).find("\"version\":1"),
              std::string::npos);
  }
  Raw fourth(s.port());
  ASSERT_TRUE(fourth.send(events_request(g)));
  const std::string refused = fourth.read_until("}", 10s);
  EXPECT_NE(refused.find("HTTP/1.1 429"), std::string::npos) << refused;
  EXPECT_NE(refused.find("Retry-After: 10"), std::string::npos) << refused;
  EXPECT_EQ(refused.find("text/event-stream"), std::string::npos);
  EXPECT_EQ(s.server().streams(), 3u);
  // Another client (behind the trusted proxy) is not held up by the first.
  Raw other(s.port());
  const std::string forwarded = "GET " + g.path() + "/events?token=" + g.token +
                                " HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n";
  ASSERT_TRUE(other.send(forwarded));
  EXPECT_NE(other.read_until("\"version\":1", 10s).find("\"version\":1"), std::string::npos);
  // A page closed frees its place.
  open.pop_back();
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (s.server().streams() > 3u && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(10ms);
  Raw again(s.port());
  ASSERT_TRUE(again.send(events_request(g)));
  EXPECT_NE(again.read_until("\"version\":1", 10s).find("\"version\":1"), std::string::npos);
}

// ---- bounded memory ------------------------------------------------

struct Env {
  std::unique_ptr<server::GameStore> store;
  server::LiveHub hub;
  server::RoomEnv env() {
    server::RoomEnv e;
    e.store = store.get();
    e.hub = &hub;
    return e;
  }
};

std::unique_ptr<Env> open_env() {
  auto env = std::make_unique<Env>();
  auto store = server::GameStore::open(server::test::temp_db("memory.sqlite"));
  EXPECT_TRUE(store) << store.error().message;
  env->store = std::move(*store);
  return env;
}

std::string created_id(const server::Reply& r) {
  EXPECT_EQ(r.status, 201) << r.body.dump();
  return r.body.value("id", "");
}

// Moves A next to B and ends the Movement Phase: the next action is an attack,
// whose die comes from the game's seed and everything played before.
void approach(server::GameRoom& room) {
  const auto s = server::Seat::Hotseat;
  ASSERT_EQ(
      room.act(s, action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}})).status,
      200);
  ASSERT_EQ(room.act(s, action({{"kind", "end"}})).status, 200);
}

Json attack(server::GameRoom& room) {
  const server::Reply r = room.act(
      server::Seat::Hotseat, action({{"kind", "attack"}, {"units", {"A"}}, {"hexes", {"0406"}}}));
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

TEST(ServerMemory, AnEvictedGameIsReloadedOnDemandWithTheSameFuture) {
  auto evicting = open_env(), keeping = open_env();
  server::Lobby small(evicting->env(), server::LobbyLimits{1, std::chrono::seconds(600)});
  server::Lobby twin(keeping->env());
  server::Reply err;
  const std::string id = created_id(small.create(skirmish("hotseat", 11)));
  const std::string twin_id = created_id(twin.create(skirmish("hotseat", 11)));
  auto room = small.find(id, err);
  ASSERT_TRUE(room);
  approach(*room);
  approach(*twin.find(twin_id, err));
  const uint64_t version = room->version();
  std::weak_ptr<server::GameRoom> old = room;
  room.reset();

  // A second game past the cap of one: the first, unused, leaves memory.
  created_id(small.create(skirmish("hotseat", 12)));
  EXPECT_EQ(small.in_memory(), 1u);
  EXPECT_TRUE(old.expired()) << "the evicted game's memory is freed";

  auto back = small.find(id, err);
  ASSERT_TRUE(back) << err.body.dump();
  EXPECT_GT(back->version(), version) << "a page sees the reload as a change";
  const Json a = attack(*back), b = attack(*twin.find(twin_id, err));
  EXPECT_EQ(a["die"], b["die"]);
  EXPECT_EQ(a["result"], b["result"]);
  EXPECT_EQ(back->view(server::Seat::Hotseat).body["state"],
            twin.find(twin_id, err)->view(server::Seat::Hotseat).body["state"]);
}

// Many requests for an evicted game at once: it is replayed once, and every
// request gets that one copy.
TEST(ServerMemory, AnEvictedGameRequestedAtOnceIsLoadedOnce) {
  auto e = open_env();
  server::Lobby lobby(e->env(), server::LobbyLimits{1, std::chrono::seconds(600)});
  server::Reply err;
  const std::string id = created_id(lobby.create(skirmish("hotseat", 5)));
  created_id(lobby.create(skirmish("hotseat", 6)));  // evicts the first
  ASSERT_EQ(lobby.in_memory(), 1u);
  std::vector<std::shared_ptr<server::GameRoom>> got(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < got.size(); ++i)
    threads.emplace_back([&, i] {
      server::Reply e2;
      got[i] = lobby.find(id, e2);
    });
  for (auto& t : threads) t.join();
  for (const auto& r : got) {
    ASSERT_TRUE(r);
    EXPECT_EQ(r.get(), got[0].get());
  }
}

TEST(ServerMemory, AGameInUseOrWatchedIsNeverEvicted) {
  auto e = open_env();
  server::Lobby lobby(e->env(), server::LobbyLimits{1, std::chrono::seconds(0)});
  server::Reply err;
  const std::string held = created_id(lobby.create(skirmish("hotseat", 1)));
  auto room = lobby.find(held, err);  // a request in progress holds it
  const std::string watched = created_id(lobby.create(skirmish("hotseat", 2)));
  const uint64_t sub = e->hub.subscribe(watched, [](uint64_t) {});  // an open page
  EXPECT_EQ(lobby.evict_idle(), 0u);
  EXPECT_EQ(lobby.in_memory(), 2u) << "over the cap rather than two copies of a game";
  // Once nobody uses them, the idle sweep (idle time 0 here) takes both.
  room.reset();
  e->hub.unsubscribe(watched, sub);
  EXPECT_EQ(lobby.evict_idle(), 2u);
  EXPECT_EQ(lobby.in_memory(), 0u);
  ASSERT_TRUE(lobby.find(held, err)) << err.body.dump();
}

// One change makes every open page fetch its view: pages of one seat share
// one view text per version while the game is watched, and a change (or a
// game nobody watches) never serves a stale one.
TEST(ServerMemory, PagesOfOneSeatShareTheViewOfAVersionWhileWatched) {
  auto e = open_env();
  server::Lobby lobby(e->env());
  server::Reply err;
  const std::string id = created_id(lobby.create(skirmish("hotseat")));
  auto room = lobby.find(id, err);
  ASSERT_TRUE(room);
  const auto seat = server::Seat::Hotseat;
  EXPECT_NE(room->view_text(seat).get(), room->view_text(seat).get()) << "nobody watches";
  const uint64_t sub = e->hub.subscribe(id, [](uint64_t) {});
  const auto first = room->view_text(seat);
  EXPECT_EQ(first.get(), room->view_text(seat).get());
  EXPECT_EQ(Json::parse(*first), room->view(seat).body);
  ASSERT_EQ(room->act(seat, action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}})).status,
            200);
  const auto after = room->view_text(seat);
  EXPECT_NE(after.get(), first.get());
  EXPECT_EQ(Json::parse(*after), room->view(seat).body);
  EXPECT_NE(Json::parse(*after)["state"], Json::parse(*first)["state"]);
  e->hub.unsubscribe(id, sub);
}

// A title's map is drawn once and the drawing shared by all its games (a Road
// to Richmond map is ~218 KB of SVG); a sandbox game's own map is its own.
TEST(ServerMemory, GamesOfATitleShareOneMapSvg) {
  auto e = open_env();
  server::Lobby lobby(e->env());
  const Json rtr = {{"new", {{"scenario", "road-to-richmond"}}}, {"mode", "hotseat"}};
  server::Reply err;
  auto first = lobby.find(created_id(lobby.create(rtr)), err);
  auto second = lobby.find(created_id(lobby.create(rtr)), err);
  ASSERT_TRUE(first && second);
  const auto svg = first->map_svg();
  EXPECT_GT(svg->size(), 10000u);
  EXPECT_EQ(svg.get(), second->map_svg().get());
  auto sandbox = lobby.find(created_id(lobby.create(skirmish("hotseat"))), err);
  ASSERT_TRUE(sandbox);
  EXPECT_NE(sandbox->map_svg().get(), svg.get());
}

}  // namespace
}  // namespace bg::test
