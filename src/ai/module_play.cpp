#include "ai/module_play.h"

#include "ai/evaluation.h"

#include <algorithm>
#include <cstdio>

#include "core/hex.h"
#include "core/legal_actions.h"
#include "modules/command/command_module.h"
#include "modules/command/orders_module.h"
#include "modules/exits.h"
#include "modules/map_edges.h"
#include "modules/modular_rules.h"
#include "modules/pontoons.h"

namespace bg::ai {

using namespace bg::core;

namespace {

// FR 8: a headquarters out of its parent's radius freezes itself and every
// unit under it for the next player-turn: a base cost, a share of the
// strength it commands, and a slope back towards the parent.
constexpr double kOutOfRange = 0.5;
constexpr double kOutOfRangePerStrength = 0.1;
constexpr double kOutOfRangePerHex = 0.2;
// FR 7: an ineffective unit out of every rally radius stays ineffective (it
// may not attack, 11.0): per strength point, a share, and a slope towards the
// nearest radius steeper than closing with the enemy is worth to a unit that
// cannot attack.
constexpr double kUnrallied = 0.5;
constexpr double kUnralliedPerHex = 0.2;
constexpr int kSlopeCap = 10;

// A bridge that saves at least this many hexes on the way to the nearest goal
// is worth a pontoon train's player-turn.
constexpr int kBridgeGain = 4;
// What a boat landing must gain in the evaluation (VP) to be worth the unit's
// move: the landing ends its move in an enemy Zone of Control.
constexpr double kBoatGain = 1.0;
// What a re-entry must gain over the exit points it revokes (VP: a margin
// against the evaluation's noise, small because a unit back on the map adds
// only its presence and position terms), and how many of each unit's listed
// entries are played out on a copy.
constexpr double kReentryGain = 0.25;
constexpr size_t kEntriesTried = 6;

const modules::ModularRules* modular(const Game& g) {
  return dynamic_cast<const modules::ModularRules*>(g.scenario());
}

int dist(const Map& map, HexId a, HexId b) {
  return distance(map.coord(a), map.coord(b));
}

// Hex steps from `from` to the nearest of `goals`, crossing river hexes only
// where `open` says (fords, pontoons); kFar if none is reached.
int steps_to(const Map& map, HexId from, const std::vector<uint8_t>& goal,
             const std::vector<uint8_t>& open, std::vector<int16_t>& seen,
             std::vector<HexId>& queue) {
  std::fill(seen.begin(), seen.end(), static_cast<int16_t>(-1));
  queue.clear();
  queue.push_back(from);
  seen[from] = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    const HexId h = queue[i];
    if (goal[h]) return seen[h];
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      if (!map.on_map(n) || seen[n] >= 0) continue;
      if (map.terrain(n) == Terrain::River && !open[n]) continue;
      seen[n] = static_cast<int16_t>(seen[h] + 1);
      queue.push_back(n);
    }
  }
  return kFar;
}

// Hex steps from every hex to the nearest of `sources` (kFar where none is
// reached), crossing river hexes only where `open` says.
void flood(const Map& map, const std::vector<uint8_t>& sources, const std::vector<uint8_t>& open,
           std::vector<int16_t>& out, std::vector<HexId>& queue) {
  out.assign(sources.size(), kFar);
  queue.clear();
  for (size_t h = 0; h < sources.size(); ++h)
    if (sources[h]) {
      out[h] = 0;
      queue.push_back(static_cast<HexId>(h));
    }
  for (size_t i = 0; i < queue.size(); ++i) {
    const HexId h = queue[i];
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      if (!map.on_map(n) || out[n] != kFar) continue;
      if (map.terrain(n) == Terrain::River && !open[n]) continue;
      out[n] = static_cast<int16_t>(out[h] + 1);
      queue.push_back(n);
    }
  }
}

