// What the computer player needs to know of Four Roads to Richmond
// (titles/ai_knowledge.h): the scoring exits and what the victory rule makes
// a Confederate factor worth.
#pragma once

#include "core/game.h"
#include "titles/ai_knowledge.h"

namespace bg::titles::four_roads {

AiKnowledge ai_knowledge(const core::Game& view);

}  // namespace bg::titles::four_roads
