// An engine the match referee drives: a child process started with
// `/bin/sh -c <command>`, spoken to one line at a time over its standard input
// and output (the protocol of `bluegray engine`, docs/protocol.md). Its
// standard error is the referee's. Every wait is bounded, so an engine that
// hangs, dies or floods loses by the clock instead of stopping the match.
#pragma once

#include <sys/types.h>

#include <string>

namespace bg::cli {

class EngineProcess {
 public:
  EngineProcess() = default;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess() { stop(); }

  // Starts the command; false (with why) if it cannot be started.
  bool start(const std::string& command, std::string& error);
  // Sends one line and reads one line back within timeout_s seconds.
  // False (with why) on a dead engine, a timeout or an answer over 1 MiB.
  bool ask(const std::string& line, double timeout_s, std::string& reply, std::string& error);
  // Asks it to quit, then ends it (SIGKILL after a grace period) and reaps it.
  void stop();

 private:
  bool read_line(double timeout_s, std::string& line, std::string& error);

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
};

}  // namespace bg::cli
