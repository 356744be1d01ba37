// Module "tactics" (src/modules/command/tactics_module.h): Four Roads rule 9,
// Tactical Ability, with rulings R-FR-9-DIRECTION and R-FR-9-EQUAL-RANK. On
// the Blue & Gray CRT a low die favours the attacker.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "ai/attack_planner.h"
#include "ai/evaluation.h"
#include "core/crt.h"
#include "modules_command_fixture.h"

namespace bg::test {
namespace {

constexpr const char* kChain = R"(
hq Army army radius=4 offensive=0 defensive=0
hq Bold corps parent=Army radius=4 offensive=2 defensive=1
hq Steady corps parent=Army radius=4 offensive=1 defensive=2
hq Reb corps radius=8 offensive=1 defensive=1
)";

// Union 4 in 0505 attacks Confederate 2 in 0506 (2-1); whoever else is placed.
struct Battle {
  explicit Battle(std::vector<std::string> modules = {"tactics"}) : b(kChain, std::move(modules)) {
    b->inf("U", Side::Union, 4, "0505");
    b->inf("C", Side::Confederate, 2, "0506");
  }
  Result<AttackPlan> preview() {
    b->advance_to(Side::Union, Phase::Combat);
    Action a;
    a.kind = ActionKind::Attack;
    a.units.push_back(b->id("U"));
    a.hexes.push_back(b->hex("0506"));
    return b->game().preview_attack(a);
  }
  CommandBox b;
};

TEST(FR_9, AnAttackingHeadquartersTakesItsOffensiveRatingOffTheDie) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0505");
  auto p = t.preview();
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->die_modifier, -2);
  EXPECT_EQ(p->modifier_rule, "FR 9");
  EXPECT_NE(p->modifier_why.find("Bold"), std::string::npos);
  t.b->dice({5});  // 5 - 2 = 3: 2-1 row 3 is Dr (row 5 would be Ar)
  auto r = t.b->attack({"U"}, {"0506"});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->combat->die, 5);
  EXPECT_EQ(r->combat->modified_die, 3);
  EXPECT_EQ(r->combat->result, crt(p->column, 3));
}

TEST(FR_9, ADefendingHeadquartersAddsItsDefensiveRatingAndTheDieIsHeldToSix) {
  Battle t;
  t.b.hq("Reb", Side::Confederate, "0506");
  auto p = t.preview();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->die_modifier, 1);
  t.b->dice({6});
  auto r = t.b->attack({"U"}, {"0506"});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->combat->modified_die, 6);
}

TEST(FR_9, TheDieIsNeverLessThanOne) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0505");
  ASSERT_TRUE(t.preview().ok());
  t.b->dice({1});
  auto r = t.b->attack({"U"}, {"0506"});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->combat->modified_die, 1);
}

// The one place the rule's 1..6 is kept (core/crt.h): the engine, the
// computer's pricing and the shown chances all read the table through it.
TEST(FR_9, TheModifiedDieIsTheRollMovedAndHeldToTheTable) {
  EXPECT_EQ(core::modified_die(4, 0), 4);
  EXPECT_EQ(core::modified_die(4, -2), 2);
  EXPECT_EQ(core::modified_die(2, 3), 5);
  EXPECT_EQ(core::modified_die(2, -2), 1);
  EXPECT_EQ(core::modified_die(1, -1), 1);
  EXPECT_EQ(core::modified_die(5, 2), 6);
  EXPECT_EQ(core::modified_die(6, 1), 6);
  for (int die = 1; die <= 6; ++die)
    for (int mod = -4; mod <= 4; ++mod) {
      const int read = core::modified_die(die, mod);
      EXPECT_GE(read, 1);
      EXPECT_LE(read, 6);
    }
}

// The chances shown before an attack and the computer's pricing count the
// faces here: on 1-1 the printed row is three Dr and three Ar; a -2 moves the
// 4 and 5 onto Dr (faces 2 and 3) and the 6 onto the 4's Ar; a +2 moves the
// 1, 2 and 3 onto faces 3, 4 and 5: one Dr, and Ar from there on.
TEST(FR_9, TheFacesOfEachResultAreCountedOnTheModifiedDie) {
  const int one_to_one = 4;
  auto count = [](const std::array<int, core::kResults>& n, core::CombatResult r) {
    return n[static_cast<size_t>(r)];
  };
  const auto printed = core::faces_by_result(one_to_one);
  EXPECT_EQ(count(printed, core::CombatResult::Dr), 3);
  EXPECT_EQ(count(printed, core::CombatResult::Ar), 3);
  const auto helped = core::faces_by_result(one_to_one, -2);
  EXPECT_EQ(count(helped, core::CombatResult::Dr), 5);
  EXPECT_EQ(count(helped, core::CombatResult::Ar), 1);
  const auto hindered = core::faces_by_result(one_to_one, 2);
  EXPECT_EQ(count(hindered, core::CombatResult::Dr), 1);
  EXPECT_EQ(count(hindered, core::CombatResult::Ar), 5);
  for (int column = 0; column < core::kColumns; ++column)
    for (int mod = -3; mod <= 3; ++mod) {
      const auto n = core::faces_by_result(column, mod);
      int sum = 0;
      for (int r = 0; r < core::kResults; ++r) {
        sum += n[static_cast<size_t>(r)];
        int by_hand = 0;
        for (int die = 1; die <= 6; ++die)
          by_hand +=
              core::crt(column, core::modified_die(die, mod)) == static_cast<core::CombatResult>(r);
        EXPECT_EQ(n[static_cast<size_t>(r)], by_hand) << column << " " << mod << " " << r;
      }
      EXPECT_EQ(sum, 6);
    }
}

