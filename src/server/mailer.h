// Correspondence play's "your turn" mails (docs/server.md, "Correspondence
// play"): when a two-seat game passes to a seat that registered an e-mail
// address, the server sends it one mail through the configured SMTP relay.
//
// Sending never blocks a game or an I/O thread: notify() only queues, and one
// worker thread talks SMTP (libcurl, Debian's libcurl4-openssl-dev). A failed
// send is retried a bounded number of times and then logged and dropped; the
// queue is bounded, and each game may send only so many mails an hour (past
// that its mail waits, one per game, the newest hand-over's), so a game
// played fast cannot flood anyone's mailbox.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "core/result.h"

namespace bg::server {

struct MailConfig {
  std::string smtp;        // the relay, "host:port"; empty: no mail is sent
  std::string from;        // the sender's address (envelope and From:)
  std::string public_url;  // the links' base, e.g. "https://bluegray.example.org"
  int attempts = 3;        // sends tried per mail before it is dropped
  std::chrono::milliseconds retry_delay{30000};  // after the first failure; doubled after each
  // Mails per game: bursts of `per_game_burst`, one more each hour / per_hour.
  double per_game_per_hour = 6;
  double per_game_burst = 3;
  size_t queue_max = 1000;  // mails waiting at most; more are dropped (logged)
};

// A seat's turn came: what its mail says.
struct TurnNotice {
  std::string game_id;
  std::string seat;    // "union" or "confederate"
  std::string token;   // the seat's token, for its link
  std::string title;   // the scenario's display name
  int turn = 0;        // Game-Turn
  std::string phase;   // phase name
  size_t actions = 0;  // the game's log length at the hand-over
};

// An address a seat may register: local@domain, at most 254 characters, no
// spaces, angle brackets, quotes or control characters (nothing that could
// break out of a mail header or an SMTP command).
bool valid_email(std::string_view address);

// The whole message (RFC 5322 headers and a plain-text body) for `to`.
std::string turn_mail(const MailConfig& config, const std::string& to, const TurnNotice& n);

class Mailer {
 public:
  // The seat's registered address ("" none), read when the mail is sent, so
  // that a change of address in between is honoured.
  using AddressOf =
      std::function<core::Result<std::string>(const std::string& game, const std::string& seat)>;
  using Log = std::function<void(const std::string&)>;
  // Whether the notice still stands when its mail goes: the game has not
  // moved on since the hand-over (a mail that waited for the game's rate may
  // be stale by then: the seat already playing, the game over, or another
  // server's hand-over, mailed by that server). Empty: always.
  using StillDue = std::function<core::Result<bool>(const TurnNotice&)>;

  Mailer(MailConfig config, AddressOf address_of, Log log, StillDue still_due = {});
  ~Mailer();  // stops the worker; mails still waiting are dropped (logged)
  Mailer(const Mailer&) = delete;
  Mailer& operator=(const Mailer&) = delete;

  bool enabled() const { return !config_.smtp.empty(); }
  // Queues the mail (past the game's rate it waits; a newer hand-over of the
  // same game replaces a mail still waiting; a full queue drops it). Never
  // blocks on the network.
  void notify(TurnNotice n);

  struct Stats {
    size_t sent = 0, failed = 0, retried = 0, no_address = 0;
    size_t suppressed = 0;  // dropped: the queue was full
    size_t deferred = 0;    // waited for the game's mail rate
    size_t coalesced = 0;   // replaced a waiting mail of the same game
    size_t stale = 0;       // not sent: the game had moved on when it was due
  };
  Stats stats() const;

 private:
  struct Job {
    TurnNotice notice;
    int tries = 0;
    std::chrono::steady_clock::time_point not_before;
    bool rated = false;  // counted against the game's mail rate
  };
  struct Bucket {
    double tokens = 0;
    std::chrono::steady_clock::time_point at;
  };
  // What came of one mail: sent, or why not ("none": no address; "stale":
  // the game moved on) and whether to try again.
  struct Delivery {
    std::string outcome;
    bool sent = false;
    bool retry = false;
  };
  void run();  // the worker: each job taken, delivered and settled in turn
  // The next job, once it is due and within its game's mail rate; none when
  // the mailer stops. Holds `lock` (on mu_) before and after.
  std::optional<Job> next_job(std::unique_lock<std::mutex>& lock);
  // Sends the mail of `notice` if it still stands. Without mu_.
  Delivery deliver(const TurnNotice& notice) const;
  // Counts and logs the delivery, queueing a retry. Takes `lock` held and
  // leaves it released.
  void settle(Job job, const Delivery& d, std::unique_lock<std::mutex>& lock);
  // Zero if the game may send a mail now (and counts it), else how long
  // until it may. Holds mu_.
  std::chrono::steady_clock::duration game_wait(const std::string& game);
  core::Status send(const std::string& to, const std::string& message) const;

  MailConfig config_;
  AddressOf address_of_;
  Log log_;
  StillDue still_due_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::unordered_map<std::string, Bucket> buckets_;
  Stats stats_;
  bool stopping_ = false;
  std::atomic<bool> abort_{false};  // a send in progress gives up (shutdown)
  std::thread worker_;
};

}  // namespace bg::server
