// The look past the player's own turn (ai/rollout.h): a planned Movement
// Phase played on to the player's next one, and the player that picks among
// its finalist plans by those rollouts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ai/ai_player.h"
#include "ai/levels.h"
#include "ai/player_settings.h"
#include "ai/rollout.h"
#include "ai/rollout_spread.h"
#include "ai_play_fixture.h"
#include "rtr_fixture.h"

namespace bg::test {
namespace {

// Short planners for both sides of a rollout: test size.
ai::AiConfig rollout_players() {
  ai::AiConfig r;
  r.level = ai::Level::Normal;
  r.node_budget = 30;
  r.candidates = 3;
  r.replies = 0;
  r.anytime = 0;
  return r;
}

// ai-hard cut down to test size: 80 nodes a plan, three finalists each
// played on twice by planners of 30 nodes, no time cap.
ai::AiConfig small_rollout_config(uint64_t seed) {
  ai::AiConfig c;
  c.level = ai::Level::Hard;
  c.seed = seed;
  c.node_budget = 80;
  c.candidates = 3;
  c.time_cap_s = 0;
  c.replies = 3;
  c.rollouts = 2;
  c.rollout_nodes = 30;
  return c;
}

// Up to the first side's first Movement Phase planned by `p` (the written
// choice and crossings come before the plan).
void play_to_first_plan(Game& g, ai::AiPlayer& p) {
  const Side first = *g.to_act();
  for (int i = 0; i < 60 && p.last_nodes() == 0 && g.to_act() == first; ++i)
    ASSERT_TRUE(g.apply(p.choose(g)).ok());
}

// The first side's view at its first Movement Phase, the written choice made.
Game first_movement_view(uint64_t seed, Side& me) {
  Game g = rtr_game(seed);
  ai::AiPlayer p(small_rollout_config(seed));
  me = *g.to_act();
  // The written choices come first; stop at the first move.
  for (int i = 0; i < 60 && !g.over(); ++i) {
    const Action a = p.choose(g);
    if (a.kind == ActionKind::Move || a.kind == ActionKind::Enter) break;
    EXPECT_TRUE(g.apply(a).ok());
  }
  me = *g.to_act();
  return g.view_for(me);
}

// The greedy plan's orders on `view`.
struct Orders {
  std::vector<ai::MoveOption> orders;
  std::vector<UnitIndex> units;
};
Orders greedy_orders(const Game& view, Side me) {
  ai::Evaluator ev;
  ev.prepare(view, me, "");
  ai::MoveSpace space;
  space.build(view, ev, 3);
  Orders o;
  o.orders = space.orders(space.greedy(), o.units);
  return o;
}

// Whether `r` values the orders other than `value` with the dice of one of
// a few other seeds.
bool other_dice_differ(ai::TurnRollout& r, const Game& view, Side me, const Orders& o,
                       double value) {
  ai::Evaluator judge;
  for (uint64_t seed = 10; seed < 16; ++seed) {
    const auto c = r.value(view, me, o.orders, o.units, seed, judge, "");
    EXPECT_TRUE(c.has_value());
    if (c && *c != value) return true;
  }
  return false;
}

TEST(AiRollout, ARolloutPlaysOnToMyNextMovementPhaseAndRepeatsItself) {
  Side me{};
  const Game view = first_movement_view(31, me);
  const GameState before = view.state();
  const Orders o = greedy_orders(view, me);
  ASSERT_FALSE(o.orders.empty());
  ai::TurnRollout r(rollout_players());
  ai::Evaluator judge;
  const auto a = r.value(view, me, o.orders, o.units, 5, judge, "");
  ASSERT_TRUE(a.has_value());
  // My moves, my attacks and their answers, the enemy's whole turn.
  EXPECT_GT(r.last_actions(), static_cast<int>(o.orders.size()));
  EXPECT_GT(r.last_nodes(), 0) << "the enemy planned its Movement Phase";
  EXPECT_EQ(view.state(), before) << "the view is not touched";
  const auto b = r.value(view, me, o.orders, o.units, 5, judge, "");
  ASSERT_TRUE(b.has_value());
  EXPECT_DOUBLE_EQ(*a, *b) << "the same dice seed, the same rollout";
}

// Zone timing reaches my side's player in the rollout alone: the enemy's is
// played with the flat price, as ai-normal plays it. Without the setting neither side's player
// times them.
TEST(AiRollout, OnlyMySidesPlayerInARolloutPricesTheZonesByTheGameTurn) {
  Side me{};
  const Game view = first_movement_view(31, me);
  const Orders o = greedy_orders(view, me);
  ai::Evaluator judge;
  ai::AiConfig c = rollout_players();
  c.zone_timing = 1;
  ai::TurnRollout timed(c);
  ASSERT_TRUE(timed.value(view, me, o.orders, o.units, 5, judge, "").has_value());
  EXPECT_TRUE(timed.players().mine().zone_timing());
  EXPECT_FALSE(timed.players().enemy().zone_timing());
  c.zone_timing = 0;
  ai::TurnRollout flat(c);
  ASSERT_TRUE(flat.value(view, me, o.orders, o.units, 5, judge, "").has_value());
  EXPECT_FALSE(flat.players().mine().zone_timing());
  EXPECT_FALSE(flat.players().enemy().zone_timing());
}

TEST(AiRollout, ARolloutThinsAStackThePlanLeavesOverTheLimitAsThePlayerWould) {
  // Road to Richmond's Union sets up four units in 1007 (R-OOB-1007), over
  // the two of 5.32; a plan that leaves three there cannot end the phase as
  // ordered. The player then moves one out before it ends
  // (AiPlayer::end_or_fallback), so a rollout must too: it once refused such
  // a plan, and on some seeds that was every finalist of the Union's first turn.
  Game g = rtr_game(31);
  ai::AiPlayer c(small_rollout_config(31));
  for (int i = 0; i < 3000 && !g.over() && *g.to_act() == Side::Confederate; ++i)
    ASSERT_TRUE(g.apply(c.choose(g)).ok());
  ASSERT_EQ(g.state().phase, Phase::Movement);
  const Side me = Side::Union;
  const Game view = g.view_for(me);
  const HexId h = view.map().id(*parse_hex("1007"));
  int there = 0;
  for (int u = 0; u < view.state().pos.count; ++u)
    there += view.state().pos.units[static_cast<size_t>(u)].hex == h;
  ASSERT_GT(there, 2) << "the set-up's four units, the Confederates' first turn past";
  // Every unit stays: no orders at all. As ordered, the phase may not end.
  Game ended = view.imagined(view.state());
  Action end;
  end.kind = ActionKind::End;
  const auto refused = ended.apply(end);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "5.32");
  ai::TurnRollout r(rollout_players());
  ai::Evaluator judge;
  const auto v = r.value(view, me, {}, {}, 5, judge, "");
  EXPECT_TRUE(v.has_value()) << "the stay plan could not be played on";
}

TEST(AiRollout, ARolloutOfTwoTurnsPlaysOnToTheMovementPhaseAfterTheNext) {
  Side me{};
  const Game view = first_movement_view(31, me);
  const Orders o = greedy_orders(view, me);
  ai::TurnRollout one(rollout_players()), two(rollout_players(), 2);
  ai::Evaluator judge;
  const auto a = one.value(view, me, o.orders, o.units, 5, judge, "");
  const auto b = two.value(view, me, o.orders, o.units, 5, judge, "");
  ASSERT_TRUE(a && b);
  // The second rollout plays the first's turn (the same seeds) and then one
  // more of each side: my Movement and Combat Phases, the enemy's.
  EXPECT_GT(two.last_actions(), one.last_actions() + 2);
  EXPECT_GT(two.last_nodes(), one.last_nodes()) << "a second turn planned by both sides";
}

TEST(AiRollout, ARolloutRollsItsOwnDiceNeverTheGames) {
  // A view of a game whose dice are not committed carries the game's die:
  // the rollout must not roll it, or it would foresee the real rolls.
  Side me{};
  const Game view = first_movement_view(37, me);
  const Orders o = greedy_orders(view, me);
  ai::TurnRollout r(rollout_players());
  ai::Evaluator judge;
  const auto a = r.value(view, me, o.orders, o.units, 9, judge, "");
  GameState other = view.state();
  other.dice = Dice(0xBADD1CEull);
  const auto b = r.value(view.imagined(other), me, o.orders, o.units, 9, judge, "");
  ASSERT_TRUE(a && b);
  EXPECT_DOUBLE_EQ(*a, *b) << "the game's die state changed the rollout";
  // Other dice for the rollout do change it somewhere over a few seeds.
  EXPECT_TRUE(other_dice_differ(r, view, me, o, *a)) << "the rollout's own dice make no difference";
}

// Stratified dice (rollout-dice=1): over the six strata of one seed every
// die of the turn shows each face once; each stratum alone varies like a
// rolled die, and another seed draws other permutations.
TEST(AiRollout, StratifiedDiceShowEveryFaceOnceOverTheSixStrataOfASeed) {
  std::vector<std::vector<int>> q(6);
  for (int s = 0; s < 6; ++s) {
    Dice d(1);
    ai::stratify_dice(d, 77, s);
    q[static_cast<size_t>(s)] = d.forced_queue();
    ASSERT_EQ(q[static_cast<size_t>(s)].size(), static_cast<size_t>(ai::kStratifiedDice));
  }
  std::vector<int> counts(7, 0);
  for (int k = 0; k < ai::kStratifiedDice; ++k) {
    std::vector<bool> seen(7, false);
    for (const auto& one : q) {
      const int v = one[static_cast<size_t>(k)];
      ASSERT_GE(v, 1);
      ASSERT_LE(v, 6);
      EXPECT_FALSE(seen[static_cast<size_t>(v)]) << "die " << k << " shows " << v << " twice";
      seen[static_cast<size_t>(v)] = true;
      ++counts[static_cast<size_t>(v)];
    }
  }
  for (int v = 1; v <= 6; ++v) EXPECT_EQ(counts[static_cast<size_t>(v)], ai::kStratifiedDice);
  // One stratum's dice are not one face, nor the same from seed to seed.
  std::vector<bool> faces(7, false);
  for (int v : q[0]) faces[static_cast<size_t>(v)] = true;
  for (int v = 1; v <= 6; ++v) EXPECT_TRUE(faces[static_cast<size_t>(v)]) << v;
  Dice other(1);
  ai::stratify_dice(other, 78, 0);
  EXPECT_NE(other.forced_queue(), q[0]);
  // Past the stratified dice the die rolls on from its own seed.
  Dice d(5);
  ai::stratify_dice(d, 77, 2);
  for (int k = 0; k < ai::kStratifiedDice; ++k) EXPECT_TRUE(d.roll().forced);
  EXPECT_FALSE(d.roll().forced);
}

TEST(AiRollout, AStratifiedRolloutRepeatsItselfAndItsStrataDiffer) {
  Side me{};
  const Game view = first_movement_view(37, me);
  const GameState before = view.state();
  const Orders o = greedy_orders(view, me);
  ai::TurnRollout r(rollout_players());
  ai::Evaluator judge;
  std::vector<double> v;
  for (int s = 0; s < 6; ++s) {
    const auto a = r.value(view, me, o.orders, o.units, 9, judge, "", s);
    const auto b = r.value(view, me, o.orders, o.units, 9, judge, "", s);
    ASSERT_TRUE(a && b);
    EXPECT_DOUBLE_EQ(*a, *b) << "stratum " << s;
    v.push_back(*a);
  }
  EXPECT_EQ(view.state(), before) << "the view is not touched";
  bool differs = false;
  for (double x : v) differs = differs || x != v[0];
  EXPECT_TRUE(differs) << "the strata's dice make no difference";
}

TEST(AiRollout, APlayerChoosingByRolloutsIsLegalDeterministicAndSaysSo) {
  const PlayedGame a = play_game(41, small_rollout_config(4), small_rollout_config(5), 2, 3000);
  const PlayedGame b = play_game(41, small_rollout_config(4), small_rollout_config(5), 2, 3000);
  expect_same_play(a, b);
  EXPECT_GE(lines_starting(a, "turn rollouts: 3 best plans played on"), 2)
      << "each side's Movement Phases explain their rollouts";
}

TEST(AiRollout, TheRolloutsShareThePhasesTimeCap) {
  Game g = rtr_game(43);
  ai::AiConfig c = small_rollout_config(43);
  c.time_cap_s = 1e-6;
  ai::AiPlayer p(c);
  play_to_first_plan(g, p);
  bool said = false;
  for (const std::string& l : p.explanation().lines)
    said = said || l.rfind("turn rollouts: none completed", 0) == 0;
  EXPECT_TRUE(said);
}

// The rollout lines of a player's explanation over the first two turns.
std::vector<std::string> rollout_lines(ai::AiConfig cu, ai::AiConfig cc) {
  Game g = rtr_game(41);
  ai::AiPlayer u(cu), c(cc);
  for (int i = 0; i < 3000 && !g.over() && g.state().turn <= 2; ++i) {
    ai::AiPlayer& p = *g.to_act() == Side::Union ? u : c;
    EXPECT_TRUE(g.apply(p.choose(g)).ok());
  }
  std::vector<std::string> out;
  for (ai::AiPlayer* p : {&u, &c})
    for (const std::string& l : p->explanation().lines)
      if (l.rfind("turn rollouts:", 0) == 0) out.push_back(l);
  return out;
}

// Successive halving: every finalist is played on half as often, then the
// better half twice as often, within the flat rollouts' total; the same
// seed plays the same rounds.
TEST(AiRollout, HalvingSpendsTheRolloutsOnTheBetterHalfWithinTheSameTotal) {
  auto config = [](uint64_t seed) {
    ai::AiConfig c = small_rollout_config(seed);
    c.replies = 4;
    c.rollouts = 4;
    c.rollout_halving = 1;
    return c;
  };
  const std::vector<std::string> a = rollout_lines(config(4), config(5));
  EXPECT_EQ(a, rollout_lines(config(4), config(5)));
  int four = 0;
  for (const std::string& l : a) {
    SCOPED_TRACE(l);
    if (l.rfind("turn rollouts: 4 best plans", 0) != 0) continue;
    ++four;
    // 4 finalists twice each (8), the best 2 four times (4 more): 12 of the flat 16.
    EXPECT_NE(l.find("2 times each, the best 2 4 times (12 rollouts)"), std::string::npos);
  }
  EXPECT_GE(four, 2) << "phases with four finalists to halve";
  EXPECT_TRUE(ai::default_rollout_halving(ai::Level::Hard));
  EXPECT_FALSE(ai::default_rollout_halving(ai::Level::Normal));
  ai::AiConfig c;
  c.level = ai::Level::Hard;
  EXPECT_EQ(ai::AiPlayer(c).config().rollout_halving, 1) << "the level's default";
  ASSERT_EQ(ai::apply_settings("rollout-halving=0", c), "");
  EXPECT_EQ(c.rollout_halving, 0);
  EXPECT_EQ(ai::AiPlayer(c).config().rollout_halving, 0) << "the flat rollouts asked for";
  EXPECT_NE(ai::apply_settings("rollout-halving=2", c), "");
  EXPECT_EQ(c.rollout_halving, 0) << "a refused setting changes nothing";
}

TEST(AiRollout, HardRollsOutByDefaultAndTheSettingsChangeIt) {
  EXPECT_EQ(ai::default_rollouts(ai::Level::Hard), 12);
  EXPECT_EQ(ai::default_rollouts(ai::Level::Normal), 0);
  EXPECT_EQ(ai::default_rollouts(ai::Level::Easy), 0);
  ai::AiConfig c;
  c.level = ai::Level::Hard;
  EXPECT_EQ(ai::AiPlayer(c).config().rollouts, 12) << "the level's default";
  c.level = ai::Level::Normal;
  EXPECT_EQ(ai::AiPlayer(c).config().rollouts, 0);
  EXPECT_EQ(c.rollout_turns, 1) << "to my next Movement Phase";
  ASSERT_EQ(ai::apply_settings("rollouts=4,rollout-nodes=500,rollout-turns=2", c), "");
  EXPECT_EQ(c.rollouts, 4);
  EXPECT_EQ(c.rollout_nodes, 500);
  EXPECT_EQ(c.rollout_turns, 2);
  EXPECT_NE(ai::apply_settings("rollout-turns=0", c), "");
  EXPECT_NE(ai::apply_settings("rollout-turns=5", c), "");
  EXPECT_NE(ai::apply_settings("rollouts=17", c), "");
  EXPECT_NE(ai::apply_settings("rollout-nodes=0", c), "");
  EXPECT_EQ(c.rollouts, 4) << "a refused setting changes nothing";
}

TEST(AiRollout, StratifiedRolloutsAreASettingOffByDefault) {
  ai::AiConfig c;
  c.level = ai::Level::Hard;
  EXPECT_EQ(ai::AiPlayer(c).config().rollout_dice, 0);
  ASSERT_EQ(ai::apply_settings("rollout-dice=1", c), "");
  EXPECT_EQ(c.rollout_dice, 1);
  EXPECT_NE(ai::apply_settings("rollout-dice=2", c), "");
  EXPECT_NE(ai::apply_settings("rollout-dice=-1", c), "");
  EXPECT_EQ(c.rollout_dice, 1) << "a refused setting changes nothing";
  // A player rolling out on stratified dice plays legally and alike twice.
  ai::AiConfig s = small_rollout_config(4);
  s.rollouts = 6;
  s.rollout_dice = 1;
  ai::AiConfig t = small_rollout_config(5);
  t.rollouts = 6;
  t.rollout_dice = 1;
  const std::vector<std::string> a = rollout_lines(s, t);
  EXPECT_EQ(a, rollout_lines(s, t));
  EXPECT_FALSE(a.empty());
}

// The luck of a resolved attack (ai/attack_value.h, combat_luck): what the
// row the die picked is worth less the attack's expected value. Over the six
// faces it sums to nothing on every column and for every change the exclusive
// rules make to the die, so a rollout's value with its luck taken off keeps
// its mean.
TEST(AiRollout, CombatLuckSumsToNothingOverTheSixFacesOfEveryColumn) {
  ai::AttackStakes s;
  s.win = 7;
  s.lose = 5;
  s.exchange = 3;
  s.push = 1.5;
  s.pushed = 2.5;
  EXPECT_DOUBLE_EQ(ai::result_value(CombatResult::Ae, s), -5);
  EXPECT_DOUBLE_EQ(ai::result_value(CombatResult::De, s), 7);
  EXPECT_DOUBLE_EQ(ai::result_value(CombatResult::Ex, s), 4);
  EXPECT_DOUBLE_EQ(ai::result_value(CombatResult::Ar, s), -2.5);
  EXPECT_DOUBLE_EQ(ai::result_value(CombatResult::Dr, s), 1.5);
  for (int column = 0; column < kColumns; ++column) {
    EXPECT_DOUBLE_EQ(ai::column_value(column, s), ai::expected_value(column, 0, s)) << column;
    for (int mod = -2; mod <= 2; ++mod) {
      double sum = 0;
      for (int die = 1; die <= 6; ++die) {
        const int row = std::clamp(die + mod, 1, 6);
        const double l = ai::combat_luck(s, column, mod, row);
        EXPECT_NEAR(l, ai::result_value(crt(column, row), s) - ai::expected_value(column, mod, s),
                    1e-12);
        sum += l;
      }
      EXPECT_NEAR(sum, 0, 1e-9) << "column " << column << ", modifier " << mod;
    }
  }
  // A die modifier moves the expectation: +1 on 1-1 reads rows 2 to 6 and
  // row 6 twice.
  double shifted = 0;
  for (int die = 2; die <= 6; ++die) shifted += ai::result_value(crt(4, die), s);
  shifted += ai::result_value(crt(4, 6), s);
  EXPECT_NEAR(ai::expected_value(4, 1, s), shifted / 6, 1e-12);
}

// rollout-luck: the same rollout (the luck taken off changes no move), its
// value less the luck's share; over a few dice seeds some attack is rolled
// and the luck is not nothing.
TEST(AiRollout, ARolloutTakesTheLuckOfItsAttacksOffItsValueWhenAsked) {
  Side me{};
  const Game view = first_movement_view(37, me);
  const Orders o = greedy_orders(view, me);
  ai::TurnRollout as_rolled(rollout_players()), luckless(rollout_players(), 1, 1.0),
      half(rollout_players(), 1, 0.5);
  ai::Evaluator judge;
  bool lucky = false;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const auto a = as_rolled.value(view, me, o.orders, o.units, seed, judge, "");
    const auto b = luckless.value(view, me, o.orders, o.units, seed, judge, "");
    const auto c = half.value(view, me, o.orders, o.units, seed, judge, "");
    ASSERT_TRUE(a && b && c);
    EXPECT_EQ(as_rolled.last_actions(), luckless.last_actions()) << "the same play";
    EXPECT_DOUBLE_EQ(as_rolled.last_luck(), luckless.last_luck());
    EXPECT_NEAR(*b, *a - luckless.last_luck(), 1e-9) << "seed " << seed;
    EXPECT_NEAR(*c, *a - 0.5 * half.last_luck(), 1e-9) << "seed " << seed;
    lucky = lucky || luckless.last_luck() != 0;
  }
  EXPECT_TRUE(lucky) << "no attack's luck was counted in six rollouts";
}

