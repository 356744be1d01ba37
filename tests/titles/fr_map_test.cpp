// The reconstructed Four Roads to Richmond map (data/four-roads/map.txt) against
// every hard fact of the reconstruction (docs/four-roads.md, "The map"): the
// AM grid and its staggered edge, every set-up hex of the five scenarios on
// land and on the right bank, the pontoon hexes between their banks, the exits
// and entries on the edge and on roads, the unbroken set-up lines, the river
// chains, the Hazel Run and Deep Run hexsides and the Union's exit route of
// Four Roads rule 4.
// Hexes are written in the map's printed AM numbers (rows counting north).
#include <gtest/gtest.h>

#include <queue>
#include <set>
#include <string>
#include <vector>

#include "content/map_file.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/terrain.h"
#include "render/render_svg.h"

namespace {

using bg::core::Dir;
using bg::core::HexId;
using bg::core::HexsideBits;
using bg::core::Map;
using bg::core::Terrain;
namespace core = bg::core;

const std::string kMapPath = std::string(BLUEGRAY_SOURCE_DIR) + "/data/four-roads/map.txt";

const Map& fr() {
  static const std::shared_ptr<Map> map = [] {
    auto r = bg::content::load_map(kMapPath);
    if (!r) ADD_FAILURE() << r.error().message;
    return r ? *r : std::make_shared<Map>(1, 1);
  }();
  return *map;
}

// The hex printed `s` (AM number); a failure if it is not on the map.
HexId H(const char* s) {
  const auto h = fr().parse_label(s);
  EXPECT_TRUE(h.has_value()) << s << " is not on the map";
  return h ? *h : core::kNoHex;
}

std::vector<HexId> hexes(const std::vector<const char*>& list) {
  std::vector<HexId> out;
  for (const char* s : list) out.push_back(H(s));
  return out;
}

bool adjacent(HexId a, HexId b) {
  return fr().direction(a, b).has_value();
}

HexsideBits side(const char* a, const char* b) {
  const auto d = fr().direction(H(a), H(b));
  EXPECT_TRUE(d.has_value()) << a << "/" << b << " not adjacent";
  return d ? fr().side(H(a), *d) : HexsideBits{0};
}

bool named(HexId h, const std::string& kind) {
  for (const auto& n : fr().named())
    if (n.hex == h && n.kind == kind) return true;
  return false;
}

bool is_river(HexId h) {
  return fr().terrain(h) == Terrain::River;
}

// Land reached from `from` without entering a river hex, or entering only the
// river hexes in `through` (fords and pontoon sites).
std::set<HexId> bank(HexId from, const std::set<HexId>& through = {}) {
  const Map& m = fr();
  std::set<HexId> seen{from};
  std::queue<HexId> q;
  q.push(from);
  while (!q.empty()) {
    const HexId h = q.front();
    q.pop();
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      if (!m.on_map(n) || (is_river(n) && !through.count(n))) continue;
      if (seen.insert(n).second) q.push(n);
    }
  }
  return seen;
}

bool crossable(HexsideBits s) {
  if (s & core::kLake) return false;
  return !((s & core::kCreek) && !(s & (core::kBridge | core::kFord)));
}

// Hexes reached from `from` along roads only, on land (no river hex), across
// creeks only at bridges.
std::set<HexId> road_net(HexId from) {
  const Map& m = fr();
  std::set<HexId> seen{from};
  std::queue<HexId> q;
  q.push(from);
  while (!q.empty()) {
    const HexId h = q.front();
    q.pop();
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      const HexsideBits s = m.side(h, static_cast<Dir>(d));
      if (!m.on_map(n) || is_river(n) || !(s & core::kRoad) || !crossable(s)) continue;
      if (seen.insert(n).second) q.push(n);
    }
  }
  return seen;
}

// The north edge: the top printed row of each column (33 even, 32 odd).
bool on_north_edge(HexId h) {
  const core::HexCoord p = fr().label(h);
  return p.row == (p.col % 2 == 0 ? 33 : 32);
}

// ---------------------------------------------------------------------------
// Set-up hexes of the five scenarios (the Four Roads article, AM column),
// with the repairs of docs/four-roads.md: the S2 Confederate forts read as the S1 fort hexes of the
// same SM hexes (3606 3408 3110 3112 3014; 3310 and 3309 as given), S4's
// pontoon D13/1521 as 0521, S5's Willcox and Potter (X40/2404) at 2505, and
// S5's pontoon II37/3413 as 3313. Emplaced pontoons stand on river hexes and
// are listed apart. Units on land only.
// ---------------------------------------------------------------------------
struct Scenario {
  const char* name;
  std::vector<const char*> union_hexes;
  std::vector<const char*> confederate_hexes;
  std::vector<const char*> pontoons;  // emplaced: river hexes
};

