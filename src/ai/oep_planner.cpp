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

// One run of oep_plan: the plan's space, its evaluation and budget, and the
// population evolved; each step below is one stage of the search.
class OepRun {
 public:
  OepRun(MoveSpace& space, Evaluator& ev, const GameState& base, const OepParams& params, Rng& rng,
         const PhaseClock& clock)
      : space_(space),
        ev_(ev),
        base_(base),
        params_(params),
        rng_(rng),
        units_(space.units()),
        n_(units_.size()),
        budget_(std::max(params.budget, 2), params.time_cap_s, clock) {}

  Genome plan(PlanStats* stats) {
    Genome greedy = space_.greedy();
    local_.greedy = fitness(greedy);
    local_.stay = fitness(space_.stay());
    if (n_ == 0) {
      if (stats) *stats = local_;
      return greedy;
    }
    seed_population(greedy);
    evolve();
    size_t bi = 0;
    for (size_t i = 1; i < pop_.size(); ++i)
      if (fit_[i] > fit_[bi]) bi = i;
    Genome best = pop_[bi];
    double best_fit = fit_[bi];
    polish(best, best_fit);
    restart(best, best_fit);
    local_.best = best_fit;
    if (params_.finalists > 0) collect_finalists(best, best_fit, greedy);
    local_.nodes = budget_.used();
    local_.time_capped = budget_.capped();
    if (stats) *stats = local_;
    return best;
  }

 private:
  double fitness(const Genome& g) {
    ws_ = base_;
    space_.decode(g, ws_);
    budget_.spend();
    return ev_.evaluate(ws_);
  }

  uint8_t random_option(size_t i) {
    return static_cast<uint8_t>(rng_.below(static_cast<int>(units_[i].options.size())));
  }

  // Greedy, standing still, and greedy with about a third of the units on
  // another option, up to the population's size.
  void seed_population(const Genome& greedy) {
    const int pop_size =
        std::clamp(std::min(params_.population, std::max(params_.budget / 4, 4)), 4, 64);
    pop_.push_back(greedy);
    fit_.push_back(local_.greedy);
    pop_.push_back(space_.stay());
    fit_.push_back(local_.stay);
    while (static_cast<int>(pop_.size()) < pop_size && budget_.left()) {
      Genome g = greedy;
      for (size_t i = 0; i < n_; ++i)
        if (rng_.chance(0.3)) g[i] = random_option(i);
      fit_.push_back(fitness(g));
      pop_.push_back(std::move(g));
    }
  }

  // The population's indices, best first (ties in population order).
  void rank() {
    order_.resize(pop_.size());
    std::iota(order_.begin(), order_.end(), 0);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](size_t a, size_t b) { return fit_[a] > fit_[b]; });
  }

  // Generations until the last quarter of the budget: the better half kept,
  // the rest bred from it by uniform crossover and one or two mutations.
  void evolve() {
    const int polish_from = params_.budget - params_.budget / 4;
    while (budget_.left() && budget_.used() < polish_from) {
      rank();
      const size_t keep = std::max<size_t>(2, pop_.size() / 2);
      std::vector<Genome> next;
      std::vector<double> next_fit;
      for (size_t i = 0; i < keep; ++i) {
        next.push_back(pop_[order_[i]]);
        next_fit.push_back(fit_[order_[i]]);
      }
      while (next.size() < pop_.size() && budget_.left()) {
        const Genome& a = next[static_cast<size_t>(rng_.below(static_cast<int>(keep)))];
        const Genome& b = next[static_cast<size_t>(rng_.below(static_cast<int>(keep)))];
        Genome child(n_);
        for (size_t i = 0; i < n_; ++i) child[i] = rng_.chance(0.5) ? a[i] : b[i];
        const int mutations = 1 + rng_.below(2);
        for (int m = 0; m < mutations; ++m) {
          const size_t i = static_cast<size_t>(rng_.below(static_cast<int>(n_)));
          child[i] = random_option(i);
        }
        next_fit.push_back(fitness(child));
        next.push_back(std::move(child));
      }
      pop_ = std::move(next);
      fit_ = std::move(next_fit);
      ++local_.generations;
    }
  }

  // Hill-climb: try every option of every unit on the plan.
  void polish(Genome& plan, double& plan_fit) {
    for (bool improved = true; improved && budget_.left();) {
      improved = false;
      for (size_t i = 0; i < n_ && budget_.left(); ++i) {
        const uint8_t cur = plan[i];
        for (size_t j = 0; j < units_[i].options.size() && budget_.left(); ++j) {
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
  }

  // Anytime: the polish converged with budget left; kick the best plan (an
  // eighth of its units to other options) and climb again. Only a better
  // plan is kept, so the result never loses to the one without restarts.
  void restart(Genome& best, double& best_fit) {
    while (params_.restarts && budget_.left()) {
      Genome kicked = best;
      const size_t kicks = std::max<size_t>(1, n_ / 8);
      for (size_t m = 0; m < kicks; ++m) {
        const size_t i = static_cast<size_t>(rng_.below(static_cast<int>(n_)));
        kicked[i] = random_option(i);
      }
      double kicked_fit = fitness(kicked);
      polish(kicked, kicked_fit);
      if (kicked_fit > best_fit + 1e-9) {
        best = std::move(kicked);
        best_fit = kicked_fit;
      }
      ++local_.restarts;
    }
  }

  // Where each unit of the plan ends: the plan as the board sees it.
  std::vector<UnitState> placement(const Genome& g) {
    ws_ = base_;
    space_.decode(g, ws_);
    std::vector<UnitState> at(n_);
    for (size_t i = 0; i < n_; ++i) at[i] = ws_.pos.units[units_[i].unit];
    return at;
  }

  // A finalist unless there are enough, or it is one already (as a genome,
  // or with distinct_positions, on the board).
  void add_finalist(double f, const Genome& g) {
    if (static_cast<int>(local_.finalists.size()) >= params_.finalists) return;
    for (const auto& done : local_.finalists)
      if (done.second == g) return;
    if (params_.distinct_positions) {
      std::vector<UnitState> at = placement(g);
      for (const auto& p : placed_)
        if (p == at) return;
      placed_.push_back(std::move(at));
    }
    local_.finalists.emplace_back(f, g);
  }

  // The polished plan, then the population's best others, then greedy and
  // standing still: candidates for a check the evaluation cannot make.
  void collect_finalists(const Genome& best, double best_fit, const Genome& greedy) {
    add_finalist(best_fit, best);
    rank();
    for (size_t i : order_) add_finalist(fit_[i], pop_[i]);
    add_finalist(local_.greedy, greedy);
  }

  MoveSpace& space_;
  Evaluator& ev_;
  const GameState& base_;
  const OepParams& params_;
  Rng& rng_;
  const std::vector<UnitChoices>& units_;
  const size_t n_;
  Budget budget_;
  GameState ws_;
  PlanStats local_;
  std::vector<Genome> pop_;
  std::vector<double> fit_;
  std::vector<size_t> order_;
  std::vector<std::vector<UnitState>> placed_;
};

}  // namespace

Genome oep_plan(MoveSpace& space, Evaluator& ev, const GameState& base, const OepParams& params,
                Rng& rng, PlanStats* stats) {
  const PhaseClock own;
  OepRun run(space, ev, base, params, rng, params.clock ? *params.clock : own);
  return run.plan(stats);
}

}  // namespace bg::ai