// rollout-seed: with the players' seed fixed, a rollout's dice alone make
// it differ from another; unfixed, each rollout seeds its players from its
// dice' seed again.
TEST(AiRollout, FixedPlayersLeaveTheDiceAloneToTellRolloutsApart) {
  Side me{};
  const Game view = first_movement_view(37, me);
  const Orders o = greedy_orders(view, me);
  ai::TurnRollout r(rollout_players());
  ai::Evaluator judge;
  r.fix_players(99);
  const auto a = r.value(view, me, o.orders, o.units, 9, judge, "");
  ASSERT_TRUE(a.has_value());
  // The same players' seed and dice' seed: the same rollout.
  const auto b = r.value(view, me, o.orders, o.units, 9, judge, "");
  ASSERT_TRUE(b.has_value());
  EXPECT_DOUBLE_EQ(*a, *b);
  EXPECT_TRUE(other_dice_differ(r, view, me, o, *a))
      << "with the players fixed the dice make no difference";
  // Unfixed, the players draw from each rollout's seed again: the same
  // value as a fresh rollout's.
  r.fix_players(std::nullopt);
  ai::TurnRollout fresh(rollout_players());
  const auto d = r.value(view, me, o.orders, o.units, 12, judge, "");
  const auto e = fresh.value(view, me, o.orders, o.units, 12, judge, "");
  ASSERT_TRUE(d && e);
  EXPECT_DOUBLE_EQ(*d, *e);
}

