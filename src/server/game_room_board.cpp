// What a page draws around the game, the same for every seat: the map, the
// charts of the game's rules, and the overlays of Zones of Control and
// artillery range.
#include "protocol/charts_json.h"
#include "server/game_room.h"
#include "server/map_svg_cache.h"

namespace bg::server {

std::shared_ptr<const std::string> GameRoom::map_svg() {
  static MapSvgCache cache;
  std::lock_guard lock(mu_);
  if (!svg_) svg_ = cache.get(*game_);
  return svg_;
}

Reply GameRoom::charts() {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  return ok(protocol::charts_json(*game_));
}

Reply GameRoom::overlays(const std::string& unit) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  std::optional<core::UnitIndex> which;
  if (!unit.empty()) {
    which = game_->find_unit(unit);
    if (!which) return refuse(404, "no unit " + unit + " in this game");
  }
  return ok(protocol::overlays_json(*game_, which));
}

}  // namespace bg::server
