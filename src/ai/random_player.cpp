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

// Mirrors the checks of an advance after combat (7.75; 22.12, 22.14, 20.23) so
// the player offers only pairs the engine accepts.
bool advance_ok(const Game& g, UnitIndex u, HexId h) {
  const Map& map = g.map();
  const HexId from = g.position().units[u].hex;
  const auto dir = map.direction(from, h);
  if (!dir || !hexside_passable(map, from, *dir)) return false;
  const HexsideBits side = map.side(from, *dir);
  if (g.scenario() && g.scenario()->forbids_advance(g.context(), g.state(), u, from, h))
    return false;
  if (g.roster()[u].road_only && !(side & (kRoad | kTrail))) return false;
  if (g.scenario() && g.scenario()->forbids(g.context(), g.state(), u, h)) return false;  // 18.1
  const Terrain t = map.terrain(h);
  return t != Terrain::River && t != Terrain::Ferry;
}

// A hex a retreating cavalry unit may pass through before combat (DG 11.2).
bool evade_step_ok(const Game& g, UnitIndex u, HexId at, HexId next) {
  const Map& map = g.map();
  const Board& b = g.board();
  const auto dir = map.direction(at, next);
  if (!dir || !hexside_passable(map, at, *dir) || map.terrain(next) == Terrain::Ferry) return false;
  const Side s = g.roster()[u].side;
  return !b.occupied_by(other(s), next) && !b.enemy_zoc(s, next);
}

}  // namespace

Action RandomPlayer::choose(const Game& g, Rng& rng) {
  const GameState& st = g.state();
  if (st.phase == Phase::Over) return end_action();
  if (!st.pending.empty()) return choose_pending(g, rng);
  if (st.phase == Phase::Movement) return choose_move(g, rng);
  return choose_combat(g, rng);
}

Action RandomPlayer::choose_pending(const Game& g, Rng& rng) {
  const GameState& st = g.state();
  const Pending p = st.pending[static_cast<size_t>(rng.below(static_cast<int>(st.pending.size())))];
  Action a;
  switch (p.kind) {
    case PendingKind::Retreat: {
      a.kind = ActionKind::Retreat;
      a.unit = p.unit;
      const auto opts = g.retreat_options(p.unit);
      if (opts.empty() || (p.optional && rng.chance(opt_.stay_optional))) {
        a.hex = kNoHex;  // 8.16: bombarding artillery may stay
        return a;
      }
      const RetreatOption& o = rng.pick(opts);
      a.hex = o.hex;
      if (!o.displace.empty()) {
        // With a single candidate the engine also accepts no name at all.
        a.displace =
            (o.displace.size() == 1 && rng.chance(0.5))
                ? kNoUnit
                : o.displace[static_cast<size_t>(rng.below(static_cast<int>(o.displace.size())))];
      }
      return a;
    }
    case PendingKind::Advance: {
      a.kind = ActionKind::Advance;
      a.unit = kNoUnit;
      if (rng.chance(opt_.decline_advance)) return a;
      const Game::AdvanceChoice ch = g.advance_choice();
      std::vector<std::pair<UnitIndex, HexId>> pairs;
      for (UnitIndex u : ch.units)
        for (HexId h : ch.hexes)
          if (advance_ok(g, u, h)) pairs.emplace_back(u, h);
      if (pairs.empty()) return a;
      const auto& [u, h] = rng.pick(pairs);
      a.unit = u;
      a.hex = h;
      return a;
    }
    case PendingKind::Lose: {
      // Exchange (7.6): a random minimal set of the attacking units whose
      // printed strengths reach the loss (the engine refuses surplus units).
      a.kind = ActionKind::Lose;
      const CombatRecord& c = st.combat;
      units_.clear();
      int eligible_total = 0;
      for (size_t i = 0; i < c.attackers.size(); ++i) {
        const UnitIndex u = c.attackers[i];
        if (!c.bombarding[i] && g.position().units[u].on_map()) {
          units_.push_back(u);
          eligible_total += g.roster()[u].strength;
        }
      }
      const int need = std::min(c.loss_required, eligible_total);
      rng.shuffle(units_);
      std::vector<UnitIndex> chosen;
      int total = 0;
      for (UnitIndex u : units_) {
        if (total >= need) break;
        chosen.push_back(u);
        total += g.roster()[u].strength;
      }
      for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < chosen.size(); ++i) {
          const int s = g.roster()[chosen[i]].strength;
          if (total - s >= need) {
            total -= s;
            chosen.erase(chosen.begin() + static_cast<long>(i));
            changed = true;
            break;
          }
        }
      }
      for (UnitIndex u : chosen) a.units.push_back(u);
      return a;
    }
    case PendingKind::Evade: {
      a.kind = ActionKind::Evade;
      a.unit = p.unit;
      if (rng.chance(opt_.evade_stand)) return a;  // empty path: stand
      const Map& map = g.map();
      const Board& b = g.board();
      const Side s = g.roster()[p.unit].side;
      const HexId start = g.position().units[p.unit].hex;
      std::vector<Path> paths;
      auto endable = [&](HexId h) { return h != start && b.units(s, h) < 2 && !b.sole(h); };
      for (int d = 0; d < kDirs; ++d) {
        const HexId n1 = map.neighbour(start, static_cast<Dir>(d));
        if (!map.on_map(n1) || !evade_step_ok(g, p.unit, start, n1)) continue;
        if (endable(n1)) {
          Path one;
          one.push_back(n1);
          paths.push_back(one);
        }
        for (int e = 0; e < kDirs; ++e) {
          const HexId n2 = map.neighbour(n1, static_cast<Dir>(e));
          if (!map.on_map(n2) || !evade_step_ok(g, p.unit, n1, n2) || !endable(n2)) continue;
          Path two;
          two.push_back(n1);
          two.push_back(n2);
          paths.push_back(two);
        }
      }
      if (!paths.empty()) a.path = rng.pick(paths);
      return a;
    }
  }
  return end_action();
}

