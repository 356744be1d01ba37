// The road and trail net of a map as a graph, for the road searches of 21.21 /
// 21.22 (22.21 / 22.22): hexes joined along road or trail hexsides. The AI
// asks for a line of communication for every position it weighs late in the
// game, so the net is found once, when the title is set up, and a search walks
// its compact lists instead of testing six hexsides of every hex it reaches.
// A title's map never changes after set-up (map edits are the sandbox's only:
// check_setup), so the net found then stays right for the whole game.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "core/game_state.h"
#include "core/map.h"
#include "core/position.h"

namespace bg::titles::rtr {

class RoadNet {
 public:
  // The net's hexes: every hex a road or trail hexside leads from or to, and
  // `extra` (the searches' sources and targets), so that a search from any of
  // them behaves as one over the whole map would.
  RoadNet(const core::Map& map, std::initializer_list<core::HexId> extra);

  // A search's working memory, reused between searches (one per thread).
  struct Scratch {
    std::vector<uint8_t> blocked;  // per net hex: a unit of the blocking side stands there
    std::vector<uint8_t> seen;     // per net hex: the search reached it
    std::vector<uint16_t> queue;   // net hexes, in the order reached
    std::vector<uint16_t> parent;  // per net hex: the net hex it was reached from
    // connected()'s last answer for each blocking side, and what it depended
    // on: the net, the two ends, and which net hexes were blocked.
    struct Memo {
      uint64_t net = 0;  // 0: none yet
      core::HexId from = core::kNoHex, to = core::kNoHex;
      std::vector<uint8_t> blocked;
      bool connected = false;
    };
    Memo memo[2];
    // cut()'s flow network: each arc's residual capacity, the arc each
    // node was reached by, and the nodes in the order reached.
    std::vector<int> cap;
    std::vector<uint32_t> via;
    std::vector<uint32_t> nodes;
  };

  // Breadth first from `sources` (those in the net and not blocked), along
  // road or trail hexsides, through hexes no on-map unit of `blocker` stands
  // in; true as soon as it reaches `target` (kNoHex: the whole net). The
  // order (sources as given, then directions 0-5) is a plain search's.
  bool search(const core::Context& ctx, const core::GameState& st, core::Side blocker,
              std::initializer_list<core::HexId> sources, core::HexId target, Scratch& s) const;
  // search(...{from}, to) answered alone, remembered: the AI asks it of
  // every position it weighs, and in one side's phase the other's units
  // stand still, so the blocked hexes (all the answer depends on) repeat.
  // Answered from the memo it searches nothing: reached() and path_to() are
  // for after search() only.
  bool connected(const core::Context& ctx, const core::GameState& st, core::Side blocker,
                 core::HexId from, core::HexId to, Scratch& s) const;
  // The fewest hexes of `contested` (per HexId, nonzero) that units of
  // `blocker` would have to stand in, besides those they stand in now, for
  // no path from `from` to `to` to be left, counted up to `limit` (0: none is
  // left now; `limit`: `limit` or more, or no such set at all). A hex a unit
  // of the other side stands in is never taken. A maximum flow with unit
  // capacities in the contested hexes (Menger: the fewest hexes that cut
  // equal the most paths that share none of them), one breadth-first search
  // a unit of flow, so at most `limit` + 1 searches.
  int cut(const core::Context& ctx, const core::GameState& st, core::Side blocker, core::HexId from,
          core::HexId to, const std::vector<uint8_t>& contested, int limit, Scratch& s) const;
  // After a search: whether it reached h.
  bool reached(const Scratch& s, core::HexId h) const {
    const uint16_t i = index_of(h);
    return i != kNone && s.seen[i];
  }
  // After a search that reached `to`: the hexes from its source to `to`.
  std::vector<core::HexId> path_to(const Scratch& s, core::HexId to) const;

 private:
  static constexpr uint16_t kNone = 0xFFFF;
  // Fills s.blocked with the net hexes `blocker`'s units stand in.
  void block(const core::Context& ctx, const core::GameState& st, core::Side blocker,
             Scratch& s) const;
  bool run(std::initializer_list<core::HexId> sources, core::HexId target, Scratch& s) const;
  void build_flow_network();  // cut()'s arcs, from the net's (constructor)

  uint16_t index_of(core::HexId h) const { return h < index_.size() ? index_[h] : kNone; }

  std::vector<uint16_t> index_;  // per HexId: its place in hexes_, or kNone
  std::vector<core::HexId> hexes_;
  std::vector<uint32_t> first_;  // hexes_[i]'s neighbours: next_[first_[i] .. first_[i+1])
  std::vector<uint16_t> next_;
  // cut()'s network: net hex i is node 2i (in) and 2i+1 (out), joined by arc
  // 2i (in to out; its reverse 2i+1); each road hexside i-m adds an arc out_i
  // to in_m and its reverse. arc_to_[a] is where arc a leads, arc a ^ 1 its
  // reverse; node v's arcs are node_arcs_[node_first_[v] .. node_first_[v+1]).
  std::vector<uint32_t> arc_to_;
  std::vector<uint32_t> node_first_;
  std::vector<uint32_t> node_arcs_;
  uint64_t serial_;  // this net's number among the nets made (a memo's key)
};

}  // namespace bg::titles::rtr
