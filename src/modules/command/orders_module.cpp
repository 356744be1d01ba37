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

// FR 8, at the start of the phasing player's player-turn. The headquarters
// roll top-down (a parent before its children: "the higher echelon first");
// then cavalry units with their own ratings, in roster order.
void OrdersModule::roll_orders(const Context& ctx, GameState& st) const {
  OrdersState& s = state_mut<OrdersState>(st);
  if (!s.index.fresh(ctx)) s.index = index_chain(*chain_, ctx);
  const ChainIndex& x = s.index;
  const size_t n = chain_->hqs.size();
  if (s.replaced.size() != n) s.replaced.assign(n, kNoHq);
  s.turn = st.turn;
  s.side = st.phasing;
  s.rolls.clear();
  const Position& pos = st.pos;
  std::vector<uint8_t> status(n, kUnknown), cause(n, kNoHq), attack(n, 0);

  // The headquarters acting for spec c: a cavalry corps one that replaced it
  // once it was eliminated.
  auto acting = [&](size_t c) -> size_t {
    const UnitIndex u = x.hq_unit[c];
    if (u != kNoUnit && gone(pos.units[u]) && s.replaced[c] != kNoHq) return s.replaced[c];
    return c;
  };
  auto settle = [&](auto& self, size_t c0) -> void {
    if (status[c0] != kUnknown) return;
    const size_t c = acting(c0);
    if (c != c0) {
      self(self, c);
      status[c0] = status[c];
      cause[c0] = cause[c];
      return;
    }
    status[c] = static_cast<uint8_t>(OrderStatus::Free);
    const UnitIndex u = x.hq_unit[c];
    if (u == kNoUnit || ctx.def(u).side != st.phasing) return;  // not in this player-turn
    if (gone(pos.units[u])) {
      status[c] = static_cast<uint8_t>(OrderStatus::CommanderGone);
      cause[c] = static_cast<uint8_t>(c);
      return;
    }
    if (!pos.units[u].on_map()) return;  // a reinforcement still to come
    const int p0 = chain_->parent(static_cast<int>(c));
    if (p0 < 0) return;  // the top of the chain rolls against no one
    self(self, static_cast<size_t>(p0));
    if (status[static_cast<size_t>(p0)] != static_cast<uint8_t>(OrderStatus::Free)) {
      const bool dead =
          status[static_cast<size_t>(p0)] == static_cast<uint8_t>(OrderStatus::CommanderGone);
      status[c] =
          static_cast<uint8_t>(dead ? OrderStatus::CommanderGone : OrderStatus::ParentFrozen);
      cause[c] = cause[static_cast<size_t>(p0)];
      return;
    }
    const size_t p = acting(static_cast<size_t>(p0));
    const HqSpec& parent = chain_->hqs[p];
    const UnitIndex pu = x.hq_unit[p];
    const bool in_range =
        is_army(parent.echelon) ||
        (pu != kNoUnit && pos.units[pu].on_map() && hex_distance(ctx, pos, u, pu) <= parent.radius);
    if (!in_range) {
      status[c] = static_cast<uint8_t>(OrderStatus::OutOfRange);
      cause[c] = static_cast<uint8_t>(c);
      return;
    }
    const auto& j = chain_->hqs[c].judgment;
    if (!j) return;  // does not roll: moves with its parent
    const int die = st.dice.roll().value;
    OrderRoll r{u, static_cast<uint8_t>(die), *j, die > j->rating, j->foolhardy && die == 1};
    s.rolls.push_back(r);
    if (r.frozen) {
      status[c] = static_cast<uint8_t>(OrderStatus::Frozen);
      cause[c] = static_cast<uint8_t>(c);
    }
    attack[c] = r.attack_ordered ? 1 : 0;
  };
  for (int e = 0; e <= static_cast<int>(Echelon::Division); ++e)
    for (size_t c = 0; c < n; ++c)
      if (static_cast<int>(chain_->hqs[c].echelon) == e) settle(settle, c);

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
    s.status[u] = status[c];
    s.cause[u] = cause[c];
  }
  // A foolhardy 1: every unit under that headquarters within its radius attacks.
  for (size_t c = 0; c < n; ++c) {
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
  // Which of the ordered units could reach an attacking position: only those
  // have their movement restricted ("if a subordinate unit cannot move in to
  // an attacking position, its movement is not restricted").
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
