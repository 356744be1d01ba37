// The computer player: the time to plan a whole movement phase at each level
// (node budget, one core) and the evaluation's throughput (nodes per second),
// from a Game-Turn Four position of Road to Richmond reached by the AI itself.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <string>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/player_settings.h"
#include "ai/reference.h"
#include "ai_bench.h"
#include "titles/new_params.h"
#include "titles/road_to_richmond/rtr_setup.h"

namespace {

// CPU time of this thread: on a shared machine the wall clock measures the
// other jobs too, the "one core" of the budget is this.
double thread_cpu_s() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

using namespace bg::core;

Game road_to_richmond() {
  bg::titles::rtr::RtrSetup s;
  auto made = bg::titles::rtr::make_road_to_richmond(s);
  if (!made) std::abort();
  return std::move(*made);
}

// The Union movement phase of Game-Turn Four (both armies engaged).
const Game& midgame() {
  static const Game g = [] {
    Game game = road_to_richmond();
    bg::ai::AiConfig c;
    c.level = bg::ai::Level::Easy;
    bg::ai::AiPlayer u(c), cf(c);
    while (!game.over() &&
           !(game.state().turn == 4 && game.state().phasing == Side::Union &&
             game.state().phase == Phase::Movement && game.state().pending.empty())) {
      const auto side = game.to_act();
      const Action a = (*side == Side::Union ? u : cf).choose(game);
      if (!game.apply(a).ok()) std::abort();
    }
    return game;
  }();
  return g;
}

void BM_AiMovementPlan(benchmark::State& state) {
  const Game& g = midgame();
  const auto level = static_cast<bg::ai::Level>(state.range(0));
  int64_t nodes = 0;
  for (auto _ : state) {
    bg::ai::AiConfig c;
    c.level = level;
    c.time_cap_s = 0;
    bg::ai::AiPlayer p(c);
    benchmark::DoNotOptimize(p.choose(g));  // plans the whole phase
    nodes += p.last_nodes();
  }
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(nodes) / static_cast<double>(state.iterations()));
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AiMovementPlan)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// Every Movement Phase of whole games from `start`, the player `config(seed)`
// against itself (both sides): the mean and the longest time to plan a phase
// (the first choice of a phase plans it; later ones only issue its orders).
// "cpu ms/phase" counts this thread's CPU time only (what the phase costs on
// one core of its own). An iteration is a whole game, so the benchmark's time
// is a whole game (wall clock) and "cpu s/game" that game's CPU time on this
// thread: every decision of both sides, the combat and retreat choices too.
template <class Config>
void time_phases(benchmark::State& state, const Game& start, Config config) {
  double total = 0, longest = 0, cpu_total = 0, cpu_longest = 0, cpu_games = 0;
  int64_t phases = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    Game g = start;
    const bg::ai::AiConfig c = config(seed++);
    bg::ai::AiPlayer u(c), cf(c);
    int last_turn = -1;
    Side last_side = Side::Union;
    for (int i = 0; i < 20000 && !g.over(); ++i) {
      const auto side = g.to_act();
      const bool plans = g.state().phase == Phase::Movement && g.state().pending.empty() &&
                         (g.state().turn != last_turn || *side != last_side);
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = thread_cpu_s();
      const Action a = (*side == Side::Union ? u : cf).choose(g);
      const double dt =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = thread_cpu_s() - c0;
      cpu_games += cpu;
      if (plans) {
        last_turn = g.state().turn;
        last_side = *side;
        total += dt;
        longest = std::max(longest, dt);
        cpu_total += cpu;
        cpu_longest = std::max(cpu_longest, cpu);
        ++phases;
      }
      if (!g.apply(a).ok()) break;
    }
  }
  state.counters["ms/phase"] = benchmark::Counter(1000 * total / static_cast<double>(phases));
  state.counters["max ms/phase"] = benchmark::Counter(1000 * longest);
  state.counters["cpu ms/phase"] =
      benchmark::Counter(1000 * cpu_total / static_cast<double>(phases));
  state.counters["max cpu ms/phase"] = benchmark::Counter(1000 * cpu_longest);
  state.counters["phases"] = benchmark::Counter(static_cast<double>(phases));
  state.counters["cpu s/game"] =
      benchmark::Counter(cpu_games / static_cast<double>(state.iterations()));
}

// `base` with each game's seed: time_phases' `config`.
auto seeded(const bg::ai::AiConfig& base) {
  return [base](uint64_t seed) {
    bg::ai::AiConfig c = base;
    c.seed = seed;
    return c;
  };
}

// The level of the benchmark's argument with `time_cap_s`, seeded.
auto level_config(const benchmark::State& state, double time_cap_s) {
  bg::ai::AiConfig c;
  c.level = static_cast<bg::ai::Level>(state.range(0));
  c.time_cap_s = time_cap_s;
  return seeded(c);
}

// Road to Richmond, Game-Turns 1-20, with the 2 s wall-clock cap on, as in play.
void BM_AiPhasesOfAGame(benchmark::State& state) {
  time_phases(state, road_to_richmond(), level_config(state, bg::ai::AiConfig{}.time_cap_s));
}
BENCHMARK(BM_AiPhasesOfAGame)->Arg(0)->Arg(1)->Arg(2)->Iterations(3)->Unit(benchmark::kSecond);

