// Hex geometry: the Blue & Gray XXYY numbering (SPI's),
// neighbours of odd and even columns, the hexsides the rules name, distance,
// parse/format, the Map's neighbour table and its per-hex direction masks.
#include <algorithm>
#include <cmath>
#include <deque>
#include <random>
#include <set>
#include <vector>

#include "core/hex.h"
#include "core/map.h"
#include "core/terrain.h"
#include "sandbox.h"

namespace bg::test {
namespace {

HexCoord H(const char* s) {
  auto c = parse_hex(s);
  EXPECT_TRUE(c.has_value()) << s;
  return c.value_or(HexCoord{});
}

std::set<std::string> neighbour_names(HexCoord c) {
  std::set<std::string> out;
  for (int d = 0; d < kDirs; ++d) out.insert(format_hex(neighbour(c, static_cast<Dir>(d))));
  return out;
}

bool adjacent(HexCoord a, HexCoord b) {
  for (int d = 0; d < kDirs; ++d)
    if (neighbour(a, static_cast<Dir>(d)) == b) return true;
  return false;
}

}  // namespace

// README: an odd-column hex (c, r) touches (c, r-1), (c, r+1), (c-1, r-1),
// (c-1, r), (c+1, r-1), (c+1, r).
TEST(Hex, OddColumnNeighboursFollowTheSpiGrid) {
  EXPECT_EQ(neighbour_names(H("0305")),
            (std::set<std::string>{"0304", "0306", "0204", "0205", "0404", "0405"}));
  EXPECT_EQ(neighbour(H("0305"), Dir::N), H("0304"));
  EXPECT_EQ(neighbour(H("0305"), Dir::NE), H("0404"));
  EXPECT_EQ(neighbour(H("0305"), Dir::SE), H("0405"));
  EXPECT_EQ(neighbour(H("0305"), Dir::S), H("0306"));
  EXPECT_EQ(neighbour(H("0305"), Dir::SW), H("0205"));
  EXPECT_EQ(neighbour(H("0305"), Dir::NW), H("0204"));
}

// README: an even-column hex (c, r) touches (c, r-1), (c, r+1), (c-1, r),
// (c-1, r+1), (c+1, r), (c+1, r+1).
TEST(Hex, EvenColumnNeighboursFollowTheSpiGrid) {
  EXPECT_EQ(neighbour_names(H("0405")),
            (std::set<std::string>{"0404", "0406", "0305", "0306", "0505", "0506"}));
  EXPECT_EQ(neighbour(H("0405"), Dir::N), H("0404"));
  EXPECT_EQ(neighbour(H("0405"), Dir::NE), H("0505"));
  EXPECT_EQ(neighbour(H("0405"), Dir::SE), H("0506"));
  EXPECT_EQ(neighbour(H("0405"), Dir::S), H("0406"));
  EXPECT_EQ(neighbour(H("0405"), Dir::SW), H("0306"));
  EXPECT_EQ(neighbour(H("0405"), Dir::NW), H("0305"));
}

TEST(Hex, OppositeDirectionsLeadBack) {
  for (const char* s : {"0305", "0405", "1010", "0101", "0202"}) {
    const HexCoord c = H(s);
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      EXPECT_EQ(neighbour(neighbour(c, dir), opposite(dir)), c) << s << " dir " << d;
    }
  }
  EXPECT_EQ(opposite(Dir::N), Dir::S);
  EXPECT_EQ(opposite(Dir::NE), Dir::SW);
  EXPECT_EQ(opposite(Dir::NW), Dir::SE);
}

// 16.3 names the Chickahominy from hexsides 0103-0104 to 1827-1728 and the
// North Branch from 0122-0123 and 0322-0422 to 0128-0227; 19.1 names the
// stream bordering 0407, 0308 and 0208. Every named pair must be adjacent.
TEST(Hex, NamedHexsidesOfTheRulesAreAdjacentPairs) {
  const Map map(20, 30);
  const char* pairs[][2] = {{"0103", "0104"}, {"1827", "1728"}, {"0122", "0123"}, {"0322", "0422"},
                            {"0128", "0227"}, {"0407", "0308"}, {"0308", "0208"}};
  for (const auto& p : pairs) {
    const HexCoord a = H(p[0]), b = H(p[1]);
    EXPECT_TRUE(adjacent(a, b)) << p[0] << "-" << p[1];
    EXPECT_TRUE(adjacent(b, a)) << p[1] << "-" << p[0];
    EXPECT_EQ(distance(a, b), 1) << p[0] << "-" << p[1];
    const auto d = map.direction(map.id(a), map.id(b));
    ASSERT_TRUE(d.has_value()) << p[0] << "-" << p[1];
    EXPECT_EQ(map.direction(map.id(b), map.id(a)), opposite(*d));
  }
  // The exact directions follow from the parity rule.
  EXPECT_EQ(map.direction(map.id(H("1827")), map.id(H("1728"))), Dir::SW);
  EXPECT_EQ(map.direction(map.id(H("0322")), map.id(H("0422"))), Dir::SE);
  EXPECT_EQ(map.direction(map.id(H("0128")), map.id(H("0227"))), Dir::NE);
  // 0407 and 0208 share no hexside (the stream runs 0407/0308 then 0308/0208).
  EXPECT_FALSE(adjacent(H("0407"), H("0208")));
  EXPECT_EQ(distance(H("0407"), H("0208")), 2);
}

