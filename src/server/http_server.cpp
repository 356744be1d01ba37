#include "server/http_server.h"

#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "protocol/json_input.h"
#include "protocol/json_view.h"
#include "server/game_store.h"
#include "server/live_hub.h"
#include "server/lobby.h"

namespace bg::server {

namespace {

constexpr const char* kJson = "application/json; charset=utf-8";
constexpr size_t kMaxBody = 1 << 20;

void send(httplib::Response& res, const Reply& r) {
  res.status = r.status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(protocol::dump_line(r.body), kJson);
}

// The token comes in a header from fetch() and in the query string from
// EventSource (which cannot set headers).
std::string token_of(const httplib::Request& req) {
  if (req.has_header("X-Bluegray-Token")) return req.get_header_value("X-Bluegray-Token");
  if (req.has_param("token")) return req.get_param_value("token");
  return {};
}

Json parse_body(const httplib::Request& req, Reply& error) {
  auto j = protocol::parse_json_input(req.body);
  if (!j) {
    error = refuse(400, "the request body: " + j.error().message);
    return Json(Json::value_t::discarded);  // what the callers test for
  }
  return std::move(*j);
}

// cpp-httplib 0.11 listens with a backlog of 5, so a burst of new
// connections (many pages opening at once) overflows the accept queue and
// some are reset. Calling listen() again on the bound socket raises the
// backlog (Linux updates it in place); the library does not expose the socket,
// so it is found among this process's descriptors by its port.
void widen_backlog(int port) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    int fd = -1;
    try {
      fd = std::stoi(entry.path().filename().string());
    } catch (...) {
      continue;
    }
    int listening = 0;
    socklen_t len = sizeof listening;
    if (::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) != 0 || !listening) continue;
    sockaddr_storage addr{};
    socklen_t alen = sizeof addr;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &alen) != 0) continue;
    int p = -1;
    if (addr.ss_family == AF_INET) p = ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port);
    if (addr.ss_family == AF_INET6) p = ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port);
    if (p == port) ::listen(fd, SOMAXCONN);
  }
}

}  // namespace

std::string default_web_root() {
  return BLUEGRAY_WEB_ROOT;
}

HttpServer::~HttpServer() {
  stop();
}

