// The reconstructed Road to Richmond map (data/road-to-richmond/map.txt) against
// every hard constraint the rules put on the map, and the map file parser.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "content/map_file.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/terrain.h"

namespace {

using bg::core::Dir;
using bg::core::HexCoord;
using bg::core::HexId;
using bg::core::HexsideBits;
using bg::core::Map;
using bg::core::Terrain;
namespace core = bg::core;

const std::string kMapPath = std::string(BLUEGRAY_SOURCE_DIR) + "/data/road-to-richmond/map.txt";

const Map& rtr() {
  static const std::shared_ptr<Map> map = [] {
    auto r = bg::content::load_map(kMapPath);
    if (!r) ADD_FAILURE() << r.error().message;
    return r ? *r : std::make_shared<Map>(1, 1);
  }();
  return *map;
}

HexId H(const Map& m, const char* s) {
  const auto c = core::parse_hex(s);
  EXPECT_TRUE(c && m.contains(*c)) << s;
  return m.id(*c);
}

HexsideBits side(const Map& m, const char* a, const char* b) {
  const HexId ha = H(m, a);
  const auto d = m.direction(ha, H(m, b));
  EXPECT_TRUE(d.has_value()) << a << "/" << b << " not adjacent";
  return d ? m.side(ha, *d) : HexsideBits{0};
}

// A hexside as an ordered pair of coordinates; a vertex as the sorted triple of
// the hexes meeting there (off-map coordinates included).
using Side = std::pair<std::pair<int, int>, std::pair<int, int>>;
using Vertex = std::array<std::pair<int, int>, 3>;

std::pair<int, int> P(HexCoord c) {
  return {c.col, c.row};
}

Side make_side(HexCoord a, HexCoord b) {
  auto pa = P(a), pb = P(b);
  if (pb < pa) std::swap(pa, pb);
  return {pa, pb};
}

Side make_side(const Map& m, const char* a, const char* b) {
  return make_side(m.coord(H(m, a)), m.coord(H(m, b)));
}

std::vector<Vertex> vertices(Side s) {
  const HexCoord a{s.first.first, s.first.second};
  const HexCoord b{s.second.first, s.second.second};
  std::vector<Vertex> out;
  for (int d = 0; d < core::kDirs; ++d) {
    const HexCoord x = core::neighbour(a, static_cast<Dir>(d));
    for (int e = 0; e < core::kDirs; ++e)
      if (core::neighbour(b, static_cast<Dir>(e)) == x) {
        Vertex v{P(a), P(b), P(x)};
        std::sort(v.begin(), v.end());
        out.push_back(v);
      }
  }
  return out;
}

// All on-map hexsides carrying `bit`.
std::set<Side> sides_with(const Map& m, HexsideBits bit) {
  std::set<Side> out;
  for (HexId h : m.hexes())
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      if (m.on_map(n) && (m.side(h, static_cast<Dir>(d)) & bit))
        out.insert(make_side(m.coord(h), m.coord(n)));
    }
  return out;
}

// The hexsides of `all` reachable from `start` through shared vertices.
std::set<Side> component(const std::set<Side>& all, Side start) {
  std::map<Vertex, std::vector<Side>> at;
  for (const Side& s : all)
    for (const Vertex& v : vertices(s)) at[v].push_back(s);
  std::set<Side> seen{start};
  std::queue<Side> q;
  q.push(start);
  while (!q.empty()) {
    const Side s = q.front();
    q.pop();
    for (const Vertex& v : vertices(s))
      for (const Side& t : at[v])
        if (seen.insert(t).second) q.push(t);
  }
  return seen;
}

// Hexes reachable from `from` across hexsides that do not carry any of `block`.
std::set<HexId> flood(const Map& m, HexId from, HexsideBits block) {
  std::set<HexId> seen{from};
  std::queue<HexId> q;
  q.push(from);
  while (!q.empty()) {
    const HexId h = q.front();
    q.pop();
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      if (!m.on_map(n) || (m.side(h, static_cast<Dir>(d)) & block)) continue;
      if (seen.insert(n).second) q.push(n);
    }
  }
  return seen;
}

bool crossable(HexsideBits s) {
  if (s & core::kLake) return false;
  return !((s & core::kCreek) && !(s & (core::kBridge | core::kFord)));
}

