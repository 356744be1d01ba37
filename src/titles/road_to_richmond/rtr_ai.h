// What the computer player knows of Road to Richmond (titles/ai_knowledge.h):
// the Train's run for 1528, the end-of-game exit schedule (21.12 / 22.12),
// the Command Control Zone (18.1 / 20.1), the activation area (19.1 / 17.4),
// 1823 and 1826 (22.4 / 22.13) and the Union's three strategies of the
// player's notes (23.1) with the Confederate's answer (23.2).
#pragma once

#include "titles/ai_knowledge.h"
#include "titles/road_to_richmond/road_to_richmond.h"

namespace bg::core {
class Game;
}

namespace bg::titles::rtr {

AiKnowledge ai_knowledge(const RoadToRichmond& m, const core::Game& view);
// Zones in ai_knowledge()'s order: the Command Control Zone (closed to the
// Union until it opens), the activation area (until Activation).
bool ai_zone_in_force(const RoadToRichmond& m, const core::GameState& st, size_t zone);

}  // namespace bg::titles::rtr