const std::vector<Scenario>& scenarios() {
  static const std::vector<Scenario> s = {
      {"S1 Fredericksburg",
       {"3617", "3217", "3812", "3416", "3215", "3214", "3213", "3312", "3516", "3612", "3417",
        "3711", "3616", "3514", "3317", "3716", "3615", "3609", "3708", "3510", "3411", "3509"},
       {"3014", "3113", "3112", "3111", "3211", "3210", "3209", "3408", "3606", "3506", "3705",
        "3807", "3703", "4004", "4205", "4106"},
       {"3313", "3315", "3611"}},
      // S2: Howard(HQ) is listed at 0430 with the emplaced pontoon, a river hex
      // (Kelly's Ford, between banks 0329 and 0530); the title
      // places him on a bank hex. Pontoon trains (not emplaced) are units on land.
      {"S2 Chancellorsville",
       {"0631", "0730", "0830", "0530", "0329", "0229", "0228", "4109",
        "3909", "4010", "4009", "2717", "3514", "2818", "3812", "3811",
        "3810", "3711", "3612", "3512", "3217", "3018", "3416", "3418"},
       {"3211", "2212", "1818", "2814", "1417", "2801", "3113", "2612", "3014", "2914", "4304",
        "4505", "3705", "4706", "3112", "3703", "3606", "3408", "3110", "3310", "3309"},
       {"0430"}},
      {"S3 Wilderness",
       {"0322", "0621", "0620", "0619", "0214", "0512", "0610", "0815", "0914", "1015",
        "1511", "1512", "1613", "1713", "1712", "1715", "1914", "1814", "1911", "1714"},
       {"0113", "0212", "0310", "0309", "0210", "1706"},
       {"0521", "1020"}},
      {"S4 Spotsylvania 1",
       {"1418", "1015", "1014", "1113", "1215", "1012", "1111", "1411", "1513", "1815", "1813",
        "1911", "1809", "1408", "1706", "1806", "1607", "0813", "0912"},
       {"0615", "0514", "0614", "0613", "0612", "0711", "0309", "0710", "0811", "0910", "0903",
        "1205", "1305", "2007", "2005", "0610"},
       {"3315", "0521", "1119"}},
      {"S5 Spotsylvania 2",
       {"2006", "2105", "2206", "2205", "2304", "2404", "2403", "2505", "2604", "2803", "2703",
        "2605", "2606", "3111"},
       {"1902", "2003", "2103", "2204", "2203", "2202", "2302", "2402", "2401"},
       {"3315", "3313"}},
  };
  return s;
}

const std::vector<const char*> kEntries = {"0024", "0013", "0009", "0700"};
const std::vector<const char*> kExits = {"2801", "4704", "2332", "3433"};

// The river chains, in order.
const std::vector<const char*> kRappahannock = {
    "0332", "0331", "0431", "0430", "0529", "0528", "0628", "0727", "0827", "0926", "1026",
    "1025", "1124", "1123", "1223", "1322", "1422", "1521", "1621", "1720", "1820", "1919",
    "2019", "2118", "2218", "2317", "2417", "2516", "2617", "2716", "2816", "2916", "3016",
    "3115", "3216", "3315", "3314", "3313", "3413", "3412", "3511", "3611", "3710", "3709",
    "3809", "3908", "4008", "4108", "4208", "4307", "4407", "4507", "4607", "4707"};
const std::vector<const char*> kRapidan = {"0021", "0121", "0221", "0321", "0421", "0521", "0622",
                                           "0721", "0821", "0920", "1020", "1119", "1219", "1319",
                                           "1419", "1519", "1619", "1719", "1820"};

// ---------------------------------------------------------------------------

