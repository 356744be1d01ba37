// Line of Sight (8.31-8.35; DG 8.71) on hand-built maps.
#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include "core/los.h"
#include "sandbox.h"

namespace bg::test {
namespace {

HexId at(const Map& m, const char* s) {
  return m.id(*parse_hex(s));
}

bool los(const Map& m, const char* a, const char* b) {
  return line_of_sight(m, at(m, a), at(m, b));
}

std::vector<std::pair<std::string, std::string>> steps(const Map& m, const char* a, const char* b) {
  std::vector<LosStep> s;
  los_steps(m, at(m, a), at(m, b), s);
  std::vector<std::pair<std::string, std::string>> out;
  for (const LosStep& x : s) {
    std::string h1 = x.h1 == kNoHex ? "off" : format_hex(m.coord(x.h1));
    std::string h2 = x.h2 == kNoHex ? "off" : format_hex(m.coord(x.h2));
    if (h2 < h1) std::swap(h1, h2);
    out.emplace_back(h1, h2);
  }
  return out;
}

using Steps = std::vector<std::pair<std::string, std::string>>;

}  // namespace

// 8.31: the intervening hexes of a straight line between centres; the
// straight cube line 0303-0604 passes through the centres of 0403 and 0504.
TEST(Rule_8_31, InterveningForestBlocksTheLine) {
  Map m(12, 12);
  EXPECT_EQ(steps(m, "0303", "0604"), (Steps{{"0403", "0403"}, {"0504", "0504"}}));
  EXPECT_TRUE(los(m, "0303", "0604"));
  m.set_terrain(at(m, "0404"), Terrain::Forest);  // beside the line, not on it
  m.set_terrain(at(m, "0503"), Terrain::Forest);
  EXPECT_TRUE(los(m, "0303", "0604"));
  m.set_terrain(at(m, "0504"), Terrain::Forest);
  EXPECT_FALSE(los(m, "0303", "0604"));
  EXPECT_FALSE(los(m, "0604", "0303"));  // the line is the same both ways
}

TEST(Rule_8_31, AdjacentHexesHaveNothingBetween) {
  Map m(6, 6);
  for (HexId h : m.hexes()) m.set_terrain(h, Terrain::Forest);
  EXPECT_TRUE(steps(m, "0303", "0403").empty());
  EXPECT_TRUE(los(m, "0303", "0403"));
}

namespace {

// The engine's intervening hexes must be exactly the hexes a drawn straight
// line crosses: sample the segment finely and find the hex containing each
// point by nearest centre (off-map hexes included, as kNoHex). A run of points
// equidistant from two centres is a line along a hexside (8.32) and must come
// out as a pair; a line that only touches a hex at a vertex does not cross it.
void check_drawn_lines(const Map& m, const std::vector<HexId>& origins, int& pairs_seen) {
  std::vector<std::pair<HexCoord, Point>> centres;
  for (int c = 0; c <= m.cols() + 1; ++c)
    for (int r = 0; r <= m.rows() + 1; ++r) centres.push_back({{c, r}, centre({c, r})});
  auto id_of = [&](HexCoord c) { return m.contains(c) ? m.id(c) : kNoHex; };
  for (HexId a : origins) {
    const Point pa = centre(m.coord(a));
    for (HexId b : m.hexes()) {
      const int n = distance(m.coord(a), m.coord(b));
      // Artillery range is 3 (8.11, DG 8.7). Sampling one point per hex of
      // distance is exact up to distance 6; longer lines can clip the corner
      // of a hex between two samples.
      if (n < 2 || n > 6) continue;
      const Point pb = centre(m.coord(b));
      std::set<std::pair<HexId, HexId>> expected;
      const int samples = 60 * n;
      std::pair<HexId, HexId> prev{a, a};
      for (int i = 1; i < samples; ++i) {
        const double t = static_cast<double>(i) / samples;
        const double x = pa.x + (pb.x - pa.x) * t, y = pa.y + (pb.y - pa.y) * t;
        HexId best = kNoHex, second = kNoHex;
        double d1 = 1e18, d2 = 1e18;
        for (const auto& [coord, c] : centres) {
          const double d = std::hypot(c.x - x, c.y - y);
          if (d < d1) {
            second = best, d2 = d1;
            best = id_of(coord), d1 = d;
          } else if (d < d2) {
            second = id_of(coord), d2 = d;
          }
        }
        std::pair<HexId, HexId> cur{best, best};
        if (d2 - d1 < 1e-9) cur = {std::min(best, second), std::max(best, second)};
        // A pair counts only when it persists (a run along a hexside), not
        // when one sample lands where the line crosses or touches a hexside.
        if (cur.first == cur.second ? (best != a && best != b) : cur == prev) expected.insert(cur);
        prev = cur;
      }
      std::vector<LosStep> s;
      los_steps(m, a, b, s);
      EXPECT_GE(static_cast<int>(s.size()), n - 1);
      std::set<std::pair<HexId, HexId>> got;
      for (const LosStep& x : s) {
        got.insert({std::min(x.h1, x.h2), std::max(x.h1, x.h2)});
        if (x.h1 != x.h2) ++pairs_seen;
      }
      EXPECT_EQ(got, expected) << format_hex(m.coord(a)) << " to " << format_hex(m.coord(b));
    }
  }
}

}  // namespace

TEST(Rule_8_31, LosStepsAreTheHexesTheDrawnLineCrosses) {
  const Map m(11, 11);
  std::vector<HexId> origins;
  for (const char* o : {"0606", "0505", "0101", "1106"}) origins.push_back(at(m, o));
  int pairs_seen = 0;
  check_drawn_lines(m, origins, pairs_seen);
  EXPECT_GT(pairs_seen, 0);  // the sweep met hexside-congruent lines
}

// A line that is not congruent to a hexside but crosses one exactly at a
// sample point (0606-0205 crosses the 0405/0406 hexside at its midpoint)
// passes through both hexes: either one blocks on its own (8.31), unlike the
// "between" lines of 8.32.
TEST(Rule_8_31, LineCrossingAHexsideMidpointMeetsBothHexes) {
  Map m(12, 12);
  EXPECT_EQ(steps(m, "0606", "0205"),
            (Steps{{"0506", "0506"}, {"0406", "0406"}, {"0405", "0405"}, {"0306", "0306"}}));
  EXPECT_TRUE(los(m, "0606", "0205"));
  m.set_terrain(at(m, "0406"), Terrain::Forest);
  EXPECT_FALSE(los(m, "0606", "0205"));
  EXPECT_FALSE(los(m, "0205", "0606"));
  m.set_terrain(at(m, "0406"), Terrain::Clear);
  m.set_terrain(at(m, "0405"), Terrain::Town);
  EXPECT_FALSE(los(m, "0606", "0205"));
}

// 8.32: 0102-0302 runs exactly along the hexside between 0201 and 0202.
TEST(Rule_8_32, LineAlongAHexsideIsBlockedOnlyIfBothHexesBlock) {
  Map m(12, 12);
  EXPECT_EQ(steps(m, "0102", "0302"), (Steps{{"0201", "0202"}}));
  EXPECT_TRUE(los(m, "0102", "0302"));
  m.set_terrain(at(m, "0201"), Terrain::Forest);
  EXPECT_TRUE(los(m, "0102", "0302"));
  m.set_terrain(at(m, "0201"), Terrain::Clear);
  m.set_terrain(at(m, "0202"), Terrain::Town);
  EXPECT_TRUE(los(m, "0102", "0302"));
  m.set_terrain(at(m, "0201"), Terrain::ForestRough);  // both now block (mixed kinds)
  EXPECT_FALSE(los(m, "0102", "0302"));
  EXPECT_FALSE(los(m, "0302", "0102"));
  m.set_terrain(at(m, "0202"), Terrain::Rough);  // rough does not block (8.33)
  EXPECT_TRUE(los(m, "0102", "0302"));
}

// The two other hexside-congruent directions (60 degrees off the east-west one).
TEST(Rule_8_32, SlantedHexsideLinesAlsoNeedBothSidesBlocked) {
  Map m(12, 12);
  EXPECT_EQ(steps(m, "0404", "0503"), (Steps{{"0403", "0504"}}));
  m.set_terrain(at(m, "0403"), Terrain::Forest);
  EXPECT_TRUE(los(m, "0404", "0503"));
  m.set_terrain(at(m, "0504"), Terrain::Forest);
  EXPECT_FALSE(los(m, "0404", "0503"));

  // A longer one alternates: pair, single hex, pair.
  Map l(12, 12);
  EXPECT_EQ(steps(l, "0406", "0603"),
            (Steps{{"0405", "0506"}, {"0505", "0505"}, {"0504", "0604"}}));
  l.set_terrain(at(l, "0405"), Terrain::Forest);
  l.set_terrain(at(l, "0604"), Terrain::Town);
  EXPECT_TRUE(los(l, "0406", "0603"));  // one blocker beside each hexside
  l.set_terrain(at(l, "0505"), Terrain::Forest);
  EXPECT_FALSE(los(l, "0406", "0603"));  // the centre hex alone blocks
  l.set_terrain(at(l, "0505"), Terrain::Clear);
  l.set_terrain(at(l, "0504"), Terrain::ForestRough);
  EXPECT_FALSE(los(l, "0406", "0603"));  // second hexside now has both sides blocking
}

TEST(Rule_8_32, FourHexLineAlongTwoHexsides) {
  Map m(12, 12);
  EXPECT_EQ(steps(m, "0102", "0502"),
            (Steps{{"0201", "0202"}, {"0302", "0302"}, {"0401", "0402"}}));
  m.set_terrain(at(m, "0201"), Terrain::Forest);
  m.set_terrain(at(m, "0402"), Terrain::Forest);
  EXPECT_TRUE(los(m, "0102", "0502"));
  m.set_terrain(at(m, "0401"), Terrain::Forest);
  EXPECT_FALSE(los(m, "0102", "0502"));
}

// Ruling R-LOS-CROSSING: a hex off the map never blocks, so a line along the
// map edge (0101-0301 runs between 0201 and the off-map 0200) is never blocked.
TEST(Rule_8_32, OffMapHexBesideAHexsideNeverBlocks) {
  Map m(6, 6);
  std::vector<LosStep> s;
  los_steps(m, at(m, "0101"), at(m, "0301"), s);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_TRUE((s[0].h1 == kNoHex) != (s[0].h2 == kNoHex));
  m.set_terrain(at(m, "0201"), Terrain::Forest);
  EXPECT_TRUE(los(m, "0101", "0301"));
}

// 8.33: forest, forest-rough and town block; nothing else does.
TEST(Rule_8_33, OnlyForestForestRoughAndTownBlock) {
  const Terrain blocking[] = {Terrain::Forest, Terrain::ForestRough, Terrain::Town};
  const Terrain open[] = {Terrain::Clear, Terrain::Rough, Terrain::Swamp, Terrain::River,
                          Terrain::Ferry};
  for (Terrain t : blocking) {
    Map m(8, 8);
    m.set_terrain(at(m, "0304"), t);
    EXPECT_FALSE(los(m, "0303", "0305")) << terrain_name(t);
    EXPECT_TRUE(blocks_los(t));
  }
  for (Terrain t : open) {
    Map m(8, 8);
    m.set_terrain(at(m, "0304"), t);
    EXPECT_TRUE(los(m, "0303", "0305")) << terrain_name(t);
    EXPECT_FALSE(blocks_los(t));
  }
}

TEST(Rule_8_33, RoughAloneDoesNotBlockButForestRoughDoes) {
  Map m(8, 8);
  m.set_terrain(at(m, "0304"), Terrain::Rough);
  EXPECT_TRUE(los(m, "0303", "0305"));
  m.set_terrain(at(m, "0304"), Terrain::ForestRough);
  EXPECT_FALSE(los(m, "0303", "0305"));
}

// 8.34: terrain in the firing and the target hex never blocks.
TEST(Rule_8_34, TerrainOfFiringAndTargetHexesDoesNotBlock) {
  Map m(8, 8);
  m.set_terrain(at(m, "0303"), Terrain::Forest);
  m.set_terrain(at(m, "0306"), Terrain::Town);
  EXPECT_TRUE(los(m, "0303", "0306"));
  m.set_terrain(at(m, "0305"), Terrain::Forest);
  EXPECT_FALSE(los(m, "0303", "0306"));  // but an intervening one still does
}

// 8.31 through the engine: a bombardment without Line of Sight is refused.
TEST(Rule_8_31, BombardmentWithoutLineOfSightIsRefused) {
  Sandbox sb;
  sb.terrain("0504", Terrain::Forest);
  sb.unit("Art", Side::Union, UnitType::Artillery, 4, "0303");
  sb.inf("B", Side::Confederate, 2, "0604");
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0604"}), "8.31");

  Sandbox clear;
  clear.terrain("0404", Terrain::Forest);  // beside the line only
  clear.unit("Art", Side::Union, UnitType::Artillery, 4, "0303");
  clear.inf("B", Side::Confederate, 2, "0604");
  ASSERT_TRUE(clear.end().ok());
  clear.dice({6});
  auto r = clear.attack({"Art"}, {"0604"});
  EXPECT_TRUE(r.ok()) << r.error().message;
}

// 8.35: units never block, Enemy or Friendly: artillery in 0303 fires over an
// enemy unit in 0504 and a friendly one in 0403 at 0604.
TEST(Rule_8_35, ArtilleryFiresOverEnemyAndFriendlyUnits) {
  Sandbox sb;
  sb.unit("Art", Side::Union, UnitType::Artillery, 4, "0303");
  sb.inf("F", Side::Union, 2, "0403");  // on the line; it must attack E1 later (7.12)
  sb.inf("E1", Side::Confederate, 2, "0504");
  sb.inf("E2", Side::Confederate, 2, "0604");
  ASSERT_TRUE(sb.end().ok());
  ASSERT_EQ(sb.state().phase, Phase::Combat);
  sb.dice({6});
  auto r = sb.attack({"Art"}, {"0604"});
  EXPECT_TRUE(r.ok()) << r.error().message;

  // The same line over a forest hex holding the enemy unit is blocked: the
  // terrain blocks, not the unit.
  Sandbox blocked;
  blocked.terrain("0504", Terrain::Forest);
  blocked.unit("Art", Side::Union, UnitType::Artillery, 4, "0303");
  blocked.inf("E1", Side::Confederate, 2, "0504");
  blocked.inf("E2", Side::Confederate, 2, "0604");
  ASSERT_TRUE(blocked.end().ok());
  EXPECT_REFUSED(blocked, blocked.attack({"Art"}, {"0604"}), "8.31");
}

TEST(DG_8_71, SameLineOfSightRulesCiteTheDgCase) {
  Sandbox sb(rules_dg());
  sb.terrain("0504", Terrain::Town);
  sb.unit("Art", Side::Union, UnitType::Artillery, 4, "0303");
  sb.inf("B", Side::Confederate, 2, "0604");
  ASSERT_TRUE(sb.end().ok());
  EXPECT_REFUSED(sb, sb.attack({"Art"}, {"0604"}), "8.71");
}

}  // namespace bg::test
