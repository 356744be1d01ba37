// The Road to Richmond order of battle (data/road-to-richmond/oob.txt) against
// the charts (revised edition: 16.1, 17.31, 17.32), and the
// order-of-battle file parser (src/content/oob_file.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "content/map_file.h"
#include "content/oob_file.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/terrain.h"
#include "core/unit.h"

namespace {

using bg::content::Oob;
using bg::content::OobEntry;
using bg::core::Side;
using bg::core::UnitType;
namespace core = bg::core;

const std::string kDir = std::string(BLUEGRAY_SOURCE_DIR) + "/data/road-to-richmond/";

const Oob& rtr() {
  static const Oob oob = [] {
    auto r = bg::content::load_oob(kDir + "oob.txt");
    if (!r) ADD_FAILURE() << r.error().message;
    return r ? *r : Oob{};
  }();
  return oob;
}

const OobEntry& unit(const std::string& id) {
  static const OobEntry none{};
  const OobEntry* e = rtr().find(id);
  EXPECT_NE(e, nullptr) << id;
  return e ? *e : none;
}

struct Tally {
  int units = 0;
  int strength = 0;
  friend bool operator==(const Tally&, const Tally&) = default;
};

void PrintTo(const Tally& t, std::ostream* os) {
  *os << t.units << " units, " << t.strength << " points";
}

// Per side, per arrival turn (0 = initial deployment).
std::map<std::pair<Side, int>, Tally> by_turn() {
  std::map<std::pair<Side, int>, Tally> m;
  for (const auto& u : rtr().units) {
    Tally& t = m[{u.def.side, u.setup ? 0 : u.turn}];
    ++t.units;
    t.strength += u.def.strength;
  }
  return m;
}

Tally side_total(Side s) {
  Tally t;
  for (const auto& u : rtr().units)
    if (u.def.side == s) {
      ++t.units;
      t.strength += u.def.strength;
    }
  return t;
}

bg::core::Result<Oob> parse(const std::string& text) {
  return bg::content::parse_oob(text, "oob.txt");
}

std::string parse_error(const std::string& text) {
  auto r = parse(text);
  EXPECT_FALSE(r.ok()) << "accepted:\n" << text;
  return r ? std::string() : r.error().message;
}

}  // namespace

// Expected totals, added by hand from the revised charts, with the
// missing 1/1/VI taken as 7:
//   Union set-up (16.1): 2+5+7+2+1+3+3+8+7+7+5+5+8+8+1+8+1+7+6 = 94, 19 units.
//   Union turn 1 (1528): 8 = 8, 1 unit.
//   Union turn 2 (0410): 7(1/1/VI, assumed)+7+7+1 = 22, 4 units.
//   Union turn 3 (0414): 4+6 = 10, 2 units.
//   Union turn 4 (0414): 7+8+2 = 17, 3 units.
//   Union turn 5 (0414): 8+2 = 10, 2 units.
//   Union turn 11 (2426): the Train (1) = 1, 1 unit.
//   Union turn 13: 0412 7+9+9+2 = 27 (4); 0416 1 (1); 0418 8+8+8+2 = 26 (4);
//                  0419 9+9+9 = 27 (3); together 81, 12 units.
//   Union turn 14 (0417): 10+1 = 11, 2 units.
//   Union reinforcements 160 (27 units); Union in all 254 (46 units).
//   Confederate turn 1 (0103): 4+7+8+5+7+4+6+8+5+7+4+7+8+7+8+4+7+1 = 107, 18 units.
//   Confederate turn 2 (1301|1901): 8+6+5+10+10+7+7+2+7+5+10 = 77, 11 units.
//   Confederate turn 15 (0117): 5+3+10+8+5+6+1+1+1+1+1 = 42, 11 units.
//   Confederate turn 18 (0728|0328|0126): 5+6+7 = 18, 3 units.
//   Confederate in all 244 (43 units).
TEST(RtrOob, CountsAndStrengthPerSideAndTurnMatchTheCharts) {
  const std::map<std::pair<Side, int>, Tally> expected = {
      {{Side::Union, 0}, {19, 94}},       {{Side::Union, 1}, {1, 8}},
      {{Side::Union, 2}, {4, 22}},        {{Side::Union, 3}, {2, 10}},
      {{Side::Union, 4}, {3, 17}},        {{Side::Union, 5}, {2, 10}},
      {{Side::Union, 11}, {1, 1}},        {{Side::Union, 13}, {12, 81}},
      {{Side::Union, 14}, {2, 11}},       {{Side::Confederate, 1}, {18, 107}},
      {{Side::Confederate, 2}, {11, 77}}, {{Side::Confederate, 15}, {11, 42}},
      {{Side::Confederate, 18}, {3, 18}},
  };
  EXPECT_EQ(by_turn(), expected);
  EXPECT_EQ(side_total(Side::Union), (Tally{46, 254}));
  EXPECT_EQ(side_total(Side::Confederate), (Tally{43, 244}));
  EXPECT_EQ(rtr().units.size(), 89u);
}