TEST(FrMap, LoadsOnTheAlternateMapGridWithTheStaggeredCut) {
  auto r = bg::content::load_map(kMapPath);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Map& m = **r;
  EXPECT_EQ(m.cols(), 48);
  EXPECT_EQ(m.rows(), 34);
  EXPECT_EQ(m.hex_count(), 48 * 33);  // 1,584 hexes
  for (int c = 0; c < 48; ++c) {
    const int gone = c % 2 == 0 ? 0 : 33;  // even columns start at 01, odd end at 32
    EXPECT_FALSE(m.find_label({c, gone}).has_value()) << c;
    EXPECT_TRUE(m.find_label({c, c % 2 == 0 ? 33 : 0}).has_value()) << c;
  }
}

TEST(FrMap, OddColumnsSitHalfAHexNorth) {
  // An even hex touches (c+-1, r-1), an odd one (c+-1, r+1).
  EXPECT_TRUE(adjacent(H("3214"), H("3313")));
  EXPECT_TRUE(adjacent(H("3111"), H("3212")));
  EXPECT_FALSE(adjacent(H("3214"), H("3315")));
}

TEST(FrMap, EverySetUpHexIsOnLand) {
  for (const Scenario& s : scenarios()) {
    for (const auto* list : {&s.union_hexes, &s.confederate_hexes})
      for (const char* h : *list) EXPECT_FALSE(is_river(H(h))) << s.name << " " << h;
    for (const char* h : kEntries) EXPECT_FALSE(is_river(H(h))) << h;
    for (const char* h : kExits) EXPECT_FALSE(is_river(H(h))) << h;
  }
}

TEST(FrMap, EmplacedPontoonsStandOnNamedRiverCrossings) {
  for (const Scenario& s : scenarios())
    for (const char* h : s.pontoons) {
      EXPECT_TRUE(is_river(H(h))) << s.name << " " << h;
      EXPECT_TRUE(named(H(h), "ford") || named(H(h), "crossing")) << s.name << " " << h;
    }
}

TEST(FrMap, RiversSplitTheMapIntoTheThreeBanks) {
  // North/east of the Rappahannock (Stafford), between the rivers
  // (Culpeper) and south of both (Spotsylvania); no land path joins them.
  const auto north = bank(H("3217"));
  const auto between = bank(H("0024"));
  const auto south = bank(H("3214"));
  for (HexId h : south) {
    EXPECT_FALSE(north.count(h));
    EXPECT_FALSE(between.count(h));
  }
  for (HexId h : north) EXPECT_FALSE(between.count(h));
  int river = 0;
  for (HexId h : fr().hexes()) river += is_river(h) ? 1 : 0;
  EXPECT_EQ(north.size() + between.size() + south.size() + static_cast<size_t>(river),
            static_cast<size_t>(fr().hex_count()));
}

TEST(FrMap, SetUpHexesAreOnTheirBanks) {
  const auto north = bank(H("3217"));
  const auto between = bank(H("0024"));
  const auto south = bank(H("3214"));
  // North/east bank of the Rappahannock.
  for (const char* h :
       {"3217", "3317", "3416", "3417", "3514", "3516", "3612", "3615", "3616", "3617",
        "3711", "3716", "3812", "0530", "0631", "0730", "0830", "2717", "2818", "3018",
        "3418", "3512", "3810", "3811", "3909", "4009", "4010", "4109"})
    EXPECT_TRUE(north.count(H(h))) << h;
  // Across Kelly's Ford and north of the Rapidan: Schurz, Steinwehr,
  // Pleasonton; Torbert and entry A10.
  for (const char* h : {"0228", "0229", "0329", "0322", "0024"})
    EXPECT_TRUE(between.count(H(h))) << h;
  // South bank: the town, the S1 Union bridgehead, Mahone at 1818, and every
  // Confederate and every 1864 Union set-up hex but Torbert's.
  for (const char* h : {"3213", "3214", "3215", "3312", "3411", "3509", "3510", "3609", "3708",
                        "1818", "0621", "0620", "0619"})
    EXPECT_TRUE(south.count(H(h))) << h;
  for (const Scenario& s : scenarios()) {
    for (const char* h : s.confederate_hexes) EXPECT_TRUE(south.count(H(h))) << s.name << " " << h;
    if (s.name[1] >= '3')
      for (const char* h : s.union_hexes)
        if (std::string(h) != "0322") {
          EXPECT_TRUE(south.count(H(h))) << s.name << " " << h;
        }
  }
}

TEST(FrMap, TheTownIsReachedFromTheNorthBankOnlyAcrossACrossing) {
  const auto north = bank(H("3416"));
  for (const char* t : {"3213", "3214", "3215"}) EXPECT_FALSE(north.count(H(t))) << t;
  EXPECT_TRUE(bank(H("3416"), {H("3315")}).count(H("3215")));
  EXPECT_TRUE(bank(H("3414"), {H("3313")}).count(H("3213")));
}

