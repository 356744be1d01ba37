// The Four Roads to Richmond scenario data (data/four-roads/<scenario>/: oob.txt,
// chain.txt, setup.txt) against the Four Roads article's set-ups and the
// reconstruction in docs/four-roads.md ("Scenario data"; rulings R-FR-OOB-* in
// docs/rulings.md). Each set-up hex holds the article's units after the
// stacking merges (R-FR-OOB-MERGE);
// the merges and repairs are notes in the data.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "fr_data_fixture.h"

namespace {

namespace fr = bg::test::fr;
using bg::core::Side;
using Kind = fr::SetupItem::Kind;

// hex -> the ids of the units set up there.
using Contents = std::map<std::string, std::set<std::string>>;

Contents contents(const fr::Scenario& s, Side side) {
  Contents c;
  for (const auto& u : s.oob.units)
    if (u.setup && u.def.side == side) c[u.hex].insert(u.def.id);
  return c;
}

const fr::Scenario& fredericksburg() {
  return fr::scenario("fredericksburg");
}

const fr::Scenario& chancellorsville() {
  return fr::scenario("chancellorsville");
}

// The chain entry of a headquarters, or nullptr.
const bg::modules::HqSpec* hq(const fr::Scenario& s, const std::string& id) {
  const int i = s.chain.find(id);
  return i < 0 ? nullptr : &s.chain.hqs[static_cast<size_t>(i)];
}

const bg::modules::UnitCommand* command(const fr::Scenario& s, const std::string& id) {
  for (const auto& c : s.chain.units)
    if (c.unit == id) return &c;
  return nullptr;
}

// ---------------------------------------------------------------------------
// The setup.txt reader of the fixture
// ---------------------------------------------------------------------------

TEST(FrOob, SetupReaderReadsFortsAndPontoonsAndRefusesMalformedLines) {
  auto ok = fr::parse_setup("# c\nfort 3014  # Marye's\n\npontoon 3315 union\n");
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  ASSERT_EQ(ok->size(), 2u);
  EXPECT_EQ((*ok)[0].kind, Kind::Fort);
  EXPECT_EQ((*ok)[1].hex, "3315");
  EXPECT_EQ((*ok)[1].side, Side::Union);
  EXPECT_EQ((*ok)[1].line, 4);
  for (const char* bad : {"fort\n", "fort 30x4\n", "pontoon 3315\n", "pontoon 3315 rebel\n",
                          "bridge 3315 union\n", "fort 3014\nfort 3014\n", "fort 3014 3015\n"})
    EXPECT_FALSE(fr::parse_setup(bad).ok()) << bad;
  auto line = fr::parse_setup("fort 3014\n\nfort 99\n");
  ASSERT_FALSE(line.ok());
  EXPECT_NE(line.error().message.find("setup.txt:3"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Scenario 1: Fredericksburg, 13 December 1862 (Four Roads Scenario 1)
// ---------------------------------------------------------------------------

TEST(FrOob, FredericksburgFilesLoad) {
  const auto& s = fredericksburg();
  EXPECT_TRUE(s.ok);
  EXPECT_FALSE(s.oob.units.empty());
}

TEST(FrOob, FredericksburgUnionSetUpHexesHoldTheArticlesUnits) {
  // The article's Scenario 1, AM hexes; the two "assault boats" are boats-1 and -2.
  const Contents expected = {
      {"3617", {"Burnside"}},
      {"3217", {"Hunt", "Hays"}},
      {"3812", {"Trumbull"}},
      {"3416", {"Sumner", "IX-art", "V-art"}},
      {"3215", {"Couch", "II-art", "Howard"}},
      {"3214", {"Hancock", "French"}},
      {"3213", {"Willcox", "Getty", "Sturgis"}},
      {"3312", {"Burns", "Brooks"}},
      {"3516", {"Pleasonton"}},
      {"3612", {"Hooker", "Stoneman", "Sickles", "III-art"}},
      {"3417", {"Whipple"}},
      {"3711", {"Birney", "boats-1"}},
      {"3616", {"Butterfield"}},
      {"3514", {"Griffin", "boats-2"}},
      {"3317", {"Sykes"}},
      {"3716", {"Humphreys"}},
      {"3615", {"Averell"}},
      {"3609", {"Franklin", "Doubleday", "Bayard"}},
      {"3708", {"Reynolds", "Gibbon", "Meade"}},
      {"3510", {"I-art"}},
      {"3411", {"Smith", "VI-art", "Newton"}},
      {"3509", {"Howe"}},
  };
  EXPECT_EQ(contents(fredericksburg(), Side::Union), expected);
}

TEST(FrOob, FredericksburgConfederateSetUpHexesHoldTheArticlesUnitsAfterTheMerges) {
  // The article's Scenario 1 with the merges of R-FR-OOB-MERGE: brigades of one
  // division in a hex are one counter, artillery battalions in a hex one group.
  const Contents expected = {
      {"3014", {"Anderson-HQ", "Anderson-a"}},               // Wilcox, Wright, Mahone
      {"3113", {"Anderson-b", "Ransom"}},                    // Perry, Featherston
      {"3112", {"Longstreet", "Semmes", "Longstreet-art"}},  // Walton, Alexander
      {"3111", {"McLaws-HQ", "McLaws", "I-3"}},              // Kershaw, Barksdale, Cobb
      {"3211", {"Lee", "Lee-art"}},                          // I, I, Cabell, Cutts, Nelson
      {"3209", {"Pickett"}},
      {"3408", {"Hood"}},
      {"3606", {"AP-Hill-b", "Brown-art"}},  // Gregg, Brockenbrough; Brown, Brockenbrough
      {"3506", {"Thomas", "Lane"}},
      {"3705", {"Paxton"}},
      {"3807", {"AP-Hill-HQ", "AP-Hill-a", "Walker"}},        // Pender, Archer
      {"3703", {"Jackson", "Taliaferro-HQ", "Jackson-div"}},  // J.R. Jones, Warren, Pendleton
      {"4004", {"Latimer", "Jones-art"}},
      {"4205", {"Early", "DH-Hill"}},
      {"4106", {"Stuart", "Pelham"}},
  };
  EXPECT_EQ(contents(fredericksburg(), Side::Confederate), expected);
}

TEST(FrOob, FredericksburgMergedUnitsNameWhatTheyHold) {
  const auto& s = fredericksburg();
  const std::map<std::string, std::vector<std::string>> merged = {
      {"Anderson-a", {"Wilcox", "Wright", "Mahone"}},
      {"Anderson-b", {"Perry", "Featherston"}},
      {"McLaws", {"Kershaw", "Barksdale", "Cobb"}},
      {"AP-Hill-a", {"Pender", "Archer"}},
      {"AP-Hill-b", {"Gregg", "Brockenbrough"}},
      {"Jackson-div", {"J.R. Jones", "Warren", "Pendleton"}},
      {"Longstreet-art", {"Walton", "Alexander"}},
      {"Lee-art", {"I-1", "I-2", "Cabell", "Cutts", "Nelson"}},
      {"Brown-art", {"Brown", "Brockenbrough"}},
  };
  for (const auto& [id, parts] : merged) {
    const auto* u = s.oob.find(id);
    ASSERT_NE(u, nullptr) << id;
    for (const auto& p : parts) EXPECT_NE(u->name.find(p), std::string::npos) << id << ": " << p;
  }
  // The summed strengths: the strip's 2 a McLaws brigade; 2 a battalion.
  EXPECT_EQ(s.oob.find("McLaws")->def.strength, 6);
  EXPECT_EQ(s.oob.find("Lee-art")->def.strength, 10);
  EXPECT_EQ(s.oob.find("Lee-art")->def.type, bg::core::UnitType::Artillery);
}

TEST(FrOob, FredericksburgNoHexHoldsMoreThanTwoCountingUnits) {
  fr::expect_stacking_and_land(fredericksburg());
}

TEST(FrOob, FredericksburgHasNoReinforcements) {
  // The article gives Scenario 1 no reinforcement chart.
  for (const auto& u : fredericksburg().oob.units) EXPECT_TRUE(u.setup) << u.def.id;
}

TEST(FrOob, FredericksburgSideTotals) {
  const auto& s = fredericksburg();
  // The numbers engaged suggest ~134 SP for the Union and ~95 for the Confederates.
  EXPECT_EQ(fr::side_total(s, Side::Union), (fr::Tally{29, 134}));
  EXPECT_EQ(fr::side_total(s, Side::Confederate), (fr::Tally{24, 96}));
}

TEST(FrOob, FredericksburgStrengthsNotPrintedAreAssumedWithTheHistoricalFigure) {
  // Printed in the article: "I(2 6)" and the strip's McLaws brigades (2-4), whose sum
  // is the merged McLaws counter. Everything else is a historical estimate
  // (R-FR-OOB-CONVERSION).
  const std::set<std::string> printed = {"I-3", "Semmes", "McLaws"};
  for (const auto& u : fredericksburg().oob.units) {
    if (!fr::is_combat(u)) continue;
    if (printed.count(u.def.id)) {
      EXPECT_FALSE(u.def.assumed) << u.def.id;
      continue;
    }
    EXPECT_TRUE(u.def.assumed) << u.def.id;
    EXPECT_NE(u.assumption.find("R-FR-OOB-CONVERSION"), std::string::npos) << u.def.id;
  }
}

TEST(FrOob, FredericksburgSpecialUnitsAreHqsAndBoats) {
  const auto& s = fredericksburg();
  int hqs = 0, boats = 0;
  for (const auto& u : s.oob.units) {
    if (fr::is_hq(u)) {
      ++hqs;
      EXPECT_TRUE(u.def.free_stacking) << u.def.id;
      EXPECT_EQ(u.def.strength, 0) << u.def.id;
    } else if (u.def.kind == "boats") {
      ++boats;
      EXPECT_EQ(u.def.side, Side::Union);
      EXPECT_TRUE(u.def.free_stacking);
      EXPECT_FALSE(u.def.can_attack);
      EXPECT_FALSE(u.def.exerts_zoc);
    } else {
      EXPECT_TRUE(fr::is_combat(u)) << u.def.id;
    }
  }
  EXPECT_EQ(hqs, 11 + 7);
  EXPECT_EQ(boats, 2);
}

TEST(FrOob, FredericksburgChainMatchesTheOob) {
  fr::expect_chain_matches_oob(fredericksburg());
}

TEST(FrOob, FredericksburgChainFollowsTheHistoricalChain) {
  // The historical chain (R-FR-OOB-CHAIN): Burnside -> Sumner (Couch II, Willcox IX), Hooker
  // (Stoneman III, Butterfield V), Franklin (Reynolds I, Smith VI), Hunt; Lee -> Longstreet
  // (Anderson, McLaws), Jackson (A.P. Hill, Taliaferro).
  const auto& s = fredericksburg();
  const std::map<std::string, std::string> parent = {
      {"Burnside", ""},
      {"Sumner", "Burnside"},
      {"Hooker", "Burnside"},
      {"Franklin", "Burnside"},
      {"Hunt", "Burnside"},
      {"Couch", "Sumner"},
      {"Willcox", "Sumner"},
      {"Stoneman", "Hooker"},
      {"Butterfield", "Hooker"},
      {"Reynolds", "Franklin"},
      {"Smith", "Franklin"},
      {"Lee", ""},
      {"Longstreet", "Lee"},
      {"Jackson", "Lee"},
      {"Anderson-HQ", "Longstreet"},
      {"McLaws-HQ", "Longstreet"},
      {"AP-Hill-HQ", "Jackson"},
      {"Taliaferro-HQ", "Jackson"},
  };
  EXPECT_EQ(s.chain.hqs.size(), parent.size());
  for (const auto& [id, p] : parent) {
    const auto* h = hq(s, id);
    ASSERT_NE(h, nullptr) << id;
    EXPECT_EQ(h->parent, p) << id;
    EXPECT_EQ(h->radius, s.oob.find(id)->def.side == Side::Union ? 4 : 8) << id;
  }
  EXPECT_EQ(hq(s, "Burnside")->echelon, bg::modules::Echelon::Army);
  EXPECT_EQ(hq(s, "Sumner")->echelon, bg::modules::Echelon::GrandDivision);
  EXPECT_EQ(hq(s, "AP-Hill-HQ")->echelon, bg::modules::Echelon::Division);
  // Units answer to their own formation's HQ.
  for (auto [unit, h] : {std::pair{"Getty", "Willcox"},
                         {"Pleasonton", "Sumner"},
                         {"Hays", "Hunt"},
                         {"Brooks", "Smith"},
                         {"McLaws", "McLaws-HQ"},
                         {"Pickett", "Longstreet"},
                         {"Jackson-div", "Taliaferro-HQ"},
                         {"Early", "Jackson"},
                         {"Lee-art", "Lee"}}) {
    const auto* c = command(s, unit);
    ASSERT_NE(c, nullptr) << unit;
    EXPECT_EQ(c->hq, h) << unit;
  }
}

TEST(FrOob, FredericksburgRatingsAreTheArticlesOrMarkedAssumed) {
  // R-FR-HQ-RATINGS: army, grand-division and corps HQs judgment 4, no
  // tactical modifier, assumed; division HQs do not roll; Stuart's 6f is the article's.
  // The Union cavalry does not roll separately at Fredericksburg (Four Roads rule 8).
  const auto& s = fredericksburg();
  for (const auto& h : s.chain.hqs) {
    if (h.echelon == bg::modules::Echelon::Division) {
      EXPECT_FALSE(h.judgment.has_value()) << h.unit;
      EXPECT_EQ(h.rally_radius(), 0) << h.unit;
      continue;
    }
    ASSERT_TRUE(h.judgment.has_value()) << h.unit;
    EXPECT_EQ(h.judgment->rating, 4) << h.unit;
    EXPECT_FALSE(h.judgment->foolhardy) << h.unit;
    EXPECT_EQ(h.offensive, 0) << h.unit;
    EXPECT_EQ(h.defensive, 0) << h.unit;
    EXPECT_TRUE(h.assumed) << h.unit;
  }
  for (const auto& c : s.chain.units) {
    if (c.unit == "Stuart") {
      ASSERT_TRUE(c.judgment.has_value());
      EXPECT_EQ(c.judgment->rating, 6);
      EXPECT_TRUE(c.judgment->foolhardy);
    } else {
      EXPECT_FALSE(c.judgment.has_value()) << c.unit;
    }
  }
}

TEST(FrOob, FredericksburgFortsAndPontoons) {
  const auto& s = fredericksburg();
  fr::expect_setup_on_map(s);
  // Seed: a fort in every Confederate hex from FF35 to NN47 but 3209, 3506, 3705.
  EXPECT_EQ(fr::setup_hexes(s, Kind::Fort),
            (std::vector<std::string>{"3014", "3113", "3112", "3111", "3211", "3210", "3408",
                                      "3606", "3807"}));
  // Seed: three emplaced pontoons (II36/3313, JJ38/3315, LL42/3611), all Union.
  EXPECT_EQ(fr::setup_hexes(s, Kind::Pontoon), (std::vector<std::string>{"3315", "3313", "3611"}));
  for (const auto& i : s.setup)
    if (i.kind == Kind::Pontoon) {
      EXPECT_EQ(i.side, Side::Union) << i.hex;
    }
}

// ---------------------------------------------------------------------------
// Scenario 2: Chancellorsville, "30 April 1863" (Four Roads Scenario 2)
// ---------------------------------------------------------------------------

TEST(FrOob, ChancellorsvilleFilesLoad) {
  const auto& s = chancellorsville();
  EXPECT_TRUE(s.ok);
  EXPECT_FALSE(s.oob.units.empty());
}

TEST(FrOob, ChancellorsvilleUnionSetUpHexesHoldTheArticlesUnits) {
  // The article's Scenario 2, AM hexes. Howard(HQ) is listed at 0430 with the emplaced
  // pontoon, a river hex: he stands on the bank at 0530 (R-FR-OOB-S2-HOWARD).
  // 0631's Williams and Geary are the XII Corps counter (R-FR-OOB-MERGE).
  const Contents expected = {
      {"0631", {"Hooker", "Slocum", "XII-Corps", "XII-art"}},
      {"0730", {"Meade", "Griffin", "Sykes"}},
      {"0830", {"Humphreys", "V-art"}},
      {"0530", {"Howard", "Devens", "XI-art"}},
      {"0329", {"Steinwehr"}},
      {"0229", {"Schurz"}},
      {"0228", {"Pleasonton"}},
      {"4109", {"Reynolds", "pontoon-1"}},
      {"3909", {"Wadsworth"}},
      {"4010", {"Robinson", "I-art"}},
      {"4009", {"Doubleday"}},
      {"2717", {"Couch", "Hancock", "French"}},
      {"3514", {"Gibbon"}},
      {"2818", {"II-art"}},
      {"3812", {"Whipple"}},
      {"3811", {"Sickles", "Birney", "III-art"}},
      {"3810", {"Berry"}},
      {"3711", {"Sedgwick", "pontoon-2", "Newton"}},
      {"3612", {"Brooks", "VI-art"}},
      {"3512", {"Howe", "Burnham"}},
      {"3217", {"Hunt", "Res-1", "Res-2"}},
      {"3018", {"pontoon-3"}},
      {"3416", {"pontoon-4"}},
      {"3418", {"boats-1", "boats-2"}},
  };
  EXPECT_EQ(contents(chancellorsville(), Side::Union), expected);
  const auto* xii = chancellorsville().oob.find("XII-Corps");
  ASSERT_NE(xii, nullptr);
  EXPECT_NE(xii->name.find("Williams"), std::string::npos);
  EXPECT_NE(xii->name.find("Geary"), std::string::npos);
  EXPECT_EQ(xii->def.strength, 13);
}

TEST(FrOob, ChancellorsvilleConfederateSetUpHexesHoldTheArticlesUnits) {
  // The article's Scenario 2; the "Kershaw" with McLaws at 3113 is Barksdale
  // (R-FR-OOB-S2-BARKSDALE). No hex needs a merge.
  const Contents expected = {
      {"3211", {"Lee", "Semmes", "Cabell"}},
      {"2212", {"Anderson-HQ", "Perry"}},
      {"1818", {"Mahone"}},
      {"2814", {"Wilcox"}},
      {"1417", {"Posey"}},
      {"2801", {"Wright", "Kershaw"}},
      {"3113", {"McLaws-HQ", "Barksdale"}},
      {"2612", {"Wofford"}},
      {"3014", {"Alexander", "Walton"}},
      {"2914", {"Hardaway"}},
      {"4304", {"Jackson", "Rodes", "Carter"}},
      {"4505", {"AP-Hill", "Walker"}},
      {"3705", {"Early", "Andrews"}},
      {"4706", {"Colston", "Jones-art"}},
      {"3112", {"Cutts", "Nelson"}},
      {"3703", {"Brown", "McIntosh"}},
  };
  EXPECT_EQ(contents(chancellorsville(), Side::Confederate), expected);
}

TEST(FrOob, ChancellorsvilleNoHexHoldsMoreThanTwoCountingUnits) {
  fr::expect_stacking_and_land(chancellorsville());
}

TEST(FrOob, ChancellorsvilleReinforcementsArriveAsTheArticleSays) {
  // Seed: "April 30, 9am @ A10/0024: Averell"; "April 30, 3pm @ A20/0013:
  // Stuart(HQ), F Lee". R-FR-CALENDAR: April 30 is day 1, 9 am turn 2, 3 pm turn 4.
  struct Arrival {
    std::string id;
    Side side;
    int turn;
    std::string hex;
  };
  const std::vector<Arrival> expected = {{"Averell", Side::Union, 2, "0024"},
                                         {"Stuart", Side::Confederate, 4, "0013"},
                                         {"F-Lee", Side::Confederate, 4, "0013"}};
  std::vector<std::string> arriving;
  for (const auto& u : chancellorsville().oob.units)
    if (!u.setup) arriving.push_back(u.def.id);
  EXPECT_EQ(arriving, (std::vector<std::string>{"Averell", "Stuart", "F-Lee"}));
  for (const auto& a : expected) {
    const auto* u = chancellorsville().oob.find(a.id);
    ASSERT_NE(u, nullptr) << a.id;
    EXPECT_FALSE(u->setup) << a.id;
    EXPECT_EQ(u->def.side, a.side) << a.id;
    EXPECT_EQ(u->turn, a.turn) << a.id;
    EXPECT_EQ(u->entry_hexes, std::vector<std::string>{a.hex}) << a.id;
  }
  EXPECT_EQ(chancellorsville().oob.find("Averell")->def.type, bg::core::UnitType::Cavalry);
  EXPECT_TRUE(fr::is_hq(*chancellorsville().oob.find("Stuart")));
}

TEST(FrOob, ChancellorsvilleSideTotals) {
  const auto& s = chancellorsville();
  // The numbers engaged suggest ~146 SP for the Union and ~78 for the Confederates.
  EXPECT_EQ(fr::side_total(s, Side::Union), (fr::Tally{31, 146}));
  EXPECT_EQ(fr::side_total(s, Side::Confederate), (fr::Tally{26, 79}));
}

TEST(FrOob, ChancellorsvilleStrengthsNotPrintedAreAssumedWithTheHistoricalFigure) {
  // Printed: the strip's McLaws brigades (2-4). Everything else is a historical
  // estimate (R-FR-OOB-CONVERSION).
  const std::set<std::string> printed = {"Kershaw", "Barksdale", "Semmes", "Wofford"};
  for (const auto& u : chancellorsville().oob.units) {
    if (!fr::is_combat(u)) continue;
    if (printed.count(u.def.id)) {
      EXPECT_FALSE(u.def.assumed) << u.def.id;
      EXPECT_EQ(u.def.strength, 2) << u.def.id;
      continue;
    }
    EXPECT_TRUE(u.def.assumed) << u.def.id;
    EXPECT_NE(u.assumption.find("R-FR-OOB-CONVERSION"), std::string::npos) << u.def.id;
  }
}

TEST(FrOob, ChancellorsvilleSpecialUnitsAreHqsPontoonTrainsAndBoats) {
  int hqs = 0, pontoons = 0, boats = 0;
  for (const auto& u : chancellorsville().oob.units) {
    if (fr::is_hq(u)) {
      ++hqs;
      EXPECT_TRUE(u.def.free_stacking) << u.def.id;
    } else if (u.def.kind == "pontoon" || u.def.kind == "boats") {
      ++(u.def.kind == "pontoon" ? pontoons : boats);
      EXPECT_EQ(u.def.side, Side::Union) << u.def.id;
      EXPECT_TRUE(u.def.free_stacking) << u.def.id;
      EXPECT_FALSE(u.def.can_attack) << u.def.id;
      EXPECT_FALSE(u.def.exerts_zoc) << u.def.id;
      EXPECT_EQ(u.def.road_only, u.def.kind == "pontoon") << u.def.id;
    } else {
      EXPECT_TRUE(fr::is_combat(u)) << u.def.id;
    }
  }
  EXPECT_EQ(hqs, 9 + 5);
  EXPECT_EQ(pontoons, 4);
  EXPECT_EQ(boats, 2);
}

TEST(FrOob, ChancellorsvilleChainMatchesTheOob) {
  fr::expect_chain_matches_oob(chancellorsville());
}

TEST(FrOob, ChancellorsvilleChainFollowsTheHistoricalChain) {
  // The historical chain (R-FR-OOB-CHAIN): Hooker -> Reynolds, Couch, Sickles, Meade, Sedgwick,
  // Howard, Slocum, Hunt. Lee is the army and the First Corps HQ -> Anderson, McLaws (division
  // HQs), Jackson, Stuart.
  const auto& s = chancellorsville();
  const std::map<std::string, std::string> parent = {
      {"Hooker", ""},        {"Reynolds", "Hooker"}, {"Couch", "Hooker"},
      {"Sickles", "Hooker"}, {"Meade", "Hooker"},    {"Sedgwick", "Hooker"},
      {"Howard", "Hooker"},  {"Slocum", "Hooker"},   {"Hunt", "Hooker"},
      {"Lee", ""},           {"Anderson-HQ", "Lee"}, {"McLaws-HQ", "Lee"},
      {"Jackson", "Lee"},    {"Stuart", "Lee"},
  };
  EXPECT_EQ(s.chain.hqs.size(), parent.size());
  for (const auto& [id, p] : parent) {
    const auto* h = hq(s, id);
    ASSERT_NE(h, nullptr) << id;
    EXPECT_EQ(h->parent, p) << id;
    EXPECT_EQ(h->radius, s.oob.find(id)->def.side == Side::Union ? 4 : 8) << id;
  }
  EXPECT_EQ(hq(s, "Lee")->echelon, bg::modules::Echelon::Army);
  EXPECT_EQ(hq(s, "Stuart")->echelon, bg::modules::Echelon::CavalryCorps);
  EXPECT_EQ(hq(s, "McLaws-HQ")->echelon, bg::modules::Echelon::Division);
  for (auto [unit, h] : {std::pair{"Cabell", "Lee"},
                         {"Cutts", "Lee"},
                         {"Barksdale", "McLaws-HQ"},
                         {"Posey", "Anderson-HQ"},
                         {"AP-Hill", "Jackson"},
                         {"F-Lee", "Stuart"},
                         {"XII-Corps", "Slocum"},
                         {"Burnham", "Sedgwick"},
                         {"Res-1", "Hunt"},
                         {"Pleasonton", "Hooker"},
                         {"pontoon-1", "Hooker"}}) {
    const auto* c = command(s, unit);
    ASSERT_NE(c, nullptr) << unit;
    EXPECT_EQ(c->hq, h) << unit;
  }
}

TEST(FrOob, ChancellorsvilleRatingsAreTheArticlesOrMarkedAssumed) {
  // Seed: "Cavalry Judgment ratings: Averell:2, Pleasanton:5, F Lee:6,
  // Stuart(HQ):6f", not assumed; the rest R-FR-HQ-RATINGS.
  const auto& s = chancellorsville();
  for (const auto& h : s.chain.hqs) {
    if (h.echelon == bg::modules::Echelon::Division) {
      EXPECT_FALSE(h.judgment.has_value()) << h.unit;
      continue;
    }
    ASSERT_TRUE(h.judgment.has_value()) << h.unit;
    if (h.unit == "Stuart") {
      EXPECT_EQ(h.judgment->rating, 6);
      EXPECT_TRUE(h.judgment->foolhardy);
      EXPECT_FALSE(h.assumed);
      continue;
    }
    EXPECT_EQ(h.judgment->rating, 4) << h.unit;
    EXPECT_FALSE(h.judgment->foolhardy) << h.unit;
    EXPECT_EQ(h.offensive, 0) << h.unit;
    EXPECT_EQ(h.defensive, 0) << h.unit;
    EXPECT_TRUE(h.assumed) << h.unit;
  }
  const std::map<std::string, int> rolls = {{"Pleasonton", 5}, {"Averell", 2}, {"F-Lee", 6}};
  for (const auto& c : s.chain.units) {
    const auto it = rolls.find(c.unit);
    if (it == rolls.end()) {
      EXPECT_FALSE(c.judgment.has_value()) << c.unit;
      continue;
    }
    ASSERT_TRUE(c.judgment.has_value()) << c.unit;
    EXPECT_EQ(c.judgment->rating, it->second) << c.unit;
    EXPECT_FALSE(c.judgment->foolhardy) << c.unit;
  }
}

TEST(FrOob, ChancellorsvilleFortsAndPontoons) {
  const auto& s = chancellorsville();
  fr::expect_setup_on_map(s);
  // Seed: forts at 2814 and 2914 and seven on the heights, read as S1's fort hexes
  // of the same SM hexes (3606 3408 3110 3112 3014) with 3310 and 3309 as given
  // (R-FR-OOB-S2-FORTS).
  const auto forts = fr::setup_hexes(s, Kind::Fort);
  EXPECT_EQ(std::set<std::string>(forts.begin(), forts.end()),
            (std::set<std::string>{"2814", "2914", "3606", "3408", "3310", "3309", "3110", "3112",
                                   "3014"}));
  EXPECT_EQ(forts.size(), 9u);
  // Seed: one emplaced pontoon, at Kelly's Ford (C3/0430); Howard beside it.
  EXPECT_EQ(fr::setup_hexes(s, Kind::Pontoon), std::vector<std::string>{"0430"});
  EXPECT_EQ(s.setup.back().side, Side::Union);
  const auto* howard = s.oob.find("Howard");
  ASSERT_NE(howard, nullptr);
  EXPECT_EQ(howard->hex, "0530");
  EXPECT_TRUE(fr::fr_adjacent("0430", "0530"));
}

}  // namespace
