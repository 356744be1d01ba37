#include "server/mailer.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <ctime>
#include <mutex>
#include <random>

namespace bg::server {

namespace {

bool atext(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::strchr("!#$%&'*+/=?^_`{|}~-", c) != nullptr;
}

bool label_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

// RFC 5322 date, e.g. "Tue, 24 Nov 2026 10:05:36 +0000".
std::string mail_date() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return buf;
}

std::string side_title(const std::string& seat) {
  return seat == "union" ? "Union" : seat == "confederate" ? "Confederate" : seat;
}

// The message, handed to libcurl piece by piece.
struct Upload {
  const std::string* text;
  size_t at = 0;
};

size_t read_upload(char* buffer, size_t size, size_t items, void* user) {
  auto* up = static_cast<Upload*>(user);
  const size_t n = std::min(size * items, up->text->size() - up->at);
  std::memcpy(buffer, up->text->data() + up->at, n);
  up->at += n;
  return n;
}

// Called by libcurl during a transfer: non-zero aborts it (the server stops).
int abort_check(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const std::atomic<bool>*>(user)->load() ? 1 : 0;
}

}  // namespace

bool valid_email(std::string_view a) {
  if (a.empty() || a.size() > 254) return false;
  const size_t at = a.rfind('@');
  if (at == std::string_view::npos || at == 0 || at > 64) return false;
  const std::string_view local = a.substr(0, at), domain = a.substr(at + 1);
  // Dot-atom local part: no leading, trailing or doubled dot.
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos)
    return false;
  if (!std::all_of(local.begin(), local.end(), [](char c) { return c == '.' || atext(c); }))
    return false;
  // A domain name of at least two labels, each 1-63 letters, digits or
  // hyphens, not starting or ending with a hyphen.
  if (domain.empty() || domain.find('.') == std::string_view::npos) return false;
  size_t pos = 0;
  while (pos <= domain.size()) {
    size_t end = domain.find('.', pos);
    if (end == std::string_view::npos) end = domain.size();
    const std::string_view label = domain.substr(pos, end - pos);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-' ||
        !std::all_of(label.begin(), label.end(), label_char))
      return false;
    pos = end + 1;
  }
  return true;
}

std::string turn_mail(const MailConfig& c, const std::string& to, const TurnNotice& n) {
  const std::string link = c.public_url + "/g/" + n.game_id + "#" + n.token;
  std::random_device rd;
  const std::string message_id =
      n.game_id + "." + std::to_string(rd()) + std::to_string(rd()) + "@bluegray";
  std::string m;
  m += "Date: " + mail_date() + "\r\n";
  m += "From: Blue & Gray <" + c.from + ">\r\n";
  m += "To: <" + to + ">\r\n";
  m += "Message-ID: <" + message_id + ">\r\n";
  m += "Subject: Blue & Gray: your turn (" + side_title(n.seat) + ", Game-Turn " +
       std::to_string(n.turn) + ") in game " + n.game_id + "\r\n";
  m += "MIME-Version: 1.0\r\n";
  m += "Content-Type: text/plain; charset=utf-8\r\n";
  m += "Content-Transfer-Encoding: 8bit\r\n";
  m += "Auto-Submitted: auto-generated\r\n";
  m += "\r\n";
  m += "It is your turn to act, as the " + side_title(n.seat) + " player, in " + n.title +
       " (game " + n.game_id + "): Game-Turn " + std::to_string(n.turn) + ", " + n.phase +
       " phase.\r\n\r\n";
  m += "Your seat: " + link + "\r\n\r\n";
  m += "This link opens your side of the game: keep it to yourself.\r\n";
  m += "You get this mail because this address was registered for the " + side_title(n.seat) +
       " seat of that game; remove it on the game's page to get no more.\r\n";
  return m;
}

Mailer::Mailer(MailConfig config, AddressOf address_of, Log log, StillDue still_due)
    : config_(std::move(config)),
      address_of_(std::move(address_of)),
      log_(std::move(log)),
      still_due_(std::move(still_due)) {
  if (!enabled()) return;
  static std::once_flag curl_init;
  std::call_once(curl_init, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  worker_ = std::thread([this] { run(); });
}

Mailer::~Mailer() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  abort_ = true;  // a relay that hangs does not hold up the server's stop
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
  if (!queue_.empty())
    log_("mail: " + std::to_string(queue_.size()) + " unsent mail(s) dropped at shutdown");
}

std::chrono::steady_clock::duration Mailer::game_wait(const std::string& game) {
  const auto now = std::chrono::steady_clock::now();
  auto [it, fresh] = buckets_.try_emplace(game, Bucket{config_.per_game_burst, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double hours = std::chrono::duration<double>(now - b.at).count() / 3600.0;
    b.tokens = std::min(config_.per_game_burst, b.tokens + hours * config_.per_game_per_hour);
    b.at = now;
  }
  if (b.tokens >= 1) {
    b.tokens -= 1;
    // Full buckets carry no information: forget them now and then.
    if (buckets_.size() > 10000)
      std::erase_if(buckets_,
                    [&](const auto& kv) { return kv.second.tokens >= config_.per_game_burst; });
    return std::chrono::steady_clock::duration::zero();
  }
  const double hours = (1 - b.tokens) / config_.per_game_per_hour;
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
             std::chrono::duration<double>(hours * 3600.0)) +
         std::chrono::milliseconds(1);
}

