// The ScenarioRules interface: each hook is called at its point of the
// sequence and its answer is obeyed. A test module stands in for a title's
// exclusive rules.
#include "core/scenario.h"

#include "sandbox.h"

namespace bg::test {

namespace {

// The toy module's own state (GameState::title): how often each hook ran.
struct ToyState {
  int phase_starts = 0;
  int actions = 0;
  int turn_ends = 0;
  friend bool operator==(const ToyState&, const ToyState&) = default;
};

const ToyState& toy_state(const GameState& st) {
  return *st.title.get<ToyState>();
}

// A toy module: Union units may not enter column 06 before turn 3; unit "Late"
// arrives two turns after its chart turn; entry hex 0101 is closed while a
// Confederate unit stands within two hexes of it; reinforcements on turn 1 get
// the doubled allowance of 15.22 (12 MP less one per pair after the first);
// each Game-Turn end gives the Confederates one point; the Union "Wagon"
// falls back at the start of each Union Combat Phase if a Confederate is
// adjacent (as 20.11's Train does).
class ToyRules : public ScenarioRules {
 public:
  std::string_view name() const override { return "toy"; }
  TitleState initial_state(const Context&) const override { return TitleState::of(ToyState{}); }
  int arrival_turn(const Context& ctx, const GameState& st, UnitIndex u) const override {
    const int base = ScenarioRules::arrival_turn(ctx, st, u);
    return ctx.def(u).id == "Late" ? base + 2 : base;
  }
  Status check_entry(const Context& ctx, const GameState& st, const Board&, UnitIndex,
                     HexId entry) const override {
    const HexCoord c = ctx.map->coord(entry);
    for (int v = 0; v < st.pos.count; ++v) {
      const UnitState& s = st.pos.units[v];
      if (s.on_map() && ctx.def(static_cast<UnitIndex>(v)).side == Side::Confederate &&
          distance(c, ctx.map->coord(s.hex)) <= 2)
        return Error{"17.3", "17.3: the entry hex is threatened"};
    }
    return ok_status();
  }
  MoveBonus bonus_mp(const Context&, const GameState& st, UnitIndex, int pair) const override {
    return MoveBonus{st.turn == 1 ? 6 - (pair - 1) : 0, false};
  }
  bool forbids(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const override {
    return ctx.def(u).side == Side::Union && ctx.map->coord(h).col == 6 && st.turn < 3;
  }
  Error forbid_reason(const Context&, const GameState&, UnitIndex, HexId) const override {
    return Error{"18.1", "18.1: not yet"};
  }
  void on_phase_start(const Context& ctx, GameState& st) const override {
    st.title.mut<ToyState>().phase_starts++;
    if (st.phase != Phase::Combat || st.phasing != Side::Union) return;
    for (int u = 0; u < st.pos.count; ++u) {
      if (ctx.def(static_cast<UnitIndex>(u)).id != "Wagon" || !st.pos.units[u].on_map()) continue;
      const HexId h = st.pos.units[u].hex;
      for (int d = 0; d < kDirs; ++d) {
        const HexId n = ctx.map->neighbour(h, static_cast<Dir>(d));
        for (int v = 0; v < st.pos.count; ++v)
          if (st.pos.units[v].on_map() && st.pos.units[v].hex == n &&
              ctx.def(static_cast<UnitIndex>(v)).side == Side::Confederate) {
            st.pending.push_back(Pending{PendingKind::Retreat, Side::Union,
                                         static_cast<UnitIndex>(u), RetreatCause::Scenario, false});
            return;
          }
      }
    }
  }
  void after_action(const Context&, GameState& st, const Action&) const override {
    st.title.mut<ToyState>().actions++;
  }
  void on_game_turn_end(const Context&, GameState& st) const override {
    st.title.mut<ToyState>().turn_ends++;
    st.vp[static_cast<size_t>(Side::Confederate)] += 1;
  }
};

Sandbox toy() {
  RulesConfig r;
  r.turns = 4;
  return Sandbox(r, std::make_shared<ToyRules>());
}

}  // namespace

TEST(ScenarioHooks, ForbiddenHexesShapeReachAndRefuseMovesCitingTheScenarioRule) {
  Sandbox sb = toy();
  sb.inf("U", Side::Union, 5, "0505");
  const auto reach = sb.reach("U");
  EXPECT_FALSE(reach.count("0605"));
  EXPECT_TRUE(reach.count("0405"));
  EXPECT_REFUSED(sb, sb.move("U", {"0605"}), "18.1");
}

TEST(ScenarioHooks, ArrivalTurnAndEntryCheckAndBonusMovementComeFromTheScenario) {
  Sandbox sb = toy();
  sb.reinforce("Late", Side::Union, UnitType::Infantry, 4, 1, {"0101"});
  sb.reinforce("R1", Side::Union, UnitType::Infantry, 4, 1, {"0110"});
  EXPECT_REFUSED(sb, sb.enter("Late", {"0101"}), "reinforcement-arrival");  // arrives on turn 3
  // 15.22-style doubled allowance: the first pair has 12 MP, pays 1 to enter.
  auto r = sb.enter("R1", {"0110", "0210", "0310", "0410", "0510", "0610", "0710", "0810", "0910",
                           "1010", "1110", "1210"});
  EXPECT_FALSE(r.ok()) << "0610 is forbidden to Union units before turn 3";
  // 1 MP to enter and seven clear hexes: 8 MP, beyond the normal six.
  auto ok = sb.enter("R1", {"0110", "0109", "0108", "0107", "0106", "0105", "0104", "0103"});
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->mp, 8);
}

TEST(ScenarioHooks, EntryCheckRefusesCitingItsRule) {
  Sandbox sb = toy();
  sb.reinforce("R", Side::Union, UnitType::Infantry, 4, 1, {"0101"});
  sb.inf("C", Side::Confederate, 3, "0302");
  EXPECT_REFUSED(sb, sb.enter("R", {"0101"}), "17.3");
}

TEST(ScenarioHooks, PhaseActionAndTurnHooksRunAtTheirPoints) {
  Sandbox sb = toy();
  sb.inf("U", Side::Union, 5, "0505");
  const int actions_before = toy_state(sb.state()).actions;
  ASSERT_TRUE(sb.move("U", {"0504"}).ok());
  EXPECT_EQ(toy_state(sb.state()).actions, actions_before + 1);
  ASSERT_FALSE(sb.move("U", {"0503"}).ok());
  EXPECT_EQ(toy_state(sb.state()).actions, actions_before + 1) << "refused actions run no hook";
  ASSERT_TRUE(sb.end().ok());  // -> Union combat
  EXPECT_EQ(toy_state(sb.state()).phase_starts, 1);
  ASSERT_TRUE(sb.end().ok());  // -> Confederate movement
  ASSERT_TRUE(sb.end().ok());  // -> Confederate combat
  EXPECT_EQ(toy_state(sb.state()).turn_ends, 0);
  ASSERT_TRUE(sb.end().ok());  // -> turn 2
  EXPECT_EQ(sb.state().turn, 2);
  EXPECT_EQ(toy_state(sb.state()).turn_ends, 1);
  EXPECT_EQ(toy_state(sb.state()).phase_starts, 4);
  EXPECT_EQ(sb.game().victory().total[1], 1);
}

TEST(ScenarioHooks, PhaseStartMayAddAPendingRetreatWithNoAdvance) {
  Sandbox sb = toy();
  sb.inf("Wagon", Side::Union, 1, "0505");
  sb.inf("C", Side::Confederate, 3, "0506");
  ASSERT_TRUE(sb.end().ok());  // Union combat begins: the Wagon must fall back
  ASSERT_TRUE(sb.pending(PendingKind::Retreat, "Wagon"));
  EXPECT_REFUSED(sb, sb.end(), "7.0");
  ASSERT_TRUE(sb.retreat("Wagon", "0504").ok());
  EXPECT_TRUE(sb.state().pending.empty()) << "no enemy advance after a scenario retreat";
  EXPECT_EQ(sb.where("Wagon"), "0504");
}

TEST(ScenarioHooks, VictoryReportListsEliminationsAndNamesTheWinnerAtTheEnd) {
  Sandbox sb;
  sb.inf("A", Side::Union, 9, "0505");
  sb.inf("B", Side::Confederate, 2, "0506");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({1});
  ASSERT_TRUE(sb.attack({"A"}, {"0506"}).ok());  // 4-1, die 1: De
  ASSERT_TRUE(sb.advance("", "").ok());
  VictoryReport v = sb.game().victory();
  ASSERT_EQ(v.lines.size(), 1u);
  EXPECT_EQ(v.lines[0].side, Side::Union);
  EXPECT_EQ(v.lines[0].points, 2);
  EXPECT_EQ(v.total[0], 2);
  EXPECT_FALSE(v.final);
  while (!sb.game().over()) ASSERT_TRUE(sb.end().ok());
  v = sb.game().victory();
  EXPECT_TRUE(v.final);
  ASSERT_TRUE(v.winner.has_value());
  EXPECT_EQ(*v.winner, Side::Union);
}

}  // namespace bg::test

