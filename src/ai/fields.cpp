#include "ai/fields.h"

#include <queue>
#include <utility>

#include "core/movement.h"

namespace bg::ai {

using namespace bg::core;

void mp_distance(const Context& ctx, const UnitDef& mover, const std::vector<HexId>& sources,
                 Field& out) {
  const Map& map = *ctx.map;
  out.d.assign(static_cast<size_t>(map.id_space()), kFar);
  using Item = std::pair<int, HexId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> q;
  for (HexId s : sources)
    if (map.on_map(s)) {
      out.d[s] = 0;
      q.emplace(0, s);
    }
  // Backwards from the sources: the cost of stepping from n into x is what a
  // unit standing in n pays to reach x.
  while (!q.empty()) {
    const auto [c, x] = q.top();
    q.pop();
    if (c > out.d[x]) continue;
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(x, static_cast<Dir>(d));
      if (!map.on_map(n)) continue;
      const int step = step_cost(ctx, mover, n, opposite(static_cast<Dir>(d)));
      if (step == kProhibited) continue;
      const int nc = c + step;
      if (nc < out.d[n]) {
        out.d[n] = static_cast<int16_t>(nc);
        q.emplace(nc, n);
      }
    }
  }
}

void step_distance(const Map& map, const std::vector<HexId>& sources, Field& out,
                   std::vector<HexId>& queue) {
  out.d.assign(static_cast<size_t>(map.id_space()), kFar);
  queue.clear();
  for (HexId s : sources)
    if (map.on_map(s) && out.d[s] != 0) {
      out.d[s] = 0;
      queue.push_back(s);
    }
  for (size_t i = 0; i < queue.size(); ++i) {
    const HexId x = queue[i];
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = map.neighbour(x, dir);
      if (!map.on_map(n) || out.d[n] != kFar || !hexside_passable(map, x, dir)) continue;
      out.d[n] = static_cast<int16_t>(out.d[x] + 1);
      queue.push_back(n);
    }
  }
}

}  // namespace bg::ai
