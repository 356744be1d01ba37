// Test fixture: a sandbox game built with hex strings, so tests read like the
// rule examples ("a unit in 0405 attacks 0506").
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "expect_refused.h"

namespace bg::test {

using namespace bg::core;

inline RulesConfig rules_1977() {
  return RulesConfig{};
}
inline RulesConfig rules_dg() {
  RulesConfig r;
  r.edition = Edition::Dg2016;
  return r;
}

class Sandbox {
 public:
  explicit Sandbox(RulesConfig rules = rules_1977(), int cols = 12, int rows = 12)
      : game_(Game::sandbox(cols, rows, rules)) {}
  Sandbox(RulesConfig rules, std::shared_ptr<const ScenarioRules> scenario, int cols = 12,
          int rows = 12)
      : game_(Game::sandbox(cols, rows, rules, std::move(scenario))) {}

  Game& game() { return game_; }
  const GameState& state() const { return game_.state(); }

  HexId hex(const std::string& s) const {
    auto c = parse_hex(s);
    EXPECT_TRUE(c && game_.map().contains(*c)) << "bad hex " << s;
    return game_.map().id(*c);
  }
  std::string name(HexId h) const { return format_hex(game_.map().coord(h)); }

  void terrain(const std::string& h, Terrain t) {
    Action a;
    a.kind = ActionKind::SetTerrain;
    a.hex = hex(h);
    a.terrain = t;
    ASSERT_TRUE(game_.apply(a).ok());
  }
  void side(const std::string& a_hex, const std::string& b_hex, HexsideBits bits) {
    Action a;
    a.kind = ActionKind::AddHexside;
    a.hex = hex(a_hex);
    a.hex2 = hex(b_hex);
    a.bits = bits;
    auto r = game_.apply(a);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
  UnitIndex unit(const std::string& id, Side s, UnitType t, int strength, const std::string& h) {
    auto d = std::make_shared<UnitDef>();
    d->id = id;
    d->side = s;
    d->type = t;
    d->strength = strength;
    d->defense = strength;
    Action a;
    a.kind = ActionKind::PlaceUnit;
    a.hex = hex(h);
    a.def = d;
    auto r = game_.apply(a);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return *game_.find_unit(id);
  }
  UnitIndex inf(const std::string& id, Side s, int strength, const std::string& h) {
    return unit(id, s, UnitType::Infantry, strength, h);
  }
  // An off-map reinforcement arriving on `turn` by any of `entry` (15.0).
  UnitIndex reinforce(const std::string& id, Side s, UnitType t, int strength, int turn,
                      std::initializer_list<std::string> entry) {
    auto d = std::make_shared<UnitDef>();
    d->id = id;
    d->side = s;
    d->type = t;
    d->strength = strength;
    d->defense = strength;
    d->arrival_turn = turn;
    for (const auto& h : entry) d->entry_hexes.push_back(hex(h));
    Action a;
    a.kind = ActionKind::PlaceUnit;
    a.def = d;
    auto r = game_.apply(a);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return *game_.find_unit(id);
  }
  void exit_hex(const std::string& h) {
    Action a;
    a.kind = ActionKind::MarkExit;
    a.hex = hex(h);
    auto r = game_.apply(a);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
  // path[0] is the entry hex; exit_map leaves the map from the last hex (17.1).
  Result<Report> enter(const std::string& u, std::initializer_list<std::string> path,
                       bool exit_map = false) {
    Action a;
    a.kind = ActionKind::Enter;
    a.unit = id(u);
    a.exit_map = exit_map;
    for (const auto& h : path) a.path.push_back(hex(h));
    return game_.apply(a);
  }
  UnitIndex id(const std::string& name) const { return *game_.find_unit(name); }
  std::string where(const std::string& name) const {
    const UnitState& s = game_.position().units[id(name)];
    return s.on_map() ? this->name(s.hex) : std::string(unit_status_name(s.status));
  }

  void dice(std::initializer_list<int> values) {
    Action a;
    a.kind = ActionKind::Dice;
    for (int v : values) a.dice.push_back(static_cast<uint8_t>(v));
    ASSERT_TRUE(game_.apply(a).ok());
  }

  Result<Report> move(const std::string& u, std::initializer_list<std::string> path,
                      bool strategic = false) {
    Action a;
    a.kind = ActionKind::Move;
    a.unit = id(u);
    a.strategic = strategic;
    for (const auto& h : path) a.path.push_back(hex(h));
    return game_.apply(a);
  }
  // Reachable hexes as "XXYY" -> MP.
  std::map<std::string, int> reach(const std::string& u, bool strategic = false) {
    Reach r;
    game_.reach(id(u), strategic, r);
    std::map<std::string, int> out;
    for (HexId h : r.hexes()) out[name(h)] = r.cost(h);
    return out;
  }
  Result<Report> end() {
    Action a;
    a.kind = ActionKind::End;
    return game_.apply(a);
  }
  // Ends phases until `side` is phasing in `phase`.
  void advance_to(Side s, Phase p) {
    for (int i = 0; i < 8 && !(state().phasing == s && state().phase == p); ++i) {
      auto r = end();
      ASSERT_TRUE(r.ok()) << r.error().message;
    }
    ASSERT_EQ(state().phasing, s);
    ASSERT_EQ(state().phase, p);
  }
  Result<Report> attack(std::initializer_list<std::string> attackers,
                        std::initializer_list<std::string> hexes, int column = -1) {
    Action a;
    a.kind = ActionKind::Attack;
    for (const auto& u : attackers) a.units.push_back(id(u));
    for (const auto& h : hexes) a.hexes.push_back(hex(h));
    a.column = static_cast<int8_t>(column);
    return game_.apply(a);
  }
  Result<Report> retreat(const std::string& u, const std::string& h,
                         const std::string& displace = "") {
    Action a;
    a.kind = ActionKind::Retreat;
    a.unit = id(u);
    a.hex = h.empty() ? kNoHex : hex(h);
    a.displace = displace.empty() ? kNoUnit : id(displace);
    return game_.apply(a);
  }
  Result<Report> advance(const std::string& u, const std::string& h) {
    Action a;
    a.kind = ActionKind::Advance;
    a.unit = u.empty() ? kNoUnit : id(u);
    a.hex = h.empty() ? kNoHex : hex(h);
    return game_.apply(a);
  }
  Result<Report> lose(std::initializer_list<std::string> units) {
    Action a;
    a.kind = ActionKind::Lose;
    for (const auto& u : units) a.units.push_back(id(u));
    return game_.apply(a);
  }
  Result<Report> evade(const std::string& u, std::initializer_list<std::string> path) {
    Action a;
    a.kind = ActionKind::Evade;
    a.unit = id(u);
    for (const auto& h : path) a.path.push_back(hex(h));
    return game_.apply(a);
  }
  bool pending(PendingKind k, const std::string& u = "") const {
    for (const auto& p : state().pending)
      if (p.kind == k && (u.empty() || p.unit == id(u))) return true;
    return false;
  }

 private:
  Game game_;
};

}  // namespace bg::test