Action RandomPlayer::choose_move(const Game& g, Rng& rng) {
  const GameState& st = g.state();
  const Position& pos = g.position();
  const RulesConfig& r = g.rules();
  const Board& b = g.board();
  // A stack over the limit (5.32; e.g. the 1977 set-up's four units in 1007)
  // must be thinned before the phase can end: move one of its units first.
  bool overstacked = false;
  units_.clear();
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitState& s = pos.units[u];
    if (!s.on_map() || s.has(kMoved) || g.roster()[ui].side != st.phasing) continue;
    if (b.units(st.phasing, s.hex) <= 2 || !g.can_move(ui, false).ok()) continue;
    overstacked = true;
    units_.push_back(ui);
  }
  if (!overstacked) {
    if (!rng.chance(opt_.move)) return end_action();
    if (rng.chance(opt_.enter)) {
      Action a;
      if (enter_reinforcement(g, rng, a)) return a;
    }
    for (int u = 0; u < pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      const UnitState& s = pos.units[u];
      if (!s.on_map() || s.has(kMoved) || g.roster()[ui].side != st.phasing) continue;
      if (!g.can_move(ui, false).ok()) continue;
      units_.push_back(ui);
    }
  }
  if (units_.empty()) return end_action();
  rng.shuffle(units_);
  const size_t tries = std::min<size_t>(units_.size(), 6);
  for (size_t i = 0; i < tries; ++i) {
    const UnitIndex u = units_[i];
    const Side side = g.roster()[u].side;
    bool strategic =
        r.dg() && r.strategic_movement && rng.chance(opt_.strategic) && g.can_move(u, true).ok();
    g.reach(u, strategic, reach_);
    hexes_.clear();
    // Never end a move where the hex would hold three (5.32 is checked when the
    // phase ends under the 1977 rules; a random overstack could never be undone).
    for (HexId h : reach_.hexes())
      if (b.units(side, h) < 2) hexes_.push_back(h);
    if (hexes_.empty()) continue;
    Action a;
    a.kind = ActionKind::Move;
    a.unit = u;
    a.strategic = strategic;
    a.path = reach_.path_to(rng.pick(hexes_));
    // Now and then leave the map by an exit hex on the way (17.1, 17.22).
    if (rng.chance(opt_.exit)) {
      const Map& map = g.map();
      const int ma = movement_allowance(g.context(), u, MoveOptions{});
      for (HexId h : reach_.hexes())
        if (map.is_exit(h) && reach_.cost(h) + 1 <= ma && !b.enemy_zoc(side, h) && !strategic) {
          a.path = reach_.path_to(h);
          a.exit_map = true;
          break;
        }
    }
    return a;
  }
  return end_action();
}

