// Where things are on the drawing: hex centres and corners, hexsides, and
// what the map holds (for the legend, which shows only what is used).
#include <algorithm>
#include <cmath>

#include "render/renderer.h"

namespace bg::render {

Pt Renderer::centre(HexId h) const {
  const core::Point c = core::centre(map_.coord(h));
  // core::centre puts internal hex 0101 at the origin; a map numbered from
  // another hex (HexNumbering) is moved so that its first column and row
  // are drawn where 0101's would be, keeping which columns sit lower.
  const double x0 = 1.5 * (map_.first_col() - 1);
  const double y0 = kSqrt3 * (map_.first_row() - 1);
  return {opt_.margin + s_ + (c.x - x0) * s_, opt_.margin + kSqrt3 / 2 * s_ + (c.y - y0) * s_};
}

Pt Renderer::corner(Pt c, int k) const {
  return c + unit_vec(60.0 * k) * s_;
}

std::pair<Pt, Pt> Renderer::side_ends(Pt c, Dir d) const {
  const int k = static_cast<int>(d);
  return {corner(c, (4 + k) % 6), corner(c, (5 + k) % 6)};
}

Pt Renderer::normal(Dir d) {
  return unit_vec(-90.0 + 60.0 * static_cast<int>(d));
}

std::string Renderer::hex_points(Pt c) const {
  std::string s;
  for (int k = 0; k < 6; ++k) s += (k ? " " : "") + pt(corner(c, k));
  return s;
}

const core::Zone* Renderer::zone(std::string_view name) const {
  for (const auto& z : map_.zones())
    if (z.name == name) return &z;
  return nullptr;
}

bool Renderer::any_side(HexsideBits mask) const {
  bool found = false;
  each_side(mask, [&](HexId, Dir, HexsideBits) { found = true; });
  return found;
}

bool Renderer::any_terrain(Terrain t) const {
  return std::any_of(map_.hexes().begin(), map_.hexes().end(),
                     [&](HexId h) { return map_.terrain(h) == t; });
}

bool Renderer::any_named(std::string_view kind) const {
  return std::any_of(map_.named().begin(), map_.named().end(),
                     [&](const core::NamedHex& n) { return n.kind == kind; });
}

Pt Renderer::across(HexId h, Dir d) const {
  const HexId n = map_.neighbour(h, d);
  if (map_.on_map(n)) return centre(n);
  return centre(h) + normal(d) * (s_ * kSqrt3 / 2);
}

Pt Renderer::left_normal(Pt a, Pt b) {
  const Pt v = b - a;
  const double len = std::hypot(v.x, v.y);
  return len > 1e-9 ? Pt{v.y / len, -v.x / len} : Pt{0, 0};
}

std::optional<Dir> Renderer::off_map_side(HexId h) const {
  std::optional<Dir> best;
  int best_score = -1;
  bool any_road = false;
  for (int i = 0; i < core::kDirs; ++i) {
    const Dir d = core::dir_from_int(i);
    if (map_.on_map(map_.neighbour(h, d))) {
      any_road = any_road || (map_.side(h, d) & core::kRoad) != 0;
      continue;
    }
    if (map_.side(h, d) & core::kRoad) return std::nullopt;  // already leaves the map
    int score = 0;
    for (int j = 0; j < core::kDirs; ++j) {
      if ((map_.side(h, core::dir_from_int(j)) & core::kRoad) == 0) continue;
      const int turn = (i - j + 6) % 6;
      score += std::min(turn, 6 - turn);
    }
    if (score > best_score) {
      best_score = score;
      best = d;
    }
  }
  return any_road ? best : std::nullopt;
}

}  // namespace bg::render
