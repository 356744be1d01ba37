#include "ai/attack_planner.h"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "core/combat.h"
#include "core/crt.h"
#include "core/hex.h"

namespace bg::ai {

using namespace bg::core;

namespace {

void add_stack(const Game& g, HexId h, Action& a) {
  const Position& pos = g.position();
  const Context ctx = g.context();
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (!pos.units[u].on_map() || pos.units[u].hex != h) continue;
    if (!can_attack_now(ctx, g.state(), ui) || a.units.contains(ui) || a.units.full()) continue;
    a.units.push_back(ui);
  }
}

std::string hex_name(const Game& g, HexId h) {
  return g.map().label_text(h);
}

}  // namespace

void AttackPlanner::consider(const Game& view, Evaluator& ev, const Action& a,
                             const Obligations& ob, std::optional<PlannedAttack>& best) {
  if (a.units.empty() || a.hexes.empty()) return;
  ++previews_;
  const auto plan = view.preview_attack(a);
  if (!plan.ok()) return;
  const AttackStakes s = ev.stakes(view.state(), view.board(), plan->attackers, plan->hexes);
  PlannedAttack p;
  p.action = a;
  p.value = best_column(plan->computed_column, s, reads_die_modifier_ ? plan->die_modifier : 0);
  p.stakes = s;
  p.computed_column = plan->computed_column;
  p.attack = plan->attack;
  p.defence = plan->defence;
  for (HexId h : a.hexes) p.obligated = p.obligated || ob.defenders.contains(h);
  for (UnitIndex u : a.units)
    p.obligated = p.obligated || ob.attackers.contains(view.position().units[u].hex);
  // Rank: value first; among obligated attacks of equal value, fewer units
  // committed keeps more for the others.
  const double score = p.value.ev - 0.01 * static_cast<double>(a.units.size());
  const double best_score =
      best ? best->value.ev - 0.01 * static_cast<double>(best->action.units.size()) : -1e18;
  if (planning_ != AttackPlanning::BestFirst) {
    Candidate& c = cands_.emplace_back();
    c.p = p;
    c.score = score;
  }
  if (!best || score > best_score + 1e-9) best = p;
}

bool AttackPlanner::index_candidate(const Game& view, const Obligations& ob, Candidate& c) {
  const Position& pos = view.position();
  c.units.reset();
  c.hexes = c.items = 0;
  for (UnitIndex u : c.p.action.units) c.units.set(u);
  for (HexId h : c.p.action.hexes) {
    auto it = std::find(targets_.begin(), targets_.end(), h);
    if (it == targets_.end()) {
      if (targets_.size() == 64) return false;
      it = targets_.insert(targets_.end(), h);
    }
    c.hexes |= uint64_t{1} << (it - targets_.begin());
  }
  for (size_t i = 0; i < items_.size(); ++i) {
    bool meets = false;
    if (i < ob.attackers.size()) {
      for (UnitIndex u : c.p.action.units) meets = meets || pos.units[u].hex == items_[i];
    } else {
      meets = c.p.action.hexes.contains(items_[i]);
    }
    if (meets) c.items |= uint64_t{1} << i;
  }
  return true;
}

// The search's nodes per declaration: a few thousand cover the phases seen in
// play (a dozen obligations); beyond, the best set found so far stands.
constexpr int kCoordinationNodes = 4000;

void AttackPlanner::search(const std::bitset<kMaxUnits>& units, uint64_t hexes, uint64_t covered,
                           double value) {
  ++nodes_;
  const uint64_t open = need_ & ~covered;
  if (!open) {
    // Every obligation met: add the voluntary attacks worth making, best
    // first, where units and hexes are still free.
    const size_t mark = chosen_.size();
    std::bitset<kMaxUnits> u = units;
    uint64_t hx = hexes;
    double total = value;
    for (int i : order_) {
      const Candidate& c = cands_[static_cast<size_t>(i)];
      if (c.items || c.p.value.ev < 0.25 || (u & c.units).any() || (hx & c.hexes)) continue;
      u |= c.units;
      hx |= c.hexes;
      total += c.score;
      chosen_.push_back(i);
    }
    if (best_set_.empty() || total > best_total_ + 1e-9) {
      best_total_ = total;
      best_set_ = chosen_;
    }
    chosen_.resize(mark);
    return;
  }
  // No set from here can beat the best found: each open obligation adds at
  // most its best candidate's value, the voluntary attacks at most theirs.
  double bound = value + item_bound_.back();
  for (uint64_t o = open; o; o &= o - 1)
    bound += item_bound_[static_cast<size_t>(std::countr_zero(o))];
  if (!best_set_.empty() && bound <= best_total_ + 1e-9) return;
  const int item = std::countr_zero(open);
  for (int i : order_) {
    if (nodes_ > kCoordinationNodes) return;
    const Candidate& c = cands_[static_cast<size_t>(i)];
    if (!((c.items >> item) & 1) || (units & c.units).any() || (hexes & c.hexes)) continue;
    chosen_.push_back(i);
    search(units | c.units, hexes | c.hexes, covered | c.items, value + c.score);
    chosen_.pop_back();
  }
}

