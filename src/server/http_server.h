// `bluegray serve`: the HTTP server. It serves the web UI's files, the JSON
// API of docs/server.md and a Server-Sent Events stream per open page. Routes
// only translate HTTP to GameRoom calls; every rule decision is the engine's.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "core/result.h"

namespace httplib {
class Server;
}

namespace bg::server {

class GameStore;
class LiveHub;
class Lobby;

struct ServeOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;  // 0: any free port (tests)
  std::string db = "games.sqlite";
  std::string web_root;    // empty: the source tree's web/dist
  bool test_mode = false;  // accept forced dice (e2e tests only)
  // The computer side: random, greedy, ai-easy, ai-normal, ai-hard or ref-2026.
  std::string computer = "ai-normal";
  int threads = 128;  // each open page's event stream holds one
};

// The default web root: <source dir>/web/dist.
std::string default_web_root();

class HttpServer {
 public:
  static core::Result<std::unique_ptr<HttpServer>> start(const ServeOptions& opt);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int port() const { return port_; }
  // Stops listening, ends the event streams and waits for the threads.
  void stop();
  // Blocks until the server stops (serve's main thread).
  void wait();

 private:
  HttpServer() = default;
  void routes();

  ServeOptions opt_;
  std::unique_ptr<GameStore> store_;
  std::unique_ptr<LiveHub> hub_;
  std::unique_ptr<Lobby> lobby_;
  std::unique_ptr<httplib::Server> http_;
  std::thread thread_;
  int port_ = 0;
};

// Runs the server until SIGINT/SIGTERM; prints the address. Returns an exit code.
int serve(const ServeOptions& opt);

}  // namespace bg::server