// Hexes reachable from `from` moving only along road or trail hexsides that can
// be crossed on the empty map.
std::set<HexId> road_net(const Map& m, HexId from) {
  std::set<HexId> seen{from};
  std::queue<HexId> q;
  q.push(from);
  while (!q.empty()) {
    const HexId h = q.front();
    q.pop();
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      const HexsideBits s = m.side(h, static_cast<Dir>(d));
      if (!m.on_map(n) || !(s & (core::kRoad | core::kTrail)) || !crossable(s)) continue;
      if (seen.insert(n).second) q.push(n);
    }
  }
  return seen;
}

bool named(const Map& m, const char* hex, const std::string& kind, const std::string& name = "") {
  const HexId h = H(m, hex);
  for (const auto& n : m.named())
    if (n.hex == h && n.kind == kind && (name.empty() || n.name == name)) return true;
  return false;
}

const std::vector<const char*> kUnionSetup = {"1404", "1107", "1108", "1007", "1009",
                                              "0908", "0409", "0410", "0511", "1726"};
const std::vector<const char*> kRoughSetup = {"1107", "1108", "1007", "1009",
                                              "0908", "0409", "0410", "0511"};

// ---------------------------------------------------------------------------

TEST(RtrMap, LoadsAsTwentyFourByTwentyEight) {
  auto r = bg::content::load_map(kMapPath);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ((*r)->cols(), 24);
  EXPECT_EQ((*r)->rows(), 28);
}

TEST(RtrMap, EntryAndExitHexesAreOnTheMapEdge) {
  const Map& m = rtr();
  for (const char* h : {"0103", "0117", "0126", "1301", "1901", "0328", "0728", "1528", "2426"})
    EXPECT_TRUE(m.on_edge(H(m, h))) << h;
  // The Union interior entries sit on the lines before Richmond, not the edge.
  for (const char* h : {"0410", "0412", "0414", "0416", "0417", "0418", "0419"})
    EXPECT_FALSE(m.on_edge(H(m, h))) << h;
}

TEST(RtrMap, EntryExitAndVictoryHexesAreRecorded) {
  const Map& m = rtr();
  for (const char* h : {"0103", "1301", "1901", "0117", "0126", "0328", "0728"})
    EXPECT_TRUE(named(m, h, "entry", "confederate")) << h;
  for (const char* h : {"1528", "0410", "0412", "0414", "0416", "0417", "0418", "0419", "2426"})
    EXPECT_TRUE(named(m, h, "entry", "union")) << h;
  EXPECT_TRUE(named(m, "0117", "exit"));
  EXPECT_TRUE(named(m, "1528", "exit"));
  EXPECT_TRUE(named(m, "1823", "victory"));
  EXPECT_TRUE(named(m, "1826", "victory"));
  for (const char* h : kUnionSetup) EXPECT_TRUE(named(m, h, "setup", "union")) << h;
}

TEST(RtrMap, EveryEntryAndExitHexIsOnARoadOrTrail) {
  const Map& m = rtr();
  for (const char* h : {"0103", "0117", "0126", "1301", "1901", "0328", "0728", "1528", "2426",
                        "0410", "0412", "0414", "0416", "0417", "0418", "0419"})
    EXPECT_TRUE(m.has_road(H(m, h)) || m.has_trail(H(m, h))) << h;
  // The edge entries are on roads proper, which leave the map there.
  for (const char* h : {"0103", "0117", "0126", "1301", "1901", "0328", "0728", "1528", "2426"})
    EXPECT_TRUE(m.has_road(H(m, h))) << h;
}

TEST(RtrMap, ChickahominyIsOneCreekChainFrom0103_0104To1827_1728) {
  const Map& m = rtr();
  EXPECT_TRUE(side(m, "0103", "0104") & core::kCreek);
  EXPECT_TRUE(side(m, "1827", "1728") & core::kCreek);
  const auto creeks = sides_with(m, core::kCreek);
  const auto river = component(creeks, make_side(m, "0103", "0104"));
  EXPECT_TRUE(river.count(make_side(m, "1827", "1728")));
  // A single chain: no vertex joins more than two of its hexsides.
  std::map<Vertex, int> uses;
  for (const Side& s : river)
    for (const Vertex& v : vertices(s)) ++uses[v];
  for (const auto& [v, n] : uses) EXPECT_LE(n, 2);
  // It is not joined to the North Branch.
  EXPECT_FALSE(river.count(make_side(m, "0122", "0123")));
}