// What a bridge leads to: enemy units and the side's own scoring exits
// (`goal`), and the river hexes already crossable (`open`: pontoons, fords).
void bridge_goals(const Game& view, Side me, const Evaluator& ev,
                  const modules::ModularRules& rules, std::vector<uint8_t>& goal,
                  std::vector<uint8_t>& open) {
  const size_t space = static_cast<size_t>(view.map().id_space());
  goal.assign(space, 0);
  open.assign(space, 0);
  const Position& pos = view.position();
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map() && view.roster()[static_cast<size_t>(u)].side != me &&
        view.roster()[static_cast<size_t>(u)].strength > 0)
      goal[pos.units[u].hex] = 1;
  for (const titles::ExitScore& e : ev.knowledge().exits)
    if (e.side == me && e.hex < space) goal[e.hex] = 1;
  for (const modules::Marker& m : rules.markers(view.context(), view.state()))
    if ((m.kind == "pontoon" || m.kind == "ford") && m.hex < space) open[m.hex] = 1;
}

}  // namespace

void CommandTerm::prepare(const Game& view, Side me) {
  const Position& pos = view.position();
  start_.assign(static_cast<size_t>(pos.count), kNoHex);
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map()) start_[static_cast<size_t>(u)] = pos.units[u].hex;
  ineffective_.assign(static_cast<size_t>(pos.count), 0);
  for (int u = 0; u < pos.count; ++u)
    ineffective_[static_cast<size_t>(u)] = pos.units[u].has(kIneffective) ? 1 : 0;
  const void* key[2] = {&view.roster(), view.scenario()};
  if (std::equal(key, key + 2, game_for_) && side_for_ == me &&
      roster_size_ == view.roster().size())
    return;
  std::copy(key, key + 2, game_for_);
  side_for_ = me;
  roster_size_ = view.roster().size();
  map_ = &view.map();
  hq_links_.clear();
  rally_.clear();
  const auto* rules = modular(view);
  if (!rules) return;
  const auto* command = dynamic_cast<const modules::CommandModule*>(rules->find("command"));
  const auto* orders = dynamic_cast<const modules::OrdersModule*>(rules->find("orders"));
  if (!command && !orders) return;
  const modules::CommandChain& chain = command ? command->chain() : orders->chain();
  const Context ctx = view.context();
  const modules::ChainIndex x = modules::index_chain(chain, ctx);
  const size_t units = view.roster().size();
  auto mine = [&](UnitIndex u) { return u != kNoUnit && u < units && ctx.def(u).side == me; };
  if (orders)
    for (size_t c = 0; c < chain.hqs.size(); ++c) {
      const UnitIndex u = x.hq_unit[c];
      const int p = chain.parent(static_cast<int>(c));
      if (!mine(u) || p < 0) continue;
      const modules::HqSpec& parent = chain.hqs[static_cast<size_t>(p)];
      if (modules::is_army(parent.echelon) || x.hq_unit[static_cast<size_t>(p)] == kNoUnit)
        continue;
      // Its weight: the strength under it, which its being out of range freezes.
      int strength = 0;
      for (size_t v = 0; v < units; ++v)
        for (int k = v < x.commander.size() ? x.commander[v] : modules::kNoHq;
             k >= 0 && k != modules::kNoHq; k = chain.parent(k))
          if (k == static_cast<int>(c)) {
            strength += view.roster()[v].strength;
            break;
          }
      hq_links_.push_back(Link{u, x.hq_unit[static_cast<size_t>(p)], parent.radius, strength});
    }
  if (command && ctx.rules->ae())  // only an ineffective unit needs rallying (11.0 / DG 10.0)
    for (size_t v = 0; v < units && v < x.commander.size(); ++v) {
      const UnitIndex u = static_cast<UnitIndex>(v);
      if (!mine(u) || view.roster()[v].strength <= 0) continue;
      for (int k = x.commander[v]; k >= 0 && k != modules::kNoHq; k = chain.parent(k)) {
        const modules::HqSpec& spec = chain.hqs[static_cast<size_t>(k)];
        const UnitIndex hq = x.hq_unit[static_cast<size_t>(k)];
        if (hq != kNoUnit && spec.rally_radius() > 0)
          rally_.push_back(Link{u, hq, spec.rally_radius(), view.roster()[v].strength});
      }
    }
}

