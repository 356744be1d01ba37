#include "ai/evaluation.h"

#include <algorithm>
#include <cmath>

#include "core/combat.h"
#include "core/crt.h"
#include "core/hex.h"
#include "titles/registry.h"

namespace bg::ai {

using namespace bg::core;
using titles::RunState;
using titles::ZoneKind;

namespace {

// Late in the game (this many Game-Turns or fewer to go) units within a march
// (kNearMp) of an exit that pays count towards it (ExitScore::nearby).
constexpr int kLateTurns = 6;
constexpr int kNearMp = 12;
// The line guard counts the hexes the enemy would have to take up to this
// many: a line three contested hexes deep is taken as safe.
constexpr int kGuardDepth = 3;

int sgn(Side s, Side me) {
  return s == me ? 1 : -1;
}

}  // namespace

double loss_fraction(int column) {
  static const std::array<double, kColumns> table = [] {
    std::array<double, kColumns> t{};
    for (int c = 0; c < kColumns; ++c) {
      double v = 0;
      for (int die = 1; die <= 6; ++die) {
        const CombatResult r = crt(c, die);
        if (r == CombatResult::De || r == CombatResult::Ex) v += 1;
        if (r == CombatResult::Dr) v += 0.2;
      }
      t[static_cast<size_t>(c)] = v / 6;
    }
    return t;
  }();
  return table[static_cast<size_t>(std::clamp(column, 0, kColumns - 1))];
}

const Field& Evaluator::anchor_field() const {
  if (w_.anchor_line >= 0 && static_cast<size_t>(w_.anchor_line) < line_field_.size())
    return line_field_[static_cast<size_t>(w_.anchor_line)];
  return none_;
}

void Evaluator::prepare_map(const Game& view) {
  const Map& map = view.map();
  if (map_for_ == &map) return;
  map_for_ = &map;
  const size_t space = static_cast<size_t>(map.id_space());
  mult_.assign(space, 1);
  for (HexId h : map.hexes()) {
    const Terrain t = map.terrain(h);
    if (t == Terrain::Rough || t == Terrain::ForestRough) mult_[h] = 2;
    // A redoubt hexside whose barbed side is the neighbour: attackers from
    // there are tripled against (approximation: any such side counts).
    for (int d = 0; d < kDirs; ++d) {
      const HexsideBits s = map.side(h, static_cast<Dir>(d));
      if ((s & kRedoubt) && !(s & kRedoubtBarbed)) mult_[h] = 3;
    }
  }
  none_.d.assign(space, 0);
}

// The title's knowledge and the tables read from it, once per game: which
// unit runs for which hex and how far every hex is from there, the lines a
// posture anchors on, the exits that pay for units nearby, zone masks.
void Evaluator::prepare_title(const Game& view) {
  const void* key[3] = {&view.map(), &view.roster(), view.scenario()};
  if (title_ && std::equal(key, key + 3, title_for_)) return;
  std::copy(key, key + 3, title_for_);
  title_ = &titles::title_of(view);
  know_ = title_->ai_knowledge(view);
  title_weights_.reset();
  if (title_weights_on_ && !know_.weights.empty())
    if (auto w = parse_weights(know_.weights); w.ok()) title_weights_ = *w;
  const Map& map = view.map();
  const Context ctx = view.context();
  const size_t space = static_cast<size_t>(map.id_space());
  const size_t units = view.roster().size();
  run_of_.assign(units, -1);
  bonus_.assign(units, 0);
  run_dest_.assign(know_.runs.size(), Field{});
  for (size_t r = 0; r < know_.runs.size(); ++r) {
    const titles::RunGoal& g = know_.runs[r];
    if (g.unit >= units) continue;
    run_of_[g.unit] = static_cast<int8_t>(r);
    mp_distance(ctx, view.roster()[g.unit], {g.destination}, run_dest_[r]);
  }
  for (const titles::UnitValue& v : know_.unit_values)
    if (v.unit < units) bonus_[v.unit] += v.points;
  line_field_.assign(know_.lines.size(), Field{});
  for (size_t l = 0; l < know_.lines.size(); ++l)
    step_distance(map, know_.lines[l].hexes, line_field_[l], queue_);
  UnitDef inf;  // how far an ordinary infantry unit marches to an exit
  inf.type = UnitType::Infantry;
  exit_near_.assign(know_.exits.size(), Field{});
  lines_matter_ = false;
  for (size_t e = 0; e < know_.exits.size(); ++e) {
    lines_matter_ = lines_matter_ || know_.exits[e].needs_line;
    if (know_.exits[e].nearby > 0) mp_distance(ctx, inf, {know_.exits[e].hex}, exit_near_[e]);
  }
  zone_.assign(know_.zones.size(), std::vector<uint8_t>(space, 0));
  for (size_t z = 0; z < know_.zones.size(); ++z)
    for (HexId h : know_.zones[z].hexes)
      if (h < space) zone_[z][h] = 1;
  objective_hex_.assign(space, 0);
  for (const titles::HoldObjective& o : know_.objectives)
    if (o.hex < space) objective_hex_[o.hex] = 1;
  zone_on_.assign(know_.zones.size(), 0);
  zone_cost_.assign(know_.zones.size(), 0);
  zone_hit_.assign(know_.zones.size(), 0);
  run_done_.assign(know_.runs.size(), 0);
  run_failed_.assign(know_.runs.size(), 0);
  near_.assign(know_.exits.size(), 0);
}

void Evaluator::prepare(const Game& view, Side me, std::string_view posture) {
  prepare_stakes(view, me);
  const GameState& st = view.state();
  turns_ = view.rules().turns;
  posture_ = know_.posture(me, posture);
  if (!posture_) posture_ = know_.posture(me, "");
  w_ = weights_for(posture_, st.turn,
                   title_weights_ ? title_weights_->of(me) : base_[static_cast<size_t>(me)]);
  line_ = {true, true};
  if (lines_matter_)
    for (Side s : {Side::Union, Side::Confederate})
      line_[static_cast<size_t>(s)] = title_->supply_line(ctx_, st, s);
  // The game ends after the last Game-Turn's second Player-Turn: only the
  // second player's last Movement Phase has no enemy movement after it.
  last_move_ = st.turn >= turns_ && view.rules().first != me;
  guard_on_ = false;
  if (line_guard_ > 0 && lines_matter_ && !last_move_ && turns_ - st.turn <= kLateTurns)
    for (const titles::ExitScore& e : know_.exits)
      guard_on_ = guard_on_ || (e.needs_line && e.side == me);
  prepare_threat(view);
  if (module_play_) command_.prepare(view, me);
  exited_before_.assign(static_cast<size_t>(st.pos.count), 0);
  for (int u = 0; u < st.pos.count; ++u)
    exited_before_[static_cast<size_t>(u)] = st.pos.units[u].status == UnitStatus::Exited;
  may_enter_.assign(static_cast<size_t>(st.pos.count), 0);
  if (charge_waiting_ && st.phase == Phase::Movement && st.phasing == me)
    for (int u = 0; u < st.pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      if (ctx_.def(ui).side == me && st.pos.units[u].status == UnitStatus::OffMap &&
          !view.entry_options(ui).empty())
        may_enter_[ui] = 1;
    }
  const size_t space = static_cast<size_t>(view.map().id_space());
  stack_def_.assign(space, 0);
  stack_str_.assign(space, 0);
}

void Evaluator::prepare_stakes(const Game& view, Side me) {
  ctx_ = view.context();
  me_ = me;
  evaluations_ = 0;
  board_of_.count = -1;  // another game's or phase's board: built afresh
  const GameState& st = view.state();
  turn_ = st.turn;
  turns_ = view.rules().turns;
  prepare_map(view);
  prepare_title(view);
  for (size_t z = 0; z < know_.zones.size(); ++z) {
    zone_on_[z] = title_->zone_in_force(ctx_, st, z) ? 1 : 0;
    zone_cost_[z] = know_.zones[z].cost_on(st.turn, zone_timing_);
  }
  prepare_openers(st);
}

// The enemy hexes whose units alone cut my line, and what my strength by
// and near the line's exits would make of it reopened (set_line_reopen).
// The enemy does not move in my phase and my units never cut my own line,
// so both hold for the whole phase.
void Evaluator::prepare_openers(const GameState& st) {
  openers_.clear();
  opener_value_ = 0;
  if (line_reopen_ <= 0 || !lines_matter_ || turns_ - st.turn > kLateTurns) return;
  double stake = 0;
  for (size_t e = 0; e < know_.exits.size(); ++e) {
    const titles::ExitScore& x = know_.exits[e];
    if (!x.needs_line || x.side != me_ || !run_state(st, x.run, x.when)) continue;
    for (int u = 0; u < st.pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      const UnitState& us = st.pos.units[u];
      const UnitDef& def = ctx_.def(ui);
      if (def.side != me_ || run_of_[ui] >= 0) continue;
      if (us.status == UnitStatus::Exited && exit_scores(x, ui, us.hex))
        stake += x.per_unit + x.per_strength * def.strength;
      else if (us.on_map() && x.nearby > 0 && exit_near_[e].at(us.hex) <= kNearMp)
        stake += x.nearby * def.strength;
    }
  }
  if (stake <= 0 || title_->supply_line(ctx_, st, me_)) return;
  open_scratch_ = st;
  Position& pos = open_scratch_.pos;
  open_tried_.clear();
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    if (!us.on_map() || ctx_.def(static_cast<UnitIndex>(u)).side == me_) continue;
    const HexId h = us.hex;  // each enemy hex is tried once, from its first unit
    if (std::find(open_tried_.begin(), open_tried_.end(), h) != open_tried_.end()) continue;
    open_tried_.push_back(h);
    for (int v = u; v < pos.count; ++v)
      if (st.pos.units[v].on_map() && st.pos.units[v].hex == h)
        pos.units[v].status = UnitStatus::Eliminated;
    if (title_->supply_line(ctx_, open_scratch_, me_)) openers_.push_back(h);
    for (int v = u; v < pos.count; ++v) pos.units[v].status = st.pos.units[v].status;
  }
  if (!openers_.empty()) opener_value_ = line_reopen_ * stake;
}

