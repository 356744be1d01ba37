// Sequence of play (4.0, 4.1, 10.0; DG 4.0, 9.0) and the die.
#include "sandbox.h"

namespace bg::test {

namespace {
RulesConfig short_game(int turns, std::initializer_list<int> nights, Side first = Side::Union) {
  RulesConfig r;
  r.turns = turns;
  r.first = first;
  for (int n : nights) r.night.set(static_cast<size_t>(n));
  return r;
}
}  // namespace

TEST(Rule_4_1, GameTurnIsMovementThenCombatForEachPlayerInTurn) {
  Sandbox sb(short_game(3, {}, Side::Confederate));
  EXPECT_EQ(sb.state().turn, 1);
  EXPECT_EQ(sb.state().phasing, Side::Confederate);
  EXPECT_EQ(sb.state().phase, Phase::Movement);
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().phasing, Side::Confederate);
  EXPECT_EQ(sb.state().phase, Phase::Combat);
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().phasing, Side::Union);
  EXPECT_EQ(sb.state().phase, Phase::Movement);
  EXPECT_EQ(sb.state().turn, 1);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.end().ok());
  // 4.1(3): the Game-Turn Record Interphase advances the turn.
  EXPECT_EQ(sb.state().turn, 2);
  EXPECT_EQ(sb.state().phasing, Side::Confederate);
}

TEST(Rule_4_0, GameEndsAfterTheFinalGameTurnAndRefusesFurtherPlay) {
  Sandbox sb(short_game(2, {}));
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(sb.end().ok()) << i;
  EXPECT_EQ(sb.state().phase, Phase::Over);
  EXPECT_EQ(sb.state().turn, 2);
  EXPECT_REFUSED(sb, sb.end(), "4.0");
}

TEST(Rule_10_0, NightGameTurnHasNoCombatPhase) {
  Sandbox sb(short_game(3, {2}));
  sb.inf("U", Side::Union, 5, "0505");
  sb.inf("C", Side::Confederate, 5, "0507");
  ASSERT_TRUE(sb.end().ok());  // Union movement, turn 1
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.end().ok());
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().turn, 2);
  EXPECT_TRUE(sb.game().night());
  ASSERT_TRUE(sb.end().ok());  // Union movement at night
  EXPECT_EQ(sb.state().phase, Phase::Movement) << "no Combat Phase at night";
  EXPECT_EQ(sb.state().phasing, Side::Confederate);
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().turn, 3);
  EXPECT_FALSE(sb.game().night());
}

TEST(DG_9_0, NightTurnSkipsCombatInTheDgEditionToo) {
  RulesConfig r = rules_dg();
  r.night.set(1);
  Sandbox sb(r);
  ASSERT_TRUE(sb.end().ok());
  EXPECT_EQ(sb.state().phase, Phase::Movement);
  EXPECT_EQ(sb.state().phasing, Side::Confederate);
}

TEST(DG_4_0, PhasesFollowInTheExactOrder) {
  Sandbox sb(rules_dg());
  sb.inf("U", Side::Union, 5, "0505");
  sb.inf("C", Side::Confederate, 5, "0805");
  // No movement after the Movement Phase has ended.
  ASSERT_TRUE(sb.end().ok());
  EXPECT_REFUSED(sb, sb.move("U", {"0504"}), "7.0");
}

TEST(Rule_4_1, NonPhasingUnitsMayNotMove) {
  Sandbox sb;
  sb.inf("C", Side::Confederate, 5, "0805");
  EXPECT_REFUSED(sb, sb.move("C", {"0804"}), "5.11");
}

TEST(Dice, SameSeedSameRolls) {
  Dice a(42), b(42), c(43);
  int differ = 0;
  for (int i = 0; i < 200; ++i) {
    const int x = a.roll().value;
    EXPECT_EQ(x, b.roll().value);
    EXPECT_GE(x, 1);
    EXPECT_LE(x, 6);
    differ += x != c.roll().value;
  }
  EXPECT_GT(differ, 50) << "different seeds should give different rolls";
}

TEST(Dice, EveryFaceComesUpAboutEquallyOften) {
  Dice d(7);
  std::array<int, 7> count{};
  for (int i = 0; i < 60000; ++i) count[static_cast<size_t>(d.roll().value)]++;
  for (int f = 1; f <= 6; ++f) {
    EXPECT_GT(count[static_cast<size_t>(f)], 9400);
    EXPECT_LT(count[static_cast<size_t>(f)], 10600);
  }
}

TEST(Dice, ForcedResultsComeFirstThenTheSeededSequenceResumes) {
  Dice plain(9), forced(9);
  forced.force(6);
  forced.force(1);
  EXPECT_EQ(forced.forced_left(), 2u);
  const Roll r1 = forced.roll();
  const Roll r2 = forced.roll();
  EXPECT_TRUE(r1.forced);
  EXPECT_EQ(r1.value, 6);
  EXPECT_EQ(r2.value, 1);
  for (int i = 0; i < 20; ++i) {
    const Roll r = forced.roll();
    EXPECT_FALSE(r.forced);
    EXPECT_EQ(r.value, plain.roll().value) << "forced rolls must not consume the seeded sequence";
  }
}

TEST(Dice, CombatRollIsLoggedWithTheAction) {
  Sandbox sb;
  sb.inf("A", Side::Union, 6, "0505");
  sb.inf("B", Side::Confederate, 3, "0506");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({5});
  auto r = sb.attack({"A"}, {"0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  const LogEntry& e = sb.game().log().back();
  EXPECT_EQ(e.action.kind, ActionKind::Attack);
  ASSERT_EQ(e.rolls.size(), 1u);
  EXPECT_EQ(e.rolls[0], 5);
  EXPECT_EQ(r->combat->die, 5);
}

TEST(Sandbox, SetupRefusalsCiteTheRule) {
  Sandbox sb;
  sb.inf("A", Side::Union, 6, "0505");
  sb.inf("B", Side::Union, 6, "0505");
  auto d = std::make_shared<UnitDef>();
  d->id = "C";
  d->side = Side::Union;
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = sb.hex("0505");
  a.def = d;
  EXPECT_REFUSED(sb, sb.game().apply(a), "5.32");
  d->side = Side::Confederate;
  EXPECT_REFUSED(sb, sb.game().apply(a), "5.12");
  d->id = "A";
  a.hex = sb.hex("0808");
  auto r = sb.game().apply(a);
  EXPECT_FALSE(r.ok()) << "duplicate ids are refused";
}

TEST(Sandbox, RefusedActionLeavesMapAndRosterUntouched) {
  Sandbox sb;
  sb.inf("A", Side::Union, 6, "0505");
  const size_t roster = sb.game().roster().size();
  Action a;
  a.kind = ActionKind::AddHexside;
  a.hex = sb.hex("0505");
  a.hex2 = sb.hex("0808");  // not adjacent
  a.bits = kRoad;
  EXPECT_FALSE(sb.game().apply(a).ok());
  EXPECT_EQ(sb.game().roster().size(), roster);
  EXPECT_EQ(sb.game().map().side(sb.hex("0505"), Dir::N), 0);
}

}  // namespace bg::test