double CommandTerm::value(const GameState& st) const {
  if (!active()) return 0;
  const Map& map = *map_;
  const Position& pos = st.pos;
  double v = 0;
  for (const Link& l : hq_links_) {
    if (!pos.units[l.unit].on_map() || !pos.units[l.hq].on_map()) continue;
    const int d = dist(map, pos.units[l.unit].hex, pos.units[l.hq].hex);
    if (d <= l.radius) continue;
    v -= kOutOfRange + kOutOfRangePerStrength * l.weight +
         kOutOfRangePerHex * std::min(d - l.radius, kSlopeCap);
  }
  // Rally links come grouped by unit: the unit is in command if any holds.
  for (size_t i = 0; i < rally_.size();) {
    const UnitIndex u = rally_[i].unit;
    size_t j = i;
    int beyond = kSlopeCap;
    bool any = false;
    for (; j < rally_.size() && rally_[j].unit == u; ++j) {
      const Link& l = rally_[j];
      if (!pos.units[l.hq].on_map()) continue;
      any = true;
      beyond = std::min(beyond, dist(map, pos.units[u].hex, pos.units[l.hq].hex) - l.radius);
    }
    const UnitState& us = pos.units[u];
    if (any && us.on_map() && us.has(kIneffective) && beyond > 0)
      v -= rally_[i].weight * (kUnrallied + kUnralliedPerHex * std::min(beyond, kSlopeCap));
    i = j;
  }
  return v;
}

double CommandTerm::unit_value(UnitIndex u, HexId h) const {
  if (!active()) return 0;
  auto at = [&](UnitIndex x) { return x < start_.size() ? start_[x] : kNoHex; };
  double v = 0;
  for (const Link& l : hq_links_) {
    if (l.unit != u || at(l.hq) == kNoHex) continue;
    const int d = dist(*map_, h, at(l.hq));
    if (d > l.radius)
      v -= kOutOfRange + kOutOfRangePerStrength * l.weight +
           kOutOfRangePerHex * std::min(d - l.radius, kSlopeCap);
  }
  if (at(u) == kNoHex) return v;
  int beyond = kSlopeCap, weight = 0;
  bool any = false;
  for (const Link& l : rally_) {
    if (l.unit != u || at(l.hq) == kNoHex) continue;
    any = true;
    weight = l.weight;
    beyond = std::min(beyond, dist(*map_, h, at(l.hq)) - l.radius);
  }
  // Only an ineffective unit needs the rally; the flag is the phase's own.
  if (any && beyond > 0 && ineffective_.size() > u && ineffective_[u])
    v -= weight * (kUnrallied + kUnralliedPerHex * std::min(beyond, kSlopeCap));
  return v;
}

bool anchors_pontoon(const Game& view, UnitIndex u) {
  const auto* rules = modular(view);
  if (!rules || !rules->find("pontoons")) return false;
  for (const modules::Marker& m : rules->markers(view.context(), view.state()))
    if (m.kind == "pontoon" && m.unit == u) return true;
  return false;
}

namespace {

// The best emplacement the engine lists: the one whose bridge saves the most
// hexes between the pontoon's bank and the nearest goal.
std::optional<Action> emplacement(const Game& view, Side me, const std::vector<Action>& legal,
                                  const Evaluator& ev, std::string* why) {
  const auto* rules = modular(view);
  const Map& map = view.map();
  const size_t space = static_cast<size_t>(map.id_space());
  std::vector<uint8_t> goal, open;
  bridge_goals(view, me, ev, *rules, goal, open);
  const Position& pos = view.position();
  std::vector<int16_t> seen(space);
  std::vector<HexId> queue;
  int best_gain = kBridgeGain - 1;
  std::optional<Action> pick;
  HexId pick_river = kNoHex;
  for (const Action& a : legal) {
    if (a.value == 0 || rules->decision_key(a.decision) != "emplace" || a.unit == kNoUnit ||
        view.roster()[a.unit].side != me)
      continue;
    const HexId bank = pos.units[a.unit].hex;
    HexId river = kNoHex;
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(bank, static_cast<Dir>(d));
      if (map.on_map(n) && modules::hex_number(map, n) == a.value) river = n;
    }
    if (river == kNoHex) continue;
    const int without = steps_to(map, bank, goal, open, seen, queue);
    open[river] = 1;
    const int with = steps_to(map, bank, goal, open, seen, queue);
    open[river] = 0;
    const int gain = (without >= kFar ? 60 : without) - with;
    if (with < kFar && gain > best_gain) {
      best_gain = gain;
      pick = a;
      pick_river = river;
    }
  }
  if (pick && why)
    *why = view.roster()[pick->unit].id + " emplaces a pontoon in " + map.label_text(pick_river) +
           " (R-FR-PONTOON): the bridge saves " + std::to_string(best_gain) +
           " hexes on the way to the enemy or an exit";
  return pick;
}

