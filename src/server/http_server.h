// `bluegray serve`: the HTTP server. It serves the web UI's files, the JSON
// API of docs/server.md and a Server-Sent Events stream per open page.
//
// Connections live on an event loop (Boost.Asio/Beast) run by a few I/O
// threads; an open page's event stream is a registered callback, not a
// thread, so thousands of open pages cost memory only.
// The routes (engine, store, files) run on a small worker pool, never on the
// I/O threads; each game's own mutex serialises what is done to it.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "core/result.h"
#include "server/lobby.h"
#include "server/mailer.h"
#include "server/rate_limiter.h"

namespace bg::server {

struct ConnectionLimits {
  size_t max_body = 1 << 20;     // request body bytes; more: 413
  size_t max_header = 16 << 10;  // request line and header bytes; more: 431
  // From the moment a connection waits for a request until its request line
  // and headers are in (idle keep-alive, a client dripping its headers).
  std::chrono::seconds header_timeout{10};
  // For the body once the headers are in, and for writing an answer. A
  // request that waited longer than this for a worker is not carried out
  // (503): its client has likely given up, and must not find its action
  // applied long after.
  std::chrono::seconds body_timeout{30};
  size_t max_connections = 10000;  // open at once (event streams included)
  // Event streams (open pages) one client may hold at once; more: 429. A
  // client is an address (the proxy's X-Forwarded-For with trust_proxy), so
  // a household or an office behind one address shares it. 0: no cap.
  size_t max_streams_per_client = 100;
};

struct ServeOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;  // 0: any free port (tests)
  std::string db = "games.sqlite";
  std::string web_root;    // empty: the source tree's web/dist
  bool test_mode = false;  // accept forced dice (e2e tests only)
  // The computer side: random, greedy, ai-easy, ai-normal, ai-hard or ref-2026.
  std::string computer = "ai-normal";
  // Makes the computer player instead of `computer` (tests script one here).
  std::function<std::unique_ptr<ai::Player>(uint64_t seed)> computer_player;
  int io_threads = 2;  // run the connections
  int workers = 4;     // run the routes (engine, store)
  ConnectionLimits connections;
  RateLimits rates;
  LobbyLimits games;
  // Take the client's address for rates from the last X-Forwarded-For entry
  // when the peer is a loopback address (a reverse proxy on this machine).
  bool trust_proxy = false;
  // Correspondence play's "your turn" mails (no relay: none).
  MailConfig mail;
  std::function<void(const std::string&)> mail_log;  // default: standard error
};

// The default web root: <source dir>/web/dist.
std::string default_web_root();

class HttpServer {
 public:
  static core::Result<std::unique_ptr<HttpServer>> start(const ServeOptions& opt);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int port() const;
  // Stops listening, closes every connection and waits for the threads.
  void stop();
  // Blocks until the server stops (serve's main thread).
  void wait();
  // What the server holds now (tests, and the operator's view).
  size_t connections() const;
  size_t streams() const;
  size_t games_in_memory() const;
  Mailer::Stats mail_stats() const;

  struct Impl;

 private:
  HttpServer() = default;
  std::unique_ptr<Impl> impl_;
};

// Runs the server until SIGINT/SIGTERM; prints the address. Returns an exit code.
int serve(const ServeOptions& opt);

}  // namespace bg::server
