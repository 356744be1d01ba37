// The Combat Results Table (7.6, the 1977 chart) and the odds (7.0 procedure, DG 8.1):
// every one of the 60 cells is reached through a real attack with a forced die.
#include <array>
#include <string>

#include "sandbox.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

// The table as printed in the 1977 folio (die rows 1-6, columns 1-5 .. 6-1, the second
// "4-1" heading read as 5-1), transcribed independently of src/core/crt.cpp.
constexpr std::array<std::array<const char*, 10>, 6> kPrinted = {{
    {"Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "De", "De", "De", "De"},
    {"Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De", "De"},
    {"Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De"},
    {"Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr"},
    {"Ae", "Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Ex", "Ex", "Dr"},
    {"Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Ex"},
}};

constexpr std::array<const char*, 10> kColumns = {"1-5", "1-4", "1-3", "1-2", "1-1",
                                                  "2-1", "3-1", "4-1", "5-1", "6-1"};

// Strengths that land on each column only after rounding in the defender's
// favour (none of them is an exact ratio).
struct Odds {
  int attack;
  int defence;
  const char* column;
};
constexpr std::array<Odds, 10> kRounded = {{
    {3, 14, "1-5"},  // 1:4.67
    {2, 7, "1-4"},   // 1:3.5
    {3, 8, "1-3"},   // 1:2.67
    {4, 7, "1-2"},   // 1:1.75
    {7, 5, "1-1"},   // 1.4:1
    {11, 4, "2-1"},  // 2.75:1
    {13, 4, "3-1"},  // 3.25:1 (the 7.0 example)
    {9, 2, "4-1"},   // 4.5:1
    {11, 2, "5-1"},  // 5.5:1
    {13, 2, "6-1"},  // 6.5:1
}};

// One attack of `attack` (Union, 0505) on `defence` (Confederate, 0506) with
// the die forced; checks the column, the printed result and what it did.
void check_cell(const RulesConfig& rules, int attack, int defence, int die, const char* column,
                const char* result) {
  SCOPED_TRACE(std::to_string(attack) + " vs " + std::to_string(defence) + ", die " +
               std::to_string(die));
  Sandbox sb(rules);
  sb.inf("A", U, attack, "0505");
  sb.inf("B", C, defence, "0506");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die});
  auto r = sb.attack({"A"}, {"0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_TRUE(r->combat && r->combat->rolled);
  EXPECT_EQ(r->combat->die, die);
  EXPECT_EQ(column_name(r->combat->column), column);
  EXPECT_EQ(result_name(r->combat->result), result);
  const std::string res = result;
  if (res == "Ae") {
    EXPECT_EQ(sb.where("A"), "eliminated");
    EXPECT_EQ(sb.where("B"), "0506");
    EXPECT_TRUE(sb.pending(PendingKind::Advance));  // the defender may advance (7.75)
  } else if (res == "De") {
    EXPECT_EQ(sb.where("B"), "eliminated");
    EXPECT_EQ(sb.where("A"), "0505");
    EXPECT_TRUE(sb.pending(PendingKind::Advance));
  } else if (res == "Ex") {
    EXPECT_EQ(sb.where("B"), "eliminated");
    EXPECT_EQ(sb.where("A"), "0505");
    EXPECT_TRUE(sb.pending(PendingKind::Lose));
  } else if (res == "Ar") {
    EXPECT_TRUE(sb.pending(PendingKind::Retreat, "A"));
    EXPECT_FALSE(sb.pending(PendingKind::Retreat, "B"));
  } else {
    EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B"));
    EXPECT_FALSE(sb.pending(PendingKind::Retreat, "A"));
  }
}

}  // namespace

TEST(Crt, TableMatchesThePrintedChartCellByCell) {
  for (int die = 1; die <= 6; ++die)
    for (int col = 0; col < 10; ++col)
      EXPECT_EQ(result_name(crt(col, die)), kPrinted[die - 1][col])
          << "column " << kColumns[col] << ", die " << die;
}

TEST(Crt, ColumnNamesAndParsing) {
  for (int col = 0; col < 10; ++col) {
    EXPECT_EQ(column_name(col), kColumns[col]);
    EXPECT_EQ(parse_column(kColumns[col]), col);
  }
  EXPECT_EQ(parse_column("3:1"), 6);  // DG writes odds as 3:1
  EXPECT_EQ(parse_column("7-1"), std::nullopt);
  EXPECT_EQ(parse_column("1-6"), std::nullopt);
}

