#include "cli/serve_cmd.h"

namespace bg::cli {

void add_serve_limits(CLI::App& serve, server::ServeOptions& opt, ServeLimitArgs& args) {
  serve.add_option("--io-threads", opt.io_threads, "threads running the connections (default 2)")
      ->check(CLI::Range(1, 64));
  serve.add_option("--workers", opt.workers, "threads running the engine and store (default 4)")
      ->check(CLI::Range(1, 256));
  serve
      .add_option("--max-body", opt.connections.max_body,
                  "largest request body in bytes; larger: 413 (default 1048576)")
      ->check(CLI::Range(1024, 1 << 30));
  serve
      .add_option("--max-header", opt.connections.max_header,
                  "largest request line and headers in bytes; larger: 431 (default 16384)")
      ->check(CLI::Range(1024, 1 << 24));
  serve
      .add_option("--header-timeout", args.header_timeout,
                  "seconds a connection may take to send a request's headers, idle "
                  "keep-alive included (default 10)")
      ->check(CLI::Range(1, 3600));
  serve
      .add_option("--body-timeout", args.body_timeout,
                  "seconds to send a request's body or read an answer (default 30)")
      ->check(CLI::Range(1, 3600));
  serve
      .add_option("--max-connections", opt.connections.max_connections,
                  "connections open at once, event streams included (default 10000)")
      ->check(CLI::Range(1, 1000000));
  serve
      .add_option("--max-streams-per-client", opt.connections.max_streams_per_client,
                  "live connections (open pages' event streams) one client may hold at once; "
                  "more: 429; 0: no cap (default 100)")
      ->check(CLI::Range(0, 1000000));
  serve
      .add_option("--rate-create", args.create_per_minute,
                  "games one client may create a minute; 0: no limit (default 30)")
      ->check(CLI::Range(0.0, 1e6));
  serve
      .add_option("--rate-actions", args.actions_per_second,
                  "actions, previews, undos, reach and hint requests one client may send a second "
                  "(bursts of twice that); 0: no limit (default 20)")
      ->check(CLI::Range(0.0, 1e6));
  serve
      .add_option("--rate-token-failures", args.token_failures_per_minute,
                  "missing or wrong tokens one client may send a minute; 0: no limit "
                  "(default 20)")
      ->check(CLI::Range(0.0, 1e6));
  serve
      .add_option("--max-games", opt.games.max_games,
                  "games kept in memory; past it the least recently used idle one is "
                  "evicted (default 1000)")
      ->check(CLI::Range(1, 10000000));
  serve
      .add_option("--idle-evict", args.idle_evict,
                  "seconds after which an unused game is evicted from memory (default 600)")
      ->check(CLI::Range(0, 86400 * 30));
  // Correspondence play (docs/server.md): "your turn" mails.
  serve.add_option("--smtp", opt.mail.smtp,
                   "SMTP relay HOST:PORT for \"your turn\" mails (none: no mail is sent)");
  serve.add_option("--mail-from", opt.mail.from, "the mails' sender address (needed with --smtp)")
      ->check([](const std::string& a) {
        return server::valid_email(a) ? std::string() : std::string("not an e-mail address");
      });
  serve.add_option("--public-url", opt.mail.public_url,
                   "the server's address as players reach it, for the mails' links "
                   "(default http://BIND:PORT)");
  serve
      .add_option("--mail-per-hour", opt.mail.per_game_per_hour,
                  "mails one game may send an hour, in bursts of up to 3 (default 6)")
      ->check(CLI::Range(0.01, 3600.0));
  serve.add_flag("--trust-proxy", opt.trust_proxy,
                 "behind a reverse proxy on this machine: rates count per the last "
                 "X-Forwarded-For address");
}

void apply_serve_limits(const ServeLimitArgs& args, server::ServeOptions& opt) {
  opt.connections.header_timeout = std::chrono::seconds(args.header_timeout);
  opt.connections.body_timeout = std::chrono::seconds(args.body_timeout);
  opt.games.idle = std::chrono::seconds(args.idle_evict);
  opt.rates.create = {args.create_per_minute / 60.0, args.create_per_minute};
  opt.rates.actions = {args.actions_per_second, 2 * args.actions_per_second};
  opt.rates.token_failures = {args.token_failures_per_minute / 60.0,
                              args.token_failures_per_minute};
}

}  // namespace bg::cli