int AttackPlanner::coordinate(const Game& view, const Obligations& ob) {
  nodes_ = 0;
  items_.clear();
  targets_.clear();
  for (HexId h : ob.attackers) items_.push_back(h);
  for (HexId h : ob.defenders) items_.push_back(h);
  if (items_.size() > 64) return -1;
  need_ = items_.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << items_.size()) - 1;
  for (Candidate& c : cands_)
    if (!index_candidate(view, ob, c)) return -1;
  order_.resize(cands_.size());
  for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return cands_[static_cast<size_t>(a)].score > cands_[static_cast<size_t>(b)].score;
  });
  // Per obligation, the best value a candidate meeting it adds (at least 0);
  // last, the sum of the voluntary attacks worth making.
  item_bound_.assign(items_.size() + 1, 0.0);
  for (const Candidate& c : cands_) {
    for (size_t i = 0; i < items_.size(); ++i)
      if ((c.items >> i) & 1) item_bound_[i] = std::max(item_bound_[i], c.score);
    if (!c.items && c.p.value.ev >= 0.25) item_bound_.back() += std::max(c.score, 0.0);
  }
  chosen_.clear();
  best_set_.clear();
  best_total_ = -1e18;
  search({}, 0, 0, 0.0);
  if (best_set_.empty()) return -1;
  // Declared first: the set's most valuable attack (a result may change what
  // the rest should be; the phase is planned again after it).
  int first = best_set_.front();
  for (int i : best_set_)
    if (cands_[static_cast<size_t>(i)].score > cands_[static_cast<size_t>(first)].score) first = i;
  return first;
}

std::optional<PlannedAttack> AttackPlanner::next(const Game& view, Evaluator& ev) {
  const GameState& st = view.state();
  if (st.phase != Phase::Combat || !st.pending.empty() || st.closing) return std::nullopt;
  const Obligations ob = view.obligations();
  std::optional<PlannedAttack> best;
  cands_.clear();
  nodes_ = 0;
  consider_single_hex(view, ev, ob, best);
  consider_multi_hex(view, ev, ob, best);
  if (!best) return std::nullopt;
  apply_planning(view, ob, best);
  // A voluntary attack is made only when it is worth it.
  if (!best->obligated && best->value.ev < 0.25) return std::nullopt;
  keep_idle_artillery(view, ev, *best);
  best->diversion = best->obligated && best->value.ev < 0;
  best->action.column = best->value.column < best->computed_column
                            ? static_cast<int8_t>(best->value.column)
                            : static_cast<int8_t>(-1);
  best->why = describe_attack(view, *best);
  return best;
}

void AttackPlanner::consider_single_hex(const Game& view, Evaluator& ev, const Obligations& ob,
                                        std::optional<PlannedAttack>& best) {
  attack_options(view.context(), view.state(), view.board(), options_);
  const Position& pos = view.position();
  for (const AttackOption& o : options_) {
    hexes_.clear();
    for (UnitIndex u : o.adjacent)
      if (std::find(hexes_.begin(), hexes_.end(), pos.units[u].hex) == hexes_.end())
        hexes_.push_back(pos.units[u].hex);
    const size_t n = std::min<size_t>(hexes_.size(), 6);
    // Every subset of the adjacent stacks (up to four; beyond, the useful
    // ones), with and without the artillery able to bombard this hex.
    const uint32_t all = (1u << n) - 1;
    for (uint32_t mask = 0; mask <= all; ++mask) {
      // Beyond four stacks: all of them, each alone and all but one.
      const int bits = std::popcount(mask);
      if (n > 4 && mask != all && bits != 1 && bits != static_cast<int>(n) - 1) continue;
      for (int art = 0; art < 2; ++art) {
        if (art == 1 && o.artillery.empty()) continue;
        if (mask == 0 && art == 0) continue;
        Action a;
        a.kind = ActionKind::Attack;
        a.hexes.push_back(o.hex);
        for (size_t i = 0; i < n; ++i)
          if (mask & (1u << i)) add_stack(view, hexes_[i], a);
        if (art)
          for (UnitIndex u : o.artillery)
            if (!a.units.contains(u) && !a.units.full()) a.units.push_back(u);
        consider(view, ev, a, ob, best);
      }
    }
  }
}

void AttackPlanner::consider_multi_hex(const Game& view, Evaluator& ev, const Obligations& ob,
                                       std::optional<PlannedAttack>& best) {
  const Map& map = view.map();
  // Multi-hex attacks (7.3): a stack that faces several hexes that must be
  // attacked, with every other stack adjacent to all of them.
  for (HexId ah : ob.attackers) {
    Action a;
    a.kind = ActionKind::Attack;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = map.neighbour(ah, dir);
      if (map.on_map(n) && ob.defenders.contains(n) && !a.hexes.full() &&
          hexside_passable(map, ah, dir) && zoc_crosses(map, n, opposite(dir)))
        a.hexes.push_back(n);
    }
    if (a.hexes.size() < 2) continue;
    add_stack(view, ah, a);
    consider(view, ev, a, ob, best);
  }
}

