#include "server/http_server.h"

#include <sys/resource.h>

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <csignal>
#include <deque>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include "protocol/json_input.h"
#include "server/game_store.h"
#include "server/live_hub.h"
#include "server/routes.h"

namespace bg::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// A page's event stream says something at least this often, so that proxies
// keep an idle stream open and a closed page is noticed.
constexpr auto kHeartbeat = std::chrono::seconds(15);

}  // namespace

// What every connection shares; owned by the server, outlives every session.
struct HttpServer::Impl {
  ServeOptions opt;
  std::unique_ptr<GameStore> store;
  std::unique_ptr<Mailer> mailer;  // uses the store; used by the games
  LiveHub hub;
  std::unique_ptr<Lobby> lobby;
  std::unique_ptr<RateLimiter> limiter;
  std::unique_ptr<Router> router;
  std::atomic<size_t> connections{0};
  // Open event streams per client (ConnectionLimits::max_streams_per_client).
  std::mutex streams_mu;
  std::unordered_map<std::string, size_t> client_streams;
  // Counts a new stream of `client`; false past the cap.
  bool reserve_stream(const std::string& client) {
    const size_t cap = opt.connections.max_streams_per_client;
    std::lock_guard lock(streams_mu);
    if (auto it = client_streams.find(client);
        cap != 0 && it != client_streams.end() && it->second >= cap)
      return false;
    ++client_streams[client];
    return true;
  }
  void release_stream(const std::string& client) {
    std::lock_guard lock(streams_mu);
    auto it = client_streams.find(client);
    if (it != client_streams.end() && --it->second == 0) client_streams.erase(it);
  }
  // Destroyed first (declared last): pending handlers hold sessions, whose
  // destructors use the members above.
  std::optional<net::thread_pool> workers;
  net::io_context ioc;
  std::optional<tcp::acceptor> acceptor;
  std::optional<net::steady_timer> sweeper;
  std::vector<std::thread> io_threads;
  int port = 0;
  bool stopped = false;

  void accept();
  void sweep();
  void stop();
};

