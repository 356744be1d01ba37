// The strength levels (ai-easy, ai-normal, ai-hard): what each sets where an
// AiConfig leaves a setting to the level (docs/ai.md, "Levels"), the enemy a
// player models, and the words a person is shown when picking one.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ai/ai_config.h"

namespace bg::ai {

std::string_view level_name(Level l);
std::optional<Level> parse_level(std::string_view s);

// The level's OEP population: Easy 12, Normal 24, Hard 32.
int default_population(Level l);

// Defaults per level: Easy 150 nodes / 4 candidates, Normal 3000 / 16, Hard 15000 / 16.
int default_budget(Level l);
int default_candidates(Level l);
// Plans checked against the enemy's reply: Easy 0, Normal 6, Hard 12.
int default_replies(Level l);
// The enemy's reply planned with this many OEP nodes (0: greedy): Normal and Hard 200.
int default_reply_nodes(Level l);
// The weight of the enemy's expected gain from its reply: Hard 0.5, the others 1.
double default_reply_weight(Level l);
// Rollouts per finalist plan (rollout.h): Hard 6, the others none (a
// rollout costs about what ai-normal's whole phase does).
int default_rollouts(Level l);
// The share of a rollout's combat luck taken off its value: no level yet.
double default_rollout_luck(Level l);
// One seed for the players of all a phase's rollouts: no level yet.
bool default_rollout_seed(Level l);
// Reinforcements planned in their columns: no level yet (ai-hard screened
// worse with them).
bool default_columns(Level l);
// The line guard and the line reopening (AiConfig::line_guard,
// line_reopen): no level (screened against ref-2026 and not better).
double default_line_guard(Level l);
double default_line_reopen(Level l);
// Successive halving of the rollouts: Hard.
bool default_rollout_halving(Level l);
// Anytime planning: Normal and Hard.
bool default_anytime(Level l);
// Trigger zones priced by the Game-Turn: Hard; Easy and Normal pay the flat
// price.
bool default_zone_timing(Level l);
// The enemy as a player with `mine` models it where it plays the enemy's
// side itself (its rollouts' and looks' enemy player, ImaginedPlayers):
// `mine`, but for the zones' timing, which is
// ai-normal's default, the opponent the levels are measured against. Timed
// as ai-hard is, its Union expected a Confederate that enters the activation
// area early and met ai-normal's, which does not.
AiConfig enemy_model(AiConfig mine);
// The Combat Phase's planning: Easy BestFirst, Normal and Hard Coordinated.
AttackPlanning default_attack_planning(Level l);

// The levels a person picks for the computer opponent (the server's new-game
// choice), weakest first, each with one line saying what it is for people.
struct LevelChoice {
  std::string_view name;
  std::string_view description;
};
const std::vector<LevelChoice>& player_levels();

}  // namespace bg::ai
