#include "study/tournament.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/rng.h"

namespace bg::study {

using namespace bg::core;
using ai::Player;
using ai::RandomAdapter;
using ai::splitmix64;

uint64_t game_seed(uint64_t seed, int index) {
  uint64_t x = seed * 0x100000001B3ull + static_cast<uint64_t>(index);
  return splitmix64(x) & 0x1FFFFFFFFFFFFFull;  // fits a save file's seed (2^53)
}

Proportion wilson(int k, int n, double z) {
  Proportion r;
  r.k = k;
  r.n = n;
  if (n == 0) return r;
  const double nn = n;
  const double p = k / nn;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  r.p = p;
  r.lo = std::max(0.0, centre - half);
  r.hi = std::min(1.0, centre + half);
  return r;
}

GameResult play_match_game(const TournamentSpec& spec, int index) {
  GameResult res;
  res.index = index;
  res.seed = game_seed(spec.seed, index);
  const auto start = std::chrono::steady_clock::now();
  auto made = spec.make_game(res.seed);
  if (!made.ok()) {
    res.error = made.error().message;
    return res;
  }
  Game g = std::move(*made);
  std::unique_ptr<Player> players[2] = {
      ai::make_player(spec.union_player, res.seed * 2 + 1, spec.node_budget,
                      spec.weights[0] ? &*spec.weights[0] : nullptr),
      ai::make_player(spec.confederate_player, res.seed * 2 + 2, spec.node_budget,
                      spec.weights[1] ? &*spec.weights[1] : nullptr)};
  RandomAdapter rescue(res.seed ^ 0xABCDEFull);
  int stuck = 0;
  while (!g.over() && res.actions < 20000) {
    const auto side = g.to_act();
    if (!side) break;
    Action a = players[static_cast<size_t>(*side)]->choose(g);
    auto applied = g.apply(a);
    if (applied.ok()) {
      ++res.actions;
      stuck = 0;
      continue;
    }
    if (res.first_refusal.empty())
      res.first_refusal = players[static_cast<size_t>(*side)]->name() + " turn " +
                          std::to_string(g.state().turn) + " action " +
                          std::to_string(static_cast<int>(a.kind)) + ": " + applied.error().rule +
                          " " + applied.error().message;
    // A refusal is a bug in a player: count it and let the random player
    // (and finally End) move the game on, so one bug does not void a match.
    ++res.refused;
    a = rescue.choose(g);
    if (!g.apply(a).ok()) {
      Action end;
      end.kind = ActionKind::End;
      if (!g.apply(end).ok() && ++stuck > 32) {
        res.error = "stuck";
        break;
      }
    } else {
      ++res.actions;
    }
  }
  const VictoryReport v = g.victory();
  res.vp = v.total;
  res.winner = v.winner;
  res.lines = v.lines;
  res.turn = g.state().turn;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

std::vector<int> shard_games(const TournamentSpec& spec) {
  std::vector<int> out;
  const int n = std::max(spec.shards, 1);
  for (int i = 0; i < spec.games; ++i)
    if (i % n == spec.shard - 1) out.push_back(i);
  return out;
}

TournamentResult run_tournament(const TournamentSpec& spec) {
  TournamentResult out;
  out.spec = spec;
  const std::vector<int> mine = shard_games(spec);
  const int count = static_cast<int>(mine.size());
  out.games.resize(mine.size());
  const auto start = std::chrono::steady_clock::now();
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::mutex mu;
  auto worker = [&] {
    for (;;) {
      const int i = next++;
      if (i >= count) return;
      out.games[static_cast<size_t>(i)] = play_match_game(spec, mine[static_cast<size_t>(i)]);
      const int d = ++done;
      if (spec.progress) {
        std::lock_guard<std::mutex> lock(mu);
        spec.progress(d, count);
      }
    }
  };
  const int jobs = std::clamp(spec.jobs, 1, 64);
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace bg::study
