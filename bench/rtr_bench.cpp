// Road to Richmond from the real set-up: a whole random-legal game (the unit of
// work of the balance study and the AI's rollouts), the reach of a turn-one
// reinforcement with its doubled allowance, and the legal-action generator.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <vector>

#include "ai/ai_player.h"
#include "ai/random_player.h"
#include "core/legal_actions.h"
#include "study/scenario_gen.h"
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

// A combat phase of Road to Richmond with the armies engaged: the first one
// from Game-Turn Four on with six hexes owing attacks, the AI (easy) playing
// both sides from the set-up (random play rarely comes to grips).
Game rtr_combat() {
  Game g = rtr(false);
  bg::ai::AiConfig c;
  c.level = bg::ai::Level::Easy;
  bg::ai::AiPlayer u(c), cf(c);
  while (!g.over()) {
    const GameState& st = g.state();
    if (st.turn >= 4 && st.phase == Phase::Combat && st.pending.empty() &&
        g.obligations().attackers.size() >= 6)
      return g;
    const auto side = g.to_act();
    if (!g.apply((*side == Side::Union ? u : cf).choose(g)).ok()) break;
  }
  std::fprintf(stderr, "no combat position found for the benchmark\n");
  std::abort();
}

// Every legal action of the side to act: Arg 0, the Confederate Movement Phase
// of the set-up (every unit and reinforcement, every hex); Arg 1, a combat
// phase in contact (the canonical attack family, each checked by plan_attack).
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
