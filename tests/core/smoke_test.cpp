#include "sandbox.h"

namespace bg::test {

TEST(Rule_7_0, ThirteenAgainstFourIsThreeToOne) {
  Sandbox sb;
  sb.inf("A", Side::Union, 13, "0505");
  sb.inf("B", Side::Confederate, 4, "0506");
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  sb.dice({4});
  auto r = sb.attack({"A"}, {"0506"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(column_name(r->combat->column), "3-1");
  EXPECT_EQ(r->combat->result, CombatResult::Dr);
  EXPECT_TRUE(sb.pending(PendingKind::Retreat, "B"));
}

}  // namespace bg::test
