#include "core/movement.h"

#include <algorithm>
#include <limits>

#include "core/rule_id.h"
#include "core/scenario.h"

namespace bg::core {

namespace {

int terrain_cost(Terrain t) {
  switch (t) {
    case Terrain::Clear:
      return 1;
    case Terrain::Forest:
      return 3;
    case Terrain::Rough:
      return 3;
    case Terrain::ForestRough:
      return 6;
    case Terrain::Swamp:
      return 6;
    case Terrain::Town:
      return 1;  // ruling R-TOWN: no TEC line; costs as clear
    case Terrain::Ferry:
      return 1;  // ruling R-FERRY: the crossing itself costs one MP
    case Terrain::River:
      return kProhibited;
  }
  return kProhibited;
}

// 5.23: a trail into forest and/or rough costs 2, into clear 1; the TEC says a
// trail negates other terrain, so swamp entered by trail also costs 2. DG 7.5:
// two MPs regardless; the cheaper of trail and terrain applies in both (a trail
// is a benefit, never a penalty).
int trail_cost(const RulesConfig& rules, Terrain t) {
  if (rules.dg()) return 2;
  return (t == Terrain::Clear || t == Terrain::Town || t == Terrain::Ferry) ? 1 : 2;
}

bool adjacent_to_enemy(const Context& ctx, const Board& board, Side side, HexId h) {
  for (int d = 0; d < kDirs; ++d) {
    const HexId n = ctx.map->neighbour(h, static_cast<Dir>(d));
    if (ctx.map->on_map(n) && board.occupied_by(other(side), n)) return true;
  }
  return false;
}

bool strategic_eligible(const Context& ctx, const Position& pos, UnitIndex u) {
  const UnitDef& def = ctx.def(u);
  return distance_to_side(ctx, pos, pos.units[u].hex, other(def.side)) >= 4;
}

// Entering h is forbidden by enemy ZOC for this unit now (10.2, 11.2).
bool zoc_entry_forbidden(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                         HexId h, const MoveOptions& opt) {
  const UnitDef& def = ctx.def(u);
  if (!board.enemy_zoc(def.side, h)) return false;
  if (opt.night) return true;
  return ctx.rules->ae() && pos.units[u].has(kIneffective);
}

bool can_end_in(const Context& ctx, const Board& board, const UnitDef& def, HexId h) {
  const Terrain t = ctx.map->terrain(h);
  if (t == Terrain::Ferry || t == Terrain::River) return false;  // 5.24: crossed, never held
  if (def.sole_occupant && !board.empty(h)) return false;
  if (board.sole(h)) return false;
  // DG 6.0 clarification: no unit ends its move overstacked. Under the 1977
  // rules (5.32) the limit is checked when the phase ends.
  if (ctx.rules->dg() && !def.free_stacking && board.stacked(def.side, h) + 1 > 2) return false;
  return true;
}

}  // namespace

// A step into a river hex: prohibited (5.24) unless the scenario's rules bridge
// or ford it; lakes and creeks still bar the hexside. Off the hot path: asked
// only when the hex entered is a river hex.
static int river_step_cost(const Context& ctx, const UnitDef& def, HexId from, Dir d, HexId to,
                           const GameState* st) {
  if (!ctx.scenario || !st) return kProhibited;
  const HexsideBits side = ctx.map->side(from, d);
  if (hexside_closed(side)) return kProhibited;
  if (ctx.map->terrain(from) == Terrain::Ferry) return kProhibited;
  if (def.road_only && !(side & (kRoad | kTrail))) return kProhibited;
  return ctx.scenario->river_entry_cost(ctx, *st, def, from, to);
}

int step_cost(const Context& ctx, const UnitDef& def, HexId from, Dir d, const GameState* st) {
  const Map& map = *ctx.map;
  const HexId to = map.neighbour(from, d);
  if (!map.on_map(to)) return kProhibited;
  const HexsideBits side = map.side(from, d);
  const Terrain t = map.terrain(to);
  if (t == Terrain::River) return river_step_cost(ctx, def, from, d, to, st);
  if (!hexside_passable(map, from, d)) return kProhibited;
  if (t == Terrain::Ferry && !(side & kFerryArrow)) return kProhibited;
  if (map.terrain(from) == Terrain::Ferry && !(side & kFerryArrow)) return kProhibited;
  if (def.road_only && !(side & (kRoad | kTrail))) return kProhibited;
  int cost = terrain_cost(t);
  if (cost == kProhibited) return kProhibited;
  if (side & kRoad) cost = 1;  // 5.22 / DG 7.5
  if (side & kTrail) cost = std::min(cost, trail_cost(*ctx.rules, t));
  if (!(side & kBridge)) {
    if (side & kFord) {
      cost += 1;  // 5.25
    } else if (side & kStream) {
      cost += ctx.rules->dg() ? 2 : 1;  // a stream is crossed as a ford; DG 7.3: two MPs
    }
  }
  return cost;
}

Error step_refusal(const Context& ctx, const UnitDef& def, HexId from, Dir d) {
  const Map& map = *ctx.map;
  const HexId to = map.neighbour(from, d);
  if (!map.on_map(to)) return refuse(ctx, RuleId::HexToHex, "that hex is off the map");
  const HexsideBits side = map.side(from, d);
  if (map.terrain(to) == Terrain::River)
    return refuse(ctx, RuleId::River, "units may never enter river hexes");
  if (side & kLake) return refuse(ctx, RuleId::LakeHexside, "lake hexsides may not be crossed");
  if ((side & kCreek) && !(side & (kBridge | kFord)))
    return refuse(ctx, RuleId::CreekCrossing, "creeks may be crossed only at bridges and fords");
  if (map.terrain(to) == Terrain::Ferry || map.terrain(from) == Terrain::Ferry)
    return refuse(ctx, RuleId::River,
                  "a river ferry hex is entered and left only through its arrow hexsides");
  if (def.road_only && !(side & (kRoad | kTrail)))
    return refuse(ctx, RuleId::RoadBound, def.id + " may move only along roads and trails");
  return refuse(ctx, RuleId::ProhibitedHexside, "that hexside cannot be crossed");
}

int distance_to_side(const Context& ctx, const Position& pos, HexId h, Side s) {
  int best = std::numeric_limits<int>::max();
  const HexCoord c = ctx.map->coord(h);
  for (int u = 0; u < pos.count; ++u) {
    if (!pos.units[u].on_map() || ctx.def(static_cast<UnitIndex>(u)).side != s) continue;
    best = std::min(best, distance(c, ctx.map->coord(pos.units[u].hex)));
  }
  return best;
}

int movement_allowance(const Context& ctx, UnitIndex u, const MoveOptions& opt) {
  const UnitDef& def = ctx.def(u);
  int ma = def.movement + opt.bonus_mp - opt.entry_cost;
  if (opt.strategic) ma += def.type == UnitType::Cavalry ? 4 : 3;  // DG 11.1
  return ma;
}

Status can_start_move(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                      const MoveOptions& opt) {
  const RulesConfig& r = *ctx.rules;
  const UnitDef& def = ctx.def(u);
  const UnitState& st = pos.units[u];
  if (!st.on_map()) return refuse(ctx, RuleId::MoveInOwnPhase, def.id + " is not on the map");
  if (st.has(kMoved))
    return refuse(ctx, RuleId::MoveOnce, def.id + " has already moved this Movement Phase");
  if (board.enemy_zoc(def.side, st.hex))
    return refuse(ctx, RuleId::LeaveEnemyZoc, "a unit may not leave an enemy-controlled hex");
  if (opt.night && r.dg() && adjacent_to_enemy(ctx, board, def.side, st.hex))
    return refuse(ctx, RuleId::NightNoMoveAdjacent,
                  "at night units adjacent to enemy units may not move");
  if (opt.strategic) {
    if (!r.dg() || !r.strategic_movement)
      return refuse(ctx, RuleId::StrategicNotInUse,
                    "strategic movement is not in use in this game");
    if (!strategic_eligible(ctx, pos, u))
      return refuse(ctx, RuleId::StrategicDistance,
                    "strategic movement needs the unit to begin at least four hexes from the "
                    "nearest enemy unit");
  }
  return ok_status();
}

void Reach::clear() {
  for (HexId h : touched_) {
    cost_[h] = kProhibited;
    parent_[h] = kNoHex;
    endable_[h] = 0;
  }
  touched_.clear();
  hexes_.clear();
  start_ = kNoHex;
}

bool Reach::contains(HexId h) const {
  return h < endable_.size() && endable_[h] != 0;
}

Path Reach::path_to(HexId h) const {
  Path rev;
  if (h >= parent_.size() || start_ == kNoHex) return rev;
  for (HexId x = h; x != start_ && x != kNoHex; x = parent_[x]) {
    if (rev.full()) break;
    rev.push_back(x);
  }
  Path out;
  for (size_t i = rev.size(); i-- > 0;) out.push_back(rev[i]);
  return out;
}

// One unit's reach being computed: the steps of compute_reach, sharing its
// inputs.
struct ReachSearch {
  const Context& ctx;
  const Position& pos;
  const Board& board;
  UnitIndex u;
  const MoveOptions& opt;
  Reach& out;
  const UnitDef& def;
  HexId start;
  Side enemy;
  int ma = 0;

