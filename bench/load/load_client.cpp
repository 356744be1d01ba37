// bluegray_load: a native load client for `bluegray serve`, not a
// test. One event loop, C++20 coroutines on Boost.Asio/Beast, so that
// thousands of connections cost the client little of the machine it shares
// with the server.
//
//   bluegray_load --port P [--streams 2000] [--games 500] [--seconds 60]
//                 [--think-ms 1000] [--server-pid PID]
//     creates G sandbox hot-seat games, opens S event streams spread over
//     them (open pages), then plays every game at a human pace (an action
//     every think-ms on average, jittered) while a health check runs every
//     200 ms. Prints the action round trips (p50/p95/p99/max), the health
//     checks, the events the streams received and the server's memory.
//
//     With --refetch 1 each page also fetches its seat's view on each event,
//     as the web UI does.
//
//   bluegray_load --port P --open-rtr N [--server-pid PID]
//     creates N Road to Richmond games and opens each once (its view and its
//     map, as a first page load does), then prints the server's memory.
//
// The server must run without per-client rates for this (one client plays
// every game): bluegray serve --rate-create 0 --rate-actions 0.
#include <algorithm>
#include <array>
#include <utility>  // before Boost 1.74's awaitable.hpp, which uses std::exchange unincluded
// clang-format off
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
// clang-format on
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::json;
using net::awaitable;
using net::use_awaitable;

namespace {

struct Args {
  std::string host = "127.0.0.1";
  int port = 8080;
  int streams = 2000;
  int games = 500;
  int seconds = 60;
  int think_ms = 1000;
  int open_rtr = 0;
  int server_pid = 0;
  int refetch = 0;  // 1: each page fetches its view on each event, as the web UI does
};

struct Stats {
  std::vector<double> actions_ms;
  int action_errors = 0;
  std::vector<double> health_ms;
  int health_errors = 0;
  int streams_open = 0;
  int stream_failures = 0;
  long events = 0;
  std::vector<double> views_ms;  // --refetch: a page's view fetched on an event
  int view_errors = 0;
  bool playing = true;
  bool started = false;  // play has begun (the first events are the pages opening)
};

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

// One keep-alive connection sending requests one after another.
class Conn {
 public:
  Conn(net::any_io_executor ex, const Args& a)
      : stream_(ex), args_(a), port_(std::to_string(a.port)) {}
  awaitable<void> connect() {
    tcp::resolver resolver(stream_.get_executor());
    auto results = co_await resolver.async_resolve(args_.host, port_, use_awaitable);
    co_await stream_.async_connect(results, use_awaitable);
    stream_.socket().set_option(tcp::no_delay(true));
  }
  // Status and body; status 0 if the connection failed.
  // By value: a coroutine keeps its own copies across suspensions.
  awaitable<std::pair<int, std::string>> call(http::verb verb, std::string target,
                                              std::string body = {}, std::string token = {}) {
    try {
      if (!stream_.socket().is_open()) co_await connect();
      http::request<http::string_body> req{verb, target, 11};
      req.set(http::field::host, args_.host);
      if (!token.empty()) req.set("X-Bluegray-Token", token);
      if (verb == http::verb::post) {
        req.set(http::field::content_type, "application/json");
        req.body() = body;
      }
      req.prepare_payload();
      co_await http::async_write(stream_, req, use_awaitable);
      http::response<http::string_body> res;
      co_await http::async_read(stream_, buffer_, res, use_awaitable);
      if (!res.keep_alive()) stream_.close();
      co_return std::make_pair(static_cast<int>(res.result_int()), std::move(res.body()));
    } catch (const std::exception&) {
      beast::error_code ignored;
      stream_.socket().close(ignored);
      co_return std::make_pair(0, std::string());
    }
  }