TEST(RtrMap, ChickahominySeparatesTheNorthBankFromTheSouthBank) {
  const Map& m = rtr();
  const auto north = flood(m, H(m, "0103"), core::kCreek);
  EXPECT_FALSE(north.count(H(m, "0104")));
  // V Corps, the cavalry and Dispatch Station are on the north bank; VI Corps,
  // the Trent house, Savage's and 1/2/IV on the south bank.
  for (const char* h : {"1404", "1107", "1108", "1007", "1009", "0908", "1823", "1826", "2426"})
    EXPECT_TRUE(north.count(H(m, h))) << h;
  for (const char* h : {"0104", "0409", "0410", "0511", "0715", "0920", "1726", "1528", "0117"})
    EXPECT_FALSE(north.count(H(m, h))) << h;
}

TEST(RtrMap, NorthBranchRunsFromItsTwoHeadsTo0128_0227) {
  const Map& m = rtr();
  for (auto [a, b] : {std::pair{"0122", "0123"}, {"0322", "0422"}, {"0128", "0227"}})
    EXPECT_TRUE(side(m, a, b) & core::kCreek) << a << "/" << b;
  const auto creeks = sides_with(m, core::kCreek);
  const auto branch = component(creeks, make_side(m, "0122", "0123"));
  EXPECT_TRUE(branch.count(make_side(m, "0322", "0422")));
  EXPECT_TRUE(branch.count(make_side(m, "0128", "0227")));
}

TEST(RtrMap, CreeksHaveSeveralBridgesAndExactlyOneFord) {
  const Map& m = rtr();
  int bridges = 0, fords = 0;
  const auto creeks = sides_with(m, core::kCreek);
  const auto river = component(creeks, make_side(m, "0103", "0104"));
  int river_bridges = 0;
  for (const Side& s : creeks) {
    const HexId a = m.id({s.first.first, s.first.second});
    const HexId b = m.id({s.second.first, s.second.second});
    const HexsideBits bits = m.side(a, *m.direction(a, b));
    if (bits & core::kBridge) {
      ++bridges;
      if (river.count(s)) ++river_bridges;
    }
    if (bits & core::kFord) ++fords;
  }
  EXPECT_GE(bridges, 3);
  EXPECT_GE(river_bridges, 3);
  EXPECT_EQ(fords, 1);
  // No ford anywhere else either (streams are ford-like already).
  EXPECT_EQ(sides_with(m, core::kFord).size(), 1u);
}

TEST(RtrMap, RoadsCrossCreeksOnlyAtBridgesOrTheFord) {
  const Map& m = rtr();
  for (const Side& s : sides_with(m, core::kRoad | core::kTrail)) {
    const HexId a = m.id({s.first.first, s.first.second});
    const HexsideBits bits = m.side(a, *m.direction(a, m.id({s.second.first, s.second.second})));
    EXPECT_TRUE(crossable(bits)) << s.first.first << "," << s.first.second;
  }
}

TEST(RtrMap, AStreamBorders0407And0308And0208) {
  const Map& m = rtr();
  for (const char* hex : {"0407", "0308", "0208"}) {
    const HexId h = H(m, hex);
    bool found = false;
    for (int d = 0; d < core::kDirs; ++d)
      if (m.side(h, static_cast<Dir>(d)) & core::kStream) found = true;
    EXPECT_TRUE(found) << hex;
  }
  // One stream: 0208/0207 and 0407/0406 are joined through 0308.
  const auto streams = sides_with(m, core::kStream);
  const auto line = component(streams, make_side(m, "0207", "0208"));
  EXPECT_TRUE(line.count(make_side(m, "0406", "0407")));
  EXPECT_TRUE(line.count(make_side(m, "0307", "0308")));
  // The only other creek-like waterways are streams (no creek besides the two).
  const auto creeks = sides_with(m, core::kCreek);
  const auto river = component(creeks, make_side(m, "0103", "0104"));
  const auto branch = component(creeks, make_side(m, "0122", "0123"));
  EXPECT_EQ(river.size() + branch.size(), creeks.size());
}