// rollout-luck and rollout-seed: settings, off in every level, and a player
// with both plays legally and alike twice.
TEST(AiRollout, TheLuckTakenOffAndOneSeedForTheRolloutsAreSettingsOffByDefault) {
  ai::AiConfig c;
  for (ai::Level l : {ai::Level::Easy, ai::Level::Normal, ai::Level::Hard}) {
    c.level = l;
    EXPECT_EQ(ai::AiPlayer(c).config().rollout_luck, 0) << "the level's default";
    EXPECT_EQ(ai::AiPlayer(c).config().rollout_seed, 0) << "the level's default";
  }
  ASSERT_EQ(ai::apply_settings("rollout-luck=0.75,rollout-seed=1", c), "");
  EXPECT_DOUBLE_EQ(c.rollout_luck, 0.75);
  EXPECT_EQ(c.rollout_seed, 1);
  for (const char* bad :
       {"rollout-luck=2.5", "rollout-luck=-1", "rollout-luck=x", "rollout-seed=2"})
    EXPECT_NE(ai::apply_settings(bad, c), "") << bad;
  EXPECT_DOUBLE_EQ(c.rollout_luck, 0.75) << "a refused setting changes nothing";
  EXPECT_EQ(c.rollout_seed, 1);
  ai::AiConfig s = small_rollout_config(4), t = small_rollout_config(5);
  for (ai::AiConfig* x : {&s, &t})
    ASSERT_EQ(ai::apply_settings("rollout-luck=1,rollout-seed=1", *x), "");
  const std::vector<std::string> a = rollout_lines(s, t);
  EXPECT_EQ(a, rollout_lines(s, t));
  EXPECT_FALSE(a.empty());
}

