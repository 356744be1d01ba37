// The computer player's settings: strength level, posture, seed and
// budgets. A node is one evaluated candidate plan (a whole movement phase with
// its combat estimate); the node budget makes play deterministic for a seed,
// the time cap (the whole phase's: the plan and its reply checks) guards
// against a slow machine or a battle too large for the budget, where it then
// decides (ai-hard in Four Roads' Fredericksburg).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/postures.h"

namespace bg::ai {

// The strength levels; what each sets by default is in ai/levels.h.
enum class Level : uint8_t { Easy, Normal, Hard };

// How the Combat Phase is planned (AttackPlanner, attack_planner.h).
enum class AttackPlanning : uint8_t {
  // The best attack first; none when it is a voluntary attack not worth
  // making, even with obligations left (the player then falls back on a
  // random legal attack): ref-2026 and the greedy baseline.
  BestFirst,
  // The best attack of the best set of attacks that meets every obligation
  // (attack_planner.h says how the set is searched).
  Coordinated,
};

struct AiConfig {
  Level level = Level::Normal;
  // A posture the title declares for the side played (titles::AiPosture),
  // by name; empty, or a posture of the other side: the side's default.
  std::string posture;
  uint64_t seed = 1;
  int node_budget = 0;      // evaluations per movement phase; 0: the level's default
  double time_cap_s = 2.0;  // safety cap per movement phase (wall clock)
  int candidates = 0;       // destinations kept per unit; 0: the level's default
  int population = 0;       // OEP population; 0: the level's default (12, 24, 32)
  // The evaluation's weights before the title's posture sets its own; none:
  // today's defaults (Weights{}). A frozen player (ref-2026) spells them out.
  std::optional<Weights> weights;
  std::string label;  // the player's name in reports; "": from the level
  // Plays as the reference player ref-2026 (ai/reference.h): none
  // of the later changes (a reinforcement it may enter is charged for staying
  // off the map; the secret written choice as a mixed strategy; the look at
  // the enemy's reply).
  bool frozen_2026 = false;
  // Candidate plans checked against the enemy's reply (ai/reply.h) at the end
  // of the Movement Phase's plan; -1: the level's default, 0: none.
  int replies = -1;
  // Nodes of the short OEP the enemy plans each checked reply with; 0: the
  // enemy's greedy reply (each unit to its own best hex); -1: the level's default.
  int reply_nodes = -1;
  // Weight of the enemy's expected gain from its reply (VP for VP); below 0:
  // the level's default.
  double reply_weight = -1;
  // Anytime planning (OepParams::restarts): the budget a converged polish
  // leaves is spent improving the plan. -1: the level's default (Normal, Hard), 0: off, 1: on.
  int anytime = -1;
  // Rollouts (rollout.h) per finalist plan instead of the reply check: each
  // plays the turn on to my next Movement Phase with its own dice, and the
  // finalist whose rollouts average best is played. 0: none (the reply
  // check); -1: the level's default.
  int rollouts = -1;
  // Nodes of the OEP each side plans a rollout's Movement Phase with.
  int rollout_nodes = 300;
  // How far a rollout plays on: to my next Movement Phase (1), or the one
  // after it (2), ... Each turn more costs about what the first does.
  int rollout_turns = 1;
  // How the rollouts are spent (AiPlayer::check_rollouts): 0, `rollouts`
  // for every finalist; 1, successive halving: half of them each, then
  // twice as many for the better half, and again, within the same total.
  // -1: the level's default (on wherever there are rollouts).
  int rollout_halving = -1;
  // The rollouts' dice (rollout.h, stratify_dice): 0, each rollout rolls its
  // own; 1, stratified in blocks of six rollouts, each block sharing a seed,
  // so an attack a finalist's plan makes is resolved on every face once a block.
  int rollout_dice = 0;
  // How much of the dice' luck in a rollout's attacks is taken off its value
  // (TurnRollout, combat_luck): 0, none (the rollout's value as the dice
  // left it); 1, all of it, as each attack's planner priced its results.
  // Below 0: the level's default.
  double rollout_luck = -1;
  // The rollouts' players (TurnRollout::fix_players): 0, each rollout seeds
  // them from its own dice' seed; 1, one seed for all the rollouts of a
  // phase, so that only the dice differ between a finalist's rollouts.
  // Below 0: the level's default.
  int rollout_seed = -1;
  // Reinforcements planned in their entry columns (MoveSpace::build's
  // `columns`: the k-th pair by one hex pays k Movement Points to enter).
  // -1: the level's default (none: screened worse for ai-hard), 0: off, 1: on.
  int columns = -1;
  // How much of what an exit that needs a line of communication pays is
  // held back while the enemy could still cut the line with its next
  // Movement Phase (Evaluator::set_line_guard): 0 to 1, the share withheld
  // when one contested hex would cut it. -1: the level's default.
  double line_guard = -1;
  // The share of a cut line's worth an attack on the hex that alone cuts it
  // is credited with (Evaluator::set_line_reopen). -1: the level's default.
  double line_reopen = -1;
  // Attacks compared by a look at their results (combat_look.h) before one
  // is declared: the planner's choice and its next best, up to this many in
  // all, and ending the phase where no obligation is left. 0 (every level):
  // the planner's choice.
  int combat_look = 0;
  // 1: the title's own weights where it ships a set for the game's rules
  // (TitleAiKnowledge::weights, a set tuned for one rule set); 0: the
  // shipped default set (data/ai/weights.txt) under every rule set. A title's
  // set was tuned for one planner (ai-normal's), so another level can be
  // screened without it.
  int title_weights = 1;
  // 1: a trigger zone costs what the title prices it at on the Game-Turn of
  // the phase (AiZone::cost_by_turn), for the player, its judge and its own
  // side's player in its rollouts and looks (the enemy there is priced as
  // enemy_model says); 0: its flat cost on
  // every Game-Turn; -1: the level's default (default_zone_timing).
  // ref-2026 and the greedy baseline always pay the flat cost.
  int zone_timing = -1;
  // The Combat Phase's planning (attack_planner.h); none: the level's default.
  // ref-2026 and the greedy baseline always plan BestFirst, whatever this says.
  std::optional<AttackPlanning> attack_planning;
};

// Why the player did what it did, in plain lines (the `ai explain` output).
struct Explanation {
  std::vector<std::string> lines;
  void add(std::string line) { lines.push_back(std::move(line)); }
};

}  // namespace bg::ai
