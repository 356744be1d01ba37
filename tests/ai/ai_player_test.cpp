// The computer player (docs/ai.md): legal, deterministic, within its budget,
// blind to what its side may not know. Budgets are tiny to keep the suite fast.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "ai/ai_player.h"
#include "ai/attack_value.h"
#include "ai/levels.h"
#include "core/crt.h"
#include "core/hex.h"
#include "core/legal_actions.h"
#include "rtr_fixture.h"
#include "sandbox.h"
#include "study/tournament.h"
#include "study/tournament_report.h"
#include "temp_dir.h"

namespace bg::test {
namespace {

using ai::AiConfig;
using ai::AiPlayer;

AiConfig tiny(uint64_t seed, int budget = 40) {
  AiConfig c;
  c.level = ai::Level::Easy;
  c.seed = seed;
  c.node_budget = budget;
  c.candidates = 3;
  c.time_cap_s = 0;  // no wall clock: the node budget alone decides
  return c;
}

// Plays `turns` Game-Turns with the given players; every action must be accepted.
std::vector<Action> play(Game& g, ai::Player& u, ai::Player& c, int turns, int* refused) {
  std::vector<Action> log;
  *refused = 0;
  for (int i = 0; i < 5000 && !g.over() && g.state().turn <= turns; ++i) {
    const auto side = g.to_act();
    ai::Player& p = *side == Side::Union ? u : c;
    const Action a = p.choose(g);
    if (auto r = g.apply(a); !r.ok()) {
      ++*refused;
      ADD_FAILURE() << "refused (" << p.name() << ", turn " << g.state().turn << ", kind "
                    << static_cast<int>(a.kind) << "): " << r.error().rule << " "
                    << r.error().message;
      break;
    }
    log.push_back(a);
  }
  return log;
}

TEST(AiPlayer, EveryActionItChoosesIsAccepted) {
  // 1977 basic; 1977 with every tournament option and Attack Effectiveness;
  // the revised exclusive rules; the 2016 standard rules with cavalry retreat
  // before combat (Evade decisions) and strategic movement.
  for (uint64_t seed : {1u, 2u, 3u, 4u}) {
    RtrSetup s = seed == 2 ? rtr_1977(true) : seed == 3 ? rtr_revised() : rtr_1977();
    s.seed = seed;
    s.attack_effectiveness = seed != 1;
    if (seed == 4) {
      s.edition = Edition::Dg2016;
      s.cavalry_retreat = s.strategic_movement = true;
    }
    Game g = new_game(s);
    AiPlayer u(tiny(seed)), c(tiny(seed + 10));
    int refused = 0;
    const auto log = play(g, u, c, 6, &refused);
    EXPECT_EQ(refused, 0) << "seed " << seed;
    EXPECT_GT(log.size(), 20u);
    if (seed == 4) {  // DG 11.1: far from the enemy the AI marches strategically
      bool strategic = false;
      for (const Action& a : log) strategic = strategic || a.strategic;
      EXPECT_TRUE(strategic);
    }
    if (std::getenv("BLUEGRAY_AI_VERBOSE"))
      for (const auto& l : u.explanation().lines) std::cerr << "U: " << l << "\n";
    if (std::getenv("BLUEGRAY_AI_VERBOSE"))
      for (const auto& l : c.explanation().lines) std::cerr << "C: " << l << "\n";
  }
}

// 18.1 / 20.1: the computer players' own lists of cavalry retreats before
// combat (DG 11.2) leave out the closed Command Control Zone, so every answer
// they give is one the engine accepts, and none enters the zone.
TEST(Rtr_18_1, ComputerPlayersRetreatCavalryBeforeCombatOutsideTheZone) {
  RtrSetup s = rtr_1977();
  s.edition = Edition::Dg2016;
  s.cavalry_retreat = true;
  // 1/CR in 0415 attacked by Pickett (4-1): its rear, 0315 and 0316, is the zone.
  Rtr t(s, {{"1/CR", "0415"}, {"Pickett", "0515"}});
  t.advance_to(1, Side::Confederate, Phase::Combat);
  ASSERT_TRUE(t.attack({"Pickett"}, {"0415"}).ok());
  ASSERT_EQ(t.state().pending.size(), 1u);
  ASSERT_EQ(t.state().pending[0].kind, PendingKind::Evade);
  int evaded = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    ai::Rng rng(seed);
    ai::RandomPlayer random;
    AiPlayer ai(tiny(seed));
    for (const Action& a : {random.choose(t.game(), rng), ai.choose(t.game())}) {
      ASSERT_EQ(a.kind, ActionKind::Evade);
      for (HexId h : a.path) EXPECT_FALSE(t.rules().in_ccz(h)) << t.name(h);
      Game copy = t.game();
      auto r = copy.apply(a);
      EXPECT_TRUE(r.ok()) << r.error().message;
      evaded += a.path.empty() ? 0 : 1;
    }
  }
  EXPECT_GT(evaded, 0);  // they do ride off
}

// 11.2 / DG 10.2 (R-AE-ADVANCE): the legal actions the computer players choose
// from leave out an ineffective unit's advance into an enemy ZOC, as the engine does.
TEST(Rule_11_2, ComputerPlayersDoNotAdvanceAnIneffectiveUnitIntoAnEnemyZoc) {
  for (const Edition e : {Edition::Spi1977, Edition::Dg2016}) {
    RulesConfig r;
    r.edition = e;
    r.attack_effectiveness = true;
    Sandbox sb(r);
    sb.inf("A", Side::Union, 5, "0505");
    sb.inf("F", Side::Union, 5, "0504");
    sb.inf("B", Side::Confederate, 5, "0506");
    // A is repulsed from B's ZOC (1-1, a 4: Ar) and becomes ineffective.
    ASSERT_TRUE(sb.end().ok());
    sb.dice({4});
    ASSERT_TRUE(sb.attack({"A"}, {"0506"}).ok());
    ASSERT_TRUE(sb.retreat("A", "0504").ok());
    ASSERT_TRUE(sb.advance("", "").ok());
    // B attacks A and F in 0504 and is repulsed (1-2, a 3: Ar) to 0506, whose
    // ZOC covers the hex it left.
    ASSERT_TRUE(sb.end().ok());
    ASSERT_TRUE(sb.move("B", {"0505"}).ok());
    ASSERT_TRUE(sb.end().ok());
    sb.dice({3});
    ASSERT_TRUE(sb.attack({"B"}, {"0504"}).ok());
    ASSERT_TRUE(sb.retreat("B", "0506").ok());
    ASSERT_TRUE(sb.pending(PendingKind::Advance));
    std::vector<Action> legal;
    legal_actions(sb.game(), legal);
    auto offered = [&](const std::string& u) {
      return std::any_of(legal.begin(), legal.end(), [&](const Action& a) {
        return a.kind == ActionKind::Advance && a.unit == sb.id(u) && a.hex == sb.hex("0505");
      });
    };
    EXPECT_FALSE(offered("A"));
    EXPECT_TRUE(offered("F"));
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      ai::Rng rng(seed);
      ai::RandomPlayer random;
      const Action a = random.choose(sb.game(), rng);
      ASSERT_EQ(a.kind, ActionKind::Advance);
      EXPECT_NE(a.unit, sb.id("A"));
      Game copy = sb.game();
      auto res = copy.apply(a);
      EXPECT_TRUE(res.ok()) << res.error().message;
    }
  }
}

