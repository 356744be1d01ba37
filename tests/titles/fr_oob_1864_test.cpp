// The Four Roads to Richmond 1864 scenarios' data:
// data/four-roads/{wilderness,spotsylvania-1,spotsylvania-2}/{oob.txt,chain.txt,
// setup.txt} against the Four Roads article's set-up charts (scenarios 3-5) with
// the repairs and merges of docs/four-roads.md (rulings R-FR-OOB-1864-*). Hexes
// are the AM numbers the article prints.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "fr_data_fixture.h"

namespace {

namespace fr = bg::test::fr;
using bg::content::Oob;
using bg::content::OobEntry;
using bg::core::Side;
using bg::core::UnitType;
using bg::modules::CommandChain;
using bg::modules::Echelon;
using Kind = fr::SetupItem::Kind;

// The shared fixture loads each scenario's three files once (tests/support/fr_data_fixture.h).
const Oob& oob(const std::string& scenario) {
  return fr::scenario(scenario).oob;
}
const CommandChain& chain(const std::string& scenario) {
  return fr::scenario(scenario).chain;
}
const OobEntry* unit(const std::string& scenario, const std::string& id) {
  return oob(scenario).find(id);
}
using fr::is_combat;
using fr::is_hq;

// ---------------------------------------------------------------------------
// The checks every 1864 scenario gets, beyond the fixture's.
// ---------------------------------------------------------------------------

using Stacks = std::map<std::string, std::set<std::string>>;  // hex -> unit ids

// Every set-up unit of `side` stands where `printed` says, and nothing else is set up.
void expect_stacks(const std::string& scenario, Side side, const Stacks& printed) {
  Stacks got;
  for (const OobEntry& e : oob(scenario).units)
    if (e.setup && e.def.side == side) got[e.hex].insert(e.def.id);
  EXPECT_EQ(got, printed) << scenario;
}

// 5.32 at set-up (the fixture), and exactly the HQs and the pontoon train stack
// free (R-FR-STACKING).
void expect_no_hex_over_two(const std::string& scenario) {
  const fr::Scenario& s = fr::scenario(scenario);
  ASSERT_TRUE(s.ok) << scenario;
  fr::expect_stacking_and_land(s);
  for (const OobEntry& e : s.oob.units)
    EXPECT_EQ(e.def.free_stacking, !is_combat(e)) << scenario << " " << e.def.id;
}

// The set-up hexes tests/titles/fr_map_test.cpp lists for the scenario are all used.
void expect_map_test_hexes_used(const std::string& scenario,
                                const std::vector<const char*>& hexes) {
  std::set<std::string> used;
  for (const OobEntry& e : oob(scenario).units)
    if (e.setup) used.insert(e.hex);
  for (const auto& f : fr::setup_hexes(fr::scenario(scenario), Kind::Fort)) used.insert(f);
  for (const char* h : hexes) EXPECT_TRUE(used.count(h)) << scenario << " " << h;
}

// The fixture's chain checks, and the article's radius: 4 Union, 8 Confederate.
void expect_chain_covers_every_unit(const std::string& scenario) {
  const fr::Scenario& s = fr::scenario(scenario);
  ASSERT_TRUE(s.ok) << scenario;
  ASSERT_FALSE(s.chain.hqs.empty()) << scenario;
  fr::expect_chain_matches_oob(s);
  for (const auto& h : s.chain.hqs) {
    const OobEntry* e = s.oob.find(h.unit);
    ASSERT_NE(e, nullptr) << scenario << " " << h.unit;
    EXPECT_EQ(h.radius, e->def.side == Side::Union ? 4 : 8) << scenario << " " << h.unit;
  }
}

fr::Tally tally(const std::string& scenario, Side side) {
  return fr::side_total(fr::scenario(scenario), side);
}

void expect_parses_and_is_marked(const std::string& scenario) {
  const Oob& o = oob(scenario);
  ASSERT_TRUE(fr::scenario(scenario).ok) << scenario;
  ASSERT_FALSE(o.units.empty()) << scenario;
  for (const OobEntry& e : o.units) {
    if (is_hq(e)) {
      EXPECT_EQ(e.def.strength, 0) << e.def.id;
      EXPECT_FALSE(e.def.can_attack) << e.def.id;
      continue;
    }
    EXPECT_GE(e.def.strength, 1) << scenario << " " << e.def.id;
    // Every reconstructed strength is marked assumed with its historical reason;
    // only Page's 2 (the counter strip) and the pontoon train's (1) are printed.
    if (e.def.id == "Page" || e.def.kind == "pontoon") {
      EXPECT_FALSE(e.def.assumed) << scenario << " " << e.def.id;
    } else {
      EXPECT_TRUE(e.def.assumed) << scenario << " " << e.def.id;
      EXPECT_NE(e.assumption.find("R-FR-OOB-1864-STRENGTHS"), std::string::npos)
          << scenario << " " << e.def.id;
    }
  }
}

void expect_markers(const std::string& scenario, const std::vector<std::string>& forts,
                    const std::vector<std::string>& pontoons) {
  const fr::Scenario& s = fr::scenario(scenario);
  ASSERT_TRUE(s.ok) << scenario;
  fr::expect_setup_on_map(s);  // forts on land, pontoons on river hexes
  EXPECT_EQ(fr::setup_hexes(s, Kind::Fort), forts) << scenario;
  EXPECT_EQ(fr::setup_hexes(s, Kind::Pontoon), pontoons) << scenario;
  for (const fr::SetupItem& i : s.setup)
    if (i.kind == Kind::Pontoon) {
      EXPECT_EQ(i.side, Side::Union) << scenario << " " << i.hex;
    }
}

struct Arrival {
  int turn;
  std::string hex;
  std::string id;
  friend bool operator<(const Arrival& a, const Arrival& b) {
    return std::tie(a.turn, a.hex, a.id) < std::tie(b.turn, b.hex, b.id);
  }
  friend bool operator==(const Arrival&, const Arrival&) = default;
};

std::set<Arrival> arrivals(const std::string& scenario, Side side) {
  std::set<Arrival> out;
  for (const OobEntry& e : oob(scenario).units) {
    if (e.setup || e.def.side != side) continue;
    EXPECT_EQ(e.entry_hexes.size(), 1u) << e.def.id;
    out.insert({e.turn, e.entry_hexes.empty() ? "" : e.entry_hexes[0], e.def.id});
  }
  return out;
}

const char* const kS3 = "wilderness";
const char* const kS4 = "spotsylvania-1";
const char* const kS5 = "spotsylvania-2";

}  // namespace