bool Evaluator::run_state(const GameState& st, int r, RunState when) const {
  if (when == RunState::Any) return true;
  if (r < 0 || static_cast<size_t>(r) >= know_.runs.size()) return false;
  const titles::RunGoal& g = know_.runs[static_cast<size_t>(r)];
  const UnitState& us = st.pos.units[g.unit];
  if (when == RunState::Done) return us.status == UnitStatus::Exited && us.hex == g.destination;
  return us.status == UnitStatus::Eliminated ||
         (!us.has(kEverEntered) && !us.on_map() && st.turn > ctx_.def(g.unit).arrival_turn);
}

// Whether exit score e counts unit u leaving by h (who and where only).
bool Evaluator::exit_scores(const titles::ExitScore& e, UnitIndex u, HexId h) const {
  return e.hex == h && ctx_.def(u).side == e.side && (e.unit == kNoUnit || e.unit == u);
}

bool Evaluator::exit_counts_now(const titles::ExitScore& e, UnitIndex u) const {
  if (!line_exits_last_ || !e.needs_line || e.side != me_ || last_move_) return true;
  return u < exited_before_.size() && exited_before_[u];
}

bool Evaluator::closed_to(Side side, HexId h) const {
  for (size_t z = 0; z < know_.zones.size(); ++z) {
    const titles::AiZone& zone = know_.zones[z];
    if (zone.kind == ZoneKind::Closed && zone.side == side && zone_on_[z] && zone_[z][h])
      return true;
  }
  return false;
}

