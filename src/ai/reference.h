// ref-2026: the computer player as it played before the reinforcement, reply
// and written-choice changes (then ai-normal), kept as a fixed reference so
// that every strength claim about a later AI can be reproduced against the
// same opponent. Everything of its own
// configuration is spelled out here, not taken from the defaults, so that
// retuning the levels or the default weights does not move it. What it shares
// with the evolving code (the evaluation's terms, the planner's algorithm, the
// title's declared postures) is pinned by a lock: a seeded ref-2026 game's
// digest (tests/ai/ai_reference_test.cpp, tests/locks/ref2026_digest.txt). A
// change that breaks the lock must keep the old behaviour for this player.
#pragma once

#include <cstdint>
#include <string_view>

#include "ai/ai_config.h"

namespace bg::ai {

inline constexpr std::string_view kReference2026 = "ref-2026";

// The frozen configuration, with the player's seed.
AiConfig reference_2026(uint64_t seed);

}  // namespace bg::ai
