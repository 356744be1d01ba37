// The title "four-roads": its five scenarios set up exactly as the
// data says, keep their calendars (R-FR-CALENDAR), score from zero by the
// article's victory rule (FR 2, FR 4), play to the end in random-legal and
// computer-played games of both sides, and save and load with the same future.
#include <gtest/gtest.h>

#include <string>

#include "ai/ai_player.h"
#include "content/oob_file.h"
#include "core/legal_actions.h"
#include "modules/forts.h"
#include "modules/on_map_victory.h"
#include "modules/pontoons.h"
#include "modules_fixture.h"
#include "protocol/game_setup.h"
#include "titles/four_roads/four_roads.h"
#include "titles/four_roads/fr_calendar.h"
#include "titles/four_roads/fr_data.h"
#include "titles/registry.h"

namespace bg::test {
namespace {

using titles::four_roads::FourRoads;

const std::vector<std::string> kScenarios = {"fredericksburg", "chancellorsville", "wilderness",
                                             "spotsylvania-1", "spotsylvania-2"};

protocol::NewParams params_for(const std::string& scenario, uint64_t seed = 1,
                               const std::string& options = "") {
  auto p = titles::defaults_for("four-roads", scenario);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().message);
  p->seed = seed;
  if (!options.empty()) {
    EXPECT_TRUE(titles::add_title_option(*p, options));
  }
  return *p;
}

Game make(const std::string& scenario, uint64_t seed = 1, const std::string& options = "") {
  auto g = protocol::make_game(params_for(scenario, seed, options));
  EXPECT_TRUE(g.ok()) << scenario << ": " << (g.ok() ? "" : g.error().message);
  return std::move(*g);
}

const FourRoads& rules_of(const Game& g) {
  return dynamic_cast<const FourRoads&>(*g.scenario());
}

TEST(FR_Title, ListedWithItsFiveScenarios) {
  const titles::Title* t = titles::find_title("four-roads");
  ASSERT_NE(t, nullptr);
  ASSERT_EQ(t->info().scenarios.size(), kScenarios.size());
  for (size_t i = 0; i < kScenarios.size(); ++i)
    EXPECT_EQ(t->info().scenarios[i].name, kScenarios[i]);
  EXPECT_NE(t->info().option("orders"), nullptr);
  EXPECT_NE(t->info().option("tactics"), nullptr);
  // The registry's default title stays the first battle registered.
  EXPECT_EQ(titles::default_title().info().name, "road-to-richmond");
}

// R-FR-CALENDAR: 6 am starts, five 3-hour day turns and two night turns a day.
TEST(R_FR_CALENDAR, DaysOfFiveDayTurnsAndTwoNightTurns) {
  using titles::four_roads::is_night_turn;
  EXPECT_FALSE(is_night_turn(1));
  EXPECT_FALSE(is_night_turn(5));
  EXPECT_TRUE(is_night_turn(6));
  EXPECT_TRUE(is_night_turn(7));
  EXPECT_FALSE(is_night_turn(8));
  EXPECT_TRUE(is_night_turn(13));
  const auto* s2 = titles::four_roads::find_fr_scenario("chancellorsville");
  ASSERT_NE(s2, nullptr);
  EXPECT_EQ(titles::four_roads::turn_time(*s2, 1), "30 April 1863, 6 am");
  EXPECT_EQ(titles::four_roads::turn_time(*s2, 2), "30 April 1863, 9 am");  // Averell
  EXPECT_EQ(titles::four_roads::turn_time(*s2, 4), "30 April 1863, 3 pm");  // Stuart, F. Lee
  EXPECT_EQ(titles::four_roads::turn_time(*s2, 6), "night of 30 April 1863 to 1 May 1863 (1st)");
  EXPECT_EQ(titles::four_roads::turn_time(*s2, 8), "1 May 1863, 6 am");
  EXPECT_EQ(titles::four_roads::turn_time(*s2, 26), "3 May 1863, 6 pm");
  for (const std::string& name : kScenarios) {
    const Game g = make(name);
    const auto* sc = titles::four_roads::find_fr_scenario(name);
    EXPECT_EQ(g.rules().turns, sc->turns) << name;
    EXPECT_EQ(g.rules().first, sc->first) << name;
    for (int t = 1; t <= sc->turns; ++t)
      EXPECT_EQ(g.rules().is_night(t), is_night_turn(t)) << name << " turn " << t;
    // Every scenario ends on a daylight 6 pm turn.
    EXPECT_EQ(titles::four_roads::turn_time(*sc, sc->turns)
                  .substr(titles::four_roads::turn_time(*sc, sc->turns).size() - 4),
              "6 pm")
        << name;
  }
}

// Every unit of oob.txt stands where its set-up line puts it, reinforcements
// wait off the map with their turn; the forts and emplaced pontoons of
// setup.txt are in place; the command chain is the data's.
TEST(FR_Title, EveryScenarioSetsUpExactlyAsTheDataSays) {
  for (const std::string& name : kScenarios) {
    SCOPED_TRACE(name);
    const Game g = make(name);
    auto oob = content::load_oob(titles::data_root() + "/four-roads/" + name + "/oob.txt");
    ASSERT_TRUE(oob.ok()) << oob.error().message;
    ASSERT_EQ(g.roster().size(), oob->units.size());
    for (size_t u = 0; u < oob->units.size(); ++u) {
      const content::OobEntry& e = oob->units[u];
      const UnitState& s = g.position().units[u];
      EXPECT_EQ(g.roster()[u].id, e.def.id);
      if (e.setup) {
        ASSERT_TRUE(s.on_map()) << e.def.id;
        EXPECT_EQ(g.map().label_text(s.hex), e.hex) << e.def.id;
      } else {
        EXPECT_FALSE(s.on_map()) << e.def.id;
        EXPECT_EQ(g.roster()[u].arrival_turn, e.turn) << e.def.id;
      }
    }
    const FourRoads& m = rules_of(g);
    const auto* forts = dynamic_cast<const modules::FortsModule*>(m.find("forts"));
    const auto* pontoons = dynamic_cast<const modules::PontoonsModule*>(m.find("pontoons"));
    ASSERT_NE(forts, nullptr);
    ASSERT_NE(pontoons, nullptr);
    for (HexId h : m.data().setup.forts) EXPECT_TRUE(forts->has_fort(g.state(), h));
    for (const modules::PontoonSetup& p : m.data().setup.pontoons) {
      const modules::Bridge* b = pontoons->bridge(g.state(), p.hex);
      ASSERT_NE(b, nullptr) << g.map().label_text(p.hex);
      EXPECT_EQ(b->side, p.side);
    }
    EXPECT_TRUE(position_invariants(g).empty()) << position_invariants(g);
  }
}

// R-FR-MA, R-FR-RANGE: cavalry and headquarters move 8, artillery reaches 2.
TEST(R_FR_MA, CavalryAndHeadquartersMoveEightArtilleryReachesTwo) {
  int cavalry = 0, hqs = 0, artillery = 0;
  for (const std::string& name : kScenarios) {
    const Game g = make(name);
    for (const UnitDef& d : g.roster()) {
      if (d.type == UnitType::Cavalry) {
        ++cavalry;
        EXPECT_EQ(d.movement, 8) << name << " " << d.id;
      } else if (d.kind == "hq") {
        ++hqs;
        EXPECT_EQ(d.movement, 8) << name << " " << d.id;
      } else {
        EXPECT_EQ(d.movement, 6) << name << " " << d.id;
      }
      if (d.type == UnitType::Artillery) {
        ++artillery;
        EXPECT_EQ(d.range, 2) << name << " " << d.id;
      }
    }
  }
  EXPECT_GT(cavalry, 0);
  EXPECT_GT(hqs, 0);
  EXPECT_GT(artillery, 0);
}

// FR 2: nothing is scored during play but exits; eliminating a unit scores
// nothing by itself (it only leaves fewer factors on the map). The projected
// lines are 1 a Union factor and 3 a Confederate one on the map.
TEST(FR_2, ScoringStartsFromZeroAndCountsFactorsOnTheMap) {
  for (const std::string& name : kScenarios) {
    SCOPED_TRACE(name);
    const Game g = make(name);
    const VictoryReport v = g.victory();
    EXPECT_EQ(v.total[0], 0);
    EXPECT_EQ(v.total[1], 0);
    const Context ctx = g.context();
    const int uf = modules::OnMapVictoryModule::factors_on_map(ctx, g.state(), Side::Union);
    const int cf = modules::OnMapVictoryModule::factors_on_map(ctx, g.state(), Side::Confederate);
    EXPECT_GT(uf, 0);
    EXPECT_GT(cf, 0);
    EXPECT_EQ(v.projected[0], uf);
    EXPECT_EQ(v.projected[1], 3 * cf);
    for (const VpLine& l : v.lines) EXPECT_TRUE(l.rule == "FR 2" || l.rule == "FR 4") << l.what;
  }
}

// Random-legal games (modules_fixture.h's play_random: every action the
// random player picks accepted, listed actions legal, no refusal changing the
// game, the invariants after every action, the log replaying to the same
// state on a new game of the scenario) end with a final report.
TEST(FR_Title, RandomLegalGamesOfEveryScenarioRunToTheEnd) {
  int decisions = 0;
  for (const std::string& name : kScenarios)
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      const std::string options = seed == 2 ? "command" : "";
      Game g = make(name, seed, options);
      EXPECT_EQ(play_random(g, seed, decisions, 30000, [&] { return make(name, seed, options); }),
                "")
          << name << " seed " << seed;
      EXPECT_TRUE(g.victory().final) << name << " seed " << seed;
    }
  EXPECT_GT(decisions, 0);  // forts, orders, pontoons were decided on
}

