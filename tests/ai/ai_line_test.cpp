// The line of communication late in the game, as the computer weighs it
// (Evaluator::set_line_guard, set_line_reopen): 21.12 (2) pays for Union
// strength exited at 0117 only while the line 0117-1528 of 21.21 holds at the
// END of the game. In engine games the Confederate's Game-Turn Fifteen
// reinforcements enter at 0117 and cut it; the Union that wins clears them
// off the road again, the one that loses does not. Each test also shows the term off (the levels'
// default) giving the plain answer, so it can fail.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ai/evaluation.h"
#include "ai/player_settings.h"
#include "rtr_fixture.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;

// The Train out at 1528 on Game-Turn Two (so 0117's exits may pay), then the
// game at `turn`'s Union Movement Phase, with `units` placed before play.
// With `alone`, every Confederate unit is taken out of the game
// (none is due to enter either).
std::unique_ptr<Rtr> late_game(int turn,
                               std::initializer_list<std::pair<std::string, std::string>> units,
                               bool alone = false) {
  auto t = std::make_unique<Rtr>(rtr_1977(), units);
  if (alone) {
    std::vector<std::string> ids;  // remove() sets the game up again: the roster first
    for (const UnitDef& d : t->game().roster())
      if (d.side == Side::Confederate) ids.push_back(d.id);
    for (const std::string& id : ids) t->remove(id);
  }
  t->advance_to(2, U);
  EXPECT_TRUE(t->move("Train", {}, true).ok());
  t->advance_to(turn, U);
  return t;
}

struct Weighed {
  ai::Terms terms;
  double total = 0;
};

// A Union evaluator as the levels set it up, with the line terms at `guard`
// and `reopen`, prepared for `view`'s phase.
void prepare_union(ai::Evaluator& ev, const Game& view, double guard, double reopen) {
  ev.set_line_exits_last(true);
  ev.set_line_guard(guard);
  ev.set_line_reopen(reopen);
  ev.prepare(view, U, "");
}

// The stakes (Evaluator::stakes) of 3/2/VI attacking the units in
// `defender`, as a Union evaluator with `reopen` prices them.
ai::AttackStakes stakes_of(Rtr& t, double reopen, const std::string& defender) {
  const Game view = t.game().view_for(U);
  ai::Evaluator ev;
  prepare_union(ev, view, 0, reopen);
  StaticVector<UnitIndex, kMaxCombatUnits> att;
  att.push_back(t.id("3/2/VI"));
  StaticVector<HexId, kMaxCombatHexes> defs;
  defs.push_back(t.hex(defender));
  return ev.stakes(view.state(), view.board(), att, defs);
}

Weighed weigh(const Rtr& t, double guard, double reopen) {
  const Game view = const_cast<Rtr&>(t).game().view_for(U);
  ai::Evaluator ev;
  prepare_union(ev, view, guard, reopen);
  Weighed w;
  w.total = ev.evaluate(view.state(), &w.terms);
  return w;
}

// The line holds (no Confederate on the Nine Mile Road), but a Confederate
// brigade two hexes from Richmond can step onto 0117, 0216 or 0215, each of
// which alone cuts it (the road leaves 0117 by one hexside). 2/2/VI stands
// on the road at 0314, within a march of 0117: late in the game its strength
// counts half a point a point there (ExitScore::nearby) while the line pays.
TEST(AiLineGuard, WithholdsWhatACuttableLinePays) {
  auto t = late_game(18, {{"Train", "1528"}, {"2/2/VI", "0314"}, {"Cobb", "0119"}});
  ASSERT_TRUE(t->rules().line_of_communication(t->game().context(), t->state(), U));
  const Weighed plain = weigh(*t, 0, 0);
  // The exits term: the Train's five and the point for a unit out at 1528
  // (21.12 (1), (3): no line needed), and 2/2/VI near 0117.
  const double near = 0.5 * t->game().context().def(t->id("2/2/VI")).strength;
  ASSERT_DOUBLE_EQ(plain.terms.exits, 6 + near);
  // One contested hex cuts the line: the whole of what it pays is withheld,
  // half of it at 0.5; the exits that need no line keep theirs.
  EXPECT_DOUBLE_EQ(weigh(*t, 1, 0).terms.exits, 6);
  EXPECT_DOUBLE_EQ(weigh(*t, 0.5, 0).terms.exits, 6 + near / 2);
  // Everything else is weighed as before.
  EXPECT_DOUBLE_EQ(weigh(*t, 1, 0).total - weigh(*t, 1, 0).terms.exits,
                   plain.total - plain.terms.exits);
}