TEST(RtrOob, TurnThirteenPerEntryHex) {
  std::map<std::string, Tally> m;
  for (const auto& u : rtr().units)
    if (u.def.side == Side::Union && u.turn == 13) {
      ASSERT_EQ(u.entry_hexes.size(), 1u) << u.def.id;
      Tally& t = m[u.entry_hexes[0]];
      ++t.units;
      t.strength += u.def.strength;
    }
  const std::map<std::string, Tally> expected = {
      {"0412", {4, 27}}, {"0416", {1, 1}}, {"0418", {4, 26}}, {"0419", {3, 27}}};
  EXPECT_EQ(m, expected);
  EXPECT_EQ(unit("1/1/II").entry_hexes, std::vector<std::string>{"0417"});
  EXPECT_EQ(unit("3R").entry_hexes, std::vector<std::string>{"0417"});
}

TEST(RtrOob, UnitTypes) {
  std::map<std::pair<Side, UnitType>, int> n;
  for (const auto& u : rtr().units) ++n[{u.def.side, u.def.type}];
  // Union artillery: V 1R 2R S 5R (set-up), VI IV II 4R III 3R; cavalry 1/CR 2/CR.
  EXPECT_EQ((n[{Side::Union, UnitType::Artillery}]), 11);
  EXPECT_EQ((n[{Side::Union, UnitType::Cavalry}]), 2);
  EXPECT_EQ((n[{Side::Union, UnitType::Special}]), 1);  // the Train
  EXPECT_EQ((n[{Side::Union, UnitType::Infantry}]), 32);
  // Confederate artillery: Jones, Cutts, Brown, Richardson, Nelson, S.D. Lee.
  EXPECT_EQ((n[{Side::Confederate, UnitType::Artillery}]), 6);
  EXPECT_EQ((n[{Side::Confederate, UnitType::Cavalry}]), 1);
  EXPECT_EQ((n[{Side::Confederate, UnitType::Special}]), 0);
  EXPECT_EQ((n[{Side::Confederate, UnitType::Infantry}]), 36);
  for (const char* id : {"Cutts", "Brown", "Richardson", "Nelson", "SD_Lee"}) {
    EXPECT_EQ(unit(id).def.type, UnitType::Artillery) << id;
    EXPECT_EQ(unit(id).def.strength, 1) << id;
    EXPECT_EQ(unit(id).turn, 15) << id;
  }
}

TEST(RtrOob, FourUnitsSetUpIn1007) {
  std::set<std::string> at1007;
  for (const auto& u : rtr().units)
    if (u.setup && u.hex == "1007") at1007.insert(u.def.id);
  EXPECT_EQ(at1007, (std::set<std::string>{"3/2/V", "2/1/V", "1/3/V", "3/3/V"}));
  // Every other set-up hex holds at most two units.
  std::map<std::string, int> n;
  for (const auto& u : rtr().units)
    if (u.setup) ++n[u.hex];
  for (const auto& [h, k] : n)
    if (h != "1007") {
      EXPECT_LE(k, 2) << h;
    }
}

