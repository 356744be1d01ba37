#include "cli/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace bg::cli {

namespace {

constexpr size_t kMaxAnswer = 1 << 20;

bool write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

bool EngineProcess::start(const std::string& command, std::string& error) {
  // A dead engine's pipe must not kill the referee.
  ::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    ::close(in[0]);
    ::close(in[1]);
    return false;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    error = std::string("fork: ") + std::strerror(errno);
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    return false;
  }
  if (pid == 0) {
    // The child: the pipes become its standard input and output (dup2 clears
    // close-on-exec on them; every other descriptor of ours closes at exec).
    ::setpgid(0, 0);  // its own group, so that stop() ends whatever the shell started
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  pid_ = pid;
  to_child_ = in[1];
  from_child_ = out[0];
  buffer_.clear();
  return true;
}

bool EngineProcess::read_line(double timeout_s, std::string& line, std::string& error) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  for (;;) {
    if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    if (buffer_.size() > kMaxAnswer) {
      error = "an answer longer than 1 MiB";
      return false;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) {
      error = "no answer within " + std::to_string(timeout_s) + " s";
      return false;
    }
    pollfd p{from_child_, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(left));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      error = std::string("poll: ") + std::strerror(errno);
      return false;
    }
    if (r == 0) continue;
    char buf[65536];
    const ssize_t n = ::read(from_child_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = "the engine closed its output (exited?)";
      return false;
    }
    buffer_.append(buf, static_cast<size_t>(n));
  }
}

bool EngineProcess::ask(const std::string& line, double timeout_s, std::string& reply,
                        std::string& error) {
  if (pid_ < 0) {
    error = "the engine is not running";
    return false;
  }
  if (!write_all(to_child_, line + "\n")) {
    error = "the engine closed its input (exited?)";
    return false;
  }
  return read_line(timeout_s, reply, error);
}

void EngineProcess::stop() {
  if (pid_ < 0) return;
  (void)write_all(to_child_, "quit\n");
  ::close(to_child_);
  ::close(from_child_);
  to_child_ = from_child_ = -1;
  // A well-behaved engine is gone at once; give it a second, then end it.
  int status = 0;
  for (int i = 0; i < 100; ++i) {
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(-pid_, SIGKILL);
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

}  // namespace bg::cli