 private:
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  const Args& args_;
  std::string port_;
};

struct GameRef {
  std::string id, token;
};

Json sandbox_game(uint64_t seed) {
  auto unit = [](const char* id, const char* side, const char* hex) {
    return Json{{"kind", "unit"}, {"id", id},     {"side", side}, {"type", "inf"},
                {"strength", 5},  {"defense", 5}, {"hex", hex}};
  };
  return {{"new", {{"scenario", "sandbox"}, {"cols", 10}, {"rows", 10}, {"seed", seed}}},
          {"mode", "hotseat"},
          {"setup", Json::array({unit("U", "union", "0303"), unit("K", "confederate", "0808")})}};
}

// Outside the coroutines: GCC 12 miscompiles some temporaries there.
std::string create_body(const Json* body, int i) {
  return (body ? *body : sandbox_game(static_cast<uint64_t>(i + 1))).dump();
}

GameRef created_game(const std::string& text) {
  const Json j = Json::parse(text);
  return {j["id"].get<std::string>(), j["seats"]["hotseat"]["token"].get<std::string>()};
}

awaitable<void> create_games(const Args& a, std::vector<GameRef>& out, int from, int step,
                             int count, const Json* body) {
  Conn c(co_await net::this_coro::executor, a);
  for (int i = from; i < count; i += step) {
    const std::string request = create_body(body, i);
    auto [status, text] = co_await c.call(http::verb::post, "/api/games", request);
    if (status != 201) {
      std::fprintf(stderr, "create failed (%d): %s\n", status, text.c_str());
      continue;
    }
    out[static_cast<size_t>(i)] = created_game(text);
  }
}

// An open page: its event stream, read until the run ends.
awaitable<void> open_stream(const Args& a, const GameRef g, Stats& st) {
  tcp::socket s(co_await net::this_coro::executor);
  try {
    tcp::resolver resolver(s.get_executor());
    const std::string port = std::to_string(a.port);
    auto results = co_await resolver.async_resolve(a.host, port, use_awaitable);
    co_await net::async_connect(s, results, use_awaitable);
    const std::string req = "GET /api/games/" + g.id + "/events?token=" + g.token +
                            " HTTP/1.1\r\nHost: " + a.host +
                            "\r\nAccept: text/event-stream\r\n\r\n";
    co_await net::async_write(s, net::buffer(req), use_awaitable);
    bool counted = false;
    Conn page(s.get_executor(), a);
    const std::string view = "/api/games/" + g.id;
    std::array<char, 2048> buf;  // (a plain array in a coroutine frame trips GCC 12)
    for (;;) {
      const size_t n = co_await s.async_read_some(net::buffer(buf), use_awaitable);
      const std::string_view got(buf.data(), n);
      for (size_t p = got.find("event: version"); p != std::string_view::npos;
           p = got.find("event: version", p + 1))
        ++st.events;
      const bool event = got.find("event: version") != std::string_view::npos;
      if (!counted && event) {
        counted = true;
        ++st.streams_open;
      } else if (event && a.refetch && st.started) {
        const auto t0 = Clock::now();
        auto [status, body] = co_await page.call(http::verb::get, view, std::string(), g.token);
        st.views_ms.push_back(ms_since(t0));
        if (status != 200) ++st.view_errors;
      }
      if (!st.playing) break;
    }
  } catch (const std::exception&) {
    if (st.playing) ++st.stream_failures;
  }
}

// The step-th action (of 6) of a Game-Turn: each Player-Turn is a move and two
// phase ends. (Outside the coroutine: GCC 12 miscompiles braced JSON there.)
std::string action_body(int step, int turn) {
  const bool odd = turn % 2 == 1;
  Json action;
  switch (step) {
    case 0:
      action = {{"kind", "move"}, {"unit", "U"}, {"path", {odd ? "0304" : "0303"}}};
      break;
    case 3:
      action = {{"kind", "move"}, {"unit", "K"}, {"path", {odd ? "0809" : "0808"}}};
      break;
    default:
      action = {{"kind", "end"}};
  }
  return Json{{"action", action}}.dump();
}

// One player at a human pace: a move and two phase ends per Player-Turn.
awaitable<void> play(const Args& a, const GameRef g, Stats& st, Clock::time_point end,
                     unsigned seed) {
  Conn c(co_await net::this_coro::executor, a);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> think(a.think_ms / 2, a.think_ms * 3 / 2);
  net::steady_timer timer(co_await net::this_coro::executor);
  const std::string path = "/api/games/" + g.id + "/actions";
  int step = 0, turn = 1;
  // A random start, so that the games do not act in lockstep.
  timer.expires_after(std::chrono::milliseconds(think(rng) % std::max(1, a.think_ms)));
  co_await timer.async_wait(use_awaitable);
  while (Clock::now() < end) {
    const auto t0 = Clock::now();
    const std::string request = action_body(step, turn);
    auto [status, body] = co_await c.call(http::verb::post, path, request, g.token);
    st.actions_ms.push_back(ms_since(t0));
    if (status != 200) {
      if (st.action_errors++ < 5) std::fprintf(stderr, "action %d: %s\n", status, body.c_str());
    }
    step = (step + 1) % 6;
    if (step == 0 && ++turn > 20) break;  // the game is over
    timer.expires_after(std::chrono::milliseconds(think(rng)));
    co_await timer.async_wait(use_awaitable);
  }
}

awaitable<void> health(const Args& a, Stats& st, Clock::time_point end) {
  Conn c(co_await net::this_coro::executor, a);
  net::steady_timer timer(co_await net::this_coro::executor);
  while (Clock::now() < end) {
    const auto t0 = Clock::now();
    auto [status, body] = co_await c.call(http::verb::get, "/api/health");
    st.health_ms.push_back(ms_since(t0));
    if (status != 200) ++st.health_errors;
    timer.expires_after(std::chrono::milliseconds(200));
    co_await timer.async_wait(use_awaitable);
  }
}

awaitable<void> open_once(const Args& a, std::vector<GameRef>& games, int from, int step,
                          int& failures) {
  Conn c(co_await net::this_coro::executor, a);
  for (size_t i = static_cast<size_t>(from); i < games.size(); i += static_cast<size_t>(step)) {
    const std::string base = "/api/games/" + games[i].id;
    const std::string map = base + "/map.svg";
    auto [s1, view] = co_await c.call(http::verb::get, base, std::string(), games[i].token);
    auto [s2, svg] = co_await c.call(http::verb::get, map);
    if (s1 != 200 || s2 != 200) ++failures;
  }
}

std::string memory_of(int pid) {
  if (pid <= 0) return "(no --server-pid)";
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0 || line.rfind("VmHWM:", 0) == 0) out += line + "  ";
  return out;
}