  ReachSearch(const Context& c, const Position& p, const Board& b, UnitIndex unit,
              const MoveOptions& o, Reach& r)
      : ctx(c),
        pos(p),
        board(b),
        u(unit),
        opt(o),
        out(r),
        def(c.def(unit)),
        start(p.units[unit].hex),
        enemy(other(def.side)) {}

  // Sizes the tables for the map and forgets the last search.
  void reset() {
    const size_t space = static_cast<size_t>(ctx.map->id_space());
    if (out.cost_.size() != space) {
      out.cost_.assign(space, kProhibited);
      out.parent_.assign(space, kNoHex);
      out.endable_.assign(space, 0);
      out.touched_.clear();
    }
    out.clear();
    out.start_ = start;
  }

  bool enterable(HexId n) const {
    if (board.occupied_by(enemy, n)) return false;             // 5.12
    if (board.no_passage(n)) return false;                     // NoPassThrough
    if (def.no_pass_through && !board.empty(n)) return false;  // NoPassThrough
    if (zoc_entry_forbidden(ctx, pos, board, u, n, opt)) return false;
    if (ctx.scenario && opt.state && ctx.scenario->forbids(ctx, *opt.state, u, n)) return false;
    return !opt.strategic || distance_to_side(ctx, pos, n, enemy) >= 4;
  }