TEST(AiPlayer, TheGreedyBaselinePlaysLegally) {
  RtrSetup s = rtr_1977();
  s.seed = 7;
  Game g = new_game(s);
  AiPlayer u(tiny(7), true), c(tiny(8), true);
  int refused = 0;
  play(g, u, c, 5, &refused);
  EXPECT_EQ(refused, 0);
}

TEST(AiPlayer, SameSeedSameActions) {
  RtrSetup s = rtr_1977();
  s.seed = 11;
  Game g1 = new_game(s), g2 = new_game(s);
  AiPlayer u1(tiny(5)), c1(tiny(6)), u2(tiny(5)), c2(tiny(6));
  int r1 = 0, r2 = 0;
  const auto a = play(g1, u1, c1, 3, &r1);
  const auto b = play(g2, u2, c2, 3, &r2);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind) << i;
    EXPECT_EQ(a[i].unit, b[i].unit) << i;
    EXPECT_EQ(a[i].path, b[i].path) << i;
    EXPECT_EQ(a[i].units, b[i].units) << i;
    EXPECT_EQ(a[i].hexes, b[i].hexes) << i;
    EXPECT_EQ(a[i].column, b[i].column) << i;
  }
  EXPECT_EQ(g1.state(), g2.state());
}

TEST(AiPlayer, RespectsItsNodeBudget) {
  RtrSetup s = rtr_1977();
  Game g = new_game(s);
  for (int budget : {10, 50, 120}) {
    // The Confederate's first movement phase (its column enters at 0103).
    AiPlayer c(tiny(3, budget));
    c.choose(g);
    EXPECT_LE(c.last_nodes(), budget);
    EXPECT_GE(c.last_nodes(), std::min(budget, 10));
  }
}

