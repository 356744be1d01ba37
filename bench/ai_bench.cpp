// The computer player: the time to plan a whole movement phase at each level
// (node budget, one core) and the evaluation's throughput (nodes per second),
// from a Game-Turn Four position of Road to Richmond reached by the AI itself.
#include <benchmark/benchmark.h>

#include "ai/ai_player.h"
#include "titles/road_to_richmond/rtr_setup.h"

namespace {

using namespace bg::core;

// The Union movement phase of Game-Turn Four (both armies engaged).
const Game& midgame() {
  static const Game g = [] {
    bg::titles::rtr::RtrSetup s;
    auto made = bg::titles::rtr::make_road_to_richmond(s);
    if (!made) std::abort();
    Game game = std::move(*made);
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

// A whole AI-vs-AI game at the easy level (the unit of work of the balance study).
void BM_AiGameEasy(benchmark::State& state) {
  bg::titles::rtr::RtrSetup s;
  auto made = bg::titles::rtr::make_road_to_richmond(s);
  if (!made) std::abort();
  const Game start = std::move(*made);
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

}  // namespace
