// Reinforcements (Road to Richmond 15.0-15.4) and exiting the map (17.0-17.3),
// in the sandbox. The Standard Rules have no text for them, so a sandbox
// refusal cites the rule's key ("reinforcement-arrival", "exit-at-exit-hex");
// a Road to Richmond game cites its case (rtr_rules_test).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

// move <unit> <path...> exit (an empty path: leave from the hex the unit is in).
Result<Report> move_exit(Sandbox& s, const std::string& u,
                         std::initializer_list<std::string> path) {
  Action a;
  a.kind = ActionKind::Move;
  a.unit = s.id(u);
  a.exit_map = true;
  for (const auto& h : path) a.path.push_back(s.hex(h));
  return s.game().apply(a);
}

UnitStatus status(Sandbox& s, const std::string& u) {
  return s.game().position().units[s.id(u)].status;
}

}  // namespace

// --- 3.0: reinforcements are held off the map --------------------------------

TEST(Rule_3_0, ReinforcementsAreSetAsideUntilTheirTurn) {
  Sandbox s;
  s.reinforce("R", U, UnitType::Infantry, 4, 2, {"0101"});
  EXPECT_EQ(status(s, "R"), UnitStatus::OffMap);
  EXPECT_EQ(s.game().position().units[s.id("R")].hex, kNoHex);
  EXPECT_EQ(s.where("R"), "off-map");
  // Off the map it has no Zone of Control and occupies nothing: an enemy may
  // move through and stop on its entry hex.
  s.advance_to(C, Phase::Movement);
  s.inf("E", C, 3, "0303");
  auto e = s.move("E", {"0202", "0102", "0101"});
  ASSERT_TRUE(e.ok()) << e.error().message;
  EXPECT_EQ(s.where("E"), "0101");
  // The set-up checks the reinforcement chart entry.
  Action a;
  a.kind = ActionKind::PlaceUnit;
  auto d = std::make_shared<UnitDef>();
  d->id = "Late";
  d->arrival_turn = s.game().rules().turns + 1;
  d->entry_hexes = {s.hex("0101")};
  a.def = d;
  EXPECT_EQ(s.game().apply(a).error().rule, "reinforcement-arrival");
  d->arrival_turn = 2;
  d->entry_hexes.clear();
  EXPECT_EQ(s.game().apply(a).error().rule, "reinforcement-entry-hex");
  d->entry_hexes = {s.hex("0101"), s.hex("0102"), s.hex("0103"), s.hex("0104"), s.hex("0105")};
  EXPECT_EQ(s.game().apply(a).error().rule, "reinforcement-entry-hex");
}

// --- 15.0: the column of two-unit stacks ---------------------------------------

TEST(Rule_15_0, ColumnOfStacksPaysOneOneTwoTwoThree) {
  Sandbox s;
  for (const char* id : {"R1", "R2", "R3", "R4", "R5"})
    s.reinforce(id, U, UnitType::Infantry, 2, 1, {"0101", "0110"});
  s.reinforce("Other", U, UnitType::Infantry, 2, 1, {"0110"});
  int want = 1;
  int n = 0;
  for (const char* id : {"R1", "R2", "R3", "R4", "R5"}) {
    auto r = s.enter(id, {"0101"});
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->mp, want) << id;
    EXPECT_EQ(s.where(id), "0101");
    if (++n % 2 == 0) ++want;
  }
  // Each entry hex has its own column.
  auto other = s.enter("Other", {"0110"});
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other->mp, 1);
}

TEST(Rule_15_0, TheEntryCostComesOffTheMovementAllowance) {
  Sandbox s;
  for (const char* id : {"R1", "R2", "R3"}) s.reinforce(id, U, UnitType::Infantry, 2, 1, {"0101"});
  // The first unit pays 1 to enter and has 5 MP left.
  auto r1 = s.enter("R1", {"0101", "0102", "0103", "0104", "0105", "0106"});
  ASSERT_TRUE(r1.ok()) << r1.error().message;
  EXPECT_EQ(r1->mp, 6);
  ASSERT_TRUE(s.enter("R2", {"0101"}).ok());
  // The third unit pays 2 to enter: five more hexes are beyond it, four are not.
  EXPECT_REFUSED(s, s.enter("R3", {"0101", "0102", "0103", "0104", "0105", "0106"}), "5.15");
  auto r3 = s.enter("R3", {"0101", "0102", "0103", "0104", "0105"});
  ASSERT_TRUE(r3.ok()) << r3.error().message;
  EXPECT_EQ(r3->mp, 6);
}