// What the new-game page tells a person about each level is the level's own
// defaults: the budget (as the page writes numbers, "3 000"), for the levels
// that check the enemy's reply how many plans they check, and for the level
// that plays its plans on, how many rollouts in all.
TEST(AiPlayer, TheLevelDescriptionsNameEachLevelsOwnBudget) {
  const auto& levels = ai::player_levels();
  ASSERT_EQ(levels.size(), 3u);
  const ai::Level order[] = {ai::Level::Easy, ai::Level::Normal, ai::Level::Hard};
  for (size_t i = 0; i < levels.size(); ++i) {
    const ai::Level l = order[i];
    EXPECT_EQ(levels[i].name, "ai-" + std::string(ai::level_name(l)));
    std::string budget = std::to_string(ai::default_budget(l));
    if (budget.size() > 3) budget.insert(budget.size() - 3, " ");
    const std::string text(levels[i].description);
    EXPECT_NE(text.find(budget + " positions"), std::string::npos) << text;
    if (ai::default_replies(l) > 0) {
      EXPECT_NE(text.find("best " + std::to_string(ai::default_replies(l)) + " plans"),
                std::string::npos)
          << text;
    }
    if (ai::default_rollouts(l) > 0) {
      const int total = ai::default_replies(l) * ai::default_rollouts(l);
      EXPECT_NE(text.find(std::to_string(total) + " times in all"), std::string::npos) << text;
    }
  }
}

// 22.32: the Confederate's written choice is secret from the Union. A Union
// player must act identically whether or not (and whatever) it was written.
TEST(AiPlayer, TheUnionDoesNotSeeTheWrittenChoice) {
  RtrSetup s = rtr_1977(true);
  s.seed = 21;
  Game plain = new_game(s), secret = new_game(s);
  const auto* rtr = dynamic_cast<const RoadToRichmond*>(secret.scenario());
  ASSERT_NE(rtr, nullptr);
  ASSERT_GE(rtr->variable_units().size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    Action a;
    a.kind = ActionKind::Scenario;
    a.unit = rtr->variable_units()[i];
    a.value = i == 0 ? 15 : 18;
    ASSERT_TRUE(secret.apply(a).ok());
  }
  // The same Confederate moves on both boards: those of the plain game's
  // player, replayed (units written down are simply not entered here either).
  AiPlayer conf(tiny(4));
  std::vector<Action> conf_moves;
  while (plain.state().phasing == Side::Confederate && !plain.over()) {
    Action a = conf.choose(plain);
    if (a.kind == ActionKind::Enter) {
      bool written = false;
      for (size_t i = 0; i < 3; ++i) written = written || a.unit == rtr->variable_units()[i];
      if (written) a.kind = ActionKind::End;  // keep both games equal: skip it
      if (written) continue;
    }
    ASSERT_TRUE(plain.apply(a).ok());
    ASSERT_TRUE(secret.apply(a).ok());
  }
  ASSERT_EQ(plain.state().phasing, Side::Union);
  ASSERT_EQ(secret.state().phasing, Side::Union);
  AiPlayer u1(tiny(9)), u2(tiny(9));
  int union_actions = 0;
  for (int i = 0; i < 200 && plain.state().phasing == Side::Union && !plain.over(); ++i) {
    ++union_actions;
    if (plain.to_act() != Side::Union) break;
    const Action a = u1.choose(plain);
    const Action b = u2.choose(secret);
    ASSERT_EQ(a.kind, b.kind) << i;
    ASSERT_EQ(a.unit, b.unit) << i;
    ASSERT_EQ(a.path, b.path) << i;
    ASSERT_EQ(a.units, b.units) << i;
    ASSERT_TRUE(plain.apply(a).ok());
    ASSERT_TRUE(secret.apply(b).ok());
  }
  EXPECT_GT(union_actions, 5);
}

