#include "ai/move_candidates.h"

#include <algorithm>

#include "core/hex.h"

namespace bg::ai {

using namespace bg::core;

namespace {

int hex_distance(const Map& map, HexId a, HexId b) {
  return distance(map.coord(a), map.coord(b));
}

void keep_best(std::vector<MoveOption>& opts, size_t k) {
  std::stable_sort(opts.begin(), opts.end(),
                   [](const MoveOption& a, const MoveOption& b) { return a.score > b.score; });
  if (opts.size() > k) opts.resize(k);
}

}  // namespace

void MoveSpace::build(const Game& view, Evaluator& ev, int k) {
  view_ = &view;
  units_.clear();
  const GameState& st = view.state();
  const Position& pos = view.position();
  const Side me = st.phasing;
  const Board& b = view.board();
  const Map& map = view.map();
  const Context ctx = view.context();
  std::vector<MoveOption> opts;
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitDef& def = view.roster()[ui];
    const UnitState& us = pos.units[u];
    if (def.side != me || !us.on_map() || !view.can_move(ui, false).ok()) continue;
    view.reach(ui, false, reach_);
    if (reach_.hexes().empty()) continue;
    UnitChoices c;
    c.unit = ui;
    MoveOption stay;
    stay.score = ev.unit_score(ui, us.hex);
    c.options.push_back(stay);
    opts.clear();
    const int ma = movement_allowance(ctx, ui, MoveOptions{});
    for (HexId h : reach_.hexes()) {
      if (h == us.hex || (def.sole_occupant && !b.empty(h))) continue;
      MoveOption o;
      o.to = h;
      o.score = ev.unit_score(ui, h);
      opts.push_back(o);
      // Leaving the map (17.1): only when the schedule makes it pay.
      if (map.is_exit(h) && reach_.cost(h) + 1 <= ma && !b.enemy_zoc(me, h)) {
        const double v = ev.exit_value(st, ui, h);
        if (v > 0) {
          MoveOption x = o;
          x.exit = true;
          x.score = 1000 + v;
          opts.push_back(x);
        }
      }
    }
    // DG 11.1: far from the enemy, strategic movement reaches further (but
    // never within four hexes of an enemy unit); its extra hexes are options too.
    if (view.rules().dg() && view.rules().strategic_movement && view.can_move(ui, true).ok()) {
      view.reach(ui, true, strategic_);
      for (HexId h : strategic_.hexes()) {
        if (h == us.hex || reach_.contains(h) || (def.sole_occupant && !b.empty(h))) continue;
        MoveOption o;
        o.to = h;
        o.strategic = true;
        o.score = ev.unit_score(ui, h);
        opts.push_back(o);
      }
    }
    keep_best(opts, static_cast<size_t>(k));
    for (const MoveOption& o : opts) c.options.push_back(o);
    units_.push_back(std::move(c));
  }
  // Reinforcements that may enter now (15.0).
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitDef& def = view.roster()[ui];
    if (def.side != me || pos.units[u].status != UnitStatus::OffMap || def.arrival_turn == 0)
      continue;
    const std::vector<HexId> entries = view.entry_options(ui);
    if (entries.empty()) continue;
    UnitChoices c;
    c.unit = ui;
    c.reinforcement = true;
    MoveOption stay;
    stay.score = -1e6;  // entering is the rule; the plan may still hold a unit back
    c.options.push_back(stay);
    opts.clear();
    for (size_t e = 0; e < entries.size() && e < 3; ++e) {
      const HexId entry = entries[e];
      if (!view.entry_reach(ui, entry, reach_).ok()) continue;
      MoveOption o;
      o.entry = entry;
      o.to = entry;
      o.score = ev.unit_score(ui, entry);
      if (!(def.sole_occupant && !b.empty(entry))) opts.push_back(o);
      for (HexId h : reach_.hexes()) {
        if (def.sole_occupant && !b.empty(h)) continue;
        o.to = h;
        o.score = ev.unit_score(ui, h);
        opts.push_back(o);
      }
    }
    if (opts.empty()) continue;
    keep_best(opts, static_cast<size_t>(k));
    for (const MoveOption& o : opts) c.options.push_back(o);
    units_.push_back(std::move(c));
  }
  count_.assign(static_cast<size_t>(map.id_space()), 0);
}

Genome MoveSpace::greedy() const {
  Genome g(units_.size(), 0);
  for (size_t i = 0; i < units_.size(); ++i) {
    const auto& o = units_[i].options;
    size_t best = 0;
    for (size_t j = 1; j < o.size(); ++j)
      if (o[j].score > o[best].score) best = j;
    g[i] = static_cast<uint8_t>(best);
  }
  return g;
}

