// The blunders ref-2026 makes, corrected, as behaviour (docs/ai.md, "AI knowledge"):
// the computer enters the reinforcements it may enter, and makes the
// Confederate's secret written choice (22.3) as a seeded mixed strategy. Each test also shows the
// reference player (ref-2026, which has the blunder) failing it, so the test
// can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "ai/ai_player.h"
#include "ai/evaluation.h"
#include "ai/reference.h"
#include "rtr_fixture.h"
#include "sandbox.h"

namespace bg::test {
namespace {

using ai::AiConfig;
using ai::AiPlayer;

AiConfig normal(uint64_t seed) {
  AiConfig c;
  c.level = ai::Level::Normal;
  c.seed = seed;
  c.time_cap_s = 0;  // the node budget alone decides
  return c;
}

AiConfig reference(uint64_t seed) {
  AiConfig c = ai::reference_2026(seed);
  c.time_cap_s = 0;
  return c;
}

// Reinforcements of `side` that could enter now.
int eligible_off_map(const Game& g, Side side) {
  int n = 0;
  const Position& pos = g.position();
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (g.roster()[ui].side == side && pos.units[u].status == UnitStatus::OffMap &&
        !g.entry_options(ui).empty())
      ++n;
  }
  return n;
}

// Plays Game-Turns 1-4 (1977 rules) with `u` as the Union; the sum, over the
// Union's Movement Phases, of the reinforcements it could have entered but
// left off the map when it ended the phase.
int union_left_off(const AiConfig& u_cfg, uint64_t seed) {
  RtrSetup s = rtr_1977();
  s.seed = seed;
  Game g = new_game(s);
  AiPlayer u(u_cfg), c(normal(seed + 7));
  int left = 0;
  for (int i = 0; i < 20000 && !g.over() && g.state().turn <= 4; ++i) {
    const auto side = g.to_act();
    ai::Player& p = *side == Side::Union ? static_cast<ai::Player&>(u) : c;
    const Action a = p.choose(g);
    if (*side == Side::Union && a.kind == ActionKind::End && g.state().phase == Phase::Movement &&
        g.state().pending.empty())
      left += eligible_off_map(g, Side::Union);
    EXPECT_TRUE(g.apply(a).ok());
  }
  return left;
}

// 15.0: reinforcements enter when they may. The evaluation charged nothing
// for a unit kept off the map, and entering far from the enemy looked worse
// than staying off: the reference left about 20 eligible Union units off the
// map through Game-Turn 4. Now a unit held back must pay for itself.
TEST(Rule_15_0, TheComputerEntersTheReinforcementsItMay) {
  int now = 0, before = 0;
  for (uint64_t seed : {1u, 2u}) {
    now += union_left_off(normal(seed), seed);
    before += union_left_off(reference(seed), seed);
  }
  EXPECT_LE(now, 2);
  EXPECT_GE(before, 10) << "the reference had the blunder this test is about";
}

// 22.3: the written choice is a mixed strategy: over many seeds every
// option the title declares is drawn, none always, and the same seed always
// draws the same; the Union's view never shows it (22.32).
TEST(Rtr_22_3, TheConfederateWritesItsChoiceAsASeededMixedStrategy) {
  std::map<std::string, int> drawn;  // what was written, as "15:n 18:m"
  auto written = [](uint64_t seed, std::string* line) {
    RtrSetup s = rtr_1977(true);
    s.seed = seed;
    Game g = new_game(s);
    AiPlayer c(normal(seed));
    int n15 = 0, n18 = 0;
    for (int i = 0; i < 10; ++i) {
      const Action a = c.choose(g);
      if (a.kind != ActionKind::Scenario) break;
      EXPECT_TRUE(g.apply(a).ok());
    }
    const auto* rtr = dynamic_cast<const RoadToRichmond*>(g.scenario());
    for (UnitIndex u : rtr->variable_units()) {
      n15 += rtr->deferred_to(g.state(), u) == 15;
      n18 += rtr->deferred_to(g.state(), u) == 18;
      // The Union's copy shows the chart, not the choice.
      EXPECT_EQ(rtr->deferred_to(g.view_for(Side::Union).state(), u), 0);
    }
    for (const auto& l : c.explanation().lines)
      if (l.find("written choice") != std::string::npos) *line = l;
    return "15:" + std::to_string(n15) + " 18:" + std::to_string(n18);
  };
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    std::string line;
    const std::string w = written(seed, &line);
    ++drawn[w];
    EXPECT_FALSE(line.empty());
    EXPECT_NE(line.find("secret"), std::string::npos);
    if (seed <= 3) {
      std::string again;
      EXPECT_EQ(written(seed, &again), w) << "seed " << seed;
    }
  }
  EXPECT_EQ(drawn.size(), 5u);  // none, 2 for 15, 2 for 18, one each, 3 for 15
  for (const auto& [w, n] : drawn) EXPECT_LT(n, 45) << w;
  EXPECT_GT(drawn["15:0 18:0"], 10);  // mostly the whole column marches
}

