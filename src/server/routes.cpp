#include "server/routes.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "protocol/json_input.h"
#include "protocol/json_view.h"
#include "server/game_room.h"
#include "server/lobby.h"
#include "server/rate_limiter.h"

namespace bg::server {

namespace {

constexpr const char* kJson = "application/json; charset=utf-8";

HttpResponse json_response(const Reply& r) {
  HttpResponse res;
  res.status = r.status;
  res.content_type = kJson;
  res.body = protocol::dump_line(r.body);
  res.headers.emplace_back("Cache-Control", "no-store");
  return res;
}

HttpResponse too_many(int seconds, const std::string& what) {
  HttpResponse res = json_refusal(429, "too many " + what + " from this address; try again in " +
                                           std::to_string(seconds) + " s");
  res.headers.emplace_back("Retry-After", std::to_string(seconds));
  return res;
}

Json parse_body(const std::string& body, Reply& error) {
  auto j = protocol::parse_json_input(body);
  if (!j) {
    error = refuse(400, "the request body: " + j.error().message);
    return Json(Json::value_t::discarded);  // what the callers test for
  }
  return std::move(*j);
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 &&
               hex_digit(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

const char* content_type_of(const std::filesystem::path& p) {
  const std::string ext = p.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".json" || ext == ".map") return "application/json; charset=utf-8";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

bool read_file(const std::filesystem::path& p, std::string& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

}  // namespace

std::string query_param(const std::string& query, const std::string& name) {
  size_t pos = 0;
  while (pos <= query.size()) {
    size_t end = query.find('&', pos);
    if (end == std::string::npos) end = query.size();
    std::string_view pair(query.data() + pos, end - pos);
    const size_t eq = pair.find('=');
    if (percent_decode(pair.substr(0, eq)) == name)
      return eq == std::string_view::npos ? std::string() : percent_decode(pair.substr(eq + 1));
    pos = end + 1;
  }
  return {};
}

bool has_query_param(const std::string& query, const std::string& name) {
  size_t pos = 0;
  while (pos <= query.size()) {
    size_t end = query.find('&', pos);
    if (end == std::string::npos) end = query.size();
    std::string_view pair(query.data() + pos, end - pos);
    if (percent_decode(pair.substr(0, pair.find('='))) == name) return true;
    pos = end + 1;
  }
  return false;
}

std::string sse_version(uint64_t version) {
  return "event: version\ndata: {\"version\":" + std::to_string(version) + "}\n\n";
}

HttpResponse json_refusal(int status, const std::string& message) {
  return json_response(refuse(status, message));
}

std::optional<HttpResponse> Router::immediate(const HttpRequest& req) {
  if (req.method == "GET" && req.path == "/api/health") {
    Json j = Json::object();
    j["version"] = protocol::kVersion;
    return json_response(ok(std::move(j)));
  }
  return std::nullopt;
}

HttpResponse Router::handle(const HttpRequest& req) {
  try {
    if (auto r = immediate(req)) return *r;
    const std::string& p = req.path;
    // The new-game choices: every registered title, its scenarios, parameters
    // and options, and the Standard Rules' editions and options (the
    // protocol's `titles`), so the front page names no title itself.
    // With them, the levels of the computer player a game may choose and
    // this server's default (GameRoom::parse_player).
    if (p == "/api/titles" && req.method == "GET") {
      Json j = protocol::titles_json();
      j["computer"] = computer_choices(lobby_.default_computer());
      return json_response(ok(std::move(j)));
    }
    if (p == "/api/games" && req.method == "GET") return games_list(req);
    if (p == "/api/games" && req.method == "POST") {
      if (int wait = limiter_.take(RateKind::Create, req.client))
        return too_many(wait, "new games");
      Reply err;
      Json body = parse_body(req.body, err);
      return json_response(body.is_discarded() ? err : lobby_.create(body));
    }
    const std::string games = "/api/games/";
    if (p.rfind(games, 0) == 0) {
      const size_t slash = p.find('/', games.size());
      const std::string id = p.substr(games.size(), slash - games.size());
      const std::string rest = slash == std::string::npos ? "" : p.substr(slash);
      if (!id.empty()) return game_route(req, id, rest);
    }
    if (p == "/api" || p.rfind("/api/", 0) == 0)
      return json_response(refuse(404, "no such API route"));
    if (p.rfind("/g/", 0) == 0 && p.size() > 3 && p.find('/', 3) == std::string::npos &&
        req.method == "GET")
      return game_page();
    return static_file(req);
  } catch (const std::exception&) {
    return json_response(refuse(500, "internal error"));
  }
}

// The routes under /api/games/<id>, one entry each. `rate` is what the
// request costs the client (a hint plans a move with the AI, the dearest
// request of all; a replay replays the game's actions; a branch makes a game);
// `token`: the seat's token is required (and the client's wrong-token rate
// applies); `body`: a POST's JSON body (an undo's may be empty).
struct Router::GameRoute {
  enum class Rate { None, Actions, Create };
  enum class Body { None, Parsed, ParsedOrEmpty };
  using Handler = HttpResponse (*)(Router&, const HttpRequest&, GameRoom&, Seat, const Json&);
  std::string_view rest;
  std::string_view method;
  Rate rate;
  bool token;
  Body body;
  Handler handler;
};

// What a game's page loads: its seat's view, the map, the charts, and the
// stream of changes.
std::vector<Router::GameRoute> Router::page_routes() {
  using R = GameRoute::Rate;
  using B = GameRoute::Body;
  using Req = const HttpRequest&;
  return {
      {"", "GET", R::None, true, B::None,
       [](Router&, Req, GameRoom& room, Seat seat, const Json&) {
         HttpResponse res = json_response(Reply{});
         res.body = *room.view_text(seat);
         return res;
       }},
      {"/map.svg", "GET", R::None, false, B::None,
       [](Router&, Req, GameRoom& room, Seat, const Json&) {
         HttpResponse res;
         res.content_type = "image/svg+xml";
         res.body = *room.map_svg();
         res.headers.emplace_back("Cache-Control", "max-age=3600");
         return res;
       }},
      {"/charts", "GET", R::None, false, B::None,
       [](Router&, Req, GameRoom& room, Seat, const Json&) {
         // The same for every seat and for the whole game (its rules never change).
         HttpResponse res = json_response(room.charts());
         if (res.status == 200)
           for (auto& [name, value] : res.headers)
             if (name == "Cache-Control") value = "max-age=3600";
         return res;
       }},
      {"/events", "GET", R::None, true, B::None,
       [](Router&, Req, GameRoom& room, Seat, const Json&) {
         // Server-Sent Events: "version" events whenever the game changes;
         // the page then fetches its own seat's view.
         HttpResponse res;
         res.content_type = "text/event-stream";
         res.headers.emplace_back("Cache-Control", "no-store");
         res.headers.emplace_back("X-Accel-Buffering", "no");
         res.stream_game = room.id();
         res.stream_version = room.version();
         return res;
       }},
  };
}

// Questions about the game that change nothing: reach, hint, overlays, replay.
std::vector<Router::GameRoute> Router::query_routes() {
  using R = GameRoute::Rate;
  using B = GameRoute::Body;
  using Req = const HttpRequest&;
  return {
      {"/reach", "GET", R::Actions, true, B::None,
       [](Router&, Req req, GameRoom& room, Seat seat, const Json&) {
         if (!has_query_param(req.query, "unit"))
           return json_response(refuse(400, "reach needs ?unit=<id>"));
         const bool strategic = query_param(req.query, "strategic") == "1";
         return json_response(room.reach(seat, query_param(req.query, "unit"), strategic));
       }},
      {"/hint", "GET", R::Actions, true, B::None,
       [](Router&, Req req, GameRoom& room, Seat seat, const Json&) {
         return json_response(room.hint_at(seat, query_param(req.query, "at")));
       }},
      {"/overlays", "GET", R::None, true, B::None,
       [](Router&, Req req, GameRoom& room, Seat, const Json&) {
         return json_response(room.overlays(query_param(req.query, "unit")));
       }},
      {"/replay", "GET", R::Actions, true, B::None,
       [](Router&, Req req, GameRoom& room, Seat seat, const Json&) {
         if (!has_query_param(req.query, "at"))
           return json_response(refuse(400, "replay needs ?at=<number of actions>"));
         return json_response(room.replay(seat, query_param(req.query, "at")));
       }},
  };
}

// Fair dice, "your turn" mails and turn files.
std::vector<Router::GameRoute> Router::exchange_routes() {
  using R = GameRoute::Rate;
  using B = GameRoute::Body;
  using Req = const HttpRequest&;
  return {
      // Fair dice (GameRoom::contribute / reveal / save, docs/server.md).
      {"/save", "GET", R::Actions, true, B::None,
       [](Router&, Req, GameRoom& room, Seat seat, const Json&) {
         return json_response(room.save(seat));
       }},
      {"/reveal", "POST", R::Actions, true, B::None,
       [](Router&, Req, GameRoom& room, Seat seat, const Json&) {
         return json_response(room.reveal(seat));
       }},
      {"/contribute", "POST", R::Actions, true, B::Parsed,
       [](Router&, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(room.contribute(seat, body));
       }},
      {"/notify", "GET", R::Actions, true, B::None,
       [](Router&, Req, GameRoom& room, Seat seat, const Json&) {
         return json_response(room.notify_get(seat));
       }},
      {"/notify", "POST", R::Actions, true, B::Parsed,
       [](Router&, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(room.notify_set(seat, body));
       }},
      {"/turn-file", "GET", R::Actions, true, B::None,
       [](Router&, Req req, GameRoom& room, Seat seat, const Json&) {
         return json_response(room.turn_file(seat, query_param(req.query, "from")));
       }},
      {"/turn-file", "POST", R::Actions, true, B::Parsed,
       [](Router&, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(room.import_turn_file(seat, body));
       }},
  };
}

// Requests that change the game or make a new one.
std::vector<Router::GameRoute> Router::action_routes() {
  using R = GameRoute::Rate;
  using B = GameRoute::Body;
  using Req = const HttpRequest&;
  return {
      {"/actions", "POST", R::Actions, true, B::Parsed,
       [](Router&, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(room.act(seat, body));
       }},
      {"/preview", "POST", R::Actions, true, B::Parsed,
       [](Router&, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(room.preview(seat, body));
       }},
      {"/undo", "POST", R::Actions, true, B::ParsedOrEmpty,
       [](Router&, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(room.undo(seat, body));
       }},
      {"/branch", "POST", R::Create, true, B::Parsed,
       [](Router& r, Req, GameRoom& room, Seat seat, const Json& body) {
         return json_response(r.lobby_.branch(room, seat, body));
       }},
  };
}

const std::vector<Router::GameRoute>& Router::game_routes() {
  static const std::vector<GameRoute> routes = [] {
    std::vector<GameRoute> all;
    for (auto part : {page_routes(), query_routes(), exchange_routes(), action_routes()})
      all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return routes;
}

HttpResponse Router::game_route(const HttpRequest& req, const std::string& id,
                                const std::string& rest) {
  const auto& routes = game_routes();
  const auto route = std::find_if(routes.begin(), routes.end(), [&](const GameRoute& r) {
    return r.rest == rest && r.method == req.method;
  });
  if (route == routes.end()) return json_response(refuse(404, "no such API route"));
  if (route->rate == GameRoute::Rate::Actions)
    if (int wait = limiter_.take(RateKind::Actions, req.client)) return too_many(wait, "actions");
  if (route->rate == GameRoute::Rate::Create)
    if (int wait = limiter_.take(RateKind::Create, req.client)) return too_many(wait, "new games");
  if (route->token)
    if (int wait = limiter_.blocked(RateKind::TokenFailures, req.client))
      return too_many(wait, "requests with a wrong token");

  Reply err;
  auto room = lobby_.find(id, err);
  if (!room) return json_response(err);
  // The map and the charts hold no secret: any seat's, or none.
  if (!route->token) return route->handler(*this, req, *room, Seat::Spectator, Json());
  // EventSource cannot set headers: its token comes in the query string.
  const std::string token = !req.token.empty() ? req.token : query_param(req.query, "token");
  if (token.empty()) {
    limiter_.take(RateKind::TokenFailures, req.client);
    return json_response(refuse(401, "this request needs the seat's token (the secret link)"));
  }
  const auto seat = room->seat_for(token);
  if (!seat) {
    limiter_.take(RateKind::TokenFailures, req.client);
    return json_response(rest == "/events"
                             ? refuse(403, "this token opens no seat")
                             : refuse(403, "this token opens no seat of game " + room->id()));
  }
  Json body;
  if (route->body == GameRoute::Body::ParsedOrEmpty && req.body.empty()) {
    body = Json::object();
  } else if (route->body != GameRoute::Body::None) {
    body = parse_body(req.body, err);
    if (body.is_discarded()) return json_response(err);
  }
  return route->handler(*this, req, *room, *seat, body);
}

namespace {

// (Not ::isdigit: a decoded query may hold bytes above 127, negative chars.)
bool all_digits(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool all_hex(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return hex_digit(c) >= 0; });
}

// GET /api/games's parameters: `limit` (1 to kMaxPage), `cursor` (the
// previous page's "next": "<updated>.<game id>"), and the browser's seat
// tokens in X-Bluegray-Token, comma-separated (at most kMaxListTokens).
Reply parse_list_request(const HttpRequest& req, ListQuery& q, std::vector<std::string>& tokens) {
  if (has_query_param(req.query, "limit")) {
    const std::string l = query_param(req.query, "limit");
    if (l.empty() || l.size() > 3 || !all_digits(l) || std::stoul(l) < 1 ||
        std::stoul(l) > kMaxPage)
      return refuse(400, "limit must be a whole number from 1 to " + std::to_string(kMaxPage));
    q.limit = std::stoul(l);
  }
  if (has_query_param(req.query, "cursor")) {
    const std::string c = query_param(req.query, "cursor");
    const size_t dot = c.find('.');
    const std::string updated = c.substr(0, dot),
                      id = dot == std::string::npos ? "" : c.substr(dot + 1);
    if (updated.empty() || updated.size() > 18 || !all_digits(updated) || id.size() != 16 ||
        !all_hex(id))
      return refuse(400, "cursor must be the \"next\" of the previous page");
    q.after = std::make_pair(static_cast<int64_t>(std::stoll(updated)), id);
  }
  size_t pos = 0;
  while (!req.token.empty() && pos <= req.token.size()) {
    size_t end = req.token.find(',', pos);
    if (end == std::string::npos) end = req.token.size();
    std::string t = req.token.substr(pos, end - pos);
    t.erase(0, t.find_first_not_of(' '));
    t.erase(t.find_last_not_of(' ') + 1);
    if (t.size() != 32 || !all_hex(t))
      return refuse(400, "X-Bluegray-Token: seat tokens (32 hex digits), separated by commas");
    if (tokens.size() == kMaxListTokens)
      return refuse(400,
                    "at most " + std::to_string(kMaxListTokens) + " tokens in one list request");
    tokens.push_back(std::move(t));
    pos = end + 1;
  }
  return {};
}

}  // namespace

HttpResponse Router::games_list(const HttpRequest& req) {
  ListQuery q;
  std::vector<std::string> tokens;
  if (Reply r = parse_list_request(req, q, tokens); r.status != 200) return json_response(r);
  // Tokens are looked up in the store: rated like an action.
  if (!tokens.empty())
    if (int wait = limiter_.take(RateKind::Actions, req.client)) return too_many(wait, "actions");
  return json_response(lobby_.list(q, tokens));
}

// The web UI's page for a game (/g/<id>): index.html, whose script reads the
// game and token from the URL.
HttpResponse Router::game_page() const {
  HttpResponse res;
  if (!read_file(std::filesystem::path(web_root_) / "index.html", res.body)) {
    res.status = 404;
    res.content_type = "text/plain";
    res.body = "the web UI is not built (cd web && npm ci && npm run build)";
    return res;
  }
  res.content_type = "text/html; charset=utf-8";
  res.headers.emplace_back("Cache-Control", "no-store");
  return res;
}

// The built UI's files. Only plain names below the web root: no "..", no
// hidden files, no backslashes or NULs.
HttpResponse Router::static_file(const HttpRequest& req) const {
  HttpResponse not_found;
  not_found.status = 404;
  not_found.content_type = "text/plain";
  not_found.body = "not found";
  if (req.method != "GET" && req.method != "HEAD") return not_found;
  std::string path = percent_decode(req.path);
  if (path.empty() || path[0] != '/') return not_found;
  if (path.back() == '/') path += "index.html";
  std::filesystem::path file(web_root_);
  size_t pos = 1;
  while (pos < path.size()) {
    size_t end = path.find('/', pos);
    if (end == std::string::npos) end = path.size();
    const std::string seg = path.substr(pos, end - pos);
    if (seg.empty() || seg[0] == '.' || seg.find('\\') != std::string::npos ||
        seg.find('\0') != std::string::npos)
      return not_found;
    file /= seg;
    pos = end + 1;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return not_found;
  HttpResponse res;
  if (!read_file(file, res.body)) return not_found;
  res.content_type = content_type_of(file);
  return res;
}

}  // namespace bg::server
