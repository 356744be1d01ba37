// Road to Richmond's lines of communications (21.21 / 22.21) as the title's UI
// declaration gives them (UiSpec::lines): traced exactly when the victory
// rule traces them, and then along a path that the rule accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ai/random_player.h"
#include "rtr_fixture.h"
#include "titles/registry.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

const titles::UiLine* line_of(const titles::UiSpec& ui, Side s) {
  for (const titles::UiLine& l : ui.lines)
    if (l.side == s) return &l;
  return nullptr;
}

// "" if the UI's line of side s agrees with the rule in g, else what is wrong.
std::string check(const Game& g, Side s) {
  const auto& rules = *dynamic_cast<const titles::rtr::RoadToRichmond*>(g.scenario());
  const titles::UiSpec ui = titles::title_of(g).ui(g, std::nullopt);
  const titles::UiLine* l = line_of(ui, s);
  if (!l) return "no line";
  const bool traced = rules.line_of_communication(g.context(), g.state(), s);
  if (l->traced != traced)
    return "traced " + std::to_string(l->traced) + ", the rule says " + std::to_string(traced);
  if (!traced) return l->hexes.empty() ? "" : "a path drawn for a line not traced";
  const Map& map = g.map();
  if (l->hexes.front() != rules.loc_from() || l->hexes.back() != rules.loc_to())
    return "the path does not run 0117 to 1528";
  for (size_t i = 0; i < l->hexes.size(); ++i) {
    for (int u = 0; u < g.state().pos.count; ++u) {
      const UnitState& us = g.state().pos.units[u];
      if (us.on_map() && us.hex == l->hexes[i] && g.roster()[static_cast<size_t>(u)].side != s)
        return "an enemy unit stands on the path at " + map.label_text(us.hex);
    }
    if (i == 0) continue;
    const auto d = map.direction(l->hexes[i - 1], l->hexes[i]);
    if (!d) return "the path jumps at " + map.label_text(l->hexes[i]);
    if (!(map.side(l->hexes[i - 1], *d) & (kRoad | kTrail)))
      return "the path leaves the roads and trails at " + map.label_text(l->hexes[i]);
  }
  return "";
}

TEST(Rtr_21_21, TheUiDrawsEachSidesLineOfCommunicationsAsTheRuleTracesIt) {
  Rtr t;
  t.clear();
  EXPECT_EQ(check(t.game(), U), "");
  EXPECT_EQ(check(t.game(), C), "");
  const titles::UiSpec ui = titles::title_of(t.game()).ui(t.game(), std::nullopt);
  ASSERT_NE(line_of(ui, U), nullptr);
  EXPECT_TRUE(line_of(ui, U)->traced);
  EXPECT_EQ(line_of(ui, U)->rule, "21.21");
  // Pickett on 0117 and 2/2/VI on the only road out of it: neither side traces.
  Rtr b(rtr_1977(), {{"Pickett", "0117"}, {"2/2/VI", "0216"}});
  const titles::UiSpec cut = titles::title_of(b.game()).ui(b.game(), std::nullopt);
  EXPECT_FALSE(line_of(cut, U)->traced);
  EXPECT_TRUE(line_of(cut, U)->hexes.empty());
  EXPECT_FALSE(line_of(cut, C)->traced);
  EXPECT_EQ(check(b.game(), U), "");
  EXPECT_EQ(check(b.game(), C), "");
}

TEST(Rtr_21_21, TheUiLinesAgreeWithTheRuleThroughRandomGames) {
  for (const RtrSetup& setup : {rtr_1977(), rtr_revised()}) {
    Rtr t(setup);
    Game& g = t.game();
    ai::RandomPlayer player;
    ai::Rng rng(setup.options.revised() ? 7 : 3);
    for (int i = 0; i < 600 && !g.over(); ++i) {
      ASSERT_TRUE(g.apply(player.choose(g, rng)).ok());
      if (i % 10) continue;
      ASSERT_EQ(check(g, U), "") << "action " << i;
      ASSERT_EQ(check(g, C), "") << "action " << i;
    }
  }
}

