// Players built from their names: the levels, the frozen reference and the
// baselines, each with an optional posture and, for a match, settings
// (player_settings.h); and the checks of a spec a person or a match gives.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/ai_config.h"
#include "ai/ai_player.h"
#include "core/game.h"

namespace bg::ai {

// The AI players by name ("ai-easy", "ai-normal", "ai-hard", "ref-2026", no
// posture suffix) with the player's seed; nullopt for any other name.
std::optional<AiConfig> named_ai_config(std::string_view name, uint64_t seed);
// The players make_player knows, for messages.
std::string_view player_names();

// "random" | "greedy" | "ai-easy" | "ai-normal" | "ai-hard" | "ref-2026"
// (the frozen reference, ai/reference.h, which ignores node_budget), with an optional
// ":NAME" suffix naming a posture the title declares for the side played
// (e.g. "ai-normal:stand" for a side whose title declares "stand"); a posture of the other
// side, or none, plays the side's default. Settings after '@' ("ai-normal@replies=12",
// player_settings.h) change an ai-* level's AiConfig and name the player by the
// whole spec; the reference and the baselines ignore them. `weights`, if given, are the
// evaluation's base weights of an ai-* level (the tuner's candidates); the
// reference and the baselines ignore them.
std::unique_ptr<Player> make_player(const std::string& spec, uint64_t seed, int node_budget = 0,
                                    const Weights* weights = nullptr);
// The spec's form (a known player, a posture-like name); which postures
// exist is the title's business (posture_error). A spec with settings
// ("ai-normal@replies=12") is not valid here: the server's players are the levels.
bool valid_player_spec(const std::string& spec);
// A match's player (`bluegray tournament`): a valid spec, optionally with
// settings after '@' for an ai-* level (player_settings.h). "" if it is one,
// else why not.
std::string match_player_error(const std::string& spec);
// Why `posture` is not one of `side`'s postures in g's title ("" if it is, or
// if it is empty): the message names the title and the postures it declares.
std::string posture_error(const core::Game& g, core::Side side, std::string_view posture);
// Whether g's title declares a posture `posture` for either side.
bool posture_declared(const core::Game& g, std::string_view posture);

}  // namespace bg::ai