// A reinforcement enters by one of its open entry hexes and moves on (15.0).
bool RandomPlayer::enter_reinforcement(const Game& g, Rng& rng, Action& out) {
  const GameState& st = g.state();
  const Position& pos = g.position();
  units_.clear();
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (pos.units[u].status == UnitStatus::OffMap && g.roster()[ui].side == st.phasing &&
        g.roster()[ui].arrival_turn > 0)
      units_.push_back(ui);
  }
  rng.shuffle(units_);
  const Board& b = g.board();
  const size_t tries = std::min<size_t>(units_.size(), 4);
  for (size_t i = 0; i < tries; ++i) {
    const UnitIndex u = units_[i];
    const std::vector<HexId> entries = g.entry_options(u);
    if (entries.empty()) continue;
    const HexId entry = rng.pick(entries);
    if (!g.entry_reach(u, entry, reach_)) continue;
    const Side side = g.roster()[u].side;
    hexes_.clear();
    const bool stop_ok = b.units(side, entry) < 2 && !b.sole(entry) &&
                         !(g.roster()[u].sole_occupant && !b.empty(entry));
    if (stop_ok) hexes_.push_back(entry);
    for (HexId h : reach_.hexes())
      if (b.units(side, h) < 2) hexes_.push_back(h);
    if (hexes_.empty()) continue;
    const HexId to = rng.pick(hexes_);
    out = Action{};
    out.kind = ActionKind::Enter;
    out.unit = u;
    out.path.push_back(entry);
    if (to != entry)
      for (HexId h : reach_.path_to(to)) out.path.push_back(h);
    return true;
  }
  return false;
}

Action RandomPlayer::choose_combat(const Game& g, Rng& rng) {
  if (g.state().closing) return end_action();
  Action a;
  if (rng.chance(opt_.voluntary_attack) && voluntary_attack(g, rng, a)) return a;
  if (obligated_attack(g, rng, a)) return a;
  return end_action();
}

void RandomPlayer::add_stack(const Game& g, HexId h, Action& a) const {
  const Position& pos = g.position();
  const Context ctx = g.context();
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (!pos.units[u].on_map() || pos.units[u].hex != h) continue;
    if (!can_attack_now(ctx, g.state(), ui) || a.units.contains(ui) || a.units.full()) continue;
    a.units.push_back(ui);
  }
}

void RandomPlayer::maybe_add_artillery(const Game& g, Rng& rng, Action& a) {
  if (a.hexes.size() != 1 || !rng.chance(opt_.artillery)) return;
  attack_options(g.context(), g.state(), g.board(), options_);
  for (const AttackOption& o : options_) {
    if (o.hex != a.hexes[0]) continue;
    for (UnitIndex u : o.artillery)
      if (rng.chance(0.5) && !a.units.contains(u) && !a.units.full()) a.units.push_back(u);
  }
}

void RandomPlayer::maybe_reduce_odds(const Game& g, Rng& rng, Action& a) {
  a.column = -1;
  if (!rng.chance(opt_.reduce_odds)) return;
  const auto plan = g.preview_attack(a);
  if (plan.ok() && plan->computed_column > 0)
    a.column = static_cast<int8_t>(rng.below(plan->computed_column));
}

