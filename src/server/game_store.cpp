#include "server/game_store.h"

#include <chrono>

#include "server/pg_store.h"
#include "server/sqlite_store.h"

namespace bg::server {

core::Result<std::unique_ptr<GameStore>> GameStore::open(const std::string& where) {
  if (where.starts_with("postgresql://") || where.starts_with("postgres://"))
    return PgStore::open(where);
  return SqliteStore::open(where);
}

std::string GameStore::shown(const std::string& where) {
  // scheme://user:password@host...: the password goes.
  const auto scheme = where.find("://");
  if (scheme == std::string::npos) return where;
  const auto at = where.find('@', scheme + 3);
  const auto colon = where.find(':', scheme + 3);
  if (at == std::string::npos || colon == std::string::npos || colon > at) return where;
  return where.substr(0, colon) + ":***" + where.substr(at);
}

int64_t store_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace bg::server
