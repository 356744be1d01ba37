// The computer player. It plays whatever decision the game asks of the side
// to act, always on that side's view (Game::view_for), never on the raw game:
//   - Movement Phase: the whole phase is planned at once (MoveSpace + OEP,
//     or the per-unit greedy plan for the greedy baseline), then executed one
//     order at a time, each checked against the engine;
//   - Combat Phase: attacks one at a time by the attack planner (obligations,
//     diversions, bombardment, odds reduction), replanned after each result;
//   - decisions: retreats, advances, exchange losses, cavalry retreats.
// What it knows of the title it plays (objectives, run goals, exits, zones,
// postures) the title declares (titles/ai_knowledge.h); a decision the title
// lets it leave as it is (a secret written choice, say) it leaves, and says why.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/ai_config.h"
#include "ai/attack_planner.h"
#include "ai/combat_look.h"
#include "ai/decisions.h"
#include "ai/evaluation.h"
#include "ai/module_play.h"
#include "ai/move_candidates.h"
#include "ai/oep_planner.h"
#include "ai/phase_clock.h"
#include "ai/random_player.h"
#include "ai/reply.h"
#include "ai/rng.h"
#include "ai/rollout.h"
#include "ai/rollout_spread.h"
#include "core/game.h"

namespace bg::ai {

// A player for the tournament and the protocol: one action for the decision
// point of `g` (the real game; players look only at the view of the side to act).
class Player {
 public:
  virtual ~Player() = default;
  virtual core::Action choose(const core::Game& g) = 0;
  virtual std::string name() const = 0;
};

class AiPlayer final : public Player {
 public:
  // greedy: the baseline (each unit to its own best hex, best immediate attacks).
  explicit AiPlayer(AiConfig cfg = {}, bool greedy = false);
  core::Action choose(const core::Game& g) override;
  std::string name() const override;

  const AiConfig& config() const { return cfg_; }
  // Lines appended by every decision since the last clear().
  const Explanation& explanation() const { return ex_; }
  void clear_explanation() { ex_.lines.clear(); }
  // Nodes (evaluations) spent by the last movement plan, and in total.
  int last_nodes() const { return last_nodes_; }
  long total_nodes() const { return total_nodes_; }
  // Plans the last movement plan checked against the enemy's reply (fewer
  // than the level's when the phase ran into its time cap first).
  int last_replies_checked() const { return replies_checked_; }
  // The title's weight set the last decision was evaluated with (empty: the
  // player's own weights; Evaluator::set_title_weights).
  std::string_view weights_name() const { return ev_.weights_name(); }
  // Whether the player prices trigger zones by the Game-Turn
  // (Evaluator::set_zone_timing, AiConfig::zone_timing).
  bool zone_timing() const { return ev_.zone_timing(); }
  // Forget the game played so far (the plan under way, the secret choice
  // drawn, the retreats counted) and play on with `seed`, keeping what was
  // read of the title: a rollout's players (rollout.h) start each rollout so.
  void start_over(uint64_t seed);
  // Take `orders` (MoveSpace::orders of a plan on `view`, `me` phasing in its
  // Movement Phase) as this phase's plan, as if planned: the next choices
  // make them as the player makes its own (the stacking and pontoon checks,
  // the standing decisions, an end that thins an overstack first). A
  // rollout plays a finalist so (rollout.h).
  void follow_plan(const core::Game& view, core::Side me, std::vector<MoveOption> orders,
                   std::vector<core::UnitIndex> units);
  // The stakes the attack planner valued the last choose()'s attack by;
  // nothing when that choice was no attack planned (another action, or a
  // fallback). A rollout prices the attack's luck with them (rollout.h).
  const std::optional<AttackStakes>& last_attack_stakes() const { return attack_stakes_; }
  // How far one finalist's rollouts spread, over every phase this player
  // rolled out (ai/rollout_spread.h), whatever share rollout_luck takes.
  using RolloutSpread = ai::RolloutSpread;
  const RolloutSpread& rollout_spread() const { return spread_; }