double Evaluator::trigger_cost(HexId h) const {
  double c = 0;
  for (size_t z = 0; z < know_.zones.size(); ++z) {
    const titles::AiZone& zone = know_.zones[z];
    if (zone.kind == ZoneKind::Trigger && zone.side == me_ && zone_on_[z] && zone_[z][h])
      c += w_.zone * zone_cost_[z];
  }
  return c;
}

// What holding h is worth to me from Game-Turn `turn` on.
double Evaluator::objective_value(HexId h, int turn) const {
  if (!objective_hex_[h]) return 0;
  double v = 0;
  for (const titles::HoldObjective& o : know_.objectives)
    if (o.hex == h && o.side == me_)
      v += w_.objective * o.per_turn * std::max(0, turns_ - std::max(turn, o.after_turn));
  return v;
}

void Evaluator::prepare_threat(const Game& view) {
  const Map& map = view.map();
  const Side enemy = other(me_);
  const GameState& st = view.state();
  const size_t space = static_cast<size_t>(map.id_space());
  threat_.assign(space, 0);
  if (stamp_.size() != space) stamp_.assign(space, 0);
  GameState ws = st;
  place_enemy_arrivals(view, ws);
  std::vector<HexId> sources;
  mark_enemy_reach(view, ws, sources);
  step_distance(map, sources, enemy_dist_, queue_);
  enemy_def_.assign(space, 0);
  enemy_str_.assign(space, 0);
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    const UnitDef& def = ctx_.def(static_cast<UnitIndex>(u));
    if (!us.on_map() || def.side != enemy) continue;
    enemy_def_[us.hex] += def.defense;
    enemy_str_[us.hex] += def.strength + bonus_[static_cast<size_t>(u)];
  }
  start_board_.build(ctx_, st.pos);
  // The hunters' target: the enemy's running units on the map.
  sources.clear();
  for (const titles::RunGoal& g : know_.runs)
    if (g.side == enemy && st.pos.units[g.unit].on_map())
      sources.push_back(st.pos.units[g.unit].hex);
  hunting_ = !sources.empty();
  if (hunting_) step_distance(map, sources, hunt_dist_, queue_);
}

void Evaluator::place_enemy_arrivals(const Game& view, GameState& ws) const {
  const Side enemy = other(me_);
  const GameState& st = view.state();
  // The enemy's next Movement Phase: later this Game-Turn if I move first.
  const int enemy_turn = me_ == view.rules().first ? st.turn : st.turn + 1;
  ws.phasing = enemy;
  ws.phase = Phase::Movement;
  Position& pos = ws.pos;
  int placed = 0;
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitDef& def = ctx_.def(ui);
    UnitState& us = pos.units[u];
    if (def.side == enemy) us.set(kMoved, false);
    if (def.side != enemy || us.status != UnitStatus::OffMap || def.arrival_turn == 0) continue;
    const int at = view.scenario() ? view.scenario()->arrival_turn(ctx_, st, ui) : def.arrival_turn;
    if (at > enemy_turn || placed >= 10) continue;
    const std::vector<HexId> entries =
        view.scenario() ? view.scenario()->entry_hexes(ctx_, st, ui) : def.entry_hexes;
    if (entries.empty()) continue;
    us.status = UnitStatus::OnMap;  // as if standing at its entry hex
    us.hex = entries.front();
    ++placed;
  }
}

