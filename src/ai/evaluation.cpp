#include "ai/evaluation.h"

#include <algorithm>
#include <cmath>

#include "core/combat.h"
#include "core/crt.h"
#include "core/hex.h"
#include "titles/road_to_richmond/road_to_richmond.h"

namespace bg::ai {

using namespace bg::core;
using titles::rtr::RoadToRichmond;

namespace {

HexId named(const Map& map, const char* xxyy) {
  const auto c = parse_hex(xxyy);
  if (!c) return kNoHex;
  return map.find(*c).value_or(kNoHex);
}

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
  switch (w_.anchor_line) {
    case Anchor::SetupLine:
      return setup_line_;
    case Anchor::SouthBank:
      return south_bank_;
    case Anchor::None:
      break;
  }
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
  h1528_ = named(map, "1528");
  h0117_ = named(map, "0117");
  h1823_ = named(map, "1823");
  h1826_ = named(map, "1826");
  none_.d.assign(space, 0);
  UnitDef inf;
  inf.type = UnitType::Infantry;
  const Context ctx = view.context();
  if (h1528_ != kNoHex)
    mp_distance(ctx, inf, {h1528_}, inf_1528_);
  else
    inf_1528_.d.assign(space, 0);
  if (h0117_ != kNoHex)
    mp_distance(ctx, inf, {h0117_}, inf_0117_);
  else
    inf_0117_.d.assign(space, kFar);
  if (rtr_ && rtr_->train() != kNoUnit) {
    mp_distance(ctx, view.roster()[rtr_->train()], {h1528_}, train_1528_);
  } else {
    train_1528_.d.assign(space, 0);
  }
  // Anchors of the Union postures: the set-up line (the bluffs north of the
  // river and the works before Richmond) and the south bank of the
  // Chickahominy (hexes of the activation area across a creek from the rest)
  // with the works before Richmond, which every posture must keep.
  std::vector<HexId> setup, bank;
  for (const char* h : {"1404", "1107", "1108", "1007", "1009", "0908", "0409", "0410", "0511",
                        "1726", "0808", "0809", "1208"})
    if (HexId x = named(map, h); x != kNoHex) setup.push_back(x);
  for (const char* h :
       {"0410", "0411", "0412", "0413", "0414", "0415", "0416", "0417", "0418", "0419", "0511"})
    if (HexId x = named(map, h); x != kNoHex) bank.push_back(x);
  if (rtr_) {
    for (HexId h : map.hexes()) {
      if (!rtr_->in_activation_area(h) || rtr_->in_ccz(h)) continue;
      for (int d = 0; d < kDirs; ++d) {
        const HexId n = map.neighbour(h, static_cast<Dir>(d));
        if (map.on_map(n) && !rtr_->in_activation_area(n) &&
            (map.side(h, static_cast<Dir>(d)) & kCreek)) {
          bank.push_back(h);
          break;
        }
      }
    }
  }
  step_distance(map, setup, setup_line_, queue_);
  step_distance(map, bank, south_bank_, queue_);
}

void Evaluator::prepare(const Game& view, Side me, const Weights& w) {
  ctx_ = view.context();
  me_ = me;
  w_ = w;
  evaluations_ = 0;
  rtr_ = dynamic_cast<const RoadToRichmond*>(view.scenario());
  const GameState& st = view.state();
  turn_ = st.turn;
  turns_ = view.rules().turns;
  prepare_map(view);
  activated_ = rtr_ && titles::rtr::RoadToRichmond::state_of(st).activation != 0;
  additional_vp_ = rtr_ && rtr_->options().effective().additional_vp;
  loc_union_ = rtr_ && rtr_->line_of_communication(ctx_, st, Side::Union);
  loc_conf_ = rtr_ && rtr_->line_of_communication(ctx_, st, Side::Confederate);
  train_hex_ = kNoHex;
  if (rtr_ && rtr_->train() != kNoUnit && st.pos.units[rtr_->train()].on_map())
    train_hex_ = st.pos.units[rtr_->train()].hex;
  prepare_threat(view);
  const size_t space = static_cast<size_t>(view.map().id_space());
  stack_def_.assign(space, 0);
  stack_str_.assign(space, 0);
}

void Evaluator::prepare_threat(const Game& view) {
  const Map& map = view.map();
  const Side enemy = other(me_);
  const GameState& st = view.state();
  const size_t space = static_cast<size_t>(map.id_space());
  threat_.assign(space, 0);
  if (stamp_.size() != space) stamp_.assign(space, 0);
  // The enemy's next Movement Phase: later this Game-Turn if I move first.
  const int enemy_turn = me_ == view.rules().first ? st.turn : st.turn + 1;
  GameState ws = st;
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
  Board b;
  b.build(ctx_, pos);
  MoveOptions opt;
  opt.state = &ws;
  std::vector<HexId> sources;
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitDef& def = ctx_.def(ui);
    const UnitState& us = pos.units[u];
    if (def.side != enemy || !us.on_map()) continue;
    sources.push_back(us.hex);
    if (!def.can_attack || def.strength <= 0) continue;
    if (view.rules().ae() && us.has(kIneffective)) continue;
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
    compute_reach(ctx_, pos, b, ui, opt, reach_);
    for (HexId h : reach_.hexes()) mark_around(h);
  }
  step_distance(map, sources, enemy_dist_, queue_);
  enemy_def_.assign(space, 0);
  enemy_str_.assign(space, 0);
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[u];
    const UnitDef& def = ctx_.def(static_cast<UnitIndex>(u));
    if (!us.on_map() || def.side != enemy) continue;
    enemy_def_[us.hex] += def.defense;
    enemy_str_[us.hex] +=
        def.strength + (rtr_ && static_cast<UnitIndex>(u) == rtr_->train() ? 10 : 0);
  }
  start_board_.build(ctx_, st.pos);
  if (train_hex_ != kNoHex) step_distance(map, {train_hex_}, train_dist_, queue_);
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
    if (rtr_ && unit_side == Side::Union && rtr_->in_ccz(n)) continue;  // approximation: CCZ closed
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
      win += def.strength;
      if (rtr_ && static_cast<UnitIndex>(u) == rtr_->train()) win += 10;
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
  return s;
}