// The sums of squares behind rollout_spread, on tables worked by hand.
TEST(AiRollout, TheSpreadsSumsOfSquaresAreTheTextbooksOnes) {
  const double xs[] = {2, 4, 6};
  EXPECT_DOUBLE_EQ(ai::within_ss(3, [&](size_t k) { return xs[k]; }), 8.0);
  EXPECT_DOUBLE_EQ(ai::within_ss(1, [&](size_t k) { return xs[k]; }), 0.0);
  // Rows 0 and 2 kept, row 1 (out of range values) left out.
  const double table[3][2] = {{1, 2}, {1000, -1000}, {3, 8}};
  auto cell = [&](size_t i, size_t k) { return table[i][k]; };
  auto not_middle = [](size_t i) { return i != 1; };
  // Grand mean 3.5, rows 1.5 and 5.5, columns 2 and 5: residuals +-1, four of them.
  EXPECT_NEAR(ai::interaction_ss(3, 2, not_middle, cell), 4.0, 1e-12);
  // An additive table (row effect plus column effect) leaves nothing.
  const double additive[2][3] = {{1, 2, 5}, {11, 12, 15}};
  EXPECT_NEAR(
      ai::interaction_ss(
          2, 3, [](size_t) { return true; }, [&](size_t i, size_t k) { return additive[i][k]; }),
      0.0, 1e-12);
  // Fewer than two rows kept: no interaction to count.
  EXPECT_EQ(ai::interaction_ss(
                3, 2, [](size_t i) { return i == 0; }, cell),
            0.0);
  ai::RolloutSpread a{1, 2, 3, 4, 5, 6}, b{10, 20, 30, 40, 50, 60};
  a += b;
  EXPECT_EQ(a.rolled, 11);
  EXPECT_EQ(a.luckless, 22);
  EXPECT_EQ(a.dof, 33);
  EXPECT_EQ(a.common_rolled, 44);
  EXPECT_EQ(a.common_luckless, 55);
  EXPECT_EQ(a.common_dof, 66);
}

