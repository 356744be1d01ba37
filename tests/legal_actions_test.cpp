// The legal-action generator (core/legal_actions.h): hand-made positions
// check exact counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/crt.h"
#include "core/legal_actions.h"
#include "rtr_fixture.h"
#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

// ---------------------------------------------------------------------------
// Hand-made positions.

std::vector<Action> legal(const Game& g) {
  std::vector<Action> out;
  legal_actions(g, out);
  return out;
}

int die_for(CombatResult want, int column) {
  for (int d = 1; d <= 6; ++d)
    if (crt(column, d) == want) return d;
  return 0;
}

// 7.81: A must retreat; its only hex holds P1 and P2, either of whom may be
// displaced: two actions. The displaced unit then has three open hexes.
TEST(LegalActions, ARetreatIntoAFullHexListsEachUnitToDisplace) {
  Sandbox sb;
  sb.terrain("0404", Terrain::River);
  sb.terrain("0604", Terrain::River);
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("B", C, 5, "0506");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die_for(CombatResult::Ar, 4)});
  ASSERT_TRUE(sb.attack({"A"}, {"0506"}).ok());
  std::vector<Action> l = legal(sb.game());
  ASSERT_EQ(l.size(), 2u);
  for (const Action& a : l) {
    EXPECT_EQ(a.kind, ActionKind::Retreat);
    EXPECT_EQ(a.unit, sb.id("A"));
    EXPECT_EQ(sb.name(a.hex), "0504");
  }
  EXPECT_EQ(l[0].displace, sb.id("P1"));
  EXPECT_EQ(l[1].displace, sb.id("P2"));
  ASSERT_TRUE(sb.game().apply(l[1]).ok());
  l = legal(sb.game());
  std::vector<std::string> hexes;
  for (const Action& a : l) {
    EXPECT_EQ(a.unit, sb.id("P2"));
    hexes.push_back(sb.name(a.hex));
  }
  std::sort(hexes.begin(), hexes.end());
  EXPECT_EQ(hexes, (std::vector<std::string>{"0403", "0503", "0603"}));
}

// A module forbidding hex 0604 to unit "A" (as 18.1 forbids the Command
// Control Zone to the Union).
class ForbidOne : public ScenarioRules {
 public:
  std::string_view name() const override { return "forbid-one"; }
  bool forbids(const Context& ctx, const GameState&, UnitIndex u, HexId h) const override {
    return ctx.def(u).id == "A" && format_hex(ctx.map->coord(h)) == "0604";
  }
  Error forbid_reason(const Context&, const GameState&, UnitIndex, HexId) const override {
    return Error{"18.1", "18.1: forbidden"};
  }
};

// 7.75 with 20.23 and 18.1: A and the road-bound R destroy both defenders;
// A may not enter 0604 (forbidden), R may not leave its road (only 0506 is
// across a road hexside): decline, A to 0506, R to 0506.
TEST(LegalActions, AnAdvanceListsOnlyPairsTheRulesAllow) {
  Sandbox sb(rules_1977(), std::make_shared<ForbidOne>());
  sb.side("0605", "0506", kRoad);
  sb.inf("A", U, 12, "0505");
  auto r = std::make_shared<UnitDef>();
  r->id = "R";
  r->strength = r->defense = 12;
  r->road_only = true;
  Action place;
  place.kind = ActionKind::PlaceUnit;
  place.hex = sb.hex("0605");
  place.def = r;
  ASSERT_TRUE(sb.game().apply(place).ok());
  sb.inf("D1", C, 1, "0506");
  sb.inf("D2", C, 1, "0604");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die_for(CombatResult::De, kColumns - 1)});
  ASSERT_TRUE(sb.attack({"A", "R"}, {"0506", "0604"}).ok());
  ASSERT_TRUE(sb.pending(PendingKind::Advance));
  const std::vector<Action> l = legal(sb.game());
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[0].unit, kNoUnit);  // declining (7.75: never forced)
  EXPECT_EQ(l[1].unit, sb.id("A"));
  EXPECT_EQ(sb.name(l[1].hex), "0506");
  EXPECT_EQ(l[2].unit, sb.id("R"));
  EXPECT_EQ(sb.name(l[2].hex), "0506");
  EXPECT_REFUSED(sb, sb.advance("A", "0604"), "18.1");
  EXPECT_REFUSED(sb, sb.advance("R", "0604"), "20.23");
}

// 10.2: at night no unit enters an enemy-controlled hex. On a 5x5 map A in
// 0303 reaches the 23 other empty hexes by day, the 21 outside B's ZOC by night.
TEST(LegalActions, ANightTurnListsOnlyMovesOutOfEnemyZones) {
  for (const bool night : {false, true}) {
    RulesConfig r = rules_1977();
    r.night[1] = night;
    Sandbox sb(r, 5, 5);
    sb.inf("A", U, 3, "0303");
    sb.inf("B", C, 3, "0101");
    const std::vector<Action> l = legal(sb.game());
    const auto moves = std::count_if(l.begin(), l.end(),
                                     [](const Action& a) { return a.kind == ActionKind::Move; });
    EXPECT_EQ(moves, night ? 21 : 23);
    EXPECT_EQ(l.size(), static_cast<size_t>(moves) + 1);
    EXPECT_EQ(l.back().kind, ActionKind::End);
    for (const Action& a : l) {
      if (night && a.kind == ActionKind::Move) {
        EXPECT_FALSE(sb.game().board().enemy_zoc(U, a.path.back())) << sb.name(a.path.back());
      }
    }
    ASSERT_TRUE(sb.game().apply(l.back()).ok());
    // 10.0: no Combat Phase at night.
    EXPECT_EQ(sb.state().phase, night ? Phase::Movement : Phase::Combat);
    EXPECT_EQ(sb.state().phasing, night ? C : U);
  }
}

