#include "modules/command/orders_module.h"

#include <algorithm>
#include <array>

#include "core/combat.h"
#include "core/movement.h"

namespace bg::modules {

using namespace core;

namespace {
constexpr std::array<std::string_view, 5> kStatusNames = {"free", "frozen", "parent-frozen",
                                                          "out-of-range", "commander-gone"};
constexpr uint8_t kUnknown = 0xFE;

bool gone(const UnitState& s) {
  return s.status == UnitStatus::Eliminated || s.status == UnitStatus::Exited;
}

// An attacking position for u: a hex next to (across a passable hexside) an
// enemy hex it may attack.
bool attack_position(const Context& ctx, const GameState& st, UnitIndex u, HexId h) {
  const Map& map = *ctx.map;
  const Side enemy = other(ctx.def(u).side);
  for (int d = 0; d < kDirs; ++d) {
    const Dir dir = static_cast<Dir>(d);
    if (!hexside_passable(map, h, dir)) continue;
    if (hex_attackable(ctx, st, map.neighbour(h, dir), enemy)) return true;
  }
  return false;
}

// Whether u could end a move now in an attacking position with room for it.
bool reaches_attack(const Context& ctx, const GameState& st, const Board& board, UnitIndex u,
                    Reach& reach) {
  MoveOptions opt;
  opt.state = &st;
  opt.night = ctx.rules->is_night(st.turn);
  if (!can_start_move(ctx, st.pos, board, u, opt)) return false;
  compute_reach(ctx, st.pos, board, u, opt, reach);
  // R-FR-8-FOOLHARDY: an attack position counts only where the unit could
  // stay within the stacking limit (5.32); a full hex is no place to stop.
  const UnitDef& d = ctx.def(u);
  for (HexId h : reach.hexes())
    if (attack_position(ctx, st, u, h) && (d.free_stacking || board.stacked(d.side, h) < 2))
      return true;
  return false;
}
}  // namespace

std::string_view order_status_name(OrderStatus s) {
  return kStatusNames[static_cast<size_t>(s)];
}

TitleState OrdersModule::initial_state(const Context& ctx) const {
  OrdersState s;
  s.index = index_chain(*chain_, ctx);
  s.replaced.assign(chain_->hqs.size(), kNoHq);
  return TitleState::of(std::move(s));
}

std::string_view OrdersModule::cite(RuleId id) const {
  switch (id) {
    case RuleId::FollowingOrders:
    case RuleId::OutOfCommand:
    case RuleId::OrderedAttack:
      return "FR 8";
    default:
      return {};
  }
}

bool OrdersModule::current(const GameState& st) const {
  const OrdersState* s = state<OrdersState>(st);
  return s && s->turn == st.turn && s->side == st.phasing && st.phase != Phase::Over;
}

OrderStatus OrdersModule::status_of(const GameState& st, UnitIndex u) const {
  if (!current(st)) return OrderStatus::Free;
  const OrdersState& s = *state<OrdersState>(st);
  return u < s.status.size() ? static_cast<OrderStatus>(s.status[u]) : OrderStatus::Free;
}

Status OrdersModule::may_move(const Context& ctx, const GameState& st, UnitIndex u) const {
  const OrderStatus status = status_of(st, u);
  if (status == OrderStatus::Free) return ok_status();
  // Refusals only from here: the words may allocate.
  const OrdersState& s = *state<OrdersState>(st);
  const uint8_t c = s.cause[u];
  const std::string who = ctx.def(u).id;
  const std::string hq = c == kNoHq ? who : chain_->hqs[c].unit;
  switch (status) {
    case OrderStatus::Frozen: {
      std::string roll;
      for (const OrderRoll& r : s.rolls)
        if (r.unit == (c == kNoHq ? u : s.index.hq_unit[c]))
          roll = " (rolled " + std::to_string(r.die) + " against judgment " +
                 std::to_string(r.judgment.rating) + ")";
      return refuse(ctx, RuleId::FollowingOrders,
                    who + " may not move this turn: " + hq + " did not follow orders" + roll);
    }
    case OrderStatus::ParentFrozen:
      return refuse(ctx, RuleId::FollowingOrders,
                    who + " may not move this turn: its superior " + hq + " may not move");
    case OrderStatus::OutOfRange:
      return refuse(ctx, RuleId::OutOfCommand,
                    who + " may not move this turn: " + hq +
                        " was out of its parent headquarters' command radius");
    case OrderStatus::CommanderGone:
      return refuse(ctx, RuleId::OutOfCommand,
                    who + " may not move: its headquarters " + hq + " is eliminated");
    case OrderStatus::Free:
      break;
  }
  return ok_status();
}

Status OrdersModule::may_end_move(const Context& ctx, const GameState& st, UnitIndex u,
                                  HexId to) const {
  if (!current(st)) return ok_status();
  const OrdersState& s = *state<OrdersState>(st);
  if (u >= s.can_reach.size() || !s.can_reach[u] || attack_position(ctx, st, u, to))
    return ok_status();
  return refuse(ctx, RuleId::OrderedAttack,
                ctx.def(u).id + " is ordered to attack and can reach the enemy: its move must " +
                    "end next to an enemy unit it may attack");
}

Status OrdersModule::may_end_movement(const Context& ctx, const GameState& st) const {
  if (!current(st) || st.phase != Phase::Movement) return ok_status();
  const OrdersState& s = *state<OrdersState>(st);
  Board board;
  Reach reach;
  bool built = false;
  for (size_t i = 0; i < s.can_reach.size() && i < static_cast<size_t>(st.pos.count); ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitState& us = st.pos.units[i];
    if (!s.can_reach[i] || !us.on_map() || us.has(kMoved)) continue;
    if (attack_position(ctx, st, u, us.hex) || !may_move(ctx, st, u)) continue;
    if (!built) board.build(ctx, st.pos);
    built = true;
    if (reaches_attack(ctx, st, board, u, reach))
      return refuse(ctx, RuleId::OrderedAttack,
                    ctx.def(u).id + " is ordered to attack and can still reach the enemy");
  }
  return ok_status();
}

bool OrdersModule::must_attack(const Context&, const GameState& st, UnitIndex u) const {
  if (!current(st)) return false;
  const OrdersState& s = *state<OrdersState>(st);
  return u < s.ordered.size() && s.ordered[u] != 0;
}

void OrdersModule::on_game_start(const Context& ctx, GameState& st) const {
  // A sandbox places its units after the game is made: nothing to roll for.
  if (st.phase == Phase::Movement && !ctx.roster->empty()) roll_orders(ctx, st);
}

void OrdersModule::on_phase_start(const Context& ctx, GameState& st) const {
  if (st.phase == Phase::Movement) roll_orders(ctx, st);
}

namespace {

// The orders of each headquarters spec for one player-turn: its status, the
// headquarters that caused it, and whether a foolhardy 1 ordered an attack.
struct HqOrders {
  std::vector<uint8_t> status, cause, attack;
};

// Settles the headquarters top-down, rolling against judgment where FR 8 says.
class HqSettler {
 public:
  HqSettler(const Context& ctx, GameState& st, OrdersState& s, const CommandChain& chain)
      : ctx_(ctx), st_(st), s_(s), chain_(chain), x_(s.index) {
    const size_t n = chain.hqs.size();
    out_.status.assign(n, kUnknown);
    out_.cause.assign(n, kNoHq);
    out_.attack.assign(n, 0);
  }

