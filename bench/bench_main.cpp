// Benchmarks of the engine's hot paths on generated 24x28 mixed-terrain maps
// with 40 units (see src/study/scenario_gen.h). Timings never decide a test.
//
//   cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DBLUEGRAY_TESTS=OFF
//   ninja -C build-bench bluegray_bench && build-bench/bluegray_bench
//
// Targets: BM_Reach <= 5 us, BM_AttackOptions <= 200 us, BM_RandomGame >= 100
// games/s on one core.
//
// --ai-player=SPEC (repeatable) adds BM_AiPhasesOfAGame/SPEC: a candidate's
// time per Movement Phase, and its rollouts' spread (BM_RolloutSpread/SPEC/...,
// ai_bench.h), e.g.
//   bluegray_bench --ai-player=ai-hard@rollouts=6 --benchmark_filter=AiPhasesOfAGame
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ai/random_player.h"
#include "ai_bench.h"
#include "study/scenario_gen.h"

namespace {

using namespace bg::core;
using bg::ai::Rng;

Game scenario(uint64_t seed, int turns = 20) {
  bg::study::ScenarioOptions opt;
  opt.seed = seed;
  opt.turns = turns;
  return bg::study::make_scenario(opt);
}

// A game played on by the random player until `want` holds (or the game ends).
template <class Pred>
Game played_until(uint64_t seed, Pred want) {
  for (uint64_t s = seed; s < seed + 100; ++s) {
    Game g = scenario(s);
    bg::ai::RandomPlayer player;
    Rng rng(s);
    for (int i = 0; i < 5000 && !g.over(); ++i) {
      if (want(g)) return g;
      if (!g.apply(player.choose(g, rng)).ok()) break;
    }
  }
  std::fprintf(stderr, "no position found for the benchmark\n");
  std::abort();
}

void BM_Reach(benchmark::State& state) {
  const Game g = scenario(1);
  std::vector<UnitIndex> movers;
  for (int u = 0; u < g.position().count; ++u)
    if (g.roster()[u].side == g.state().phasing &&
        g.can_move(static_cast<UnitIndex>(u), false).ok())
      movers.push_back(static_cast<UnitIndex>(u));
  Reach reach;
  size_t i = 0, hexes = 0;
  (void)g.board();  // built once, as in play
  for (auto _ : state) {
    g.reach(movers[i], false, reach);
    hexes += reach.hexes().size();
    benchmark::DoNotOptimize(reach.hexes().data());
    if (++i == movers.size()) i = 0;
  }
  state.counters["hexes/unit"] =
      benchmark::Counter(static_cast<double>(hexes) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_Reach);

// A combat phase in contact: several attacks owed, several targets.
Game contact_position() {
  return played_until(7, [](const Game& g) {
    if (g.state().phase != Phase::Combat || !g.state().pending.empty()) return false;
    std::vector<AttackOption> opts;
    attack_options(g.context(), g.state(), g.board(), opts);
    return opts.size() >= 5 && g.obligations().attackers.size() >= 4;
  });
}

void BM_AttackOptions(benchmark::State& state) {
  const Game g = contact_position();
  std::vector<AttackOption> out;
  size_t n = 0;
  for (auto _ : state) {
    attack_options(g.context(), g.state(), g.board(), out);
    const Obligations ob = g.obligations();
    n += out.size();
    benchmark::DoNotOptimize(out.data());
    benchmark::DoNotOptimize(ob);
  }
  state.counters["targets"] =
      benchmark::Counter(static_cast<double>(n) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_AttackOptions);

// Preview (full validation, 7.11/7.12/7.23 checks included) of one owed attack.
void BM_PreviewAttack(benchmark::State& state) {
  const Game g = contact_position();
  bg::ai::RandomPlayer player(
      bg::ai::PlayerOptions{.voluntary_attack = 0, .artillery = 0, .reduce_odds = 0});
  Rng rng(1);
  const Action a = player.choose(g, rng);
  for (auto _ : state) {
    auto plan = g.preview_attack(a);
    benchmark::DoNotOptimize(plan);
  }
}
BENCHMARK(BM_PreviewAttack);

void BM_RandomGame(benchmark::State& state) {
  std::vector<Game> games;
  for (uint64_t s = 1; s <= 8; ++s) games.push_back(scenario(s, 20));
  uint64_t seed = 1;
  int64_t actions = 0, refused = 0;
  for (auto _ : state) {
    Game g = games[seed % games.size()];
    const auto stats = bg::ai::play_game(g, seed++, 100000);
    actions += stats.applied;
    refused += stats.refused;
    benchmark::DoNotOptimize(g.state().vp);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["actions/game"] =
      benchmark::Counter(static_cast<double>(actions) / static_cast<double>(state.iterations()));
  state.counters["refused"] = benchmark::Counter(static_cast<double>(refused));
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMillisecond);

void BM_CopyState(benchmark::State& state) {
  const Game g = contact_position();
  for (auto _ : state) {
    GameState copy = g.state();
    benchmark::DoNotOptimize(copy);
  }
  state.counters["bytes"] = benchmark::Counter(sizeof(GameState));
}
BENCHMARK(BM_CopyState);

void BM_BoardBuild(benchmark::State& state) {
  const Game g = contact_position();
  Board b;
  for (auto _ : state) {
    b.build(g.context(), g.position());
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_BoardBuild);

}  // namespace

// Google Benchmark's main, after taking out this program's own --ai-player
// options (the library refuses flags it does not know).
int main(int argc, char** argv) {
  constexpr std::string_view kPlayer = "--ai-player=";
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!arg.starts_with(kPlayer)) {
      argv[kept++] = argv[i];
      continue;
    }
    if (const std::string why = register_player_phases(std::string(arg.substr(kPlayer.size())));
        !why.empty()) {
      std::fprintf(stderr, "bluegray_bench: %s\n", why.c_str());
      return 2;
    }
  }
  argv[kept] = nullptr;  // argv[argc] is null, as main's always is
  argc = kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
