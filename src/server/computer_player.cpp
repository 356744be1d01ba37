#include "server/computer_player.h"

#include "ai/random_player.h"
#include "ai/rng.h"

namespace bg::server {

int play_computer(core::Game& g, core::Side side, uint64_t seed, int max_actions,
                  const Applied& applied) {
  bg::ai::RandomPlayer player;
  int made = 0;
  while (made < max_actions && !g.over() && g.to_act() == side) {
    uint64_t mix = seed ^ (0x9E3779B97F4A7C15ull * (g.log().size() + 1));
    bg::ai::Rng rng(bg::ai::splitmix64(mix));
    const int turn = g.state().turn;
    const core::Phase phase = g.state().phase;
    auto r = g.apply(player.choose(g, rng));
    if (!r) {
      // The random player should never be refused; if it is, ending the phase
      // keeps the game moving, and if even that is refused the human is told
      // nothing more is coming (the loop stops rather than spins).
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