TEST(AiPlayer, ExplainsItsAttacks) {
  RtrSetup s = rtr_1977();
  s.seed = 5;
  Game g = new_game(s);
  AiPlayer u(tiny(1)), c(tiny(2));
  int refused = 0;
  play(g, u, c, 6, &refused);
  bool attack_line = false, plan_line = false;
  std::vector<std::string> lines = u.explanation().lines;
  lines.insert(lines.end(), c.explanation().lines.begin(), c.explanation().lines.end());
  for (const auto& l : lines) {
    attack_line =
        attack_line || (l.find("attack ") == 0 && l.find("expected") != std::string::npos);
    plan_line = plan_line || l.find("OEP") != std::string::npos;
  }
  EXPECT_TRUE(plan_line);
  EXPECT_TRUE(attack_line);
}

TEST(AiPlayer, PlayTurnPlaysOneSidesPlayerTurn) {
  RtrSetup s = rtr_1977();
  Game g = new_game(s);
  const auto out = ai::play_turn(g, tiny(1));
  EXPECT_FALSE(out.refused) << out.error;
  EXPECT_FALSE(out.actions.empty());
  EXPECT_NE(g.to_act(), Side::Confederate);
  EXPECT_FALSE(out.explanation.lines.empty());
}

TEST(AttackValue, ReducingFourToOneToThreeToOneAvoidsAnExchange) {
  ai::AttackStakes s;
  s.win = 6;
  s.lose = 14;
  s.exchange = 8;
  s.push = 1;
  s.pushed = 2;
  const ai::AttackValue v = ai::best_column(7, s);  // 4-1
  EXPECT_LT(v.column, 7);
}

TEST(Tournament, WilsonIntervalsAndReports) {
  const study::Proportion p = study::wilson(7, 10);
  EXPECT_NEAR(p.p, 0.7, 1e-9);
  EXPECT_NEAR(p.lo, 0.3968, 1e-3);
  EXPECT_NEAR(p.hi, 0.8922, 1e-3);
  study::TournamentSpec spec;
  spec.union_player = "random";
  spec.confederate_player = "random";
  spec.games = 2;
  spec.jobs = 2;
  spec.node_budget = 20;
  spec.make_game = [](uint64_t seed) {
    RtrSetup s = rtr_1977();
    s.seed = seed;
    return titles::rtr::make_road_to_richmond(s);
  };
  const auto r = study::run_tournament(spec);
  ASSERT_EQ(r.games.size(), 2u);
  for (const auto& g : r.games) {
    EXPECT_TRUE(g.error.empty());
    EXPECT_EQ(g.refused, 0);
    EXPECT_EQ(g.turn, 20);
  }
  // Deterministic per game, whatever the threads.
  spec.jobs = 1;
  const auto r1 = study::run_tournament(spec);
  EXPECT_EQ(r1.games[1].vp, r.games[1].vp);
  EXPECT_NE(study::results_csv(r).find("union_vp"), std::string::npos);
  EXPECT_NE(study::results_json(r).find("\"ci95\""), std::string::npos);
  EXPECT_NE(study::vp_histogram_svg(r).find("<svg"), std::string::npos);
  EXPECT_NE(study::win_rates_svg(r).find("Wilson"), std::string::npos);
}

}  // namespace
}  // namespace bg::test

namespace bg::test {
namespace {

// `bluegray tournament` writes every game and the charts, atomically, to --out.
TEST(TournamentCommand, WritesCsvJsonAndCharts) {
  const std::string out = bg::test::fresh_temp_dir("bluegray_tournament_cmd").string();
  const std::string cmd = std::string(BLUEGRAY_BINARY) +
                          " tournament --union random --confederate random --games 2 --jobs 2"
                          " --seed 7 --quiet --out " +
                          out + " > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  for (const char* f : {"results.csv", "results.json", "vp_histogram.svg", "win_rates.svg"}) {
    std::ifstream in(out + "/" + f);
    EXPECT_TRUE(in.good()) << f;
  }
  const std::string bad = std::string(BLUEGRAY_BINARY) +
                          " tournament --union nobody --games 1 --quiet --out " + out +
                          " > /dev/null 2>&1";
  EXPECT_NE(std::system(bad.c_str()), 0);
}

}  // namespace
}  // namespace bg::test