// The computer plays every scenario from both sides to the end, every action
// accepted (it reads the title through titles::AiKnowledge only).
TEST(FR_Title, ComputerPlayedGamesOfEveryScenarioRunToTheEnd) {
  int forts = 0, emplaced = 0;
  for (const std::string& name : kScenarios) {
    SCOPED_TRACE(name);
    Game g = make(name, 3, "command");
    ai::AiConfig cfg;
    cfg.level = ai::Level::Easy;
    cfg.seed = 3;
    cfg.node_budget = 30;
    cfg.candidates = 2;
    cfg.time_cap_s = 0;  // the node budget alone decides: deterministic
    ai::AiPlayer union_ai(cfg), confederate_ai(cfg);
    int n = 0;
    for (; n < 20000 && !g.over(); ++n) {
      const Side side = *g.to_act();
      ai::AiPlayer& p = side == Side::Union ? union_ai : confederate_ai;
      const Action a = p.choose(g.view_for(side));
      auto r = g.apply(a);
      ASSERT_TRUE(r.ok()) << "action " << n << ": refused: " << r.error().message;
      ASSERT_EQ(position_invariants(g), "");
    }
    EXPECT_TRUE(g.over()) << "the game did not finish in " << n << " actions";
    EXPECT_TRUE(g.victory().final);
    for (const LogEntry& e : g.log())
      if (e.action.kind == ActionKind::Scenario &&
          g.scenario()->decision_key(e.action.decision) == "fort" && e.action.value == 1)
        ++forts;
      else if (e.action.kind == ActionKind::Scenario &&
               g.scenario()->decision_key(e.action.decision) == "emplace" && e.action.value != 0)
        ++emplaced;
  }
  // FR 6 through the title's standing decision: the computer orders forts.
  EXPECT_GT(forts, 0);
  // R-FR-PONTOON: the computer emplaces pontoons where a bridge helps.
  EXPECT_GT(emplaced, 0);
}

