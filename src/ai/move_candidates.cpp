#include "ai/move_candidates.h"

#include <algorithm>

#include "core/hex.h"

namespace bg::ai {

using namespace bg::core;

namespace {

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
  std::vector<MoveOption> opts;
  // Every unit that may move, its options from the core's legal moves: every
  // hex it may end in (strategic ones, DG 11.1, where they reach further) and
  // leaving the map where the schedule makes that pay.
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    const UnitState& us = pos.units[u];
    if (view.roster()[ui].side != me || !us.on_map()) continue;
    legal_.clear();
    gen_.unit_moves(view, ui, legal_);
    if (legal_.empty()) continue;
    UnitChoices c;
    c.unit = ui;
    MoveOption stay;
    stay.score = ev.unit_score(ui, us.hex);
    c.options.push_back(stay);
    opts.clear();
    for (const Action& a : legal_) {
      MoveOption o;
      o.to = a.path.empty() ? us.hex : a.path.back();
      o.strategic = a.strategic;
      if (a.exit_map) {
        const double v = ev.exit_value(st, ui, o.to);
        if (v <= 0) continue;
        o.exit = true;
        o.score = 1000 + v;
      } else {
        o.score = ev.unit_score(ui, o.to);
      }
      opts.push_back(o);
    }
    keep_best(opts, static_cast<size_t>(k));
    for (const MoveOption& o : opts) c.options.push_back(o);
    units_.push_back(std::move(c));
  }
  // Reinforcements that may enter now, by their first three entry hexes.
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (view.roster()[ui].side != me || pos.units[u].status != UnitStatus::OffMap) continue;
    legal_.clear();
    gen_.unit_entries(view, ui, legal_);
    if (legal_.empty()) continue;
    UnitChoices c;
    c.unit = ui;
    c.reinforcement = true;
    MoveOption stay;
    stay.score = -1e6;  // entering is the rule; the plan may still hold a unit back
    c.options.push_back(stay);
    opts.clear();
    StaticVector<HexId, 3> entries;
    for (const Action& a : legal_) {
      if (a.exit_map) continue;
      if (!entries.contains(a.path[0])) {
        if (entries.full()) continue;
        entries.push_back(a.path[0]);
      }
      MoveOption o;
      o.entry = a.path[0];
      o.to = a.path.back();
      o.score = ev.unit_score(ui, o.to);
      opts.push_back(o);
    }
    if (opts.empty()) continue;
    keep_best(opts, static_cast<size_t>(k));
    for (const MoveOption& o : opts) c.options.push_back(o);
    units_.push_back(std::move(c));
  }
  count_.assign(static_cast<size_t>(view.map().id_space()), 0);
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

bool order_action(const Game& view, UnitIndex u, const MoveOption& o, LegalActionGenerator& gen,
                  std::vector<Action>& legal, Action& out) {
  const Board& b = view.board();
  const Map& map = view.map();
  const Side me = view.roster()[u].side;
  const HexId from = view.position().units[u].hex;
  legal.clear();
  if (o.entry != kNoHex) {
    gen.unit_entries(view, u, legal);
  } else {
    gen.unit_moves(view, u, legal);
  }
  if (legal.empty()) return false;
  auto dest = [&](const Action& a) { return a.path.empty() ? from : a.path.back(); };
  if (o.exit) {  // exactly as planned, or not at all
    for (const Action& a : legal)
      if (a.exit_map && dest(a) == o.to) {
        out = a;
        return true;
      }
    return false;
  }
  // The planned entry hex if it is still open, else the first open one.
  HexId entry = kNoHex;
  if (o.entry != kNoHex) {
    entry = legal[0].path[0];
    for (const Action& a : legal)
      if (a.path[0] == o.entry) entry = o.entry;
  }
  // The planned hex if it has room (a third unit would have to leave again,
  // 5.32), else the hex with room nearest it; a move only if it gets nearer.
  const Action* pick = nullptr;
  int best = o.entry != kNoHex ? 1 << 30 : distance(map.coord(from), map.coord(o.to));
  for (const Action& a : legal) {
    if (a.exit_map || (entry != kNoHex && a.path[0] != entry)) continue;
    const HexId h = dest(a);
    if (b.units(me, h) >= 2) continue;
    if (h == o.to) {
      pick = &a;
      break;
    }
    const int d = distance(map.coord(h), map.coord(o.to));
    if (d < best) {
      best = d;
      pick = &a;
    }
  }
  if (!pick) return false;
  out = *pick;
  return true;
}

}  // namespace bg::ai
