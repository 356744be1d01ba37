#include "ai/ai_player.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "ai/decisions.h"
#include "ai/levels.h"
#include "ai/postures.h"
#include "ai/tuned_weights.h"
#include "core/hex.h"
#include "core/legal_actions.h"
#include "titles/registry.h"

namespace bg::ai {

using namespace bg::core;

namespace {

Action end_action() {
  Action a;
  a.kind = ActionKind::End;
  return a;
}

bool accepted(const Game& view, const Action& a) {
  return is_legal(view, a);
}

// Whether a move or entry would end as a third unit that counts in a hex
// (5.32): under the 1977 rules it is legal until the phase ends, but the
// units there have usually moved already, so it could never be undone and
// the phase could not end.
bool overstacks(const Game& view, const Action& a) {
  if ((a.kind != ActionKind::Move && a.kind != ActionKind::Enter) || a.exit_map || a.path.empty())
    return false;
  const UnitDef& d = view.roster()[a.unit];
  const HexId to = a.path.back();
  if (d.free_stacking || (a.kind == ActionKind::Move && view.position().units[a.unit].hex == to))
    return false;
  return view.board().stacked(d.side, to) >= 2;
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

AiPlayer::AiPlayer(AiConfig cfg, bool greedy) : cfg_(cfg), greedy_(greedy), rng_(cfg.seed) {
  if (cfg_.node_budget <= 0) cfg_.node_budget = default_budget(cfg_.level);
  if (cfg_.candidates <= 0) cfg_.candidates = default_candidates(cfg_.level);
  if (cfg_.population <= 0) cfg_.population = default_population(cfg_.level);
  if (cfg_.replies < 0) cfg_.replies = default_replies(cfg_.level);
  if (cfg_.reply_nodes < 0) cfg_.reply_nodes = default_reply_nodes(cfg_.level);
  if (cfg_.reply_weight < 0) cfg_.reply_weight = default_reply_weight(cfg_.level);
  if (cfg_.anytime < 0) cfg_.anytime = default_anytime(cfg_.level) ? 1 : 0;
  if (cfg_.rollouts < 0) cfg_.rollouts = default_rollouts(cfg_.level);
  if (cfg_.columns < 0) cfg_.columns = default_columns(cfg_.level) ? 1 : 0;
  if (cfg_.rollout_halving < 0) cfg_.rollout_halving = default_rollout_halving(cfg_.level) ? 1 : 0;
  if (cfg_.rollout_luck < 0) cfg_.rollout_luck = default_rollout_luck(cfg_.level);
  if (cfg_.rollout_seed < 0) cfg_.rollout_seed = default_rollout_seed(cfg_.level) ? 1 : 0;
  if (cfg_.line_guard < 0) cfg_.line_guard = default_line_guard(cfg_.level);
  if (cfg_.line_reopen < 0) cfg_.line_reopen = default_line_reopen(cfg_.level);
  // Resolved here, before the rollouts' players copy it: they plan as a short
  // ai-normal and would otherwise take ai-normal's default.
  if (cfg_.zone_timing < 0) cfg_.zone_timing = default_zone_timing(cfg_.level) ? 1 : 0;
  if (cfg_.frozen_2026 || greedy_) {
    cfg_.replies = cfg_.anytime = cfg_.rollouts = cfg_.columns = 0;
    cfg_.line_guard = cfg_.line_reopen = 0;
  }
  configure(ev_, cfg_);
  // ref-2026 and the greedy baseline keep the best-first planning they had;
  // ai-normal and ai-hard plan the phase's attacks as a set (docs/ai.md, "The
  // Combat Phase planned as a whole"), ai-easy keeps best-first.
  if (!cfg_.attack_planning) cfg_.attack_planning = default_attack_planning(cfg_.level);
  attacks_.set_planning(makes_choices() ? *cfg_.attack_planning : AttackPlanning::BestFirst);
  attacks_.set_reads_die_modifier(makes_choices());
  // Both sides of a rollout, and of a combat look, plan as a short ai-normal
  // with this player's weights (the enemy's as enemy_model says): no reply
  // check, no rollouts of their own.
  AiConfig shortened;
  shortened.level = Level::Normal;
  shortened.weights = cfg_.weights;
  shortened.title_weights = cfg_.title_weights;
  shortened.zone_timing = cfg_.zone_timing;
  shortened.node_budget = cfg_.rollout_nodes;
  shortened.replies = 0;
  shortened.anytime = 0;
  shortened.rollouts = 0;
  if (cfg_.rollouts > 0)
    rollout_ = std::make_unique<TurnRollout>(shortened, cfg_.rollout_turns, cfg_.rollout_luck);
  if (!makes_choices()) cfg_.combat_look = 0;
  if (cfg_.combat_look > 0) look_ = std::make_unique<CombatLook>(shortened);
  if (rollout_ || look_) configure(judge_, cfg_);
}

void AiPlayer::begin_phase(const Game& view, Side me) {
  const int turn = view.state().turn;
  plan_turn_ = turn;
  plan_side_ = me;
  fallbacks_ = 0;
  crossings_ = 0;
  rng_.reseed(cfg_.seed ^ (static_cast<uint64_t>(turn) * 0x9E3779B97F4A7C15ull) ^
              (me == Side::Union ? 0x5151ull : 0xC5C5ull));
  ev_.prepare(view, me, cfg_.posture);
}

void AiPlayer::follow_plan(const Game& view, Side me, std::vector<MoveOption> orders,
                           std::vector<UnitIndex> units) {
  begin_phase(view, me);  // as plan_movement, for a fallback's random draws
  orders_ = std::move(orders);
  order_units_ = std::move(units);
  next_order_ = 0;
}

void AiPlayer::start_over(uint64_t seed) {
  cfg_.seed = seed;
  rng_.reseed(seed);
  ex_.lines.clear();
  retreats_ = RetreatHistory{};
  plan_turn_ = -1;
  orders_.clear();
  order_units_.clear();
  next_order_ = 0;
  fallbacks_ = 0;
  crossings_ = 0;
  secret_drawn_ = false;
  secret_.clear();
  next_secret_ = 0;
  looks_ = 0;
  last_nodes_ = 0;
  reply_nodes_used_ = 0;
  replies_checked_ = 0;
  total_nodes_ = 0;
}

void AiPlayer::configure(Evaluator& ev, const AiConfig& c) const {
  if (c.weights) {
    ev.set_base_weights(*c.weights);
  } else if (!cfg_.frozen_2026 && !greedy_ && cfg_.level != Level::Easy) {
    // The tuner's weights (data/ai/weights.txt); ai-easy and the greedy
    // baseline keep the hand-set defaults.
    for (Side s : {Side::Union, Side::Confederate}) ev.set_base_weights(s, shipped_weights().of(s));
    // And the title's own set where it ships one for the game's rules,
    // unless this player is set to play without it.
    ev.set_title_weights(c.title_weights != 0);
  }
  ev.set_charge_waiting(makes_choices());
  ev.set_module_play(makes_choices());
  ev.set_reads_die_modifier(makes_choices());
  ev.set_line_exits_last(makes_choices());
  ev.set_zone_timing(makes_choices() && c.zone_timing != 0);
  ev.set_line_guard(c.line_guard);
  ev.set_line_reopen(c.line_reopen);
}

std::string AiPlayer::name() const {
  if (greedy_) return "greedy";
  if (!cfg_.label.empty()) return cfg_.label;
  return "ai-" + std::string(level_name(cfg_.level));
}

Action AiPlayer::choose(const Game& g) {
  attack_stakes_.reset();
  const auto side = g.to_act();
  if (!side || g.over()) return end_action();
  const Game view = g.view_for(*side);
  const GameState& st = view.state();
  bool mine_pending = false;
  for (const Pending& p : st.pending) mine_pending = mine_pending || p.side == *side;
  if (mine_pending) {
    ev_.prepare(view, *side, cfg_.posture);
    std::string why;
    Action a = decide_pending(view, *side, ev_, retreats_, &why);
    if (!why.empty()) ex_.add(why);
    if (accepted(view, a)) return a;
    ex_.add("(fallback: a random legal answer)");
    return fallback_.choose(view, rng_);
  }
  if (st.phase == Phase::Movement && makes_choices())
    if (auto a = secret_choice(view, *side)) return *a;
  if (st.phase == Phase::Movement) return choose_movement(view, *side);
  return choose_combat(view, *side);
}

void AiPlayer::plan_movement(const Game& view, Side me) {
  const PhaseClock clock;
  const GameState& st = view.state();
  begin_phase(view, me);
  space_.build(view, ev_, cfg_.candidates, cfg_.columns > 0);
  Genome plan;
  PlanStats stats;
  if (greedy_) {
    plan = space_.greedy();
  } else {
    OepParams p;
    p.budget = cfg_.node_budget;
    p.population = cfg_.population;
    p.time_cap_s = cfg_.time_cap_s;
    p.clock = &clock;
    p.finalists = cfg_.replies;
    // Rollouts are dear: each finalist a different plan on the board (275 of
    // 900 finalists in 74 of ai-hard's phases repeated another's rollouts). The reply check keeps
    // the finalists ai-normal was measured with.
    p.distinct_positions = rollout_ != nullptr;
    p.restarts = cfg_.anytime > 0;
    plan = oep_plan(space_, ev_, st, p, rng_, &stats);
    reply_line_.clear();
    reply_nodes_used_ = 0;
    replies_checked_ = 0;
    if (stats.finalists.size() > 1)
      plan =
          rollout_ ? check_rollouts(view, me, stats, clock) : check_replies(view, me, stats, clock);
  }
  // The enemy's planned replies are evaluations too.
  last_nodes_ = stats.nodes + reply_nodes_used_;
  total_nodes_ += last_nodes_;
  orders_ = space_.orders(plan, order_units_);
  next_order_ = 0;
  std::string head = "Game-Turn " + std::to_string(st.turn) + ", " + std::string(side_name(me)) +
                     " movement: " + std::to_string(orders_.size()) + " orders for " +
                     std::to_string(space_.units().size()) + " units";
  if (greedy_) {
    head += " (greedy: each unit to its own best hex)";
  } else {
    head += " (OEP: " + std::to_string(stats.generations) + " generations, " +
            std::to_string(stats.nodes) + " nodes" + (stats.time_capped ? ", time cap hit" : "") +
            "; plan value " + fmt("%+.1f", stats.best) + " vs greedy " +
            fmt("%+.1f", stats.greedy) + " vs standing still " + fmt("%+.1f", stats.stay) + ")";
  }
  ex_.add(head);
  if (!reply_line_.empty()) ex_.add(reply_line_);
  // The posture, when the title gives the side a choice of several.
  const titles::AiKnowledge& know = ev_.knowledge();
  if (const titles::AiPosture* p = ev_.posture()) {
    int choices = 0;
    for (const titles::AiPosture& q : know.postures) choices += q.side == me;
    if (choices > 1) ex_.add("posture: " + p->name + " (" + p->rule + ")");
  }
  // Decisions the title says the AI leaves as they are, and why.
  for (const titles::AiNote& n : know.notes)
    if (n.side == me && n.turn == st.turn && !(n.about_secret && makes_choices())) ex_.add(n.text);
}

std::optional<Action> AiPlayer::secret_choice(const Game& view, Side me) {
  if (secret_drawn_ && next_secret_ >= secret_.size()) return std::nullopt;
  legal_.clear();
  legal_gen_.decisions(view, legal_);
  if (legal_.empty()) return std::nullopt;  // none open (play has begun)
  if (!secret_drawn_) {
    secret_drawn_ = true;
    ev_.prepare(view, me, cfg_.posture);
    const titles::SecretChoice* c = nullptr;
    for (const titles::SecretChoice& s : ev_.knowledge().secrets)
      if (s.side == me && !s.options.empty()) c = &s;
    if (!c) return std::nullopt;
    // Its own stream, so the draw depends on the seed alone.
    Rng draw(cfg_.seed ^ 0x5EC12E7C401CEull);
    double total = 0;
    for (const titles::SecretOption& o : c->options) total += std::max(o.weight, 0.0);
    double r = static_cast<double>(draw.next() >> 11) * 0x1.0p-53 * total;
    const titles::SecretOption* pick = &c->options.back();
    for (const titles::SecretOption& o : c->options) {
      r -= std::max(o.weight, 0.0);
      if (r < 0) {
        pick = &o;
        break;
      }
    }
    std::vector<UnitIndex> units = c->units;
    draw.shuffle(units);
    size_t next = 0;
    for (const auto& [value, count] : pick->counts)
      for (int i = 0; i < count && next < units.size(); ++i) {
        Action a;
        a.kind = ActionKind::Scenario;
        a.unit = units[next++];
        a.value = value;
        secret_.push_back(a);
      }
    ex_.add(c->text);
  }
  while (next_secret_ < secret_.size()) {
    const Action& a = secret_[next_secret_++];
    if (accepted(view, a)) return a;
  }
  return std::nullopt;
}

Genome AiPlayer::check_replies(const Game& view, Side me, const PlanStats& stats,
                               const PhaseClock& clock) {
  // The enemy's destinations per unit: enough for its likely attacks.
  constexpr int kReplyCandidates = 4;
  size_t best = 0;
  double best_value = -1e18, best_loss = 0, first_loss = 0;
  // The time cap is the phase's, not the plan's alone: a battle too large
  // for the level's budget on this machine (Four Roads' Fredericksburg for
  // ai-hard) spends it planning, and the checks would add more.
  for (size_t i = 0; i < stats.finalists.size(); ++i) {
    if (clock.past(cfg_.time_cap_s)) break;
    ++replies_checked_;
    reply_ws_ = view.state();
    space_.decode(stats.finalists[i].second, reply_ws_);
    // The enemy's planning seed from the plan's, so the plan's stream is untouched.
    const uint64_t seed = cfg_.seed ^ (static_cast<uint64_t>(view.state().turn) << 20) ^
                          (static_cast<uint64_t>(i + 1) * 0x9E3779B97F4A7C15ull);
    // 0 + gain, as the sum of one sample was: a gain of -0 counts as 0.
    const double loss =
        0.0 + reply_.enemy_gain(view, reply_ws_, me, kReplyCandidates, cfg_.reply_nodes, seed);
    reply_nodes_used_ += reply_.last_nodes();
    const double v = stats.finalists[i].first - cfg_.reply_weight * loss;
    if (i == 0) first_loss = loss;
    if (v > best_value + 1e-9) {
      best_value = v;
      best = i;
      best_loss = loss;
    }
  }
  if (replies_checked_ == 0) {
    reply_line_ = "enemy reply: not checked (the phase's time cap was reached while planning)";
    return stats.finalists[0].second;
  }
  const auto checked = static_cast<size_t>(replies_checked_);
  reply_line_ =
      "enemy reply: " + std::to_string(checked) +
      " best plans checked against the enemy's next move" +
      (checked < stats.finalists.size()
           ? " (of " + std::to_string(stats.finalists.size()) + ": the phase's time cap)"
           : std::string()) +
      (cfg_.reply_nodes > 0 ? " (planned with " + std::to_string(cfg_.reply_nodes) + " nodes each)"
                            : std::string()) +
      "; " +
      (best == 0 ? "the best plan stands (the enemy expects " + fmt("%.1f", first_loss) +
                       " VP from its attacks)"
                 : "plan " + std::to_string(best + 1) + " chosen: the enemy expects " +
                       fmt("%.1f", best_loss) + " VP from its attacks instead of " +
                       fmt("%.1f", first_loss));
  return stats.finalists[best].second;
}

// What the rollouts of a phase found: each finalist's values, rollout k
// with the same dice for every finalist (common random numbers, so that the
// plans, not the rolls, make the difference between them).
struct AiPlayer::RolloutTally {
  std::vector<std::vector<double>> values;
  std::vector<std::vector<double>> luck;  // each rollout's combat luck (TurnRollout::last_luck)
  std::vector<bool> unplayable;           // a rollout refused its plan: not chosen by them
  std::vector<size_t> alive;              // the finalists still in
  size_t first = 0;                       // rollouts each finalist plays first
  size_t decided = 0;                     // rollouts every finalist still in has played
  size_t played = 0;
  bool capped = false;
  std::string rounds;  // for the explanation
  double mean(size_t i, size_t m) const {
    double sum = 0;
    for (size_t k = 0; k < m; ++k) sum += values[i][k];
    return sum / static_cast<double>(m);
  }
};

Genome AiPlayer::check_rollouts(const Game& view, Side me, const PlanStats& stats,
                                const PhaseClock& clock) {
  const size_t n = stats.finalists.size();
  RolloutTally t;
  t.values.resize(n);
  t.luck.resize(n);
  t.unplayable.assign(n, false);
  t.alive.resize(n);
  std::iota(t.alive.begin(), t.alive.end(), size_t{0});
  std::vector<std::vector<MoveOption>> orders(n);
  std::vector<std::vector<UnitIndex>> units(n);
  for (size_t i = 0; i < n; ++i) orders[i] = space_.orders(stats.finalists[i].second, units[i]);
  // Successive halving spends the same total where the finalists are close:
  // a rollout's value spreads far wider (its dice) than the finalists'
  // values differ.
  const size_t total = n * static_cast<size_t>(cfg_.rollouts);
  size_t target =
      static_cast<size_t>(cfg_.rollout_halving ? std::max(1, cfg_.rollouts / 2) : cfg_.rollouts);
  // One seed for both sides' players in every rollout of the phase
  // (rollout-seed), drawn as the player's own draws are: from its seed and the turn.
  rollout_->fix_players(
      cfg_.rollout_seed ? std::optional<uint64_t>(cfg_.seed ^ 0x5EEDull ^
                                                  (static_cast<uint64_t>(view.state().turn) << 32))
                        : std::nullopt);
  t.first = target;
  for (;;) {
    for (size_t i : t.alive)
      while (!t.capped && !t.unplayable[i] && t.values[i].size() < target) {
        if (clock.past(cfg_.time_cap_s)) {
          t.capped = true;
          break;
        }
        // Stratified (rollout-dice), the six rollouts of a block share a seed.
        const size_t k = t.values[i].size();
        const int stratum = cfg_.rollout_dice ? static_cast<int>(k % 6) : -1;
        const size_t draw = cfg_.rollout_dice ? k / 6 : k;
        const uint64_t seed = cfg_.seed ^ (static_cast<uint64_t>(view.state().turn) << 20) ^
                              (static_cast<uint64_t>(draw + 1) * 0xD1B54A32D192ED03ull);
        const auto v =
            rollout_->value(view, me, orders[i], units[i], seed, judge_, cfg_.posture, stratum);
        reply_nodes_used_ += static_cast<int>(rollout_->last_nodes());
        ++t.played;
        if (v) {
          t.values[i].push_back(*v);
          t.luck[i].push_back(rollout_->last_luck());
        }
        t.unplayable[i] = !v;
      }
    if (t.capped) break;
    std::erase_if(t.alive, [&](size_t i) { return t.unplayable[i]; });
    t.decided = target;
    t.rounds += (t.rounds.empty() ? "" : ", the best " + std::to_string(t.alive.size()) + " ") +
                std::to_string(target) + (target == 1 ? " time" : " times") +
                (t.rounds.empty() ? " each" : "");
    const size_t keep = (t.alive.size() + 1) / 2;
    // One finalist left wants no more rollouts; the total is the flat one's.
    if (!cfg_.rollout_halving || keep <= 1 || t.played + keep * target > total) break;
    std::stable_sort(t.alive.begin(), t.alive.end(),
                     [&](size_t a, size_t b) { return t.mean(a, target) > t.mean(b, target); });
    t.alive.resize(keep);
    target *= 2;
  }
  count_spread(t);
  return rollout_choice(stats, t);
}

void AiPlayer::count_spread(const RolloutTally& t) {
  // As rolled: the value plus the share of luck taken off; luckless: all of it off.
  auto rolled = [&](size_t i, size_t k) {
    return t.values[i][k] + cfg_.rollout_luck * t.luck[i][k];
  };
  auto luckless = [&](size_t i, size_t k) {
    return t.values[i][k] + (cfg_.rollout_luck - 1) * t.luck[i][k];
  };
  const size_t n = t.values.size(), c = t.first;
  auto full = [&](size_t i) { return t.values[i].size() >= c; };  // a whole first round
  size_t r = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t m = t.values[i].size();
    r += full(i);
    if (m < 2) continue;
    spread_.rolled += within_ss(m, [&](size_t k) { return rolled(i, k); });
    spread_.luckless += within_ss(m, [&](size_t k) { return luckless(i, k); });
    spread_.dof += static_cast<long>(m) - 1;
  }
  if (r < 2 || c < 2) return;
  spread_.common_rolled += interaction_ss(n, c, full, rolled);
  spread_.common_luckless += interaction_ss(n, c, full, luckless);
  spread_.common_dof += static_cast<long>((r - 1) * (c - 1));
}

Genome AiPlayer::rollout_choice(const PlanStats& stats, const RolloutTally& t) {
  // Capped in the first round: the finalists whose first rollouts all
  // finished; later: those still in, on the rollouts all of them played.
  const size_t m = t.decided > 0 ? t.decided : t.first;
  std::optional<size_t> best;
  for (size_t i : t.alive)
    if (!t.unplayable[i] && t.values[i].size() >= m &&
        (!best || t.mean(i, m) > t.mean(*best, m) + 1e-9))
      best = i;
  for (size_t i = 0; i < t.values.size(); ++i)
    replies_checked_ += !t.unplayable[i] && t.values[i].size() >= t.first;
  if (!best) {
    reply_line_ = "turn rollouts: none completed (the phase's time cap, or plans not playable)";
    return stats.finalists[0].second;
  }
  const double value = t.mean(*best, m);
  const size_t first_n = t.values[0].size();
  reply_line_ =
      "turn rollouts: " + std::to_string(replies_checked_) + " best plans played on to " +
      (cfg_.rollout_turns == 1
           ? std::string("my next Movement Phase, ")
           : "my Movement Phase " + std::to_string(cfg_.rollout_turns) + " turns on, ") +
      t.rounds + " (" + std::to_string(t.played) + " rollouts" +
      (t.capped ? ", stopped by the phase's time cap" : "") + "); " +
      (*best == 0
           ? "the best plan stands (" + fmt("%+.1f", value) + ")"
           : "plan " + std::to_string(*best + 1) + " chosen (" + fmt("%+.1f", value) +
                 (first_n > 0 ? " against the best plan's " + fmt("%+.1f", t.mean(0, first_n))
                              : std::string(", the best plan's rollouts unfinished")) +
                 ")");
  return stats.finalists[*best].second;
}

Action AiPlayer::choose_movement(const Game& view, Side me) {
  const GameState& st = view.state();
  // Pontoons, boats and re-entries first, before any unit moves (module_play.h).
  if (makes_choices() && (plan_turn_ != st.turn || plan_side_ != me) && crossings_ < 8) {
    ev_.prepare(view, me, cfg_.posture);
    std::string why;
    if (auto c = crossing_decision(view, me, ev_, &why); c && accepted(view, *c)) {
      ++crossings_;
      ex_.add(why);
      return *c;
    }
    // Then exited units worth bringing back, and pontoon trains far from a river.
    auto c = reentry_decision(view, me, ev_, &why);
    if (!c || overstacks(view, *c) || !accepted(view, *c)) c = pontoon_march(view, me, ev_, &why);
    if (c && !overstacks(view, *c) && accepted(view, *c)) {
      ++crossings_;
      ex_.add(why);
      return *c;
    }
  }
  if (plan_turn_ != st.turn || plan_side_ != me) plan_movement(view, me);
  while (next_order_ < orders_.size()) {
    const size_t i = next_order_++;
    Action a;
    if (!order_action(view, order_units_[i], orders_[i], legal_gen_, legal_, a)) continue;
    if (makes_choices() && overstacks(view, a)) continue;
    // A pontoon train holding its bridge (or ordered to emplace) stays put.
    if (makes_choices() && a.kind == ActionKind::Move && anchors_pontoon(view, a.unit)) continue;
    if (accepted(view, a)) return a;
  }
  if (auto d = standing_decision(view)) return *d;
  return end_or_fallback(view);
}

std::optional<Action> AiPlayer::standing_decision(const Game& view) {
  // ref-2026 plays as the 2026 ai-normal did, which took no standing decisions.
  if (!makes_choices()) return std::nullopt;
  const titles::AiKnowledge& know = ev_.knowledge();
  if (know.standing.empty() || !view.scenario()) return std::nullopt;
  legal_.clear();
  legal_gen_.decisions(view, legal_);
  for (const titles::StandingDecision& s : know.standing)
    for (const Action& a : legal_)
      if (a.value == s.value && view.scenario()->decision_key(a.decision) == s.key &&
          accepted(view, a)) {
        ex_.add(s.why);
        return a;
      }
  return std::nullopt;
}

Action AiPlayer::end_or_fallback(const Game& view) {
  const Action end = end_action();
  if (accepted(view, end)) return end;
  // The phase may not end yet (an overstack to thin, 5.32; an obligation the
  // planner found no attack for): a legal action by the random player, which
  // handles both constructively.
  if (++fallbacks_ > 64) return end;
  // First a move after which the phase may end (a unit the rules order to
  // attack, FR 8, stepping up to the enemy): tried on a copy, in the rare
  // case the plan left the phase unable to end.
  if (makes_choices()) {
    legal_.clear();
    legal_gen_.generate(view, legal_);
    int tried = 0;
    for (const Action& a : legal_) {
      if ((a.kind != ActionKind::Move && a.kind != ActionKind::Enter) || overstacks(view, a))
        continue;
      if (++tried > 400) break;
      Game next = view;
      if (next.apply(a).ok() && is_legal(next, end)) {
        ex_.add("(a move that lets the phase end)");
        return a;
      }
    }
  }
  for (int i = 0; i < 16; ++i) {
    const Action a = fallback_.choose(view, rng_);
    if (makes_choices() && overstacks(view, a)) continue;  // ref-2026 kept its 2026 play
    if (a.kind != ActionKind::End && accepted(view, a)) {
      ex_.add("(fallback: a legal action to let the phase end)");
      return a;
    }
  }
  return end;
}

Action AiPlayer::choose_combat(const Game& view, Side me) {
  const GameState& st = view.state();
  if (st.closing) return end_action();
  if (plan_turn_ != st.turn || plan_side_ != me) {
    plan_turn_ = st.turn;
    plan_side_ = me;
    orders_.clear();
    next_order_ = 0;
    fallbacks_ = 0;
  }
  // The attack planner reads only the stakes of each attack: a whole
  // prepare() per attack (the enemy's reach from every unit, the lines of
  // communication) was work nothing here reads.
  ev_.prepare_stakes(view, me);
  if (auto p = attacks_.next(view, ev_)) {
    if (look_ && !look_at_combat(view, me, *p)) return end_action();
    ex_.add(p->why);
    attack_stakes_ = p->stakes;
    return p->action;
  }
  return end_or_fallback(view);
}

bool AiPlayer::look_at_combat(const Game& view, Side me, PlannedAttack& p) {
  attacks_.alternatives(view, p, static_cast<size_t>(cfg_.combat_look - 1), look_alternatives_);
  const bool may_end = !p.obligated && is_legal(view, end_action());
  if (look_alternatives_.empty() && !may_end) return true;
  // The same later dice for every attack compared: their values differ by
  // what the attacks do.
  const uint64_t seed = cfg_.seed ^ 0xC0B1ull ^ (++looks_ * 0x9E3779B97F4A7C15ull) ^
                        (static_cast<uint64_t>(view.state().turn) << 48);
  const auto planned = look_->value(view, me, p.action, seed, judge_, cfg_.posture);
  if (!planned) return true;  // the look could not play it: the planner's choice stands
  double best = *planned;
  const PlannedAttack* pick = nullptr;
  for (const PlannedAttack& alt : look_alternatives_) {
    const auto v = look_->value(view, me, alt.action, seed, judge_, cfg_.posture);
    if (v && *v > best + 1e-9) {
      best = *v;
      pick = &alt;
    }
  }
  const double now = may_end ? look_->value_now(view, me, judge_, cfg_.posture) : -1e18;
  char buf[160];
  if (may_end && now > best + 1e-9) {
    std::snprintf(buf, sizeof buf,
                  "combat look: ending the phase (%+.1f) leaves more than the best attack (%+.1f)",
                  now, best);
    ex_.add(buf);
    return false;
  }
  std::snprintf(buf, sizeof buf,
                "combat look: %zu attacks compared over the die's faces; %s (%+.1f against the "
                "planner's %+.1f)",
                look_alternatives_.size() + 1, pick ? "another attack first" : "the planner's",
                best, *planned);
  ex_.add(buf);
  if (pick) p = *pick;
  return true;
}

Action RandomAdapter::choose(const Game& g) {
  const auto side = g.to_act();
  if (!side) return end_action();
  return player_.choose(g.view_for(*side), rng_);
}

TurnOutcome play_turn(Game& g, const AiConfig& cfg, int max_actions) {
  TurnOutcome out;
  const auto side = g.to_act();
  if (!side) return out;
  AiPlayer player(cfg);
  for (int i = 0; i < max_actions && !g.over() && g.to_act() == side; ++i) {
    const Action a = player.choose(g);
    auto r = g.apply(a);
    if (!r.ok()) {
      out.refused = true;
      out.error = r.error().rule + ": " + r.error().message;
      break;
    }
    out.actions.push_back(a);
  }
  out.explanation = player.explanation();
  out.nodes = static_cast<int>(player.total_nodes());
  return out;
}

}  // namespace bg::ai
