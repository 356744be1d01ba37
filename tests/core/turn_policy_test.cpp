// Who acts and who must agree (core/actors.cpp), and the one `reach` query
// every front end uses (core/unit_reach.h): rules the server and the protocol
// ask rather than decide.
#include <gtest/gtest.h>

#include "core/unit_reach.h"
#include "rtr_fixture.h"
#include "sandbox.h"

namespace bg::test {
namespace {

// ---------------------------------------------------------------- 5.17

TEST(Rule_5_17, OnlyTheLastMoveIsTakenBackByItsMoverWithTheOpponentsConsent) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0505");
  sb.inf("B", Side::Union, 4, "0305");
  sb.inf("K", Side::Confederate, 4, "1010");
  // Nothing moved yet: nothing to take back.
  EXPECT_EQ(sb.game().take_back(Side::Union).error().rule, "5.17");
  ASSERT_TRUE(sb.move("A", {"0506"}).ok());
  auto consent = sb.game().take_back(Side::Union);
  ASSERT_TRUE(consent.ok());
  EXPECT_EQ(*consent, Side::Confederate);  // "without the consent of the opposing Player"
  // Only the mover asks.
  EXPECT_EQ(sb.game().take_back(Side::Confederate).error().rule, "5.17");
  // Still the last move after another one.
  ASSERT_TRUE(sb.move("B", {"0306"}).ok());
  EXPECT_TRUE(sb.game().take_back(Side::Union).ok());
  // Not once the phase is over.
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.game().take_back(Side::Union).error().rule, "5.17");
}

TEST(DG_7_0, TakingBackAMoveCitesMovement) {
  Sandbox sb(rules_dg());
  sb.inf("A", Side::Union, 4, "0505");
  EXPECT_EQ(sb.game().take_back(Side::Union).error().rule, "7.0");
  ASSERT_TRUE(sb.move("A", {"0506"}).ok());
  EXPECT_EQ(*sb.game().take_back(Side::Union), Side::Confederate);
}

TEST(ActorOf, SetUpIsNobodysAndEveryOtherActionTheSideToActs) {
  Sandbox sb;
  sb.inf("A", Side::Union, 4, "0505");
  Action place;
  place.kind = ActionKind::SetTerrain;
  EXPECT_FALSE(sb.game().actor_of(place).has_value());
  Action end;
  end.kind = ActionKind::End;
  EXPECT_EQ(sb.game().actor_of(end), Side::Union);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.game().actor_of(end), Side::Confederate);
  // A sandbox has no title decisions: a scenario action is the side to act's
  // (and the engine refuses it).
  Action choice;
  choice.kind = ActionKind::Scenario;
  choice.unit = sb.id("A");
  EXPECT_EQ(sb.game().actor_of(choice), Side::Confederate);
}

TEST(Rtr_22_32, TheWrittenChoiceIsTheConfederatePlayersWhicheverUnitItNames) {
  Rtr t(rtr_1977(true));
  Action choice;
  choice.kind = ActionKind::Scenario;
  choice.value = 15;
  choice.unit = t.id("Pickett");
  EXPECT_EQ(t.game().actor_of(choice), Side::Confederate);
  choice.unit = t.id("2/2/IV");  // a Union unit: still the Confederate's decision (refused)
  EXPECT_EQ(t.game().actor_of(choice), Side::Confederate);
}

// ---------------------------------------------------------------- reach

// Every hex a unit's reach lists is reached by the path given for exactly the
// Movement Points it says: what the engine charges for the move or entry.
void expect_paths_cost_what_reach_says(Game& g, UnitIndex u) {
  auto r = unit_reach(g, u, false);
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::vector<std::pair<ActionKind, ReachTarget>> all;
  for (const ReachTarget& t : r->targets) all.emplace_back(ActionKind::Move, t);
  for (const EntryReach& e : r->entries) {
    ASSERT_FALSE(e.targets.empty());
    EXPECT_EQ(e.targets.front().hex, e.entry);  // the entry hex itself, first
    for (const ReachTarget& t : e.targets) {
      EXPECT_EQ(t.path.front(), e.entry);
      all.emplace_back(ActionKind::Enter, t);
    }
  }
  ASSERT_FALSE(all.empty());
  for (const auto& [kind, t] : all) {
    Game copy = g;
    Action a;
    a.kind = kind;
    a.unit = u;
    for (HexId h : t.path) a.path.push_back(h);
    auto applied = copy.apply(a);
    ASSERT_TRUE(applied.ok()) << applied.error().message;
    EXPECT_EQ(applied->mp, t.mp);
    EXPECT_EQ(copy.position().units[u].hex, t.hex);
  }
}

TEST(UnitReach, EveryHexIsReachedByItsPathForTheMovementPointsListed) {
  Sandbox sb;
  sb.terrain("0506", Terrain::Forest);
  sb.inf("A", Side::Union, 4, "0505");
  sb.reinforce("R", Side::Union, UnitType::Infantry, 3, 1, {"0101", "0112"});
  expect_paths_cost_what_reach_says(sb.game(), sb.id("A"));
  expect_paths_cost_what_reach_says(sb.game(), sb.id("R"));
}

TEST(UnitReach, ARoadToRichmondReinforcementPaysItsEntryCost) {
  Rtr t;
  const UnitIndex rodes = t.id("Rodes");
  auto r = unit_reach(t.game(), rodes, false);
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE(r->entering);
  ASSERT_EQ(r->entries.size(), 1u);
  EXPECT_EQ(t.name(r->entries[0].entry), "0103");
  EXPECT_GE(r->entries[0].targets.front().mp, 1);  // entering is not free (15.0)
  expect_paths_cost_what_reach_says(t.game(), rodes);
  // Not yet due: the core's reason.
  auto winder = unit_reach(t.game(), t.id("Winder"), false);
  ASSERT_FALSE(winder.ok());
  EXPECT_EQ(winder.error().rule, "15.0");
}

}  // namespace
}  // namespace bg::test