// DG 9.0: at night a unit next to an enemy may not move at all.
TEST(LegalActions, ANightTurnUnderDgListsNoMoveForAUnitNextToTheEnemy) {
  RulesConfig r = rules_dg();
  r.night[1] = true;
  Sandbox sb(r, 5, 5);
  sb.inf("A", U, 3, "0303");
  sb.inf("B", C, 3, "0302");
  const std::vector<Action> l = legal(sb.game());
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].kind, ActionKind::End);
}

// 7.6: an exchange costing 3 printed strength points from attackers of 4, 3,
// 2 and 2: {4}, {3} and {2, 2} are the minimal sets.
TEST(LegalActions, AnExchangeListsEveryMinimalSet) {
  Sandbox sb;
  sb.inf("D", C, 3, "0505");
  sb.inf("A4", U, 4, "0504");
  sb.inf("A3", U, 3, "0506");
  sb.inf("A2a", U, 2, "0604");
  sb.inf("A2b", U, 2, "0605");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die_for(CombatResult::Ex, odds_column(11, 3))});
  ASSERT_TRUE(sb.attack({"A4", "A3", "A2a", "A2b"}, {"0505"}).ok());
  const std::vector<Action> l = legal(sb.game());
  std::vector<std::vector<std::string>> sets;
  for (const Action& a : l) {
    ASSERT_EQ(a.kind, ActionKind::Lose);
    std::vector<std::string> ids;
    for (UnitIndex u : a.units) ids.push_back(sb.game().roster()[u].id);
    sets.push_back(ids);
  }
  EXPECT_EQ(sets, (std::vector<std::vector<std::string>>{{"A4"}, {"A3"}, {"A2a", "A2b"}}));
}

// 7.12, 7.23: both stacks next to D must attack it, so only attacks by both
// are listed (with and without the bombarding artillery G); no End. Under DG
// 8.42 one unit of the two-unit stack may sit out: three ways, times two.
TEST(LegalActions, OwedAttacksListOnlyShapesThatMeetEveryObligation) {
  for (const bool dg : {false, true}) {
    Sandbox sb(dg ? rules_dg() : rules_1977());
    sb.inf("D", C, 4, "0505");
    sb.inf("I1", U, 3, "0504");
    sb.inf("I2", U, 3, "0504");
    sb.inf("I3", U, 3, "0605");
    sb.unit("G", U, UnitType::Artillery, 2, "0503");
    ASSERT_TRUE(sb.end().ok());
    const std::vector<Action> l = legal(sb.game());
    EXPECT_EQ(l.size(), dg ? 6u : 2u);
    for (const Action& a : l) {
      ASSERT_EQ(a.kind, ActionKind::Attack);
      EXPECT_TRUE(a.units.contains(sb.id("I3")));
      EXPECT_TRUE(a.units.contains(sb.id("I1")) || a.units.contains(sb.id("I2")));
      EXPECT_EQ(a.column, -1);
    }
  }
}

// 22.3: before play the Confederate player may hold each Game-Turn One unit
// from 0103 for Game-Turn 15 or 18, or take the choice back; once play has
// begun there is no choice left.
TEST(LegalActions, RoadToRichmondListsTheWrittenChoiceBeforePlay) {
  Rtr t(rtr_1977(true));
  const auto& units = t.rules().variable_units();
  ASSERT_FALSE(units.empty());
  auto decisions = [&] {
    std::vector<Action> out;
    for (const Action& a : legal(t.game()))
      if (a.kind == ActionKind::Scenario) out.push_back(a);
    return out;
  };
  std::vector<Action> d = decisions();
  ASSERT_EQ(d.size(), 2 * units.size());
  EXPECT_EQ(d[0].unit, units[0]);
  EXPECT_EQ(d[0].value, 15);
  EXPECT_EQ(d[1].value, 18);
  ASSERT_TRUE(t.game().apply(d[0]).ok());
  d = decisions();
  ASSERT_EQ(d.size(), 2 * units.size());
  EXPECT_EQ(d[0].value, 1);  // take it back
  EXPECT_EQ(d[1].value, 18);
  Rtr basic;
  const std::vector<Action> none = legal(basic.game());
  EXPECT_TRUE(std::none_of(none.begin(), none.end(),
                           [](const Action& a) { return a.kind == ActionKind::Scenario; }));
  ASSERT_TRUE(t.end().ok());
  EXPECT_TRUE(decisions().empty());
}

TEST(LegalActions, NothingIsListedOnceTheGameIsOverAndIsLegalAgreesWithApply) {
  Sandbox sb;
  sb.inf("A", U, 3, "0303");
  Action move;
  move.kind = ActionKind::Move;
  move.unit = sb.id("A");
  move.path.push_back(sb.hex("0304"));
  EXPECT_TRUE(is_legal(sb.game(), move));
  move.path.push_back(sb.hex("0306"));  // not adjacent
  EXPECT_FALSE(is_legal(sb.game(), move));
  Action place;
  place.kind = ActionKind::MarkExit;
  place.hex = sb.hex("0101");
  EXPECT_TRUE(is_legal(sb.game(), place));
  EXPECT_FALSE(sb.game().map().is_exit(sb.hex("0101")));  // the game itself unchanged
  RulesConfig r = rules_1977();
  r.turns = 1;
  Sandbox one(r);
  one.inf("A", U, 3, "0303");
  for (int i = 0; i < 4 && !one.game().over(); ++i) ASSERT_TRUE(one.end().ok());
  ASSERT_TRUE(one.game().over());
  EXPECT_TRUE(legal(one.game()).empty());
}

}  // namespace
}  // namespace bg::test