namespace bg::test {

// The title's state is a value: a copy of the game shares it until one of them
// writes, and the write never shows through the other (copy-on-write).
TEST(ScenarioHooks, TitleStateIsAValueThatCopiesCarry) {
  Sandbox sb = toy();
  sb.inf("U", Side::Union, 5, "0505");
  const Game before = sb.game();
  ASSERT_TRUE(sb.move("U", {"0504"}).ok());
  EXPECT_EQ(toy_state(before.state()).actions, 0);
  EXPECT_EQ(toy_state(sb.state()).actions, 1);
  EXPECT_FALSE(before.state() == sb.state());
  Game again = before;
  EXPECT_TRUE(again.state() == before.state());
}

}  // namespace bg::test

namespace bg::test {
namespace {

// A module that makes the phasing player's unit "Scout" retreat as each
// Movement Phase begins: a decision pending before any move.
class FallBackAtMovement : public ScenarioRules {
 public:
  std::string_view name() const override { return "fall-back"; }
  void on_phase_start(const Context& ctx, GameState& st) const override {
    if (st.phase != Phase::Movement) return;
    for (int u = 0; u < st.pos.count; ++u)
      if (ctx.def(static_cast<UnitIndex>(u)).id == "Scout" && st.pos.units[u].on_map() &&
          ctx.def(static_cast<UnitIndex>(u)).side == st.phasing)
        st.pending.push_back(Pending{PendingKind::Retreat, st.phasing, static_cast<UnitIndex>(u),
                                     RetreatCause::Scenario, false});
  }
};

// A pending decision comes first: no move and no entry until it is made.
TEST(ScenarioHooks, NoMoveOrEntryWhileADecisionIsPending) {
  RulesConfig r;
  r.turns = 4;
  Sandbox sb(r, std::make_shared<FallBackAtMovement>());
  sb.inf("Scout", Side::Union, 2, "0505");
  sb.inf("U", Side::Union, 5, "0303");
  sb.inf("C", Side::Confederate, 3, "0909");
  sb.reinforce("R", Side::Union, UnitType::Infantry, 4, 2, {"0101"});
  ASSERT_TRUE(sb.end().ok());  // -> Union combat
  ASSERT_TRUE(sb.end().ok());  // -> Confederate movement
  ASSERT_TRUE(sb.end().ok());  // -> Confederate combat
  ASSERT_TRUE(sb.end().ok());  // -> turn 2, Union movement: Scout must fall back
  ASSERT_TRUE(sb.pending(PendingKind::Retreat));
  EXPECT_REFUSED(sb, sb.move("U", {"0304"}), "7.0");
  EXPECT_REFUSED(sb, sb.enter("R", {"0101"}), "7.0");
}

}  // namespace
}  // namespace bg::test
