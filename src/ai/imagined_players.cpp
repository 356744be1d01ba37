#include "ai/imagined_players.h"

#include "ai/ai_player.h"
#include "ai/levels.h"

namespace bg::ai {

using namespace bg::core;

ImaginedPlayers::ImaginedPlayers(const AiConfig& mine)
    : mine_(std::make_unique<AiPlayer>(mine)),
      enemy_(std::make_unique<AiPlayer>(enemy_model(mine))) {}

ImaginedPlayers::~ImaginedPlayers() = default;

void ImaginedPlayers::start_over(Side me, uint64_t seed, uint64_t salt) {
  me_ = me;
  for (Side s : {Side::Union, Side::Confederate})
    of(s).start_over(seed ^ (salt << (8 * static_cast<unsigned>(s))));
}

}  // namespace bg::ai