void Evaluator::mark_enemy_reach(const Game& view, const GameState& ws,
                                 std::vector<HexId>& sources) {
  const Map& map = view.map();
  const Side enemy = other(me_);
  const Position& pos = ws.pos;
  Board b;
  b.build(ctx_, pos);
  MoveOptions opt;
  opt.state = &ws;
  if (guard_on_) contested_.assign(static_cast<size_t>(map.id_space()), 0);
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitDef& def = ctx_.def(ui);
    const UnitState& us = pos.units[u];
    if (def.side != enemy || !us.on_map()) continue;
    sources.push_back(us.hex);
    const bool attacks =
        def.can_attack && def.strength > 0 && !(view.rules().ae() && us.has(kIneffective));
    if (!attacks && !guard_on_) continue;
    compute_reach(ctx_, pos, b, ui, opt, reach_);
    if (guard_on_) {
      // Where any unit of the enemy's, an attacker or not, could stand.
      contested_[us.hex] = 1;
      for (HexId h : reach_.hexes()) contested_[h] = 1;
    }
    if (!attacks) continue;
    ++stamp_id_;
    auto mark_around = [&](HexId x) {
      for (int d = 0; d < kDirs; ++d) {
        const Dir dir = static_cast<Dir>(d);
        const HexId n = map.neighbour(x, dir);
        if (!map.on_map(n) || stamp_[n] == stamp_id_ || !hexside_passable(map, x, dir)) continue;
        stamp_[n] = stamp_id_;
        threat_[n] += def.strength;
      }
    };
    mark_around(us.hex);
    for (HexId h : reach_.hexes()) mark_around(h);
  }
}

bool Evaluator::trapped(const Board& board, HexId h, Side unit_side) const {
  const Map& map = *ctx_.map;
  const Side foe = other(unit_side);
  for (int d = 0; d < kDirs; ++d) {
    const Dir dir = static_cast<Dir>(d);
    const HexId n = map.neighbour(h, dir);
    if (!map.on_map(n) || !hexside_passable(map, h, dir)) continue;
    if (map.terrain(n) == Terrain::Ferry) continue;
    if (board.occupied_by(foe, n) || board.zoc(foe, n) != 0) continue;
    if (closed_to(unit_side, n)) continue;
    return false;
  }
  return true;
}

AttackStakes Evaluator::stakes(const GameState& st, const Board& board,
                               const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                               const StaticVector<HexId, kMaxCombatHexes>& defenders) const {
  AttackStakes s;
  const Position& pos = st.pos;
  const Side att_side = st.phasing;
  int win = 0, lose = 0, smallest = 1000;
  bool def_trapped = true;
  for (HexId h : defenders) {
    def_trapped = def_trapped && trapped(board, h, other(att_side));
    for (int u = 0; u < pos.count; ++u) {
      const UnitState& us = pos.units[u];
      if (!us.on_map() || us.hex != h) continue;
      const UnitDef& def = ctx_.def(static_cast<UnitIndex>(u));
      if (def.side == att_side) continue;
      win += def.strength + bonus_[static_cast<size_t>(u)];
    }
  }
  bool att_trapped = true;
  for (UnitIndex a : attackers) {
    if (is_bombarding(ctx_, board, pos, a)) continue;
    const int str = ctx_.def(a).strength;
    lose += str;
    smallest = std::min(smallest, str);
    att_trapped = att_trapped && trapped(board, pos.units[a].hex, att_side);
  }
  if (lose == 0) att_trapped = false;
  s.win = win;
  s.lose = lose;
  s.exchange = std::min<double>(lose, std::max(win, smallest == 1000 ? 0 : smallest));
  // A retreat costs the loser ground and, under Attack Effectiveness, order;
  // a trapped loser is eliminated (7.72).
  s.push = def_trapped ? win : 0.12 * win + 0.3;
  s.pushed = att_trapped ? lose : 0.12 * lose + 0.2;
  // Defenders that alone cut my line: gone or retreated, it holds again.
  if (att_side == me_ && opener_value_ > 0)
    for (HexId h : defenders)
      if (std::find(openers_.begin(), openers_.end(), h) != openers_.end()) {
        s.win += opener_value_;
        s.push += opener_value_;
        break;
      }
  return s;
}

double Evaluator::combat_estimate(const GameState& st, const Board& board,
                                  std::vector<CombatGuess>* plan) {
  if (!find_attack_hexes(st, board)) return 0;
  find_attack_edges(st, board);
  assign_weakest(st);
  join_unattacked();
  list_attack_units(st);
  // Each combat's value is kept: moving one attacking hex changes two
  // combats, so only those two are worked out again. The sum is still taken
  // in defending-hex order, so it is the same to the last bit as summing
  // every combat afresh.
  const int nd = static_cast<int>(def_hexes_.size());
  combat_ev_.assign(static_cast<size_t>(nd), 0.0);
  combat_on_.assign(static_cast<size_t>(nd), 0);
  for (int d = 0; d < nd; ++d) refresh_combat(st, board, d);
  const double best = improve_assignment(st, board, combat_sum());
  if (plan) {
    plan->clear();
    for (int d = 0; d < nd; ++d) {
      CombatGuess g;
      if (joined_[static_cast<size_t>(d)] < 0 && guess_combat(st, board, d, g)) plan->push_back(g);
    }
  }
  return best;
}