  // In echelon order, so that a parent rolls before its children.
  HqOrders run() {
    const size_t n = chain_.hqs.size();
    for (int e = 0; e <= static_cast<int>(Echelon::Division); ++e)
      for (size_t c = 0; c < n; ++c)
        if (static_cast<int>(chain_.hqs[c].echelon) == e) settle(c);
    return std::move(out_);
  }

 private:
  void set(size_t c, OrderStatus status) {
    out_.status[c] = static_cast<uint8_t>(status);
    out_.cause[c] = static_cast<uint8_t>(c);
  }

  // The headquarters acting for spec c: a cavalry corps one that replaced it
  // once it was eliminated.
  size_t acting(size_t c) const {
    const UnitIndex u = x_.hq_unit[c];
    if (u != kNoUnit && gone(st_.pos.units[u]) && s_.replaced[c] != kNoHq) return s_.replaced[c];
    return c;
  }

  void settle(size_t c0) {
    if (out_.status[c0] != kUnknown) return;
    const size_t c = acting(c0);
    if (c != c0) {
      settle(c);
      out_.status[c0] = out_.status[c];
      out_.cause[c0] = out_.cause[c];
      return;
    }
    out_.status[c] = static_cast<uint8_t>(OrderStatus::Free);
    const UnitIndex u = x_.hq_unit[c];
    if (u == kNoUnit || ctx_.def(u).side != st_.phasing) return;  // not in this player-turn
    if (gone(st_.pos.units[u])) return set(c, OrderStatus::CommanderGone);
    if (!st_.pos.units[u].on_map()) return;  // a reinforcement still to come
    const int p0 = chain_.parent(static_cast<int>(c));
    if (p0 < 0) return;  // the top of the chain rolls against no one
    settle_under(c, u, static_cast<size_t>(p0));
  }