TEST(RtrOob, SetupUnitsAreUnionAndReinforcementsHaveNoSetupHex) {
  for (const auto& u : rtr().units) {
    if (u.setup) {
      EXPECT_EQ(u.def.side, Side::Union) << u.def.id;
      EXPECT_EQ(u.turn, 0) << u.def.id;
      EXPECT_TRUE(u.entry_hexes.empty()) << u.def.id;
    } else {
      EXPECT_TRUE(u.hex.empty()) << u.def.id;
      EXPECT_GE(u.turn, 1) << u.def.id;
      EXPECT_LE(u.turn, 20) << u.def.id;
      EXPECT_FALSE(u.entry_hexes.empty()) << u.def.id;
    }
  }
}

TEST(RtrOob, OneOneSixIsAssumedSeven) {
  const OobEntry& u = unit("1/1/VI");
  EXPECT_EQ(u.def.strength, 7);
  EXPECT_EQ(u.def.defense, 7);
  EXPECT_EQ(u.def.type, UnitType::Infantry);
  EXPECT_TRUE(u.def.assumed);
  EXPECT_NE(u.assumption.find("sister brigades"), std::string::npos) << u.assumption;
  EXPECT_EQ(u.turn, 2);
  EXPECT_EQ(u.entry_hexes, std::vector<std::string>{"0410"});
  EXPECT_EQ(unit("2/1/VI").def.strength, 7);
  EXPECT_EQ(unit("3/1/VI").def.strength, 7);
  // It is the only assumption in the file.
  for (const auto& e : rtr().units)
    if (e.def.id != "1/1/VI") {
      EXPECT_FALSE(e.def.assumed) << e.def.id;
    }
}

TEST(RtrOob, TheTrain) {
  const OobEntry& t = unit("Train");
  EXPECT_EQ(t.def.side, Side::Union);
  EXPECT_EQ(t.def.type, UnitType::Special);
  EXPECT_EQ(t.def.kind, "train");  // how the exclusive rules find it
  EXPECT_FALSE(t.setup);
  EXPECT_EQ(t.turn, 11);
  EXPECT_EQ(t.entry_hexes, std::vector<std::string>{"2426"});
  EXPECT_EQ(t.def.strength, 1);        // (1)
  EXPECT_EQ(t.def.defense, 1);         // 20.12 / 21.12
  EXPECT_FALSE(t.def.exerts_zoc);      // 20.25 / 21.17
  EXPECT_FALSE(t.def.can_attack);      // 20.11 / 21.11
  EXPECT_TRUE(t.def.road_only);        // 20.23 / 21.15
  EXPECT_TRUE(t.def.sole_occupant);    // 20.21 / 21.13
  EXPECT_TRUE(t.def.no_pass_through);  // 20.22 / 21.14
  EXPECT_EQ(t.def.movement, 6);        // 20.23 / 21.15
  EXPECT_FALSE(t.def.assumed);
}

TEST(RtrOob, TheSiegeTrain) {
  const OobEntry& s = unit("S");
  EXPECT_EQ(s.def.side, Side::Union);
  EXPECT_EQ(s.def.type, UnitType::Artillery);
  EXPECT_TRUE(s.setup);
  EXPECT_EQ(s.hex, "0410");
  EXPECT_EQ(s.def.strength, 8);  // 22.2 / 21.2: attacks and bombards at 8
  EXPECT_EQ(s.def.range, 5);     // 22.21 / 21.21
  EXPECT_EQ(s.def.defense, 1);   // 22.22 / 21.23
  EXPECT_TRUE(s.def.road_only);  // 22.23 / 21.23
  EXPECT_EQ(s.def.movement, 6);
  EXPECT_TRUE(s.def.exerts_zoc);
  EXPECT_TRUE(s.def.can_attack);
  EXPECT_FALSE(s.def.sole_occupant);
  EXPECT_FALSE(s.def.no_pass_through);
  EXPECT_TRUE(s.def.kind.empty());
}

