// The enemy's reply to a planned Movement Phase (ai/reply.h): the state the
// other side moves from, and what its reply expects to win.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>

#include "ai/ai_player.h"
#include "ai/levels.h"
#include "ai/player_settings.h"
#include "ai/reply.h"
#include "rtr_fixture.h"
#include "sandbox.h"

namespace bg::test {
namespace {

// ai-normal cut down to test size: 60 nodes a plan, spent exactly (anytime),
// three plans checked against replies of 20 nodes, no time cap.
ai::AiConfig small_checking_config(uint64_t seed) {
  ai::AiConfig c;
  c.level = ai::Level::Normal;
  c.seed = seed;
  c.node_budget = 60;
  c.candidates = 3;
  c.time_cap_s = 0;
  c.replies = 3;
  c.reply_nodes = 20;
  c.anytime = 1;
  return c;
}

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

// The reply is valued by what it wins at the exits too, not only by its
// attacks: with the Train out at 1528 a Confederate strength point exited
// there scores two (21.12 (4)), and a unit that reaches the road cuts the
// Union's line of communication, taking the points of the Union's exited
// strength (21.12 (2)). A Confederate brigade two hexes from 1528 can take
// that exit in its next Movement Phase; the same brigade far away cannot, and
// no Union unit is left to attack in either case.
TEST(AiReply, TheEnemysReplyCountsWhatItScoresAtTheExits) {
  auto gain = [](const std::string& hex) {
    Rtr t(rtr_1977(), {{"Train", "1528"}, {"Rodes", hex}});
    t.advance_to(2, Side::Union);
    EXPECT_TRUE(t.move("Train", {}, true).ok());
    t.advance_to(3, Side::Union);
    const Game view = t.game().view_for(Side::Union);
    ai::ReplyModel reply;
    return reply.enemy_gain(view, view.state(), Side::Union, 4, 200, 7);
  };
  const double strength = 4;  // Rodes
  EXPECT_DOUBLE_EQ(gain("0103"), 0.0);
  EXPECT_DOUBLE_EQ(gain("1526"), 2 * strength);
}

// The enemy's reply planned by a short OEP (ReplyModel::enemy_gain with
// nodes > 0): it finds the same exposed stack the greedy reply finds, leaves
// the one out of reach alone, and the same seed gives the same answer.
TEST(AiReply, AnOepReplyFindsTheExposedStackAndRepeatsItself) {
  auto gain = [](const std::string& hex, uint64_t seed) {
    Sandbox sb;
    sb.inf("W", Side::Union, 6, hex);
    sb.inf("S1", Side::Confederate, 6, "0408");
    sb.inf("S2", Side::Confederate, 6, "0508");
    sb.inf("S3", Side::Confederate, 6, "0608");
    const Game& g = sb.game();
    ai::ReplyModel reply;
    const double v = reply.enemy_gain(g.view_for(Side::Union), g.state(), Side::Union, 4, 60, seed);
    EXPECT_GT(reply.last_nodes(), 1);
    EXPECT_LE(reply.last_nodes(), 60);
    return v;
  };
  EXPECT_GT(gain("0505", 9), 0.0);
  EXPECT_DOUBLE_EQ(gain("0505", 9), gain("0505", 9));
  EXPECT_DOUBLE_EQ(gain("0101", 9), 0.0);
}

// A player whose plans are checked against the enemy's OEP-planned replies:
// every action accepted, the same seed the same game, and the replies' nodes
// counted in the phase's budget (the plan's budget plus replies x reply nodes).
TEST(AiReply, APlayerCheckingOepRepliesIsLegalDeterministicAndCountsTheirNodes) {
  int most = 0;
  auto play = [&](std::vector<Action>& log, GameState& end) {
    Game g = rtr_game(13);
    ai::AiPlayer u(small_checking_config(4)), c(small_checking_config(5));
    for (int i = 0; i < 3000 && !g.over() && g.state().turn <= 2; ++i) {
      ai::AiPlayer& p = *g.to_act() == Side::Union ? u : c;
      const Action a = p.choose(g);
      ASSERT_TRUE(g.apply(a).ok()) << "turn " << g.state().turn;
      EXPECT_LE(p.last_nodes(), 60 + 3 * 20);
      most = std::max(most, p.last_nodes());
      log.push_back(a);
    }
    EXPECT_GT(u.total_nodes() + c.total_nodes(), 0);
    end = g.state();
  };
  std::vector<Action> a, b;
  GameState ea, eb;
  play(a, ea);
  play(b, eb);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind) << i;
    EXPECT_EQ(a[i].unit, b[i].unit) << i;
    EXPECT_EQ(a[i].path, b[i].path) << i;
  }
  EXPECT_EQ(ea, eb);
  EXPECT_GT(most, 60) << "the replies' nodes are not counted";
}

