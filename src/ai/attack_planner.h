// Attack planning for the combat phase. Candidates are built from the core's
// attack options: each enemy hex with every subset of the adjacent stacks
// (7.22: a stack attacks as a whole), with and without bombarding artillery
// (8.1), and multi-hex attacks where one stack faces several hexes that must
// be attacked (7.3). Each is checked by the engine (Game::preview_attack also
// refuses an attack that would strand an obligation, 7.23) and valued by the
// CRT at its best column (7.9). The best is declared first; after it resolves
// the phase is planned again from the new position. Obligations that only a
// losing attack can meet get the cheapest one: the diversionary attack (7.5).
//
// How the phase is planned (AttackPlanning): ref-2026 and the greedy baseline
// keep best-first as it was; the levels meet their obligations first when the
// best attack is a voluntary one not worth making; coordinated planning (the
// attack declared is the best of the set of attacks, disjoint in units and
// hexes, that meets every obligation with the greatest total value) is an
// option, measured in docs/ai.md.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_config.h"
#include "ai/attack_value.h"
#include "ai/evaluation.h"
#include "core/game.h"

namespace bg::ai {

struct PlannedAttack {
  core::Action action;
  AttackValue value;
  AttackStakes stakes;  // what each result wins or costs (value is read from them)
  int computed_column = 0;
  int attack = 0, defence = 0;
  bool obligated = false;  // meets a 7.11/7.12 obligation
  bool diversion = false;  // an obligated attack at a loss, keeping strength for better ones
  int plan_size = 0;       // coordinated: the attacks planned together with this one
  double plan_total = 0;   // and their expected total (VP)
  std::string why;         // one line for the explanation
};

class AttackPlanner {
 public:
  // The attack to declare next on `view` (the phasing side's view, combat
  // phase, no decision pending), or nothing if the phase should end.
  std::optional<PlannedAttack> next(const core::Game& view, Evaluator& ev);
  int previews() const { return previews_; }
  void set_planning(AttackPlanning p) { planning_ = p; }
  // Whether an attack is valued on the die the exclusive rules' change
  // leaves (AttackPlan::die_modifier, FR 9's ratings) or on the printed
  // row, as ref-2026 and the greedy baseline were measured.
  void set_reads_die_modifier(bool on) { reads_die_modifier_ = on; }
  // Search nodes the last coordinated plan used (0: best-first).
  int search_nodes() const { return nodes_; }
  // After next() chose `chosen`: the best other attacks it weighed, one per
  // set of hexes attacked other than the chosen one's, best first, at most
  // `k`, each ready to declare (its column asked for, 7.9). Empty under
  // best-first planning, which keeps no candidates.
  void alternatives(const core::Game& view, const PlannedAttack& chosen, size_t k,
                    std::vector<PlannedAttack>& out) const;

 private:
  // A legal candidate attack, with the obligations it meets as bits.
  struct Candidate {
    PlannedAttack p;
    double score = 0;
    std::bitset<core::kMaxUnits> units;
    uint64_t hexes = 0;  // bits of targets_
    uint64_t items = 0;  // bits of the obligations it meets (items_)
  };
  void consider(const core::Game& view, Evaluator& ev, const core::Action& a,
                const core::Obligations& ob, std::optional<PlannedAttack>& best);
  // The candidate to declare first from the best covering set, or -1.
  int coordinate(const core::Game& view, const core::Obligations& ob);
  // The steps of next(): every attack on one hex (each subset of its
  // adjacent stacks, with and without the artillery that can bombard it),
  // every multi-hex attack an obligation asks for, the planning's choice
  // among the candidates, and the bombarding artillery that adds nothing
  // taken out of the chosen attack.
  void consider_single_hex(const core::Game& view, Evaluator& ev, const core::Obligations& ob,
                           std::optional<PlannedAttack>& best);
  void consider_multi_hex(const core::Game& view, Evaluator& ev, const core::Obligations& ob,
                          std::optional<PlannedAttack>& best);
  void apply_planning(const core::Game& view, const core::Obligations& ob,
                      std::optional<PlannedAttack>& best);
  void keep_idle_artillery(const core::Game& view, Evaluator& ev, PlannedAttack& best);
  void search(const std::bitset<core::kMaxUnits>& units, uint64_t hexes, uint64_t covered,
              double value);
  bool index_candidate(const core::Game& view, const core::Obligations& ob, Candidate& c);
  std::vector<core::AttackOption> options_;
  std::vector<core::HexId> hexes_;
  std::vector<Candidate> cands_;
  std::vector<core::HexId> targets_;
  std::vector<core::HexId> items_;  // obligated attacker hexes, then defender hexes
  std::vector<int> order_, chosen_, best_set_;
  std::vector<double> item_bound_;
  uint64_t need_ = 0;
  double best_total_ = 0;
  int nodes_ = 0;
  int previews_ = 0;
  bool reads_die_modifier_ = true;
  AttackPlanning planning_ = AttackPlanning::BestFirst;
};

// A line describing an attack: who, where, odds, result chances.
std::string describe_attack(const core::Game& view, const PlannedAttack& p);

}  // namespace bg::ai