double Evaluator::combat_estimate(const GameState& st, const Board& board,
                                  std::vector<CombatGuess>* plan) {
  const Map& map = *ctx_.map;
  const Position& pos = st.pos;
  const Side foe = other(me_);
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
  if (att_hexes_.empty()) return 0;
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
  // Combats keyed by the defending hex; a hex nobody attacks joins the combat
  // of a neighbour (multi-hex combat, 7.3) so every obligation is met.
  std::vector<int>& joined = joined_;
  joined.assign(static_cast<size_t>(nd), -1);
  auto count_on = [&](int d) {
    int n = 0;
    for (int x : assign_) n += x == d;
    return n;
  };
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
    } else {
      joined[static_cast<size_t>(d)] = from;
    }
  }
  auto total = [&](std::vector<CombatGuess>* out) {
    double sum = 0;
    for (int d = 0; d < nd; ++d) {
      if (joined[static_cast<size_t>(d)] >= 0) continue;
      StaticVector<UnitIndex, kMaxCombatUnits> att;
      StaticVector<HexId, kMaxCombatHexes> defs;
      CombatGuess g;
      defs.push_back(def_hexes_[static_cast<size_t>(d)]);
      for (int j = 0; j < nd; ++j)
        if (joined[static_cast<size_t>(j)] == d && !defs.full())
          defs.push_back(def_hexes_[static_cast<size_t>(j)]);
      int attack = 0;
      for (int a = 0; a < na; ++a) {
        if (assign_[static_cast<size_t>(a)] != d) continue;
        const HexId ah = att_hexes_[static_cast<size_t>(a)];
        if (!g.attackers.full()) g.attackers.push_back(ah);
        for (int u = 0; u < pos.count; ++u) {
          const UnitIndex ui = static_cast<UnitIndex>(u);
          if (pos.units[u].on_map() && pos.units[u].hex == ah && can_attack_now(ctx_, st, ui) &&
              !att.full()) {
            att.push_back(ui);
            attack += ctx_.def(ui).strength;
          }
        }
      }
      if (att.empty()) continue;
      int defence = 0;
      for (HexId h : defs) {
        const HexDefence hd = hex_defence(ctx_, st, board, h, att);
        defence += hd.strength * hd.multiplier;
        g.defenders.push_back(h);
      }
      const AttackValue v = best_column(odds_column(std::max(attack, 1), std::max(defence, 1)),
                                        stakes(st, board, att, defs));
      sum += v.ev;
      g.ev = v.ev;
      if (out) out->push_back(g);
    }
    return sum;
  };
  double best = total(nullptr);
  // One pass of local improvement: move an attacking hex to another neighbour
  // if its old combat keeps an attacker and the sum improves.
  for (const auto& [a, d] : edges_) {
    const int cur = assign_[static_cast<size_t>(a)];
    if (cur == d || count_on(cur) < 2 || joined[static_cast<size_t>(d)] >= 0) continue;
    assign_[static_cast<size_t>(a)] = d;
    const double v = total(nullptr);
    if (v > best + 1e-9) {
      best = v;
    } else {
      assign_[static_cast<size_t>(a)] = cur;
    }
  }
  if (plan) {
    plan->clear();
    total(plan);
  }
  return best;
}

