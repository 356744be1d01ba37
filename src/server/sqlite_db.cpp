#include "server/sqlite_db.h"

#include <utility>

namespace bg::server {

using core::Error;

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    if (stmt_) sqlite3_finalize(stmt_);
    db_ = o.db_;
    stmt_ = std::exchange(o.stmt_, nullptr);
    error_ = std::move(o.error_);
  }
  return *this;
}

Statement::~Statement() {
  if (stmt_) sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int i, const std::string& text) {
  // SQLITE_TRANSIENT: SQLite copies the text, so temporaries are safe.
  if (sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) !=
      SQLITE_OK)
    error_ = sqlite3_errmsg(db_);
  return *this;
}

Statement& Statement::bind(int i, int64_t value) {
  if (sqlite3_bind_int64(stmt_, i, value) != SQLITE_OK) error_ = sqlite3_errmsg(db_);
  return *this;
}

Statement& Statement::bind_null(int i) {
  if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) error_ = sqlite3_errmsg(db_);
  return *this;
}

bool Statement::step() {
  if (failed()) return false;
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc != SQLITE_DONE) error_ = sqlite3_errmsg(db_);
  return false;
}

core::Status Statement::run() {
  while (step()) {
  }
  if (failed()) return Error{"", "database: " + error_};
  return core::ok_status();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  error_.clear();
}

std::string Statement::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  if (!p) return {};
  return std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
}

int64_t Statement::integer(int col) const {
  return sqlite3_column_int64(stmt_, col);
}

bool Statement::is_null(int col) const {
  return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}

core::Result<Database> Database::open(const std::string& path) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(
      path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Error{"", "cannot open database " + path + ": " + msg};
  }
  sqlite3_busy_timeout(db, 5000);
  return Database(db);
}

Database& Database::operator=(Database&& o) noexcept {
  if (this != &o) {
    if (db_) sqlite3_close(db_);
    db_ = std::exchange(o.db_, nullptr);
  }
  return *this;
}

Database::~Database() {
  if (db_) sqlite3_close(db_);
}

core::Status Database::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return Error{"", "database: " + msg};
  }
  return core::ok_status();
}

core::Result<Statement> Database::prepare(const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &s, nullptr) != SQLITE_OK)
    return Error{"", std::string("database: ") + sqlite3_errmsg(db_)};
  return Statement(db_, s);
}

}  // namespace bg::server
