#include "ai/random_player.h"

#include <algorithm>

namespace bg::ai {

using namespace bg::core;

namespace {

Action end_action() {
  Action a;
  a.kind = ActionKind::End;
  return a;
}

ActionKind answer_kind(PendingKind k) {
  switch (k) {
    case PendingKind::Retreat:
      return ActionKind::Retreat;
    case PendingKind::Advance:
      return ActionKind::Advance;
    case PendingKind::Lose:
      return ActionKind::Lose;
    case PendingKind::Evade:
      return ActionKind::Evade;
  }
  return ActionKind::End;
}

// The "do nothing" answer to a decision: stay (8.16), decline (7.75), stand
// (DG 11.2).
bool passive(const Action& a) {
  switch (a.kind) {
    case ActionKind::Retreat:
      return a.hex == kNoHex;
    case ActionKind::Advance:
      return a.unit == kNoUnit;
    case ActionKind::Evade:
      return a.path.empty();
    default:
      return false;
  }
}

// Where a move or entry ends, for the player's own stacking policy.
HexId destination(const Game& g, const Action& a) {
  return a.path.empty() ? g.position().units[a.unit].hex : a.path.back();
}

}  // namespace

bool RandomPlayer::pick(Rng& rng, Action& out) const {
  if (picks_.empty()) return false;
  out = legal_[picks_[static_cast<size_t>(rng.below(static_cast<int>(picks_.size())))]];
  return true;
}

Action RandomPlayer::choose(const Game& g, Rng& rng) {
  const GameState& st = g.state();
  if (st.phase == Phase::Over) return end_action();
  if (!st.pending.empty()) return choose_pending(g, rng);
  if (st.phase == Phase::Movement) return choose_move(g, rng);
  return choose_combat(g, rng);
}

// One of the acting side's pending decisions, at random, and an answer to it:
// the passive answer with the configured chance, else any active one.
Action RandomPlayer::choose_pending(const Game& g, Rng& rng) {
  const GameState& st = g.state();
  gen_.generate(g, legal_);
  if (legal_.empty()) return end_action();
  const Side actor = st.pending.front().side;
  size_t n = 0;
  for (const Pending& p : st.pending) n += p.side == actor;
  size_t k = static_cast<size_t>(rng.below(static_cast<int>(n)));
  Pending p = st.pending.front();
  for (const Pending& q : st.pending)
    if (q.side == actor && k-- == 0) {
      p = q;
      break;
    }
  double passive_chance = 0;
  switch (p.kind) {
    case PendingKind::Retreat:
      passive_chance = opt_.stay_optional;
      break;
    case PendingKind::Advance:
      passive_chance = opt_.decline_advance;
      break;
    case PendingKind::Evade:
      passive_chance = opt_.evade_stand;
      break;
    case PendingKind::Lose:
      break;
  }
  const ActionKind kind = answer_kind(p.kind);
  const bool per_unit = p.kind == PendingKind::Retreat || p.kind == PendingKind::Evade;
  const bool go_passive = rng.chance(passive_chance);
  Action out;
  for (int pass = 0; pass < 2; ++pass) {
    picks_.clear();
    for (size_t i = 0; i < legal_.size(); ++i) {
      const Action& a = legal_[i];
      if (a.kind != kind || (per_unit && a.unit != p.unit)) continue;
      if (passive(a) == (go_passive == (pass == 0))) picks_.push_back(i);
    }
    if (pick(rng, out)) return out;
  }
  return rng.pick(legal_);  // a decision of another kind (never in play)
}

Action RandomPlayer::choose_move(const Game& g, Rng& rng) {
  const GameState& st = g.state();
  const Position& pos = g.position();
  const Board& b = g.board();
  Action a;
  if (rng.chance(opt_.scenario)) {
    legal_.clear();
    gen_.decisions(g, legal_);
    if (!legal_.empty()) return rng.pick(legal_);
  }
  // A stack over the limit (5.32; e.g. the 1977 set-up's four units in 1007)
  // must be thinned before the phase can end: move one of its units first.
  if (!LegalActionGenerator::may_end(g)) {
    units_.clear();
    for (int u = 0; u < pos.count; ++u) {
      const UnitState& s = pos.units[u];
      if (s.on_map() && g.roster()[u].side == st.phasing && b.units(st.phasing, s.hex) > 2)
        units_.push_back(static_cast<UnitIndex>(u));
    }
    if (move_some_unit(g, rng, a)) return a;
    gen_.generate(g, legal_);  // whatever else is legal
    return legal_.empty() ? end_action() : rng.pick(legal_);
  }
  if (!rng.chance(opt_.move)) return end_action();
  if (rng.chance(opt_.enter) && enter_reinforcement(g, rng, a)) return a;
  units_.clear();
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map() && g.roster()[u].side == st.phasing && !pos.units[u].has(kMoved))
      units_.push_back(static_cast<UnitIndex>(u));
  if (move_some_unit(g, rng, a)) return a;
  return end_action();
}