double Evaluator::unit_score(UnitIndex u, HexId h) const {
  const UnitDef& def = ctx_.def(u);
  const Map& map = *ctx_.map;
  if (rtr_ && u == rtr_->train()) return -w_.train * train_1528_.at(h);
  double s = 0;
  if (const int thr = threat_[h]; thr > 0)
    s -= w_.risk * def.strength *
         loss_fraction(odds_column(thr, std::max(1, def.defense) * mult_[h]));
  if (w_.anchor > 0) s -= w_.anchor * std::min<int>(anchor_field().at(h), 8);
  if (w_.approach > 0 && def.type != UnitType::Artillery)
    s -= w_.approach * def.strength * std::min<int>(enemy_dist_.at(h), 10);
  if (me_ == Side::Confederate && rtr_ && !activated_ && rtr_->in_activation_area(h))
    s -= w_.activation + (additional_vp_ ? 5 : 0);
  if (additional_vp_ && (h == h1823_ || h == h1826_))
    s += w_.victory_hex * std::max(0, turns_ - std::max(turn_, 8));
  if (me_ == Side::Confederate && train_hex_ != kNoHex && def.type != UnitType::Artillery)
    s -= 0.3 * w_.train * std::min<int>(train_dist_.at(h), 12);
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
  if (!rtr_) return -1;
  const UnitDef& def = ctx_.def(u);
  const UnitIndex train = rtr_->train();
  const UnitState& ts = st.pos.units[train];
  const bool train_out = ts.status == UnitStatus::Exited;
  const double left = std::max(0, turns_ - st.turn + 1) / static_cast<double>(std::max(turns_, 1));
  // What the unit would still do on the map: its presence and, roughly, the
  // fights it would make or deter.
  const double keep = def.strength * (w_.presence * left + 1.2 * left);
  double gain = 0;
  if (def.side == Side::Union) {
    if (h == h1528_) gain = u == train ? 60 : 1;
    // 21.12 2: nothing without the Train out and a line of communications.
    if (h == h0117_ && train_out && loc_union_) gain = def.strength;
  } else if (h == h1528_) {
    // 21.12 4-5: two a point with the Train out and a Confederate line, one
    // with the Train destroyed or never entered, nothing otherwise.
    const bool dead = ts.status == UnitStatus::Eliminated;
    const bool never = !ts.has(kEverEntered) && !ts.on_map() && st.turn > 11;
    gain = def.strength * (train_out ? (loc_conf_ ? 2.0 : 0.0) : (dead || never) ? 1.0 : 0.0);
  }
  return gain - keep;
}