TEST(Rule_15_0, NotBeforeItsGameTurnNorByAnotherHex) {
  Sandbox s;
  s.reinforce("R", U, UnitType::Infantry, 2, 2, {"0101"});
  EXPECT_REFUSED(s, s.enter("R", {"0101"}), "reinforcement-arrival");
  s.advance_to(C, Phase::Movement);
  s.advance_to(U, Phase::Movement);
  ASSERT_EQ(s.state().turn, 2);
  EXPECT_REFUSED(s, s.enter("R", {"0102"}), "reinforcement-entry-hex");
  EXPECT_REFUSED(s, s.enter("R", {}), "reinforcement-entry-hex");
  ASSERT_TRUE(s.enter("R", {"0101"}).ok());
  // Once on the map it is no longer a reinforcement waiting to enter.
  EXPECT_REFUSED(s, s.enter("R", {"0101"}), "reinforcement-arrival");
}

TEST(Rule_15_0, HeldBackReinforcementsMayEnterOnALaterTurn) {
  Sandbox s;
  for (const char* id : {"R1", "R2", "R3"}) s.reinforce(id, U, UnitType::Infantry, 2, 1, {"0101"});
  ASSERT_TRUE(s.enter("R1", {"0101", "0102"}).ok());
  ASSERT_TRUE(s.enter("R2", {"0101", "0201"}).ok());
  s.advance_to(C, Phase::Movement);
  s.advance_to(U, Phase::Movement);
  EXPECT_EQ(s.where("R3"), "off-map");
  // A new Movement Phase starts a new column: the held unit pays 1.
  auto r = s.enter("R3", {"0101"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 1);
  EXPECT_EQ(s.where("R3"), "0101");
}

// The entries of one phase are counted by hex (EntryColumns) in a fixed number
// of slots: that is a limit of the program, so the set-up refuses a game that
// names more entry hexes than it counts, and no phase can refuse a rule-legal
// entry for want of room. Sixteen units by sixteen hexes all enter.
TEST(Rule_15_0, EveryEntryHexASetUpNamesCanBeUsedInOnePhase) {
  Sandbox s;
  std::vector<std::string> hexes;
  for (const char* c : {"01", "02", "03", "04", "05", "06", "07", "08"})
    for (const char* r : {"01", "12"}) hexes.push_back(std::string(c) + r);
  ASSERT_EQ(hexes.size(), EntryColumns::kMaxHexes);
  for (size_t i = 0; i < hexes.size(); ++i)
    s.reinforce("R" + std::to_string(i), U, UnitType::Infantry, 2, 1, {hexes[i]});
  // One hex more is refused at the set-up, and leaves the roster as it was.
  const size_t units = s.game().roster().size();
  Action a;
  a.kind = ActionKind::PlaceUnit;
  auto d = std::make_shared<UnitDef>();
  d->id = "Extra";
  d->side = U;
  d->strength = d->defense = 2;
  d->arrival_turn = 1;
  d->entry_hexes = {s.hex("1006")};
  a.def = d;
  EXPECT_REFUSED(s, s.game().apply(a), "");  // no rule: the state and log as they were
  auto refused = s.game().apply(a);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("limit of this program"), std::string::npos);
  EXPECT_EQ(s.game().roster().size(), units);
  // A hex already named is no new slot.
  d->entry_hexes = {s.hex(hexes[0])};
  ASSERT_TRUE(s.game().apply(a).ok());
  for (size_t i = 0; i < hexes.size(); ++i) {
    auto r = s.enter("R" + std::to_string(i), {hexes[i]});
    ASSERT_TRUE(r.ok()) << hexes[i] << ": " << r.error().message;
  }
  EXPECT_EQ(s.state().entries.size(), EntryColumns::kMaxHexes);
}

// --- 15.1: when units may enter ----------------------------------------------

TEST(Rule_15_1, ReinforcementsEnterOnlyInTheirOwnMovementPhase) {
  Sandbox s;
  s.reinforce("R", U, UnitType::Infantry, 2, 1, {"0101"});
  s.reinforce("S", C, UnitType::Infantry, 2, 1, {"1212"});
  EXPECT_REFUSED(s, s.enter("S", {"1212"}), "reinforcement-phase");
  ASSERT_TRUE(s.end().ok());  // Union Combat Phase
  EXPECT_REFUSED(s, s.enter("R", {"0101"}), "reinforcement-phase");
  s.advance_to(C, Phase::Movement);
  EXPECT_REFUSED(s, s.enter("R", {"0101"}), "reinforcement-phase");
  ASSERT_TRUE(s.enter("S", {"1212"}).ok());
}

// --- 15.4: enemy units and entry hexes -----------------------------------------