TEST(RtrMap, LakesLieAmongRoughGroundAndStreams) {
  const Map& m = rtr();
  const auto lakes = sides_with(m, core::kLake);
  ASSERT_FALSE(lakes.empty());
  // Every lake hexside is within two hexes of rough ground and of a stream.
  for (const Side& s : lakes) {
    const HexCoord a{s.first.first, s.first.second};
    bool rough = false, stream = false;
    for (HexId h : m.hexes()) {
      if (core::distance(a, m.coord(h)) > 2) continue;
      if (m.terrain(h) == Terrain::Rough || m.terrain(h) == Terrain::ForestRough) rough = true;
      for (int d = 0; d < core::kDirs; ++d)
        if (m.side(h, static_cast<Dir>(d)) & core::kStream) stream = true;
    }
    EXPECT_TRUE(rough && stream) << s.first.first << "," << s.first.second;
  }
}

TEST(RtrMap, RedoubtsHaveExactlyOneBarbedSide) {
  const Map& m = rtr();
  const auto redoubts = sides_with(m, core::kRedoubt);
  ASSERT_FALSE(redoubts.empty());
  for (const Side& s : redoubts) {
    const HexId a = m.id({s.first.first, s.first.second});
    const HexId b = m.id({s.second.first, s.second.second});
    const bool ba = m.side(a, *m.direction(a, b)) & core::kRedoubtBarbed;
    const bool bb = m.side(b, *m.direction(b, a)) & core::kRedoubtBarbed;
    EXPECT_NE(ba, bb) << s.first.first << "," << s.first.second;
  }
  // The Union works at Golding's face Richmond: the barbed side is the west.
  EXPECT_TRUE(side(m, "0310", "0410") & core::kRedoubtBarbed);
  EXPECT_FALSE(side(m, "0410", "0310") & core::kRedoubtBarbed);
}

TEST(RtrMap, CommandControlZoneIsExactlyTheTwentyOneHexesOutlined) {
  const Map& m = rtr();
  std::set<HexId> expected;
  for (int r = 16; r <= 22; ++r) expected.insert(m.id({1, r}));
  for (int r = 15; r <= 21; ++r) expected.insert(m.id({2, r}));
  for (int r = 16; r <= 22; ++r) expected.insert(m.id({3, r}));
  ASSERT_EQ(expected.size(), 21u);
  const core::Zone* ccz = nullptr;
  for (const auto& z : m.zones())
    if (z.name == "ccz") ccz = &z;
  ASSERT_NE(ccz, nullptr);
  EXPECT_EQ(std::set<HexId>(ccz->hexes.begin(), ccz->hexes.end()), expected);
  EXPECT_EQ(ccz->hexes.size(), 21u);
  // Command-control hexsides are exactly the on-map hexsides between the zone
  // and the rest of the map.
  for (HexId h : m.hexes())
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      if (!m.on_map(n)) continue;
      const bool boundary = expected.count(h) != expected.count(n);
      EXPECT_EQ(bool(m.side(h, static_cast<Dir>(d)) & core::kCommandBoundary), boundary)
          << core::format_hex(m.coord(h)) << "/" << core::format_hex(m.coord(n));
    }
}

TEST(RtrMap, UnionSetUpHexesAreLegalLandAndRoughForTheCorps) {
  const Map& m = rtr();
  for (const char* h : kUnionSetup) {
    const Terrain t = m.terrain(H(m, h));
    EXPECT_NE(t, Terrain::River) << h;
    EXPECT_NE(t, Terrain::Ferry) << h;
  }
  for (const char* h : kRoughSetup) {
    const Terrain t = m.terrain(H(m, h));
    EXPECT_TRUE(t == Terrain::Rough || t == Terrain::ForestRough) << h;
  }
}

TEST(RtrMap, VictoryHexesExistOnTheMap) {
  const Map& m = rtr();
  EXPECT_TRUE(m.on_map(H(m, "1823")));
  EXPECT_TRUE(m.on_map(H(m, "1826")));
  EXPECT_NE(m.terrain(H(m, "1823")), Terrain::River);
  EXPECT_NE(m.terrain(H(m, "1826")), Terrain::River);
}