TEST(RtrOob, OrdinaryUnitsHaveTheStandardFactors) {
  for (const auto& u : rtr().units) {
    if (u.def.id == "S" || u.def.id == "Train") continue;
    const auto& d = u.def;
    EXPECT_EQ(d.defense, d.strength) << d.id;
    EXPECT_EQ(d.range, 3) << d.id;
    EXPECT_EQ(d.movement, 6) << d.id;
    EXPECT_TRUE(d.exerts_zoc) << d.id;
    EXPECT_TRUE(d.can_attack) << d.id;
    EXPECT_FALSE(d.road_only) << d.id;
    EXPECT_FALSE(d.sole_occupant) << d.id;
    EXPECT_FALSE(d.no_pass_through) << d.id;
    EXPECT_TRUE(d.kind.empty()) << d.id;
  }
}

TEST(RtrOob, StuartAndTheTurnTwoAlternatives) {
  const OobEntry& s = unit("Stuart");
  EXPECT_EQ(s.def.side, Side::Confederate);
  EXPECT_EQ(s.def.type, UnitType::Cavalry);
  EXPECT_EQ(s.def.strength, 10);
  EXPECT_EQ(s.turn, 2);
  const std::vector<std::string> t2 = {"1301", "1901"};
  const std::vector<std::string> t18 = {"0728", "0328", "0126"};
  for (const auto& u : rtr().units) {
    if (u.def.side != Side::Confederate) {
      EXPECT_EQ(u.entry_hexes.size() > 1, false) << u.def.id;
      continue;
    }
    switch (u.turn) {
      case 1:
        EXPECT_EQ(u.entry_hexes, std::vector<std::string>{"0103"}) << u.def.id;
        break;
      case 2:
        EXPECT_EQ(u.entry_hexes, t2) << u.def.id;
        break;
      case 15:
        EXPECT_EQ(u.entry_hexes, std::vector<std::string>{"0117"}) << u.def.id;
        break;
      case 18:
        EXPECT_EQ(u.entry_hexes, t18) << u.def.id;
        break;
      default:
        ADD_FAILURE() << u.def.id << " arrives on turn " << u.turn;
    }
  }
  for (const char* id : {"Mahone", "Wright", "Armistead"}) EXPECT_EQ(unit(id).turn, 18) << id;
  EXPECT_EQ(unit("Mahone").def.strength, 5);
  EXPECT_EQ(unit("Wright").def.strength, 6);
  EXPECT_EQ(unit("Armistead").def.strength, 7);
}

TEST(RtrOob, IdsAreProtocolSafeAndNamesAreFull) {
  std::set<std::string> ids;
  for (const auto& u : rtr().units) {
    EXPECT_TRUE(ids.insert(u.def.id).second) << "duplicate " << u.def.id;
    for (char c : u.def.id)
      EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' ||
                  c == '\'' || c == '-')
          << u.def.id;
    EXPECT_FALSE(u.name.empty()) << u.def.id;
  }
  EXPECT_EQ(unit("GB_Anderson").name, "G.B. Anderson");
  EXPECT_EQ(unit("RH_Anderson").name, "R.H. Anderson");
  EXPECT_EQ(unit("JR_Anderson").name, "J.R. Anderson");
  EXPECT_EQ(unit("GT_Anderson").name, "G.T. Anderson");
  EXPECT_EQ(unit("SD_Lee").name, "S.D. Lee");
  EXPECT_EQ(unit("Featherston").name, "Featherston");
  EXPECT_EQ(unit("1/2/V").name, "1/2/V");
  EXPECT_EQ(rtr().roster().size(), rtr().units.size());
}

