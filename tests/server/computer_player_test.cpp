// The server's computer side (server/computer_player.h): whatever player it
// runs, an action the engine refuses is an error reported to the caller, not
// replaced by an `end`, and in whole games the players it runs never submit one.
#include <gtest/gtest.h>

#include "ai/ai_player.h"
#include "server/computer_player.h"
#include "study/scenario_gen.h"

namespace {

using bg::core::Action;
using bg::core::ActionKind;
using bg::core::Game;
using bg::core::Side;

const bg::server::Applied kIgnore = [](const Game&, const bg::core::Report&, int, bg::core::Phase,
                                       const bg::core::Position&) {};

class EndThenAttackNothing final : public bg::ai::Player {
 public:
  Action choose(const Game&) override {
    Action a;
    a.kind = ActionKind::Attack;  // no attackers, no defenders: always refused
    return a;
  }
  std::string name() const override { return "broken"; }
};

TEST(ComputerPlayer, ARefusedActionStopsPlayAndIsReportedNotReplacedByAnEnd) {
  bg::study::ScenarioOptions opt;
  opt.cols = 12;
  opt.rows = 12;
  opt.units_per_side = 4;
  Game g = bg::study::make_scenario(opt);
  const Side side = *g.to_act();
  const size_t log = g.log().size();
  const auto phase = g.state().phase;
  EndThenAttackNothing broken;
  const bg::server::ComputerTurn t = bg::server::play_computer(g, side, broken, 100, kIgnore);
  ASSERT_TRUE(t.refused.has_value());
  EXPECT_FALSE(t.refused->message.empty());
  EXPECT_EQ(t.action.kind, ActionKind::Attack);
  EXPECT_EQ(t.made, 0);
  EXPECT_EQ(g.log().size(), log);  // no `end` in its place
  EXPECT_EQ(g.state().phase, phase);
  EXPECT_EQ(g.to_act(), side);
}

// Whole small games: the server's computer plays one side with each player
// it offers, a random player the other; every action the computer submits
// must be accepted (a refusal fails the test instead of ending its phase).
TEST(ComputerPlayer, NeverSubmitsAnIllegalActionInWholeGames) {
  for (const char* spec : {"random", "greedy", "ai-easy"}) {
    for (uint64_t seed : {3u, 4u}) {
      bg::study::ScenarioOptions opt;
      opt.seed = seed;
      opt.cols = 14;
      opt.rows = 14;
      opt.units_per_side = 6;
      opt.turns = 4;
      opt.attack_effectiveness = seed == 4;
      Game g = bg::study::make_scenario(opt);
      const Side computer = seed == 3 ? Side::Union : Side::Confederate;
      bg::ai::RandomAdapter other(seed * 7 + 1);
      int computer_actions = 0;
      for (int i = 0; i < 3000 && !g.over(); ++i) {
        if (g.to_act() == computer) {
          const auto t = bg::server::play_computer(g, computer, spec, seed, 500, kIgnore);
          ASSERT_FALSE(t.refused.has_value())
              << spec << " seed " << seed << ": " << t.refused->rule << " " << t.refused->message;
          computer_actions += t.made;
          continue;
        }
        auto r = g.apply(other.choose(g));
        ASSERT_TRUE(r.ok()) << r.error().message;
      }
      EXPECT_TRUE(g.over()) << spec << " seed " << seed;
      EXPECT_GT(computer_actions, 8) << spec << " seed " << seed;
    }
  }
}

}  // namespace
