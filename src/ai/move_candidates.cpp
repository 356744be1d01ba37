#include "ai/move_candidates.h"

#include <algorithm>
#include <optional>

#include "core/hex.h"

namespace bg::ai {

using namespace bg::core;

namespace {

void keep_best(std::vector<MoveOption>& opts, size_t k) {
  std::stable_sort(opts.begin(), opts.end(),
                   [](const MoveOption& a, const MoveOption& b) { return a.score > b.score; });
  if (opts.size() > k) opts.resize(k);
}

// The k best options by score and, beyond them, the best that reaches its
// hex from a later place in its entry hex's column than any kept so far: a
// plan can still bring a unit in behind the column's head.
void keep_column_best(std::vector<MoveOption>& opts, size_t k) {
  std::stable_sort(opts.begin(), opts.end(),
                   [](const MoveOption& a, const MoveOption& b) { return a.score > b.score; });
  size_t kept = std::min(k, opts.size());
  uint8_t covered = 0;
  for (size_t i = 0; i < kept; ++i) covered = std::max(covered, opts[i].last_pair);
  for (size_t i = kept; i < opts.size(); ++i)
    if (opts[i].last_pair > covered) {
      covered = opts[i].last_pair;
      std::rotate(opts.begin() + static_cast<std::ptrdiff_t>(kept),
                  opts.begin() + static_cast<std::ptrdiff_t>(i),
                  opts.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      ++kept;
    }
  opts.resize(kept);
}

}  // namespace

void MoveSpace::build(const Game& view, Evaluator& ev, int k, bool columns) {
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
  build_reinforcements(view, ev, k, columns);
  count_.assign(static_cast<size_t>(view.map().id_space()), 0);
}

void MoveSpace::build_reinforcements(const Game& view, Evaluator& ev, int k, bool columns) {
  const GameState& st = view.state();
  const Position& pos = view.position();
  const Side me = st.phasing;
  entered_ = st.entries;
  // Reinforcements that may enter now, by their first three entry hexes.
  const size_t first = units_.size();
  StaticVector<HexId, 16> column_hexes;
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
    StaticVector<HexId, 3> entries;
    for (const Action& a : legal_) {
      if (a.exit_map) continue;
      if (!entries.contains(a.path[0])) {
        if (entries.full()) continue;
        entries.push_back(a.path[0]);
        if (!column_hexes.contains(a.path[0]) && !column_hexes.full())
          column_hexes.push_back(a.path[0]);
      }
      MoveOption o;
      o.entry = a.path[0];
      o.to = a.path.back();
      o.score = ev.unit_score(ui, o.to);
      // The pair of its column the unit would be now (after those entered already).
      o.last_pair = static_cast<uint8_t>(columns ? entered_.entered_by(o.entry) / 2 + 1 : 0);
      c.options.push_back(o);
    }
    if (c.options.size() > 1) units_.push_back(std::move(c));
  }
  if (columns) reckon_columns(view, first, column_hexes);
  for (size_t i = first; i < units_.size(); ++i) {
    std::vector<MoveOption>& o = units_[i].options;
    opts_.assign(o.begin() + 1, o.end());
    o.resize(1);
    keep_column_best(opts_, static_cast<size_t>(k));
    o.insert(o.end(), opts_.begin(), opts_.end());
  }
}

void MoveSpace::reckon_columns(const Game& view, size_t first,
                               const StaticVector<HexId, 16>& hexes) {
  // A later pair of a column pays a Movement Point more for each pair ahead
  // of it: the same entries asked of a game whose columns are that long by
  // now, until no option reaches from further back.
  constexpr int kLastPair = 8;
  // Columns some units entered by before the plan start further back.
  int now = 1;
  for (size_t i = first; i < units_.size(); ++i)
    for (const MoveOption& o : units_[i].options) now = std::max<int>(now, o.last_pair);
  for (int p = 2; p <= kLastPair; ++p) {
    GameState cs = view.state();
    const auto ahead = static_cast<uint8_t>(2 * (p - 1));
    for (HexId h : hexes)
      if (const auto slot = cs.entries.open(h))
        cs.entries.counts[*slot] = std::max(cs.entries.counts[*slot], ahead);
    const Game longer = view.imagined(cs);
    bool reached = false;
    for (size_t i = first; i < units_.size(); ++i) {
      legal_.clear();
      gen_.unit_entries(longer, units_[i].unit, legal_);
      for (const Action& a : legal_) {
        if (a.exit_map) continue;
        for (MoveOption& o : units_[i].options)
          if (o.last_pair == p - 1 && o.entry == a.path[0] && o.to == a.path.back()) {
            o.last_pair = static_cast<uint8_t>(p);
            reached = true;
          }
      }
    }
    if (!reached && p > now) return;
  }
}

void MoveSpace::column_order(const Genome& g, std::vector<size_t>& order,
                             std::vector<uint8_t>& reaches) const {
  order.clear();
  reaches.clear();
  for (size_t i = 0; i < units_.size(); ++i)
    if (units_[i].reinforcement && units_[i].options[g[i]].to != kNoHex) order.push_back(i);
  // The units that need the front of a column first (without columns every
  // last_pair is 0: the order of units_).
  // (An insertion sort: stable, and a plan's decoding allocates nothing.)
  auto pair_of = [&](size_t i) { return units_[i].options[g[i]].last_pair; };
  for (size_t a = 1; a < order.size(); ++a)
    for (size_t b = a; b > 0 && pair_of(order[b - 1]) > pair_of(order[b]); --b)
      std::swap(order[b - 1], order[b]);
  EntryColumns cols = entered_;
  for (size_t i : order) {
    const MoveOption& o = units_[i].options[g[i]];
    // Not reckoned (no columns), or no slot left to count it in: as planned.
    const auto slot = o.last_pair == 0 ? std::nullopt : cols.open(o.entry);
    const bool ok = !slot || cols.counts[*slot] / 2 + 1 <= o.last_pair;
    reaches.push_back(ok ? 1 : 0);
    if (ok && slot) ++cols.counts[*slot];
  }
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
  // On-map units first, then the reinforcements, as orders() executes them;
  // one its column leaves short of its hex stays off the map.
  column_order(g, entering_, reaches_);
  const size_t on_map = units_.size();
  for (size_t n = 0; n < on_map + entering_.size(); ++n) {
    const size_t i = n < on_map ? n : entering_[n - on_map];
    const UnitChoices& c = units_[i];
    if (n < on_map ? c.reinforcement : !reaches_[n - on_map]) continue;
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
  auto add = [&](size_t i) {
    out.push_back(units_[i].options[g[i]]);
    units.push_back(units_[i].unit);
  };
  for (size_t i = 0; i < units_.size(); ++i)
    if (!units_[i].reinforcement && units_[i].options[g[i]].to != kNoHex) add(i);
  // The reinforcements in their columns' order; those a column leaves short
  // last, so that they take no place ahead of one that reaches its hex.
  std::vector<size_t> order;
  std::vector<uint8_t> reaches;
  column_order(g, order, reaches);
  for (int pass = 1; pass >= 0; --pass)
    for (size_t n = 0; n < order.size(); ++n)
      if (reaches[n] == pass) add(order[n]);
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