bool Evaluator::find_attack_hexes(const GameState& st, const Board& board) {
  const Position& pos = st.pos;
  att_hexes_.clear();
  def_hexes_.clear();
  edges_.clear();
  // Attacking hexes: my stacks in an enemy ZOC with a unit able to attack.
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitState& us = pos.units[u];
    if (!us.on_map() || ctx_.def(ui).side != me_ || !board.enemy_zoc(me_, us.hex)) continue;
    if (!can_attack_now(ctx_, st, ui)) continue;
    if (std::find(att_hexes_.begin(), att_hexes_.end(), us.hex) == att_hexes_.end())
      att_hexes_.push_back(us.hex);
  }
  return !att_hexes_.empty();
}

void Evaluator::find_attack_edges(const GameState& st, const Board& board) {
  const Map& map = *ctx_.map;
  const Side foe = other(me_);
  for (size_t i = 0; i < att_hexes_.size(); ++i) {
    const HexId a = att_hexes_[i];
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = map.neighbour(a, dir);
      if (!map.on_map(n) || !board.occupied_by(foe, n)) continue;
      if (!hexside_passable(map, a, dir) || !zoc_crosses(map, n, opposite(dir))) continue;
      if (!hex_attackable(ctx_, st, n, foe)) continue;
      auto it = std::find(def_hexes_.begin(), def_hexes_.end(), n);
      const int di = static_cast<int>(it - def_hexes_.begin());
      if (it == def_hexes_.end()) def_hexes_.push_back(n);
      edges_.emplace_back(static_cast<int>(i), di);
    }
  }
}

void Evaluator::assign_weakest(const GameState& st) {
  const Position& pos = st.pos;
  const Side foe = other(me_);
  const int na = static_cast<int>(att_hexes_.size());
  const int nd = static_cast<int>(def_hexes_.size());
  // Each attacking hex starts on its weakest neighbour (by defence).
  auto raw_def = [&](HexId h) {
    int s = 0;
    for (int u = 0; u < pos.count; ++u)
      if (pos.units[u].on_map() && pos.units[u].hex == h &&
          ctx_.def(static_cast<UnitIndex>(u)).side == foe)
        s += ctx_.def(static_cast<UnitIndex>(u)).defense;
    return s * mult_[h];
  };
  assign_.assign(static_cast<size_t>(na), -1);
  std::vector<int>& defval = defval_;
  defval.assign(static_cast<size_t>(nd), 0);
  for (int d = 0; d < nd; ++d)
    defval[static_cast<size_t>(d)] = raw_def(def_hexes_[static_cast<size_t>(d)]);
  for (const auto& [a, d] : edges_) {
    int& cur = assign_[static_cast<size_t>(a)];
    if (cur < 0 || defval[static_cast<size_t>(d)] < defval[static_cast<size_t>(cur)]) cur = d;
  }
}

void Evaluator::join_unattacked() {
  const int nd = static_cast<int>(def_hexes_.size());
  // Combats keyed by the defending hex; a hex nobody attacks joins the combat
  // of a neighbour (multi-hex combat, 7.3) so every obligation is met.
  std::vector<int>& joined = joined_;
  joined.assign(static_cast<size_t>(nd), -1);
  // Attacking hexes on each defending hex, kept up to date as hexes move.
  std::vector<int>& on = on_count_;
  on.assign(static_cast<size_t>(nd), 0);
  for (int x : assign_)
    if (x >= 0) ++on[static_cast<size_t>(x)];
  auto count_on = [&](int d) { return on[static_cast<size_t>(d)]; };
  for (int d = 0; d < nd; ++d) {
    if (count_on(d) > 0) continue;
    int best_a = -1;
    for (const auto& [a, dd] : edges_)
      if (dd == d && (best_a < 0 || count_on(assign_[static_cast<size_t>(a)]) >
                                        count_on(assign_[static_cast<size_t>(best_a)])))
        best_a = a;
    if (best_a < 0) continue;
    const int from = assign_[static_cast<size_t>(best_a)];
    if (count_on(from) > 1) {
      assign_[static_cast<size_t>(best_a)] = d;  // a soak-off (7.5) by one stack
      --on[static_cast<size_t>(from)];
      ++on[static_cast<size_t>(d)];
    } else {
      joined[static_cast<size_t>(d)] = from;
    }
  }
}

void Evaluator::list_attack_units(const GameState& st) {
  const Position& pos = st.pos;
  const int na = static_cast<int>(att_hexes_.size());
  // Each attacking hex's units able to attack, in unit order (the order the
  // combat's attackers are listed in); found once, not once per combat tried.
  att_units_.clear();
  att_first_.assign(static_cast<size_t>(na) + 1, 0);
  for (int a = 0; a < na; ++a) {
    const HexId ah = att_hexes_[static_cast<size_t>(a)];
    for (int u = 0; u < pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      if (pos.units[u].on_map() && pos.units[u].hex == ah && can_attack_now(ctx_, st, ui))
        att_units_.push_back(ui);
    }
    att_first_[static_cast<size_t>(a) + 1] = static_cast<int>(att_units_.size());
  }
}