bool RandomPlayer::move_some_unit(const Game& g, Rng& rng, Action& out) {
  rng.shuffle(units_);
  const Board& b = g.board();
  size_t tried = 0;
  for (UnitIndex u : units_) {
    if (tried == 6) break;
    legal_.clear();
    gen_.unit_moves(g, u, legal_);
    if (legal_.empty()) continue;
    ++tried;
    const Side side = g.roster()[u].side;
    // Now and then leave the map by an exit hex; now and then move
    // strategically (DG 11.1) where that reaches further.
    const bool exit = rng.chance(opt_.exit);
    const bool strategic = rng.chance(opt_.strategic);
    for (int pass = 0; pass < 3; ++pass) {
      picks_.clear();
      for (size_t i = 0; i < legal_.size(); ++i) {
        const Action& a = legal_[i];
        if (pass == 0 && !(exit && a.exit_map)) continue;
        if (pass == 1 && !(strategic && a.strategic && !a.exit_map)) continue;
        if (pass == 2 && (a.strategic || a.exit_map)) continue;
        // Never end a move where the hex would hold three (5.32 is checked when
        // the phase ends under the 1977 rules; a random overstack could never
        // be undone).
        if (!a.exit_map && b.units(side, destination(g, a)) >= 2) continue;
        picks_.push_back(i);
      }
      if (pick(rng, out)) return true;
    }
  }
  return false;
}

// A reinforcement enters by one of its open entry hexes and moves on.
bool RandomPlayer::enter_reinforcement(const Game& g, Rng& rng, Action& out) {
  const GameState& st = g.state();
  const Position& pos = g.position();
  const ScenarioRules* sc = g.scenario();
  units_.clear();
  for (int u = 0; u < pos.count; ++u) {
    if (g.roster()[u].side != st.phasing) continue;
    const UnitStatus s = pos.units[u].status;
    // Waiting reinforcements, and exited units the scenario lets come back.
    if ((s == UnitStatus::OffMap && g.roster()[u].arrival_turn > 0) ||
        (s == UnitStatus::Exited && sc &&
         sc->may_reenter(g.context(), st, static_cast<UnitIndex>(u))))
      units_.push_back(static_cast<UnitIndex>(u));
  }
  rng.shuffle(units_);
  const Board& b = g.board();
  const size_t tries = std::min<size_t>(units_.size(), 4);
  for (size_t i = 0; i < tries; ++i) {
    const UnitIndex u = units_[i];
    legal_.clear();
    gen_.unit_entries(g, u, legal_);
    if (legal_.empty()) continue;
    // An entry hex at random, then a destination with room from it.
    const HexId entry = rng.pick(legal_).path[0];
    picks_.clear();
    for (size_t j = 0; j < legal_.size(); ++j) {
      const Action& a = legal_[j];
      if (a.path[0] != entry || a.exit_map) continue;
      if (b.units(g.roster()[u].side, a.path.back()) < 2) picks_.push_back(j);
    }
    if (pick(rng, out)) return true;
  }
  return false;
}

