// The Combat Phase's attack planner (ai/attack_planner.h): the coordinated
// plan of the levels against the best-first plan ref-2026 and the greedy
// baseline keep. Each test shows the best-first planner failing, so it can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_player.h"
#include "ai/attack_planner.h"
#include "ai/evaluation.h"
#include "ai/levels.h"
#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

void to_combat(Sandbox& sb) {
  auto r = sb.end();
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(sb.state().phase, Phase::Combat);
}

// The first attack the planner declares on the Union's view (none: it would end the phase).
std::optional<ai::PlannedAttack> first_attack(Sandbox& sb, ai::AttackPlanning planning) {
  const Game view = sb.game().view_for(U);
  ai::Evaluator ev;
  ev.prepare(view, U, "");
  ai::AttackPlanner planner;
  planner.set_planning(planning);
  return planner.next(view, ev);
}

std::vector<std::string> ids(Sandbox& sb, const Action& a) {
  std::vector<std::string> out;
  for (UnitIndex u : a.units) out.push_back(sb.game().roster()[u].id);
  std::sort(out.begin(), out.end());
  return out;
}

// The Union's Combat Phase: W (1) must attack Big (10) beside it (7.11/7.12);
// the battery Art may bombard Far (10) two hexes away (8.1).
void obligation_beside_a_cheap_bombardment(Sandbox& sb) {
  sb.inf("W", U, 1, "0505");
  sb.inf("Big", C, 10, "0506");
  sb.unit("Art", U, UnitType::Artillery, 1, "0902");
  sb.inf("Far", C, 10, "0904");
  to_combat(sb);
}

// 7.11/7.12: a voluntary bombardment elsewhere that would cost a tenth of a
// point outranked the obligated attack (a 1-5 that costs two thirds), and the
// best-first planner, finding its best attack not worth making, declared
// nothing: the phase could not end, and the player fell back on a random
// legal attack. The set planning of ai-normal and ai-hard meets the obligation.
TEST(AttackPlanner, MeetsTheObligationWhenAVoluntaryBombardmentLooksCheaper) {
  Sandbox sb;
  obligation_beside_a_cheap_bombardment(sb);
  ASSERT_FALSE(sb.game().obligations().empty());
  EXPECT_FALSE(first_attack(sb, ai::AttackPlanning::BestFirst).has_value());  // best-first: nothing
  {
    const auto p = first_attack(sb, ai::AttackPlanning::Coordinated);
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(ids(sb, p->action), std::vector<std::string>{"W"});
    ASSERT_EQ(p->action.hexes.size(), 1u);
    EXPECT_EQ(p->action.hexes[0], sb.hex("0506"));
    EXPECT_TRUE(p->obligated);
    EXPECT_TRUE(sb.game().preview_attack(p->action).ok());
  }
}

// ai-normal and ai-hard plan the Combat Phase as a set (measured against
// ref-2026, docs/ai.md); ai-easy, the gentle
// level, keeps best-first. On the position above the levels that plan the
// set declare the obligated attack themselves instead of a random one.
TEST(AttackPlanner, TheNormalAndHardLevelsPlanTheirAttacksAsASet) {
  EXPECT_EQ(ai::default_attack_planning(ai::Level::Easy), ai::AttackPlanning::BestFirst);
  for (ai::Level level : {ai::Level::Normal, ai::Level::Hard}) {
    EXPECT_EQ(ai::default_attack_planning(level), ai::AttackPlanning::Coordinated);
    Sandbox sb;
    obligation_beside_a_cheap_bombardment(sb);
    ai::AiConfig c;
    c.level = level;
    c.time_cap_s = 0;
    ai::AiPlayer player(c);
    ASSERT_EQ(player.config().attack_planning, ai::AttackPlanning::Coordinated);
    const Action a = player.choose(sb.game());
    ASSERT_EQ(a.kind, ActionKind::Attack);
    EXPECT_EQ(ids(sb, a), std::vector<std::string>{"W"});
    ASSERT_EQ(a.hexes.size(), 1u);
    EXPECT_EQ(a.hexes[0], sb.hex("0506"));
  }
  ai::AiConfig easy;
  easy.level = ai::Level::Easy;
  EXPECT_EQ(ai::AiPlayer(easy).config().attack_planning, ai::AttackPlanning::BestFirst);
}

}  // namespace
}  // namespace bg::test
