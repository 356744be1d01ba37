// The movement phase as a choice per unit (ai/move_candidates.h): a plan's
// reinforcements, decoded for the evaluation, go where the rules let them.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "ai/ai_player.h"
#include "ai/levels.h"
#include "ai/move_candidates.h"
#include "ai/player_settings.h"
#include "rtr_fixture.h"

namespace bg::test {
namespace {

// The first Movement Phase, from `seed`'s game played by ai-normal, in which
// the phasing side has at least `n` reinforcements that may enter.
Game phase_with_reinforcements(uint64_t seed, int n) {
  Game g = rtr_game(seed);
  ai::AiConfig c;
  c.level = ai::Level::Normal;
  c.node_budget = 200;
  c.seed = seed;
  ai::AiPlayer u(c), cf(c);
  for (int i = 0; i < 20000 && !g.over(); ++i) {
    const GameState& st = g.state();
    if (st.phase == Phase::Movement && st.pending.empty()) {
      int waiting = 0;
      for (int x = 0; x < st.pos.count; ++x)
        waiting += g.roster()[static_cast<UnitIndex>(x)].side == st.phasing &&
                   st.pos.units[x].status == UnitStatus::OffMap &&
                   !g.entry_options(static_cast<UnitIndex>(x)).empty();
      if (waiting >= n) return g;
    }
    ai::AiPlayer& p = *g.to_act() == Side::Union ? u : cf;
    EXPECT_TRUE(g.apply(p.choose(g)).ok());
  }
  ADD_FAILURE() << "no Movement Phase with " << n << " reinforcements";
  return g;
}

// Every unit the plan's orders move, made through the engine in their
// order as the player makes them (order_action): the position reached.
Position made(Game g, const std::vector<ai::MoveOption>& orders,
              const std::vector<UnitIndex>& units) {
  core::LegalActionGenerator gen;
  std::vector<Action> legal;
  for (size_t i = 0; i < orders.size(); ++i) {
    Action a;
    if (ai::order_action(g, units[i], orders[i], gen, legal, a)) {
      EXPECT_TRUE(g.apply(a).ok());
    }
  }
  return g.position();
}

// Each reinforcement to its best-scored hex that two before it have not
// taken (the greedy plan would stack them all in one hex, and decoding
// would keep all but two off the map); the units on the map stay.
ai::Genome spread(const ai::MoveSpace& space) {
  ai::Genome plan = space.stay();
  std::vector<HexId> taken;
  for (size_t i = 0; i < space.units().size(); ++i) {
    const ai::UnitChoices& c = space.units()[i];
    if (!c.reinforcement) continue;
    for (size_t j = 1; j < c.options.size(); ++j)
      if (std::count(taken.begin(), taken.end(), c.options[j].to) < 2) {
        plan[i] = static_cast<uint8_t>(j);
        taken.push_back(c.options[j].to);
        break;
      }
  }
  return plan;
}

// The reinforcements the decoded plan brings on, and how many of them the
// engine put somewhere else when the orders were made.
struct Agreement {
  int entered = 0;
  int elsewhere = 0;
};
Agreement decoded_vs_made(const Game& g, bool columns) {
  const Side me = g.state().phasing;
  ai::Evaluator ev;
  ev.prepare(g, me, "");
  ai::MoveSpace space;
  space.build(g, ev, 6, columns);
  const ai::Genome plan = spread(space);
  GameState ws = g.state();
  space.decode(plan, ws);
  std::vector<UnitIndex> units;
  const std::vector<ai::MoveOption> orders = space.orders(plan, units);
  const Position after = made(g, orders, units);
  Agreement a;
  for (int u = 0; u < ws.pos.count; ++u) {
    if (g.state().pos.units[u].status != UnitStatus::OffMap || !ws.pos.units[u].on_map()) continue;
    ++a.entered;
    a.elsewhere += after.units[u].hex != ws.pos.units[u].hex;
  }
  return a;
}

// The k-th pair of units to enter by one hex pays k Movement Points
// (Resolver::plan_entry). A plan that ignored the column sent every
// reinforcement as far as the first pair could go; the engine then put the
// later ones short of where the evaluation had them. Planned in columns,
// each one the decoded plan brings on ends where the decoded plan has it.
TEST(AiMoveSpace, ReinforcementsArePlannedInTheirEntryColumns) {
  const Game g = phase_with_reinforcements(5, 6);
  const Agreement flat = decoded_vs_made(g, false);
  ASSERT_GT(flat.elsewhere, 0) << "the phase must have a column that matters";
  const Agreement columns = decoded_vs_made(g, true);
  EXPECT_GT(columns.entered, 0);
  EXPECT_EQ(columns.elsewhere, 0);
}

// Without columns the space is the one ai-normal was measured with: the
// same options, and a plan's reinforcements in the order of the units.
TEST(AiMoveSpace, WithoutColumnsNoOptionReckonsAPlace) {
  const Game g = phase_with_reinforcements(5, 6);
  ai::Evaluator ev;
  ev.prepare(g, g.state().phasing, "");
  ai::MoveSpace flat, columns;
  flat.build(g, ev, 6, false);
  columns.build(g, ev, 6, true);
  ASSERT_EQ(flat.units().size(), columns.units().size());
  bool reckoned = false;
  for (size_t i = 0; i < flat.units().size(); ++i) {
    for (const ai::MoveOption& o : flat.units()[i].options) EXPECT_EQ(o.last_pair, 0);
    for (const ai::MoveOption& o : columns.units()[i].options)
      reckoned = reckoned || o.last_pair > 1;
    // The k best by score come first in both.
    const auto& a = flat.units()[i].options;
    const auto& b = columns.units()[i].options;
    ASSERT_LE(a.size(), b.size());
    for (size_t j = 0; j < a.size(); ++j) EXPECT_EQ(a[j].to, b[j].to) << i << " " << j;
  }
  EXPECT_TRUE(reckoned) << "some option reaches from behind the column's first pair";
}

// No level plans in columns yet (ai-hard screened worse with them); the
// setting turns them on, never for the reference.
TEST(AiMoveSpace, ColumnsAreASettingAndTheReferenceNeverPlansInThem) {
  EXPECT_FALSE(ai::default_columns(ai::Level::Hard));
  EXPECT_FALSE(ai::default_columns(ai::Level::Normal));
  EXPECT_FALSE(ai::default_columns(ai::Level::Easy));
  ai::AiConfig c;
  c.level = ai::Level::Hard;
  EXPECT_EQ(ai::AiPlayer(c).config().columns, 0);
  c.columns = 1;
  EXPECT_EQ(ai::AiPlayer(c).config().columns, 1);
  c.level = ai::Level::Normal;
  EXPECT_EQ(ai::AiPlayer(c).config().columns, 1);
  c.frozen_2026 = true;
  c.columns = 1;
  EXPECT_EQ(ai::AiPlayer(c).config().columns, 0) << "ref-2026 plays as it did";
  ai::AiConfig d;
  ASSERT_EQ(ai::apply_settings("columns=0", d), "");
  EXPECT_EQ(d.columns, 0);
  EXPECT_NE(ai::apply_settings("columns=2", d), "");
  EXPECT_EQ(d.columns, 0) << "a refused setting changes nothing";
}

}  // namespace
}  // namespace bg::test
