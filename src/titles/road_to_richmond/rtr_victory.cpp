// Road to Richmond's victory conditions (21.0 / 22.0) and the additional
// points (22.4 / 22.13-22.14): the breakdown by schedule line.
#include <algorithm>

#include "core/position.h"
#include "titles/road_to_richmond/road_to_richmond.h"

namespace bg::titles::rtr {

using namespace bg::core;

namespace {

// The road searches' working memory, one per thread: a tournament's games
// share the title.
RoadNet::Scratch& road_scratch() {
  thread_local RoadNet::Scratch s;
  return s;
}

int strength_exited(const Context& ctx, const GameState& st, Side s, HexId at, bool units) {
  int n = 0;
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    const UnitDef& d = ctx.def(static_cast<UnitIndex>(u));
    if (us.status == UnitStatus::Exited && us.hex == at && d.side == s) n += units ? 1 : d.strength;
  }
  return n;
}

}  // namespace

bool RoadToRichmond::line_of_communication(const Context& ctx, const GameState& st,
                                           Side side) const {
  if (h0117_ == kNoHex || h1528_ == kNoHex) return false;
  return roads_.connected(ctx, st, other(side), h0117_, h1528_, road_scratch());
}

int RoadToRichmond::communication_margin(const Context& ctx, const GameState& st, Side side,
                                         const std::vector<uint8_t>& contested, int limit) const {
  if (h0117_ == kNoHex || h1528_ == kNoHex) return 0;
  return roads_.cut(ctx, st, other(side), h0117_, h1528_, contested, limit, road_scratch());
}

// The same search, walked back from 1528: a path exactly when
// line_of_communication() finds one.
std::vector<HexId> RoadToRichmond::communication_path(const Context& ctx, const GameState& st,
                                                      Side side) const {
  if (h0117_ == kNoHex || h1528_ == kNoHex) return {};
  RoadNet::Scratch& s = road_scratch();
  if (!roads_.search(ctx, st, other(side), {h0117_}, h1528_, s)) return {};
  return roads_.path_to(s, h1528_);
}

// 21.22 / 22.22: a path of at most ten hexes, through Enemy-controlled hexes
// but not Enemy units (nor across impassable hexsides: R-RTR-SUPPLY-PATH), to
// a road or trail that leads off the map at 1528 or 2426 free of Enemy units.
// The roads' search and the mask of Confederate units are the same for every
// Union unit, so they are found once for the position.
std::vector<UnitIndex> RoadToRichmond::unsupplied_union_units(const Context& ctx,
                                                              const GameState& st) const {
  const Map& map = *ctx.map;
  RoadNet::Scratch& roads = road_scratch();
  roads_.search(ctx, st, Side::Confederate, {h1528_, h2426_}, kNoHex, roads);
  const auto space = static_cast<size_t>(map.id_space());
  std::vector<uint8_t> enemies(space, 0);
  for (int v = 0; v < st.pos.count; ++v) {
    const UnitState& vs = st.pos.units[v];
    if (vs.on_map() && ctx.def(static_cast<UnitIndex>(v)).side == Side::Confederate)
      enemies[vs.hex] = 1;
  }
  std::vector<int8_t> dist(space, -1);
  std::vector<HexId> queue;  // every hex one unit's search reached, to reset dist after it
  auto traces = [&](HexId from) {
    queue.assign(1, from);
    dist[from] = 0;
    bool found = false;
    for (size_t q = 0; q < queue.size(); ++q) {
      const HexId h = queue[q];
      if (roads_.reached(roads, h)) {
        found = true;
        break;
      }
      if (dist[h] >= 10) continue;
      for (int d = 0; d < kDirs; ++d) {
        const Dir dir = static_cast<Dir>(d);
        if (!hexside_passable(map, h, dir)) continue;
        const HexId n = map.neighbour(h, dir);
        if (!map.on_map(n) || dist[n] >= 0 || enemies[n]) continue;
        dist[n] = static_cast<int8_t>(dist[h] + 1);
        queue.push_back(n);
      }
    }
    for (HexId h : queue) dist[h] = -1;
    return found;
  };
  std::vector<UnitIndex> out;
  for (int u = 0; u < st.pos.count; ++u) {
    const auto ui = static_cast<UnitIndex>(u);
    const UnitState& us = st.pos.units[u];
    if (ctx.def(ui).side == Side::Union && us.on_map() && !traces(us.hex)) out.push_back(ui);
  }
  return out;
}