  // The cheapest cost to every hex within the allowance, by MP buckets.
  void search() {
    ma = movement_allowance(ctx, u, opt);
    if (static_cast<int>(out.buckets_.size()) < ma + 1) out.buckets_.resize(ma + 1);
    for (auto& b : out.buckets_) b.clear();
    out.cost_[start] = 0;
    out.touched_.push_back(start);
    out.buckets_[0].push_back(start);
    for (int c = 0; c <= ma; ++c) {
      for (size_t i = 0; i < out.buckets_[c].size(); ++i) {
        const HexId x = out.buckets_[c][i];
        if (out.cost_[x] != c) continue;                           // stale entry
        if (x != start && board.enemy_zoc(def.side, x)) continue;  // 6.0: movement ends here
        if (c >= ma) continue;  // every step costs at least one MP
        for (int d = 0; d < kDirs; ++d) step(x, c, static_cast<Dir>(d));
      }
    }
  }

  // From x (reached for c MP) one hex in direction dir.
  void step(HexId x, int c, Dir dir) {
    const Map& map = *ctx.map;
    // Cheap pruning first: a step costs at least one MP, so a neighbour
    // already reached for c + 1 or less cannot improve.
    const HexId nb = map.neighbour(x, dir);
    if (out.cost_[nb] != kProhibited && out.cost_[nb] <= c + 1) return;
    const int cost = step_cost(ctx, def, x, dir, opt.state);
    if (cost == kProhibited) return;
    const int nc = c + cost;
    if (nc > ma) return;
    const HexId n = map.neighbour(x, dir);
    if (out.cost_[n] != kProhibited && out.cost_[n] <= nc) return;
    if (!enterable(n)) return;
    // BonusMpNotIntoZoc: the extra allowance may not carry a unit into an
    // enemy ZOC.
    if (opt.bonus_not_into_zoc && nc > ma - opt.bonus_mp && board.enemy_zoc(def.side, n)) return;
    if (out.cost_[n] == kProhibited) out.touched_.push_back(n);
    out.cost_[n] = static_cast<int16_t>(nc);
    out.parent_[n] = x;
    out.buckets_[nc].push_back(n);
  }

  // DG 7.4: a unit not in an enemy ZOC may always move one hex.
  void add_one_hex_move() {
    if (!ctx.rules->dg() || opt.strategic) return;
    const Map& map = *ctx.map;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      if (step_cost(ctx, def, start, dir, opt.state) == kProhibited) continue;
      const HexId n = map.neighbour(start, dir);
      if (out.cost_[n] != kProhibited) continue;
      if (!enterable(n) || !can_end_in(ctx, board, def, n)) continue;
      out.touched_.push_back(n);
      out.cost_[n] = static_cast<int16_t>(std::max(ma, 0));
      out.parent_[n] = start;
    }
  }

  // The hexes reached where the unit may end its move, in HexId order.
  void list_endings() {
    for (HexId h : out.touched_) {
      if (h == start || out.cost_[h] == kProhibited) continue;
      if (!can_end_in(ctx, board, def, h)) continue;
      out.endable_[h] = 1;
      out.hexes_.push_back(h);
    }
    std::sort(out.hexes_.begin(), out.hexes_.end());
  }
};