double Evaluator::evaluate(const GameState& st, Terms* terms) {
  ++evaluations_;
  Terms t;
  const Map& map = *ctx_.map;
  const Position& pos = st.pos;
  board_.build(ctx_, pos);
  const Side foe = other(me_);
  t.vp = st.vp[static_cast<size_t>(me_)] - st.vp[static_cast<size_t>(foe)];
  const double left = std::max(0, turns_ - st.turn + 1) / static_cast<double>(std::max(turns_, 1));
  const UnitIndex train = rtr_ ? rtr_->train() : kNoUnit;
  const bool train_out = train != kNoUnit && pos.units[train].status == UnitStatus::Exited;
  const bool train_dead = train != kNoUnit && pos.units[train].status == UnitStatus::Eliminated;
  const bool train_never = train != kNoUnit && !pos.units[train].has(kEverEntered) &&
                           !pos.units[train].on_map() && st.turn > 11;
  // With the Train out the lines of communication decide the exit points
  // (21.12 2 and 4): judged on this position, since a unit standing on the
  // road is what cuts a line (21.21).
  bool loc_u = loc_union_, loc_c = loc_conf_;
  if (train_out && rtr_) {
    loc_u = rtr_->line_of_communication(ctx_, st, Side::Union);
    loc_c = rtr_->line_of_communication(ctx_, st, Side::Confederate);
  }
  my_hexes_.clear();
  bool activates = false;
  double union_near_0117 = 0;
  int hunt = kFar;
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitState& us = pos.units[u];
    const UnitDef& def = ctx_.def(ui);
    const int s = sgn(def.side, me_);
    if (us.status == UnitStatus::Exited && rtr_) {
      // The end-of-game schedule (21.12), as it would stand.
      if (def.side == Side::Union) {
        if (us.hex == h1528_) t.exits += s * (1 + (ui == train ? 5 : 0));
        if (us.hex == h0117_ && train_out) t.exits += s * def.strength * (loc_u ? 1.0 : 0.0);
      } else if (us.hex == h1528_) {
        const double per = train_out                     ? (loc_c ? 2.0 : 0.0)
                           : (train_dead || train_never) ? 1.0
                                                         : 0.0;
        t.exits += s * def.strength * per;
      }
      continue;
    }
    if (ui == train && us.status == UnitStatus::OffMap && st.turn >= def.arrival_turn) {
      // A Train held off the map gives the Confederate 20 points (21.12 6)
      // and leaves the Union army without supply (21.22).
      t.train -= s * 30;
      continue;
    }
    if (!us.on_map()) continue;
    const HexId h = us.hex;
    if (ui == train) {
      // The Union wants it at 1528 (and off the map there); the Confederate wants it caught.
      t.train -= s * w_.train * std::min<int>(train_1528_.at(h), 60) * 0.5;
      continue;
    }
    t.presence += s * w_.presence * def.strength * left;
    if (train_out && def.side == Side::Union && st.turn >= 14 && inf_0117_.at(h) <= 12)
      union_near_0117 += def.strength;
    if (def.side != me_) continue;
    if (stack_def_[h] == 0 && stack_str_[h] == 0) my_hexes_.push_back(h);
    stack_def_[h] += std::max(def.defense, 1);
    stack_str_[h] += def.strength;
    if (w_.anchor > 0) t.anchor -= w_.anchor * std::min<int>(anchor_field().at(h), 8);
    if (w_.approach > 0 && def.type != UnitType::Artillery)
      t.approach -= w_.approach * def.strength * std::min<int>(enemy_dist_.at(h), 10);
    if (me_ == Side::Confederate && train_hex_ != kNoHex && def.type != UnitType::Artillery)
      hunt = std::min<int>(hunt, train_dist_.at(h));
    if (me_ == Side::Confederate && rtr_ && !activated_ && rtr_->in_activation_area(h))
      activates = true;
    if (additional_vp_ && (h == h1823_ || h == h1826_))
      t.victory += w_.victory_hex * std::max(0, turns_ - std::max(st.turn, 8));
  }
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
  if (hunt < kFar) t.train -= w_.train * std::min(hunt, 12);
  // Union strength that could still leave by 0117 for a point each: worth
  // something to the Union only while its line holds.
  if (loc_u && union_near_0117 > 0) t.exits += sgn(Side::Union, me_) * 0.5 * union_near_0117;
  if (activates) t.activation -= w_.activation + (additional_vp_ ? 5 : 0);
  if (st.phasing == me_ && st.phase == Phase::Movement && w_.combat > 0)
    t.combat = w_.combat * combat_estimate(st, board_);
  if (terms) *terms = t;
  return t.total();
}

}  // namespace bg::ai