void RoadToRichmond::end_lines(const Context& ctx, const GameState& st,
                               std::vector<VpLine>& out) const {
  const std::string r12 = rule("21.12", "22.12");
  const bool train_known = train_ != kNoUnit;
  const bool train_out = train_known && st.pos.units[train_].status == UnitStatus::Exited &&
                         st.pos.units[train_].hex == h1528_;
  const bool train_dead = train_known && st.pos.units[train_].status == UnitStatus::Eliminated;
  const bool train_never = !train_known || !st.pos.units[train_].has(kEverEntered);
  auto line = [&](Side s, const std::string& rule_case, int points, std::string what) {
    out.push_back(VpLine{s, rule_case, std::move(what), points, true});
  };
  const bool union_loc = line_of_communication(ctx, st, Side::Union);
  const bool conf_loc = line_of_communication(ctx, st, Side::Confederate);
  line(Side::Union, rule("21.21", "22.21"), 0,
       union_loc ? "Union line of communications 0117-1528 traced along roads and trails"
                 : "no Union line of communications 0117-1528: every road and trail path "
                   "between them is blocked by Confederate units");
  line(Side::Confederate, rule("21.21", "22.21"), 0,
       conf_loc ? "Confederate line of communications 0117-1528 traced along roads and trails"
                : "no Confederate line of communications 0117-1528: every road and trail path "
                  "between them is blocked by Union units");

  // (1) / (i): a point for each Union unit exited at 1528.
  if (const int n = strength_exited(ctx, st, Side::Union, h1528_, true); n > 0)
    line(Side::Union, r12, n, std::to_string(n) + " Union unit(s) exited at 1528");
  // (2) / (ii): Union strength exited at 0117, with the Train out and a line.
  if (const int sp = strength_exited(ctx, st, Side::Union, h0117_, false); sp > 0) {
    const bool counts = train_out && union_loc;
    line(Side::Union, r12, counts ? sp : 0,
         std::to_string(sp) + " Union strength point(s) exited at 0117" +
             (counts       ? ""
              : !train_out ? ": no points, the Train has not exited at 1528"
                           : ": no points, no Union line of communications 0117-1528"));
  }
  // (3) / (iii): five for the Train.
  if (train_out) line(Side::Union, r12, 5, "the Union Train exited at 1528");
  // (4), (5) / (iv), (v): Confederate strength exited at 1528.
  if (const int sp = strength_exited(ctx, st, Side::Confederate, h1528_, false); sp > 0) {
    int points = 0;
    std::string why;
    if (train_out) {
      points = conf_loc ? 2 * sp : 0;
      why = conf_loc ? " (two points each: the Train is out and a Confederate line is traced)"
                     : ": no points, no Confederate line of communications 0117-1528";
    } else if (train_dead || train_never) {
      points = sp;
      why = train_dead ? " (one point each: the Train was eliminated)"
                       : " (one point each: the Train never entered the map)";
    } else {
      why = ": no points, the Train is still on the map";
    }
    line(Side::Confederate, r12, points,
         std::to_string(sp) + " Confederate strength point(s) exited at 1528" + why);
  }
  if (!train_never) return;
  // (6) / (vi): twenty if the Train never entered the map.
  line(Side::Confederate, r12, 20, "the Union Train never entered the map");
  // 21.22 / 22.22: Union units that cannot trace to the roads off the map.
  const std::string r22 = rule("21.22", "22.22");
  for (UnitIndex ui : unsupplied_union_units(ctx, st)) {
    const UnitDef& d = ctx.def(ui);
    line(Side::Confederate, r22, d.strength,
         d.id + " (" + std::to_string(d.strength) +
             ") cannot trace ten hexes to a road or trail leaving the map at 1528 or 2426: "
             "destroyed");
  }
}

VictoryReport RoadToRichmond::victory(const Context& ctx, const GameState& st) const {
  VictoryReport rep;
  const std::string r11 = rule("21.11", "22.11");
  for (int u = 0; u < st.pos.count; ++u) {
    if (st.pos.units[u].status != UnitStatus::Eliminated) continue;
    const UnitDef& d = ctx.def(static_cast<UnitIndex>(u));
    rep.lines.push_back(VpLine{other(d.side), r11,
                               "eliminated " + d.id + " (" + std::to_string(d.strength) + ")",
                               d.strength, false});
    if (static_cast<UnitIndex>(u) == train_)
      rep.lines.push_back(
          VpLine{Side::Confederate, r11, "eliminated the Union Train: ten points more", 10, false});
  }
  if (opt_.additional_vp && state_of(st).activation > 0)
    rep.lines.push_back(VpLine{Side::Union, rule("22.4", "22.14"),
                               "the Confederates triggered early arrival on Game-Turn " +
                                   std::to_string(state_of(st).activation),
                               5, false});
  const char* names[2] = {"1823", "1826"};
  for (Side s : {Side::Union, Side::Confederate})
    for (int i = 0; i < 2; ++i)
      if (const int n = state_of(st).hold[static_cast<size_t>(s)][static_cast<size_t>(i)]; n > 0)
        rep.lines.push_back(VpLine{s, rule("22.4", "22.13"),
                                   "held " + std::string(names[i]) + " at the end of " +
                                       std::to_string(n) + " Game-Turn(s) after Game-Turn Eight",
                                   n, false});
  end_lines(ctx, st, rep.lines);
  const bool scored = state_of(st).end_scored;
  for (const VpLine& l : rep.lines) {
    const auto s = static_cast<size_t>(l.side);
    rep.projected[s] += l.points;
    if (!l.at_end || scored) rep.total[s] += l.points;
  }
  rep.final = st.phase == Phase::Over;
  if (rep.final && rep.total[0] != rep.total[1])
    rep.winner = rep.total[0] > rep.total[1] ? Side::Union : Side::Confederate;
  return rep;
}

}  // namespace bg::titles::rtr
