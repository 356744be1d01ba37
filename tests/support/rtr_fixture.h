// Test fixture: a Road to Richmond game from the real data files, optionally
// with a hand-made position (units placed by hex, the rest kept off the map
// or removed), so exclusive-rule tests read like the rules' situations.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include "core/game.h"
#include "core/hex.h"
#include "expect_refused.h"
#include "titles/road_to_richmond/road_to_richmond.h"
#include "titles/road_to_richmond/rtr_setup.h"

namespace bg::test {

using namespace bg::core;
using titles::rtr::RoadToRichmond;
using titles::rtr::RtrOptions;
using titles::rtr::RtrSetup;

inline RtrSetup rtr_1977(bool tournament = false) {
  RtrSetup s;
  s.options.exclusive = titles::rtr::ExclusiveEdition::Spi1977;
  if (tournament) {
    s.options.advance_restrictions = s.options.siege_train = true;
    s.options.variable_reinforcements = s.options.additional_vp = true;
  }
  return s;
}

inline RtrSetup rtr_revised() {
  RtrSetup s;
  s.options.exclusive = titles::rtr::ExclusiveEdition::Revised;
  return s;
}

// A whole Road to Richmond game as set up (the real set-up, not a fixture
// position); a failed set-up fails the test with its message.
inline Game new_game(const RtrSetup& s) {
  auto g = titles::rtr::make_road_to_richmond(s);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return std::move(*g);
}

// Road to Richmond (1977 rules) as set up, with the game's seed.
inline Game rtr_game(uint64_t seed) {
  RtrSetup s = rtr_1977();
  s.seed = seed;
  return new_game(s);
}

class Rtr {
 public:
  explicit Rtr(RtrSetup setup = rtr_1977()) : setup_(setup), game_(new_game(setup)) {
    start_ = game_.position();
  }
  // An empty map (clear()) with only these units, each in its hex.
  Rtr(RtrSetup setup, std::initializer_list<std::pair<std::string, std::string>> units)
      : Rtr(setup) {
    clear();
    for (const auto& [id, hex] : units) place(id, hex);
  }

  Game& game() { return game_; }
  const GameState& state() const { return game_.state(); }
  const RoadToRichmond& rules() const {
    return *dynamic_cast<const RoadToRichmond*>(game_.scenario());
  }

  // Before any action: empties the map (set-up units are removed as if never
  // there, reinforcements stay off the map) so a test places only what it needs.
  void clear() {
    for (int u = 0; u < start_.count; ++u) {
      UnitState& s = start_.units[static_cast<size_t>(u)];
      if (s.on_map()) s = UnitState{kNoHex, UnitStatus::OffMap, 0, 0};
    }
    rebuild();
  }
  // Before any action: puts unit `id` in hex h (it counts as having entered).
  void place(const std::string& id, const std::string& h) {
    UnitState& s = start_.units[this->id(id)];
    s = UnitState{};
    s.hex = hex(h);
    s.status = UnitStatus::OnMap;
    s.set(kEverEntered);
    rebuild();
  }
  // Before any action: takes unit `id` out of the game (off the map for good:
  // a set-up unit has no arrival turn; no points scored).
  void remove(const std::string& id) {
    start_.units[this->id(id)] = UnitState{kNoHex, UnitStatus::OffMap, 0, 0};
    rebuild();
  }

  HexId hex(const std::string& s) const {
    auto c = parse_hex(s);
    EXPECT_TRUE(c && game_.map().contains(*c)) << "bad hex " << s;
    return game_.map().id(*c);
  }
  std::string name(HexId h) const { return format_hex(game_.map().coord(h)); }
  UnitIndex id(const std::string& name) const {
    auto u = game_.find_unit(name);
    EXPECT_TRUE(u.has_value()) << "no unit " << name;
    return u.value_or(0);
  }
  std::string where(const std::string& n) const {
    const UnitState& s = game_.position().units[id(n)];
    return s.on_map() ? name(s.hex) : std::string(unit_status_name(s.status));
  }

  Result<Report> move(const std::string& u, std::initializer_list<std::string> path,
                      bool exit_map = false) {
    Action a;
    a.kind = ActionKind::Move;
    a.unit = id(u);
    a.exit_map = exit_map;
    for (const auto& h : path) a.path.push_back(hex(h));
    return game_.apply(a);
  }
  Result<Report> enter(const std::string& u, std::initializer_list<std::string> path,
                       bool exit_map = false) {
    Action a;
    a.kind = ActionKind::Enter;
    a.unit = id(u);
    a.exit_map = exit_map;
    for (const auto& h : path) a.path.push_back(hex(h));
    return game_.apply(a);
  }
  Result<Report> attack(std::initializer_list<std::string> units,
                        std::initializer_list<std::string> hexes) {
    Action a;
    a.kind = ActionKind::Attack;
    for (const auto& u : units) a.units.push_back(id(u));
    for (const auto& h : hexes) a.hexes.push_back(hex(h));
    return game_.apply(a);
  }
  Result<Report> retreat(const std::string& u, const std::string& h) {
    Action a;
    a.kind = ActionKind::Retreat;
    a.unit = id(u);
    a.hex = hex(h);
    return game_.apply(a);
  }
  // DG 11.2: cavalry retreat before combat along `path` (empty: it stands).
  Result<Report> evade(const std::string& u, std::initializer_list<std::string> path) {
    Action a;
    a.kind = ActionKind::Evade;
    a.unit = id(u);
    for (const auto& h : path) a.path.push_back(hex(h));
    return game_.apply(a);
  }
  Result<Report> defer(const std::string& u, int turn) {
    Action a;
    a.kind = ActionKind::Scenario;
    a.unit = id(u);
    a.value = static_cast<int16_t>(turn);
    return game_.apply(a);
  }
  Result<Report> end() {
    Action a;
    a.kind = ActionKind::End;
    return game_.apply(a);
  }
  void dice(std::initializer_list<int> values) {
    Action a;
    a.kind = ActionKind::Dice;
    for (int v : values) a.dice.push_back(static_cast<uint8_t>(v));
    ASSERT_TRUE(game_.apply(a).ok());
  }
  // Ends phases until it is `side`'s `phase` of Game-Turn `turn`.
  void advance_to(int turn, Side side, Phase phase = Phase::Movement) {
    for (int guard = 0; guard < 200; ++guard) {
      const GameState& st = game_.state();
      if (st.turn == turn && st.phasing == side && st.phase == phase) return;
      auto r = end();
      ASSERT_TRUE(r.ok()) << "turn " << st.turn << ": " << r.error().message;
    }
    FAIL() << "never reached turn " << turn;
  }
  int vp(Side s) const { return game_.state().vp[static_cast<size_t>(s)]; }

 private:
  void rebuild() {
    ASSERT_TRUE(game_.log().empty()) << "place units before any action";
    auto map = std::make_shared<const Map>(game_.map());
    auto roster = std::make_shared<const Roster>(game_.roster());
    auto rules = std::make_shared<const RoadToRichmond>(*map, *roster, this->rules().options());
    game_ = Game(map, roster, game_.rules(), start_, false, rules);
  }

  RtrSetup setup_;
  Game game_;
  Position start_;
};

}  // namespace bg::test