// ===========================================================================
// S3: the Wilderness, 5 May 1864
// ===========================================================================

TEST(FrOob, WildernessOrderOfBattleParses) {
  expect_parses_and_is_marked(kS3);
}

TEST(FrOob, WildernessSetUpHexesHoldTheArticlesUnits) {
  expect_stacks(kS3, Side::Union,
                {{"0322", {"Torbert"}},
                 {"0621", {"Ricketts"}},
                 {"0620", {"Wright", "Getty"}},
                 {"0619", {"Sedgwick", "VI-art"}},
                 {"0214", {"Wilson"}},
                 {"0512", {"Crawford"}},
                 {"0610", {"1R-horse"}},
                 {"0815", {"V-art"}},
                 {"0914", {"Warren", "Griffin"}},
                 {"1015", {"Robinson", "Wadsworth"}},
                 {"1511", {"Barlow"}},
                 {"1512", {"Gibbon"}},
                 {"1613", {"Hancock"}},
                 {"1713", {"Grant", "Meade"}},
                 {"1712", {"II-art"}},
                 {"1715", {"Birney"}},
                 {"1914", {"2R", "3R"}},
                 {"1814", {"Mott"}},
                 {"1911", {"Sheridan", "Gregg"}},
                 {"1714", {"Hunt", "1R", "2R-horse"}}});
  // R-FR-OOB-1864-MERGES: 0013, 0210 (battalions) and 0309 (two divisions).
  expect_stacks(kS3, Side::Confederate,
                {{"0113", {"Ewell", "Early", "Rodes"}},
                 {"0013", {"Page_Cutshaw_Braxton_Hardaway"}},
                 {"0212", {"Johnson", "Nelson"}},
                 {"0310", {"Heth"}},
                 {"0309", {"Lee", "AP-Hill-HQ", "Wilcox_Anderson", "Poague"}},
                 {"0210", {"McIntosh_Pegram_Cutts_Richardson"}},
                 {"1706", {"Hampton"}}});
  // tests/titles/fr_map_test.cpp's S3 lists.
  expect_map_test_hexes_used(
      kS3, {"0322", "0621", "0620", "0619", "0214", "0512", "0610", "0815", "0914",
            "1015", "1511", "1512", "1613", "1713", "1712", "1715", "1914", "1814",
            "1911", "1714", "0113", "0212", "0310", "0309", "0210", "1706"});
  EXPECT_EQ(unit(kS3, "Page_Cutshaw_Braxton_Hardaway")->def.strength, 8);
  EXPECT_EQ(unit(kS3, "McIntosh_Pegram_Cutts_Richardson")->def.strength, 8);
  EXPECT_EQ(unit(kS3, "Wilcox_Anderson")->def.strength, 6 + 7);
}