void MoveSpace::decode(const Genome& g, GameState& ws) {
  const Game& view = *view_;
  const Side me = ws.phasing;
  Position& pos = ws.pos;
  std::fill(count_.begin(), count_.end(), 0);
  HexId sole_at = kNoHex;
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& us = pos.units[u];
    if (!us.on_map() || view.roster()[static_cast<UnitIndex>(u)].side != me) continue;
    ++count_[us.hex];
    if (view.roster()[static_cast<UnitIndex>(u)].sole_occupant) sole_at = us.hex;
  }
  // On-map units first, then the reinforcements, as orders() executes them.
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < units_.size(); ++i) {
      const UnitChoices& c = units_[i];
      if (c.reinforcement != (pass == 1)) continue;
      const MoveOption& o = c.options[g[i]];
      if (o.to == kNoHex) continue;
      const UnitIndex u = c.unit;
      const bool sole = view.roster()[u].sole_occupant;
      if (!o.exit) {
        if (count_[o.to] >= 2 || o.to == sole_at || (sole && count_[o.to] > 0)) continue;
        ++count_[o.to];
      }
      UnitState& us = pos.units[u];
      if (us.on_map()) --count_[us.hex];
      if (sole) sole_at = o.exit ? kNoHex : o.to;
      us.hex = o.to;
      us.status = o.exit ? UnitStatus::Exited : UnitStatus::OnMap;
      us.set(kMoved);
      us.set(kEverEntered);
    }
}

std::vector<MoveOption> MoveSpace::orders(const Genome& g, std::vector<UnitIndex>& units) const {
  std::vector<MoveOption> out;
  units.clear();
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < units_.size(); ++i) {
      if (units_[i].reinforcement != (pass == 1)) continue;
      const MoveOption& o = units_[i].options[g[i]];
      if (o.to == kNoHex) continue;
      out.push_back(o);
      units.push_back(units_[i].unit);
    }
  return out;
}

bool order_action(const Game& view, UnitIndex u, const MoveOption& o, Reach& reach, Action& out) {
  const Board& b = view.board();
  const Map& map = view.map();
  const UnitDef& def = view.roster()[u];
  const Side me = def.side;
  auto room = [&](HexId h) {
    return b.units(me, h) < 2 && !b.sole(h) && (!def.sole_occupant || b.empty(h));
  };
  out = Action{};
  if (o.entry != kNoHex) {
    const std::vector<HexId> entries = view.entry_options(u);
    if (entries.empty()) return false;
    const HexId entry =
        std::find(entries.begin(), entries.end(), o.entry) != entries.end() ? o.entry : entries[0];
    if (!view.entry_reach(u, entry, reach).ok()) return false;
    HexId pick = kNoHex;
    int best = 1 << 30;
    if (room(entry)) {
      pick = entry;
      best = hex_distance(map, entry, o.to);
    }
    for (HexId h : reach.hexes()) {
      if (!room(h)) continue;
      const int d = hex_distance(map, h, o.to);
      if (d < best) {
        best = d;
        pick = h;
      }
    }
    if (pick == kNoHex) return false;
    out.kind = ActionKind::Enter;
    out.unit = u;
    out.path.push_back(entry);
    if (pick != entry)
      for (HexId h : reach.path_to(pick)) out.path.push_back(h);
    return true;
  }
  const bool strategic = o.strategic && view.can_move(u, true).ok();
  if (!view.can_move(u, strategic).ok()) return false;
  view.reach(u, strategic, reach);
  const HexId from = view.position().units[u].hex;
  if (o.exit) {
    const int ma = movement_allowance(view.context(), u, MoveOptions{});
    if (!reach.contains(o.to) || reach.cost(o.to) + 1 > ma || b.enemy_zoc(me, o.to)) return false;
    out.kind = ActionKind::Move;
    out.unit = u;
    out.path = reach.path_to(o.to);
    out.exit_map = true;
    return true;
  }
  HexId pick = kNoHex;
  int best = hex_distance(map, from, o.to);  // only move if it gets nearer
  if (reach.contains(o.to) && room(o.to)) {
    pick = o.to;
  } else {
    for (HexId h : reach.hexes()) {
      if (!room(h)) continue;
      const int d = hex_distance(map, h, o.to);
      if (d < best) {
        best = d;
        pick = h;
      }
    }
  }
  if (pick == kNoHex) return false;
  out.kind = ActionKind::Move;
  out.unit = u;
  out.strategic = strategic;
  out.path = reach.path_to(pick);
  return true;
}

}  // namespace bg::ai