TEST(FrMap, EachPontoonHexLiesBetweenItsTwoBankHexes) {
  // Pontoon hex, town-side bank, far bank.
  const struct {
    const char *river, *near, *far;
  } kSites[] = {{"3315", "3215", "3416"},
                {"3313", "3213", "3414"},
                {"3611", "3510", "3612"},
                {"0430", "0329", "0530"},
                {"0521", "0621", "0422"}};
  for (const auto& s : kSites) {
    EXPECT_TRUE(is_river(H(s.river))) << s.river;
    EXPECT_TRUE(adjacent(H(s.river), H(s.near))) << s.river << " " << s.near;
    EXPECT_TRUE(adjacent(H(s.river), H(s.far))) << s.river << " " << s.far;
    EXPECT_FALSE(is_river(H(s.near)));
    EXPECT_FALSE(is_river(H(s.far)));
    EXPECT_FALSE(bank(H(s.near)).count(H(s.far))) << s.river << ": banks joined by land";
    EXPECT_TRUE(bank(H(s.near), {H(s.river)}).count(H(s.far))) << s.river;
  }
}

TEST(FrMap, ExitsAndEntriesAreOnTheEdgeOnARoadAndMarked) {
  for (const char* h : kExits) {
    EXPECT_TRUE(fr().on_edge(H(h))) << h;
    EXPECT_TRUE(fr().has_road(H(h))) << h;
    EXPECT_TRUE(fr().is_exit(H(h))) << h;
  }
  for (const char* h : kEntries) {
    EXPECT_TRUE(fr().on_edge(H(h))) << h;
    EXPECT_TRUE(fr().has_road(H(h))) << h;
    EXPECT_TRUE(named(H(h), "entry")) << h;
  }
  // The Confederate exits are on the north edge, CC47 on the south, WW53 east.
  EXPECT_TRUE(on_north_edge(H("2332")));
  EXPECT_TRUE(on_north_edge(H("3433")));
  EXPECT_EQ(fr().label(H("2801")).row, 1);
  EXPECT_EQ(fr().label(H("4704")).col, 47);
}

TEST(FrMap, TheFiveUnbrokenSetUpLinesAreChainsOfAdjacentHexes) {
  const std::vector<std::vector<const char*>> lines = {
      {"3014", "3113", "3112", "3111", "3211", "3210", "3209"},
      {"0615", "0614", "0613", "0612", "0711", "0710", "0811", "0910"},
      {"1902", "2003", "2103", "2204", "2203", "2202", "2302", "2402", "2401"},
      {"2006", "2105", "2206", "2205", "2304", "2404"},
      {"3215", "3214", "3213", "3312"}};
  for (const auto& line : lines)
    for (size_t i = 0; i + 1 < line.size(); ++i)
      EXPECT_TRUE(adjacent(H(line[i]), H(line[i + 1]))) << line[i] << "-" << line[i + 1];
}

TEST(FrMap, TheRiversAreContiguousChains) {
  std::set<HexId> chain;
  for (const auto* list : {&kRappahannock, &kRapidan}) {
    const auto h = hexes(*list);
    for (size_t i = 0; i < h.size(); ++i) {
      EXPECT_TRUE(is_river(h[i])) << (*list)[i];
      chain.insert(h[i]);
      if (i + 1 < h.size()) {
        EXPECT_TRUE(adjacent(h[i], h[i + 1])) << (*list)[i] << "-" << (*list)[i + 1];
      }
    }
  }
  // Ends on the map edge (north, west, east); no other river hex anywhere.
  EXPECT_TRUE(on_north_edge(H("0332")));
  EXPECT_TRUE(fr().on_edge(H("0021")));
  EXPECT_TRUE(fr().on_edge(H("4707")));
  for (HexId h : fr().hexes())
    if (is_river(h)) {
      EXPECT_TRUE(chain.count(h)) << fr().label_text(h);
    }
}