// 21.21 by the plainest search: breadth first over the whole map along road or
// trail hexsides, from 0117, through hexes no unit of the other side stands in.
bool plain_line(const Game& g, const GameState& st, Side s, HexId from, HexId to) {
  const Map& map = g.map();
  std::vector<uint8_t> open(static_cast<size_t>(map.id_space()), 1);
  for (int u = 0; u < st.pos.count; ++u)
    if (st.pos.units[u].on_map() && g.roster()[static_cast<size_t>(u)].side != s)
      open[st.pos.units[u].hex] = 0;
  if (!open[from]) return false;
  std::vector<HexId> todo{from};
  open[from] = 0;
  while (!todo.empty()) {
    const HexId h = todo.back();
    todo.pop_back();
    if (h == to) return true;
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      if (map.on_map(n) && open[n] && (map.side(h, static_cast<Dir>(d)) & (kRoad | kTrail))) {
        open[n] = 0;
        todo.push_back(n);
      }
    }
  }
  return false;
}

// Every hex a road or trail hexside leads from.
std::vector<HexId> road_hexes(const Map& map) {
  std::vector<HexId> roads;
  for (HexId h : map.hexes())
    for (int d = 0; d < kDirs; ++d)
      if (map.side(h, static_cast<Dir>(d)) & (kRoad | kTrail)) {
        roads.push_back(h);
        break;
      }
  return roads;
}

// The rule's search walks the road net found once at set-up (road_net.h); it
// must answer as a search over the map would, whoever stands on the roads.
TEST(Rtr_21_21, TheLineOfCommunicationsIsTheRoadSearchOverTheWholeMap) {
  Rtr t;
  t.clear();
  const Game& g = t.game();
  const auto& rules = *dynamic_cast<const titles::rtr::RoadToRichmond*>(g.scenario());
  const Map& map = g.map();
  const std::vector<HexId> roads = road_hexes(map);
  ASSERT_GT(roads.size(), 50u);
  ai::Rng rng(2126);
  int traced[2] = {0, 0}, cut[2] = {0, 0};
  for (int trial = 0; trial < 400; ++trial) {
    GameState st = g.state();
    // From no unit on the roads to about half the roster on them, by steps
    // of 6% over every ten trials.
    const int per_mille = (trial % 10) * 60;
    for (int u = 0; u < st.pos.count; ++u)
      if (rng.below(1000) < per_mille)
        st.pos.units[u] =
            UnitState{roads[static_cast<size_t>(rng.below(static_cast<int>(roads.size())))],
                      UnitStatus::OnMap, 0, 0};
    for (Side s : {U, C}) {
      const bool want = plain_line(g, st, s, rules.loc_from(), rules.loc_to());
      ASSERT_EQ(rules.line_of_communication(g.context(), st, s), want) << "trial " << trial;
      ASSERT_EQ(rules.communication_path(g.context(), st, s).empty(), !want) << "trial " << trial;
      ++(want ? traced : cut)[static_cast<size_t>(s)];
    }
  }
  // Both answers were asked for, from both sides.
  EXPECT_GT(traced[0], 20);
  EXPECT_GT(traced[1], 20);
  EXPECT_GT(cut[0], 20);
  EXPECT_GT(cut[1], 20);
}