TEST(RtrOob, EveryHexIsOnTheMapAndDeclaredThere) {
  auto m = bg::content::load_map(kDir + "map.txt");
  ASSERT_TRUE(m.ok()) << m.error().message;
  const core::Map& map = **m;
  // The map's own 'setup' and 'entry' lines, per side.
  std::set<std::pair<std::string, std::string>> declared;  // (kind+side, hex)
  for (const auto& n : map.named())
    if (n.kind == "setup" || n.kind == "entry")
      declared.insert({n.kind + " " + n.name, core::format_hex(map.coord(n.hex))});
  auto check = [&](const OobEntry& u, const std::string& h, const std::string& kind) {
    const auto c = core::parse_hex(h);
    ASSERT_TRUE(c.has_value()) << u.def.id << " " << h;
    ASSERT_TRUE(map.contains(*c)) << u.def.id << " " << h << " is off the map";
    const auto t = map.terrain(map.id(*c));
    EXPECT_NE(t, core::Terrain::River) << u.def.id << " " << h;
    EXPECT_NE(t, core::Terrain::Ferry) << u.def.id << " " << h;
    const std::string key = kind + " " + std::string(core::side_name(u.def.side));
    EXPECT_TRUE(declared.count({key, h}))
        << u.def.id << ": " << h << " is no '" << key << "' hex of the map";
  };
  for (const auto& u : rtr().units) {
    if (u.setup) check(u, u.hex, "setup");
    for (const auto& h : u.entry_hexes) check(u, h, "entry");
  }
}

// --- The parser ------------------------------------------------------------