TEST(RtrMap, RoadsAndTrailsJoin0117To1528And2426) {
  const Map& m = rtr();
  const auto net = road_net(m, H(m, "0117"));
  EXPECT_TRUE(net.count(H(m, "1528")));
  EXPECT_TRUE(net.count(H(m, "2426")));
  // The Siege Train's hex and every entry hex are on the same net.
  for (const char* h : {"0410", "0412", "0414", "0416", "0417", "0418", "0419", "0103", "0126",
                        "0328", "0728", "1301", "1901"})
    EXPECT_TRUE(net.count(H(m, h))) << h;
}

TEST(RtrMap, TrainAndSiegeTrainStartOnRoads) {
  const Map& m = rtr();
  EXPECT_TRUE(m.has_road(H(m, "2426")));
  EXPECT_TRUE(m.has_road(H(m, "0410")));
}

TEST(RtrMap, SwampsLineTheChickahominy) {
  const Map& m = rtr();
  int swamps = 0;
  for (HexId h : m.hexes())
    if (m.terrain(h) == Terrain::Swamp) ++swamps;
  EXPECT_GT(swamps, 10);
  // Both ends of Grapevine Bridge are in the bottom.
  EXPECT_EQ(m.terrain(H(m, "0913")), Terrain::Swamp);
  EXPECT_EQ(m.terrain(H(m, "0914")), Terrain::Swamp);
}

TEST(RtrMap, ConfederateLeftIsOpenAroundColdHarbor) {
  const Map& m = rtr();
  for (const char* h : {"1006", "1307", "1407", "1106", "1306"})
    EXPECT_EQ(m.terrain(H(m, h)), Terrain::Clear) << h;
}

TEST(RtrMap, PlaceNamesAreRecorded) {
  const Map& m = rtr();
  std::set<std::string> names;
  for (const auto& n : m.named())
    if (n.kind == "place") names.insert(n.name);
  for (const char* n : {"Gaines' Mill", "Old Cold Harbor", "Watt house", "Trent house",
                        "Savage's Station", "Dispatch Station", "Bottom's Bridge", "Seven Pines",
                        "Fair Oaks Station", "Old Tavern", "Grapevine Bridge"})
    EXPECT_TRUE(names.count(n)) << n;
}

// ---------------------------------------------------------------------------
// The parser.

std::string refuse(const std::string& text) {
  auto r = bg::content::parse_map(text, "test.map");
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? std::string() : r.error().message;
}

TEST(MapFile, ParsesEveryKeyword) {
  const std::string text = R"(# a small map
size 4 5
terrain forest 0101-0103 0202   # trailing comment
terrain swamp 0303
road 0101 0201 0301
trail 0104 0204
railroad 0105 0205
creek 0102/0202 0103/0203
stream 0302/0402
lake 0304/0404
bridge 0102/0202
ford 0103/0203
redoubt 0401/0402
zone ccz 0101-0102
outline ccz
tint ccz
name 0303 "Old Tavern"
name 0304 "A hill" height
entry 0101 confederate
setup 0202 union
exit 0401
victory 0404
)";
  auto r = bg::content::parse_map(text, "test.map");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Map& m = **r;
  EXPECT_EQ(m.cols(), 4);
  EXPECT_EQ(m.rows(), 5);
  EXPECT_EQ(m.terrain(H(m, "0102")), Terrain::Forest);
  EXPECT_EQ(m.terrain(H(m, "0104")), Terrain::Clear);
  EXPECT_EQ(m.terrain(H(m, "0303")), Terrain::Swamp);
  EXPECT_TRUE(side(m, "0101", "0201") & core::kRoad);
  EXPECT_TRUE(side(m, "0301", "0201") & core::kRoad);
  EXPECT_TRUE(side(m, "0104", "0204") & core::kTrail);
  EXPECT_FALSE(side(m, "0105", "0205") & (core::kRoad | core::kTrail));
  EXPECT_TRUE(side(m, "0202", "0102") & core::kCreek);
  EXPECT_TRUE(side(m, "0202", "0102") & core::kBridge);
  EXPECT_TRUE(side(m, "0103", "0203") & core::kFord);
  EXPECT_TRUE(side(m, "0302", "0402") & core::kStream);
  EXPECT_TRUE(side(m, "0304", "0404") & core::kLake);
  EXPECT_TRUE(side(m, "0401", "0402") & core::kRedoubtBarbed);
  EXPECT_FALSE(side(m, "0402", "0401") & core::kRedoubtBarbed);
  EXPECT_TRUE(side(m, "0402", "0401") & core::kRedoubt);
  EXPECT_TRUE(side(m, "0102", "0103") & core::kCommandBoundary);
  EXPECT_FALSE(side(m, "0101", "0102") & core::kCommandBoundary);
  ASSERT_EQ(m.zones().size(), 2u);  // ccz and the drawn railroad
  for (const core::Zone& z : m.zones()) EXPECT_EQ(z.tint, z.name == "ccz") << z.name;
  EXPECT_TRUE(named(m, "0303", "place", "Old Tavern"));
  EXPECT_TRUE(named(m, "0304", "height", "A hill"));
  EXPECT_TRUE(named(m, "0101", "entry", "confederate"));
  EXPECT_TRUE(named(m, "0202", "setup", "union"));
  EXPECT_TRUE(named(m, "0401", "exit"));
  EXPECT_TRUE(named(m, "0404", "victory"));
}