// Runs `n` coroutines made by `make(i)` to completion on the context.
template <class Make>
void run_all(net::io_context& ioc, int n, Make make) {
  for (int i = 0; i < n; ++i) net::co_spawn(ioc, make(i), net::detached);
  ioc.restart();
  ioc.run();
}

int parse(int argc, char** argv, Args& a) {
  std::map<std::string, int*> ints = {{"--port", &a.port},
                                      {"--streams", &a.streams},
                                      {"--games", &a.games},
                                      {"--seconds", &a.seconds},
                                      {"--think-ms", &a.think_ms},
                                      {"--open-rtr", &a.open_rtr},
                                      {"--server-pid", &a.server_pid},
                                      {"--refetch", &a.refetch}};
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--host" && i + 1 < argc) {
      a.host = argv[++i];
    } else if (ints.count(k) && i + 1 < argc) {
      *ints[k] = std::stoi(argv[++i]);
    } else {
      std::cerr << "usage: bluegray_load --port P [--host H] [--streams N] [--games N] "
                   "[--seconds N] [--think-ms N] [--refetch 0|1] [--open-rtr N] "
                   "[--server-pid PID]\n";
      return 2;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  if (int rc = parse(argc, argv, a)) return rc;
  net::io_context ioc(1);
  constexpr int kCreators = 8;

  if (a.open_rtr > 0) {
    std::vector<GameRef> games(static_cast<size_t>(a.open_rtr));
    const Json rtr = {{"new", {{"scenario", "road-to-richmond"}}}, {"mode", "hotseat"}};
    const auto t0 = Clock::now();
    run_all(ioc, kCreators,
            [&](int i) { return create_games(a, games, i, kCreators, a.open_rtr, &rtr); });
    int failures = 0;
    run_all(ioc, kCreators, [&](int i) { return open_once(a, games, i, kCreators, failures); });
    std::printf("opened %d Road to Richmond games in %.1f s (%d failures)\nserver memory: %s\n",
                a.open_rtr, ms_since(t0) / 1000, failures, memory_of(a.server_pid).c_str());
    return failures == 0 ? 0 : 1;
  }

  std::vector<GameRef> games(static_cast<size_t>(a.games));
  run_all(ioc, kCreators,
          [&](int i) { return create_games(a, games, i, kCreators, a.games, nullptr); });
  std::erase_if(games, [](const GameRef& g) { return g.id.empty(); });
  if (games.empty()) return 1;
  Stats st;
  for (int i = 0; i < a.streams; ++i)
    net::co_spawn(ioc, open_stream(a, games[static_cast<size_t>(i) % games.size()], st),
                  net::detached);
  // Wait for the streams' first events (every page open) before playing.
  ioc.restart();
  const auto open_by = Clock::now() + std::chrono::seconds(60);
  while (st.streams_open + st.stream_failures < a.streams && Clock::now() < open_by)
    ioc.run_for(std::chrono::milliseconds(50));
  std::printf("%d streams open (%d failed) on %zu games; memory: %s\n", st.streams_open,
              st.stream_failures, games.size(), memory_of(a.server_pid).c_str());

  st.started = true;
  const auto end = Clock::now() + std::chrono::seconds(a.seconds);
  for (size_t i = 0; i < games.size(); ++i)
    net::co_spawn(ioc, play(a, games[i], st, end, static_cast<unsigned>(i + 1)), net::detached);
  net::co_spawn(ioc, health(a, st, end), net::detached);
  while (Clock::now() < end + std::chrono::seconds(2)) ioc.run_for(std::chrono::milliseconds(100));
  const long events = st.events;
  const int open_at_end = st.streams_open - st.stream_failures;
  st.playing = false;
  std::printf(
      "%zu actions in %d s (%d refused or failed): round trip p50 %.1f ms, p95 %.1f ms, "
      "p99 %.1f ms, max %.1f ms\n",
      st.actions_ms.size(), a.seconds, st.action_errors, percentile(st.actions_ms, 0.5),
      percentile(st.actions_ms, 0.95), percentile(st.actions_ms, 0.99),
      percentile(st.actions_ms, 1.0));
  std::printf("%zu health checks (%d failed): p95 %.1f ms, max %.1f ms\n", st.health_ms.size(),
              st.health_errors, percentile(st.health_ms, 0.95), percentile(st.health_ms, 1.0));
  if (a.refetch)
    std::printf("%zu views fetched on events (%d failed): p50 %.1f ms, p95 %.1f ms, max %.1f ms\n",
                st.views_ms.size(), st.view_errors, percentile(st.views_ms, 0.5),
                percentile(st.views_ms, 0.95), percentile(st.views_ms, 1.0));
  std::printf("streams: %d still open, %ld version events received\nserver memory: %s\n",
              open_at_end, events, memory_of(a.server_pid).c_str());
  ioc.stop();
  return st.action_errors == 0 && st.health_errors == 0 ? 0 : 1;
}
