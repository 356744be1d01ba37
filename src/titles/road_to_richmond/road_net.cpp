#include "titles/road_to_richmond/road_net.h"

#include <algorithm>
#include <atomic>

namespace bg::titles::rtr {

using namespace bg::core;

namespace {

bool road_side(const Map& map, HexId h, Dir dir) {
  return (map.side(h, dir) & (kRoad | kTrail)) != 0;
}

}  // namespace

RoadNet::RoadNet(const Map& map, std::initializer_list<HexId> extra) {
  static std::atomic<uint64_t> made{0};
  serial_ = ++made;
  index_.assign(static_cast<size_t>(map.id_space()), kNone);
  auto add = [&](HexId h) {
    if (h == kNoHex || !map.on_map(h) || index_[h] != kNone) return;
    index_[h] = static_cast<uint16_t>(hexes_.size());
    hexes_.push_back(h);
  };
  for (HexId h : extra) add(h);
  for (HexId h : map.hexes())
    for (int d = 0; d < kDirs; ++d)
      if (road_side(map, h, static_cast<Dir>(d))) {
        add(h);
        add(map.neighbour(h, static_cast<Dir>(d)));
      }
  first_.push_back(0);
  for (HexId h : hexes_) {
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      if (!road_side(map, h, dir)) continue;
      const HexId n = map.neighbour(h, dir);
      if (map.on_map(n)) next_.push_back(index_[n]);
    }
    first_.push_back(static_cast<uint32_t>(next_.size()));
  }
  build_flow_network();
}

void RoadNet::build_flow_network() {
  const auto n = static_cast<uint32_t>(hexes_.size());
  std::vector<uint32_t> arc_from;
  auto add = [&](uint32_t a, uint32_t b) {  // the arc a->b and its reverse
    arc_from.push_back(a);
    arc_to_.push_back(b);
    arc_from.push_back(b);
    arc_to_.push_back(a);
  };
  for (uint32_t i = 0; i < n; ++i) add(2 * i, 2 * i + 1);
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t k = first_[i]; k < first_[i + 1]; ++k) add(2 * i + 1, 2u * next_[k]);
  node_first_.assign(2 * n + 1, 0);
  for (uint32_t v : arc_from) ++node_first_[v + 1];
  for (uint32_t v = 0; v < 2 * n; ++v) node_first_[v + 1] += node_first_[v];
  node_arcs_.assign(arc_from.size(), 0);
  std::vector<uint32_t> fill(node_first_.begin(), node_first_.end() - 1);
  for (uint32_t a = 0; a < arc_from.size(); ++a) node_arcs_[fill[arc_from[a]]++] = a;
}

void RoadNet::block(const Context& ctx, const GameState& st, Side blocker, Scratch& s) const {
  s.blocked.assign(hexes_.size(), 0);
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    if (!us.on_map() || ctx.def(static_cast<UnitIndex>(u)).side != blocker) continue;
    if (const uint16_t i = index_of(us.hex); i != kNone) s.blocked[i] = 1;
  }
}

bool RoadNet::search(const Context& ctx, const GameState& st, Side blocker,
                     std::initializer_list<HexId> sources, HexId target, Scratch& s) const {
  block(ctx, st, blocker, s);
  return run(sources, target, s);
}

bool RoadNet::connected(const Context& ctx, const GameState& st, Side blocker, HexId from, HexId to,
                        Scratch& s) const {
  block(ctx, st, blocker, s);
  Scratch::Memo& m = s.memo[static_cast<size_t>(blocker)];
  if (m.net == serial_ && m.from == from && m.to == to && m.blocked == s.blocked)
    return m.connected;
  m.connected = run({from}, to, s);
  m.net = serial_;
  m.from = from;
  m.to = to;
  m.blocked = s.blocked;  // the same size every time: no allocation after the first
  return m.connected;
}

