#include "ai/rollout.h"

#include <utility>

#include "ai/ai_player.h"
#include "ai/attack_value.h"

namespace bg::ai {

using namespace bg::core;

namespace {

// A turn has a few hundred actions at most (every unit moves, attacks and
// retreats); a rollout that runs past this many a turn is stuck, not long.
constexpr int kMaxActionsPerTurn = 4000;

uint64_t mix64(uint64_t z) {  // splitmix64's finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A rollout's player: `cfg` on the node budgets alone (the same rollout
// every time) and with no rollouts of its own.
AiConfig rollout_player(AiConfig cfg) {
  cfg.time_cap_s = 0;
  cfg.rollouts = 0;
  return cfg;
}

}  // namespace

void stratify_dice(Dice& dice, uint64_t seed, int stratum) {
  for (int k = 0; k < kStratifiedDice; ++k) {
    // Fisher-Yates over the six faces, each swap from its own hash (the
    // modulo's bias is below 1e-18).
    uint8_t faces[6] = {1, 2, 3, 4, 5, 6};
    uint64_t h = seed + static_cast<uint64_t>(k + 1) * 0x9E3779B97F4A7C15ull;
    for (int i = 5; i > 0; --i) {
      h = mix64(h + 0x632BE59BD9B4E019ull);
      std::swap(faces[i], faces[h % static_cast<uint64_t>(i + 1)]);
    }
    dice.force(faces[stratum]);
  }
}

TurnRollout::TurnRollout(const AiConfig& cfg, int turns, double luck)
    : players_(rollout_player(cfg)), turns_(turns), luck_weight_(luck) {}

TurnRollout::~TurnRollout() = default;

std::optional<double> TurnRollout::value(const Game& view, Side me,
                                         const std::vector<MoveOption>& orders,
                                         const std::vector<UnitIndex>& units, uint64_t seed,
                                         Evaluator& judge, const std::string& posture,
                                         int stratum) {
  actions_ = 0;
  nodes_ = 0;
  luck_ = 0;
  GameState st = view.state();
  if (stratum < 0) {
    st.dice = Dice(seed);
  } else {
    // Past the stratified dice each stratum rolls a die of its own.
    st.dice = Dice(seed ^ mix64(static_cast<uint64_t>(stratum) + 1));
    stratify_dice(st.dice, seed, stratum);
  }
  Game g = view.imagined(st);
  const uint64_t players = players_seed_.value_or(seed);
  players_.start_over(me, players, 0xA5A5ull);
  // My side's player makes the plan's orders as the player itself would
  // (AiPlayer::choose_movement: its stacking checks, and an end that thins
  // an overstack the orders left), then plays on with the enemy's.
  players_.of(me).follow_plan(g, me, orders, units);
  bool enemy_moved = false;
  int reached = 0;  // my Movement Phases reached after the enemy's turn
  const int max_actions = kMaxActionsPerTurn * turns_;
  while (!g.over() && actions_ < max_actions) {
    const GameState& now = g.state();
    if (now.phasing != me) enemy_moved = true;
    if (enemy_moved && now.phasing == me && now.phase == Phase::Movement && now.pending.empty()) {
      if (++reached >= turns_) break;
      enemy_moved = false;  // my player plans this turn itself; on to the next
    }
    const auto side = g.to_act();
    if (!side) break;
    AiPlayer& p = players_.of(*side);
    const Action a = p.choose(g);
    const auto done = g.apply(a);
    if (!done.ok()) return std::nullopt;
    ++actions_;
    // An attack its planner priced, resolved by this action (not one a DG
    // cavalry retreat puts off: that one's die comes with a later action,
    // and is left as rolled).
    const auto& stakes = p.last_attack_stakes();
    const auto& c = done.value().combat;
    if (stakes && c && c->rolled) {
      const double l = combat_luck(*stakes, c->column, c->die_modifier, c->modified_die);
      luck_ += *side == me ? l : -l;
    }
  }
  if (actions_ >= max_actions) return std::nullopt;
  nodes_ = players_.mine().total_nodes() + players_.enemy().total_nodes();
  const Game seen = g.view_for(me);
  judge.prepare(seen, me, posture);
  return judge.evaluate(seen.state()) - luck_weight_ * luck_;
}

}  // namespace bg::ai
