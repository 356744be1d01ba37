// EntryColumns, the count of reinforcements entered by each entry hex in a
// Movement Phase: the engine prices the k-th pair of a column by it and the
// AI reckons a plan's columns by it, so both must read a hex's column alike.
#include "core/entry_columns.h"

#include <gtest/gtest.h>

namespace bg::test {
namespace {

using core::EntryColumns;
using core::HexId;

TEST(EntryColumns, AHexWithNoEntriesHasNoSlotAndNoUnits) {
  EntryColumns c;
  EXPECT_EQ(c.slot_of(7), 0u);  // size(): none
  EXPECT_EQ(c.entered_by(7), 0);
  EXPECT_TRUE(c.room_for(7));
}

TEST(EntryColumns, OpeningAHexTwiceGivesItsOneSlot) {
  EntryColumns c;
  const auto a = c.open(7);
  const auto b = c.open(9);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, 0u);
  EXPECT_EQ(*b, 1u);
  c.counts[*a] += 3;
  EXPECT_EQ(c.open(7), a);  // the same slot, its count kept
  EXPECT_EQ(c.entered_by(7), 3);
  EXPECT_EQ(c.entered_by(9), 0);
  EXPECT_EQ(c.size(), 2u);
}

TEST(EntryColumns, WhenEverySlotIsTakenOnlyTheOpenHexesHaveRoom) {
  EntryColumns c;
  for (HexId h = 1; h <= EntryColumns::kMaxHexes; ++h) ASSERT_TRUE(c.open(h));
  EXPECT_FALSE(c.room_for(100));
  EXPECT_FALSE(c.open(100));
  EXPECT_EQ(c.size(), EntryColumns::kMaxHexes);  // the refused hex left nothing behind
  EXPECT_TRUE(c.room_for(5));
  EXPECT_EQ(c.open(5), std::optional<size_t>{4});
}

TEST(EntryColumns, ClearingEndsThePhasesColumns) {
  EntryColumns c;
  c.counts[*c.open(3)] = 2;
  c.clear();
  EXPECT_EQ(c, EntryColumns{});
  EXPECT_EQ(c.entered_by(3), 0);
}

}  // namespace
}  // namespace bg::test
