// Road to Richmond from the real set-up: a whole random-legal game (the unit of
// work of the balance study and the AI's rollouts), the reach of a turn-one
// reinforcement with its doubled allowance, and the legal-action generator.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <vector>

#include "ai/random_player.h"
#include "ai/scenario_gen.h"
#include "core/legal_actions.h"
#include "scenarios/rtr_setup.h"

namespace {

using namespace bg::core;

Game rtr(bool revised) {
  bg::scenarios::RtrSetup s;
  s.options.exclusive = revised ? Exclusive::Revised : Exclusive::Spi1977;
  auto g = bg::scenarios::make_road_to_richmond(s);
  if (!g) std::abort();
  return std::move(*g);
}

void BM_RtrRandomGame(benchmark::State& state) {
  const Game start = rtr(state.range(0) != 0);
  uint64_t seed = 1;
  int64_t actions = 0, refused = 0;
  for (auto _ : state) {
    Game g = start;
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
BENCHMARK(BM_RtrRandomGame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_RtrEntryReach(benchmark::State& state) {
  const Game g = rtr(false);
  const UnitIndex u = *g.find_unit("Rodes");
  const HexId entry = g.roster()[u].entry_hexes[0];
  Reach reach;
  for (auto _ : state) {
    auto cost = g.entry_reach(u, entry, reach);
    benchmark::DoNotOptimize(cost);
  }
  state.counters["hexes"] = benchmark::Counter(static_cast<double>(reach.hexes().size()));
}
BENCHMARK(BM_RtrEntryReach);

// A combat phase of Road to Richmond with the armies in contact (several
// targets, attacks owed), reached by random play from the set-up.
Game rtr_combat() {
  for (uint64_t seed = 1; seed < 100; ++seed) {
    Game g = rtr(false);
    bg::ai::RandomPlayer player;
    bg::ai::Rng rng(seed);
    std::vector<AttackOption> opts;
    for (int i = 0; i < 5000 && !g.over(); ++i) {
      if (g.state().phase == Phase::Combat && g.state().pending.empty() &&
          g.obligations().attackers.size() >= 4) {
        attack_options(g.context(), g.state(), g.board(), opts);
        if (opts.size() >= 6) return g;
      }
      if (!g.apply(player.choose(g, rng)).ok()) break;
    }
  }
  std::fprintf(stderr, "no combat position found for the benchmark\n");
  std::abort();
}

// Every legal action of the side to act: Arg 0, the Confederate Movement Phase
// of the set-up (every unit and reinforcement, every hex); Arg 1, a combat
// phase (the canonical attack family, each attack checked by plan_attack).
void BM_LegalActions(benchmark::State& state) {
  const Game g = state.range(0) == 0 ? rtr(false) : rtr_combat();
  LegalActionGenerator gen;
  std::vector<Action> out;
  (void)g.board();  // built once, as in play
  for (auto _ : state) {
    gen.generate(g, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["actions"] = benchmark::Counter(static_cast<double>(out.size()));
}
BENCHMARK(BM_LegalActions)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