core::Result<std::unique_ptr<HttpServer>> HttpServer::start(const ServeOptions& opt) {
  std::unique_ptr<HttpServer> s(new HttpServer());
  s->opt_ = opt;
  if (s->opt_.web_root.empty()) s->opt_.web_root = default_web_root();
  auto store = GameStore::open(opt.db);
  if (!store) return store.error();
  s->store_ = std::move(*store);
  s->hub_ = std::make_unique<LiveHub>();
  RoomEnv env;
  env.store = s->store_.get();
  env.hub = s->hub_.get();
  env.test_mode = opt.test_mode;
  env.computer = opt.computer;
  s->lobby_ = std::make_unique<Lobby>(std::move(env));
  s->http_ = std::make_unique<httplib::Server>();
  const int threads = std::max(4, opt.threads);
  s->http_->new_task_queue = [threads] {
    return new httplib::ThreadPool(static_cast<size_t>(threads));
  };
  s->http_->set_payload_max_length(kMaxBody);
  s->http_->set_keep_alive_max_count(1000);
  // Small JSON replies: without TCP_NODELAY, Nagle's algorithm and delayed
  // ACKs add tens of milliseconds to each round trip.
  s->http_->set_tcp_nodelay(true);
  // The library's default also sets SO_REUSEPORT, with which a second server on
  // a busy port starts silently and the kernel splits connections between the
  // two (issue 14, defect 4). SO_REUSEADDR alone still allows a quick restart.
  s->http_->set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  s->routes();
  if (opt.port == 0) {
    s->port_ = s->http_->bind_to_any_port(opt.bind);
    if (s->port_ < 0) return core::Error{"", "cannot listen on " + opt.bind};
  } else {
    if (!s->http_->bind_to_port(opt.bind, opt.port))
      return core::Error{"", "cannot listen on " + opt.bind + ":" + std::to_string(opt.port) +
                                 " (is another server already using that port?)"};
    s->port_ = opt.port;
  }
  widen_backlog(s->port_);
  s->thread_ = std::thread([srv = s->http_.get()] { srv->listen_after_bind(); });
  // The library ignores stop() until its accept loop runs, so a server stopped
  // right after it started would never stop: start() returns once it runs.
  for (int i = 0; i < 5000 && !s->http_->is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return s;
}

void HttpServer::stop() {
  if (!http_) return;
  hub_->shutdown();  // event streams return, freeing their threads
  http_->stop();
  if (thread_.joinable()) thread_.join();
}

void HttpServer::wait() {
  if (thread_.joinable()) thread_.join();
}

void HttpServer::routes() {
  httplib::Server& http = *http_;
  Lobby& lobby = *lobby_;
  LiveHub& hub = *hub_;

  http.Get("/api/health", [](const httplib::Request&, httplib::Response& res) {
    Json j = Json::object();
    j["version"] = protocol::kVersion;
    send(res, ok(std::move(j)));
  });
  // The new-game choices: every registered title, its scenarios, parameters
  // and options, and the Standard Rules' editions and options (the protocol's
  // `titles`), so the front page names no title itself.
  http.Get("/api/titles", [](const httplib::Request&, httplib::Response& res) {
    send(res, ok(protocol::titles_json()));
  });
  http.Get("/api/games",
           [&lobby](const httplib::Request&, httplib::Response& res) { send(res, lobby.list()); });
  http.Post("/api/games", [&lobby](const httplib::Request& req, httplib::Response& res) {
    Reply err;
    Json body = parse_body(req, err);
    send(res, body.is_discarded() ? err : lobby.create(body));
  });

  // Every per-game route: find the game, open the seat from the token, call.
  using SeatHandler = std::function<Reply(GameRoom&, Seat, const httplib::Request&)>;
  auto seated = [&lobby](SeatHandler h) {
    return [&lobby, h](const httplib::Request& req, httplib::Response& res) {
      Reply err;
      auto room = lobby.find(req.matches[1], err);
      if (!room) return send(res, err);
      const std::string token = token_of(req);
      if (token.empty())
        return send(res, refuse(401, "this request needs the seat's token (the secret link)"));
      auto seat = room->seat_for(token);
      if (!seat) return send(res, refuse(403, "this token opens no seat of game " + room->id()));
      send(res, h(*room, *seat, req));
    };
  };
  const std::string game = R"(/api/games/([0-9a-zA-Z]+))";
  http.Get(game, seated([](GameRoom& room, Seat seat, const httplib::Request&) {
             return room.view(seat);
           }));
  http.Post(game + "/actions", seated([](GameRoom& room, Seat seat, const httplib::Request& req) {
              Reply err;
              Json body = parse_body(req, err);
              return body.is_discarded() ? err : room.act(seat, body);
            }));
  http.Post(game + "/preview", seated([](GameRoom& room, Seat seat, const httplib::Request& req) {
              Reply err;
              Json body = parse_body(req, err);
              return body.is_discarded() ? err : room.preview(seat, body);
            }));
  http.Post(game + "/undo", seated([](GameRoom& room, Seat seat, const httplib::Request& req) {
              Reply err;
              Json body = req.body.empty() ? Json::object() : parse_body(req, err);
              return body.is_discarded() ? err : room.undo(seat, body);
            }));
  // Fair dice (GameRoom::contribute / reveal / save, docs/server.md).
  http.Post(game + "/contribute",
            seated([](GameRoom& room, Seat seat, const httplib::Request& req) {
              Reply err;
              Json body = parse_body(req, err);
              return body.is_discarded() ? err : room.contribute(seat, body);
            }));
  http.Post(game + "/reveal", seated([](GameRoom& room, Seat seat, const httplib::Request&) {
              return room.reveal(seat);
            }));
  http.Get(game + "/save", seated([](GameRoom& room, Seat seat, const httplib::Request&) {
             return room.save(seat);
           }));
  http.Get(game + "/reach", seated([](GameRoom& room, Seat seat, const httplib::Request& req) {
             if (!req.has_param("unit")) return refuse(400, "reach needs ?unit=<id>");
             const bool strategic =
                 req.has_param("strategic") && req.get_param_value("strategic") == "1";
             return room.reach(seat, req.get_param_value("unit"), strategic);
           }));
  http.Get(game + "/hint", seated([](GameRoom& room, Seat seat, const httplib::Request&) {
             return room.hint(seat);
           }));
  http.Get(game + "/map.svg", [&lobby](const httplib::Request& req, httplib::Response& res) {
    Reply err;
    auto room = lobby.find(req.matches[1], err);
    if (!room) return send(res, err);
    res.set_header("Cache-Control", "max-age=3600");
    res.set_content(room->map_svg(), "image/svg+xml");
  });
  // Server-Sent Events: "version" events whenever the game changes; the page
  // then fetches its own seat's view. A comment line every 15 s keeps proxies
  // from closing an idle stream.
  http.Get(game + "/events", [&lobby, &hub](const httplib::Request& req, httplib::Response& res) {
    Reply err;
    auto room = lobby.find(req.matches[1], err);
    if (!room) return send(res, err);
    if (!room->seat_for(token_of(req))) return send(res, refuse(403, "this token opens no seat"));
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Accel-Buffering", "no");
    auto known = std::make_shared<uint64_t>(0);
    const std::string id = room->id();
    res.set_chunked_content_provider(
        "text/event-stream", [&hub, room, id, known](size_t, httplib::DataSink& sink) {
          if (*known == 0) {
            *known = room->version();
          } else {
            auto v = hub.wait(id, *known, std::chrono::seconds(15));
            if (!v) return false;  // the server is stopping
            if (*v == *known) {
              const std::string beat = ": keep-alive\n\n";
              return sink.write(beat.data(), beat.size());
            }
            *known = *v;
          }
          const std::string msg =
              "event: version\ndata: {\"version\":" + std::to_string(*known) + "}\n\n";
          return sink.write(msg.data(), msg.size());
        });
  });
  http.Get("/api/.*", [](const httplib::Request&, httplib::Response& res) {
    send(res, refuse(404, "no such API route"));
  });

  // The web UI: its built files, and index.html for a game's page (/g/<id>).
  const std::string root = opt_.web_root;
  if (std::filesystem::is_directory(root)) http.set_mount_point("/", root);
  http.Get(R"(/g/[0-9a-zA-Z]+)", [root](const httplib::Request&, httplib::Response& res) {
    std::ifstream in(root + "/index.html", std::ios::binary);
    if (!in) {
      res.status = 404;
      res.set_content("the web UI is not built (cd web && npm ci && npm run build)", "text/plain");
      return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    res.set_header("Cache-Control", "no-store");
    res.set_content(text.str(), "text/html; charset=utf-8");
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                std::exception_ptr) { send(res, refuse(500, "internal error")); });
}

namespace {
std::atomic<bool> g_stop{false};
void on_signal(int) {
  g_stop = true;
}
}  // namespace

int serve(const ServeOptions& opt) {
  auto server = HttpServer::start(opt);
  if (!server) {
    std::cerr << "bluegray: " << server.error().message << '\n';
    return 1;
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  const std::string root = opt.web_root.empty() ? default_web_root() : opt.web_root;
  if (!std::filesystem::exists(root + "/index.html"))
    std::cerr << "bluegray: warning: no web UI in " << root
              << " (build it: cd web && npm ci && npm run build); the API works without it\n";
  std::cout << "bluegray serve: open http://" << (opt.bind == "0.0.0.0" ? "127.0.0.1" : opt.bind)
            << ":" << (*server)->port() << "/  (games stored in " << opt.db << ")" << std::endl;
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::cout << "bluegray serve: stopping" << std::endl;
  (*server)->stop();
  return 0;
}

}  // namespace bg::server
