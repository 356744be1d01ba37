// A fresh, empty directory for one test. Two test runs at once (two builds on
// one machine, or CTest running tests in parallel) must not share a folder,
// so the name carries the process id and random bits; process ids are reused,
// so whatever an earlier process left under the same name is removed first.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <random>
#include <string>

namespace bg::test {

inline std::filesystem::path fresh_temp_dir(const std::string& prefix) {
  static std::atomic<int> n{0};
  static const std::string salt = std::to_string(std::random_device{}());
  const auto dir =
      std::filesystem::temp_directory_path() /
      (prefix + "_" + std::to_string(::getpid()) + "_" + salt + "_" + std::to_string(n++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace bg::test