// The reference keeps the choice it made when frozen: nothing written.
TEST(Rtr_22_3, TheReferenceWritesNothing) {
  RtrSetup s = rtr_1977(true);
  s.seed = 5;
  Game g = new_game(s);
  AiPlayer c(reference(5));
  EXPECT_NE(c.choose(g).kind, ActionKind::Scenario);
}

}  // namespace
}  // namespace bg::test

namespace bg::test {
namespace {

// Plays the Union's Movement Phase of the current Game-Turn with `cfg`;
// where the unit `id` ends it.
std::string union_moves(Rtr& t, const AiConfig& cfg, const std::string& id) {
  AiPlayer u(cfg);
  for (int i = 0; i < 200 && t.state().phasing == Side::Union && t.state().phase == Phase::Movement;
       ++i)
    EXPECT_TRUE(t.game().apply(u.choose(t.game())).ok());
  return t.where(id);
}

// 21.12 (2): Union strength exited at 0117 scores only if the line of
// communication 0117-1528 holds at the END of the game. The reference exited
// its army at 0117 as soon as the Train was out and the line held at that
// moment, leaving the road unguarded for the Confederate to cut in the
// Game-Turns still to come (ai-normal did the same: as the Union against the
// reference, seed 77, 21 of its 56 losses had exited strength there that
// scored nothing; docs/ai.md). Now a unit leaves by
// 0117 only in the Union's last Movement Phase, when no Confederate moves
// after it; earlier, it stays on the map.
TEST(Rtr_21_12, TheComputerExitsAt0117OnlyInTheUnionsLastMovementPhase) {
  auto game_at = [](int turn) {
    auto t = std::make_unique<Rtr>(
        rtr_1977(), std::initializer_list<std::pair<std::string, std::string>>{{"Train", "1528"},
                                                                               {"2/2/VI", "0117"}});
    t->advance_to(2, Side::Union);
    EXPECT_TRUE(t->move("Train", {}, true).ok());
    t->advance_to(turn, Side::Union);
    return t;
  };
  EXPECT_NE(union_moves(*game_at(17), normal(3), "2/2/VI"), "exited");
  EXPECT_EQ(union_moves(*game_at(20), normal(3), "2/2/VI"), "exited");
  EXPECT_EQ(union_moves(*game_at(17), reference(3), "2/2/VI"), "exited")
      << "the reference had the blunder this test is about";

  // The evaluation: an exit made this phase counts only in the last
  // Movement Phase; one made before keeps counting (the line still matters).
  auto t = game_at(17);
  const Game view = t->game().view_for(Side::Union);
  ai::Evaluator ev;
  ev.set_line_exits_last(true);
  ev.prepare(view, Side::Union, "");
  const UnitIndex u = t->id("2/2/VI");
  EXPECT_LT(ev.exit_value(view.state(), u, t->hex("0117")), 0);
  ev.set_line_exits_last(false);
  ev.prepare(view, Side::Union, "");
  EXPECT_GT(ev.exit_value(view.state(), u, t->hex("0117")), 0);
}

}  // namespace
}  // namespace bg::test