void AttackPlanner::apply_planning(const Game& view, const Obligations& ob,
                                   std::optional<PlannedAttack>& best) {
  if (planning_ == AttackPlanning::Coordinated) {
    const int first = coordinate(view, ob);
    if (first >= 0) {
      best = cands_[static_cast<size_t>(first)].p;
      best->plan_size = static_cast<int>(best_set_.size());
      best->plan_total = best_total_;
    }
  }
}

void AttackPlanner::keep_idle_artillery(const Game& view, Evaluator& ev, PlannedAttack& best) {
  const GameState& st = view.state();
  const Position& pos = view.position();
  // Keep bombarding artillery that adds nothing for another attack.
  for (size_t i = best.action.units.size(); i-- > 0;) {
    const UnitIndex u = best.action.units[i];
    if (!is_bombarding(view.context(), view.board(), pos, u)) continue;
    Action trial = best.action;
    trial.units = {};
    for (UnitIndex v : best.action.units)
      if (v != u) trial.units.push_back(v);
    if (trial.units.empty()) continue;
    const auto plan = view.preview_attack(trial);
    if (!plan.ok()) continue;
    const AttackStakes s = ev.stakes(st, view.board(), plan->attackers, plan->hexes);
    const AttackValue v =
        best_column(plan->computed_column, s, reads_die_modifier_ ? plan->die_modifier : 0);
    if (v.ev >= best.value.ev - 1e-9) {
      best.action = trial;
      best.value = v;
      best.stakes = s;
      best.computed_column = plan->computed_column;
      best.attack = plan->attack;
      best.defence = plan->defence;
    }
  }
}

void AttackPlanner::alternatives(const Game& view, const PlannedAttack& chosen, size_t k,
                                 std::vector<PlannedAttack>& out) const {
  out.clear();
  auto same_hexes = [](const Action& a, const Action& b) {
    if (a.hexes.size() != b.hexes.size()) return false;
    for (HexId h : a.hexes)
      if (!b.hexes.contains(h)) return false;
    return true;
  };
  std::vector<const Candidate*> best;  // one per set of hexes
  for (const Candidate& c : cands_) {
    if (same_hexes(c.p.action, chosen.action)) continue;
    auto it = std::find_if(best.begin(), best.end(),
                           [&](const Candidate* b) { return same_hexes(b->p.action, c.p.action); });
    if (it == best.end())
      best.push_back(&c);
    else if (c.score > (*it)->score + 1e-9)
      *it = &c;
  }
  std::stable_sort(best.begin(), best.end(),
                   [](const Candidate* a, const Candidate* b) { return a->score > b->score; });
  for (size_t i = 0; i < best.size() && i < k; ++i) {
    PlannedAttack p = best[i]->p;
    p.diversion = p.obligated && p.value.ev < 0;
    p.action.column = p.value.column < p.computed_column ? static_cast<int8_t>(p.value.column)
                                                         : static_cast<int8_t>(-1);
    p.why = describe_attack(view, p);
    out.push_back(std::move(p));
  }
}

std::string describe_attack(const Game& view, const PlannedAttack& p) {
  std::string s = "attack ";
  for (size_t i = 0; i < p.action.hexes.size(); ++i)
    s += (i ? "+" : "") + hex_name(view, p.action.hexes[i]);
  s += " with";
  for (UnitIndex u : p.action.units) s += " " + view.roster()[u].id;
  s += ": " + std::to_string(p.attack) + " to " + std::to_string(p.defence) + " is " +
       column_name(p.computed_column);
  if (p.value.column < p.computed_column)
    s += ", reduced to " + column_name(p.value.column) + " (7.9: fewer exchanges)";
  s += "; chances";
  for (size_t r = 0; r < p.value.outcomes.size(); ++r)
    if (p.value.outcomes[r])
      s += " " + std::string(result_name(static_cast<CombatResult>(r))) + " " +
           std::to_string(p.value.outcomes[r]) + "/6";
  char buf[128];
  std::snprintf(buf, sizeof buf, "; expected %+.1f VP", p.value.ev);
  s += buf;
  if (p.diversion)
    s += "; a diversionary attack (7.5): the obligation must be met and this costs least";
  else if (p.obligated)
    s += "; meets a mandatory attack (7.11/7.12) at the best value available";
  else
    s += "; a voluntary attack worth making";
  if (p.plan_size > 1) {
    std::snprintf(buf, sizeof buf, "; the best of %d attacks planned together (%+.1f VP in all)",
                  p.plan_size, p.plan_total);
    s += buf;
  }
  return s;
}

}  // namespace bg::ai