TEST(FrOob, WildernessNoHexOverTwoCombatUnits) {
  expect_no_hex_over_two(kS3);
}

TEST(FrOob, WildernessReinforcementsArriveAsTheArticleSays) {
  // R-FR-OOB-1864-S3-DATES: "April 30" is 5 May (6am 1, 12pm 3, 3pm 4, 6pm 5);
  // "May 1 1st night" the night of 5-6 May (turn 6).
  EXPECT_EQ(arrivals(kS3, Side::Union), (std::set<Arrival>{{1, "0024", "Burnside"},
                                                           {1, "0024", "Stevenson"},
                                                           {3, "0024", "Willcox"},
                                                           {4, "0024", "Potter"},
                                                           {5, "0024", "Ferrero"},
                                                           {5, "0024", "Marshall"},
                                                           {5, "0024", "IX-art"}}));
  EXPECT_EQ(arrivals(kS3, Side::Confederate), (std::set<Arrival>{{1, "0009", "Longstreet"},
                                                                 {1, "0009", "Cabell"},
                                                                 {1, "0009", "Haskell"},
                                                                 {1, "0009", "Huger"},
                                                                 {3, "0700", "Stuart"},
                                                                 {3, "0700", "F-Lee"},
                                                                 {3, "0700", "WHF-Lee"},
                                                                 {6, "0009", "Field"},
                                                                 {6, "0009", "Kershaw"},
                                                                 {6, "0009", "Breathed"}}));
}

TEST(FrOob, WildernessChainCoversEveryUnit) {
  expect_chain_covers_every_unit(kS3);
}

TEST(FrOob, WildernessSideTotals) {
  // The numbers engaged: Union ~123 SP with the IX Corps, Confederate ~83 (reinforcements in).
  EXPECT_EQ(tally(kS3, Side::Union), (fr::Tally{28, 124}));
  EXPECT_EQ(tally(kS3, Side::Confederate), (fr::Tally{18, 84}));
}

TEST(FrOob, WildernessFortsAndPontoons) {
  expect_markers(kS3, {}, {"0521", "1020"});
}

TEST(FrOob, WildernessWillcoxArrivesForTheUnion) {
  // R-FR-OOB-1864-WILLCOX: the article's Confederate "12pm @ A10/0024: Wilcox" is
  // O.B. Willcox's IX Corps division; C.M. Wilcox's is already at 0309.
  const OobEntry* w = unit(kS3, "Willcox");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->def.side, Side::Union);
  EXPECT_EQ(w->turn, 3);
  EXPECT_EQ(w->entry_hexes, std::vector<std::string>{"0024"});
  for (const auto& u : chain(kS3).units)
    if (u.unit == "Willcox") {
      EXPECT_EQ(u.hq, "Burnside");
    }
  for (const Arrival& a : arrivals(kS3, Side::Confederate)) EXPECT_NE(a.hex, "0024") << a.id;
  EXPECT_EQ(unit(kS3, "Wilcox_Anderson")->def.side, Side::Confederate);
}