// Four Roads to Richmond's Fredericksburg, the largest battle a level plans
// (both armies' whole orders of battle on the map), through the title
// registry as every front end makes it. The wall-clock cap is lifted so the
// figures say what a phase costs by its node budget alone, whether or not
// that fits in the 2 s allowance.
void BM_AiPhasesFredericksburg(benchmark::State& state) {
  auto p = bg::titles::defaults_for("four-roads", "fredericksburg");
  if (!p) std::abort();
  auto made = bg::titles::make_game(*p);
  if (!made) std::abort();
  time_phases(state, *made, level_config(state, 0));  // 0: no clock cap, the node budget alone
}
BENCHMARK(BM_AiPhasesFredericksburg)->Arg(1)->Arg(2)->Iterations(1)->Unit(benchmark::kSecond);

// A whole AI-vs-AI game at the easy level (the unit of work of the balance study).
void BM_AiGameEasy(benchmark::State& state) {
  const Game start = road_to_richmond();
  uint64_t seed = 1;
  for (auto _ : state) {
    Game g = start;
    bg::ai::AiConfig c;
    c.level = bg::ai::Level::Easy;
    c.seed = seed++;
    bg::ai::AiPlayer u(c), cf(c);
    for (int i = 0; i < 20000 && !g.over(); ++i) {
      const auto side = g.to_act();
      if (!g.apply((*side == Side::Union ? u : cf).choose(g)).ok()) break;
    }
    benchmark::DoNotOptimize(g.state().vp);
  }
}
BENCHMARK(BM_AiGameEasy)->Unit(benchmark::kMillisecond);

// How far one finalist's rollouts spread (AiPlayer::rollout_spread), as the
// dice left them and with their combat luck taken off (rollout-luck): two
// games of `hard` (an ai-hard, seeded 11) against ai-normal, one from each
// side, the clock cap lifted, under the 1977 exclusive rules or the revised
// ones. "sd rolled" and "sd luckless" are the pooled standard deviations
// within a finalist, in VP; "..., dice in common" what is left of the first
// round's once each finalist's mean and each rollout's (its dice) are taken
// out, the part that decides between finalists.
void rollout_spread(benchmark::State& state, bg::ai::AiConfig hard, bool revised) {
  bg::titles::rtr::RtrSetup s;
  if (revised) s.options.exclusive = bg::titles::rtr::ExclusiveEdition::Revised;
  auto made = bg::titles::rtr::make_road_to_richmond(s);
  if (!made) std::abort();
  bg::ai::AiPlayer::RolloutSpread total;
  for (auto _ : state) {
    for (Side side : {Side::Union, Side::Confederate}) {
      Game g = *made;
      bg::ai::AiConfig h = hard, n;
      n.level = bg::ai::Level::Normal;
      h.time_cap_s = n.time_cap_s = 0;
      h.seed = 11;
      n.seed = 12;
      bg::ai::AiPlayer ph(h), pn(n);
      for (int i = 0; i < 20000 && !g.over(); ++i) {
        const auto to_act = g.to_act();
        if (!g.apply((*to_act == side ? ph : pn).choose(g)).ok()) break;
      }
      total += ph.rollout_spread();
    }
  }
  auto sd = [](double ss, long dof) {
    return benchmark::Counter(std::sqrt(ss / static_cast<double>(std::max(1L, dof))));
  };
  state.counters["sd rolled"] = sd(total.rolled, total.dof);
  state.counters["sd luckless"] = sd(total.luckless, total.dof);
  state.counters["dof"] = benchmark::Counter(static_cast<double>(total.dof));
  state.counters["sd rolled, dice in common"] = sd(total.common_rolled, total.common_dof);
  state.counters["sd luckless, dice in common"] = sd(total.common_luckless, total.common_dof);
}

// The shipped ai-hard: 1977 rules (0), revised (1).
void BM_RolloutSpread(benchmark::State& state) {
  bg::ai::AiConfig h;
  h.level = bg::ai::Level::Hard;
  rollout_spread(state, h, state.range(0) == 1);
}
BENCHMARK(BM_RolloutSpread)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

std::string register_player_phases(const std::string& spec) {
  const bg::ai::PlayerSpec p = bg::ai::parse_player_spec(spec);
  const auto base = bg::ai::named_ai_config(p.base, 1);
  if (!base || p.has_posture || p.base == bg::ai::kReference2026)
    return "--ai-player '" + spec + "': a level (ai-easy, ai-normal, ai-hard), settings optional";
  bg::ai::AiConfig cfg = *base;
  if (std::string why = p.has_settings ? bg::ai::apply_settings(p.settings, cfg) : ""; !why.empty())
    return "--ai-player '" + spec + "': " + why;
  benchmark::RegisterBenchmark(
      ("BM_AiPhasesOfAGame/" + spec).c_str(),
      [cfg](benchmark::State& state) { time_phases(state, road_to_richmond(), seeded(cfg)); })
      ->Iterations(3)
      ->Unit(benchmark::kSecond);
  if (bg::ai::AiPlayer(cfg).config().rollouts > 0)
    for (const bool revised : {false, true})
      benchmark::RegisterBenchmark(
          ("BM_RolloutSpread/" + spec + (revised ? "/revised" : "/1977")).c_str(),
          [cfg, revised](benchmark::State& state) { rollout_spread(state, cfg, revised); })
          ->Iterations(1)
          ->Unit(benchmark::kSecond);
  return {};
}