void compute_reach(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                   const MoveOptions& opt, Reach& out) {
  ReachSearch s(ctx, pos, board, u, opt, out);
  s.reset();
  if (!can_start_move(ctx, pos, board, u, opt).ok()) return;
  s.search();
  s.add_one_hex_move();
  s.list_endings();
}

Result<int> validate_path(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                          const Path& path, const MoveOptions& opt) {
  const Map& map = *ctx.map;
  const RulesConfig& r = *ctx.rules;
  const UnitDef& def = ctx.def(u);
  if (auto s = can_start_move(ctx, pos, board, u, opt); !s) return s.error();
  if (path.empty()) return refuse(ctx, RuleId::HexToHex, "a move names at least one hex");
  const int ma = movement_allowance(ctx, u, opt);
  const Side enemy = other(def.side);
  HexId at = pos.units[u].hex;
  int spent = 0;
  for (size_t i = 0; i < path.size(); ++i) {
    const HexId next = path[i];
    const auto dir = map.direction(at, next);
    if (!dir) return refuse(ctx, RuleId::HexToHex, "movement must be from hex to adjacent hex");
    const int step = step_cost(ctx, def, at, *dir, opt.state);
    if (step == kProhibited) return step_refusal(ctx, def, at, *dir);
    if (board.occupied_by(enemy, next))
      return refuse(ctx, RuleId::NoEnterEnemyHex,
                    "a unit may never enter a hex containing an enemy unit");
    if (ctx.scenario && opt.state && ctx.scenario->forbids(ctx, *opt.state, u, next))
      return ctx.scenario->forbid_reason(ctx, *opt.state, u, next);
    if (board.no_passage(next))
      return refuse(ctx, RuleId::NoPassThrough,
                    "no unit may move through " + closing_unit_name(ctx, pos, next) + "'s hex");
    if (def.no_pass_through && !board.empty(next))
      return refuse(ctx, RuleId::NoPassThrough,
                    def.id + " may not move through a hex other units occupy");
    if (board.enemy_zoc(def.side, next)) {
      if (opt.night)
        return refuse(ctx, RuleId::NightNoEnterZoc,
                      "units may not enter enemy-controlled hexes at night");
      if (r.ae() && pos.units[u].has(kIneffective))
        return refuse(ctx, RuleId::IneffectiveNoEnterZoc,
                      "ineffective units may not enter enemy-controlled hexes");
      if (i + 1 < path.size())
        return refuse(ctx, RuleId::StopInEnemyZoc,
                      "units must stop on entering an enemy-controlled hex");
    }
    if (opt.strategic && distance_to_side(ctx, pos, next, enemy) < 4)
      return refuse(ctx, RuleId::StrategicDistance,
                    "a unit using strategic movement may not come within four hexes of an enemy");
    spent += step;
    at = next;
  }
  if (opt.bonus_not_into_zoc && opt.bonus_mp > 0 && board.enemy_zoc(def.side, at) &&
      spent > ma - opt.bonus_mp)
    return refuse(ctx, RuleId::BonusMpNotIntoZoc,
                  "the bonus Movement Points may not be used to enter an enemy Zone of "
                  "Control (" +
                      std::to_string(ma - opt.bonus_mp) + " Movement Points without them)");
  if (spent > ma) {
    const bool min_move = r.dg() && !opt.strategic && path.size() == 1;  // DG 7.4
    if (!min_move)
      return refuse(ctx, RuleId::MovementAllowance,
                    "the move costs " + std::to_string(spent) + " Movement Points; the unit has " +
                        std::to_string(ma));
    spent = std::max(ma, 0);
  }
  if (map.terrain(at) == Terrain::Ferry)
    return refuse(ctx, RuleId::River, "units may never end their movement in a river ferry hex");
  if (map.terrain(at) == Terrain::River)
    return refuse(ctx, RuleId::River,
                  "units may cross a bridged or forded river hex but never end their move in one");
  if (def.sole_occupant && !board.empty(at))
    return refuse(ctx, RuleId::SoleOccupant, def.id + " may not stack with any other unit");
  if (board.sole(at) && !def.sole_occupant)
    return refuse(ctx, RuleId::SoleOccupant,
                  "no unit may stack with " + closing_unit_name(ctx, pos, at));
  if (r.dg() && !def.free_stacking && board.stacked(def.side, at) + 1 > 2)
    return refuse(ctx, RuleId::StackingLimit, "at most two units may end their move in a hex");
  return spent;
}

}  // namespace bg::core
