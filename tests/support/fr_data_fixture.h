// Test fixture for the Four Roads to Richmond scenario data (docs/four-roads.md,
// "Scenario data"): loads a scenario's three files
// (data/four-roads/<scenario>/{oob.txt,chain.txt,setup.txt}) and the shared map,
// with a small reader for setup.txt (fort HEX / pontoon HEX SIDE) until the
// title's own parser exists, and the checks every scenario shares (stacking,
// chain against the order of battle, setup.txt hexes against the map). The
// scenario facts themselves are in the tests (tests/titles/fr_oob_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "content/map_file.h"
#include "content/oob_file.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/result.h"
#include "core/terrain.h"
#include "core/unit.h"
#include "modules/command/chain.h"

namespace bg::test::fr {

inline const std::string kFrDir = std::string(BLUEGRAY_SOURCE_DIR) + "/data/four-roads/";

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path;
    return {};
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline const core::Map& fr_map() {
  static const std::shared_ptr<core::Map> map = [] {
    auto r = content::load_map(kFrDir + "map.txt");
    if (!r) ADD_FAILURE() << r.error().message;
    return r ? *r : std::make_shared<core::Map>(1, 1);
  }();
  return *map;
}

// The hex printed `label` (AM number XXYY), if it is on the map.
inline std::optional<core::HexId> fr_hex(std::string_view label) {
  return fr_map().parse_label(label);
}

inline bool fr_is_river(std::string_view label) {
  const auto h = fr_hex(label);
  return h && fr_map().terrain(*h) == core::Terrain::River;
}

inline bool fr_adjacent(std::string_view a, std::string_view b) {
  const auto x = fr_hex(a), y = fr_hex(b);
  return x && y && fr_map().direction(*x, *y).has_value();
}

// --- setup.txt: what else is on the map at set-up (spec section 3) ----------
struct SetupItem {
  enum class Kind { Fort, Pontoon };
  Kind kind = Kind::Fort;
  std::string hex;
  core::Side side = core::Side::Union;  // pontoons only
  int line = 0;
};

// Reads setup.txt's two line kinds ('#' starts a comment); the error names the
// line. Hexes are checked for form here and against the map by the caller.
inline core::Result<std::vector<SetupItem>> parse_setup(std::string_view text) {
  std::vector<SetupItem> out;
  int line_no = 0;
  for (size_t pos = 0; pos <= text.size();) {
    const size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    std::istringstream words{std::string(line)};
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    auto fail = [&](const std::string& why) {
      return core::Error{"", "setup.txt:" + std::to_string(line_no) + ": " + why};
    };
    SetupItem item;
    item.line = line_no;
    if (w[0] == "fort" && w.size() == 2) {
      item.kind = SetupItem::Kind::Fort;
    } else if (w[0] == "pontoon" && w.size() == 3) {
      item.kind = SetupItem::Kind::Pontoon;
      const auto side = core::parse_side(w[2]);
      if (!side) return fail("unknown side '" + w[2] + "' (expected union or confederate)");
      item.side = *side;
    } else {
      return fail("expected 'fort HEX' or 'pontoon HEX SIDE'");
    }
    if (!core::parse_hex(w[1])) return fail("bad hex '" + w[1] + "' (expected XXYY)");
    item.hex = w[1];
    for (const SetupItem& prev : out)
      if (prev.kind == item.kind && prev.hex == item.hex)
        return fail(w[0] + " " + w[1] + " is listed twice (line " + std::to_string(prev.line) +
                    ")");
    out.push_back(std::move(item));
  }
  return out;
}

// --- a scenario's three files ------------------------------------------------
struct Scenario {
  std::string name;
  content::Oob oob;
  modules::CommandChain chain;
  std::vector<SetupItem> setup;
  bool ok = false;  // all three files loaded
};

// Loaded once per scenario folder name ("fredericksburg", ...); a failure to load
// is a test failure with the parsers' message.
inline const Scenario& scenario(const std::string& name) {
  static std::map<std::string, Scenario> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  Scenario s;
  s.name = name;
  const std::string dir = kFrDir + name + "/";
  auto oob = content::load_oob(dir + "oob.txt");
  auto chain = modules::parse_command_chain(read_text(dir + "chain.txt"));
  auto setup = parse_setup(read_text(dir + "setup.txt"));
  if (!oob) ADD_FAILURE() << oob.error().message;
  if (!chain) ADD_FAILURE() << name << "/chain.txt: " << chain.error().message;
  if (!setup) ADD_FAILURE() << name << "/" << setup.error().message;
  if (oob) s.oob = std::move(*oob);
  if (chain) s.chain = std::move(*chain);
  if (setup) s.setup = std::move(*setup);
  s.ok = oob.ok() && chain.ok() && setup.ok();
  return cache.emplace(name, std::move(s)).first->second;
}

inline bool is_hq(const content::OobEntry& e) {
  return e.def.type == core::UnitType::Special && e.def.kind == "hq";
}
// A unit with combat strength: not a headquarters, pontoon or boat.
inline bool is_combat(const content::OobEntry& e) {
  return e.def.type != core::UnitType::Special;
}

// Ids of the set-up units in `hex`, in file order.
inline std::vector<std::string> ids_at(const Scenario& s, std::string_view hex) {
  std::vector<std::string> out;
  for (const auto& u : s.oob.units)
    if (u.setup && u.hex == hex) out.push_back(u.def.id);
  return out;
}

struct Tally {
  int units = 0;     // combat units
  int strength = 0;  // their strength points (the article's combat factors)
  friend bool operator==(const Tally&, const Tally&) = default;
};
inline void PrintTo(const Tally& t, std::ostream* os) {
  *os << t.units << " combat units, " << t.strength << " SP";
}

// Combat units and SP of a side, set-up and reinforcements together.
inline Tally side_total(const Scenario& s, core::Side side) {
  Tally t;
  for (const auto& u : s.oob.units)
    if (u.def.side == side && is_combat(u)) {
      ++t.units;
      t.strength += u.def.strength;
    }
  return t;
}

// --- the checks every scenario shares ----------------------------------------

// 5.32: at most two units a hex count against stacking at set-up (HQs, boats and
// pontoons stack free, R-FR-STACKING); every set-up hex is a land hex of the map.
inline void expect_stacking_and_land(const Scenario& s) {
  std::map<std::string, int> counting;
  for (const auto& u : s.oob.units) {
    if (!u.setup) continue;
    EXPECT_TRUE(fr_hex(u.hex).has_value()) << s.name << ": " << u.def.id << " at " << u.hex;
    EXPECT_FALSE(fr_is_river(u.hex)) << s.name << ": " << u.def.id << " at " << u.hex;
    if (!u.def.free_stacking) ++counting[u.hex];
  }
  for (const auto& [hex, n] : counting) EXPECT_LE(n, 2) << s.name << ": " << hex;
  for (const auto& u : s.oob.units)
    for (const std::string& h : u.entry_hexes) {
      const auto id = fr_hex(h);
      ASSERT_TRUE(id.has_value()) << s.name << ": " << u.def.id << " enters at " << h;
      EXPECT_TRUE(fr_map().on_edge(*id)) << s.name << ": " << u.def.id << " enters at " << h;
    }
}

// The chain names only units of the order of battle; an HQ's parent, and a unit's
// HQ, is of its own side; HQ lines are exactly the OOB's hq units; every combat
// unit (and every boat or pontoon) has a unit line.
inline void expect_chain_matches_oob(const Scenario& s) {
  EXPECT_TRUE(s.chain.validate().ok());
  auto side_of = [&](const std::string& id) -> std::optional<core::Side> {
    const auto* e = s.oob.find(id);
    if (!e) return std::nullopt;
    return e->def.side;
  };
  for (const auto& h : s.chain.hqs) {
    const auto* e = s.oob.find(h.unit);
    ASSERT_NE(e, nullptr) << s.name << ": chain hq " << h.unit << " is not in the OOB";
    EXPECT_TRUE(is_hq(*e)) << s.name << ": " << h.unit << " is not an hq unit";
    if (!h.parent.empty()) {
      EXPECT_EQ(side_of(h.parent), e->def.side) << s.name << ": " << h.unit;
    }
  }
  for (const auto& c : s.chain.units) {
    const auto* e = s.oob.find(c.unit);
    ASSERT_NE(e, nullptr) << s.name << ": chain unit " << c.unit << " is not in the OOB";
    EXPECT_FALSE(is_hq(*e)) << s.name << ": " << c.unit;
    EXPECT_EQ(side_of(c.hq), e->def.side) << s.name << ": " << c.unit << " hq=" << c.hq;
  }
  for (const auto& u : s.oob.units) {
    if (is_hq(u)) {
      EXPECT_GE(s.chain.find(u.def.id), 0) << s.name << ": hq " << u.def.id << " not in chain";
      continue;
    }
    bool listed = false;
    for (const auto& c : s.chain.units) listed = listed || c.unit == u.def.id;
    EXPECT_TRUE(listed) << s.name << ": " << u.def.id << " has no unit line";
  }
}

// setup.txt: forts on land hexes of the map, pontoons on river hexes.
inline void expect_setup_on_map(const Scenario& s) {
  for (const SetupItem& i : s.setup) {
    ASSERT_TRUE(fr_hex(i.hex).has_value()) << s.name << ": " << i.hex;
    if (i.kind == SetupItem::Kind::Fort) {
      EXPECT_FALSE(fr_is_river(i.hex)) << s.name << ": fort " << i.hex;
    } else {
      EXPECT_TRUE(fr_is_river(i.hex)) << s.name << ": pontoon " << i.hex;
    }
  }
}

// The setup.txt hexes of one kind (and, for pontoons, one side), in file order.
inline std::vector<std::string> setup_hexes(const Scenario& s, SetupItem::Kind kind) {
  std::vector<std::string> out;
  for (const SetupItem& i : s.setup)
    if (i.kind == kind) out.push_back(i.hex);
  return out;
}

}  // namespace bg::test::fr
