#include "server/computer_player.h"

#include "ai/ai_player.h"
#include "ai/rng.h"

namespace bg::server {

int play_computer(core::Game& g, core::Side side, const std::string& spec, uint64_t seed,
                  int max_actions, const Applied& applied) {
  uint64_t mix = seed ^ (0x9E3779B97F4A7C15ull * (g.log().size() + 1));
  auto player = bg::ai::make_player(bg::ai::valid_player_spec(spec) ? spec : "ai-normal",
                                    bg::ai::splitmix64(mix));
  int made = 0;
  while (made < max_actions && !g.over() && g.to_act() == side) {
    const int turn = g.state().turn;
    const core::Phase phase = g.state().phase;
    auto r = g.apply(player->choose(g));
    if (!r) {
      // The players offer only legal actions; if one is refused all the same,
      // ending the phase keeps the game moving, and if even that is refused the
      // human is told nothing more is coming (the loop stops rather than spins).
      core::Action end;
      end.kind = core::ActionKind::End;
      r = g.apply(end);
      if (!r) break;
    }
    ++made;
    applied(g, *r, turn, phase);
  }
  return made;
}

}  // namespace bg::server
