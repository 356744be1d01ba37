// The look at an attack's results before it is declared (ai/combat_look.h)
// and the player that compares its attacks by it (AiConfig::combat_look).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/ai_player.h"
#include "ai/attack_planner.h"
#include "ai/combat_look.h"
#include "ai/levels.h"
#include "ai_play_fixture.h"
#include "rtr_fixture.h"

namespace bg::test {
namespace {

// Short planners, test size.
ai::AiConfig small_player(uint64_t seed) {
  ai::AiConfig c;
  c.level = ai::Level::Normal;
  c.seed = seed;
  c.node_budget = 60;
  c.candidates = 3;
  c.replies = 0;
  c.anytime = 0;
  c.time_cap_s = 0;
  return c;
}

// The phasing side's view at the first Combat Phase of a game played by two
// short players in which its planner declares an attack, and that attack.
struct CombatView {
  Game view;
  Side me{};
  ai::PlannedAttack attack;
};
std::optional<CombatView> first_attack(Game g) {
  ai::AiPlayer u(small_player(3)), c(small_player(4));
  for (int i = 0; i < 20000 && !g.over(); ++i) {
    const GameState& st = g.state();
    if (st.phase == Phase::Combat && st.pending.empty() && !st.closing) {
      const Side me = st.phasing;
      Game view = g.view_for(me);
      ai::Evaluator ev;
      ev.prepare_stakes(view, me);
      ai::AttackPlanner planner;
      planner.set_planning(ai::AttackPlanning::Coordinated);
      if (auto p = planner.next(view, ev)) return CombatView{std::move(view), me, *p};
    }
    ai::AiPlayer& p = *g.to_act() == Side::Union ? u : c;
    if (!g.apply(p.choose(g)).ok()) return std::nullopt;
  }
  return std::nullopt;
}

TEST(AiCombatLook, TheLookPlaysTheAttackOnEveryFaceAndRepeatsItselfWithoutTouchingTheView) {
  const auto cv = first_attack(rtr_game(17));
  ASSERT_TRUE(cv.has_value()) << "some Combat Phase has an attack to declare";
  const GameState before = cv->view.state();
  ai::CombatLook look(small_player(9));
  ai::Evaluator judge;
  const auto a = look.value(cv->view, cv->me, cv->attack.action, 77, judge, "");
  ASSERT_TRUE(a.has_value());
  // The attack itself six times, and the phase's answers and later attacks.
  EXPECT_GT(look.actions(), 6);
  EXPECT_EQ(cv->view.state(), before) << "the view is not touched";
  const auto b = look.value(cv->view, cv->me, cv->attack.action, 77, judge, "");
  ASSERT_TRUE(b.has_value());
  EXPECT_DOUBLE_EQ(*a, *b) << "the same seed, the same look";
  // Declaring the attack changes what the phase leaves.
  EXPECT_NE(*a, look.value_now(cv->view, cv->me, judge, ""));
}

TEST(AiCombatLook, OnlyMySidesPlayerInALookPricesTheZonesByTheGameTurn) {
  // As in a rollout (ImaginedPlayers): the enemy plays as the player models
  // it, at the zones' flat price, the price ai-normal pays.
  ai::AiConfig c = small_player(9);
  c.zone_timing = 1;
  const ai::CombatLook timed(c);
  EXPECT_TRUE(timed.players().mine().zone_timing());
  EXPECT_FALSE(timed.players().enemy().zone_timing());
  c.zone_timing = 0;
  const ai::CombatLook flat(c);
  EXPECT_FALSE(flat.players().mine().zone_timing());
  EXPECT_FALSE(flat.players().enemy().zone_timing());
}

TEST(AiCombatLook, AnAttackTheRulesRefuseIsNotValued) {
  const auto cv = first_attack(rtr_game(17));
  ASSERT_TRUE(cv.has_value());
  ai::CombatLook look(small_player(9));
  ai::Evaluator judge;
  Action bad = cv->attack.action;
  bad.hexes = {};  // an attack on nothing (7.1)
  EXPECT_FALSE(look.value(cv->view, cv->me, bad, 77, judge, "").has_value());
}

TEST(AiCombatLook, ThePlannersAlternativesAreOtherHexesBestFirstAndDeclarable) {
  // Over the first few games' Combat Phases: every alternative attacks
  // another set of hexes than the chosen attack, no two the same set, in
  // order of value, and the rules accept each as it stands.
  int seen = 0;
  for (uint64_t seed : {17, 23, 29}) {
    const auto cv = first_attack(rtr_game(seed));
    if (!cv) continue;
    ai::Evaluator ev;
    ev.prepare_stakes(cv->view, cv->me);
    ai::AttackPlanner planner;
    planner.set_planning(ai::AttackPlanning::Coordinated);
    const auto p = planner.next(cv->view, ev);
    ASSERT_TRUE(p.has_value());
    std::vector<ai::PlannedAttack> alts;
    planner.alternatives(cv->view, *p, 8, alts);
    // The planner's rank (AttackPlanner::consider).
    auto score = [](const ai::PlannedAttack& x) {
      return x.value.ev - 0.01 * static_cast<double>(x.action.units.size());
    };
    auto same = [](const Action& a, const Action& b) {
      if (a.hexes.size() != b.hexes.size()) return false;
      for (HexId h : a.hexes)
        if (!b.hexes.contains(h)) return false;
      return true;
    };
    for (size_t i = 0; i < alts.size(); ++i) {
      ++seen;
      EXPECT_FALSE(same(alts[i].action, p->action));
      for (size_t j = 0; j < i; ++j) EXPECT_FALSE(same(alts[i].action, alts[j].action));
      if (i > 0) {
        EXPECT_LE(score(alts[i]), score(alts[i - 1]) + 1e-9);
      }
      EXPECT_TRUE(cv->view.preview_attack(alts[i].action).ok());
      Game copy = cv->view;
      EXPECT_TRUE(copy.apply(alts[i].action).ok()) << alts[i].why;
    }
    std::vector<ai::PlannedAttack> two;
    planner.alternatives(cv->view, *p, 2, two);
    EXPECT_LE(two.size(), 2u);
  }
  EXPECT_GT(seen, 0) << "some phase had an alternative";
  // Best-first planning keeps no candidates.
  const auto cv = first_attack(rtr_game(17));
  ASSERT_TRUE(cv.has_value());
  ai::Evaluator ev;
  ev.prepare_stakes(cv->view, cv->me);
  ai::AttackPlanner planner;
  const auto p = planner.next(cv->view, ev);
  ASSERT_TRUE(p.has_value());
  std::vector<ai::PlannedAttack> alts;
  planner.alternatives(cv->view, *p, 8, alts);
  EXPECT_TRUE(alts.empty());
}

TEST(AiCombatLook, APlayerLookingAtItsAttacksIsLegalDeterministicAndSaysSo) {
  ai::AiConfig u = small_player(4), c = small_player(5);
  u.combat_look = c.combat_look = 3;
  u.rollout_nodes = c.rollout_nodes = 30;
  const PlayedGame a = play_game(41, u, c, 4, 6000);
  const PlayedGame b = play_game(41, u, c, 4, 6000);
  expect_same_play(a, b);
  EXPECT_GE(lines_starting(a, "combat look: "), 1) << "the looks explain what they compared";
}

TEST(AiCombatLook, TheLookIsASettingNoLevelPlaysAndTheFrozenPlayersIgnore) {
  for (ai::Level l : {ai::Level::Easy, ai::Level::Normal, ai::Level::Hard}) {
    ai::AiConfig c;
    c.level = l;
    EXPECT_EQ(ai::AiPlayer(c).config().combat_look, 0) << ai::level_name(l);
  }
  ai::AiConfig frozen = small_player(1);
  frozen.frozen_2026 = true;
  frozen.combat_look = 4;
  EXPECT_EQ(ai::AiPlayer(frozen).config().combat_look, 0) << "ref-2026 plays as it did";
  ai::AiConfig greedy = small_player(1);
  greedy.combat_look = 4;
  EXPECT_EQ(ai::AiPlayer(greedy, true).config().combat_look, 0) << "the baseline too";
}

}  // namespace
}  // namespace bg::test
