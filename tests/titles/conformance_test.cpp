// The conformance suite: every registered title and scenario, played by
// seeded random-legal games to the end (OpenSpiel's random-simulation test is
// the model). Each game checks what any title must honour:
// - the side to act always has a legal action until the game is over, and the
//   action chosen among them applies;
// - at sampled positions, every generated legal action applies;
// - a refused action leaves the game byte-identical (its save and its state);
// - a save made at a random moment loads to the same game with the same future;
// - the same seed gives the same game, action for action.
// A title's own invariants (what its rules promise of a position) are checked
// in its folder beside its other tests.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "ai/random_player.h"
#include "core/legal_actions.h"
#include "protocol/save_file.h"
#include "titles/registry.h"

namespace bg::test {
namespace {

using namespace bg::core;
using Rng = std::mt19937_64;

struct Case {
  std::string title;
  std::string scenario;
};

// How gtest and ctest name a case.
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.title << " " << c.scenario;
}

std::vector<Case> every_scenario() {
  std::vector<Case> out;
  for (const titles::Title* t : titles::all_titles())
    for (const titles::ScenarioSpec& s : t->info().scenarios)
      out.push_back({t->info().name, s.name});
  return out;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string n = info.param.title + "_" + info.param.scenario;
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

int below(Rng& rng, size_t n) {
  return static_cast<int>(std::uniform_int_distribution<size_t>(0, n - 1)(rng));
}

// The parameters of game `k` of a scenario: its defaults, then the title's
// parameters, the Standard Rules' edition and the title's optional rules
// varied with k, as far as the title accepts them.
titles::NewParams params_for(const Case& c, uint64_t seed, int k) {
  titles::NewParams p = *titles::defaults_for(c.title, c.scenario);
  p.seed = seed;
  const titles::TitleInfo& info = p.title->info();
  if (info.free_map) {  // the sandbox: a small map, a short game
    p.cols = 12;
    p.rows = 12;
    p.turns = 6;
    p.night = {4};
  }
  for (const titles::ParamSpec& ps : info.params)
    if (!ps.choices.empty())
      p.set_param(ps.key, ps.choices[static_cast<size_t>(k) % ps.choices.size()]);
  titles::NewParams varied = p;
  varied.edition = k % 2 == 1 ? Edition::Dg2016 : Edition::Spi1977;
  varied.attack_effectiveness = k % 3 == 2;
  if (k % 2 == 1)
    for (const titles::OptionSpec& o : info.options) titles::add_title_option(varied, o.name);
  return titles::validate(varied).ok() ? varied : p;
}

// The sandbox has no armies: its game starts with a seeded set-up of a few
// units a side and some terrain, made by its set-up actions (which the save's
// log replays).
void set_up_sandbox(Game& g, Rng& rng) {
  const std::vector<HexId> hexes = g.map().hexes();  // a set-up action replaces the map
  const size_t first = static_cast<size_t>(below(rng, hexes.size()));
  for (size_t i = 0; i < 14; ++i) {  // 14 different hexes: 7 and 144 are coprime
    Action a;
    a.kind = ActionKind::SetTerrain;
    a.hex = hexes[(first + 7 * i) % hexes.size()];
    static constexpr Terrain kTerrain[] = {Terrain::Forest, Terrain::Rough, Terrain::Town};
    a.terrain = kTerrain[below(rng, 3)];
    auto r = g.apply(a);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
  static constexpr UnitType kTypes[] = {UnitType::Infantry, UnitType::Infantry, UnitType::Cavalry,
                                        UnitType::Artillery};
  const int row = 2 + below(rng, 3);
  for (int i = 0; i < 12; ++i) {
    const Side side = i % 2 == 0 ? Side::Union : Side::Confederate;
    const int j = i / 2;
    auto d = std::make_shared<UnitDef>();
    d->id = std::string(side == Side::Union ? "U" : "C") + std::to_string(j + 1);
    d->side = side;
    d->type = kTypes[below(rng, 4)];
    d->strength = 1 + below(rng, 6);
    d->defense = d->strength;
    Action a;
    a.kind = ActionKind::PlaceUnit;
    a.hex = g.map().id({(side == Side::Union ? 2 : 8) + j % 3, row + 2 * (j / 3)});
    a.def = d;
    auto r = g.apply(a);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
}

// An action that is almost certainly not legal now: a random kind with random
// units and hexes, some of them beyond the roster or the map.
Action junk(const Game& g, Rng& rng) {
  Action a;
  a.kind = static_cast<ActionKind>(below(rng, static_cast<size_t>(ActionKind::Scenario) + 1));
  if (a.kind == ActionKind::PlaceUnit || a.kind == ActionKind::SetTerrain ||
      a.kind == ActionKind::AddHexside || a.kind == ActionKind::MarkExit)
    a.kind = ActionKind::Attack;  // the set-up actions are the sandbox's to accept
  const size_t units = g.roster().size() + 3;
  const size_t hexes = static_cast<size_t>(g.map().id_space()) + 3;
  a.unit = static_cast<UnitIndex>(below(rng, units));
  a.hex = static_cast<HexId>(below(rng, hexes));
  a.displace = below(rng, 2) == 0 ? kNoUnit : static_cast<UnitIndex>(below(rng, units));
  a.value = static_cast<int16_t>(below(rng, 40));
  a.decision = static_cast<uint8_t>(below(rng, 3));
  for (int i = below(rng, 4); i > 0; --i) a.path.push_back(static_cast<HexId>(below(rng, hexes)));
  for (int i = below(rng, 3); i > 0; --i)
    a.units.push_back(static_cast<UnitIndex>(below(rng, units)));
  for (int i = below(rng, 2); i > 0; --i) a.hexes.push_back(static_cast<HexId>(below(rng, hexes)));
  return a;
}

struct Played {
  std::string save;  // the finished game's save, for the determinism check
  int actions = 0;
};

class Conformance {
 public:
  Conformance(const Case& c, uint64_t seed, int k)
      : params_(params_for(c, seed, k)), rng_(seed), play_rng_(seed * 7919 + 1) {}

  // Plays the game to its end; `out` receives its save and length.
  void play(int check_every, Played& out) {
    auto made = titles::make_game(params_);
    ASSERT_TRUE(made.ok()) << made.error().message;
    Game g = std::move(*made);
    if (g.is_sandbox()) set_up_sandbox(g, rng_);
    const int limit = 60000;
    const int save_at = below(rng_, 400);
    std::vector<Action> legal;
    int steps = 0;
    for (; !g.over() && steps < limit && !testing::Test::HasFatalFailure(); ++steps) {
      gen_.generate(g, legal);
      ASSERT_FALSE(legal.empty()) << where(g) << "no legal action before the game's end";
      if (steps % check_every == 0) {
        every_action_applies(g, legal);
        refused_changes_nothing(g);
      }
      if (steps == save_at) round_trip(g);
      const Action a = player_.choose(g, play_rng_);
      auto r = g.apply(a);
      ASSERT_TRUE(r.ok()) << where(g) << "a generated action was refused: " << r.error().message;
    }
    if (testing::Test::HasFatalFailure()) return;
    EXPECT_TRUE(g.over()) << where(g) << "not over after " << limit << " actions";
    EXPECT_TRUE(g.victory().final) << where(g);
    out = {protocol::save_json(g, params_).dump(), steps};
  }

 private:
  std::string where(const Game& g) const {
    return params_.title->info().name + " " + params_.scenario + " seed " +
           std::to_string(params_.seed) + " turn " + std::to_string(g.state().turn) + " phase " +
           std::to_string(static_cast<int>(g.state().phase)) + " pending " +
           std::to_string(g.state().pending.size()) + " log " + std::to_string(g.log().size()) +
           ": ";
  }

  void every_action_applies(const Game& g, const std::vector<Action>& legal) {
    const Game base = g.imagined(g.state());  // the same game without its log: cheap to copy
    for (const Action& a : legal) {
      Game copy = base;
      auto r = copy.apply(a);
      ASSERT_TRUE(r.ok()) << where(g) << "generated action of kind " << static_cast<int>(a.kind)
                          << " refused: " << r.error().message;
    }
  }

  void refused_changes_nothing(const Game& g) {
    const std::string before = protocol::save_json(g, params_).dump();
    for (int i = 0; i < 4; ++i) {
      Game copy = g;
      const Action a = junk(g, rng_);
      if (copy.apply(a).ok()) continue;  // by chance a legal one
      ASSERT_TRUE(copy.state() == g.state()) << where(g) << "a refused action of kind "
                                             << static_cast<int>(a.kind) << " changed the state";
      ASSERT_EQ(protocol::save_json(copy, params_).dump(), before)
          << where(g) << "a refused action changed the save";
    }
  }

  void round_trip(const Game& g) {
    const protocol::Json save = protocol::save_json(g, params_);
    auto loaded = protocol::restore(save);
    ASSERT_TRUE(loaded.ok()) << where(g) << loaded.error().message;
    Game& h = loaded->game;
    ASSERT_TRUE(h.state() == g.state()) << where(g) << "the loaded game differs";
    ASSERT_EQ(protocol::save_json(h, loaded->params).dump(), save.dump()) << where(g);
    // The same future: the same choices give the same positions and rolls.
    Game a = g;
    ai::Rng r1(params_.seed + 99);
    ai::RandomPlayer player;
    for (int i = 0; i < 200 && !a.over(); ++i) {
      const Action pick = player.choose(a, r1);
      ASSERT_TRUE(a.apply(pick).ok()) << where(a);
      ASSERT_TRUE(h.apply(pick).ok()) << where(a);
      ASSERT_TRUE(h.state() == a.state()) << where(a) << "the loaded game diverged";
    }
  }

  titles::NewParams params_;
  Rng rng_;
  LegalActionGenerator gen_;
  // The random-legal player (ai/random_player.h): a uniform pick among the
  // generated actions can overstack a hex in the Movement Phase with no move
  // left to undo it (End is then refused), so play follows the random
  // player, which keeps its own stacking within the limit.
  ai::RandomPlayer player_;
  ai::Rng play_rng_;
};

// Plays `games` seeded games of the scenario; the first twice, which must
// give the same game.
void conform(const Case& c, int games, int check_every) {
  int actions = 0;
  for (int k = 0; k < games; ++k) {
    const uint64_t seed = 1000 + static_cast<uint64_t>(k);
    SCOPED_TRACE(c.title + " " + c.scenario + " game " + std::to_string(k));
    Played p;
    Conformance(c, seed, k).play(check_every, p);
    if (testing::Test::HasFatalFailure()) return;
    actions += p.actions;
    if (k == 0) {
      Played again;
      Conformance(c, seed, k).play(check_every, again);
      EXPECT_EQ(again.save, p.save) << "the same seed gave another game";
    }
  }
  std::printf("%s %s: %d games, %d actions\n", c.title.c_str(), c.scenario.c_str(), games, actions);
}

class TitleConformance : public testing::TestWithParam<Case> {};
class TitleConformanceLong : public testing::TestWithParam<Case> {};

TEST_P(TitleConformance, RandomLegalGamesKeepEveryPromise) {
  conform(GetParam(), 2, 40);
}

// More games, more positions checked: labelled slow (CMakeLists.txt).
TEST_P(TitleConformanceLong, RandomLegalGamesKeepEveryPromise) {
  conform(GetParam(), 4, 20);
}

INSTANTIATE_TEST_SUITE_P(EveryScenario, TitleConformance, testing::ValuesIn(every_scenario()),
                         case_name);
INSTANTIATE_TEST_SUITE_P(EveryScenario, TitleConformanceLong, testing::ValuesIn(every_scenario()),
                         case_name);

}  // namespace
}  // namespace bg::test