TEST(OobFile, ParsesEveryStatement) {
  auto r = parse(
      "# a comment\n"
      "\n"
      "setup union 0101 2c 1/CR   # trailing comment\n"
      "setup union 0102 8a S \"Siege Train\"\n"
      "ability S range=5 defense=1 road-only\n"
      "reinforce union 3 0201|0301 (1) Train\n"
      "ability Train kind=train no-zoc sole-occupant no-pass-through road-only\n"
      "reinforce confederate 20 0103 ? GB_Anderson \"G.B. Anderson\"\n"
      "assumed GB_Anderson strength 7 \"not printed\"\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->units.size(), 4u);
  const OobEntry& cr = r->units[0];
  EXPECT_TRUE(cr.setup);
  EXPECT_EQ(cr.hex, "0101");
  EXPECT_EQ(cr.def.type, UnitType::Cavalry);
  EXPECT_EQ(cr.def.strength, 2);
  EXPECT_EQ(cr.name, "1/CR");
  EXPECT_EQ(cr.line, 3);
  EXPECT_EQ(r->units[1].name, "Siege Train");
  EXPECT_EQ(r->units[1].def.range, 5);
  EXPECT_EQ(r->units[1].def.defense, 1);
  EXPECT_TRUE(r->units[1].def.road_only);
  EXPECT_TRUE(r->units[1].def.can_attack);
  const OobEntry& t = r->units[2];
  EXPECT_EQ(t.turn, 3);
  EXPECT_EQ(t.entry_hexes, (std::vector<std::string>{"0201", "0301"}));
  EXPECT_EQ(t.def.type, UnitType::Special);
  EXPECT_EQ(t.def.kind, "train");
  EXPECT_FALSE(t.def.can_attack);  // (1): a defence strength only
  EXPECT_EQ(t.def.defense, 1);
  EXPECT_FALSE(t.def.exerts_zoc);
  EXPECT_TRUE(t.def.sole_occupant);
  EXPECT_TRUE(t.def.no_pass_through);
  EXPECT_TRUE(t.def.road_only);
  const OobEntry& a = r->units[3];
  EXPECT_EQ(a.def.side, Side::Confederate);
  EXPECT_EQ(a.turn, 20);
  EXPECT_EQ(a.def.strength, 7);
  EXPECT_TRUE(a.def.assumed);
  EXPECT_EQ(a.name, "G.B. Anderson");
}

TEST(OobFile, RefusesUnknownKeyword) {
  EXPECT_EQ(parse_error("\n\nbrigade union 0101 5 X\n"), "oob.txt:3: unknown keyword 'brigade'");
}

TEST(OobFile, RefusesBadHex) {
  EXPECT_EQ(parse_error("setup union 01x1 5 X\n"),
            "oob.txt:1: bad hex '01x1' (expected four digits XXYY)");
  // 0000 is a hex number (maps numbered from 00 have it): whether it is on
  // the map is checked when the chart is bound to one (RtrData).
  EXPECT_TRUE(parse("setup union 0101 5 A\nsetup union 0000 5 X\n").ok());
  EXPECT_EQ(parse_error("# c\nreinforce union 2 1301|19 5 X\n"),
            "oob.txt:2: bad hex '19' (expected four digits XXYY)");
  EXPECT_EQ(parse_error("reinforce union 2 1301| 5 X\n"),
            "oob.txt:1: bad hex '' (expected four digits XXYY)");
  EXPECT_EQ(parse_error("reinforce union 2 1301|1301 5 X\n"),
            "oob.txt:1: entry hex 1301 is listed twice");
}

TEST(OobFile, RefusesBadStrengthCode) {
  for (const char* code : {"x", "5d", "0", "05", "c", "a", "()", "(?)", "100", "-3", "5ca"}) {
    const std::string msg = parse_error(std::string("\nsetup union 0101 ") + code + " X\n");
    EXPECT_EQ(msg.rfind(std::string("oob.txt:2: bad strength code '") + code + "'", 0), 0u) << msg;
  }
  // (N) is any side's special unit: a defence strength only, never attacking.
  auto w = parse("reinforce confederate 1 0103 (2) Wagons\n");
  ASSERT_TRUE(w.ok()) << w.error().message;
  EXPECT_EQ(w->units[0].def.type, UnitType::Special);
  EXPECT_FALSE(w->units[0].def.can_attack);
  EXPECT_EQ(w->units[0].def.defense, 2);
}

TEST(OobFile, RefusesUnknownSide) {
  EXPECT_EQ(parse_error("setup rebel 0101 5 X\n"),
            "oob.txt:1: unknown side 'rebel' (expected union or confederate)");
}

TEST(OobFile, RefusesDuplicateId) {
  EXPECT_EQ(parse_error("setup union 0101 5 X\n\nreinforce union 4 0102 6 X\n"),
            "oob.txt:3: duplicate id 'X' (first on line 1)");
}

TEST(OobFile, RefusesBadId) {
  EXPECT_EQ(parse_error("setup union 0101 5 G|B\n"),
            "oob.txt:1: bad id 'G|B' (letters, digits and / . _ ' - only, no spaces)");
  EXPECT_EQ(parse_error("setup union 0101 5 \"G B\"\n"),
            "oob.txt:1: 'setup' field 4 must not be quoted");
  EXPECT_EQ(parse_error("setup union 0101 5 GB Anderson\n"),
            "oob.txt:1: the name after id 'GB' must be quoted text");
}

TEST(OobFile, RefusesTurnOutsideTheGame) {
  EXPECT_EQ(parse_error("reinforce union 0 0101 5 X\n"),
            "oob.txt:1: game-turn 0 is outside 1 to 63");
  // The format holds any title's calendar (at most 63 Game-Turns, RulesConfig).
  EXPECT_EQ(parse_error("reinforce union 1 0101 5 A\nreinforce union 64 0101 5 X\n"),
            "oob.txt:2: game-turn 64 is outside 1 to 63");
  EXPECT_EQ(parse_error("reinforce union two 0101 5 X\n"),
            "oob.txt:1: bad game-turn 'two' (expected a number)");
}

TEST(OobFile, RefusesWrongNumberOfFields) {
  EXPECT_EQ(parse_error("setup union 0101 5\n").rfind("oob.txt:1: 'setup' needs", 0), 0u);
  EXPECT_EQ(parse_error("setup union 0101 5 X \"x\" extra\n").rfind("oob.txt:1: 'setup' needs", 0),
            0u);
  EXPECT_EQ(parse_error("\nreinforce union 0101 5 X\n").rfind("oob.txt:2: 'reinforce' needs", 0),
            0u);
  EXPECT_EQ(parse_error("setup union 0101 1a A\nability A\n"),
            "oob.txt:2: 'ability' needs a unit id and at least one ability");
  EXPECT_EQ(parse_error("setup union 0101 ? A\nassumed A strength 7\n"),
            "oob.txt:2: 'assumed' needs a unit id, a field, a value and a quoted reason");
  EXPECT_EQ(parse_error("\"setup\" union 0101 5 X\n"),
            "oob.txt:1: a line must start with a keyword, not quoted text");
  EXPECT_EQ(parse_error("setup union 0101 5 X \"name\n"), "oob.txt:1: unterminated quoted text");
}

TEST(OobFile, RefusesAbilityOrAssumedOfUnknownUnit) {
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability T road-only\n"),
            "oob.txt:2: 'ability' names unknown unit 'T'");
  // A unit must be declared before its 'ability' line.
  EXPECT_EQ(parse_error("ability S road-only\nsetup union 0101 8a S\n"),
            "oob.txt:1: 'ability' names unknown unit 'S'");
  EXPECT_EQ(parse_error("setup union 0101 ? A\nassumed B strength 7 \"why\"\n"),
            "oob.txt:2: 'assumed' names unknown unit 'B'");
}