TEST(FrOob, WildernessHuntsStackHasNoLostUnit) {
  // R-FR-OOB-1864-HUNT: "Hunt(HQ), , 1R, 2R horse" is three counters; no
  // pontoon train in S3 (its two bridges are emplaced).
  int at_1714 = 0;
  for (const OobEntry& e : oob(kS3).units) {
    if (e.setup && e.hex == "1714") ++at_1714;
    EXPECT_NE(e.def.kind, "pontoon") << e.def.id;
  }
  EXPECT_EQ(at_1714, 3);
}

// ===========================================================================
// S4: Spotsylvania part 1, 8 May 1864
// ===========================================================================

TEST(FrOob, SpotsylvaniaOneOrderOfBattleParses) {
  expect_parses_and_is_marked(kS4);
  const OobEntry* p = unit(kS4, "Pontoon");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->def.kind, "pontoon");
  EXPECT_TRUE(p->def.road_only);
  EXPECT_FALSE(p->def.can_attack);
  EXPECT_FALSE(p->def.exerts_zoc);
  EXPECT_EQ(unit(kS4, "Page")->def.strength, 2);  // the strip's "II Paige 2-6"
}

TEST(FrOob, SpotsylvaniaOneSetUpHexesHoldTheArticlesUnits) {
  expect_stacks(kS4, Side::Union,
                {{"1418", {"Burnside", "Potter", "Ferrero", "Pontoon"}},
                 {"1015", {"Stevenson"}},
                 {"1014", {"Marshall", "IX-art"}},
                 {"1113", {"Hancock", "II-art"}},
                 {"1215", {"Willcox"}},
                 {"1012", {"Birney"}},
                 {"1111", {"Gibbon"}},
                 {"1411", {"Getty"}},
                 {"1513", {"Grant", "Meade"}},
                 {"1815", {"Torbert", "VI-art"}},
                 {"1813", {"Sedgwick", "Ricketts", "Wright"}},
                 {"1911", {"Wilson", "1R-horse"}},
                 {"1809", {"Hunt", "1R", "2R-horse"}},
                 {"1408", {"Sheridan", "Gregg"}},  // R-FR-OOB-1864-OUTLIERS
                 {"1706", {"Crawford", "Wadsworth"}},
                 {"1806", {"Warren", "Griffin", "Robinson"}},
                 {"1607", {"V-art"}}});
  // R-FR-OOB-1864-MERGES: 1305's three Third Corps divisions.
  expect_stacks(kS4, Side::Confederate,
                {{"0615", {"Early", "Page"}},
                 {"0514", {"Ewell", "Nelson", "Hardaway"}},
                 {"0614", {"Johnson"}},
                 {"0613", {"Rodes", "Cutshaw"}},
                 {"0612", {"Braxton"}},
                 {"0711", {"Pegram"}},
                 {"0309", {"Huger", "Cabell"}},
                 {"0710", {"Lee", "Anderson-HQ", "Haskell"}},
                 {"0811", {"Field", "McIntosh"}},
                 {"0910", {"Kershaw", "Poague"}},
                 {"0903", {"Breathed"}},
                 {"1205", {"Early-HQ", "Cutts"}},
                 {"1305", {"Heth_Wilcox_Anderson"}},
                 {"2007", {"WHF-Lee"}},
                 {"2005", {"Stuart", "F-Lee", "Hampton"}},
                 {"0610", {"Richardson"}}});
  expect_map_test_hexes_used(
      kS4, {"1418", "1015", "1014", "1113", "1215", "1012", "1111", "1411", "1513",
            "1815", "1813", "1911", "1809", "1408", "1706", "1806", "1607", "0813",
            "0912", "0615", "0514", "0614", "0613", "0612", "0711", "0309", "0710",
            "0811", "0910", "0903", "1205", "1305", "2007", "2005", "0610"});
  EXPECT_EQ(unit(kS4, "Heth_Wilcox_Anderson")->def.strength, 5 + 5 + 6);
}

TEST(FrOob, SpotsylvaniaOneNoHexOverTwoCombatUnits) {
  expect_no_hex_over_two(kS4);
}

TEST(FrOob, SpotsylvaniaOneHasNoReinforcements) {
  // The article's Scenario 4 chart lists none.
  for (const OobEntry& e : oob(kS4).units) EXPECT_TRUE(e.setup) << e.def.id;
}

TEST(FrOob, SpotsylvaniaOneChainCoversEveryUnit) {
  expect_chain_covers_every_unit(kS4);
}

