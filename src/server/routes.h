// The server's routes, apart from the connections that carry them: a request
// in (method, path, query, token, body, client), an answer out. Routes only
// translate HTTP to Lobby and GameRoom calls; every rule decision is the
// engine's. They run on the worker threads, never on the I/O threads, since
// an action may take a computer turn.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bg::server {

class Lobby;

// GET /api/games: the largest page (and the default), and the most seat
// tokens one request may ask about.
inline constexpr size_t kMaxPage = 200;
inline constexpr size_t kMaxListTokens = 100;
class RateLimiter;

struct HttpRequest {
  std::string method;  // GET, HEAD, POST, ...
  std::string path;    // without the query
  std::string query;   // after '?', still percent-encoded
  std::string token;   // the X-Bluegray-Token header
  std::string body;
  std::string client;  // whose rates apply (the peer's address)
};

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  // An event stream was granted: the game to follow and its version now.
  std::optional<std::string> stream_game;
  uint64_t stream_version = 0;
};

class Router {
 public:
  Router(Lobby& lobby, RateLimiter& limiter, std::string web_root)
      : lobby_(lobby), limiter_(limiter), web_root_(std::move(web_root)) {}

  HttpResponse handle(const HttpRequest& req);
  // Answers that need no worker (no engine, no store, no disk).
  static std::optional<HttpResponse> immediate(const HttpRequest& req);

 private:
  HttpResponse games_list(const HttpRequest& req);
  // The routes under /api/games/<id> (routes.cpp): path, method, rate, token
  // and body, and the handler; adding a route is one line there.
  struct GameRoute;
  static const std::vector<GameRoute>& game_routes();
  // The table in parts, in the order they are matched.
  static std::vector<GameRoute> page_routes();
  static std::vector<GameRoute> query_routes();
  static std::vector<GameRoute> exchange_routes();
  static std::vector<GameRoute> action_routes();
  HttpResponse game_route(const HttpRequest& req, const std::string& id, const std::string& rest);
  HttpResponse static_file(const HttpRequest& req) const;
  HttpResponse game_page() const;

  Lobby& lobby_;
  RateLimiter& limiter_;
  std::string web_root_;
};

// The value of one query parameter, percent-decoded ("" if absent).
std::string query_param(const std::string& query, const std::string& name);
bool has_query_param(const std::string& query, const std::string& name);

// The SSE lines for a version event and for a heartbeat comment.
std::string sse_version(uint64_t version);
inline constexpr const char* kSseHeartbeat = ": keep-alive\n\n";

// A JSON error answer outside the routes (413, 431, 429, 503), in the
// routes' refusal shape.
HttpResponse json_refusal(int status, const std::string& message);

}  // namespace bg::server