TEST(OobFile, RefusesMisusedAbility) {
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S mortar\n"),
            "oob.txt:2: unknown ability 'mortar' (expected no-attack, no-zoc, road-only, "
            "sole-occupant, no-pass-through, stacks-freely, defense=N, range=N or kind=NAME)");
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S road-only=1\n")
                .rfind("oob.txt:2: unknown ability 'road-only=1'", 0),
            0u);
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S range\n")
                .rfind("oob.txt:2: unknown ability 'range'", 0),
            0u);
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S range=x\n"),
            "oob.txt:2: bad value in 'range=x' (expected 0 to 99)");
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S defense=100\n"),
            "oob.txt:2: bad value in 'defense=100' (expected 0 to 99)");
  EXPECT_EQ(parse_error("setup union 0101 (1) T\nability T kind=Wagon\n"),
            "oob.txt:2: bad kind 'Wagon' (lower-case letters, digits and - only)");
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S road-only road-only\n"),
            "oob.txt:2: ability 'road-only' is given twice for 'S'");
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S road-only\nability S range=5\n"),
            "oob.txt:3: unit 'S' already has an 'ability' line (line 2)");
  EXPECT_EQ(parse_error("setup union 0101 8a S\nability S \"road-only\"\n"),
            "oob.txt:2: 'ability' fields must not be quoted");
}