TEST(Hex, MapNeighbourTableAgreesWithTheParityRule) {
  for (const auto& dims : {std::pair{12, 12}, std::pair{7, 5}, std::pair{1, 4}}) {
    const Map map(dims.first, dims.second);
    int on = 0;
    for (HexId h : map.hexes()) {
      const HexCoord c = map.coord(h);
      for (int d = 0; d < kDirs; ++d) {
        const Dir dir = static_cast<Dir>(d);
        const HexCoord n = neighbour(c, dir);
        const HexId nid = map.neighbour(h, dir);
        EXPECT_EQ(map.on_map(nid), map.contains(n)) << format_hex(c) << " dir " << d;
        if (map.contains(n)) {
          ++on;
          EXPECT_EQ(map.coord(nid), n) << format_hex(c) << " dir " << d;
          EXPECT_EQ(map.direction(h, nid), dir);
        }
      }
    }
    EXPECT_GT(on, 0);
  }
  // Edges: 0101 has two on-map neighbours, 0201 five, an inner hex six.
  const Map map(12, 12);
  auto count_on = [&](const char* s) {
    int n = 0;
    for (int d = 0; d < kDirs; ++d)
      n += map.on_map(map.neighbour(map.id(H(s)), static_cast<Dir>(d))) ? 1 : 0;
    return n;
  };
  EXPECT_EQ(count_on("0101"), 2);  // 0102 and 0201 (0200, 0100 are off the map)
  EXPECT_EQ(count_on("0201"), 5);  // 0202, 0101, 0102, 0301, 0302
  EXPECT_EQ(count_on("0606"), 6);
  EXPECT_TRUE(map.on_edge(map.id(H("0101"))));
  EXPECT_TRUE(map.on_edge(map.id(H("1206"))));
  EXPECT_FALSE(map.on_edge(map.id(H("0606"))));
}

TEST(Hex, DistanceCountsHexesOnTheGrid) {
  EXPECT_EQ(distance(H("0505"), H("0505")), 0);
  EXPECT_EQ(distance(H("0101"), H("0201")), 1);
  EXPECT_EQ(distance(H("0101"), H("0202")), 2);
  EXPECT_EQ(distance(H("0101"), H("0302")), 2);  // 0101-0201-0302
  EXPECT_EQ(distance(H("0101"), H("0301")), 2);
  EXPECT_EQ(distance(H("0101"), H("0601")), 5);
  EXPECT_EQ(distance(H("0101"), H("0106")), 5);
  EXPECT_EQ(distance(H("0201"), H("0205")), 4);
  EXPECT_EQ(distance(H("0505"), H("0808")), 5);
  EXPECT_EQ(distance(H("0202"), H("0601")), 4);  // columns alone bound it from below
  EXPECT_EQ(distance(H("0303"), H("0604")), 3);
  EXPECT_EQ(distance(H("0101"), H("1827")), 35);
}

// Distance must equal the number of steps of a breadth-first walk over the
// neighbour relation, from an odd and from an even column.
TEST(Hex, DistanceEqualsBreadthFirstSteps) {
  const Map map(12, 12);
  for (const char* origin : {"0505", "0606", "0101", "1212"}) {
    std::vector<int> dist(static_cast<size_t>(map.id_space()), -1);
    std::deque<HexId> q;
    const HexId o = map.id(H(origin));
    dist[o] = 0;
    q.push_back(o);
    while (!q.empty()) {
      const HexId h = q.front();
      q.pop_front();
      for (int d = 0; d < kDirs; ++d) {
        const HexId n = map.neighbour(h, static_cast<Dir>(d));
        if (!map.on_map(n) || dist[n] >= 0) continue;
        dist[n] = dist[h] + 1;
        q.push_back(n);
      }
    }
    for (HexId h : map.hexes()) {
      EXPECT_EQ(distance(H(origin), map.coord(h)), dist[h])
          << origin << " to " << format_hex(map.coord(h));
      EXPECT_EQ(distance(map.coord(h), H(origin)), dist[h]);
    }
  }
}