bool RandomPlayer::voluntary_attack(const Game& g, Rng& rng, Action& out) {
  attack_options(g.context(), g.state(), g.board(), options_);
  if (options_.empty()) return false;
  const Position& pos = g.position();
  for (int attempt = 0; attempt < 3; ++attempt) {
    const AttackOption o = rng.pick(options_);
    Action a;
    a.kind = ActionKind::Attack;
    a.hexes.push_back(o.hex);
    hexes_.clear();
    for (UnitIndex u : o.adjacent)
      if (std::find(hexes_.begin(), hexes_.end(), pos.units[u].hex) == hexes_.end())
        hexes_.push_back(pos.units[u].hex);
    for (HexId h : hexes_)
      if (rng.chance(0.6)) add_stack(g, h, a);
    for (UnitIndex u : o.artillery)
      if (rng.chance(0.6) && !a.units.contains(u) && !a.units.full()) a.units.push_back(u);
    if (a.units.empty()) continue;
    maybe_reduce_odds(g, rng, a);
    if (g.preview_attack(a).ok()) {
      out = a;
      return true;
    }
  }
  return false;
}

bool RandomPlayer::obligated_attack(const Game& g, Rng& rng, Action& out) {
  const Obligations ob = g.obligations();
  if (ob.empty()) return false;
  const Map& map = g.map();
  // The obligation graph: an edge wherever a must-attack hex could attack a
  // must-be-attacked hex (the same adjacency obligations() uses).
  edges_.clear();
  for (HexId a : ob.attackers) {
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = map.neighbour(a, dir);
      if (!map.on_map(n) || !ob.defenders.contains(n)) continue;
      if (!zoc_crosses(map, n, opposite(dir)) || !hexside_passable(map, a, dir)) continue;
      edges_.push_back(Edge{a, n});
    }
  }
  // Minimal edge cover: drop an edge while both ends keep another edge. What is
  // left is a forest of stars (every edge has an end of degree one).
  auto degree = [&](HexId h, bool attacker) {
    int n = 0;
    for (const Edge& e : edges_) n += attacker ? (e.a == h) : (e.d == h);
    return n;
  };
  rng.shuffle(edges_);
  for (size_t i = 0; i < edges_.size();) {
    if (degree(edges_[i].a, true) > 1 && degree(edges_[i].d, false) > 1) {
      edges_.erase(edges_.begin() + static_cast<long>(i));
    } else {
      ++i;
    }
  }
  struct Star {
    StaticVector<HexId, 6> att;
    StaticVector<HexId, 6> def;
  };
  std::vector<Star> stars;
  std::vector<HexId> centres;
  for (const Edge& e : edges_) {
    const bool att_centre = degree(e.a, true) > 1;
    const bool def_centre = !att_centre && degree(e.d, false) > 1;
    const HexId centre = att_centre ? e.a : e.d;
    if ((att_centre || def_centre) &&
        std::find(centres.begin(), centres.end(), centre) != centres.end())
      continue;
    Star s;
    if (att_centre) {
      s.att.push_back(e.a);
      for (const Edge& f : edges_)
        if (f.a == e.a) s.def.push_back(f.d);
    } else if (def_centre) {
      s.def.push_back(e.d);
      for (const Edge& f : edges_)
        if (f.d == e.d) s.att.push_back(f.a);
    } else {
      s.att.push_back(e.a);
      s.def.push_back(e.d);
    }
    if (att_centre || def_centre) centres.push_back(centre);
    stars.push_back(s);
  }
  rng.shuffle(stars);
  for (const Star& s : stars) {
    Action a;
    a.kind = ActionKind::Attack;
    for (HexId h : s.att) add_stack(g, h, a);
    for (HexId h : s.def) a.hexes.push_back(h);
    Action plain = a;
    maybe_add_artillery(g, rng, a);
    maybe_reduce_odds(g, rng, a);
    if (g.preview_attack(a).ok()) {
      out = a;
      return true;
    }
    if (g.preview_attack(plain).ok()) {
      out = plain;
      return true;
    }
  }
  return false;
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