bool Evaluator::guess_combat(const GameState& st, const Board& board, int d, CombatGuess& g) {
  const int na = static_cast<int>(att_hexes_.size());
  const int nd = static_cast<int>(def_hexes_.size());
  StaticVector<UnitIndex, kMaxCombatUnits> att;
  StaticVector<HexId, kMaxCombatHexes> defs;
  defs.push_back(def_hexes_[static_cast<size_t>(d)]);
  for (int j = 0; j < nd; ++j)
    if (joined_[static_cast<size_t>(j)] == d && !defs.full())
      defs.push_back(def_hexes_[static_cast<size_t>(j)]);
  int attack = 0;
  for (int a = 0; a < na; ++a) {
    if (assign_[static_cast<size_t>(a)] != d) continue;
    if (!g.attackers.full()) g.attackers.push_back(att_hexes_[static_cast<size_t>(a)]);
    const auto from = static_cast<size_t>(att_first_[static_cast<size_t>(a)]);
    const auto to = static_cast<size_t>(att_first_[static_cast<size_t>(a) + 1]);
    for (size_t k = from; k < to && !att.full(); ++k) {
      att.push_back(att_units_[k]);
      attack += ctx_.def(att_units_[k]).strength;
    }
  }
  if (att.empty()) return false;
  int defence = 0;
  for (HexId h : defs) {
    const HexDefence hd = hex_defence(ctx_, st, board, h, att);
    defence += hd.strength * hd.multiplier;
    g.defenders.push_back(h);
  }
  // The exclusive rules' change to the die (FR 9's commanders' ratings),
  // as the attack planner reads it: none in a title without one.
  int modifier = 0;
  if (reads_die_modifier_ && ctx_.scenario) {
    StaticVector<HexId, kMaxCombatUnits> from;
    for (HexId h : g.attackers) from.push_back(h);
    modifier = ctx_.scenario->die_modifier(ctx_, st, from, defs).value;
  }
  g.ev = best_column(odds_column(std::max(attack, 1), std::max(defence, 1)),
                     stakes(st, board, att, defs), modifier)
             .ev;
  return true;
}

void Evaluator::refresh_combat(const GameState& st, const Board& board, int d) {
  CombatGuess g;
  const bool fought = joined_[static_cast<size_t>(d)] < 0 && guess_combat(st, board, d, g);
  combat_on_[static_cast<size_t>(d)] = fought;
  combat_ev_[static_cast<size_t>(d)] = fought ? g.ev : 0.0;
}

double Evaluator::combat_sum() const {
  const int nd = static_cast<int>(def_hexes_.size());
  double s = 0;
  for (int d = 0; d < nd; ++d)
    if (combat_on_[static_cast<size_t>(d)]) s += combat_ev_[static_cast<size_t>(d)];
  return s;
}

double Evaluator::improve_assignment(const GameState& st, const Board& board, double best) {
  std::vector<int>& on = on_count_;
  // One pass of local improvement: move an attacking hex to another neighbour
  // if its old combat keeps an attacker and the sum improves.
  for (const auto& [a, d] : edges_) {
    const int cur = assign_[static_cast<size_t>(a)];
    if (cur == d || on[static_cast<size_t>(cur)] < 2 || joined_[static_cast<size_t>(d)] >= 0)
      continue;
    const auto c = static_cast<size_t>(cur), n = static_cast<size_t>(d);
    const double ev_c = combat_ev_[c], ev_n = combat_ev_[n];
    const uint8_t on_c = combat_on_[c], on_n = combat_on_[n];
    assign_[static_cast<size_t>(a)] = d;
    refresh_combat(st, board, cur);
    refresh_combat(st, board, d);
    const double v = combat_sum();
    if (v > best + 1e-9) {
      best = v;
      --on[c];
      ++on[n];
    } else {
      assign_[static_cast<size_t>(a)] = cur;
      combat_ev_[c] = ev_c;
      combat_ev_[n] = ev_n;
      combat_on_[c] = on_c;
      combat_on_[n] = on_n;
    }
  }
  return best;
}

double Evaluator::unit_score(UnitIndex u, HexId h) const {
  const UnitDef& def = ctx_.def(u);
  const Map& map = *ctx_.map;
  if (const int r = run_of_[u]; r >= 0) return -w_.run * run_dest_[static_cast<size_t>(r)].at(h);
  double s = 0;
  if (const int thr = threat_[h]; thr > 0)
    s -= w_.risk * def.strength *
         loss_fraction(odds_column(thr, std::max(1, def.defense) * mult_[h]));
  if (w_.anchor > 0) s -= w_.anchor * std::min<int>(anchor_field().at(h), 8);
  if (w_.approach > 0 && def.type != UnitType::Artillery)
    s -= w_.approach * def.strength * std::min<int>(enemy_dist_.at(h), 10);
  s -= trigger_cost(h);
  s += objective_value(h, turn_);
  s += command_.unit_value(u, h);  // kept in command (FR 7, FR 8)
  if (hunting_ && def.type != UnitType::Artillery)
    s -= 0.3 * w_.run * std::min<int>(hunt_dist_.at(h), 12);
  // The best attack this unit alone could make from h (others may join).
  double contact = -1e9;
  for (int d = 0; d < kDirs; ++d) {
    const Dir dir = static_cast<Dir>(d);
    const HexId n = map.neighbour(h, dir);
    if (!map.on_map(n) || enemy_str_[n] == 0 || !hexside_passable(map, h, dir)) continue;
    AttackStakes st;
    st.win = enemy_str_[n];
    st.lose = def.strength;
    st.exchange = std::min<double>(def.strength, enemy_str_[n]);
    st.push = 0.12 * st.win + 0.3;
    st.pushed = 0.12 * st.lose + 0.2;
    const int col =
        odds_column(std::max(1, def.strength + 2), std::max(1, enemy_def_[n] * mult_[n]));
    contact = std::max(contact, best_column(col, st).ev);
  }
  if (contact > -1e8) s += 0.6 * w_.combat * contact;
  return s;
}

