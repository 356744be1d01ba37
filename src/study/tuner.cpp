#include "study/tuner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "study/tournament.h"

namespace bg::study {

using ai::tuned_params;
using ai::TunedWeights;
using ai::WeightParam;
using core::Side;

namespace {

// The vector's entries: each tuned side's tuned fields.
struct Slot {
  Side side;
  const WeightParam* param;
};

std::vector<Slot> slots(const std::vector<Side>& sides) {
  std::vector<Slot> out;
  for (Side s : sides)
    for (const WeightParam& p : tuned_params()) out.push_back({s, &p});
  return out;
}

TunedWeights apply(TunedWeights w, const std::vector<Slot>& sl, const std::vector<double>& x) {
  for (size_t i = 0; i < sl.size(); ++i) w.of(sl[i].side).*sl[i].param->field = x[i];
  return w;
}

struct Measure {
  double score = 0, fitness = 0;
  int games = 0, errors = 0;
};

// `w` playing each side of spec.sides against spec.against, on the match seed `seed`.
Measure measure(const TuneSpec& spec, const TunedWeights& w, uint64_t seed) {
  Measure m;
  const std::vector<PoolShare> shares =
      pool_games(spec.games, static_cast<int>(spec.against.size()), seed);
  for (Side s : spec.sides) {
    for (size_t member = 0; member < shares.size(); ++member) {
      if (shares[member].games == 0) continue;
      TournamentSpec t;
      const bool u = s == Side::Union;
      t.union_player = u ? spec.player : spec.against[member];
      t.confederate_player = u ? spec.against[member] : spec.player;
      t.games = shares[member].games;
      t.jobs = spec.jobs;
      t.seed = shares[member].seed;
      t.node_budget = spec.node_budget;
      t.make_game = spec.make_game;
      t.weights[static_cast<size_t>(s)] = w.of(s);
      for (const GameResult& g : run_tournament(t).games) {
        if (!g.error.empty()) {
          ++m.errors;
          continue;
        }
        const int x2 = !g.winner ? 1 : (*g.winner == s ? 2 : 0);
        const size_t me = static_cast<size_t>(s);
        m.score += x2 / 2.0;
        m.fitness += game_fitness(x2, g.vp[me] - g.vp[1 - me]);
        ++m.games;
      }
    }
  }
  if (m.games > 0) {
    m.score /= m.games;
    m.fitness /= m.games;
  }
  return m;
}

}  // namespace

std::vector<PoolShare> pool_games(int games, int members, uint64_t seed) {
  std::vector<PoolShare> out;
  for (int m = 0; m < members; ++m)
    out.push_back({games / members + (m < games % members ? 1 : 0),
                   m == 0 ? seed : game_seed(seed ^ 0x9001ull, m)});
  return out;
}

std::vector<std::string> tuned_names(const std::vector<Side>& sides) {
  std::vector<std::string> out;
  for (const Slot& s : slots(sides))
    out.push_back(std::string(core::side_name(s.side)) + "." + std::string(s.param->name));
  return out;
}

double game_fitness(int result_x2, int margin) {
  return result_x2 / 2.0 + 0.25 * std::tanh(margin / 100.0);
}

core::Result<TuneResult> run_tune(
    const TuneSpec& spec,
    const std::function<void(const TuneRow&, const TunedWeights&)>& on_iteration) {
  const std::vector<Slot> sl = slots(spec.sides);
  std::vector<double> start, lo, hi, step;
  for (const Slot& s : sl) {
    start.push_back(spec.start.of(s.side).*s.param->field);
    lo.push_back(s.param->lo);
    hi.push_back(s.param->hi);
    step.push_back(s.param->step);
  }
  SpsaParams sp = spec.spsa;
  sp.seed = spec.seed;
  Spsa spsa(start, lo, hi, step, sp);
  if (core::Status st = spsa.resume(spec.history); !st.ok()) return st.error();
  TuneResult out;
  out.weights = apply(spec.start, sl, spsa.average());
  const int end = spec.stop_after > 0
                      ? std::min(spec.iterations, spsa.iteration() + spec.stop_after)
                      : spec.iterations;
  for (int k = spsa.iteration(); k < end; ++k) {
    const Spsa::Probe p = spsa.probe();
    // Both candidates meet the same dice and opponent seeds.
    const uint64_t seed = game_seed(spec.seed ^ 0x7E57ull, k);
    const Measure plus = measure(spec, apply(spec.start, sl, p.plus), seed);
    const Measure minus = measure(spec, apply(spec.start, sl, p.minus), seed);
    spsa.update(p, plus.fitness, minus.fitness);
    TuneRow row;
    row.iteration = k + 1;
    row.ck = p.ck;
    row.ak = p.ak;
    row.score_plus = plus.score;
    row.score_minus = minus.score;
    row.fitness_plus = plus.fitness;
    row.fitness_minus = minus.fitness;
    row.games = plus.games;
    row.errors = plus.errors + minus.errors;
    row.theta = spsa.theta();
    out.rows.push_back(row);
    out.weights = apply(spec.start, sl, spsa.average());
    if (on_iteration) on_iteration(row, out.weights);
  }
  return out;
}

std::string tune_log_header(const std::vector<Side>& sides) {
  std::string h =
      "iteration,ck,ak,games,errors,score_plus,score_minus,score_mean,fitness_plus,fitness_minus";
  for (const std::string& n : tuned_names(sides)) h += "," + n;
  return h + "\n";
}

std::string tune_log_line(const TuneRow& r) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%d,%.4f,%.4f,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f", r.iteration, r.ck,
                r.ak, r.games, r.errors, r.score_plus, r.score_minus,
                (r.score_plus + r.score_minus) / 2, r.fitness_plus, r.fitness_minus);
  std::string line = buf;
  for (double t : r.theta) {
    std::snprintf(buf, sizeof buf, ",%.5g", t);
    line += buf;
  }
  return line + "\n";
}

}  // namespace bg::study
