// The maps drawn for the pages (GET /api/games/{id}/map.svg): the map as
// render-map draws it, without counters (the page draws them, so they stay
// live). Drawn once per map and shared by every game on that map: a large
// map is a few hundred KB of SVG.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/game.h"

namespace bg::server {

// The drawing's scale, which the view's geometry gives the page so that it
// places counters where the drawn hexes are.
constexpr double kMapHexSize = 36.0;
constexpr double kMapMargin = 24.0;

class MapSvgCache {
 public:
  // The drawing of `g`'s map, drawn now if no game holds it. Any thread.
  std::shared_ptr<const std::string> get(const core::Game& g);

 private:
  // Weak on both sides: an entry lives while some game holds its SVG and its
  // map still exists (a sandbox game's map dies with the game, and its
  // address may be reused).
  struct Entry {
    std::weak_ptr<const core::Map> map;
    std::weak_ptr<const std::string> svg;
  };
  std::mutex mu_;
  std::map<const core::Map*, Entry> entries_;
};

}  // namespace bg::server