double Evaluator::exit_value(const GameState& st, UnitIndex u, HexId h) const {
  const UnitDef& def = ctx_.def(u);
  const double left = std::max(0, turns_ - st.turn + 1) / static_cast<double>(std::max(turns_, 1));
  // What the unit would still do on the map: its presence and, roughly, the
  // fights it would make or deter.
  const double keep = def.strength * (w_.presence * left + 1.2 * left);
  if (const int r = run_of_[u]; r >= 0 && know_.runs[static_cast<size_t>(r)].destination == h)
    return know_.runs[static_cast<size_t>(r)].reach_value - keep;
  // The title's exit schedule as it stands (lines of communication as at the
  // start of the phase).
  double gain = 0;
  for (const titles::ExitScore& e : know_.exits)
    if (exit_scores(e, u, h) && run_state(st, e.run, e.when) && exit_counts_now(e, u) &&
        (!e.needs_line || line_[static_cast<size_t>(e.side)]))
      gain += e.per_unit + e.per_strength * def.strength;
  return gain - keep;
}

bool Evaluator::exit_holds(const titles::ExitScore& e) const {
  if (e.when == RunState::Any) return true;
  if (e.run < 0 || static_cast<size_t>(e.run) >= know_.runs.size()) return false;
  const auto r = static_cast<size_t>(e.run);
  return (e.when == RunState::Done ? run_done_[r] : run_failed_[r]) != 0;
}

bool Evaluator::ExitLines::pays(const Evaluator& ev, const titles::ExitScore& e) const {
  return ev.exit_holds(e) &&
         (!e.needs_line || line[static_cast<size_t>(e.side)] || (reopens && e.side == ev.me_));
}

double Evaluator::ExitLines::share(const Evaluator& ev, const titles::ExitScore& e) const {
  return e.needs_line && e.side == ev.me_ ? my_share : 1.0;
}

Evaluator::ExitLines Evaluator::exit_lines(const GameState& st) const {
  ExitLines x;
  // Where a line of communication decides what an exit pays, it is judged on
  // this position: a unit standing on the road is what cuts a line.
  x.line = line_;
  if (lines_matter_) {
    std::array<bool, 2> recheck{};
    for (const titles::ExitScore& e : know_.exits)
      if (e.needs_line && exit_holds(e)) recheck[static_cast<size_t>(e.side)] = true;
    for (Side s : {Side::Union, Side::Confederate})
      if (recheck[static_cast<size_t>(s)])
        x.line[static_cast<size_t>(s)] = title_->supply_line(ctx_, st, s);
  }
  // A cut line of mine that one attack could reopen pays a share (set_line_reopen).
  x.reopens = opener_value_ > 0 && !x.line[static_cast<size_t>(me_)];
  // The share of a line's exits I can count on (set_line_guard): less while
  // the enemy's next move could still cut my line.
  if (x.reopens) x.my_share = line_reopen_ / 2;
  if (guard_on_ && x.line[static_cast<size_t>(me_)]) {
    bool at_stake = false;
    for (const titles::ExitScore& e : know_.exits)
      at_stake = at_stake || (e.needs_line && e.side == me_ && exit_holds(e));
    if (at_stake) {
      const int depth = title_->supply_line_margin(ctx_, st, me_, contested_, kGuardDepth);
      x.my_share = 1 - line_guard_ * std::max(0, kGuardDepth - depth) / (kGuardDepth - 1.0);
    }
  }
  return x;
}