// ai-normal's level settings as shipped: its plan spends exactly its node
// budget (anytime restarts), its replies add at most replies x reply nodes,
// and the whole phase stays within that (docs/ai.md, Levels and budgets).
TEST(AiReply, TheNormalLevelSpendsItsBudgetAndCountsItsReplies) {
  EXPECT_EQ(ai::default_budget(ai::Level::Normal), 3000);
  EXPECT_TRUE(ai::default_anytime(ai::Level::Normal));
  EXPECT_GT(ai::default_replies(ai::Level::Normal), 1);
  EXPECT_GT(ai::default_reply_nodes(ai::Level::Normal), 0);
  Game g = rtr_game(21);
  ai::AiConfig c;
  c.level = ai::Level::Normal;
  c.seed = 21;
  c.time_cap_s = 0;  // the node budget alone
  ai::AiPlayer p(c);
  const int budget = ai::default_budget(ai::Level::Normal);
  const int most =
      budget + ai::default_replies(ai::Level::Normal) * ai::default_reply_nodes(ai::Level::Normal);
  // The first side's first Movement Phase (crossings may come before the plan).
  const Side first = *g.to_act();
  for (int i = 0; i < 40 && p.last_nodes() == 0 && g.to_act() == first; ++i)
    ASSERT_TRUE(g.apply(p.choose(g)).ok());
  EXPECT_GT(p.last_nodes(), budget) << "the plan spends its budget, the replies more";
  EXPECT_LE(p.last_nodes(), most);
}

TEST(AiReply, EachLevelWeighsTheReplyByItsDefaultUnlessToldOtherwise) {
  EXPECT_DOUBLE_EQ(ai::default_reply_weight(ai::Level::Hard), 0.5);
  EXPECT_DOUBLE_EQ(ai::default_reply_weight(ai::Level::Normal), 1.0);
  ai::AiConfig c;
  c.level = ai::Level::Hard;
  EXPECT_DOUBLE_EQ(ai::AiPlayer(c).config().reply_weight, 0.5);
  c.level = ai::Level::Normal;
  EXPECT_DOUBLE_EQ(ai::AiPlayer(c).config().reply_weight, 1.0);
  ASSERT_EQ(ai::apply_settings("reply-weight=2", c), "");
  c.level = ai::Level::Hard;
  EXPECT_DOUBLE_EQ(ai::AiPlayer(c).config().reply_weight, 2.0) << "a setting overrides the level";
}

TEST(AiReply, TheChecksShareThePhasesTimeCapAndStopAtIt) {
  // A cap no machine plans within (a microsecond): the plan runs into it,
  // and the checks, which would add a dozen planned replies, are not started;
  // the best plan stands. With the cap lifted the same player checks all twelve.
  auto first_plan = [](double cap) {
    Game g = rtr_game(23);
    ai::AiConfig c;
    c.level = ai::Level::Hard;
    c.seed = 23;
    c.time_cap_s = cap;
    c.rollouts = 0;  // the reply check (the rollouts' cap: tests/ai/ai_rollout_test.cpp)
    ai::AiPlayer p(c);
    const Side first = *g.to_act();
    for (int i = 0; i < 40 && p.last_nodes() == 0 && g.to_act() == first; ++i)
      EXPECT_TRUE(g.apply(p.choose(g)).ok());
    return std::pair{p.last_replies_checked(), p.explanation().lines};
  };
  const auto [capped, capped_lines] = first_plan(1e-6);
  EXPECT_EQ(capped, 0);
  bool said = false;
  for (const std::string& l : capped_lines)
    said = said || l.find("enemy reply: not checked (the phase's time cap") == 0;
  EXPECT_TRUE(said) << "the explanation says why no reply was checked";
  const auto [uncapped, lines] = first_plan(0);
  EXPECT_EQ(uncapped, ai::default_replies(ai::Level::Hard));
}

}  // namespace
}  // namespace bg::test
