// The game server under load (not a test): 50 concurrent games on loopback,
// one client thread per game playing a whole game through the HTTP API, each
// POST /actions timed from send to reply (validated by the engine and
// committed to SQLite before the reply). Reports the round-trip percentiles,
// and the server side of a first page load (index.html, script, style, the
// seat's view and the map SVG, in order).
//
// Targets: action round trip p95 <= 20 ms with 50 concurrent games; first
// page load <= 1 s.
#include <benchmark/benchmark.h>
#include <httplib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <regex>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/http_server.h"

namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

std::string temp_db() {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("bluegray_server_bench_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return (dir / "games.sqlite").string();
}

Json unit(const char* id, const char* side, const char* hex) {
  return {{"kind", "unit"}, {"id", id},     {"side", side}, {"type", "inf"},
          {"strength", 5},  {"defense", 5}, {"hex", hex}};
}

// A 10x10 sandbox with one unit a side, far apart: every Player-Turn is one
// move and two phase ends, 120 actions over 20 Game-Turns.
Json game_body(uint64_t seed) {
  return {{"new", {{"scenario", "sandbox"}, {"cols", 10}, {"rows", 10}, {"seed", seed}}},
          {"mode", "hotseat"},
          {"setup", Json::array({unit("U", "union", "0303"), unit("K", "confederate", "0808")})}};
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

void BM_ServerActionRoundTrip50Games(benchmark::State& state) {
  const int games = static_cast<int>(state.range(0));
  bg::server::ServeOptions opt;
  opt.port = 0;
  opt.db = temp_db();
  // One client plays every game: no per-client rates.
  opt.rates.create.per_second = opt.rates.actions.per_second = 0;
  auto server = bg::server::HttpServer::start(opt);
  if (!server) {
    state.SkipWithError(server.error().message.c_str());
    return;
  }
  const int port = (*server)->port();
  std::vector<double> all;
  std::atomic<int> refused{0};
  for (auto _ : state) {
    std::mutex mu;
    std::vector<std::thread> threads;
    const auto t0 = Clock::now();
    for (int gi = 0; gi < games; ++gi) {
      threads.emplace_back([&, gi] {
        httplib::Client c("127.0.0.1", port);
        c.set_keep_alive(true);
        c.set_tcp_nodelay(true);
        auto created = c.Post("/api/games", game_body(static_cast<uint64_t>(gi + 1)).dump(),
                              "application/json");
        if (!created || created->status != 201) {
          std::fprintf(
              stderr, "create failed: %s\n",
              created ? created->body.c_str() : httplib::to_string(created.error()).c_str());
          ++refused;
          return;
        }
        const Json cj = Json::parse(created->body);
        const std::string path = "/api/games/" + cj["id"].get<std::string>() + "/actions";
        const httplib::Headers h{{"X-Bluegray-Token", cj["seats"]["hotseat"]["token"]}};
        std::vector<double> mine;
        auto post = [&](const Json& a) {
          const auto s = Clock::now();
          auto r = c.Post(path.c_str(), h, Json{{"action", a}}.dump(), "application/json");
          mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - s).count());
          if (!r || r->status != 200) {
            std::fprintf(stderr, "action failed: %s\n",
                         r ? r->body.c_str() : httplib::to_string(r.error()).c_str());
            ++refused;
          }
        };
        for (int turn = 1; turn <= 20; ++turn) {
          const bool odd = turn % 2 == 1;
          post({{"kind", "move"}, {"unit", "U"}, {"path", {odd ? "0304" : "0303"}}});
          post({{"kind", "end"}});
          post({{"kind", "end"}});
          post({{"kind", "move"}, {"unit", "K"}, {"path", {odd ? "0809" : "0808"}}});
          post({{"kind", "end"}});
          post({{"kind", "end"}});
        }
        std::lock_guard lock(mu);
        all.insert(all.end(), mine.begin(), mine.end());
      });
    }
    for (auto& t : threads) t.join();
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
  }
  state.counters["actions"] = static_cast<double>(all.size());
  state.counters["refused"] = refused.load();
  state.counters["p50_ms"] = percentile(all, 0.50);
  state.counters["p95_ms"] = percentile(all, 0.95);
  state.counters["p99_ms"] = percentile(all, 0.99);
  state.counters["max_ms"] = percentile(all, 1.0);
  (*server)->stop();
}
BENCHMARK(BM_ServerActionRoundTrip50Games)
    ->Arg(50)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// The server's part of opening a game page for the first time: every request
// the page makes before it can draw, one after the other on a fresh client.
void BM_ServerFirstPageLoad(benchmark::State& state) {
  bg::server::ServeOptions opt;
  opt.port = 0;
  opt.db = temp_db();
  auto server = bg::server::HttpServer::start(opt);
  if (!server) {
    state.SkipWithError(server.error().message.c_str());
    return;
  }
  if (!std::filesystem::exists(bg::server::default_web_root() + "/index.html")) {
    state.SkipWithError("web/dist is not built (cd web && npm ci && npm run build)");
    return;
  }
  httplib::Client setup("127.0.0.1", (*server)->port());
  auto created = setup.Post("/api/games", game_body(1).dump(), "application/json");
  const Json cj = Json::parse(created->body);
  const std::string id = cj["id"], token = cj["seats"]["hotseat"]["token"];
  std::vector<double> ms;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    httplib::Client c("127.0.0.1", (*server)->port());
    auto page = c.Get(("/g/" + id).c_str());
    std::smatch m;
    std::vector<std::string> assets;
    std::string html = page ? page->body : "";
    std::regex asset(R"((/assets/[^"]+))");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), asset);
         it != std::sregex_iterator(); ++it)
      assets.push_back((*it)[1]);
    for (const auto& a : assets) c.Get(a.c_str());
    c.Get(("/api/games/" + id).c_str(), httplib::Headers{{"X-Bluegray-Token", token}});
    c.Get(("/api/games/" + id + "/map.svg").c_str());
    const double d = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    ms.push_back(d);
    state.SetIterationTime(d / 1000.0);
  }
  state.counters["p95_ms"] = percentile(ms, 0.95);
  (*server)->stop();
}
BENCHMARK(BM_ServerFirstPageLoad)->Iterations(50)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
