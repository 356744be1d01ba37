// The Combat Phase's canonical family of attacks. The full set of legal
// attacks is combinatorial (attacker subsets x defending groups x bombarding
// artillery x voluntary odds, 7.9), so the generator lists a finite family
// holding a representative of every attack shape a player would consider:
//
// - targets: every attackable enemy hex, and every group of two or more of the
//   attackable hexes around one friendly hex (7.25 / DG 8.43);
// - attackers: the stacks adjacent to every hex of the target (a stack is the
//   units of one hex able to join this attack, bombarding artillery there
//   included); every non-empty subset of them, whole stacks first (1977 7.22:
//   a stack attacks as one), then under DG 8.42, where a unit may sit out,
//   every variant with some stacks reduced to one of their units;
// - artillery in range with Line of Sight elsewhere (8.1 / DG 8.7): all of it
//   bombarding or none, and all of it alone against a single hex (8.13);
// - the computed odds (no voluntary reduction, 7.9 / DG 8.8).
//
// Each candidate is checked by plan_attack (which also refuses attacks that
// would strand an obligation, 7.23); at most kMaxAttacksPerTarget are kept and
// kMaxAttackTriesPerTarget checked per target, whole-stack shapes first.
#include <algorithm>
#include <bit>

#include "core/legal_actions.h"