// A decision's hex value is the number printed on the map (the AM numbers,
// rows counted northward), as players read it and type it.
TEST(R_FR_PONTOON, DecisionsNameTheirHexAsPrintedOnTheMap) {
  const Game g = make("chancellorsville");
  LegalActionGenerator gen;
  std::vector<Action> legal;
  gen.decisions(g, legal);
  int seen = 0;
  for (const Action& a : legal) {
    if (g.scenario()->decision_key(a.decision) != "emplace" || a.value == 0) continue;
    const auto river = g.map().parse_label(a.value < 1000 ? "0" + std::to_string(a.value)
                                                          : std::to_string(a.value));
    ASSERT_TRUE(river.has_value()) << a.value;
    EXPECT_EQ(g.map().terrain(*river), Terrain::River) << a.value;
    const HexId bank = g.position().units[a.unit].hex;
    EXPECT_EQ(distance(g.map().coord(bank), g.map().coord(*river)), 1) << a.value;
    ++seen;
  }
  EXPECT_GT(seen, 0);
}

// setup.txt refuses what the rules cannot use, naming the line.
TEST(FR_Title, SetupFileRefusesBadLines) {
  const Game g = make("fredericksburg");
  const Map& map = g.map();
  auto ok = titles::four_roads::parse_fr_setup("# forts\nfort 3211\npontoon 3315 union\n", map,
                                               "setup.txt");
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->forts.size(), 1u);
  ASSERT_EQ(ok->pontoons.size(), 1u);
  EXPECT_EQ(ok->pontoons[0].side, Side::Union);
  for (const char* bad : {"fort 3315\n", "pontoon 3211 union\n", "pontoon 3315 rebel\n",
                          "fort 9999\n", "fort 3211\nfort 3211\n", "moat 3211\n", "fort\n"}) {
    auto r = titles::four_roads::parse_fr_setup(bad, map, "setup.txt");
    EXPECT_FALSE(r.ok()) << bad;
    if (!r.ok()) {
      EXPECT_NE(r.error().message.find("setup.txt:"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace bg::test
