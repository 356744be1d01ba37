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

std::vector<HexId> RoadNet::path_to(const Scratch& s, HexId to) const {
  std::vector<HexId> path;
  for (uint16_t i = index_of(to); i != kNone && s.seen[i]; i = s.parent[i])
    path.push_back(hexes_[i]);
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace bg::titles::rtr