TEST(FR_9, BothSidesRatingsCountTogether) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0505");
  t.b.hq("Reb", Side::Confederate, "0506");
  auto p = t.preview();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->die_modifier, -1);  // -2 + 1
}

TEST(FR_9, OnlyTheHighestEchelonInTheBattleCounts) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0505");
  t.b.hq("Army", Side::Union, "0505");  // the army outranks the corps: its 0 counts
  auto p = t.preview();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->die_modifier, 0);
}

TEST(R_FR_9_EQUAL_RANK, OfEqualRankTheOwnersBestRatingApplies) {
  Battle t;
  t.b.hq("Steady", Side::Union, "0505");
  t.b.hq("Bold", Side::Union, "0505");
  auto p = t.preview();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->die_modifier, -2);  // Bold's 2, not Steady's 1
}

TEST(FR_9, AHeadquartersOutsideTheBattleDoesNotCount) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0504");  // beside, not with the attacker
  auto p = t.preview();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->die_modifier, 0);
  EXPECT_TRUE(p->modifier_why.empty());
}

// The computer prices an attack on the die the ratings leave: Bold's -2
// makes the 2-1 read rows -1 to 4 (held to 1 to 4 and row 1 three times),
// so the planner's value is the modified die's, not the printed row's.
TEST(FR_9, TheComputerValuesAnAttackOnTheDieTheRatingsLeave) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0505");
  ASSERT_TRUE(t.preview().ok());  // to the Union's Combat Phase
  const Game view = t.b->game().view_for(Side::Union);
  ai::Evaluator ev;
  ev.prepare_stakes(view, Side::Union);
  ai::AttackPlanner planner;
  const auto p = planner.next(view, ev);
  ASSERT_TRUE(p.has_value());
  EXPECT_NEAR(p->value.ev, ai::expected_value(p->value.column, -2, p->stakes), 1e-12);
  EXPECT_GT(p->value.ev, ai::column_value(p->value.column, p->stakes) + 1e-6)
      << "a low die favours the attacker: the rating is worth something to it";
  int counted = 0;
  for (int die = 1; die <= 6; ++die)
    counted += crt(p->value.column, std::max(1, die - 2)) == CombatResult::De;
  EXPECT_EQ(p->value.outcomes[static_cast<size_t>(CombatResult::De)], counted);
  // ref-2026 and the greedy baseline value the printed row, as they were measured.
  ai::AttackPlanner printed;
  printed.set_reads_die_modifier(false);
  const auto q = printed.next(view, ev);
  ASSERT_TRUE(q.has_value());
  EXPECT_NEAR(q->value.ev, ai::column_value(q->value.column, q->stakes), 1e-12);
}

// The evaluation's combat estimate (what a planned position's forced attacks
// are worth) reads the same die: Bold's -2 makes the Union's 2-1 worth more
// to the levels' planning than the printed row; ref-2026's evaluation keeps
// the printed row.
TEST(FR_9, TheCombatEstimateReadsTheDieTheRatingsLeave) {
  Battle t;
  t.b.hq("Bold", Side::Union, "0505");
  const auto plan = t.preview();
  ASSERT_TRUE(plan.ok());
  const Game view = t.b->game().view_for(Side::Union);
  auto estimate = [&](bool reads) {
    ai::Evaluator ev;
    ev.set_reads_die_modifier(reads);
    ev.prepare(view, Side::Union, "");
    std::vector<ai::CombatGuess> guesses;
    const double total = ev.combat_estimate(view.state(), view.board(), &guesses);
    EXPECT_EQ(guesses.size(), 1u);
    const ai::AttackStakes s = ev.stakes(view.state(), view.board(), plan->attackers, plan->hexes);
    return std::make_tuple(total, ai::best_column(plan->computed_column, s, reads ? -2 : 0).ev);
  };
  const auto [with, with_expected] = estimate(true);
  const auto [printed, printed_expected] = estimate(false);
  EXPECT_NEAR(with, with_expected, 1e-9);
  EXPECT_NEAR(printed, printed_expected, 1e-9);
  EXPECT_GT(with, printed + 1e-6) << "a low die favours the attacker";
}

}  // namespace
}  // namespace bg::test
