// A thin RAII wrapper over the SQLite C API: a connection and prepared
// statements that finalize themselves. Errors are values (core::Status), never
// exceptions, so a damaged or locked database is reported, not a crash.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"

namespace bg::server {

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, sqlite3_stmt* s) : db_(db), stmt_(s) {}
  Statement(Statement&& o) noexcept : db_(o.db_), stmt_(o.stmt_) { o.stmt_ = nullptr; }
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  // Parameters are 1-based, as in SQL's ?1, ?2 ...
  Statement& bind(int i, const std::string& text);
  Statement& bind(int i, int64_t value);
  Statement& bind_null(int i);
  // Runs one step: true while a row is available, false when done; an error
  // leaves `failed()` set with the database's message.
  bool step();
  // Runs to completion (for statements without rows).
  core::Status run();
  void reset();

  std::string text(int col) const;
  int64_t integer(int col) const;
  bool is_null(int col) const;

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }

 private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  std::string error_;
};

class Database {
 public:
  // Opens (creating if needed) the database file; ":memory:" works too.
  static core::Result<Database> open(const std::string& path);
  Database() = default;
  Database(Database&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  Database& operator=(Database&& o) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  // Runs one or more statements without results (schema, pragmas, BEGIN ...).
  core::Status exec(const std::string& sql);
  core::Result<Statement> prepare(const std::string& sql);

 private:
  explicit Database(sqlite3* db) : db_(db) {}
  sqlite3* db_ = nullptr;
};

}  // namespace bg::server
