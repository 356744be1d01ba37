// The Board (occupancy, stacking and Zones of Control per hex, 5.32, 6.0) kept
// in step with a changing position by Board::follow must be exactly the board
// built afresh from that position: the AI's evaluation follows the positions
// its search compares instead of rebuilding, and the rules read the result.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/position.h"
#include "rtr_fixture.h"

namespace bg::test {
namespace {

// Road to Richmond with the tournament options: its Siege Train stacks with
// nothing (UnitDef::sole_occupant), so every count the board keeps is used.
struct Scene {
  Game game = new_game(rtr_1977(true));
  Context ctx = game.context();
  std::vector<HexId> hexes;
  Scene() {
    for (HexId h = 0; h < static_cast<HexId>(game.map().id_space()); ++h)
      if (game.map().on_map(h)) hexes.push_back(h);
  }
};

// Moves, removes or brings back `n` random units (several may end in one hex).
void shuffle_units(const Scene& s, Position& pos, int n, std::mt19937& rng) {
  std::uniform_int_distribution<int> unit(0, pos.count - 1);
  std::uniform_int_distribution<size_t> hex(0, s.hexes.size() - 1);
  std::uniform_int_distribution<int> what(0, 9);
  for (int i = 0; i < n; ++i) {
    UnitState& u = pos.units[unit(rng)];
    const int w = what(rng);
    if (w == 0) {
      u.status = UnitStatus::Eliminated;
    } else if (w == 1) {
      u.status = UnitStatus::OffMap;
    } else {
      u.status = UnitStatus::OnMap;
      // Most moves stay near a crowded corner of the map so hexes fill up and
      // Zones of Control overlap; some go anywhere.
      u.hex = w < 6 ? s.hexes[hex(rng) % 40] : s.hexes[hex(rng)];
    }
  }
}

}  // namespace

TEST(Board, FollowingPositionsGivesTheBoardBuiltFromEach) {
  Scene s;
  ASSERT_GT(s.game.position().count, 10);
  std::mt19937 rng(2026);
  Position now = s.game.position();
  Position was = now;
  Board followed;
  followed.build(s.ctx, was);
  int sole_seen = 0;
  for (int step = 0; step < 3000; ++step) {
    // Mostly one or two units, as between a search's plans; now and then many.
    shuffle_units(s, now, step % 50 == 0 ? 60 : 1 + step % 2, rng);
    followed.follow(s.ctx, was, now);
    Board built;
    built.build(s.ctx, now);
    ASSERT_TRUE(followed == built) << "step " << step;
    ASSERT_EQ(was, now) << "step " << step;
    for (HexId h : s.hexes) sole_seen += built.sole(h);
  }
  EXPECT_GT(sole_seen, 0) << "the Siege Train never stood on the map: the test would miss it";
}

TEST(Board, FollowingAnotherRosterBuildsAfresh) {
  Scene s;
  Position was = s.game.position();
  Board followed;
  followed.build(s.ctx, was);
  Position fewer = was;
  fewer.count -= 5;  // as another game's position would differ
  fewer.units[0].hex = s.hexes[3];
  fewer.units[0].status = UnitStatus::OnMap;
  followed.follow(s.ctx, was, fewer);
  Board built;
  built.build(s.ctx, fewer);
  EXPECT_TRUE(followed == built);
  EXPECT_EQ(was, fewer);
}

TEST(Board, AFollowedBoardAnswersTheRulesAsABuiltOne) {
  // One unit's ZOC appears where it moves and leaves where it was (6.0).
  Scene s;
  Position was = s.game.position();
  for (int u = 0; u < was.count; ++u) was.units[u].status = UnitStatus::OffMap;
  Board b;
  b.build(s.ctx, was);
  Position now = was;
  int u = 0;
  while (!s.ctx.def(static_cast<UnitIndex>(u)).exerts_zoc) ++u;
  const Side side = s.ctx.def(static_cast<UnitIndex>(u)).side;
  const HexId h = s.hexes[s.hexes.size() / 2];
  now.units[u].status = UnitStatus::OnMap;
  now.units[u].hex = h;
  b.follow(s.ctx, was, now);
  EXPECT_TRUE(b.occupied_by(side, h));
  int zoc_hexes = 0;
  for (HexId x : s.hexes) zoc_hexes += b.zoc(side, x) > 0;
  EXPECT_GT(zoc_hexes, 0);
  now.units[u].status = UnitStatus::Eliminated;
  b.follow(s.ctx, was, now);
  EXPECT_FALSE(b.occupied_by(side, h));
  for (HexId x : s.hexes) EXPECT_EQ(b.zoc(side, x), 0) << format_hex(s.game.map().coord(x));
}

}  // namespace bg::test
