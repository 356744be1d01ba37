// Two computer players playing a Road to Richmond game on: for the tests
// that ask a player to be legal, to repeat itself and to explain itself.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/ai_player.h"
#include "rtr_fixture.h"

namespace bg::test {

struct PlayedGame {
  std::vector<Action> actions;
  std::vector<std::string> lines;  // the Union's explanation, then the Confederate's
};

// The game of `seed` (1977 rules) played by `union_cfg` and `confederate_cfg`
// up to the end of Game-Turn `last_turn` or `max_actions` actions; a refused
// action fails the test and stops the game.
inline PlayedGame play_game(uint64_t seed, const ai::AiConfig& union_cfg,
                            const ai::AiConfig& confederate_cfg, int last_turn, int max_actions) {
  PlayedGame out;
  Game g = rtr_game(seed);
  ai::AiPlayer u(union_cfg), c(confederate_cfg);
  for (int i = 0; i < max_actions && !g.over() && g.state().turn <= last_turn; ++i) {
    ai::AiPlayer& p = *g.to_act() == Side::Union ? u : c;
    const Action a = p.choose(g);
    if (!g.apply(a).ok()) {
      ADD_FAILURE() << "refused on turn " << g.state().turn;
      break;
    }
    out.actions.push_back(a);
  }
  for (ai::AiPlayer* p : {&u, &c})
    for (const std::string& l : p->explanation().lines) out.lines.push_back(l);
  return out;
}

// The same actions and the same explanations.
inline void expect_same_play(const PlayedGame& a, const PlayedGame& b) {
  ASSERT_EQ(a.actions.size(), b.actions.size());
  for (size_t i = 0; i < a.actions.size(); ++i) {
    EXPECT_EQ(a.actions[i].kind, b.actions[i].kind) << i;
    EXPECT_EQ(a.actions[i].unit, b.actions[i].unit) << i;
    EXPECT_EQ(a.actions[i].path, b.actions[i].path) << i;
    EXPECT_EQ(a.actions[i].units, b.actions[i].units) << i;
    EXPECT_EQ(a.actions[i].hexes, b.actions[i].hexes) << i;
  }
  EXPECT_EQ(a.lines, b.lines);
}

// How many of the lines begin with `prefix`.
inline int lines_starting(const PlayedGame& g, const std::string& prefix) {
  int n = 0;
  for (const std::string& l : g.lines) n += l.rfind(prefix, 0) == 0;
  return n;
}

}  // namespace bg::test