double Evaluator::evaluate(const GameState& st, Terms* terms) {
  ++evaluations_;
  Terms t;
  board_.follow(ctx_, board_of_, st.pos);
  const Side foe = other(me_);
  t.vp = st.vp[static_cast<size_t>(me_)] - st.vp[static_cast<size_t>(foe)];
  for (size_t r = 0; r < know_.runs.size(); ++r) {
    run_done_[r] = run_state(st, static_cast<int>(r), RunState::Done);
    run_failed_[r] = run_state(st, static_cast<int>(r), RunState::Failed);
  }
  const ExitLines lines = exit_lines(st);
  my_hexes_.clear();
  std::fill(zone_hit_.begin(), zone_hit_.end(), 0);
  std::fill(near_.begin(), near_.end(), 0.0);
  const int hunt = score_units(st, lines, t);
  score_stacks(t);
  if (hunt < kFar) t.run -= w_.run * std::min(hunt, 12);
  t.cohesion += command_.value(st);  // units kept in command (FR 7, FR 8)
  // Strength that could still leave by an exit that pays for it: worth
  // something only while the exit pays (its line holds).
  for (size_t e = 0; e < know_.exits.size(); ++e)
    if (near_[e] > 0 && lines.pays(*this, know_.exits[e]))
      t.exits += sgn(know_.exits[e].side, me_) * know_.exits[e].nearby * near_[e] *
                 lines.share(*this, know_.exits[e]);
  for (size_t z = 0; z < know_.zones.size(); ++z)
    if (zone_hit_[z]) t.zones -= w_.zone * zone_cost_[z];
  if (st.phasing == me_ && st.phase == Phase::Movement && w_.combat > 0)
    t.combat = w_.combat * combat_estimate(st, board_);
  if (terms) *terms = t;
  return t.total();
}

int Evaluator::score_units(const GameState& st, const ExitLines& lines, Terms& t) {
  const Position& pos = st.pos;
  const double left = std::max(0, turns_ - st.turn + 1) / static_cast<double>(std::max(turns_, 1));
  const bool late = turns_ - st.turn <= kLateTurns;
  int hunt = kFar;
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitState& us = pos.units[u];
    const UnitDef& def = ctx_.def(ui);
    const int s = sgn(def.side, me_);
    if (us.status == UnitStatus::Exited) {
      // The title's end-of-game exit schedule, as it would stand.
      for (const titles::ExitScore& e : know_.exits)
        if (exit_scores(e, ui, us.hex) && lines.pays(*this, e) && exit_counts_now(e, ui))
          t.exits += s * (e.per_unit + e.per_strength * def.strength) * lines.share(*this, e);
      continue;
    }
    const int r = run_of_[ui];
    if (r >= 0 && us.status == UnitStatus::OffMap && st.turn >= def.arrival_turn) {
      t.run -= s * know_.runs[static_cast<size_t>(r)].missing_penalty;
      continue;
    }
    if (us.status == UnitStatus::OffMap && u < static_cast<int>(may_enter_.size()) &&
        may_enter_[ui]) {
      if (def.type != UnitType::Artillery) t.approach -= w_.approach * def.strength * 10;
      t.anchor -= w_.anchor * 8;
      continue;
    }
    if (!us.on_map()) continue;
    const HexId h = us.hex;
    if (r >= 0) {
      // Its side wants it at its destination (and off the map there); the enemy wants it caught.
      t.run -= s * w_.run * std::min<int>(run_dest_[static_cast<size_t>(r)].at(h), 60) * 0.5;
      continue;
    }
    t.presence += s * w_.presence * def.strength * left;
    if (late)
      for (size_t e = 0; e < know_.exits.size(); ++e) {
        const titles::ExitScore& x = know_.exits[e];
        if (x.nearby > 0 && def.side == x.side && exit_holds(x) && exit_near_[e].at(h) <= kNearMp)
          near_[e] += def.strength;
      }
    if (def.side == me_) score_mine(st, ui, h, t, hunt);
  }
  return hunt;
}

void Evaluator::score_mine(const GameState& st, UnitIndex ui, HexId h, Terms& t, int& hunt) {
  const UnitDef& def = ctx_.def(ui);
  if (stack_def_[h] == 0 && stack_str_[h] == 0) my_hexes_.push_back(h);
  stack_def_[h] += std::max(def.defense, 1);
  stack_str_[h] += def.strength;
  if (w_.anchor > 0) t.anchor -= w_.anchor * std::min<int>(anchor_field().at(h), 8);
  if (w_.approach > 0 && def.type != UnitType::Artillery)
    t.approach -= w_.approach * def.strength * std::min<int>(enemy_dist_.at(h), 10);
  if (hunting_ && def.type != UnitType::Artillery) hunt = std::min<int>(hunt, hunt_dist_.at(h));
  for (size_t z = 0; z < know_.zones.size(); ++z)
    if (zone_on_[z] && zone_[z][h] && know_.zones[z].kind == ZoneKind::Trigger &&
        know_.zones[z].side == me_)
      zone_hit_[z] = 1;
  t.objectives += objective_value(h, st.turn);
}

void Evaluator::score_stacks(Terms& t) {
  const Map& map = *ctx_.map;
  for (HexId h : my_hexes_) {
    bool neighbour = false;
    for (int d = 0; d < kDirs && !neighbour; ++d) {
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      neighbour = map.on_map(n) && board_.occupied_by(me_, n);
    }
    if (neighbour) t.cohesion += w_.cohesion * stack_str_[h];
    const int threat = threat_[h];
    if (threat > 0) {
      const int col = odds_column(threat, std::max(1, stack_def_[h] * mult_[h]));
      t.risk -= w_.risk * stack_str_[h] * loss_fraction(col);
    }
    stack_def_[h] = 0;
    stack_str_[h] = 0;
  }
}

}  // namespace bg::ai