// The best boat landing the engine lists, if it gains enough.
std::optional<Action> landing(const Game& view, Side me, const std::vector<Action>& legal,
                              Evaluator& ev, std::string* why) {
  const auto* rules = modular(view);
  const double now = ev.evaluate(view.state());
  double best = now + kBoatGain;
  std::optional<Action> pick;
  HexId to = kNoHex;
  int tried = 0;
  for (const Action& a : legal) {
    if (rules->decision_key(a.decision) != "boat" || a.unit == kNoUnit ||
        view.roster()[a.unit].side != me || view.roster()[a.unit].strength <= 0)
      continue;
    if (++tried > 24) break;  // a few landings are listed at most; a cap all the same
    Game next = view;
    if (!next.apply(a).ok()) continue;
    const double v = ev.evaluate(next.state());
    if (v > best) {
      best = v;
      pick = a;
      to = next.position().units[a.unit].hex;
    }
  }
  if (pick && why) {
    char gain[32];
    std::snprintf(gain, sizeof gain, "%.1f", best - now);
    *why = view.roster()[pick->unit].id + " crosses by assault boat to " +
           view.map().label_text(to) + " (R-FR-BOAT): the landing is worth " + gain + " VP";
  }
  return pick;
}

}  // namespace

std::optional<Action> crossing_decision(const Game& view, Side me, Evaluator& ev,
                                        std::string* why) {
  const auto* rules = modular(view);
  if (!rules || !rules->find("pontoons") || view.state().phase != Phase::Movement)
    return std::nullopt;
  thread_local std::vector<Action> legal;
  thread_local LegalActionGenerator gen;
  legal.clear();
  gen.decisions(view, legal);
  if (legal.empty()) return std::nullopt;
  if (auto a = emplacement(view, me, legal, ev, why)) return a;
  return landing(view, me, legal, ev, why);
}

namespace {

// The bank hexes from which an emplaced pontoon would save at least
// kBridgeGain hex steps toward the nearest goal (R-FR-PONTOON's emplacing:
// a land hex beside an unbridged river hex, the hexside open).
void crossing_sites(const Map& map, const std::vector<int16_t>& to_goal,
                    const std::vector<uint8_t>& open, std::vector<uint8_t>& site) {
  site.assign(to_goal.size(), 0);
  for (size_t i = 0; i < to_goal.size(); ++i) {
    const HexId r = static_cast<HexId>(i);
    if (!map.on_map(r) || map.terrain(r) != Terrain::River || open[r]) continue;
    HexId sides[kDirs];
    int n = 0;
    for (int d = 0; d < kDirs; ++d) {
      const HexId b = map.neighbour(r, static_cast<Dir>(d));
      if (map.on_map(b) && (map.terrain(b) != Terrain::River || open[b]) &&
          modules::side_open(map, b, r))
        sides[n++] = b;
    }
    // Across the bridge from bank b: two steps to another bank, then its way on.
    for (int j = 0; j < n; ++j) {
      if (map.terrain(sides[j]) == Terrain::River) continue;
      int across = kFar;
      for (int k = 0; k < n; ++k)
        if (k != j) across = std::min(across, 2 + to_goal[sides[k]]);
      const int without = std::min<int>(to_goal[sides[j]], 60);
      if (across < kFar && without - across >= kBridgeGain) site[sides[j]] = 1;
    }
  }
}

}  // namespace