namespace {

HttpResponse too_late() {
  HttpResponse res =
      json_refusal(503, "the server was too busy to take this request in time; nothing was done");
  res.headers.emplace_back("Retry-After", "1");
  return res;
}

HttpResponse too_many_streams() {
  HttpResponse res = json_refusal(
      429, "too many open pages (live connections) from this address; close some and try again");
  res.headers.emplace_back("Retry-After", "10");
  return res;
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, HttpServer::Impl& srv)
      : stream_(std::move(socket)), srv_(srv), heartbeat_(stream_.get_executor()) {
    ++srv_.connections;
    beast::error_code ec;
    auto peer = stream_.socket().remote_endpoint(ec);
    if (!ec) {
      peer_loopback_ = peer.address().is_loopback();
      client_ = peer.address().to_string();
    }
  }
  ~Session() {
    if (subscription_) srv_.hub.unsubscribe(game_, subscription_);
    if (!stream_client_.empty()) srv_.release_stream(stream_client_);
    --srv_.connections;
  }
  void start() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_header(); });
  }

 private:
  const ConnectionLimits& limits() const { return srv_.opt.connections; }

  void read_header() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(limits().max_header));
    parser_->body_limit(limits().max_body);
    stream_.expires_after(limits().header_timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_header(ec); });
  }

  void on_header(beast::error_code ec) {
    if (ec) return fail(ec);
    // A client that asks first (curl does, for bodies over 1 KB) is told to go
    // on; otherwise it waits a second before sending its body anyway.
    if (!parser_->is_done() &&
        beast::iequals(parser_->get()[http::field::expect], "100-continue")) {
      static const std::string go_on = "HTTP/1.1 100 Continue\r\n\r\n";
      stream_.expires_after(limits().body_timeout);
      net::async_write(stream_, net::buffer(go_on),
                       [self = shared_from_this()](beast::error_code e, size_t) {
                         if (e) return self->close();
                         self->read_body();
                       });
      return;
    }
    read_body();
  }

  void read_body() {
    stream_.expires_after(limits().body_timeout);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code e, size_t) { self->on_read(e); });
  }

  // Too large requests get their answer; anything else (the peer closed, a
  // timeout: the stream has closed the socket already) ends the connection.
  void fail(beast::error_code ec) {
    if (ec == http::error::body_limit)
      return answer_and_close(json_refusal(
          413, "the request body is larger than " + std::to_string(limits().max_body) + " bytes"));
    if (ec == http::error::header_limit)
      return answer_and_close(json_refusal(431, "the request's headers are larger than " +
                                                    std::to_string(limits().max_header) +
                                                    " bytes"));
    if (ec == beast::error::timeout || ec == http::error::end_of_stream ||
        ec == net::error::operation_aborted || ec == net::error::eof ||
        ec == net::error::connection_reset)
      return close();
    // A malformed request.
    answer_and_close(json_refusal(400, "a malformed HTTP request"));
  }

  void answer_and_close(HttpResponse res) {
    keep_alive_ = false;
    linger_ = true;
    head_ = false;
    version_ = 11;
    write(std::move(res));
  }

  void on_read(beast::error_code ec) {
    if (ec) return fail(ec);
    // No timeout while a worker answers (a computer turn takes its time).
    stream_.expires_never();
    auto& msg = parser_->get();
    keep_alive_ = msg.keep_alive();
    version_ = msg.version();
    head_ = msg.method() == http::verb::head;
    HttpRequest req;
    req.method = std::string(msg.method_string());
    const std::string_view target = msg.target();
    const size_t q = target.find('?');
    req.path = std::string(target.substr(0, q));
    if (q != std::string_view::npos) req.query = std::string(target.substr(q + 1));
    if (auto it = msg.find("X-Bluegray-Token"); it != msg.end())
      req.token = std::string(it->value());
    req.client = client_;
    if (srv_.opt.trust_proxy && peer_loopback_)
      if (auto it = msg.find("X-Forwarded-For"); it != msg.end()) {
        std::string_view xff = it->value();
        const size_t comma = xff.rfind(',');
        if (comma != std::string_view::npos) xff = xff.substr(comma + 1);
        while (!xff.empty() && xff.front() == ' ') xff.remove_prefix(1);
        if (!xff.empty()) req.client = std::string(xff);
      }
    req.body = std::move(msg.body());
    parser_.reset();
    if (auto res = Router::immediate(req)) return write(std::move(*res));
    net::post(*srv_.workers, [self = shared_from_this(), req = std::move(req),
                              queued = std::chrono::steady_clock::now()] {
      HttpResponse res = std::chrono::steady_clock::now() - queued > self->limits().body_timeout
                             ? too_late()
                             : self->srv_.router->handle(req);
      net::post(self->stream_.get_executor(),
                [self, res = std::move(res), client = req.client]() mutable {
                  if (res.stream_game) {
                    // One client may hold so many open pages and no more: thousands
                    // from one address are an attack on everyone else's.
                    if (!self->srv_.reserve_stream(client)) return self->write(too_many_streams());
                    self->stream_client_ = client;
                    return self->open_stream(std::move(res));
                  }
                  self->write(std::move(res));
                });
    });
  }

  void write(HttpResponse r) {
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(version_);
    res->result(static_cast<unsigned>(r.status));
    res->set(http::field::server, "bluegray");
    if (!r.content_type.empty()) res->set(http::field::content_type, r.content_type);
    for (auto& [name, value] : r.headers) res->set(name, value);
    res->keep_alive(keep_alive_);
    if (head_) {
      res->content_length(r.body.size());
    } else {
      res->body() = std::move(r.body);
      res->prepare_payload();
    }
    stream_.expires_after(limits().body_timeout);
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, size_t) {
                        if (ec) return self->close();
                        if (self->linger_) return self->linger();
                        if (!self->keep_alive_) return self->close();
                        self->read_header();
                      });
  }

  // After refusing a request whose body may still be arriving: stop sending,
  // and read what comes for a moment before closing, so that the client is
  // not reset before it reads the answer.
  void linger() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::chrono::seconds(2));
    drain();
  }
  void drain() {
    stream_.async_read_some(net::buffer(drain_),
                            [self = shared_from_this()](beast::error_code ec, size_t) {
                              if (ec) return self->close();
                              self->drain();
                            });
  }

  void close() {
    heartbeat_.cancel();
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
  }

  // ---- the event stream -------------------------------------------------------

  void open_stream(HttpResponse r) {
    game_ = *r.stream_game;
    known_ = r.stream_version;
    auto header = std::make_shared<http::response<http::empty_body>>(http::status::ok, version_);
    header->set(http::field::server, "bluegray");
    header->set(http::field::content_type, r.content_type);
    for (auto& [name, value] : r.headers) header->set(name, value);
    header->chunked(true);
    auto sr = std::make_shared<http::response_serializer<http::empty_body>>(*header);
    stream_.expires_after(limits().body_timeout);
    http::async_write_header(stream_, *sr,
                             [self = shared_from_this(), header, sr](beast::error_code ec, size_t) {
                               if (ec) return self->close();
                               self->on_stream_open();
                             });
  }

  void on_stream_open() {
    stream_.expires_never();
    std::weak_ptr<Session> weak = shared_from_this();
    auto exec = stream_.get_executor();
    subscription_ = srv_.hub.subscribe(game_, [weak, exec](uint64_t v) {
      net::post(exec, [weak, v] {
        if (auto s = weak.lock()) s->on_version(v);
      });
    });
    // The first event is the version now. A change between the route's look
    // and the subscription would be missed: look once more, on a worker.
    send(sse_version(known_));
    net::post(*srv_.workers, [weak, this_game = game_, &srv = srv_, exec] {
      Reply err;
      auto room = srv.lobby->find(this_game, err);
      if (!room) return;
      const uint64_t v = room->version();
      net::post(exec, [weak, v] {
        if (auto s = weak.lock()) s->on_version(v);
      });
    });
    watch_for_close();
    beat();
  }

  void on_version(uint64_t v) {
    if (v == known_ || !stream_.socket().is_open()) return;
    known_ = v;
    send(sse_version(v));
  }

  void send(std::string chunk) {
    outbox_.push_back(std::move(chunk));
    if (!writing_) write_next();
  }

  void write_next() {
    if (outbox_.empty()) {
      writing_ = false;
      return;
    }
    writing_ = true;
    net::async_write(stream_, http::make_chunk(net::buffer(outbox_.front())),
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) return self->close();
                       self->outbox_.pop_front();
                       self->write_next();
                     });
  }

  void beat() {
    heartbeat_.expires_after(kHeartbeat);
    heartbeat_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->stream_.socket().is_open()) return;
      self->send(kSseHeartbeat);
      self->beat();
    });
  }

  // A page that goes away closes its connection: reading sees it at once.
  void watch_for_close() {
    stream_.async_read_some(net::buffer(drain_),
                            [self = shared_from_this()](beast::error_code ec, size_t) {
                              if (ec) return self->close();
                              self->watch_for_close();
                            });
  }

  beast::tcp_stream stream_;
  HttpServer::Impl& srv_;
  net::steady_timer heartbeat_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::string client_;
  bool peer_loopback_ = false;
  bool keep_alive_ = true;
  bool head_ = false;
  bool linger_ = false;
  unsigned version_ = 11;
  // The event stream, once open.
  std::string stream_client_;  // counted in srv_.client_streams
  std::string game_;
  uint64_t subscription_ = 0;
  uint64_t known_ = 0;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  char drain_[256];
};

}  // namespace