 private:
  core::Action choose_movement(const core::Game& view, core::Side me);
  core::Action choose_combat(const core::Game& view, core::Side me);
  // The combat look (AiConfig::combat_look, combat_look.h): of the planner's
  // attack `p`, its next best and ending the phase (where nothing obliges an
  // attack), the one whose results leave my phase's end best. `p` becomes
  // the attack chosen; false: ending the phase is.
  bool look_at_combat(const core::Game& view, core::Side me, PlannedAttack& p);
  core::Action end_or_fallback(const core::Game& view);
  // A decision the title asks the AI to take whenever it is open
  // (AiKnowledge::standing), or nullopt.
  std::optional<core::Action> standing_decision(const core::Game& view);
  void plan_movement(const core::Game& view, core::Side me);
  // Start `me`'s Movement Phase on `view` as this phase's plan: the phase's
  // counters cleared, the evaluator prepared, and the random draws reseeded
  // so that they depend on the seed, the turn and the side alone (a
  // rollout's player following a plan draws as the player planning it).
  void begin_phase(const core::Game& view, core::Side me);
  // The next decision writing down the title's secret choice for `me`
  // (titles::SecretChoice), drawn once per game; nothing once it is made.
  std::optional<core::Action> secret_choice(const core::Game& view, core::Side me);
  // Of the planner's finalists, the plan whose value less what the enemy's
  // reply expects to win from it (ReplyModel) is best.
  // The checks share the phase's time cap with the plan (on the phase's
  // `clock`, as the plan's): the plans not checked when it passes are not
  // chosen.
  Genome check_replies(const core::Game& view, core::Side me, const PlanStats& stats,
                       const PhaseClock& clock);
  // Of the planner's finalists, the plan whose rollouts (rollout.h), played on
  // the same dice for every finalist, average best; within the phase's time
  // cap as check_replies. With rollout_halving, the rollouts go by rounds to
  // the better half of the finalists still in.
  Genome check_rollouts(const core::Game& view, core::Side me, const PlanStats& stats,
                        const PhaseClock& clock);
  struct RolloutTally;
  // The finalist the rollouts chose, and the explanation's line.
  Genome rollout_choice(const PlanStats& stats, const RolloutTally& t);
  // Adds a phase's rollouts to rollout_spread().
  void count_spread(const RolloutTally& t);
  bool makes_choices() const { return !greedy_ && !cfg_.frozen_2026; }
  // The weights and terms `c` says (this player's own config, or its model
  // of the enemy, enemy_model), set on `ev` as this kind of player reads them
  // (greedy_, frozen_2026 and the level stay the player's).
  void configure(Evaluator& ev, const AiConfig& c) const;

  AiConfig cfg_;
  bool greedy_;
  Evaluator ev_;
  MoveSpace space_;
  AttackPlanner attacks_;
  RandomPlayer fallback_;
  Rng rng_;
  core::LegalActionGenerator legal_gen_;
  std::vector<core::Action> legal_;
  Explanation ex_;
  RetreatHistory retreats_;
  ReplyModel reply_;
  // The rollouts' players and the evaluator that values where they end
  // (AiConfig::rollouts > 0 only).
  std::unique_ptr<TurnRollout> rollout_;
  Evaluator judge_;  // values where a rollout or a combat look ends
  // The combat look's players (AiConfig::combat_look > 0 only), the attacks
  // it compares, and the looks made this game (each seeds its dice).
  std::unique_ptr<CombatLook> look_;
  std::vector<PlannedAttack> look_alternatives_;
  uint64_t looks_ = 0;
  core::GameState reply_ws_;
  std::string reply_line_;
  // The movement plan being executed.
  int plan_turn_ = -1;
  core::Side plan_side_ = core::Side::Union;
  std::vector<MoveOption> orders_;
  std::vector<core::UnitIndex> order_units_;
  size_t next_order_ = 0;
  int fallbacks_ = 0;
  int crossings_ = 0;  // pontoon and boat decisions before this phase's plan
  // The secret choice drawn (its decisions, made in order).
  bool secret_drawn_ = false;
  std::vector<core::Action> secret_;
  size_t next_secret_ = 0;
  std::optional<AttackStakes> attack_stakes_;
  RolloutSpread spread_;
  int last_nodes_ = 0;
  int reply_nodes_used_ = 0;  // by the enemy's planned replies this phase
  int replies_checked_ = 0;
  long total_nodes_ = 0;
};

// The random-legal player behind the same interface (on the side's view too).
class RandomAdapter final : public Player {
 public:
  explicit RandomAdapter(uint64_t seed) : rng_(seed) {}
  core::Action choose(const core::Game& g) override;
  std::string name() const override { return "random"; }

 private:
  RandomPlayer player_;
  Rng rng_;
};

// What the protocol's `ai` command does: plays for the side to act now until
// another side must act or the game is over (its whole player-turn when
// called at the start of it; a pending decision alone when one is asked).
struct TurnOutcome {
  std::vector<core::Action> actions;  // applied, in order
  Explanation explanation;
  int nodes = 0;         // evaluations spent
  bool refused = false;  // the engine refused an action (a bug; play stopped)
  std::string error;
};
TurnOutcome play_turn(core::Game& g, const AiConfig& cfg, int max_actions = 400);

}  // namespace bg::ai