std::optional<Action> pontoon_march(const Game& view, Side me, const Evaluator& ev,
                                    std::string* why) {
  const auto* rules = modular(view);
  if (!rules || view.state().phase != Phase::Movement) return std::nullopt;
  const auto* pontoons = dynamic_cast<const modules::PontoonsModule*>(rules->find("pontoons"));
  if (!pontoons) return std::nullopt;
  const Context ctx = view.context();
  const Position& pos = view.position();
  std::vector<UnitIndex> trains;
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (ctx.def(ui).side == me && pos.units[u].on_map() && !pos.units[u].has(kMoved) &&
        pontoons->is_pontoon_unit(ctx, ui) && !anchors_pontoon(view, ui))
      trains.push_back(ui);
  }
  if (trains.empty()) return std::nullopt;
  const Map& map = view.map();
  thread_local std::vector<uint8_t> goal, open, site;
  thread_local std::vector<int16_t> to_goal, to_site;
  thread_local std::vector<HexId> queue;
  bridge_goals(view, me, ev, *rules, goal, open);
  flood(map, goal, open, to_goal, queue);
  crossing_sites(map, to_goal, open, site);
  flood(map, site, open, to_site, queue);
  thread_local std::vector<Action> legal;
  thread_local LegalActionGenerator gen;
  for (UnitIndex u : trains) {
    const HexId at = pos.units[u].hex;
    if (site[at] || to_site[at] >= kFar) continue;  // there already, or no site reachable
    legal.clear();
    gen.unit_moves(view, u, legal);
    const Action* pick = nullptr;
    int best = to_site[at];
    for (const Action& a : legal) {
      if (a.exit_map || a.path.empty()) continue;
      const int d = to_site[a.path.back()];
      if (d < best || (pick && d == best && a.path.size() < pick->path.size())) {
        best = d;
        pick = &a;
      }
    }
    if (!pick) continue;
    if (why)
      *why = view.roster()[u].id + " marches to " + map.label_text(pick->path.back()) +
             " (R-FR-PONTOON): " +
             (best == 0 ? std::string("a bank where a bridge shortens the way to the enemy")
                        : std::to_string(best) + " hexes from a bank where a bridge would") +
             " save " + std::to_string(kBridgeGain) + " hexes or more";
    return *pick;
  }
  return std::nullopt;
}

std::optional<Action> reentry_decision(const Game& view, Side me, Evaluator& ev, std::string* why) {
  const auto* rules = modular(view);
  const GameState& st = view.state();
  if (!rules || st.phase != Phase::Movement) return std::nullopt;
  const auto* exits = dynamic_cast<const modules::ExitsModule*>(rules->find("exits"));
  if (!exits) return std::nullopt;
  const Context ctx = view.context();
  std::optional<Action> pick;
  double best = 0, pick_now = 0;
  int pick_points = 0;
  bool evaluated = false;
  thread_local std::vector<Action> legal;
  thread_local LegalActionGenerator gen;
  for (int i = 0; i < st.pos.count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    if (ctx.def(u).side != me || st.pos.units[i].status != UnitStatus::Exited ||
        !rules->may_reenter(ctx, st, u))
      continue;
    const modules::ExitRecord* rec = exits->record(st, u);
    if (!rec) continue;
    legal.clear();
    gen.unit_entries(view, u, legal);
    if (legal.empty()) continue;
    if (!evaluated) {
      // The title's exit schedule is left out on both sides of the
      // comparison: the module's recorded points stand for it.
      Terms t;
      ev.evaluate(st, &t);
      pick_now = t.total() - t.exits;
      best = pick_now + kReentryGain;
      evaluated = true;
    }
    // The most promising few by the unit's own score, then played out.
    const size_t n = std::min(legal.size(), kEntriesTried);
    std::partial_sort(legal.begin(), legal.begin() + static_cast<std::ptrdiff_t>(n), legal.end(),
                      [&](const Action& a, const Action& b) {
                        return ev.unit_score(u, a.path.back()) > ev.unit_score(u, b.path.back());
                      });
    for (size_t k = 0; k < n; ++k) {
      if (legal[k].exit_map || legal[k].path.empty()) continue;
      Game next = view;
      if (!next.apply(legal[k]).ok()) continue;
      Terms t;
      ev.evaluate(next.state(), &t);
      const double v = t.total() - t.exits - rec->points;
      if (v > best) {
        best = v;
        pick = legal[k];
        pick_points = rec->points;
      }
    }
  }
  if (pick && why) {
    char gain[32];
    std::snprintf(gain, sizeof gain, "%.1f", best + pick_points - pick_now);
    *why = view.roster()[pick->unit].id + " re-enters at " + view.map().label_text(pick->path[0]) +
           " (FR 4): back on the map it is worth " + gain + " VP, more than the " +
           std::to_string(pick_points) + " exit points it gives up";
  }
  return pick;
}

}  // namespace bg::ai
