#include "ai/oep_planner.h"

#include <algorithm>
#include <numeric>

namespace bg::ai {

using namespace bg::core;

namespace {

class Budget {
 public:
  Budget(int nodes, double cap_s, const PhaseClock& clock)
      : nodes_(nodes), cap_(cap_s), clock_(clock) {}
  bool spend() {
    ++used_;
    // Every sixteenth node: the cap is a safety net, not a bound per node.
    if ((used_ & 15) == 0 && clock_.past(cap_)) capped_ = true;
    return used_ < nodes_ && !capped_;
  }
  bool left() const { return used_ < nodes_ && !capped_; }
  int used() const { return used_; }
  bool capped() const { return capped_; }

 private:
  int nodes_;
  int used_ = 0;
  double cap_;
  bool capped_ = false;
  const PhaseClock& clock_;
};

}  // namespace

Genome oep_plan(MoveSpace& space, Evaluator& ev, const GameState& base, const OepParams& params,
                Rng& rng, PlanStats* stats) {
  const auto& units = space.units();
  const size_t n = units.size();
  GameState ws;
  const PhaseClock own;
  Budget budget(std::max(params.budget, 2), params.time_cap_s, params.clock ? *params.clock : own);
  auto fitness = [&](const Genome& g) {
    ws = base;
    space.decode(g, ws);
    budget.spend();
    return ev.evaluate(ws);
  };
  Genome greedy = space.greedy();
  PlanStats local;
  local.greedy = fitness(greedy);
  local.stay = fitness(space.stay());
  if (n == 0) {
    if (stats) *stats = local;
    return greedy;
  }
  auto random_option = [&](size_t i) {
    return static_cast<uint8_t>(rng.below(static_cast<int>(units[i].options.size())));
  };
  const int pop_size =
      std::clamp(std::min(params.population, std::max(params.budget / 4, 4)), 4, 64);
  std::vector<Genome> pop;
  std::vector<double> fit;
  pop.push_back(greedy);
  fit.push_back(local.greedy);
  pop.push_back(space.stay());
  fit.push_back(local.stay);
  while (static_cast<int>(pop.size()) < pop_size && budget.left()) {
    Genome g = greedy;
    for (size_t i = 0; i < n; ++i)
      if (rng.chance(0.3)) g[i] = random_option(i);
    fit.push_back(fitness(g));
    pop.push_back(std::move(g));
  }
  std::vector<size_t> order(pop.size());
  const int polish_from = params.budget - params.budget / 4;
  while (budget.left() && budget.used() < polish_from) {
    order.resize(pop.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return fit[a] > fit[b]; });
    const size_t keep = std::max<size_t>(2, pop.size() / 2);
    std::vector<Genome> next;
    std::vector<double> next_fit;
    for (size_t i = 0; i < keep; ++i) {
      next.push_back(pop[order[i]]);
      next_fit.push_back(fit[order[i]]);
    }
    while (next.size() < pop.size() && budget.left()) {
      const Genome& a = next[static_cast<size_t>(rng.below(static_cast<int>(keep)))];
      const Genome& b = next[static_cast<size_t>(rng.below(static_cast<int>(keep)))];
      Genome child(n);
      for (size_t i = 0; i < n; ++i) child[i] = rng.chance(0.5) ? a[i] : b[i];
      const int mutations = 1 + rng.below(2);
      for (int m = 0; m < mutations; ++m) {
        const size_t i = static_cast<size_t>(rng.below(static_cast<int>(n)));
        child[i] = random_option(i);
      }
      next_fit.push_back(fitness(child));
      next.push_back(std::move(child));
    }
    pop = std::move(next);
    fit = std::move(next_fit);
    ++local.generations;
  }
  size_t bi = 0;
  for (size_t i = 1; i < pop.size(); ++i)
    if (fit[i] > fit[bi]) bi = i;
  Genome best = pop[bi];
  double best_fit = fit[bi];
  // Polish: try every option of every unit on the plan.
  auto polish = [&](Genome& plan, double& plan_fit) {
    for (bool improved = true; improved && budget.left();) {
      improved = false;
      for (size_t i = 0; i < n && budget.left(); ++i) {
        const uint8_t cur = plan[i];
        for (size_t j = 0; j < units[i].options.size() && budget.left(); ++j) {
          if (j == cur) continue;
          plan[i] = static_cast<uint8_t>(j);
          const double f = fitness(plan);
          if (f > plan_fit + 1e-9) {
            plan_fit = f;
            improved = true;
          } else {
            plan[i] = cur;
          }
          if (plan[i] != cur) break;
        }
      }
    }
  };
  polish(best, best_fit);
  // Anytime: the polish converged with budget left; kick the best plan (an
  // eighth of its units to other options) and climb again. Only a better
  // plan is kept, so the result never loses to the one without restarts.
  while (params.restarts && budget.left()) {
    Genome kicked = best;
    const size_t kicks = std::max<size_t>(1, n / 8);
    for (size_t m = 0; m < kicks; ++m) {
      const size_t i = static_cast<size_t>(rng.below(static_cast<int>(n)));
      kicked[i] = random_option(i);
    }
    double kicked_fit = fitness(kicked);
    polish(kicked, kicked_fit);
    if (kicked_fit > best_fit + 1e-9) {
      best = std::move(kicked);
      best_fit = kicked_fit;
    }
    ++local.restarts;
  }
  local.best = best_fit;
  if (params.finalists > 0) {
    // The polished plan, then the population's best others, then greedy and
    // standing still: candidates for a check the evaluation cannot make.
    // Where each unit of the plan ends: the plan as the board sees it.
    std::vector<std::vector<UnitState>> placed;
    auto placement = [&](const Genome& g) {
      ws = base;
      space.decode(g, ws);
      std::vector<UnitState> at(n);
      for (size_t i = 0; i < n; ++i) at[i] = ws.pos.units[units[i].unit];
      return at;
    };
    auto add = [&](double f, const Genome& g) {
      if (static_cast<int>(local.finalists.size()) >= params.finalists) return;
      for (const auto& done : local.finalists)
        if (done.second == g) return;
      if (params.distinct_positions) {
        std::vector<UnitState> at = placement(g);
        for (const auto& p : placed)
          if (p == at) return;
        placed.push_back(std::move(at));
      }
      local.finalists.emplace_back(f, g);
    };
    add(best_fit, best);
    order.resize(pop.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return fit[a] > fit[b]; });
    for (size_t i : order) add(fit[i], pop[i]);
    add(local.greedy, greedy);
  }
  local.nodes = budget.used();
  local.time_capped = budget.capped();
  if (stats) *stats = local;
  return best;
}

}  // namespace bg::ai
