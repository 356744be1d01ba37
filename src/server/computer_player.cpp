#include "server/computer_player.h"

#include "ai/player_factory.h"
#include "ai/rng.h"

namespace bg::server {

ComputerTurn play_computer(core::Game& g, core::Side side, ai::Player& player, int max_actions,
                           const Applied& applied) {
  ComputerTurn out;
  while (out.made < max_actions && !g.over() && g.to_act() == side) {
    const int turn = g.state().turn;
    const core::Phase phase = g.state().phase;
    const core::Action a = player.choose(g);
    const core::Position before = g.state().pos;
    auto r = g.apply(a);
    if (!r) {
      // Not replaced by an `end`: that would hide the bug and play a move the
      // player never chose. The caller logs it and shows it in the game.
      out.refused = r.error();
      out.action = a;
      break;
    }
    ++out.made;
    applied(g, *r, turn, phase, before);
  }
  return out;
}

ComputerTurn play_computer(core::Game& g, core::Side side, const std::string& spec, uint64_t seed,
                           int max_actions, const Applied& applied) {
  uint64_t mix = seed ^ (0x9E3779B97F4A7C15ull * (g.log().size() + 1));
  auto player = bg::ai::make_player(bg::ai::valid_player_spec(spec) ? spec : "ai-normal",
                                    bg::ai::splitmix64(mix));
  return play_computer(g, side, *player, max_actions, applied);
}

}  // namespace bg::server