TEST(Crt, OddsRoundInTheDefendersFavourAndClamp) {
  EXPECT_EQ(column_name(odds_column(13, 4)), "3-1");
  EXPECT_EQ(column_name(odds_column(4, 7)), "1-2");
  EXPECT_EQ(column_name(odds_column(19, 7)), "2-1");
  EXPECT_EQ(column_name(odds_column(5, 6)), "1-2");  // 0.83:1 is worse than 1-1
  EXPECT_EQ(column_name(odds_column(6, 6)), "1-1");
  EXPECT_EQ(column_name(odds_column(11, 6)), "1-1");
  EXPECT_EQ(column_name(odds_column(12, 6)), "2-1");
  EXPECT_EQ(column_name(odds_column(2, 9)), "1-5");  // 1:4.5 rounds to 1-5
  EXPECT_EQ(column_name(odds_column(1, 9)), "1-5");  // worse than 1-5 is 1-5
  EXPECT_EQ(column_name(odds_column(1, 99)), "1-5");
  EXPECT_EQ(column_name(odds_column(7, 1)), "6-1");  // better than 6-1 is 6-1
  EXPECT_EQ(column_name(odds_column(99, 1)), "6-1");
  for (const Odds& o : kRounded) EXPECT_EQ(column_name(odds_column(o.attack, o.defence)), o.column);
}

TEST(Rule_7_0, FourAgainstSevenIsOneToTwo) {
  Sandbox sb;
  sb.inf("A", U, 4, "0505");
  sb.inf("B", C, 7, "0506");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({3});
  auto r = sb.attack({"A"}, {"0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->combat->attack, 4);
  EXPECT_EQ(r->combat->defence, 7);
  EXPECT_EQ(column_name(r->combat->column), "1-2");
  EXPECT_EQ(r->combat->result, CombatResult::Ar);  // 1-1 would have been Dr
}

TEST(Rule_7_0, PreviewGivesTheOddsWithoutRolling) {
  Sandbox sb;
  sb.inf("A", U, 13, "0505");
  sb.inf("B", C, 4, "0506");
  ASSERT_TRUE(sb.end().ok());
  Action a;
  a.kind = ActionKind::Attack;
  a.units.push_back(sb.id("A"));
  a.hexes.push_back(sb.hex("0506"));
  auto plan = sb.game().preview_attack(a);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(column_name(plan->column), "3-1");
  EXPECT_TRUE(sb.game().log().size() == 3u);  // two placements and the end; nothing rolled
}

// All 60 cells, each through a sandbox attack whose strengths need rounding.
TEST(Rule_7_6, EveryCellOfTheTableThroughForcedDice) {
  for (int col = 0; col < 10; ++col)
    for (int die = 1; die <= 6; ++die)
      check_cell(rules_1977(), kRounded[col].attack, kRounded[col].defence, die,
                 kRounded[col].column, kPrinted[die - 1][col]);
}

TEST(Rule_7_6, BetterThanSixToOneIsResolvedAsSixToOne) {
  for (int die = 1; die <= 6; ++die) {
    check_cell(rules_1977(), 20, 2, die, "6-1", kPrinted[die - 1][9]);  // 10:1
    check_cell(rules_1977(), 99, 1, die, "6-1", kPrinted[die - 1][9]);  // 99:1
  }
}

TEST(Rule_7_6, WorseThanOneToFiveIsResolvedAsOneToFive) {
  for (int die = 1; die <= 6; ++die) {
    check_cell(rules_1977(), 1, 9, die, "1-5", kPrinted[die - 1][0]);   // 1:9
    check_cell(rules_1977(), 1, 60, die, "1-5", kPrinted[die - 1][0]);  // 1:60
  }
}

TEST(DG_8_1, NineteenAgainstSevenIsTwoToOne) {
  check_cell(rules_dg(), 19, 7, 5, "2-1", "Ar");
  check_cell(rules_dg(), 19, 7, 1, "2-1", "Dr");
}

TEST(DG_8_1, SameTableInTheDgEdition) {
  for (int col = 0; col < 10; ++col)
    for (int die = 1; die <= 6; ++die)
      check_cell(rules_dg(), kRounded[col].attack, kRounded[col].defence, die, kRounded[col].column,
                 kPrinted[die - 1][col]);
}

}  // namespace bg::test
