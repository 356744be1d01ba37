#include "modules/forts.h"

#include <algorithm>

#include "core/rule_id.h"

namespace bg::modules {

using namespace core;

namespace {

// The first Game-Turn of the latest pair of consecutive night Game-Turns
// ending by `turn`, or 0 if none.
int latest_night_pair(const RulesConfig& r, int turn) {
  for (int t = turn - 1; t >= 1; --t)
    if (r.is_night(t) && r.is_night(t + 1)) return t;
  return 0;
}

}  // namespace

FortsModule::FortsModule(std::vector<HexId> initial) : initial_(std::move(initial)) {
  std::sort(initial_.begin(), initial_.end());
  initial_.erase(std::unique(initial_.begin(), initial_.end()), initial_.end());
}

TitleState FortsModule::initial_state(const Context&) const {
  FortsState s;
  s.forts = initial_;
  return TitleState::of(std::move(s));
}

std::string_view FortsModule::cite(RuleId id) const {
  return id == RuleId::FortBuild ? "FR 6" : "";
}

bool FortsModule::has_fort(const GameState& st, HexId h) const {
  const FortsState* s = state<FortsState>(st);
  return s && std::binary_search(s->forts.begin(), s->forts.end(), h);
}

// R-FR6-FORT: x2, x3 with rough or forest-rough in the hex; the largest
// multiplier that applies counts (R-MULT), so a redoubt's x3 stays x3.
void FortsModule::adjust_hex_defence(const Context& ctx, const GameState& st, const Board&,
                                     const StaticVector<UnitIndex, kMaxCombatUnits>&,
                                     HexDefence& d) const {
  if (!has_fort(st, d.hex)) return;
  const Terrain t = ctx.map->terrain(d.hex);
  const bool rough = t == Terrain::Rough || t == Terrain::ForestRough;
  const int m = rough ? kFortRoughMultiplier : kFortMultiplier;
  if (m <= d.multiplier) return;
  d.multiplier = m;
  d.why = rough ? "a fort on rough ground: defender tripled (FR 6)"
                : "a fort in the hex: defender doubled (FR 6)";
}

void FortsModule::tec_features(const Context&, std::vector<TecFeature>& out) const {
  out.push_back(TecFeature{"fort", "FR 6", std::nullopt,
                           "as the hex's terrain; built by units still through two consecutive "
                           "night Game-Turns (FR 6)",
                           kFortMultiplier, kFortRoughMultiplier,
                           "defender doubled, tripled with rough or forest-rough in the hex, "
                           "never more (R-FR6-FORT); either side's"});
}

bool FortsModule::qualifies(const Context& ctx, const GameState& st, UnitIndex u, int turn) const {
  const FortsState* s = state<FortsState>(st);
  if (!s || u >= st.pos.count || !st.pos.units[u].on_map()) return false;
  if (st.pos.units[u].has(kMoved)) return false;
  const int first_night = latest_night_pair(*ctx.rules, turn);
  return first_night > 0 && first_night > s->last_moved[u];
}

void FortsModule::scan(const Context&, GameState& st) const {
  const FortsState* s = state<FortsState>(st);
  if (!s) return;
  // Read first: most scans find nothing new and must not clone the state.
  auto changed = [&](int u) {
    const UnitState& us = st.pos.units[static_cast<size_t>(u)];
    const HexId now = us.on_map() ? us.hex : kNoHex;
    const HexId was = s->seen[static_cast<size_t>(u)];
    return was != now || (us.has(kMoved) && s->last_moved[static_cast<size_t>(u)] != st.turn);
  };
  int first = 0;
  while (first < st.pos.count && !changed(first)) ++first;
  if (first == st.pos.count) return;
  FortsState& w = state_mut<FortsState>(st);
  for (int u = first; u < st.pos.count; ++u) {
    const UnitState& us = st.pos.units[static_cast<size_t>(u)];
    const HexId now = us.on_map() ? us.hex : kNoHex;
    HexId& was = w.seen[static_cast<size_t>(u)];
    // A unit first seen where it was placed has not moved.
    if ((was != FortsState::kUnseen && was != now) || us.has(kMoved))
      w.last_moved[static_cast<size_t>(u)] = static_cast<int16_t>(st.turn);
    was = now;
  }
  // An order lapses once its unit moves.
  std::erase_if(w.orders, [&](UnitIndex u) { return w.last_moved[u] == st.turn; });
}

void FortsModule::after_action(const Context& ctx, GameState& st, const Action&) const {
  scan(ctx, st);
}

void FortsModule::on_phase_start(const Context& ctx, GameState& st) const {
  scan(ctx, st);
  const FortsState* s = state<FortsState>(st);
  if (!s || st.phase != Phase::Movement || s->orders.empty()) return;
  // A player-turn has just ended: build what its owner ordered (R-FR6-BUILD).
  const int ended = st.phasing == ctx.rules->first ? st.turn - 1 : st.turn;
  std::vector<UnitIndex> orders = s->orders;
  FortsState& w = state_mut<FortsState>(st);
  w.orders.clear();
  for (UnitIndex u : orders) {
    const UnitState& us = st.pos.units[u];
    if (!us.on_map()) continue;
    const int first_night = latest_night_pair(*ctx.rules, ended);
    if (first_night == 0 || first_night <= w.last_moved[u]) continue;
    auto at = std::lower_bound(w.forts.begin(), w.forts.end(), us.hex);
    if (at == w.forts.end() || *at != us.hex) w.forts.insert(at, us.hex);
  }
}

std::string_view FortsModule::decision_key(int local) const {
  return local == kFort ? "fort" : "";
}

DecisionWords FortsModule::decision_words(const Context& ctx, const GameState& st,
                                          const Action& a) const {
  const HexId h = a.unit < st.pos.count ? st.pos.units[a.unit].hex : kNoHex;
  const std::string& id = ctx.def(a.unit).id;
  return DecisionWords{a.value ? id + ": build a fort here (when the player-turn ends)"
                               : id + ": withdraw the fort order",
                       "FR 6", h};
}

Action FortsModule::order(UnitIndex u, int value) const {
  Action a;
  a.kind = ActionKind::Scenario;
  a.unit = u;
  a.decision = static_cast<uint8_t>(decision_id(kFort));
  a.value = static_cast<int16_t>(value);
  return a;
}

Status FortsModule::scenario_action(const Context& ctx, GameState& st, const Action& a) const {
  if (decision_local(a.decision) != kFort) return Error{"", "unknown fortification decision"};
  if (!state<FortsState>(st)) return Error{"", "no fortification state"};
  if (a.unit >= st.pos.count) return Error{"", "unknown unit"};
  const UnitDef& d = ctx.def(a.unit);
  if (d.side != st.phasing || st.phase == Phase::Over)
    return refuse(ctx, RuleId::FortBuild,
                  "a fort is built at the end of its owner's player-turn (" + d.id + ")");
  scan(ctx, st);
  const FortsState& s = *state<FortsState>(st);
  const bool ordered = std::find(s.orders.begin(), s.orders.end(), a.unit) != s.orders.end();
  if (a.value == 0) {
    if (!ordered) return refuse(ctx, RuleId::FortBuild, "no fort is ordered for " + d.id);
    std::erase(state_mut<FortsState>(st).orders, a.unit);
    return ok_status();
  }
  if (a.value != 1) return Error{"", "a fort decision is 1 (build) or 0 (withdraw the order)"};
  if (ordered) return refuse(ctx, RuleId::FortBuild, "a fort is already ordered for " + d.id);
  if (!st.pos.units[a.unit].on_map())
    return refuse(ctx, RuleId::FortBuild, d.id + " is not on the map");
  const HexId h = st.pos.units[a.unit].hex;
  if (has_fort(st, h))
    return refuse(ctx, RuleId::FortBuild,
                  "there is a fort in " + format_hex(ctx.map->coord(h)) + " already");
  for (UnitIndex o : s.orders)
    if (st.pos.units[o].hex == h)
      return refuse(ctx, RuleId::FortBuild, "a fort is already ordered in that hex");
  if (!qualifies(ctx, st, a.unit, st.turn))
    return refuse(ctx, RuleId::FortBuild,
                  d.id +
                      " has moved since before two consecutive night Game-Turns; only units "
                      "that stood still through two night Game-Turns and every turn since "
                      "may build a fort");
  state_mut<FortsState>(st).orders.push_back(a.unit);
  return ok_status();
}

void FortsModule::legal_decisions(const Context& ctx, const GameState& st,
                                  std::vector<Action>& out) const {
  const FortsState* s = state<FortsState>(st);
  if (!s || st.phase == Phase::Over || latest_night_pair(*ctx.rules, st.turn) == 0) return;
  for (UnitIndex u : s->orders) out.push_back(order(u, 0));
  for (int i = 0; i < st.pos.count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitState& us = st.pos.units[u];
    if (!us.on_map() || ctx.def(u).side != st.phasing || has_fort(st, us.hex)) continue;
    bool taken = false;
    for (UnitIndex o : s->orders) taken = taken || st.pos.units[o].hex == us.hex;
    if (taken || !qualifies(ctx, st, u, st.turn)) continue;
    // The scan has not seen a move made by the last action yet if this is
    // asked before after_action ran; last_moved is current here (after it).
    out.push_back(order(u, 1));
  }
}

void FortsModule::markers(const Context&, const GameState& st, std::vector<Marker>& out) const {
  const FortsState* s = state<FortsState>(st);
  if (!s) return;
  for (HexId h : s->forts)
    out.push_back(Marker{"fort", h, std::nullopt, kNoUnit, 0, "",
                         "fort: doubles the defender of this hex, whichever side holds it "
                         "(tripled at most with rough); permanent",
                         "FR 6"});
  for (UnitIndex u : s->orders)
    out.push_back(Marker{"fort", st.pos.units[u].hex, std::nullopt, u, 0, "ordered",
                         "fort ordered: built when the player-turn ends if its unit has "
                         "still not moved",
                         "FR 6"});
}

}  // namespace bg::modules
