// What runs along and across hexsides: lakes, streams and creeks, roads and
// trails centre to centre, the railroad, bridges and fords, redoubts and
// command boundaries.
#include <cmath>

#include "render/renderer.h"

namespace bg::render {

void Renderer::layer_lakes() {
  open_group("lakes");
  each_side(core::kLake, [&](HexId h, Dir d, HexsideBits) {
    const auto [a, b] = side_ends(centre(h), d);
    draw_lake(a, b, normal(d));
  });
  close_group();
}

void Renderer::layer_water() {
  open_group("water");
  each_side(core::kStream, [&](HexId h, Dir d, HexsideBits bits) {
    const auto [a, b] = side_ends(centre(h), d);
    if ((bits & core::kCreek) == 0) draw_stream(a, b);
  });
  each_side(core::kCreek, [&](HexId h, Dir d, HexsideBits) {
    const auto [a, b] = side_ends(centre(h), d);
    draw_creek(a, b);
  });
  close_group();
}

void Renderer::layer_roads() {
  open_group("trails");
  each_side(core::kTrail, [&](HexId h, Dir d, HexsideBits bits) {
    if ((bits & core::kRoad) == 0) draw_trail(centre(h), across(h, d));
  });
  close_group();
  open_group("roads");
  each_side(core::kRoad, [&](HexId h, Dir d, HexsideBits) { draw_road(centre(h), across(h, d)); });
  close_group();
}

void Renderer::layer_railroad() {
  const core::Zone* z = zone("railroad");
  if (!z) return;
  open_group("railroad");
  std::vector<HexId> run;
  for (HexId h : z->hexes) {
    if (!run.empty() && h == run.back()) continue;
    if (!map_.on_map(h)) continue;
    if (!run.empty() && !map_.direction(run.back(), h)) {
      railroad_run(run);
      run.clear();
    }
    run.push_back(h);
  }
  railroad_run(run);
  close_group();
}

void Renderer::railroad_run(const std::vector<HexId>& run) {
  if (run.size() < 2) return;
  const size_t n = run.size();
  std::vector<Pt> p(n);
  std::vector<bool> shared(n - 1);
  for (size_t i = 0; i < n; ++i) p[i] = centre(run[i]);
  for (size_t i = 0; i + 1 < n; ++i) {
    const auto d = map_.direction(run[i], run[i + 1]);
    shared[i] = d && (map_.side(run[i], *d) & core::kRoad) != 0;
  }
  std::vector<Pt> q(p);
  for (size_t i = 0; i < n; ++i) {
    const bool before = i > 0 && shared[i - 1], after = i + 1 < n && shared[i];
    if (!before && !after) continue;
    Pt nrm{0, 0};
    if (i > 0) nrm = nrm + left_normal(p[i - 1], p[i]);
    if (i + 1 < n) nrm = nrm + left_normal(p[i], p[i + 1]);
    const double len = std::hypot(nrm.x, nrm.y);
    if (len > 1e-9) q[i] = p[i] + nrm * (s_ * 0.2 / len);
  }
  std::string points;
  if (map_.on_edge(run.front())) points = pt(q[0] + (q[0] - q[1]) * 0.5) + " ";
  for (const Pt& v : q) points += pt(v) + " ";
  if (map_.on_edge(run.back())) points += pt(q[n - 1] + (q[n - 1] - q[n - 2]) * 0.5);
  while (!points.empty() && points.back() == ' ') points.pop_back();
  draw_railroad(points);
}

void Renderer::layer_crossings() {
  open_group("crossings");
  each_side(core::kBridge | core::kFord, [&](HexId h, Dir d, HexsideBits bits) {
    const auto [a, b] = side_ends(centre(h), d);
    if (bits & core::kBridge)
      draw_bridge(mid(a, b), normal(d));
    else
      draw_ford(mid(a, b), normal(d));
  });
  close_group();
}

void Renderer::layer_redoubts() {
  open_group("redoubts");
  for (HexId h : map_.hexes()) {
    for (int i = 0; i < core::kDirs; ++i) {
      const Dir d = core::dir_from_int(i);
      const HexsideBits bits = map_.side(h, d);
      if ((bits & core::kRedoubt) == 0) continue;
      const HexId n = map_.neighbour(h, d);
      const bool barbed_here = (bits & core::kRedoubtBarbed) != 0;
      const bool barbed_there =
          map_.on_map(n) && (map_.side(n, core::opposite(d)) & core::kRedoubtBarbed) != 0;
      // Drawn once, from the barbed side (or the lower hex if neither is).
      if (!barbed_here && (barbed_there || (map_.on_map(n) && n < h))) continue;
      const auto [a, b] = side_ends(centre(h), d);
      // Teeth toward the barbed hex: back toward h's centre.
      draw_redoubt(a, b, normal(d) * -1.0);
    }
  }
  close_group();
}

void Renderer::layer_command() {
  open_group("command");
  each_side(core::kCommandBoundary, [&](HexId h, Dir d, HexsideBits) {
    const auto [a, b] = side_ends(centre(h), d);
    draw_command(a, b);
  });
  close_group();
}

void Renderer::layer_road_exits() {
  open_group("road-exits");
  std::vector<bool> done(static_cast<size_t>(map_.id_space()), false);
  for (const auto& n : map_.named()) {
    if ((n.kind != "entry" && n.kind != "exit") || !map_.on_map(n.hex)) continue;
    if (done[n.hex] || !map_.on_edge(n.hex)) continue;
    done[n.hex] = true;
    if (const auto d = off_map_side(n.hex)) draw_road(centre(n.hex), across(n.hex, *d));
  }
  close_group();
}

}  // namespace bg::render