TEST(FrMap, FordsAndCrossingsAreNamedRiverHexes) {
  std::set<std::string> fords;
  for (const auto& n : fr().named()) {
    if (n.kind != "ford" && n.kind != "crossing") continue;
    EXPECT_TRUE(is_river(n.hex)) << n.name;
    if (n.kind == "ford") fords.insert(fr().label_text(n.hex));
  }
  // Kelly's, Germanna, Ely's (both set-up hexes), US, Banks'.
  for (const char* f : {"0430", "0521", "1020", "1119", "1919", "2716"})
    EXPECT_TRUE(fords.count(f)) << f;
  // Tidal below the falls: no ford past Falmouth.
  for (const std::string& f : fords) EXPECT_LT(std::stoi(f.substr(0, 2)), 32) << f;
}

TEST(FrMap, RoadsEnterTheRiverOnlyAtFordsAndCrossCreeksAtBridges) {
  const Map& m = fr();
  for (HexId h : m.hexes())
    for (int d = 0; d < core::kDirs; ++d) {
      const HexsideBits s = m.side(h, static_cast<Dir>(d));
      if (!(s & (core::kRoad | core::kTrail))) continue;
      EXPECT_TRUE(crossable(s)) << m.label_text(h);
      const HexId n = m.neighbour(h, static_cast<Dir>(d));
      if (m.on_map(n) && is_river(n)) {
        EXPECT_TRUE(named(n, "ford")) << m.label_text(n);
      }
    }
}

TEST(FrMap, HazelRunAndDeepRunFollowTheirHistoricalHexsides) {
  // The historical hexsides, as streams.
  for (auto [a, b] : {std::pair{"3110", "3111"},
                      {"3111", "3211"},
                      {"3211", "3212"},
                      {"3212", "3311"},
                      {"3212", "3312"},
                      {"3213", "3312"}})
    EXPECT_TRUE(side(a, b) & core::kStream) << a << "/" << b;
  for (auto [a, b] : {std::pair{"3208", "3209"},
                      {"3209", "3308"},
                      {"3308", "3309"},
                      {"3308", "3409"},
                      {"3408", "3409"},
                      {"3409", "3508"},
                      {"3409", "3509"},
                      {"3410", "3509"},
                      {"3410", "3510"},
                      {"3411", "3510"}})
    EXPECT_TRUE(side(a, b) & core::kStream) << a << "/" << b;
  // Pickett, Brooks and Smith north of Deep Run; Hood and Howe south of it:
  // Deep Run lies on the hexsides between them, Hazel Run between Marye's
  // Heights (3111) and Lee's Hill (3211).
  EXPECT_TRUE(side("3409", "3508") & core::kStream);
}

TEST(FrMap, TheUnionRule4RouteExists) {
  // Four Roads rule 4: from CC47 or WW53 along a road to Fredericksburg, across an
  // emplaced pontoon adjacent to the town, along a road on the north side to
  // the north edge.
  const std::set<HexId> town = {H("3213"), H("3214"), H("3215")};
  for (HexId t : town) EXPECT_EQ(fr().terrain(t), Terrain::Town);
  const auto north = bank(H("3217"));
  for (const char* exit : {"2801", "4704"}) {
    const auto net = road_net(H(exit));
    bool reaches_town = false;
    for (HexId t : town) reaches_town = reaches_town || net.count(t);
    EXPECT_TRUE(reaches_town) << exit;
  }
  int routes = 0;
  for (const char* crossing : {"3315", "3313"}) {
    const HexId c = H(crossing);
    bool by_town = false;
    for (HexId t : town) by_town = by_town || adjacent(c, t);
    EXPECT_TRUE(by_town) << crossing;
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId landing = fr().neighbour(c, static_cast<Dir>(d));
      if (!fr().on_map(landing) || !north.count(landing) || !fr().has_road(landing)) continue;
      for (HexId h : road_net(landing))
        if (on_north_edge(h)) {
          ++routes;
          break;
        }
    }
  }
  EXPECT_GE(routes, 2);  // both town crossings land on a road to the north edge
}

TEST(FrMap, TheRenderedMapShowsItsNumbersAndNames) {
  const std::string svg = bg::render::render_svg(fr(), bg::render::RenderOptions{});
  for (const char* s : {"data-hex=\"3214\"", "data-hex=\"0001\"", "data-hex=\"0033\"",
                        "Fredericksburg", "Germanna Ford", "Upper crossing"})
    EXPECT_NE(svg.find(s), std::string::npos) << s;
  // The staggered cut: off the map.
  EXPECT_EQ(svg.find("data-hex=\"0000\""), std::string::npos);
  EXPECT_EQ(svg.find("data-hex=\"0133\""), std::string::npos);
}

}  // namespace