TEST(Hex, ParseAndFormatXXYY) {
  EXPECT_EQ(parse_hex("0405"), (HexCoord{4, 5}));
  EXPECT_EQ(parse_hex("1827"), (HexCoord{18, 27}));
  EXPECT_EQ(parse_hex("0103"), (HexCoord{1, 3}));
  EXPECT_EQ(parse_hex("9999"), (HexCoord{99, 99}));
  EXPECT_FALSE(parse_hex("405").has_value());
  EXPECT_FALSE(parse_hex("04055").has_value());
  EXPECT_FALSE(parse_hex("04a5").has_value());
  EXPECT_FALSE(parse_hex("").has_value());
  EXPECT_FALSE(parse_hex("-405").has_value());
  EXPECT_FALSE(parse_hex("04 5").has_value());
  EXPECT_EQ(format_hex({4, 5}), "0405");
  EXPECT_EQ(format_hex({18, 27}), "1827");
  EXPECT_EQ(format_hex({12, 3}), "1203");
  for (const char* s : {"0101", "0422", "0227", "1728", "9901"})
    EXPECT_EQ(format_hex(*parse_hex(s)), s);
}

// Even columns sit half a hex lower: 0201's centre lies between 0101's and 0102's.
TEST(Hex, EvenColumnsSitHalfAHexLower) {
  const Point a = centre(H("0101")), b = centre(H("0201")), c = centre(H("0102"));
  EXPECT_GT(b.y, a.y);
  EXPECT_LT(b.y, c.y);
  EXPECT_NEAR(b.y - a.y, (c.y - a.y) / 2, 1e-9);
  EXPECT_GT(b.x, a.x);
  // Adjacent centres are all the same distance apart.
  const Point o = centre(H("0505"));
  for (int d = 0; d < kDirs; ++d) {
    const Point n = centre(neighbour(H("0505"), static_cast<Dir>(d)));
    EXPECT_NEAR(std::hypot(n.x - o.x, n.y - o.y), std::sqrt(3.0), 1e-9) << d;
  }
}

// The masks the Map keeps (zoc_dirs, pass_dirs: what 6.6 and 5.24-5.25 read)
// against the rules worked out from its terrain and hexsides, after every
// kind of change a title's map file makes, in a seeded random order.
TEST(Hex, MapDirectionMasksFollowEveryChangeToTheMap) {
  const auto expected = [](const Map& map, HexId h, bool zoc) {
    unsigned bits = 0;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId to = map.neighbour(h, dir);
      if (!map.on_map(to)) continue;
      const HexsideBits s = map.side(h, dir);
      if ((s & kLake) || ((s & kCreek) && !(s & (kBridge | kFord)))) continue;
      const Terrain t = map.terrain(to);
      if (t == Terrain::River || (zoc && t == Terrain::Ferry)) continue;
      bits |= 1u << d;
    }
    return bits;
  };
  const HexsideBits features[] = {kRoad, kCreek, kStream, kBridge, kFord, kLake, kRedoubt};
  Map map(9, 7);
  std::mt19937 rng(2026);
  int blocked = 0;
  for (int step = 0; step < 400; ++step) {
    const std::vector<HexId>& hexes = map.hexes();
    const HexId h = hexes[rng() % hexes.size()];
    const Dir d = static_cast<Dir>(rng() % kDirs);
    switch (rng() % 8) {
      case 0:
      case 1:
        map.set_terrain(h, static_cast<Terrain>(rng() % kTerrainCount));
        break;
      case 2:
        map.clear_side(h, d);
        break;
      case 3:
        if (step % 40 == 0) map.remove_hex(h);
        break;
      default:
        map.add_side(h, d, features[rng() % std::size(features)]);
    }
    for (int x = 0; x < map.id_space(); ++x) {
      const HexId id = static_cast<HexId>(x);
      ASSERT_EQ(map.zoc_dirs(id), expected(map, id, true)) << "step " << step << " hex " << x;
      ASSERT_EQ(map.pass_dirs(id), expected(map, id, false)) << "step " << step << " hex " << x;
      blocked += map.on_map(id) && map.zoc_dirs(id) != map.pass_dirs(id);
    }
  }
  // The walk did make hexes where the two rules differ (ferries).
  EXPECT_GT(blocked, 0);
}

}  // namespace bg::test
