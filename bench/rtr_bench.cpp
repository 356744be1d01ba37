// Road to Richmond from the real set-up: a whole random-legal game (the unit of
// work of the balance study and the AI's rollouts) and the reach of a
// turn-one reinforcement with its doubled allowance.
#include <benchmark/benchmark.h>

#include "ai/random_player.h"
#include "ai/scenario_gen.h"
#include "titles/road_to_richmond/rtr_setup.h"

namespace {

using namespace bg::core;

Game rtr(bool revised) {
  bg::titles::rtr::RtrSetup s;
  s.options.exclusive = revised ? bg::titles::rtr::ExclusiveEdition::Revised
                                : bg::titles::rtr::ExclusiveEdition::Spi1977;
  auto g = bg::titles::rtr::make_road_to_richmond(s);
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

}  // namespace