// The line's margin (Title::supply_line_margin, for the AI's line guard):
// the fewest contested hexes the enemy must stand in to cut 21.21's line,
// counted up to a limit. Checked against the plainest answer: every set of
// one or two of the contested hexes, blocked, and the plain search run.
TEST(Rtr_21_21, TheLinesMarginIsTheFewestContestedHexesThatCutIt) {
  Rtr t;
  t.clear();
  const Game& g = t.game();
  const auto& rules = *dynamic_cast<const titles::rtr::RoadToRichmond*>(g.scenario());
  const Map& map = g.map();
  const std::vector<HexId> roads = road_hexes(map);
  std::vector<UnitIndex> side_units[2];
  for (int u = 0; u < g.state().pos.count; ++u)
    side_units[static_cast<size_t>(g.roster()[static_cast<size_t>(u)].side)].push_back(
        static_cast<UnitIndex>(u));
  ai::Rng rng(2127);
  const auto pick = [&] {
    return roads[static_cast<size_t>(rng.below(static_cast<int>(roads.size())))];
  };
  int seen[4] = {0, 0, 0, 0};
  for (int trial = 0; trial < 120; ++trial) {
    const Side s = trial % 2 ? C : U;
    const Side foe = s == U ? C : U;
    GameState st = g.state();
    // A few enemy units on the roads (the line may be cut already), a few of
    // the side's own (a hex they stand in is not taken), a dozen contested.
    const auto& foes = side_units[static_cast<size_t>(foe)];
    const auto& own = side_units[static_cast<size_t>(s)];
    for (int k = 0; k < trial % 3; ++k)
      st.pos.units[foes[static_cast<size_t>(k)]] = UnitState{pick(), UnitStatus::OnMap, 0, 0};
    if (trial % 5 == 1)  // the line's end itself taken: cut now
      st.pos.units[foes[2]] = UnitState{rules.loc_from(), UnitStatus::OnMap, 0, 0};
    std::vector<uint8_t> contested(static_cast<size_t>(map.id_space()), 0);
    std::vector<HexId> hexes;
    for (int k = 0; k < 12; ++k) {
      const HexId h = k == 0 && trial % 4 == 0 ? rules.loc_from() : pick();
      contested[h] = 1;
      hexes.push_back(h);
    }
    for (int k = 0; k < 3; ++k)
      st.pos.units[own[static_cast<size_t>(k)]] =
          UnitState{hexes[static_cast<size_t>(rng.below(12))], UnitStatus::OnMap, 0, 0};
    std::vector<HexId> takeable;  // contested and free of the side's own units
    for (HexId h : hexes) {
      bool own_there = false;
      for (UnitIndex u : own)
        own_there = own_there || (st.pos.units[u].on_map() && st.pos.units[u].hex == h);
      if (!own_there && std::find(takeable.begin(), takeable.end(), h) == takeable.end())
        takeable.push_back(h);
    }
    // The plain answer: 0 if cut now, else the smallest set of one or two
    // takeable hexes that cuts it, else 3 (the limit asked).
    auto cut_by = [&](std::initializer_list<HexId> block) {
      GameState w = st;
      size_t k = 3;
      for (HexId h : block) w.pos.units[foes[k++]] = UnitState{h, UnitStatus::OnMap, 0, 0};
      return !plain_line(g, w, s, rules.loc_from(), rules.loc_to());
    };
    int want = 3;
    if (cut_by({})) want = 0;
    for (size_t i = 0; i < takeable.size() && want > 1; ++i)
      if (cut_by({takeable[i]})) want = 1;
    for (size_t i = 0; i < takeable.size() && want > 2; ++i)
      for (size_t j = i + 1; j < takeable.size() && want > 2; ++j)
        if (cut_by({takeable[i], takeable[j]})) want = 2;
    const int got = titles::title_of(g).supply_line_margin(g.context(), st, s, contested, 3);
    ASSERT_EQ(got, want) << "trial " << trial;
    ++seen[want];
    // A smaller limit caps the answer; nothing contested leaves only the cut now.
    EXPECT_EQ(titles::title_of(g).supply_line_margin(g.context(), st, s, contested, 1),
              std::min(want, 1));
    const std::vector<uint8_t> none(contested.size(), 0);
    EXPECT_EQ(titles::title_of(g).supply_line_margin(g.context(), st, s, none, 3),
              want == 0 ? 0 : 3);
  }
  // Every answer came up: cut now, one hex, two, and safe.
  for (int k = 0; k < 4; ++k) EXPECT_GT(seen[k], 3) << "margin " << k;
}

TEST(Rtr_22_21, TheRevisedLineOfCommunicationsCitesItsOwnCase) {
  Rtr t(rtr_revised());
  const titles::UiSpec ui = titles::title_of(t.game()).ui(t.game(), std::nullopt);
  ASSERT_NE(line_of(ui, C), nullptr);
  EXPECT_EQ(line_of(ui, C)->rule, "22.21");
}

}  // namespace
}  // namespace bg::test