  // Headquarters spec c (unit u) under parent spec p0: frozen with its
  // parent, out of its radius, or rolling against its own judgment.
  void settle_under(size_t c, UnitIndex u, size_t p0) {
    settle(p0);
    if (out_.status[p0] != static_cast<uint8_t>(OrderStatus::Free)) {
      const bool dead = out_.status[p0] == static_cast<uint8_t>(OrderStatus::CommanderGone);
      out_.status[c] =
          static_cast<uint8_t>(dead ? OrderStatus::CommanderGone : OrderStatus::ParentFrozen);
      out_.cause[c] = out_.cause[p0];
      return;
    }
    const size_t p = acting(p0);
    const HqSpec& parent = chain_.hqs[p];
    const UnitIndex pu = x_.hq_unit[p];
    const Position& pos = st_.pos;
    const bool in_range =
        is_army(parent.echelon) || (pu != kNoUnit && pos.units[pu].on_map() &&
                                    hex_distance(ctx_, pos, u, pu) <= parent.radius);
    if (!in_range) return set(c, OrderStatus::OutOfRange);
    const auto& j = chain_.hqs[c].judgment;
    if (!j) return;  // does not roll: moves with its parent
    const int die = st_.dice.roll().value;
    OrderRoll r{u, static_cast<uint8_t>(die), *j, die > j->rating, j->foolhardy && die == 1};
    s_.rolls.push_back(r);
    if (r.frozen) set(c, OrderStatus::Frozen);
    out_.attack[c] = r.attack_ordered ? 1 : 0;
  }