TEST(MapFile, RefusesAnUnknownKeywordWithItsLine) {
  const auto msg = refuse("size 3 3\n\n# x\nmountain 0101\n");
  EXPECT_NE(msg.find("test.map:4:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("unknown keyword 'mountain'"), std::string::npos) << msg;
}

TEST(MapFile, RefusesABadHex) {
  const auto msg = refuse("size 3 3\nterrain forest 01x1\n");
  EXPECT_NE(msg.find("test.map:2:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("bad hex '01x1'"), std::string::npos) << msg;
}

TEST(MapFile, RefusesAHexOffTheMap) {
  const auto msg = refuse("size 3 3\nterrain forest 0101\nroad 0101 0104\n");
  EXPECT_NE(msg.find("test.map:3:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("0104 is off the 3 x 3 map"), std::string::npos) << msg;
}

TEST(MapFile, RefusesARoadWhoseHexesAreNotAdjacent) {
  const auto msg = refuse("size 5 5\nroad 0101 0102 0104\n");
  EXPECT_NE(msg.find("test.map:2:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("0102 and 0104 are not adjacent"), std::string::npos) << msg;
}

TEST(MapFile, RefusesAHexsideWhoseHexesAreNotAdjacent) {
  const auto msg = refuse("size 5 5\ncreek 0101/0102\ncreek 0101/0303\n");
  EXPECT_NE(msg.find("test.map:3:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not adjacent"), std::string::npos) << msg;
  const auto bad = refuse("size 5 5\nstream 01010102\n");
  EXPECT_NE(bad.find("test.map:2: bad hexside"), std::string::npos) << bad;
}

TEST(MapFile, RefusesADuplicateOrMissingSize) {
  auto msg = refuse("size 3 3\nsize 4 4\n");
  EXPECT_NE(msg.find("test.map:2: duplicate 'size'"), std::string::npos) << msg;
  msg = refuse("# nothing\nterrain forest 0101\n");
  EXPECT_NE(msg.find("test.map:2:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("before the 'size' line"), std::string::npos) << msg;
  msg = refuse("# only a comment\n");
  EXPECT_NE(msg.find("no 'size' line"), std::string::npos) << msg;
  msg = refuse("size 3 x\n");
  EXPECT_NE(msg.find("test.map:1: bad 'size'"), std::string::npos) << msg;
  msg = refuse("size 100 3\n");
  EXPECT_NE(msg.find("test.map:1: bad 'size'"), std::string::npos) << msg;
}

TEST(MapFile, RefusesUnknownTerrainAndBadRanges) {
  auto msg = refuse("size 3 3\nterrain lava 0101\n");
  EXPECT_NE(msg.find("test.map:2: unknown terrain 'lava'"), std::string::npos) << msg;
  msg = refuse("size 3 3\nterrain forest 0103-0101\n");
  EXPECT_NE(msg.find("test.map:2: bad range"), std::string::npos) << msg;
  msg = refuse("size 3 3\nterrain forest 0101-0203\n");
  EXPECT_NE(msg.find("test.map:2: bad range"), std::string::npos) << msg;
}

TEST(MapFile, RefusesABridgeOffTheWaterWithTheBridgeLine) {
  const auto msg = refuse("size 3 3\nbridge 0101/0102\nstream 0201/0202\n");
  EXPECT_NE(msg.find("test.map:2:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("neither a creek nor a stream"), std::string::npos) << msg;
  // Water declared after the bridge is fine.
  EXPECT_TRUE(bg::content::parse_map("size 3 3\nford 0101/0102\ncreek 0101/0102\n", "t").ok());
}

TEST(MapFile, RefusesBadZonesNamesAndSides) {
  auto msg = refuse("size 3 3\noutline ccz\n");
  EXPECT_NE(msg.find("test.map:2: 'outline' of unknown zone"), std::string::npos) << msg;
  msg = refuse("size 3 3\ntint ccz\n");
  EXPECT_NE(msg.find("test.map:2: 'tint' of unknown zone"), std::string::npos) << msg;
  msg = refuse("size 3 3\nzone a 0101\nzone a 0102\n");
  EXPECT_NE(msg.find("test.map:3: duplicate zone 'a'"), std::string::npos) << msg;
  msg = refuse("size 3 3\nname 0101 \"Old Tavern\n");
  EXPECT_NE(msg.find("test.map:2: unterminated quoted text"), std::string::npos) << msg;
  msg = refuse("size 3 3\nentry 0101 french\n");
  EXPECT_NE(msg.find("test.map:2: unknown side 'french'"), std::string::npos) << msg;
  msg = refuse("size 3 3\nroad 0101\n");
  EXPECT_NE(msg.find("test.map:2: 'road' needs at least two hexes"), std::string::npos) << msg;
  msg = refuse("size 3 3\nexit\n");
  EXPECT_NE(msg.find("test.map:2:"), std::string::npos) << msg;
}

TEST(MapFile, TheDocumentedExampleParses) {
  std::ifstream in(std::string(BLUEGRAY_SOURCE_DIR) + "/docs/data-formats.md");
  ASSERT_TRUE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  const size_t heading = doc.find("### Example");
  ASSERT_NE(heading, std::string::npos);
  const size_t open = doc.find("```\n", heading);
  ASSERT_NE(open, std::string::npos);
  const size_t close = doc.find("```", open + 4);
  ASSERT_NE(close, std::string::npos);
  auto r = bg::content::parse_map(doc.substr(open + 4, close - open - 4), "data-formats.md");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ((*r)->cols(), 6);
}

TEST(MapFile, LoadNamesAMissingFile) {
  auto r = bg::content::load_map("/nonexistent/map.txt");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("/nonexistent/map.txt"), std::string::npos);
}

}  // namespace

namespace bg::test {
namespace {

// 19.1 / 17.4: the activation area "on the south side of the Chickahominy
// River, from 0407 south (south of the Chickahominy and south of the stream
// bordering hexes 0407, 0308 and 0208)" is written in the data as the zone
// `activation`; it must be exactly the land reached from 0407 without crossing
// the Chickahominy or that stream.
TEST(RtrMap, ActivationZoneIsTheLandSouthOfTheChickahominyFrom0407) {
  const Map& m = rtr();
  const auto creeks = sides_with(m, core::kCreek);
  const auto river = component(creeks, make_side(m, "0103", "0104"));
  const auto streams = sides_with(m, core::kStream);
  const auto branch = component(streams, make_side(m, "0307", "0407"));
  std::set<HexId> seen{H(m, "0407")};
  std::queue<HexId> q;
  q.push(H(m, "0407"));
  while (!q.empty()) {
    const HexId h = q.front();
    q.pop();
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      if (!m.on_map(n)) continue;
      const Side s = make_side(m.coord(h), m.coord(n));
      if (river.count(s) || branch.count(s)) continue;
      if (seen.insert(n).second) q.push(n);
    }
  }
  const core::Zone* zone = nullptr;
  for (const auto& z : m.zones())
    if (z.name == "activation") zone = &z;
  ASSERT_NE(zone, nullptr);
  const std::set<HexId> data(zone->hexes.begin(), zone->hexes.end());
  EXPECT_EQ(data, seen);
  for (const char* h : {"0407", "0308", "0208", "0409", "0117", "0123", "1528", "1726"})
    EXPECT_TRUE(data.count(H(m, h))) << h;
  for (const char* h : {"0104", "0107", "0207", "0307", "0406", "1007", "1823", "1826", "2426"})
    EXPECT_FALSE(data.count(H(m, h))) << h;
}

}  // namespace
}  // namespace bg::test