void HttpServer::Impl::accept() {
  acceptor->async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor->is_open()) return;
    if (ec) {
      // Out of descriptors or memory: try again shortly rather than spin.
      auto t = std::make_shared<net::steady_timer>(ioc, std::chrono::milliseconds(50));
      t->async_wait([this, t](beast::error_code) {
        if (acceptor->is_open()) accept();
      });
      return;
    }
    if (connections.load() >= opt.connections.max_connections) {
      beast::error_code ignored;
      socket.close(ignored);
    } else {
      // Small JSON replies: without TCP_NODELAY, Nagle's algorithm and
      // delayed ACKs add tens of milliseconds to each round trip.
      beast::error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      std::make_shared<Session>(std::move(socket), *this)->start();
    }
    accept();
  });
}

// Idle games leave memory, on a worker: eviction takes
// the lobby's lock.
void HttpServer::Impl::sweep() {
  const auto every = std::clamp<std::chrono::seconds>(opt.games.idle / 4, std::chrono::seconds(1),
                                                      std::chrono::seconds(60));
  sweeper->expires_after(every);
  sweeper->async_wait([this](beast::error_code ec) {
    if (ec) return;
    net::post(*workers, [this] { lobby->evict_idle(); });
    sweep();
  });
}

void HttpServer::Impl::stop() {
  if (stopped) return;
  stopped = true;
  if (store) store->unwatch();  // its thread calls into the lobby
  net::post(ioc, [this] {
    beast::error_code ignored;
    acceptor->close(ignored);
    sweeper->cancel();
  });
  ioc.stop();
  for (auto& t : io_threads)
    if (t.joinable()) t.join();
  if (workers) workers->join();
}

std::string default_web_root() {
  return BLUEGRAY_WEB_ROOT;
}

HttpServer::~HttpServer() {
  stop();
}

int HttpServer::port() const {
  return impl_->port;
}

size_t HttpServer::connections() const {
  return impl_->connections.load();
}

size_t HttpServer::streams() const {
  return impl_->hub.listeners();
}

Mailer::Stats HttpServer::mail_stats() const {
  return impl_->mailer->stats();
}

size_t HttpServer::games_in_memory() const {
  return impl_->lobby->in_memory();
}

