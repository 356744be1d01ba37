#include "server/map_svg_cache.h"

#include "render/render_svg.h"

namespace bg::server {

std::shared_ptr<const std::string> MapSvgCache::get(const core::Game& g) {
  const std::shared_ptr<const core::Map>& map = g.shared_map();
  std::lock_guard lock(mu_);
  if (auto it = entries_.find(map.get()); it != entries_.end())
    if (it->second.map.lock() == map)
      if (auto svg = it->second.svg.lock()) return svg;
  std::erase_if(entries_, [](const auto& e) { return e.second.svg.expired(); });
  render::RenderOptions opt;
  opt.hex_size = kMapHexSize;
  opt.margin = kMapMargin;
  opt.units = false;  // the page draws the counters, so they stay live
  auto svg = std::make_shared<const std::string>(render::render_svg(*map, opt, nullptr));
  entries_[map.get()] = Entry{map, svg};
  return svg;
}

}  // namespace bg::server