Action RandomPlayer::choose_combat(const Game& g, Rng& rng) {
  Action a;
  if (rng.chance(opt_.voluntary_attack) && attack(g, rng, false, a)) return a;
  if (!g.obligations().empty()) {
    if (attack(g, rng, true, a)) return a;
    gen_.generate(g, legal_);  // never in play: some generated attack meets them
    return legal_.empty() ? end_action() : rng.pick(legal_);
  }
  return end_action();
}

bool RandomPlayer::attack(const Game& g, Rng& rng, bool owed, Action& out) {
  gen_.attack_targets(g, targets_);
  if (targets_.empty()) return false;
  const Obligations ob = g.obligations();
  const Position& pos = g.position();
  const Map& map = g.map();
  auto meets = [&](const Action& a) {
    for (HexId h : a.hexes)
      if (ob.defenders.contains(h)) return true;
    for (UnitIndex u : a.units)
      if (ob.attackers.contains(pos.units[u].hex)) return true;
    return false;
  };
  // A target touches an obligation if it is owed an attack or stands next
  // to a hex that owes one.
  auto touches = [&](const AttackTarget& t) {
    for (HexId h : t.hexes) {
      if (ob.defenders.contains(h)) return true;
      for (int d = 0; d < kDirs; ++d)
        if (ob.attackers.contains(map.neighbour(h, static_cast<Dir>(d)))) return true;
    }
    return false;
  };
  rng.shuffle(targets_);
  int tried = 0;
  for (const AttackTarget& t : targets_) {
    if (!owed && tried == 3) break;
    if (owed && !touches(t)) continue;
    ++tried;
    legal_.clear();
    gen_.target_attacks(g, t, legal_);
    const bool artillery = rng.chance(opt_.artillery);
    for (int pass = 0; pass < 2; ++pass) {
      picks_.clear();
      for (size_t i = 0; i < legal_.size(); ++i) {
        const Action& a = legal_[i];
        if (owed && !meets(a)) continue;
        const bool has_art = std::any_of(a.units.begin(), a.units.end(), [&](UnitIndex u) {
          return g.roster()[u].type == UnitType::Artillery;
        });
        if (pass == 0 && has_art != artillery) continue;
        picks_.push_back(i);
      }
      if (pick(rng, out)) {
        maybe_reduce_odds(g, rng, out);
        return true;
      }
    }
  }
  return false;
}

void RandomPlayer::maybe_reduce_odds(const Game& g, Rng& rng, Action& a) {
  if (!rng.chance(opt_.reduce_odds)) return;
  const auto plan = g.preview_attack(a);
  if (!plan.ok() || plan->computed_column <= 0) return;
  a.column = static_cast<int8_t>(rng.below(plan->computed_column));
  if (!g.preview_attack(a).ok()) a.column = -1;  // e.g. DG 8.73: too low for artillery alone
}

Action choose(const Game& g, Rng& rng) {
  thread_local RandomPlayer player;
  return player.choose(g, rng);
}

PlayStats play_game(Game& g, uint64_t seed, int max_actions) {
  RandomPlayer player;
  Rng rng(seed);
  PlayStats stats;
  int consecutive = 0;
  while (!g.over() && stats.applied < max_actions) {
    Action a = player.choose(g, rng);
    if (consecutive >= 8) a = end_action();  // bounded: fall back on ending the phase
    if (g.apply(a).ok()) {
      ++stats.applied;
      consecutive = 0;
      continue;
    }
    ++stats.refused;
    if (++consecutive > 16) break;  // stuck: never loop forever
  }
  return stats;
}

}  // namespace bg::ai
