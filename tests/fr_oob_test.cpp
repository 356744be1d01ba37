// The Four Roads to Richmond scenario data (data/four-roads/<scenario>/: oob.txt,
// chain.txt, setup.txt) against the seed's set-ups (003) and the research brief
// (/work/shared/briefs/four-roads-map.md, 1.1 and 6), as the data spec asks
// (/work/notes/fr-data-spec.md; rulings R-FR-OOB-* in docs/rulings.md). Each
// set-up hex holds the seed's units after the brief's stacking merges (6.1);
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
// Scenario 1: Fredericksburg, 13 December 1862 (seed 003, brief 6.2)
// ---------------------------------------------------------------------------

TEST(FrOob, FredericksburgFilesLoad) {
  const auto& s = fredericksburg();
  EXPECT_TRUE(s.ok);
  EXPECT_FALSE(s.oob.units.empty());
}

TEST(FrOob, FredericksburgUnionSetUpHexesHoldTheSeedsUnits) {
  // Seed 003 Scenario 1, AM hexes; the two "assault boats" are boats-1 and -2.
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

TEST(FrOob, FredericksburgConfederateSetUpHexesHoldTheSeedsUnitsAfterTheMerges) {
  // Seed 003 Scenario 1 with brief 6.1's merges (R-FR-OOB-MERGE): brigades of one
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
  // The seed gives Scenario 1 no reinforcement chart.
  for (const auto& u : fredericksburg().oob.units) EXPECT_TRUE(u.setup) << u.def.id;
}

TEST(FrOob, FredericksburgSideTotals) {
  const auto& s = fredericksburg();
  // Brief 6.2 suggests ~134 SP for the Union and ~95 for the Confederates.
  EXPECT_EQ(fr::side_total(s, Side::Union), (fr::Tally{29, 134}));
  EXPECT_EQ(fr::side_total(s, Side::Confederate), (fr::Tally{24, 96}));
}

TEST(FrOob, FredericksburgStrengthsNotPrintedAreAssumedWithTheBriefsFigure) {
  // Printed in the seed: "I(2 6)" and the strip's McLaws brigades (2-4), whose sum
  // is the merged McLaws counter. Everything else is the brief's estimate.
  const std::set<std::string> printed = {"I-3", "Semmes", "McLaws"};
  for (const auto& u : fredericksburg().oob.units) {
    if (!fr::is_combat(u)) continue;
    if (printed.count(u.def.id)) {
      EXPECT_FALSE(u.def.assumed) << u.def.id;
      continue;
    }
    EXPECT_TRUE(u.def.assumed) << u.def.id;
    EXPECT_NE(u.assumption.find("brief 6."), std::string::npos) << u.def.id;
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

TEST(FrOob, FredericksburgChainFollowsTheBrief) {
  // Brief 6.5: Burnside -> Sumner (Couch II, Willcox IX), Hooker (Stoneman III,
  // Butterfield V), Franklin (Reynolds I, Smith VI), Hunt; Lee -> Longstreet
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

TEST(FrOob, FredericksburgRatingsAreTheSeedsOrMarkedAssumed) {
  // R-FR-HQ-RATINGS (brief 7.6): army, grand-division and corps HQs judgment 4, no
  // tactical modifier, assumed; division HQs do not roll; Stuart's 6f is the seed's.
  // The Union cavalry does not roll separately at Fredericksburg (seed rule 8).
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

}  // namespace