core::Result<std::unique_ptr<HttpServer>> HttpServer::start(const ServeOptions& opt) {
  std::unique_ptr<HttpServer> s(new HttpServer());
  s->impl_ = std::make_unique<Impl>();
  Impl& m = *s->impl_;
  m.opt = opt;
  if (m.opt.web_root.empty()) m.opt.web_root = default_web_root();
  auto store = GameStore::open(opt.db);
  if (!store) return store.error();
  m.store = std::move(*store);
  const std::string where = opt.bind + ":" + std::to_string(opt.port);
  beast::error_code ec;
  const auto address = net::ip::make_address(opt.bind, ec);
  if (ec) return core::Error{"", "cannot listen on " + opt.bind + ": not an IP address"};
  m.acceptor.emplace(m.ioc);
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(opt.port));
  m.acceptor->open(endpoint.protocol(), ec);
  // SO_REUSEADDR only (a quick restart); never SO_REUSEPORT, with which a
  // second server on a busy port would start silently and the kernel would
  // split connections between the two.
  if (!ec) m.acceptor->set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) m.acceptor->bind(endpoint, ec);
  if (ec)
    return core::Error{"", "cannot listen on " + where + " (" + ec.message() +
                               "; is another server already using that port?)"};
  m.acceptor->listen(net::socket_base::max_listen_connections, ec);
  if (ec) return core::Error{"", "cannot listen on " + where + " (" + ec.message() + ")"};
  m.port = m.acceptor->local_endpoint().port();
  // "Your turn" mails (correspondence play), their links on this server's
  // public address unless one is given.
  MailConfig mail = opt.mail;
  if (mail.public_url.empty())
    mail.public_url = "http://" + (opt.bind == "0.0.0.0" ? std::string("127.0.0.1") : opt.bind) +
                      ":" + std::to_string(m.port);
  while (!mail.public_url.empty() && mail.public_url.back() == '/') mail.public_url.pop_back();
  m.mailer = std::make_unique<Mailer>(
      std::move(mail),
      [store = m.store.get()](const std::string& game, const std::string& seat) {
        return store->email(game, seat);
      },
      opt.mail_log ? opt.mail_log : Mailer::Log([](const std::string& line) {
        std::cerr << "bluegray: " << line << std::endl;
      }),
      [store = m.store.get()](const TurnNotice& n) -> core::Result<bool> {
        // The game as stored now, by this server or another: still the
        // notice's seat to act, and nothing played since the hand-over.
        auto text = store->summary(n.game_id);
        if (!text) return text.error();
        if (text->empty()) return false;
        auto stored = protocol::parse_json_input(*text);
        if (!stored || !stored->is_object()) return false;
        using protocol::Json;
        return stored->value("to_act", Json()) == Json(n.seat) &&
               stored->value("actions", Json()) == Json(n.actions);
      });
  RoomEnv env;
  env.store = m.store.get();
  env.hub = &m.hub;
  env.test_mode = opt.test_mode;
  env.computer = opt.computer;
  env.computer_player = opt.computer_player;
  env.mailer = m.mailer.get();
  m.lobby = std::make_unique<Lobby>(std::move(env), opt.games);
  // Other servers on the same store (PostgreSQL): their changes reach the
  // games held here and the pages open on them.
  m.store->watch([lobby = m.lobby.get()](const std::string& id, int64_t rev) {
    lobby->stored_change(id, rev);
  });
  m.limiter = std::make_unique<RateLimiter>(opt.rates);
  m.router = std::make_unique<Router>(*m.lobby, *m.limiter, m.opt.web_root);

  m.workers.emplace(static_cast<size_t>(std::max(1, opt.workers)));
  m.sweeper.emplace(m.ioc);
  m.accept();
  m.sweep();
  for (int i = 0; i < std::max(1, opt.io_threads); ++i)
    m.io_threads.emplace_back([&m] { m.ioc.run(); });
  return s;
}

void HttpServer::stop() {
  if (impl_) impl_->stop();
}

void HttpServer::wait() {
  for (auto& t : impl_->io_threads)
    if (t.joinable()) t.join();
}

namespace {
std::atomic<bool> g_stop{false};
void on_signal(int) {
  g_stop = true;
}

// Every open page holds a connection: raise the soft descriptor limit to the
// hard one so that thousands of them fit.
void raise_descriptor_limit() {
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &rl);
  }
}
}  // namespace

int serve(const ServeOptions& opt) {
  raise_descriptor_limit();
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
  if (opt.mail.smtp.empty())
    std::cerr << "bluegray: no --smtp relay: no \"your turn\" mails are sent\n";
  else
    std::cerr << "bluegray: \"your turn\" mails through " << opt.mail.smtp << " from "
              << opt.mail.from << "\n";
  std::cout << "bluegray serve: open http://" << (opt.bind == "0.0.0.0" ? "127.0.0.1" : opt.bind)
            << ":" << (*server)->port() << "/  (games stored in " << GameStore::shown(opt.db) << ")"
            << std::endl;
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::cout << "bluegray serve: stopping" << std::endl;
  (*server)->stop();
  return 0;
}

}  // namespace bg::server
