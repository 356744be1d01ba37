// Settings a match gives an ai-* player after its name, for screening a
// candidate without a build of its own: "ai-normal@replies=12,reply-nodes=400"
// plays ai-normal with those AiConfig fields changed. `bluegray tournament`
// takes them (docs/ai.md, "Tournaments"); the server never does
// (valid_player_spec refuses a spec with settings), so a person's game is
// always one of the levels.
#pragma once

#include <string>
#include <string_view>

#include "ai/ai_config.h"

namespace bg::ai {

// A player spec taken apart, in one place for every caller: "ai-normal:stand@replies=12"
// is base "ai-normal", posture "stand", settings "replies=12". An absent part
// is empty; `has_posture` and `has_settings` say whether ':' and '@' were
// there at all (an empty part after either is an error for the caller).
struct PlayerSpec {
  std::string_view base;      // "ai-normal"
  std::string_view posture;   // "stand"
  std::string_view settings;  // "replies=12,reply-nodes=400"
  bool has_posture = false;
  bool has_settings = false;
};
PlayerSpec parse_player_spec(std::string_view spec);

// Applies "key=value,key=value" to cfg; "" on success, else why not (the key,
// and the values it takes). cfg is left as it was when any setting is bad.
// Keys: nodes, candidates, population, replies, reply-nodes, reply-weight,
// rollouts, rollout-nodes, anytime,
// attack-planning, combat-look, title-weights, zone-timing, time-cap (settings_help lists
// them all).
std::string apply_settings(std::string_view settings, AiConfig& cfg);

// The keys and their ranges, for messages and --help.
std::string_view settings_help();

}  // namespace bg::ai
