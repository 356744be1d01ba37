#include "ai/rollout.h"

#include "ai/ai_player.h"

namespace bg::ai {

using namespace bg::core;

namespace {

// A turn has a few hundred actions at most (every unit moves, attacks and
// retreats); a rollout that runs past this many a turn is stuck, not long.
constexpr int kMaxActionsPerTurn = 4000;

}  // namespace

TurnRollout::TurnRollout(const AiConfig& cfg, int turns) : turns_(turns) {
  AiConfig c = cfg;
  c.time_cap_s = 0;  // the node budgets alone: the same rollout every time
  c.rollouts = 0;    // a rollout's players do not roll out themselves
  for (auto& p : players_) p = std::make_unique<AiPlayer>(c);
}

TurnRollout::~TurnRollout() = default;

std::optional<double> TurnRollout::value(const Game& view, Side me,
                                         const std::vector<MoveOption>& orders,
                                         const std::vector<UnitIndex>& units, uint64_t seed,
                                         Evaluator& judge, const std::string& posture) {
  actions_ = 0;
  nodes_ = 0;
  GameState st = view.state();
  st.dice = Dice(seed);
  Game g = view.imagined(st);
  for (size_t s = 0; s < 2; ++s) players_[s]->start_over(seed ^ (0xA5A5ull << (8 * s)));
  // My side's player makes the plan's orders as the player itself would
  // (AiPlayer::choose_movement: its stacking checks, and an end that thins
  // an overstack the orders left), then plays on with the enemy's.
  players_[static_cast<size_t>(me)]->follow_plan(g, me, orders, units);
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
    AiPlayer& p = *players_[static_cast<size_t>(*side)];
    const Action a = p.choose(g);
    if (!g.apply(a).ok()) return std::nullopt;
    ++actions_;
  }
  if (actions_ >= max_actions) return std::nullopt;
  for (auto& p : players_) nodes_ += p->total_nodes();
  const Game seen = g.view_for(me);
  judge.prepare(seen, me, posture);
  return judge.evaluate(seen.state());
}

}  // namespace bg::ai