void Mailer::notify(TurnNotice n) {
  if (!enabled()) return;
  std::unique_lock lock(mu_);
  // One mail waiting per game: a newer hand-over replaces it, so the mail
  // that goes is for the seat whose turn it is by then.
  for (Job& j : queue_)
    if (j.tries == 0 && j.notice.game_id == n.game_id) {
      j.notice = std::move(n);
      ++stats_.coalesced;
      return;
    }
  if (queue_.size() >= config_.queue_max) {
    ++stats_.suppressed;
    lock.unlock();
    log_("mail: queue full, no mail to the " + n.seat + " seat of game " + n.game_id);
    return;
  }
  queue_.push_back(Job{std::move(n), 0, std::chrono::steady_clock::now(), false});
  lock.unlock();
  wake_.notify_one();
}

Mailer::Stats Mailer::stats() const {
  std::lock_guard lock(mu_);
  return stats_;
}

void Mailer::run() {
  std::unique_lock lock(mu_);
  for (;;) {
    std::optional<Job> job = next_job(lock);
    if (!job) return;
    lock.unlock();
    const Delivery d = deliver(job->notice);
    lock.lock();
    settle(std::move(*job), d, lock);
    lock.lock();
  }
}

std::optional<Mailer::Job> Mailer::next_job(std::unique_lock<std::mutex>& lock) {
  for (;;) {
    if (stopping_) return std::nullopt;
    if (queue_.empty()) {
      wake_.wait(lock);
      continue;
    }
    // The job due first (retries wait their turn).
    auto due = std::min_element(queue_.begin(), queue_.end(), [](const Job& a, const Job& b) {
      return a.not_before < b.not_before;
    });
    if (due->not_before > std::chrono::steady_clock::now()) {
      wake_.wait_until(lock, due->not_before);
      continue;
    }
    // A first attempt waits for the game's mail rate (in the queue, where a
    // newer hand-over of the game still replaces it).
    if (due->tries == 0 && !due->rated) {
      const auto wait = game_wait(due->notice.game_id);
      if (wait != std::chrono::steady_clock::duration::zero()) {
        due->not_before = std::chrono::steady_clock::now() + wait;
        ++stats_.deferred;
        const std::string game = due->notice.game_id;
        lock.unlock();
        log_("mail: game " + game + " is past its mail rate; its mail waits " +
             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(wait).count() + 1) +
             " s");
        lock.lock();
        continue;
      }
      due->rated = true;
    }
    Job job = std::move(*due);
    queue_.erase(due);
    return job;
  }
}

Mailer::Delivery Mailer::deliver(const TurnNotice& notice) const {
  // Checked when the mail goes, not when it was queued: it may have waited.
  const auto due_now = still_due_ ? still_due_(notice) : core::Result<bool>(true);
  auto to = due_now && *due_now ? address_of_(notice.game_id, notice.seat)
                                : core::Result<std::string>(std::string());
  Delivery d;
  if (!due_now) {
    d.outcome = "could not read the game: " + due_now.error().message;
    d.retry = true;
  } else if (!*due_now) {
    d.outcome = "stale";
  } else if (!to) {
    d.outcome = "could not read the address: " + to.error().message;
    d.retry = true;
  } else if (to->empty()) {
    d.outcome = "none";  // the address was removed since
  } else if (auto s = send(*to, turn_mail(config_, *to, notice)); s) {
    d.sent = true;
  } else {
    d.outcome = s.error().message;
    d.retry = true;
  }
  return d;
}

void Mailer::settle(Job job, const Delivery& d, std::unique_lock<std::mutex>& lock) {
  const std::string what = "mail to the " + job.notice.seat + " seat of game " + job.notice.game_id;
  if (d.sent) {
    ++stats_.sent;
    lock.unlock();
    log_(what + ": sent");
  } else if (d.outcome == "none") {
    ++stats_.no_address;
    lock.unlock();
  } else if (d.outcome == "stale") {
    ++stats_.stale;
    lock.unlock();
    log_(what + ": not sent, the game has moved on since");
  } else if (d.retry && ++job.tries < config_.attempts) {
    ++stats_.retried;
    job.not_before =
        std::chrono::steady_clock::now() + config_.retry_delay * (1 << (job.tries - 1));
    queue_.push_back(std::move(job));
    lock.unlock();
    log_(what + ": " + d.outcome + "; will try again");
  } else {
    ++stats_.failed;
    lock.unlock();
    log_(what + ": " + d.outcome + "; given up");
  }
}

core::Status Mailer::send(const std::string& to, const std::string& message) const {
  CURL* curl = curl_easy_init();
  if (!curl) return core::Error{"", "libcurl could not start"};
  char error[CURL_ERROR_SIZE] = {0};
  Upload up{&message};
  curl_slist* rcpt = curl_slist_append(nullptr, ("<" + to + ">").c_str());
  const std::string url = "smtp://" + config_.smtp;
  const std::string from = "<" + config_.from + ">";
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl, CURLOPT_READDATA, &up);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  // STARTTLS whenever the relay offers it (a seat's link is a secret).
  curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, abort_check);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(&abort_));
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  const CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(rcpt);
  curl_easy_cleanup(curl);
  if (rc != CURLE_OK)
    return core::Error{"", std::string("SMTP via ") + config_.smtp + ": " +
                               (error[0] ? error : curl_easy_strerror(rc))};
  return core::ok_status();
}

}  // namespace bg::server
