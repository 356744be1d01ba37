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

int64_t store_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace bg::server
