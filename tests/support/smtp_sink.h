// A real SMTP server for the mail tests, started and stopped by the test:
// Debian's python3-aiosmtpd (`python3 -m aiosmtpd`) on a free loopback port,
// with its Mailbox handler writing every message it accepts into a Maildir.
// scripts/test.sh installs the package; a machine without it skips the mail
// tests and says why.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace bg::server::test {

// Debian's interpreter: the one python3-aiosmtpd installs into (a PATH's
// python3 may be another).
inline constexpr const char* kSystemPython = "/usr/bin/python3";

// A loopback port nothing listens on now (the kernel's choice).
inline int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof a;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

inline bool accepts(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<uint16_t>(port));
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

class SmtpSink {
 public:
  explicit SmtpSink(std::filesystem::path dir) : dir_(std::move(dir)) {
    const std::string probe = std::string(kSystemPython) + " -c 'import aiosmtpd' 2>/dev/null";
    if (std::system(probe.c_str()) != 0) {
      why_ =
          "no SMTP sink: python3-aiosmtpd is not installed (scripts/test.sh installs it: "
          "apt-get install python3-aiosmtpd)";
      return;
    }
    std::filesystem::create_directories(dir_);
    port_ = free_port();
    const std::string listen = "127.0.0.1:" + std::to_string(port_);
    const std::string maildir = (dir_ / "maildir").string();
    pid_ = ::fork();
    if (pid_ == 0) {
      const std::string log = (dir_ / "sink.log").string();
      if (!std::freopen(log.c_str(), "w", stdout) || !std::freopen(log.c_str(), "a", stderr))
        ::_exit(126);
      ::execl(kSystemPython, kSystemPython, "-m", "aiosmtpd", "-n", "-l", listen.c_str(), "-c",
              "aiosmtpd.handlers.Mailbox", maildir.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!accepts(port_) && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (!accepts(port_))
      why_ = "the SMTP sink did not start (see " + (dir_ / "sink.log").string() + ")";
  }
  ~SmtpSink() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
  }
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  bool running() const { return why_.empty(); }
  const std::string& why() const { return why_; }
  int port() const { return port_; }

  // The messages received so far, oldest first (as the handler stored them,
  // with its X-MailFrom and X-RcptTo headers: the SMTP envelope).
  std::vector<std::string> messages() const {
    std::vector<std::pair<std::filesystem::file_time_type, std::string>> found;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir_ / "maildir" / "new", ec)) {
      std::ifstream in(e.path());
      std::ostringstream text;
      text << in.rdbuf();
      found.emplace_back(e.last_write_time(), text.str());
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (auto& f : found) out.push_back(std::move(f.second));
    return out;
  }
  // Waits until at least `n` messages are in (or 20 s).
  std::vector<std::string> wait_for(size_t n) const {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    auto got = messages();
    while (got.size() < n && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      got = messages();
    }
    return got;
  }

 private:
  std::filesystem::path dir_;
  std::string why_;
  int port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace bg::server::test