TEST(OobFile, AbilitiesAreDataOnAnyUnit) {
  auto r = parse(
      "setup union 0101 5 A\n"
      "ability A no-attack no-zoc\n"
      "setup union 0102 (3) B\n"
      "setup union 0103 4c C\n"
      "ability C sole-occupant kind=scouts\n"
      "setup union 0104 (1) H\n"
      "ability H stacks-freely kind=hq\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const auto& a = r->units[0].def;
  EXPECT_EQ(a.type, UnitType::Infantry);
  EXPECT_FALSE(a.can_attack);
  EXPECT_FALSE(a.exerts_zoc);
  EXPECT_EQ(a.defense, 5);
  const auto& b = r->units[1].def;  // no 'ability' line: a defence-only unit, nothing more
  EXPECT_EQ(b.type, UnitType::Special);
  EXPECT_FALSE(b.can_attack);
  EXPECT_TRUE(b.exerts_zoc);
  EXPECT_FALSE(b.sole_occupant);
  EXPECT_TRUE(b.kind.empty());
  EXPECT_EQ(core::display_kind(b), "special");
  const auto& c = r->units[2].def;
  EXPECT_TRUE(c.sole_occupant);
  EXPECT_FALSE(c.no_pass_through);
  EXPECT_EQ(core::display_kind(c), "scouts");
  EXPECT_FALSE(c.free_stacking);
  EXPECT_TRUE(r->units[3].def.free_stacking);  // R-FR-HQ-UNITS: a headquarters
}

// R-FR-HQ-UNITS: the code "hq" is a leader's headquarters counter, the same
// as the command modules' make_hq_def; a reinforcing HQ keeps its arrival.
TEST(OobFile, HqCodeIsAHeadquartersCounter) {
  auto r = parse(
      "setup union 0101 hq Burnside\n"
      "reinforce confederate 3 0102 hq Stuart\n"
      "assumed Stuart movement 10 \"a test\"\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const auto& b = r->units[0].def;
  EXPECT_EQ(b.type, UnitType::Special);
  EXPECT_EQ(b.kind, "hq");
  EXPECT_EQ(b.strength, 0);
  EXPECT_EQ(b.defense, 0);
  EXPECT_EQ(b.movement, 8);
  EXPECT_FALSE(b.can_attack);
  EXPECT_FALSE(b.exerts_zoc);
  EXPECT_TRUE(b.free_stacking);
  EXPECT_FALSE(b.assumed);
  EXPECT_EQ(r->units[1].turn, 3);
  EXPECT_EQ(r->units[1].def.side, Side::Confederate);
  EXPECT_EQ(r->units[1].def.movement, 10);
  EXPECT_TRUE(r->units[1].def.assumed);
}

TEST(OobFile, RefusesMisusedAssumption) {
  EXPECT_EQ(parse_error("setup union 0101 ? A\n"),
            "oob.txt:1: the strength of 'A' is not given ('?') and no 'assumed' line supplies it");
  EXPECT_EQ(parse_error("setup union 0101 5 A\nassumed A strength 7 \"why\"\n"),
            "oob.txt:2: the strength of 'A' is printed (5); 'assumed strength' only supplies a "
            "strength written '?'");
  EXPECT_EQ(parse_error("setup union 0101 ? A\nassumed A morale 7 \"why\"\n"),
            "oob.txt:2: unknown field 'morale' (expected strength, defense, range or movement)");
  EXPECT_EQ(parse_error("setup union 0101 ? A\nassumed A strength x \"why\"\n"),
            "oob.txt:2: bad value 'x' (expected 0 to 99)");
  EXPECT_EQ(parse_error("setup union 0101 ? A\nassumed A strength 7 \"a\"\n"
                        "assumed A strength 6 \"b\"\n"),
            "oob.txt:3: 'strength' of 'A' is already assumed");
}

TEST(OobFile, AssumedFactorsOverrideTheDefaults) {
  auto r = parse(
      "setup union 0101 2a A\nassumed A range 4 \"guess\"\n"
      "assumed A defense 3 \"guess\"\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->units[0].def.range, 4);
  EXPECT_EQ(r->units[0].def.defense, 3);
  EXPECT_EQ(r->units[0].def.strength, 2);
  EXPECT_TRUE(r->units[0].def.assumed);
  EXPECT_EQ(r->units[0].assumption, "range 4: guess; defense 3: guess");
}

TEST(OobFile, LoadReportsAMissingFile) {
  auto r = bg::content::load_oob(kDir + "no-such-oob.txt");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("cannot open"), std::string::npos);
}