TEST(FrOob, SpotsylvaniaOneSideTotals) {
  // The sources give no S4 total; the S4 strengths sum to these.
  EXPECT_EQ(tally(kS4, Side::Union), (fr::Tally{24, 94}));
  EXPECT_EQ(tally(kS4, Side::Confederate), (fr::Tally{23, 73}));
}

TEST(FrOob, SpotsylvaniaOneFortsAndPontoons) {
  // R-FR-OOB-1864-PONTOONS: the printed D13/1521 reads 0521; 1119 as printed.
  expect_markers(
      kS4, {"1012", "1111", "0813", "0912", "0615", "0614", "0613", "0612", "0711", "0811", "0910"},
      {"3315", "0521", "1119"});
}

// ===========================================================================
// S5: Spotsylvania part 2, 16 May 1864
// ===========================================================================

TEST(FrOob, SpotsylvaniaTwoOrderOfBattleParses) {
  expect_parses_and_is_marked(kS5);
}

TEST(FrOob, SpotsylvaniaTwoSetUpHexesHoldTheArticlesUnits) {
  expect_stacks(kS5, Side::Union,
                {{"2206", {"Grant", "Meade", "Hancock", "Barlow", "Gibbon"}},
                 {"2205", {"Ricketts"}},
                 {"2304", {"Birney"}},
                 {"2404", {"Stevenson"}},
                 {"2403", {"Burnside", "Marshall"}},
                 {"2505", {"Willcox", "Potter"}},
                 {"2604", {"Robinson", "Griffin"}},
                 {"2803", {"Warren", "Crawford", "Wadsworth"}},  // R-FR-OOB-1864-OUTLIERS
                 {"2703", {"Wright"}},
                 {"2605", {"Wright-HQ", "Getty", "VI-art"}},
                 {"2606", {"II-art", "V-art"}},
                 {"3111", {"Ferrero", "IX-art"}}});
  // R-FR-OOB-1864-MERGES: 2203 (battalions, then divisions), 2202, 2302.
  expect_stacks(kS5, Side::Confederate,
                {{"1902", {"Cabell"}},
                 {"2003", {"Huger"}},
                 {"2103", {"Kershaw", "Haskell"}},
                 {"2204", {"Johnson", "Braxton"}},
                 {"2203", {"Ewell", "Early_Rodes", "Page_Hardaway"}},
                 {"2202", {"Lee", "Poague_McIntosh_Pegram_Cutts_Richardson"}},
                 {"2302", {"Early-HQ", "Heth_Wilcox_Anderson"}},
                 {"2402", {"Nelson", "Cutshaw"}},
                 {"2401", {"Anderson-HQ", "Field"}}});
  expect_map_test_hexes_used(kS5, {"2006", "2105", "2206", "2205", "2304", "2404", "2403", "2505",
                                   "2604", "2803", "2703", "2605", "2606", "3111", "1902", "2003",
                                   "2103", "2204", "2203", "2202", "2302", "2402", "2401"});
  EXPECT_EQ(unit(kS5, "Early_Rodes")->def.strength, 3 + 4);
  EXPECT_EQ(unit(kS5, "Page_Hardaway")->def.strength, 4);
  EXPECT_EQ(unit(kS5, "Poague_McIntosh_Pegram_Cutts_Richardson")->def.strength, 10);
  EXPECT_EQ(unit(kS5, "Heth_Wilcox_Anderson")->def.strength, 4 + 4 + 5);
}

TEST(FrOob, SpotsylvaniaTwoNoHexOverTwoCombatUnits) {
  expect_no_hex_over_two(kS5);
}

TEST(FrOob, SpotsylvaniaTwoHasNoReinforcements) {
  for (const OobEntry& e : oob(kS5).units) EXPECT_TRUE(e.setup) << e.def.id;
}

TEST(FrOob, SpotsylvaniaTwoChainCoversEveryUnit) {
  expect_chain_covers_every_unit(kS5);
}

TEST(FrOob, SpotsylvaniaTwoSideTotals) {
  // The sources give no S5 total; the S5 strengths sum to these.
  EXPECT_EQ(tally(kS5, Side::Union), (fr::Tally{19, 74}));
  EXPECT_EQ(tally(kS5, Side::Confederate), (fr::Tally{13, 54}));
}