  const Context& ctx_;
  GameState& st_;
  OrdersState& s_;
  const CommandChain& chain_;
  const ChainIndex& x_;
  HqOrders out_;
};

}  // namespace

// FR 8, at the start of the phasing player's player-turn. The headquarters
// roll top-down (a parent before its children: "the higher echelon first");
// then cavalry units with their own ratings, in roster order.
void OrdersModule::roll_orders(const Context& ctx, GameState& st) const {
  OrdersState& s = state_mut<OrdersState>(st);
  if (!s.index.fresh(ctx)) s.index = index_chain(*chain_, ctx);
  const size_t n = chain_->hqs.size();
  if (s.replaced.size() != n) s.replaced.assign(n, kNoHq);
  s.turn = st.turn;
  s.side = st.phasing;
  s.rolls.clear();
  const HqOrders hq = HqSettler(ctx, st, s, *chain_).run();
  unit_orders(ctx, st, s, hq.status, hq.cause);
  foolhardy_attacks(ctx, st, s, hq.attack);
  mark_can_reach(ctx, st, s);
}

// Each unit of the phasing player takes its headquarters' orders; cavalry
// with a rating of its own rolls for itself, in roster order.
void OrdersModule::unit_orders(const Context& ctx, GameState& st, OrdersState& s,
                               const std::vector<uint8_t>& hq_status,
                               const std::vector<uint8_t>& hq_cause) const {
  const ChainIndex& x = s.index;
  const Position& pos = st.pos;
  s.status.assign(x.roster_size, static_cast<uint8_t>(OrderStatus::Free));
  s.cause.assign(x.roster_size, kNoHq);
  s.ordered.assign(x.roster_size, 0);
  for (size_t u = 0; u < x.roster_size; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (ctx.def(ui).side != st.phasing) continue;
    if (x.own_judgment[u] != kNoHq) {  // cavalry rolling unit by unit
      if (!pos.units[u].on_map()) continue;
      const Judgment j = *chain_->units[x.own_judgment[u]].judgment;
      const int die = st.dice.roll().value;
      OrderRoll r{ui, static_cast<uint8_t>(die), j, die > j.rating, j.foolhardy && die == 1};
      s.rolls.push_back(r);
      if (r.frozen) s.status[u] = static_cast<uint8_t>(OrderStatus::Frozen);
      s.ordered[u] = r.attack_ordered ? 1 : 0;
      continue;
    }
    const uint8_t c = x.hq_spec[u] != kNoHq ? x.hq_spec[u] : x.commander[u];
    if (c == kNoHq) continue;
    s.status[u] = hq_status[c];
    s.cause[u] = hq_cause[c];
  }
}

// A foolhardy 1: every unit under that headquarters within its radius attacks.
void OrdersModule::foolhardy_attacks(const Context& ctx, const GameState& st, OrdersState& s,
                                     const std::vector<uint8_t>& attack) const {
  const ChainIndex& x = s.index;
  const Position& pos = st.pos;
  for (size_t c = 0; c < attack.size(); ++c) {
    if (!attack[c]) continue;
    const UnitIndex hq = x.hq_unit[c];
    for (size_t u = 0; u < x.roster_size; ++u) {
      if (!pos.units[u].on_map() || ctx.def(static_cast<UnitIndex>(u)).side != st.phasing) continue;
      bool under = false;
      for (int a = x.commander[u]; a >= 0 && a != kNoHq && !under; a = chain_->parent(a))
        under = static_cast<size_t>(a) == c;
      if (under && hex_distance(ctx, pos, static_cast<UnitIndex>(u), hq) <= chain_->hqs[c].radius)
        s.ordered[u] = 1;
    }
  }
}

// Which of the ordered units could reach an attacking position: only those
// have their movement restricted ("if a subordinate unit cannot move in to
// an attacking position, its movement is not restricted").
void OrdersModule::mark_can_reach(const Context& ctx, const GameState& st, OrdersState& s) const {
  const ChainIndex& x = s.index;
  const Position& pos = st.pos;
  s.can_reach.assign(x.roster_size, 0);
  Board board;
  Reach reach;
  bool built = false;
  for (size_t u = 0; u < x.roster_size; ++u) {
    if (!s.ordered[u] || !pos.units[u].on_map() || s.status[u] != 0) continue;
    if (!built) board.build(ctx, pos);
    built = true;
    s.can_reach[u] = reaches_attack(ctx, st, board, static_cast<UnitIndex>(u), reach) ? 1 : 0;
  }
}

std::string_view OrdersModule::decision_key(int local) const {
  return local == kReplace ? "replace-hq" : std::string_view();
}

DecisionWords OrdersModule::decision_words(const Context& ctx, const GameState&,
                                           const Action& a) const {
  const bool known = a.value >= 0 && static_cast<size_t>(a.value) < chain_->hqs.size();
  return DecisionWords{ctx.def(a.unit).id + ": take the place of " +
                           (known ? chain_->hqs[static_cast<size_t>(a.value)].unit
                                  : "headquarters " + std::to_string(a.value)),
                       "FR 8", kNoHex};
}

Status OrdersModule::check_replace(const Context& ctx, const GameState& st, const Action& a) const {
  const OrdersState* s = state<OrdersState>(st);
  const ChainIndex& x = fresh_index(*chain_, ctx, s ? &s->index : nullptr);
  if (st.phase != Phase::Movement)
    return refuse(ctx, RuleId::FollowingOrders,
                  "a headquarters is replaced in its owner's Movement Phase");
  if (a.unit >= x.hq_spec.size() || x.hq_spec[a.unit] == kNoHq)
    return refuse(ctx, RuleId::FollowingOrders, "the replacing unit is not a headquarters");
  const size_t cav = x.hq_spec[a.unit];
  if (chain_->hqs[cav].echelon != Echelon::CavalryCorps)
    return refuse(ctx, RuleId::FollowingOrders,
                  chain_->hqs[cav].unit + " is not a cavalry corps headquarters");
  if (ctx.def(a.unit).side != st.phasing || !st.pos.units[a.unit].on_map())
    return refuse(ctx, RuleId::FollowingOrders,
                  chain_->hqs[cav].unit + " is not the phasing player's, on the map");
  if (a.value < 0 || static_cast<size_t>(a.value) >= chain_->hqs.size())
    return refuse(ctx, RuleId::FollowingOrders, "no such headquarters to replace");
  const size_t corps = static_cast<size_t>(a.value);
  const UnitIndex cu = x.hq_unit[corps];
  if (chain_->hqs[corps].echelon != Echelon::Corps || cu == kNoUnit ||
      ctx.def(cu).side != st.phasing || !gone(st.pos.units[cu]))
    return refuse(ctx, RuleId::FollowingOrders,
                  "only an eliminated friendly corps headquarters may be replaced");
  if (s)
    for (size_t c = 0; c < s->replaced.size(); ++c)
      if (s->replaced[c] == cav || (c == corps && s->replaced[c] != kNoHq))
        return refuse(ctx, RuleId::FollowingOrders,
                      c == corps
                          ? chain_->hqs[corps].unit + " is already replaced"
                          : chain_->hqs[cav].unit + " already replaces " + chain_->hqs[c].unit);
  return ok_status();
}

Status OrdersModule::scenario_action(const Context& ctx, GameState& st, const Action& a) const {
  if (decision_local(a.decision) != kReplace) return Error{"", "unknown orders decision"};
  if (auto s = check_replace(ctx, st, a); !s) return s;
  OrdersState& s = state_mut<OrdersState>(st);
  if (s.replaced.size() != chain_->hqs.size()) s.replaced.assign(chain_->hqs.size(), kNoHq);
  s.replaced[static_cast<size_t>(a.value)] = fresh_index(*chain_, ctx, &s.index).hq_spec[a.unit];
  return ok_status();
}

void OrdersModule::legal_decisions(const Context& ctx, const GameState& st,
                                   std::vector<Action>& out) const {
  if (st.phase != Phase::Movement) return;
  const OrdersState* s = state<OrdersState>(st);
  const ChainIndex& x = fresh_index(*chain_, ctx, s ? &s->index : nullptr);
  for (size_t cav = 0; cav < chain_->hqs.size(); ++cav) {
    if (chain_->hqs[cav].echelon != Echelon::CavalryCorps || x.hq_unit[cav] == kNoUnit) continue;
    for (size_t corps = 0; corps < chain_->hqs.size(); ++corps) {
      if (chain_->hqs[corps].echelon != Echelon::Corps) continue;
      Action a;
      a.kind = ActionKind::Scenario;
      a.decision = static_cast<uint8_t>(decision_id(kReplace));
      a.unit = x.hq_unit[cav];
      a.value = static_cast<int16_t>(corps);
      if (check_replace(ctx, st, a)) out.push_back(a);
    }
  }
}

}  // namespace bg::modules
