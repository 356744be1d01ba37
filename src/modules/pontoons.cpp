#include "modules/pontoons.h"

#include <algorithm>

#include "core/movement.h"
#include "core/rule_id.h"
#include "modules/map_edges.h"

namespace bg::modules {

using namespace core;

bool side_open(const Map& map, HexId a, HexId b) {
  const auto d = map.direction(a, b);
  if (!d) return false;
  return !hexside_closed(map.side(a, *d));
}

namespace {

bool contains(const std::vector<UnitIndex>& v, UnitIndex u) {
  return std::find(v.begin(), v.end(), u) != v.end();
}

std::string hex_name(const Context& ctx, HexId h) {
  return format_hex(ctx.map->coord(h));
}

}  // namespace

PontoonsModule::PontoonsModule(PontoonsData data) : data_(std::move(data)) {
  std::sort(data_.fords.begin(), data_.fords.end());
}

TitleState PontoonsModule::initial_state(const Context&) const {
  PontoonsState s;
  for (const PontoonSetup& p : data_.emplaced)
    s.bridges.push_back(Bridge{p.hex, p.side, kNoUnit, kNoHex});
  return TitleState::of(std::move(s));
}

std::string_view PontoonsModule::cite(RuleId id) const {
  if (id == RuleId::PontoonEmplace) return "R-FR-PONTOON";
  if (id == RuleId::AssaultBoat) return "R-FR-BOAT";
  return {};
}

const Bridge* PontoonsModule::bridge(const GameState& st, HexId h) const {
  const PontoonsState* s = state<PontoonsState>(st);
  if (!s) return nullptr;
  for (const Bridge& b : s->bridges)
    if (b.hex == h) return &b;
  return nullptr;
}

bool PontoonsModule::is_ford(HexId h) const {
  return std::binary_search(data_.fords.begin(), data_.fords.end(), h);
}

bool PontoonsModule::is_pontoon_unit(const Context& ctx, UnitIndex u) const {
  return !data_.pontoon_kind.empty() && ctx.def(u).kind == data_.pontoon_kind;
}

bool PontoonsModule::is_boat_unit(const Context& ctx, UnitIndex u) const {
  return !data_.boat_kind.empty() && ctx.def(u).kind == data_.boat_kind;
}

// R-FR-PONTOON: 1 MP across an emplaced pontoon; R-FR-FORD: 2 MP through a ford.
int PontoonsModule::river_entry_cost(const Context&, const GameState& st, const UnitDef&, HexId,
                                     HexId river) const {
  if (bridge(st, river)) return kBridgeMp;
  if (is_ford(river)) return kFordMp;
  return kProhibited;
}

// R-FR-BOAT: an attack by a unit that crossed by assault boat this player-turn
// doubles the defender (the largest multiplier applies, R-MULT).
void PontoonsModule::adjust_hex_defence(const Context& ctx, const GameState& st, const Board& board,
                                        const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                                        HexDefence& d) const {
  const PontoonsState* s = state<PontoonsState>(st);
  if (!s || s->boated.empty() || d.multiplier >= kBoatMultiplier) return;
  for (UnitIndex a : attackers) {
    if (!contains(s->boated, a) || is_bombarding(ctx, board, st.pos, a)) continue;
    d.multiplier = kBoatMultiplier;
    d.why = "an attacker crossed the river by assault boat: defender doubled (R-FR-BOAT)";
    return;
  }
}

// The chart's rows: the same constants river_entry_cost and
// adjust_hex_defence apply. Fords are listed only where the title's data names
// some.
void PontoonsModule::tec_features(const Context&, std::vector<TecFeature>& out) const {
  out.push_back(TecFeature{"pontoon bridge", "R-FR-PONTOON", kBridgeMp,
                           "an emplaced pontoon's river hex, either side: crossed within a "
                           "move, never ended in (5.24); an enemy unit entering destroys it",
                           1, std::nullopt, "none (no unit stands on it)"});
  if (!data_.fords.empty())
    out.push_back(TecFeature{"ford", "R-FR-FORD", kFordMp,
                             "a river hex the map names a ford: crossed within a move, never "
                             "ended in (5.24)",
                             1, std::nullopt, "none (no unit stands in it)"});
  out.push_back(TecFeature{"assault boat", "R-FR-BOAT", std::nullopt,
                           "one unit stacked with a boat crosses one river hex into an "
                           "enemy-controlled bank hex, by day; its movement ends",
                           kBoatMultiplier, std::nullopt,
                           "the defender it attacks that player-turn is doubled"});
}

void PontoonsModule::on_phase_start(const Context& ctx, GameState& st) const {
  const PontoonsState* s = state<PontoonsState>(st);
  if (!s || st.phase != Phase::Movement) return;
  if (s->orders.empty() && s->boats_used.empty() && s->boated.empty()) return;
  // A player-turn has ended: the pontoons that spent it on their bank are emplaced.
  PontoonsState& w = state_mut<PontoonsState>(st);
  for (const EmplaceOrder& o : w.orders) {
    const UnitState& us = st.pos.units[o.unit];
    if (!us.on_map() || us.hex != o.bank) continue;
    if (std::any_of(w.bridges.begin(), w.bridges.end(),
                    [&](const Bridge& b) { return b.hex == o.river || b.unit == o.unit; }))
      continue;
    w.bridges.push_back(Bridge{o.river, ctx.def(o.unit).side, o.unit, o.bank});
  }
  w.orders.clear();
  w.boats_used.clear();
  w.boated.clear();
}

void PontoonsModule::after_action(const Context& ctx, GameState& st, const Action& a) const {
  const PontoonsState* s = state<PontoonsState>(st);
  if (!s) return;
  const bool moved =
      (a.kind == ActionKind::Move || a.kind == ActionKind::Enter) && a.unit < st.pos.count;
  const Side mover = moved ? ctx.def(a.unit).side : Side::Union;
  auto destroyed = [&](const Bridge& b) {
    if (moved && b.side != mover && a.path.contains(b.hex)) return true;  // enemy entry
    if (b.unit == kNoUnit) return false;
    const UnitState& us = st.pos.units[b.unit];
    return !us.on_map() || us.hex != b.bank;  // its unit left the bank: taken up
  };
  auto lapsed = [&](const EmplaceOrder& o) {
    const UnitState& us = st.pos.units[o.unit];
    return !us.on_map() || us.hex != o.bank || us.has(kMoved);
  };
  const bool any = std::any_of(s->bridges.begin(), s->bridges.end(), destroyed) ||
                   std::any_of(s->orders.begin(), s->orders.end(), lapsed);
  if (!any) return;
  PontoonsState& w = state_mut<PontoonsState>(st);
  for (const Bridge& b : w.bridges) {
    // An enemy's entry destroys the pontoon unit with its bridge.
    if (b.unit != kNoUnit && moved && b.side != mover && a.path.contains(b.hex) &&
        st.pos.units[b.unit].on_map()) {
      // As the core eliminates a unit (Resolver::eliminate): the enemy scores
      // its strength.
      UnitState& us = st.pos.units[b.unit];
      us.status = UnitStatus::Eliminated;
      us.hex = kNoHex;
      st.vp[static_cast<size_t>(mover)] += ctx.def(b.unit).strength;
    }
  }
  std::erase_if(w.bridges, destroyed);
  std::erase_if(w.orders, lapsed);
}

std::string_view PontoonsModule::decision_key(int local) const {
  if (local == kEmplace) return "emplace";
  if (local == kBoat) return "boat";
  return {};
}

DecisionWords PontoonsModule::decision_words(const Context& ctx, const GameState&,
                                             const Action& a) const {
  const std::string& id = ctx.def(a.unit).id;
  const auto h = hex_from_number(*ctx.map, a.value);
  const std::string where = h ? ctx.map->label_text(*h) : std::to_string(a.value);
  if (decision_local(a.decision) == kBoat)
    return DecisionWords{id + ": cross by assault boat to " + where, "R-FR-BOAT",
                         h.value_or(kNoHex)};
  return DecisionWords{a.value
                           ? id + ": emplace a pontoon in " + where + " (when the player-turn ends)"
                           : id + ": withdraw the pontoon order",
                       "R-FR-PONTOON", h.value_or(kNoHex)};
}

Action PontoonsModule::decision(int local, UnitIndex u, int value) const {
  Action a;
  a.kind = ActionKind::Scenario;
  a.unit = u;
  a.decision = static_cast<uint8_t>(decision_id(local));
  a.value = static_cast<int16_t>(value);
  return a;
}

Status PontoonsModule::scenario_action(const Context& ctx, GameState& st, const Action& a) const {
  if (!state<PontoonsState>(st)) return Error{"", "no pontoon state"};
  if (a.unit >= st.pos.count) return Error{"", "unknown unit"};
  switch (decision_local(a.decision)) {
    case kEmplace:
      return emplace(ctx, st, a);
    case kBoat:
      return cross_by_boat(ctx, st, a);
    default:
      return Error{"", "unknown pontoon decision"};
  }
}

Status PontoonsModule::emplace(const Context& ctx, GameState& st, const Action& a) const {
  const UnitDef& d = ctx.def(a.unit);
  const PontoonsState& s = *state<PontoonsState>(st);
  if (!is_pontoon_unit(ctx, a.unit))
    return refuse(ctx, RuleId::PontoonEmplace, d.id + " is not a pontoon unit");
  if (d.side != st.phasing)
    return refuse(ctx, RuleId::PontoonEmplace,
                  "a pontoon is emplaced in its owner's player-turn (" + d.id + ")");
  auto ordered = std::find_if(s.orders.begin(), s.orders.end(),
                              [&](const EmplaceOrder& o) { return o.unit == a.unit; });
  if (a.value == 0) {
    if (ordered == s.orders.end())
      return refuse(ctx, RuleId::PontoonEmplace, d.id + " has no emplacing ordered");
    const auto i = ordered - s.orders.begin();
    PontoonsState& w = state_mut<PontoonsState>(st);
    w.orders.erase(w.orders.begin() + i);
    return ok_status();
  }
  const UnitState& us = st.pos.units[a.unit];
  if (!us.on_map()) return refuse(ctx, RuleId::PontoonEmplace, d.id + " is not on the map");
  if (ordered != s.orders.end())
    return refuse(ctx, RuleId::PontoonEmplace, d.id + " is already ordered to emplace");
  if (std::any_of(s.bridges.begin(), s.bridges.end(),
                  [&](const Bridge& b) { return b.unit == a.unit; }))
    return refuse(ctx, RuleId::PontoonEmplace, d.id + " is emplaced already");
  if (us.has(kMoved))
    return refuse(ctx, RuleId::PontoonEmplace,
                  d.id +
                      " has moved: a pontoon spends a whole player-turn on the bank to "
                      "emplace");
  const auto river = hex_from_number(*ctx.map, a.value);
  if (!river || ctx.map->terrain(*river) != Terrain::River)
    return refuse(ctx, RuleId::PontoonEmplace, "name the river hex to bridge (XXYY)");
  if (!ctx.map->direction(us.hex, *river) || !side_open(*ctx.map, us.hex, *river))
    return refuse(ctx, RuleId::PontoonEmplace,
                  d.id + " must stand on a bank hex beside " + hex_name(ctx, *river));
  if (bridge(st, *river) || is_ford(*river))
    return refuse(ctx, RuleId::PontoonEmplace,
                  hex_name(ctx, *river) + " is already bridged or fordable");
  state_mut<PontoonsState>(st).orders.push_back(EmplaceOrder{a.unit, us.hex, *river});
  return ok_status();
}

Status PontoonsModule::boat_check(const Context& ctx, const GameState& st, const Board& board,
                                  UnitIndex u, HexId to, UnitIndex& boat) const {
  const PontoonsState& s = *state<PontoonsState>(st);
  const UnitDef& d = ctx.def(u);
  const UnitState& us = st.pos.units[u];
  const Map& map = *ctx.map;
  if (st.phase != Phase::Movement || d.side != st.phasing)
    return refuse(ctx, RuleId::AssaultBoat,
                  "assault boats carry units in their owner's Movement Phase");
  if (!us.on_map()) return refuse(ctx, RuleId::AssaultBoat, d.id + " is not on the map");
  if (is_boat_unit(ctx, u) || is_pontoon_unit(ctx, u))
    return refuse(ctx, RuleId::AssaultBoat, "boats carry combat units only");
  if (us.has(kMoved))
    return refuse(ctx, RuleId::MoveOnce, d.id + " has already moved this Movement Phase");
  if (contains(s.boated, u))
    return refuse(ctx, RuleId::AssaultBoat, d.id + " has crossed by boat this turn");
  if (board.enemy_zoc(d.side, us.hex))
    return refuse(ctx, RuleId::LeaveEnemyZoc, "a unit may not leave an enemy-controlled hex");
  if (ctx.rules->is_night(st.turn))
    return refuse(ctx, RuleId::NightNoEnterZoc,
                  "units may not enter enemy-controlled hexes at night");
  if (ctx.rules->ae() && us.has(kIneffective))
    return refuse(ctx, RuleId::IneffectiveNoEnterZoc,
                  "ineffective units may not enter enemy-controlled hexes");
  boat = kNoUnit;
  for (int i = 0; i < st.pos.count && boat == kNoUnit; ++i) {
    const UnitIndex b = static_cast<UnitIndex>(i);
    const UnitState& bs = st.pos.units[b];
    if (bs.on_map() && bs.hex == us.hex && ctx.def(b).side == d.side && is_boat_unit(ctx, b) &&
        !contains(s.boats_used, b))
      boat = b;
  }
  if (boat == kNoUnit)
    return refuse(ctx, RuleId::AssaultBoat,
                  "no unused assault boat stands with " + d.id + " (one unit per boat per turn)");
  if (!map.on_map(to) || to == us.hex || map.terrain(to) == Terrain::River ||
      map.terrain(to) == Terrain::Ferry)
    return refuse(ctx, RuleId::AssaultBoat, "name the bank hex across the river (XXYY)");
  bool across = false;
  for (int k = 0; k < kDirs && !across; ++k) {
    const HexId r = map.neighbour(us.hex, static_cast<Dir>(k));
    across = map.on_map(r) && map.terrain(r) == Terrain::River && map.direction(r, to) &&
             side_open(map, us.hex, r) && side_open(map, r, to);
  }
  if (!across)
    return refuse(ctx, RuleId::AssaultBoat,
                  hex_name(ctx, to) + " is not across one river hex from " + d.id);
  if (board.occupied_by(other(d.side), to))
    return refuse(ctx, RuleId::NoEnterEnemyHex,
                  "a unit may never enter a hex containing an enemy unit");
  if (!board.enemy_zoc(d.side, to))
    return refuse(ctx, RuleId::AssaultBoat,
                  "assault boats land only on an enemy-controlled bank hex (" + hex_name(ctx, to) +
                      " is not)");
  // Stacking counts only units that stack (free stackers such as HQs do not,
  // R-FR-STACKING). Under DG 6.0 no move may end overstacked; under the 1977
  // rules (5.32) an overstack must be undone by the end of the phase, but a
  // boat lands only in an enemy-controlled hex, whose units may not leave it
  // (5.13) and the landed unit has moved: it could never be undone, so the
  // landing is refused in both editions (R-FR-BOAT).
  if (!d.free_stacking && board.stacked(d.side, to) + 1 > 2)
    return refuse(ctx, RuleId::StackingLimit,
                  "at most two units may stand in " + hex_name(ctx, to) +
                      " at the end of the phase, and units landed by boat there cannot leave");
  return ok_status();
}

Status PontoonsModule::cross_by_boat(const Context& ctx, GameState& st, const Action& a) const {
  const auto to = hex_from_number(*ctx.map, a.value);
  if (!to) return refuse(ctx, RuleId::AssaultBoat, "name the bank hex across the river (XXYY)");
  Board board;
  board.build(ctx, st.pos);
  UnitIndex boat = kNoUnit;
  if (Status s = boat_check(ctx, st, board, a.unit, *to, boat); !s) return s;
  UnitState& us = st.pos.units[a.unit];
  us.hex = *to;
  us.set(kMoved);
  PontoonsState& w = state_mut<PontoonsState>(st);
  w.boats_used.push_back(boat);
  w.boated.push_back(a.unit);
  return ok_status();
}

void PontoonsModule::legal_decisions(const Context& ctx, const GameState& st,
                                     std::vector<Action>& out) const {
  const PontoonsState* s = state<PontoonsState>(st);
  if (!s || st.phase == Phase::Over) return;
  const Map& map = *ctx.map;
  for (const EmplaceOrder& o : s->orders) out.push_back(decision(kEmplace, o.unit, 0));
  bool boats = false;
  for (int i = 0; i < st.pos.count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitState& us = st.pos.units[u];
    if (!us.on_map() || ctx.def(u).side != st.phasing) continue;
    boats = boats || (is_boat_unit(ctx, u) && !contains(s->boats_used, u));
    if (!is_pontoon_unit(ctx, u) || us.has(kMoved)) continue;
    if (std::any_of(s->orders.begin(), s->orders.end(),
                    [&](const EmplaceOrder& o) { return o.unit == u; }) ||
        std::any_of(s->bridges.begin(), s->bridges.end(),
                    [&](const Bridge& b) { return b.unit == u; }))
      continue;
    for (int k = 0; k < kDirs; ++k) {
      const HexId r = map.neighbour(us.hex, static_cast<Dir>(k));
      if (!map.on_map(r) || map.terrain(r) != Terrain::River || bridge(st, r) || is_ford(r) ||
          !side_open(map, us.hex, r))
        continue;
      out.push_back(decision(kEmplace, u, hex_number(map, r)));
    }
  }
  if (!boats || st.phase != Phase::Movement || ctx.rules->is_night(st.turn)) return;
  Board board;
  board.build(ctx, st.pos);
  for (int i = 0; i < st.pos.count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitState& us = st.pos.units[u];
    if (!us.on_map() || ctx.def(u).side != st.phasing || us.has(kMoved)) continue;
    for (int k = 0; k < kDirs; ++k) {
      const HexId r = map.neighbour(us.hex, static_cast<Dir>(k));
      if (!map.on_map(r) || map.terrain(r) != Terrain::River) continue;
      for (int j = 0; j < kDirs; ++j) {
        const HexId to = map.neighbour(r, static_cast<Dir>(j));
        UnitIndex boat = kNoUnit;
        if (!map.on_map(to) || to == us.hex) continue;
        if (!boat_check(ctx, st, board, u, to, boat)) continue;
        const Action a = decision(kBoat, u, hex_number(map, to));
        if (std::none_of(out.begin(), out.end(), [&](const Action& x) {
              return x.kind == a.kind && x.decision == a.decision && x.unit == a.unit &&
                     x.value == a.value;
            }))
          out.push_back(a);
      }
    }
  }
}

void PontoonsModule::markers(const Context& ctx, const GameState& st,
                             std::vector<Marker>& out) const {
  const PontoonsState* s = state<PontoonsState>(st);
  if (!s) return;
  for (const Bridge& b : s->bridges)
    out.push_back(Marker{"pontoon", b.hex, b.side, b.unit, 0, "emplaced",
                         "emplaced pontoon: either side crosses this river hex at 1 MP "
                         "within a move; an enemy unit entering it destroys it",
                         "R-FR-PONTOON"});
  for (const EmplaceOrder& o : s->orders)
    out.push_back(Marker{"pontoon", o.river, ctx.def(o.unit).side, o.unit, 0, "ordered",
                         "pontoon ordered: emplaced when the player-turn ends if its unit "
                         "stays on the bank",
                         "R-FR-PONTOON"});
  for (HexId f : data_.fords)
    out.push_back(Marker{"ford", f, std::nullopt, kNoUnit, 0, "",
                         "ford: this river hex is crossed at 2 MP within a move", "R-FR-FORD"});
  for (UnitIndex u : s->boated)
    out.push_back(Marker{"boat-crossing", st.pos.units[u].hex, ctx.def(u).side, u, 0, "",
                         "crossed by assault boat this player-turn: the defender it attacks "
                         "is doubled",
                         "R-FR-BOAT"});
}

}  // namespace bg::modules