// With no enemy able to reach the road the line is safe: nothing is withheld.
TEST(AiLineGuard, LeavesALineTheEnemyCannotReach) {
  auto t = late_game(18, {{"Train", "1528"}, {"2/2/VI", "0314"}}, true);
  const Weighed plain = weigh(*t, 0, 0);
  ASSERT_GT(plain.terms.exits, 6) << "2/2/VI near 0117 counts while the line holds";
  EXPECT_DOUBLE_EQ(weigh(*t, 1, 0).terms.exits, plain.terms.exits);
}

// In the Union's last Movement Phase no Confederate moves after it: the line
// is judged as it stands, and the guard withholds nothing.
TEST(AiLineGuard, IsOffInTheLastMovementPhase) {
  auto t = late_game(20, {{"Train", "1528"}, {"2/2/VI", "0314"}, {"Cobb", "0119"}});
  const Weighed plain = weigh(*t, 0, 0);
  ASSERT_GT(plain.terms.exits, 6);
  EXPECT_DOUBLE_EQ(weigh(*t, 1, 0).terms.exits, plain.terms.exits);
}

// Cobb stands in Richmond (0117): the line is cut, and his hex alone cuts
// it. An attack that makes him retreat or eliminates him reopens it, worth
// `reopen` of what 2/2/VI and 3/2/VI near 0117 would count for; an attack
// on a Confederate off the road (Toombs at 0611) gains nothing of it (no
// unit is next to an enemy: the stakes are the planner's, asked of any set).
// While the line can be reopened so, the exits count `reopen` / 2 of their
// worth.
TEST(AiLineReopen, AnAttackThatReopensTheLineIsWorthWhatTheLinePays) {
  auto t = late_game(17, {{"Train", "1528"},
                          {"2/2/VI", "0314"},
                          {"3/2/VI", "0313"},
                          {"Cobb", "0117"},
                          {"Toombs", "0611"}});
  const Context ctx = t->game().context();
  ASSERT_FALSE(t->rules().line_of_communication(ctx, t->state(), U));
  // What the line pays: half a point for each strength point within a march
  // of 0117 (2/2/VI and 3/2/VI).
  const double near = 0.5 * (ctx.def(t->id("2/2/VI")).strength + ctx.def(t->id("3/2/VI")).strength);
  const ai::AttackStakes off = stakes_of(*t, 0, "0117"), on = stakes_of(*t, 1, "0117"),
                         half = stakes_of(*t, 0.5, "0117");
  EXPECT_DOUBLE_EQ(on.win - off.win, near);
  EXPECT_DOUBLE_EQ(on.push - off.push, near);
  EXPECT_DOUBLE_EQ(half.win - off.win, near / 2);
  EXPECT_DOUBLE_EQ(on.lose, off.lose);
  const ai::AttackStakes elsewhere = stakes_of(*t, 1, "0611");
  EXPECT_DOUBLE_EQ(elsewhere.win, stakes_of(*t, 0, "0611").win);
  EXPECT_DOUBLE_EQ(elsewhere.push, stakes_of(*t, 0, "0611").push);

  // A cut line pays nothing (the 6 are the exits that need no line), one
  // that an attack could reopen half of `reopen`.
  EXPECT_DOUBLE_EQ(weigh(*t, 0, 0).terms.exits, 6);
  EXPECT_DOUBLE_EQ(weigh(*t, 0, 1).terms.exits, 6 + near / 2);
}

// Two Confederate hexes cut the line (Cobb in 0117, Toombs in 0216): no one
// hex's defenders reopen it, so no attack is credited and the line's exits
// count nothing.
TEST(AiLineReopen, NoAttackIsCreditedWhenNoOneHexReopensTheLine) {
  auto t = late_game(17, {{"Train", "1528"},
                          {"2/2/VI", "0314"},
                          {"3/2/VI", "0313"},
                          {"Cobb", "0117"},
                          {"Toombs", "0216"}});
  EXPECT_DOUBLE_EQ(weigh(*t, 0, 1).terms.exits, 6);
  for (const char* h : {"0117", "0216"})
    EXPECT_DOUBLE_EQ(stakes_of(*t, 1, h).win, stakes_of(*t, 0, h).win) << h;
}

TEST(AiPlayerSettings, TheLineGuardAndReopenAreSettings) {
  ai::AiConfig c;
  EXPECT_EQ(ai::apply_settings("guard=0.5,reopen=1", c), "");
  EXPECT_DOUBLE_EQ(c.line_guard, 0.5);
  EXPECT_DOUBLE_EQ(c.line_reopen, 1);
  EXPECT_NE(ai::apply_settings("guard=1.5", c), "");
  EXPECT_NE(ai::apply_settings("reopen=-1", c), "");
  EXPECT_DOUBLE_EQ(c.line_guard, 0.5) << "a refused setting changes nothing";
}

}  // namespace
}  // namespace bg::test
