// Attack planning for the combat phase. Candidates are built from the core's
// attack options: each enemy hex with every subset of the adjacent stacks
// (7.22: a stack attacks as a whole), with and without bombarding artillery
// (8.1), and multi-hex attacks where one stack faces several hexes that must
// be attacked (7.3). Each is checked by the engine (Game::preview_attack also
// refuses an attack that would strand an obligation, 7.23) and valued by the
// CRT at its best column (7.9). The best is declared first; after it resolves
// the phase is planned again from the new position. Obligations that only a
// losing attack can meet get the cheapest one: the diversionary attack (7.5).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ai/attack_value.h"
#include "ai/evaluation.h"
#include "core/game.h"

namespace bg::ai {

struct PlannedAttack {
  core::Action action;
  AttackValue value;
  int computed_column = 0;
  int attack = 0, defence = 0;
  bool obligated = false;  // meets a 7.11/7.12 obligation
  bool diversion = false;  // an obligated attack at a loss, keeping strength for better ones
  std::string why;         // one line for the explanation
};

class AttackPlanner {
 public:
  // The attack to declare next on `view` (the phasing side's view, combat
  // phase, no decision pending), or nothing if the phase should end.
  std::optional<PlannedAttack> next(const core::Game& view, Evaluator& ev);
  int previews() const { return previews_; }

 private:
  void consider(const core::Game& view, Evaluator& ev, const core::Action& a,
                const core::Obligations& ob, std::optional<PlannedAttack>& best);
  std::vector<core::AttackOption> options_;
  std::vector<core::HexId> hexes_;
  int previews_ = 0;
};

// A line describing an attack: who, where, odds, result chances.
std::string describe_attack(const core::Game& view, const PlannedAttack& p);

}  // namespace bg::ai
