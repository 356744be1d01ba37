// A real PostgreSQL for the tests: one throw-away cluster per test process
// (scripts/pg_cluster.sh: initdb and pg_ctl from Debian's postgresql
// package, a Unix socket in a temporary directory), started on first use and
// stopped when the process exits. Each test takes a fresh database on it.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include <pqxx/pqxx>

namespace bg::server::test {

class PgCluster {
 public:
  // The process's cluster; error() says why it could not be started.
  static PgCluster& shared() {
    static PgCluster c;
    return c;
  }
  const std::string& error() const { return error_; }
  // The URI of a new, empty database (empty if the cluster is not running).
  std::string new_database() {
    if (!error_.empty()) return "";
    static std::atomic<int> n{0};
    const std::string name = "t" + std::to_string(n++);
    try {
      pqxx::connection c(uri("postgres"));
      pqxx::nontransaction w(c);
      w.exec("CREATE DATABASE " + name);
    } catch (const std::exception& e) {
      error_ = std::string("creating a database: ") + e.what();
      return "";
    }
    return uri(name);
  }
  std::string uri(const std::string& database) const {
    return "postgresql://bluegray@/" + database + "?host=" + dir_ + "&port=5432";
  }
  ~PgCluster() {
    // Forked children (a server under test) leave the cluster to their parent.
    if (::getpid() != owner_ || dir_.empty()) return;
    (void)std::system((script() + " stop " + dir_ + " >/dev/null 2>&1").c_str());
  }
  PgCluster(const PgCluster&) = delete;
  PgCluster& operator=(const PgCluster&) = delete;

 private:
  PgCluster() : owner_(::getpid()) {
    // Short: a Unix socket's path has at most 107 bytes.
    dir_ = "/tmp/bluegray_pg_" + std::to_string(owner_) + "_" +
           std::to_string(std::random_device{}() % 100000);
    std::filesystem::remove_all(dir_);
    const std::string cmd = script() + " start " + dir_ + " 2>&1";
    std::string out;
    if (FILE* p = ::popen(cmd.c_str(), "r")) {
      char buf[512];
      while (std::fgets(buf, sizeof buf, p)) out += buf;
      if (::pclose(p) != 0) error_ = "scripts/pg_cluster.sh start failed: " + out;
    } else {
      error_ = "cannot run scripts/pg_cluster.sh";
    }
  }
  static std::string script() {
    return std::string(BLUEGRAY_SOURCE_DIR) + "/scripts/pg_cluster.sh";
  }

  pid_t owner_;
  std::string dir_;
  std::string error_;
};

}  // namespace bg::server::test
