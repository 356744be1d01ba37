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

// The settings part of a player spec ("" if it has none) and the rest.
struct SplitSpec {
  std::string_view player;    // "ai-normal:stand"
  std::string_view settings;  // "replies=12,reply-nodes=400"
};
SplitSpec split_settings(std::string_view spec);

// Applies "key=value,key=value" to cfg; "" on success, else why not (the key,
// and the values it takes). cfg is left as it was when any setting is bad.
// Keys: nodes, candidates, population, replies, reply-nodes, reply-weight,
// anytime, attack-planning, time-cap.
std::string apply_settings(std::string_view settings, AiConfig& cfg);

// The keys and their ranges, for messages and --help.
std::string_view settings_help();

}  // namespace bg::ai