TEST(Rule_15_4, MayEnterAnEnemyControlledHexAndStopsThere) {
  Sandbox s;
  s.inf("E", C, 3, "0303");
  s.reinforce("R1", U, UnitType::Infantry, 2, 1, {"0302"});
  s.reinforce("R2", U, UnitType::Infantry, 2, 1, {"0302"});
  ASSERT_TRUE(s.game().board().enemy_zoc(U, s.hex("0302")));
  auto r = s.enter("R1", {"0302"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(s.where("R1"), "0302");
  // Having entered an enemy-controlled hex it may not go on (5.13).
  EXPECT_REFUSED(s, s.enter("R2", {"0302", "0301"}), "5.13");
}

TEST(Rule_15_4, MayNotEnterAHexAnEnemyUnitOccupies) {
  Sandbox s;
  s.inf("E", C, 3, "0101");
  s.reinforce("R", U, UnitType::Infantry, 2, 1, {"0101"});
  EXPECT_REFUSED(s, s.enter("R", {"0101"}), "reinforcement-enemy-hex");
  // Delayed until the hex is vacant.
  s.advance_to(C, Phase::Movement);
  ASSERT_TRUE(s.move("E", {"0201", "0301", "0401"}).ok());
  s.advance_to(U, Phase::Movement);
  ASSERT_TRUE(s.enter("R", {"0101"}).ok());
  EXPECT_EQ(s.where("R"), "0101");
}

// --- 17.1-17.3: exiting the map ----------------------------------------------

TEST(Rule_17_11, UnitsExitTheMapAtExitHexes) {
  Sandbox s;
  s.exit_hex("0505");
  EXPECT_TRUE(s.game().map().is_exit(s.hex("0505")));
  s.inf("A", U, 3, "0503");
  s.inf("B", U, 3, "0505");
  auto a = move_exit(s, "A", {"0504", "0505"});
  ASSERT_TRUE(a.ok()) << a.error().message;
  EXPECT_EQ(a->mp, 3);
  EXPECT_EQ(status(s, "A"), UnitStatus::Exited);
  // A unit already on the exit hex leaves with an empty path, for one MP.
  auto b = move_exit(s, "B", {});
  ASSERT_TRUE(b.ok()) << b.error().message;
  EXPECT_EQ(b->mp, 1);
  EXPECT_EQ(status(s, "B"), UnitStatus::Exited);
  // A reinforcement may enter by an exit hex and leave at once.
  s.reinforce("R", U, UnitType::Infantry, 2, 1, {"0505"});
  auto r = s.enter("R", {"0505"}, true);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 2);
  EXPECT_EQ(status(s, "R"), UnitStatus::Exited);
}

TEST(Rule_17_12, NoUnitMayExitExceptAtAnExitHex) {
  Sandbox s;
  s.exit_hex("0505");
  s.inf("A", U, 3, "0303");
  EXPECT_REFUSED(s, move_exit(s, "A", {"0304"}), "exit-at-exit-hex");
  EXPECT_REFUSED(s, move_exit(s, "A", {}), "exit-at-exit-hex");
  s.reinforce("R", U, UnitType::Infantry, 2, 1, {"0101"});
  EXPECT_REFUSED(s, s.enter("R", {"0101"}, true), "exit-at-exit-hex");
  EXPECT_EQ(s.where("A"), "0303");
}

TEST(Rule_17_22, ExitingTheMapCostsOneMovementPoint) {
  Sandbox s;
  s.exit_hex("0505");
  s.inf("Far", U, 3, "0511");   // six hexes: all six MP to reach the exit
  s.inf("Near", U, 3, "0510");  // five hexes: one MP left to leave
  EXPECT_REFUSED(s, move_exit(s, "Far", {"0510", "0509", "0508", "0507", "0506", "0505"}),
                 "exit-cost");
  auto r = move_exit(s, "Near", {"0509", "0508", "0507", "0506", "0505"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 6);
  // Without the exit the six-hex move is legal.
  ASSERT_TRUE(s.move("Far", {"0510", "0509", "0508", "0507", "0506", "0505"}).ok());
}

TEST(Rule_17_31, AnExitedUnitIsRemovedFromPlayForGood) {
  Sandbox s;
  s.exit_hex("0505");
  s.inf("A", U, 3, "0505");
  ASSERT_TRUE(move_exit(s, "A", {}).ok());
  EXPECT_EQ(s.where("A"), "exited");
  EXPECT_EQ(s.game().position().units[s.id("A")].hex, s.hex("0505")) << "the exit used";
  EXPECT_REFUSED(s, s.move("A", {"0504"}), "5.11");
  s.advance_to(C, Phase::Movement);
  // The exit hex is empty again: an enemy may enter it.
  s.inf("E", C, 3, "0507");
  ASSERT_TRUE(s.move("E", {"0506", "0505"}).ok());
  s.advance_to(U, Phase::Movement);
  EXPECT_REFUSED(s, s.move("A", {"0504"}), "5.11");
  EXPECT_REFUSED(s, s.enter("A", {"0505"}), "reinforcement-arrival");
  EXPECT_EQ(status(s, "A"), UnitStatus::Exited);
}

}  // namespace bg::test
