// An exclusive advisory lock on a file (flock), held for an object's lifetime:
// one running server per database. The kernel releases it
// when the process ends, however it ends (kill -9 included), so a crashed
// server never leaves a stale lock behind.
#pragma once

#include <string>

#include "core/result.h"

namespace bg::server {

class FileLock {
 public:
  // Locks `path` (created if missing) or says who holds it.
  static core::Result<FileLock> acquire(const std::string& path);
  FileLock() = default;
  FileLock(FileLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  FileLock& operator=(FileLock&& o) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

 private:
  explicit FileLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace bg::server