bool RoadNet::run(std::initializer_list<HexId> sources, HexId target, Scratch& s) const {
  const size_t n = hexes_.size();
  s.seen.assign(n, 0);
  s.parent.assign(n, kNone);
  s.queue.clear();
  for (HexId h : sources)
    if (const uint16_t i = index_of(h); i != kNone && !s.blocked[i] && !s.seen[i]) {
      s.seen[i] = 1;
      s.queue.push_back(i);
    }
  const uint16_t goal = index_of(target);
  for (size_t q = 0; q < s.queue.size(); ++q) {
    const uint16_t i = s.queue[q];
    if (i == goal) return true;
    for (uint32_t k = first_[i]; k < first_[i + 1u]; ++k) {
      const uint16_t m = next_[k];
      if (s.seen[m] || s.blocked[m]) continue;
      s.seen[m] = 1;
      s.parent[m] = i;
      s.queue.push_back(m);
    }
  }
  return false;
}

int RoadNet::cut(const Context& ctx, const GameState& st, Side blocker, HexId from, HexId to,
                 const std::vector<uint8_t>& contested, int limit, Scratch& s) const {
  const uint16_t src = index_of(from), dst = index_of(to);
  if (src == kNone || dst == kNone || limit <= 0) return 0;
  block(ctx, st, blocker, s);
  s.seen.assign(hexes_.size(), 0);  // here: a unit of the other side stands in the hex
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    if (!us.on_map() || ctx.def(static_cast<UnitIndex>(u)).side == blocker) continue;
    if (const uint16_t i = index_of(us.hex); i != kNone) s.seen[i] = 1;
  }
  // Capacities: a hex with a blocking unit in it is closed, a contested one
  // free of the other side's units passes one path, any other passes all.
  constexpr int kAll = 1 << 20;
  s.cap.assign(arc_to_.size(), 0);
  for (size_t i = 0; i < hexes_.size(); ++i) {
    const HexId h = hexes_[i];
    const bool taken = h < contested.size() && contested[h] && !s.seen[i];
    s.cap[2 * i] = s.blocked[i] ? 0 : taken ? 1 : kAll;
  }
  for (size_t a = 2 * hexes_.size(); a < arc_to_.size(); a += 2) s.cap[a] = kAll;
  const uint32_t source = 2u * src, sink = 2u * dst + 1;
  constexpr uint32_t kNoArc = 0xFFFFFFFF;
  int flow = 0;
  while (flow < limit) {
    s.via.assign(node_first_.size() - 1, kNoArc);
    s.nodes.assign(1, source);
    bool reached = false;
    for (size_t q = 0; q < s.nodes.size() && !reached; ++q) {
      const uint32_t v = s.nodes[q];
      for (uint32_t k = node_first_[v]; k < node_first_[v + 1]; ++k) {
        const uint32_t a = node_arcs_[k], w = arc_to_[a];
        if (s.cap[a] <= 0 || w == source || s.via[w] != kNoArc) continue;
        s.via[w] = a;
        s.nodes.push_back(w);
        if (w == sink) {
          reached = true;
          break;
        }
      }
    }
    if (!reached) return flow;
    int least = kAll;
    for (uint32_t v = sink; v != source; v = arc_to_[s.via[v] ^ 1u])
      least = std::min(least, s.cap[s.via[v]]);
    if (least >= kAll) return limit;  // a path through no contested hex: nothing cuts it
    for (uint32_t v = sink; v != source; v = arc_to_[s.via[v] ^ 1u]) {
      s.cap[s.via[v]] -= least;
      s.cap[s.via[v] ^ 1u] += least;
    }
    // A path through reversed arcs may carry more than one unit.
    flow += least;
  }
  return std::min(flow, limit);
}

std::vector<HexId> RoadNet::path_to(const Scratch& s, HexId to) const {
  std::vector<HexId> path;
  for (uint16_t i = index_of(to); i != kNone && s.seen[i]; i = s.parent[i])
    path.push_back(hexes_[i]);
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace bg::titles::rtr