// The spread a player's rollouts had (AiPlayer::rollout_spread): counted
// for every finalist rolled out more than once, the luck's share
// accounted for, and the same whatever share the player takes off (the
// values as rolled are the same rollouts'; only which finalist wins may
// differ, so the same first phase is compared).
TEST(AiRollout, APlayerCountsHowFarItsRolloutsSpread) {
  auto first_phase = [](double luck) {
    Game g = rtr_game(41);
    ai::AiConfig c = small_rollout_config(4);
    c.rollout_luck = luck;
    c.rollout_halving = 0;  // every finalist twice: a whole first round
    ai::AiPlayer p(c);
    for (int i = 0; i < 60 && p.last_nodes() == 0; ++i) EXPECT_TRUE(g.apply(p.choose(g)).ok());
    return p.rollout_spread();
  };
  const auto none = first_phase(0), all = first_phase(1);
  EXPECT_EQ(none.dof, 3) << "three finalists rolled out twice";
  EXPECT_EQ(none.common_dof, 2) << "(3 - 1) x (2 - 1) left once both means are out";
  EXPECT_GT(none.rolled, 0);
  EXPECT_EQ(all.dof, none.dof);
  EXPECT_NEAR(all.rolled, none.rolled, 1e-6);
  EXPECT_NEAR(all.luckless, none.luckless, 1e-6);
  EXPECT_NEAR(all.common_rolled, none.common_rolled, 1e-6);
}

}  // namespace
}  // namespace bg::test