TEST(FrOob, SpotsylvaniaTwoFortsAndPontoons) {
  // R-FR-OOB-1864-PONTOONS: the printed II37/3413 reads 3313.
  expect_markers(kS5, {"2006", "2105", "2205", "2304", "2404", "2003", "2103", "2204"},
                 {"3315", "3313"});
}

TEST(FrOob, SpotsylvaniaTwoHancockStandsWithBarlow) {
  // R-FR-OOB-1864-HANCOCK: the article forgets Hancock(HQ); he is with Barlow.
  const OobEntry* h = unit(kS5, "Hancock");
  ASSERT_NE(h, nullptr);
  EXPECT_TRUE(is_hq(*h));
  EXPECT_EQ(h->hex, unit(kS5, "Barlow")->hex);
  const CommandChain& c = chain(kS5);
  ASSERT_GE(c.find("Hancock"), 0);
  EXPECT_EQ(c.hqs[static_cast<size_t>(c.find("Hancock"))].parent, "Meade");
  std::set<std::string> his;
  for (const auto& u : c.units)
    if (u.hq == "Hancock") his.insert(u.unit);
  EXPECT_EQ(his, (std::set<std::string>{"Barlow", "Gibbon", "Birney", "II-art"}));
}

TEST(FrOob, SpotsylvaniaTwoWillcoxAndPotterAt2505) {
  // R-FR-OOB-1864-S5-IX: the article's X40/2404 reads 2505; 2404 keeps Stevenson.
  EXPECT_EQ(unit(kS5, "Willcox")->hex, "2505");
  EXPECT_EQ(unit(kS5, "Potter")->hex, "2505");
  EXPECT_EQ(unit(kS5, "Stevenson")->hex, "2404");
}

// ===========================================================================
// Across S3-S5
// ===========================================================================

TEST(FrOob, The1864CounterMixKeepsItsIds) {
  // R-FR-OOB-1864-IDS: a unit of S4 or S5 is a unit of S3 with the same id,
  // side and type, or one of the leaders who took over a corps, the S4
  // pontoon train, or a merge of S3 units (its parts' ids joined by '_').
  std::map<std::string, const OobEntry*> s3;
  std::set<std::string> parts;
  for (const OobEntry& e : oob(kS3).units) {
    s3[e.def.id] = &e;
    std::stringstream ss(e.def.id);
    for (std::string p; std::getline(ss, p, '_');) parts.insert(p);
  }
  const std::set<std::string> new_leaders = {"Anderson-HQ", "Early-HQ", "Wright-HQ", "Pontoon"};
  for (const char* s : {kS4, kS5}) {
    for (const OobEntry& e : oob(s).units) {
      const std::string& id = e.def.id;
      if (new_leaders.count(id)) continue;
      if (id.find('_') != std::string::npos) {
        std::stringstream ss(id);
        for (std::string p; std::getline(ss, p, '_');) EXPECT_TRUE(parts.count(p)) << s << " " << p;
        continue;
      }
      const auto it = s3.find(id);
      if (it == s3.end()) {
        EXPECT_TRUE(parts.count(id)) << s << " " << id << " is in no S3 unit";
        continue;
      }
      EXPECT_EQ(e.def.side, it->second->def.side) << s << " " << id;
      EXPECT_EQ(e.def.type, it->second->def.type) << s << " " << id;
    }
  }
}

