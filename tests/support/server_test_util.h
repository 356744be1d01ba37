// An in-process `bluegray serve` on an ephemeral loopback port with its own
// temporary database, and small helpers to call its JSON API.
#pragma once

#include <httplib.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "pg_cluster.h"
#include "server/http_server.h"
#include "temp_dir.h"

namespace bg::server::test {

using Json = nlohmann::ordered_json;

// A fresh, empty directory (temp_dir.h).
inline std::filesystem::path temp_dir() {
  return bg::test::fresh_temp_dir("bluegray_server_test");
}

// A fresh database for one test server: a file in a temp_dir().
//
// With BLUEGRAY_TEST_STORE=postgresql in the environment, a fresh database on
// the test process's PostgreSQL instead (the API suites run once on each
// store; CMakeLists.txt, "api_on_postgresql").
inline std::string temp_db(const std::string& name) {
  if (const char* store = std::getenv("BLUEGRAY_TEST_STORE");
      store != nullptr && std::string(store) == "postgresql") {
    const std::string uri = PgCluster::shared().new_database();
    if (!uri.empty()) return uri;
    // A database the server cannot open: the test fails and says why.
    std::fprintf(stderr, "no PostgreSQL for the test: %s\n", PgCluster::shared().error().c_str());
    return "postgresql://unavailable/";
  }
  return (temp_dir() / name).string();
}

struct Res {
  int status = 0;
  Json body;
};

class TestServer {
 public:
  explicit TestServer(std::string db = temp_db("games.sqlite"), bool test_mode = false,
                      std::string web_root = "/nonexistent")
      : TestServer(options(std::move(db), test_mode, std::move(web_root))) {}
  // A server with these options (port, database and web root filled in when
  // left at their defaults).
  explicit TestServer(ServeOptions opt) : db_(opt.db) {
    auto s = HttpServer::start(opt);
    if (s) server_ = std::move(*s);
  }
  static ServeOptions options(std::string db = temp_db("games.sqlite"), bool test_mode = false,
                              std::string web_root = "/nonexistent") {
    ServeOptions opt;
    opt.port = 0;
    opt.db = std::move(db);
    opt.test_mode = test_mode;
    opt.web_root = std::move(web_root);
    return opt;
  }
  HttpServer& server() const { return *server_; }
  bool running() const { return server_ != nullptr; }
  int port() const { return server_->port(); }
  const std::string& db() const { return db_; }
  void stop() { server_.reset(); }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", server_->port());
    c.set_read_timeout(10, 0);
    return c;
  }
  Res get(const std::string& path, const std::string& token = "") const {
    auto c = client();
    httplib::Headers h;
    if (!token.empty()) h.emplace("X-Bluegray-Token", token);
    return wrap(c.Get(path.c_str(), h));
  }
  Res post(const std::string& path, const std::string& body, const std::string& token = "") const {
    auto c = client();
    httplib::Headers h;
    if (!token.empty()) h.emplace("X-Bluegray-Token", token);
    return wrap(c.Post(path.c_str(), h, body, "application/json"));
  }
  Res post(const std::string& path, const Json& body, const std::string& token = "") const {
    return post(path, body.dump(), token);
  }

 private:
  static Res wrap(const httplib::Result& r) {
    Res out;
    if (!r) return out;
    out.status = r->status;
    out.body = Json::parse(r->body, nullptr, false);
    return out;
  }
  std::string db_;
  std::unique_ptr<HttpServer> server_;
};

// A 10x10 sandbox: Union A (13) at 0403 and C (5) at 0303, Confederate B (4)
// at 0406 and D (6) at 0809; a reinforcement R for the Union on turn 2.
inline Json skirmish(const std::string& mode, uint64_t seed = 7) {
  Json setup = Json::array({
      {{"kind", "unit"},
       {"id", "A"},
       {"side", "union"},
       {"type", "inf"},
       {"strength", 13},
       {"defense", 13},
       {"hex", "0403"}},
      {{"kind", "unit"},
       {"id", "C"},
       {"side", "union"},
       {"type", "inf"},
       {"strength", 5},
       {"defense", 5},
       {"hex", "0303"}},
      {{"kind", "unit"},
       {"id", "B"},
       {"side", "confederate"},
       {"type", "inf"},
       {"strength", 4},
       {"defense", 4},
       {"hex", "0406"}},
      {{"kind", "unit"},
       {"id", "D"},
       {"side", "confederate"},
       {"type", "inf"},
       {"strength", 6},
       {"defense", 6},
       {"hex", "0809"}},
      {{"kind", "unit"},
       {"id", "R"},
       {"side", "union"},
       {"type", "cav"},
       {"strength", 3},
       {"defense", 3},
       {"hex", nullptr},
       {"arrival", 2},
       {"entry", {"0101"}}},
  });
  Json body = {{"new", {{"scenario", "sandbox"}, {"cols", 10}, {"rows", 10}, {"seed", seed}}},
               {"mode", mode},
               {"setup", setup}};
  return body;
}

inline Json action(const Json& a) {
  return Json{{"action", a}};
}

}  // namespace bg::server::test
