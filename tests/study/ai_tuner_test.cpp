// The weights tuner (`bluegray tune`, study/tuner.h): SPSA on a synthetic
// objective, the weights file, the evaluation reading the tuned weights, and
// the command end to end on Road to Richmond with a tiny budget.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

#include "ai/ai_player.h"
#include "ai/evaluation.h"
#include "ai/move_candidates.h"
#include "ai/oep_planner.h"
#include "ai/phase_clock.h"
#include "ai/player_factory.h"
#include "ai/player_settings.h"
#include "ai/rng.h"
#include "ai/tuned_weights.h"
#include "protocol/command_parser.h"
#include "protocol/game_setup.h"
#include "study/spsa.h"
#include "study/tuner.h"
#include "temp_dir.h"
#include "titles/registry.h"

namespace bg::test {
namespace {

namespace fs = std::filesystem;
using core::Side;

// A noisy quadratic with its maximum at `target`, measured as SPSA measures
// a match: two noisy points per iteration.
std::vector<double> spsa_on_quadratic(uint64_t seed, int iterations) {
  const std::vector<double> target = {1.5, -2.0, 0.25, 3.0};
  study::SpsaParams p;
  p.a = 1.0;
  p.c = 0.5;
  p.A = 10;
  p.seed = seed;
  study::Spsa spsa({0, 0, 0, 0}, {-5, -5, -5, -5}, {5, 5, 5, 5}, {1, 1, 1, 1}, p);
  ai::Rng noise(seed + 1);
  auto f = [&](const std::vector<double>& x) {
    double v = 0;
    for (size_t i = 0; i < x.size(); ++i) v -= (x[i] - target[i]) * (x[i] - target[i]);
    return v + (static_cast<double>(noise.next() >> 11) * 0x1.0p-53 - 0.5);  // noise in +-0.5
  };
  for (int k = 0; k < iterations; ++k) {
    const study::Spsa::Probe pr = spsa.probe();
    spsa.update(pr, f(pr.plus), f(pr.minus));
  }
  return spsa.average();
}

TEST(AiTuner, SpsaConvergesOnANoisyQuadratic) {
  const std::vector<double> target = {1.5, -2.0, 0.25, 3.0};
  const std::vector<double> x = spsa_on_quadratic(5, 400);
  for (size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(x[i], target[i], 0.25) << "parameter " << i;
  // Few iterations are not there yet: the test can tell.
  const std::vector<double> early = spsa_on_quadratic(5, 2);
  EXPECT_GT(std::abs(early[3] - target[3]), 1.0);
}

TEST(AiTuner, SpsaIsDeterministicForASeedAndKeepsItsBounds) {
  EXPECT_EQ(spsa_on_quadratic(9, 50), spsa_on_quadratic(9, 50));
  EXPECT_NE(spsa_on_quadratic(9, 50), spsa_on_quadratic(10, 50));
  study::SpsaParams p;
  p.a = 50;  // wild steps toward a maximum outside the box
  study::Spsa spsa({0.5}, {0}, {1}, {0.1}, p);
  for (int k = 0; k < 20; ++k) {
    const auto pr = spsa.probe();
    EXPECT_GE(pr.minus[0], 0);
    EXPECT_LE(pr.plus[0], 1);
    spsa.update(pr, pr.plus[0] * 10, pr.minus[0] * 10);
  }
  EXPECT_DOUBLE_EQ(spsa.theta()[0], 1.0);
}

ai::TunedWeights unusual() {
  ai::TunedWeights w;
  w.union_side.risk_factor = 1.2345678901234567;
  w.union_side.presence = 0.1;
  w.confederate_side.cohesion = 0.3;
  w.confederate_side.approach_factor = 0.0;
  return w;
}

bool same_side(const ai::Weights& a, const ai::Weights& b) {
  for (const ai::WeightParam& p : ai::tuned_params())
    if (a.*p.field != b.*p.field) return false;
  return true;
}

bool same(const ai::TunedWeights& a, const ai::TunedWeights& b) {
  return same_side(a.union_side, b.union_side) && same_side(a.confederate_side, b.confederate_side);
}

TEST(AiTuner, TheWeightsFileRoundTrips) {
  const ai::TunedWeights w = unusual();
  auto back = ai::parse_weights(ai::format_weights(w, "a comment"));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_TRUE(same(*back, w));
  EXPECT_FALSE(same(*back, ai::TunedWeights{}));
  EXPECT_EQ(back->union_side.risk_factor, 1.2345678901234567);  // exactly
}

TEST(AiTuner, ABadWeightsFileIsRefusedWithTheReason) {
  const std::string good = ai::format_weights(ai::TunedWeights{});
  auto refused = [&](std::string text, const std::string& why) {
    auto r = ai::parse_weights(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
  };
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  refused("", "not a weights file");
  refused(replace("format = 1", "format = 2"), "unknown format");
  refused(replace("union.presence = 0.25", "union.presense = 0.25"), "unknown weight");
  refused(replace("union.presence = 0.25", "north.presence = 0.25"), "unknown weight");
  refused(replace("union.presence = 0.25", "union.presence = lots"), "finite number");
  refused(replace("union.presence = 0.25", "union.presence = nan"), "finite number");
  refused(replace("union.presence = 0.25", "union.presence = 0.25x"), "finite number");
  refused(replace("union.presence = 0.25", "union.presence 0.25"), "name = value");
  refused(replace("union.risk_factor = 1", "union.risk_factor = -1"), "must lie in");
  refused(replace("union.presence = 0.25", "# gone"), "'union.presence' is missing");
  refused(good + "union.zone = 1\n", "given twice");
  EXPECT_TRUE(ai::parse_weights(good).ok());
}

TEST(AiTuner, ShippedWeightsAreTheFileInData) {
  std::ifstream in(std::string(BLUEGRAY_SOURCE_DIR) + "/data/ai/weights.txt", std::ios::binary);
  ASSERT_TRUE(in);
  std::ostringstream text;
  text << in.rdbuf();
  auto w = ai::parse_weights(text.str());
  ASSERT_TRUE(w.ok()) << w.error().message;
  EXPECT_TRUE(same(*w, ai::shipped_weights()));
}

core::Game rtr_game(uint64_t seed) {
  auto c = protocol::parse_command("new road-to-richmond edition=spi1977");
  protocol::NewParams p = c->params;
  p.seed = seed;
  return std::move(*protocol::make_game(p));
}

TEST(AiTuner, TheEvaluationReadsEachSidesTunedWeightsOnTopOfThePosture) {
  const core::Game g = rtr_game(3);
  ai::Evaluator plain, tuned;
  ai::Weights w;
  w.risk_factor = 2;
  w.cohesion = 0.3;
  tuned.set_base_weights(Side::Union, w);
  for (ai::Evaluator* e : {&plain, &tuned}) e->prepare(g.view_for(Side::Union), Side::Union, "");
  // The posture (fighting withdrawal) sets risk; the factor scales what it set.
  EXPECT_DOUBLE_EQ(tuned.weights().risk, 2 * plain.weights().risk);
  EXPECT_DOUBLE_EQ(tuned.weights().combat, plain.weights().combat);
  EXPECT_DOUBLE_EQ(tuned.weights().cohesion, 0.3);
  // The other side keeps its own.
  tuned.prepare(g.view_for(Side::Confederate), Side::Confederate, "");
  plain.prepare(g.view_for(Side::Confederate), Side::Confederate, "");
  EXPECT_DOUBLE_EQ(tuned.weights().risk, plain.weights().risk);
  EXPECT_DOUBLE_EQ(tuned.weights().cohesion, plain.weights().cohesion);
}

core::Game rtr_game_with(const std::string& params, uint64_t seed) {
  auto c = protocol::parse_command("new road-to-richmond edition=spi1977 " + params);
  protocol::NewParams p = c->params;
  p.seed = seed;
  return std::move(*protocol::make_game(p));
}

ai::TunedWeights file_weights(const std::string& relative) {
  std::ifstream in(std::string(BLUEGRAY_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  auto w = ai::parse_weights(text.str());
  EXPECT_TRUE(w.ok()) << relative << ": " << w.error().message;
  return w.ok() ? *w : ai::TunedWeights{};
}

// The tournament game (1977 rules, the four 22.x options, Attack
// Effectiveness) has weights of its own, tuned under those rules: the title
// ships them and names them, and only for those rules.
TEST(AiTuner, TheTournamentGameShipsItsOwnTunedWeights) {
  const ai::TunedWeights t = file_weights("data/road-to-richmond/ai-weights-tournament.txt");
  // Only the Confederate's were tuned; the Union's are the default set's.
  EXPECT_TRUE(same_side(t.union_side, ai::shipped_weights().union_side));
  EXPECT_FALSE(same_side(t.confederate_side, ai::shipped_weights().confederate_side));
  const core::Game g = rtr_game_with("options=tournament,attack-effectiveness", 5);
  const titles::AiKnowledge k = titles::title_of(g).ai_knowledge(g);
  EXPECT_EQ(k.weights_name, "tournament");
  auto named = ai::parse_weights(k.weights);
  ASSERT_TRUE(named.ok()) << named.error().message;
  EXPECT_TRUE(same(*named, t));
  for (const char* other :
       {"", "options=tournament", "options=attack-effectiveness",
        "exclusive=revised options=attack-effectiveness",
        "options=siege-train,variable-reinforcements,additional-vp,attack-effectiveness"}) {
    const core::Game o = rtr_game_with(other, 5);
    const titles::AiKnowledge ko = titles::title_of(o).ai_knowledge(o);
    EXPECT_TRUE(ko.weights.empty()) << other;
    EXPECT_TRUE(ko.weights_name.empty()) << other;
  }
  // Nor under the 2016 Standard Rules (never tuned or measured there).
  auto c = protocol::parse_command(
      "new road-to-richmond edition=dg2016 options=tournament,attack-effectiveness");
  ASSERT_TRUE(c.ok());
  const core::Game dg = std::move(*protocol::make_game(c->params));
  EXPECT_TRUE(titles::title_of(dg).ai_knowledge(dg).weights.empty());
}

// A shipped level plays the title's set where there is one; a player given
// weights of its own (the tuner's candidates, `tournament --weights`) plays those.
TEST(AiTuner, TheShippedLevelsPlayTheTitlesSetForItsRules) {
  const ai::TunedWeights t = file_weights("data/road-to-richmond/ai-weights-tournament.txt");
  const core::Game g = rtr_game_with("options=tournament,attack-effectiveness", 6);
  const core::Game view = g.view_for(Side::Confederate);
  ai::Evaluator shipped, base, explicit_set;
  for (ai::Evaluator* e : {&shipped, &base}) {
    e->set_base_weights(Side::Union, ai::shipped_weights().union_side);
    e->set_base_weights(Side::Confederate, ai::shipped_weights().confederate_side);
  }
  shipped.set_title_weights(true);
  explicit_set.set_base_weights(Side::Confederate, t.confederate_side);
  for (ai::Evaluator* e : {&shipped, &base, &explicit_set}) e->prepare(view, Side::Confederate, "");
  EXPECT_EQ(shipped.weights_name(), "tournament");
  EXPECT_TRUE(base.weights_name().empty());
  // The tuned run factor scales what the posture sets: the title's set is
  // what the level plays, not the default.
  EXPECT_DOUBLE_EQ(shipped.weights().run, explicit_set.weights().run);
  EXPECT_DOUBLE_EQ(shipped.weights().objective, explicit_set.weights().objective);
  EXPECT_NE(shipped.weights().objective, base.weights().objective);
  // The same evaluator on a game without a set of its own goes back to its base.
  const core::Game plain = rtr_game_with("", 6);
  shipped.prepare(plain.view_for(Side::Confederate), Side::Confederate, "");
  base.prepare(plain.view_for(Side::Confederate), Side::Confederate, "");
  EXPECT_TRUE(shipped.weights_name().empty());
  EXPECT_DOUBLE_EQ(shipped.weights().objective, base.weights().objective);

  // The levels, as they play the game's first decision (the Confederate's
  // Movement Phase): ai-normal plays the set; given weights of its own, or
  // as ai-easy or ref-2026, a player keeps its own.
  // Set to play without the title's set (`title-weights=0`), a level keeps
  // the default set under these rules too.
  auto played = [&](const std::string& level, bool own_weights, const std::string& settings = "") {
    ai::AiConfig c = ai::named_ai_config(level, 1).value();
    c.node_budget = 40;
    c.rollout_nodes = 20;
    if (own_weights) c.weights = ai::shipped_weights().confederate_side;
    if (!settings.empty()) {
      EXPECT_EQ(ai::apply_settings(settings, c), "");
    }
    ai::AiPlayer p(c);
    p.choose(g);
    return std::string(p.weights_name());
  };
  ASSERT_EQ(g.to_act(), Side::Confederate);
  EXPECT_EQ(played("ai-normal", false), "tournament");
  EXPECT_EQ(played("ai-normal", true), "");
  EXPECT_EQ(played("ai-easy", false), "");
  EXPECT_EQ(played("ref-2026", false), "");
  EXPECT_EQ(played("ai-normal", false, "title-weights=0"), "");
  EXPECT_EQ(played("ai-hard", false, "rollouts=1,title-weights=0"), "");
  EXPECT_EQ(played("ai-hard", false, "rollouts=1,title-weights=1"), "tournament");
}

study::TuneSpec tiny_spec(int jobs) {
  study::TuneSpec spec;
  spec.games = 2;
  spec.iterations = 1;
  spec.jobs = jobs;
  spec.seed = 4;
  spec.node_budget = 40;
  // The node budget alone decides: the 2 s safety cap is wall clock, and a
  // loaded machine (sanitizers, a busy CI) could reach it in one run only.
  spec.player = "ai-normal@time-cap=60";
  spec.against = {"greedy"};
  spec.make_game = [](uint64_t seed) { return core::Result<core::Game>(rtr_game(seed)); };
  return spec;
}

TEST(AiTuner, TuningIsDeterministicWhateverTheThreads) {
  const study::TuneResult a = study::run_tune(tiny_spec(1), {}).value();
  const study::TuneResult b = study::run_tune(tiny_spec(2), {}).value();
  ASSERT_EQ(a.rows.size(), 1u);
  ASSERT_EQ(b.rows.size(), 1u);
  EXPECT_EQ(a.rows[0].games, 2);
  EXPECT_EQ(a.rows[0].errors, 0);
  EXPECT_EQ(study::tune_log_line(a.rows[0]), study::tune_log_line(b.rows[0]));
  EXPECT_TRUE(same(a.weights, b.weights));
  // Only the Union's weights were tuned.
  for (const ai::WeightParam& p : ai::tuned_params())
    EXPECT_EQ(a.weights.confederate_side.*p.field, ai::TunedWeights{}.confederate_side.*p.field);
}

// A pool of opponents deals each side's games among its members, each share a
// match of its own; a pool of one is the plain match.
TEST(AiTuner, APoolSharesEachSidesGamesAmongItsMembers) {
  const std::vector<study::PoolShare> one = study::pool_games(4, 1, 99);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].games, 4);
  EXPECT_EQ(one[0].seed, 99u);
  const std::vector<study::PoolShare> three = study::pool_games(5, 3, 99);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[0].games + three[1].games + three[2].games, 5);
  EXPECT_EQ(three[0].games, 2);
  EXPECT_EQ(three[2].games, 1);
  EXPECT_EQ(three[0].seed, 99u);
  EXPECT_NE(three[1].seed, three[0].seed);
  EXPECT_NE(three[2].seed, three[1].seed);
  // The second member is played: the same seeds against another player give
  // another measurement.
  study::TuneSpec a = tiny_spec(2);
  a.against = {"random", "greedy"};
  study::TuneSpec b = a;
  b.against = {"random", "random"};
  const study::TuneResult ra = study::run_tune(a, {}).value();
  const study::TuneResult rb = study::run_tune(b, {}).value();
  EXPECT_EQ(ra.rows[0].games, 2);
  EXPECT_NE(study::tune_log_line(ra.rows[0]), study::tune_log_line(rb.rows[0]));
  // The same pool gives the same row whatever the threads.
  a.jobs = 1;
  EXPECT_EQ(study::tune_log_line(study::run_tune(a, {}).value().rows[0]),
            study::tune_log_line(ra.rows[0]));
}

// A run stopped and resumed plays the iterations the whole run would have.
TEST(AiTuner, AResumedRunPlaysWhatTheWholeRunWouldHave) {
  study::TuneSpec spec = tiny_spec(2);
  spec.games = 1;
  spec.iterations = 3;
  const study::TuneResult whole = study::run_tune(spec, {}).value();
  ASSERT_EQ(whole.rows.size(), 3u);
  // Stopped after the first iteration (whose iterate the whole run's first
  // row is: the run is deterministic), resumed for one more.
  study::TuneSpec rest = spec;
  rest.history = {whole.rows[0].theta};
  rest.stop_after = 1;
  const study::TuneResult b = study::run_tune(rest, {}).value();
  ASSERT_EQ(b.rows.size(), 1u);
  EXPECT_EQ(b.rows[0].iteration, 2);
  EXPECT_EQ(b.rows[0].theta, whole.rows[1].theta);
  EXPECT_EQ(study::tune_log_line(b.rows[0]), study::tune_log_line(whole.rows[1]));
  // Resumed after two, the average covers the iterations before the stop too.
  rest.history.push_back(b.rows[0].theta);
  rest.stop_after = 0;
  const study::TuneResult c = study::run_tune(rest, {}).value();
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_EQ(study::tune_log_line(c.rows[0]), study::tune_log_line(whole.rows[2]));
  EXPECT_TRUE(same(c.weights, whole.weights));
  // Iterates that do not fit the run are refused before any game.
  study::TuneSpec wrong = spec;
  wrong.history = {std::vector<double>(whole.rows[0].theta.size() + 1, 1.0)};
  EXPECT_FALSE(study::run_tune(wrong, {}).ok());
  wrong.history = {whole.rows[0].theta};
  wrong.history[0][0] = 1e9;
  EXPECT_FALSE(study::run_tune(wrong, {}).ok());
}

TEST(AiTuner, TheTuneCommandWritesTheWeightsAndTheLog) {
  const fs::path out = bg::test::fresh_temp_dir("bluegray_tune");
  const std::string bin = std::string(BLUEGRAY_BINARY);
  auto run = [](const std::string& cmd) {
    return std::system((cmd + " > /dev/null 2>&1").c_str());
  };
  ASSERT_EQ(run(bin +
                " tune --title road-to-richmond --games 1 --iterations 2 --seed 5 "
                "--budget 40 --jobs 2 --against greedy --out " +
                out.string()),
            0);
  std::ifstream w(out / "weights.txt", std::ios::binary);
  std::ostringstream wt;
  wt << w.rdbuf();
  EXPECT_TRUE(ai::parse_weights(wt.str()).ok()) << wt.str();
  std::ifstream log(out / "tune_log.csv");
  std::string header, line;
  std::getline(log, header);
  EXPECT_EQ(header.rfind("iteration,", 0), 0u);
  EXPECT_NE(header.find("union.risk_factor"), std::string::npos);
  int rows = 0;
  while (std::getline(log, line)) ++rows;
  EXPECT_EQ(rows, 2);
  // The weights file plays in a tournament; a bad one is refused.
  EXPECT_EQ(run(bin +
                " tournament --union ai-normal --confederate random --games 1 --budget 40 "
                "--quiet --weights " +
                (out / "weights.txt").string() + " --out " + (out / "t").string()),
            0);
  std::ofstream(out / "bad.txt") << "format = 1\nunion.zone = 9\n";
  EXPECT_NE(run(bin +
                " tournament --union ai-normal --confederate random --games 1 --quiet "
                "--weights " +
                (out / "bad.txt").string() + " --out " + (out / "t2").string()),
            0);
  EXPECT_NE(run(bin + " tune --side north --out " + (out / "x").string()), 0);
  // A pool: each member needs a game; the run's settings name the pool.
  const std::string pool = bin +
                           " tune --title road-to-richmond --iterations 1 --seed 5 --budget 40 "
                           "--against greedy --against random --out ";
  EXPECT_NE(run(pool + (out / "p1").string() + " --games 1"), 0);
  ASSERT_EQ(run(pool + (out / "p2").string() + " --games 2"), 0);
  std::ifstream st(out / "p2" / "tune_state.json");
  std::ostringstream state;
  state << st.rdbuf();
  EXPECT_NE(state.str().find("\"against\": \"greedy + random\""), std::string::npos);
}

std::string file_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream t;
  t << in.rdbuf();
  return t.str();
}

// `tune --stop-after` then `tune --resume` writes the files one whole run writes.
TEST(AiTuner, TheTuneCommandResumesAStoppedRunExactly) {
  const fs::path out = bg::test::fresh_temp_dir("bluegray_tune_resume");
  const std::string bin = std::string(BLUEGRAY_BINARY);
  auto run = [](const std::string& cmd) {
    return std::system((cmd + " > /dev/null 2>&1").c_str());
  };
  const std::string tune = bin +
                           " tune --title road-to-richmond --games 1 --iterations 3 --seed 6 "
                           "--budget 40 --against greedy --quiet";
  ASSERT_EQ(run(tune + " --jobs 2 --out " + (out / "whole").string()), 0);
  const fs::path part = out / "part";
  ASSERT_EQ(run(tune + " --stop-after 1 --out " + part.string()), 0);
  const std::string after_one = file_text(part / "tune_state.json");
  // Starting afresh over a run, or resuming it with other settings, is refused
  // and leaves it as it was.
  EXPECT_NE(run(tune + " --out " + part.string()), 0);
  EXPECT_NE(run(bin +
                " tune --title road-to-richmond --games 1 --iterations 3 --seed 7 "
                "--budget 40 --against greedy --quiet --resume --out " +
                part.string()),
            0);
  EXPECT_EQ(file_text(part / "tune_state.json"), after_one);
  // Resumed (with another --jobs, which changes nothing), it ends where the whole run did.
  ASSERT_EQ(run(tune + " --jobs 2 --resume --out " + part.string()), 0);
  for (const char* f : {"tune_log.csv", "weights.txt", "tune_state.json"})
    EXPECT_EQ(file_text(part / f), file_text(out / "whole" / f)) << f;
  // A complete run resumed plays nothing; a damaged state is refused.
  EXPECT_EQ(run(tune + " --resume --out " + part.string()), 0);
  EXPECT_EQ(file_text(part / "tune_log.csv"), file_text(out / "whole" / "tune_log.csv"));
  const std::vector<std::string> damaged_states = {
      "{\"format\": \"bluegray-tune-state\"",
      "{\"format\": 7, \"version\": \"1\"}",
      "{\"format\": \"bluegray-tune-state\", \"version\": 1, \"rows\": []}",
      "{\"format\": \"bluegray-tune-state\", \"version\": 1, \"rows\": [], \"run\": 3}",
      "[]",
      std::string(100000, '[') + std::string(100000, ']')};  // nested past any real state
  for (const std::string& damaged : damaged_states) {
    std::ofstream(part / "tune_state.json", std::ios::trunc) << damaged;
    // Refused (exit 2), not thrown on.
    const int status = run(tune + " --resume --out " + part.string());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << damaged.substr(0, 80);
  }
  EXPECT_NE(run(tune + " --resume --out " + (out / "none").string()), 0);
}

// A plan of 3 000 nodes for the side to act in a Road to Richmond game.
ai::Genome plan_3000(const core::Game& view, Side me, ai::OepParams p, ai::PlanStats& stats) {
  ai::Evaluator ev;
  ev.prepare(view, me, "");
  ai::MoveSpace space;
  space.build(view, ev, 6);
  p.budget = 3000;
  p.population = 24;
  ai::Rng rng(5);
  return ai::oep_plan(space, ev, view.state(), p, rng, &stats);
}

// ai-hard's anytime planning: what the polish leaves of the node budget goes
// to restarts, which only keep a better plan; the node budget, not the clock,
// decides, so the plan is the same on every run.
TEST(AiAnytime, RestartsSpendTheBudgetAndNeverLoseToThePlanWithout) {
  const core::Game g = rtr_game(11);
  const Side me = *g.to_act();
  const core::Game view = g.view_for(me);
  auto plan = [&](bool restarts, ai::PlanStats& stats) {
    ai::OepParams p;
    p.time_cap_s = 0;  // no clock: the node budget alone
    p.restarts = restarts;
    return plan_3000(view, me, p, stats);
  };
  ai::PlanStats off, on, again;
  plan(false, off);
  const ai::Genome a = plan(true, on);
  const ai::Genome b = plan(true, again);
  ASSERT_LT(off.nodes, 3000) << "the polish must converge early for this test to mean anything";
  EXPECT_EQ(on.nodes, 3000);
  EXPECT_GT(on.restarts, 0);
  EXPECT_GE(on.best, off.best);
  EXPECT_EQ(a, b);
  EXPECT_EQ(on.best, again.best);
}

// The plan's time cap counts on the phase's clock when the player gives it
// one (the clock its checks of the finalists share): a phase whose time is
// spent already stops planning at the first look at the clock, where the
// plan's own clock would have let it spend its whole node budget.
TEST(AiAnytime, ThePlanCountsItsTimeCapOnThePhasesClock) {
  const core::Game g = rtr_game(11);
  const Side me = *g.to_act();
  const core::Game view = g.view_for(me);
  ai::OepParams p;
  p.time_cap_s = 600;  // far more than 3 000 nodes take, even under a sanitizer
  p.restarts = true;
  ai::PlanStats own, spent_stats;
  plan_3000(view, me, p, own);
  const ai::PhaseClock spent(std::chrono::steady_clock::now() - std::chrono::seconds(900));
  p.clock = &spent;
  plan_3000(view, me, p, spent_stats);
  EXPECT_FALSE(own.time_capped);
  EXPECT_EQ(own.nodes, 3000);
  EXPECT_TRUE(spent_stats.time_capped);
  EXPECT_LT(spent_stats.nodes, 100);
}

// How many of the finalists put every unit where another finalist does:
// repeats of one plan on the board.
int board_repeats(const core::Game& view, Side me, const ai::PlanStats& stats) {
  ai::Evaluator ev;
  ev.prepare(view, me, "");
  ai::MoveSpace space;
  space.build(view, ev, 6);
  std::vector<core::Position> seen;
  int repeats = 0;
  for (const auto& [value, genome] : stats.finalists) {
    core::GameState ws = view.state();
    space.decode(genome, ws);
    bool again = false;
    for (const core::Position& p : seen) again = again || p == ws.pos;
    repeats += again;
    seen.push_back(ws.pos);
  }
  return repeats;
}

// ai-hard's finalists, which its rollouts play on, are each a different plan
// on the board; the genomes alone are distinct, and a planner that only asks
// that reports the same plan more than once. The plan itself is the same.
TEST(AiFinalists, DistinctPositionsReportsEachPlanOnTheBoardOnce) {
  const core::Game g = rtr_game(11);
  const Side me = *g.to_act();
  const core::Game view = g.view_for(me);
  ai::OepParams p;
  p.time_cap_s = 0;
  p.finalists = 12;
  ai::PlanStats genomes, boards;
  const ai::Genome a = plan_3000(view, me, p, genomes);
  p.distinct_positions = true;
  const ai::Genome b = plan_3000(view, me, p, boards);
  ASSERT_GT(board_repeats(view, me, genomes), 0)
      << "the position must give repeats for this test to mean anything";
  EXPECT_EQ(board_repeats(view, me, boards), 0);
  EXPECT_EQ(a, b);
  ASSERT_FALSE(boards.finalists.empty());
  EXPECT_EQ(boards.finalists.front().second, b);
  EXPECT_EQ(boards.finalists.size(), genomes.finalists.size())
      << "the population holds 12 plans different on the board";
  for (size_t i = 1; i < boards.finalists.size(); ++i)
    EXPECT_LE(boards.finalists[i].first, boards.finalists[0].first);
}

}  // namespace
}  // namespace bg::test
