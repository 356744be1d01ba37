// The enemy's reply to a planned Movement Phase (ai/reply.h): the state the
// other side moves from, and what its reply expects to win.
#include <gtest/gtest.h>

#include "ai/reply.h"
#include "sandbox.h"

namespace bg::test {
namespace {

// The side moving next, and the Game-Turn it moves in.
TEST(AiReply, TheNextMovementPhaseIsTheOtherSidesInTurnOrder) {
  Sandbox sb;
  sb.inf("U", Side::Union, 5, "0505");
  sb.inf("C", Side::Confederate, 5, "0909");
  const Game& g = sb.game();
  const Side first = g.rules().first;
  ASSERT_EQ(g.state().phasing, first);
  const GameState next = ai::next_movement_phase(g, g.state());
  EXPECT_EQ(next.phasing, other(first));
  EXPECT_EQ(next.turn, g.state().turn);
  EXPECT_EQ(next.phase, Phase::Movement);
  const GameState after = ai::next_movement_phase(g, next);
  EXPECT_EQ(after.phasing, first);
  EXPECT_EQ(after.turn, g.state().turn + 1);
}

// A stack the enemy can reach in strength invites an attack it expects to
// win by (three brigades of 6 against 6 in the open); the same stack out of
// its reach invites none.
TEST(AiReply, TheEnemyExpectsToWinAgainstAStackWithinItsReach) {
  auto gain = [](const std::string& hex) {
    Sandbox sb;
    sb.inf("W", Side::Union, 6, hex);
    sb.inf("S1", Side::Confederate, 6, "0408");
    sb.inf("S2", Side::Confederate, 6, "0508");
    sb.inf("S3", Side::Confederate, 6, "0608");
    const Game& g = sb.game();
    EXPECT_EQ(g.state().phasing, Side::Union);
    ai::ReplyModel reply;
    return reply.enemy_gain(g.view_for(Side::Union), g.state(), Side::Union, 4);
  };
  EXPECT_GT(gain("0505"), 0.0);
  EXPECT_DOUBLE_EQ(gain("0101"), 0.0);
}

}  // namespace
}  // namespace bg::test