namespace bg::core {

namespace {

const AttackOption* option_for(const std::vector<AttackOption>& opts, HexId h) {
  for (const AttackOption& o : opts)
    if (o.hex == h) return &o;
  return nullptr;
}

bool in(const StaticVector<UnitIndex, kMaxCombatUnits>& v, UnitIndex u) {
  return v.contains(u);
}

void add_all(StaticVector<UnitIndex, kMaxCombatUnits>& to,
             const StaticVector<UnitIndex, kMaxCombatUnits>& from) {
  for (UnitIndex u : from)
    if (!to.full()) to.push_back(u);
}

}  // namespace

void LegalActionGenerator::attack_targets(const Game& g, std::vector<AttackTarget>& out) {
  out.clear();
  const GameState& st = g.state();
  if (st.phase != Phase::Combat || !st.pending.empty() || st.closing) return;
  attack_options(g.context(), st, g.board(), options_);
  targets_from_options(g, out);
}

void LegalActionGenerator::target_attacks(const Game& g, const AttackTarget& t,
                                          std::vector<Action>& out) {
  const GameState& st = g.state();
  if (st.phase != Phase::Combat || !st.pending.empty() || st.closing) return;
  attack_options(g.context(), st, g.board(), options_);
  attacks_on(g, t, out);
}

void LegalActionGenerator::targets_from_options(const Game& g, std::vector<AttackTarget>& out) {
  out.clear();
  for (const AttackOption& o : options_) {
    AttackTarget t;
    t.hexes.push_back(o.hex);
    out.push_back(t);
  }
  // Groups: the hexes around each friendly hex whose units could attack them.
  const Position& pos = g.position();
  std::vector<HexId>& friends = around_;  // reused: friendly hexes, then targets around one
  friends.clear();
  for (const AttackOption& o : options_)
    for (UnitIndex u : o.adjacent)
      if (std::find(friends.begin(), friends.end(), pos.units[u].hex) == friends.end())
        friends.push_back(pos.units[u].hex);
  std::sort(friends.begin(), friends.end());
  const size_t nfriends = friends.size();
  for (size_t f = 0; f < nfriends; ++f) {
    const HexId from = friends[f];
    StaticVector<HexId, kMaxCombatHexes> near;
    for (const AttackOption& o : options_) {
      bool touches = false;
      for (UnitIndex u : o.adjacent) touches = touches || pos.units[u].hex == from;
      if (!touches || near.full()) continue;
      near.push_back(o.hex);
      // Kept in hex order (by hand: GCC 12 -O3 misreads std::sort on it).
      for (size_t i = near.size() - 1; i > 0 && near[i] < near[i - 1]; --i)
        std::swap(near[i], near[i - 1]);
    }
    const unsigned n = static_cast<unsigned>(near.size());
    for (unsigned mask = 1; mask < (1u << n); ++mask) {
      if (std::popcount(mask) < 2) continue;
      AttackTarget t;
      for (unsigned i = 0; i < n; ++i)
        if (mask & (1u << i)) t.hexes.push_back(near[i]);
      const bool dup = std::any_of(out.begin(), out.end(),
                                   [&](const AttackTarget& x) { return x.hexes == t.hexes; });
      if (!dup) out.push_back(t);
    }
  }
}

// The target's stacks (units adjacent to every hex of it, with the bombarding
// artillery of their hexes) and the artillery elsewhere that can bombard it.
void LegalActionGenerator::gather(const Game& g, const AttackTarget& t) {
  stacks_.clear();
  artillery_.clear();
  const Position& pos = g.position();
  const AttackOption* first = option_for(options_, t.hexes[0]);
  if (!first) return;
  StaticVector<UnitIndex, kMaxCombatUnits> ground, bombard;
  for (UnitIndex u : first->adjacent) {
    bool all = true;
    for (HexId h : t.hexes) {
      const AttackOption* o = option_for(options_, h);
      all = all && o && in(o->adjacent, u);
    }
    if (all) ground.push_back(u);
  }
  for (HexId h : t.hexes)
    if (const AttackOption* o = option_for(options_, h))
      for (UnitIndex u : o->artillery)
        if (!in(bombard, u) && !bombard.full()) bombard.push_back(u);
  for (UnitIndex u : ground) {
    const HexId h = pos.units[u].hex;
    auto it =
        std::find_if(stacks_.begin(), stacks_.end(), [&](const Stack& s) { return s.hex == h; });
    if (it == stacks_.end()) {
      stacks_.push_back(Stack{h, {}});
      it = stacks_.end() - 1;
    }
    it->units.push_back(u);
  }
  for (UnitIndex u : bombard) {
    const HexId h = pos.units[u].hex;
    auto it =
        std::find_if(stacks_.begin(), stacks_.end(), [&](const Stack& s) { return s.hex == h; });
    if (it != stacks_.end()) {
      it->units.push_back(u);  // 7.22: it joins its stack's attack
    } else {
      artillery_.push_back(u);
    }
  }
  std::sort(stacks_.begin(), stacks_.end(),
            [](const Stack& a, const Stack& b) { return a.hex < b.hex; });
}

void LegalActionGenerator::try_attack(const Game& g, const Action& a, std::vector<Action>& out) {
  if (kept_ >= kMaxAttacksPerTarget || tries_ >= kMaxAttackTriesPerTarget) return;
  ++tries_;
  if (plan_attack(g.context(), g.state(), g.board(), a.units, a.hexes, -1)) {
    out.push_back(a);
    ++kept_;
  }
}

void LegalActionGenerator::attacks_on(const Game& g, const AttackTarget& t,
                                      std::vector<Action>& out) {
  kept_ = 0;
  tries_ = 0;
  gather(g, t);
  Action a;
  a.kind = ActionKind::Attack;
  a.hexes = t.hexes;
  const unsigned k = static_cast<unsigned>(std::min<size_t>(stacks_.size(), 16));
  for (unsigned mask = 1; mask < (1u << k); ++mask) {
    a.units.clear();
    for (unsigned i = 0; i < k; ++i)
      if (mask & (1u << i)) add_all(a.units, stacks_[i].units);
    try_attack(g, a, out);
    if (artillery_.empty()) continue;
    add_all(a.units, artillery_);
    try_attack(g, a, out);
  }
  if (!artillery_.empty() && t.hexes.size() == 1) {
    a.units = artillery_;  // a bombardment alone (8.1, 8.13)
    try_attack(g, a, out);
  }
  if (g.rules().dg()) dg_variants(g, a, out);
}

// DG 8.42: a unit of a stack may sit out an attack its stack-mate makes. For
// every subset of stacks, every way of reducing some of them to one of their
// units (whole stacks were listed already).
void LegalActionGenerator::dg_variants(const Game& g, Action& a, std::vector<Action>& out) {
  const unsigned k = static_cast<unsigned>(std::min<size_t>(stacks_.size(), 16));
  StaticVector<unsigned, 16> chosen, choice;  // stack indices; 0 whole, j the j-th unit alone
  for (unsigned mask = 1; mask < (1u << k); ++mask) {
    chosen.clear();
    choice.clear();
    bool reducible = false;
    for (unsigned i = 0; i < k; ++i)
      if (mask & (1u << i)) {
        chosen.push_back(i);
        choice.push_back(0);
        reducible = reducible || stacks_[i].units.size() > 1;
      }
    if (!reducible) continue;
    // Mixed-radix count over the choices, skipping the all-whole one.
    for (;;) {
      size_t d = 0;
      for (; d < chosen.size(); ++d) {
        const size_t m = stacks_[chosen[d]].units.size();
        const unsigned radix = m > 1 ? static_cast<unsigned>(m) + 1 : 1;
        if (++choice[d] < radix) break;
        choice[d] = 0;
      }
      if (d == chosen.size()) break;  // wrapped round: every variant done
      a.units.clear();
      for (size_t i = 0; i < chosen.size(); ++i) {
        const Stack& s = stacks_[chosen[i]];
        if (choice[i] == 0) {
          add_all(a.units, s.units);
        } else {
          a.units.push_back(s.units[choice[i] - 1]);
        }
      }
      try_attack(g, a, out);
      if (!artillery_.empty()) {
        add_all(a.units, artillery_);
        try_attack(g, a, out);
      }
      if (kept_ >= kMaxAttacksPerTarget || tries_ >= kMaxAttackTriesPerTarget) return;
    }
  }
}

}  // namespace bg::core
