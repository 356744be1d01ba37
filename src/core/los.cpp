#include "core/los.h"

#include <cmath>

namespace bg::core {

namespace {

struct FCube {
  double x, y, z;
};

HexCoord round_cube(FCube f) {
  double rx = std::round(f.x), ry = std::round(f.y), rz = std::round(f.z);
  const double dx = std::abs(rx - f.x), dy = std::abs(ry - f.y), dz = std::abs(rz - f.z);
  if (dx > dy && dx > dz) {
    rx = -ry - rz;
  } else if (dy > dz) {
    ry = -rx - rz;
  } else {
    rz = -rx - ry;
  }
  return from_cube(Cube{static_cast<int>(rx), static_cast<int>(ry), static_cast<int>(rz)});
}

}  // namespace

void los_steps(const Map& map, HexId a, HexId b, std::vector<LosStep>& out) {
  out.clear();
  const HexCoord ca = map.coord(a), cb = map.coord(b);
  const int n = distance(ca, cb);
  const Cube A = to_cube(ca), B = to_cube(cb);
  // Only a line in one of the three "between" directions (two cube components
  // of b - a equal) runs along hexsides (8.32). Any other line that meets a
  // hexside or vertex at a sample point crosses it from one hex into the next:
  // both hexes intervene on their own (8.31).
  const bool congruent = B.x - A.x == B.y - A.y || B.y - A.y == B.z - A.z || B.z - A.z == B.x - A.x;
  auto at = [&](double t) {
    return FCube{A.x + (B.x - A.x) * t, A.y + (B.y - A.y) * t, A.z + (B.z - A.z) * t};
  };
  auto to_id = [&](HexCoord c) { return map.contains(c) ? map.id(c) : kNoHex; };
  // Nudging the line both ways off the exact centre line tells a point inside a
  // hex (both nudges agree) from a point on a hexside or vertex (they differ).
  constexpr double kEps = 1e-6;
  for (int i = 1; i < n; ++i) {
    const double t = static_cast<double>(i) / n;
    const FCube p = at(t);
    const HexCoord h1 = round_cube({p.x + kEps, p.y + 2 * kEps, p.z - 3 * kEps});
    const HexCoord h2 = round_cube({p.x - kEps, p.y - 2 * kEps, p.z + 3 * kEps});
    if (h1 == h2 || congruent) {
      out.push_back({to_id(h1), to_id(h2)});
      continue;
    }
    // Crossing point: the hexes just before and just after it along the line.
    const HexId before = to_id(round_cube(at(t - kEps)));
    const HexId after = to_id(round_cube(at(t + kEps)));
    out.push_back({before, before});
    if (after != before) out.push_back({after, after});
  }
}

bool line_of_sight(const Map& map, HexId from, HexId to) {
  thread_local std::vector<LosStep> steps;
  los_steps(map, from, to, steps);
  auto blocks = [&](HexId h) { return h != kNoHex && blocks_los(map.terrain(h)); };
  for (const LosStep& s : steps) {
    if (s.h1 == s.h2) {
      if (blocks(s.h1)) return false;
    } else if (blocks(s.h1) && blocks(s.h2)) {
      return false;
    }
  }
  return true;
}

}  // namespace bg::core