TEST(FrOob, The1864CommandChangesAsInTheCampaign) {
  // R-FR-OOB-1864-COMMAND.
  auto parent = [](const char* s, const char* hq) {
    const CommandChain& c = chain(s);
    const int i = c.find(hq);
    return i < 0 ? std::string("(none)") : c.hqs[static_cast<size_t>(i)].parent;
  };
  auto hq_of = [](const char* s, const char* id) {
    for (const auto& u : chain(s).units)
      if (u.unit == id) return u.hq;
    return std::string("(none)");
  };
  for (const char* s : {kS3, kS4, kS5}) {
    EXPECT_EQ(parent(s, "Burnside"), "Grant") << s;  // the IX Corps is not yet Meade's
    EXPECT_EQ(parent(s, "Meade"), "Grant") << s;
    EXPECT_EQ(parent(s, "Grant"), "") << s;
    EXPECT_EQ(parent(s, "Lee"), "") << s;
  }
  EXPECT_EQ(parent(kS3, "Longstreet"), "Lee");
  EXPECT_EQ(parent(kS3, "AP-Hill-HQ"), "Lee");
  EXPECT_EQ(hq_of(kS3, "Wright"), "Sedgwick");
  EXPECT_EQ(hq_of(kS4, "Wright"), "Sedgwick");  // killed on the 9th
  for (const char* s : {kS4, kS5}) {
    EXPECT_EQ(chain(s).find("Longstreet"), -1) << s;
    EXPECT_EQ(chain(s).find("AP-Hill-HQ"), -1) << s;
    EXPECT_EQ(parent(s, "Anderson-HQ"), "Lee") << s;
    EXPECT_EQ(parent(s, "Early-HQ"), "Lee") << s;
    EXPECT_EQ(hq_of(s, "Field"), "Anderson-HQ") << s;
    EXPECT_EQ(hq_of(s, "Heth_Wilcox_Anderson"), "Early-HQ") << s;
  }
  EXPECT_EQ(hq_of(kS4, "Early"), "Ewell");  // his old division, under Gordon
  EXPECT_EQ(hq_of(kS5, "Early_Rodes"), "Ewell");
  EXPECT_EQ(chain(kS5).find("Sedgwick"), -1);
  EXPECT_EQ(parent(kS5, "Wright-HQ"), "Meade");
  EXPECT_EQ(hq_of(kS5, "Wright"), "Wright-HQ");
  // No cavalry, cavalry HQ or Artillery Reserve in S5.
  for (const auto& h : chain(kS5).hqs) EXPECT_NE(h.echelon, Echelon::CavalryCorps) << h.unit;
  for (const OobEntry& e : oob(kS5).units) EXPECT_NE(e.def.type, UnitType::Cavalry) << e.def.id;
  EXPECT_EQ(unit(kS5, "Hunt"), nullptr);
}

TEST(FrOob, The1864RatingsAreAssumedExceptTheArticlesCavalry) {
  // R-FR-OOB-1864-RATINGS (R-FR-HQ-RATINGS).
  for (const char* s : {kS3, kS4, kS5}) {
    for (const auto& h : chain(s).hqs) {
      if (h.unit == "Stuart") {  // the article's 6f
        ASSERT_TRUE(h.judgment.has_value());
        EXPECT_EQ(*h.judgment, (bg::modules::Judgment{6, true}));
        EXPECT_FALSE(h.assumed);
      } else if (h.unit == "Sheridan") {  // cavalry rolls unit by unit (Four Roads rule 8)
        EXPECT_FALSE(h.judgment.has_value());
        EXPECT_FALSE(h.assumed);
      } else {
        ASSERT_TRUE(h.judgment.has_value()) << s << " " << h.unit;
        EXPECT_EQ(*h.judgment, (bg::modules::Judgment{4, false})) << s << " " << h.unit;
        EXPECT_TRUE(h.assumed) << s << " " << h.unit;
      }
      EXPECT_EQ(h.offensive, 0) << s << " " << h.unit;
      EXPECT_EQ(h.defensive, 0) << s << " " << h.unit;
    }
    // Every cavalry unit rolls on its own: F. Lee at the article's 6, the others at 4.
    for (const auto& u : chain(s).units) {
      const OobEntry* e = unit(s, u.unit);
      ASSERT_NE(e, nullptr);
      if (e->def.type != UnitType::Cavalry) {
        EXPECT_FALSE(u.judgment.has_value()) << s << " " << u.unit;
        continue;
      }
      ASSERT_TRUE(u.judgment.has_value()) << s << " " << u.unit;
      EXPECT_EQ(u.judgment->rating, u.unit == "F-Lee" ? 6 : 4) << s << " " << u.unit;
      EXPECT_FALSE(u.judgment->foolhardy);
      // Only the article's ratings are facts; the others are marked assumed.
      EXPECT_EQ(u.assumed, u.unit != "F-Lee") << s << " " << u.unit;
    }
  }
}
