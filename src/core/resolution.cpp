// Combat resolution: the die, the results (7.6), retreats and displacement
// (7.7, 7.8; DG 8.5), advance after combat (7.75, 7.76; DG 8.6), exchanges and
// cavalry retreat before combat (DG 11.2).
#include <algorithm>

#include "core/resolver.h"
#include "core/rule_id.h"

namespace bg::core {

namespace {
std::string hexname(const Context& ctx, HexId h) {
  return ctx.map->label_text(h);
}
}  // namespace

int Resolver::find_pending(PendingKind k, UnitIndex u) const {
  for (size_t i = 0; i < st.pending.size(); ++i)
    if (st.pending[i].kind == k && (u == kNoUnit || st.pending[i].unit == u))
      return static_cast<int>(i);
  return -1;
}

bool Resolver::has_pending(PendingKind k) const {
  return find_pending(k, kNoUnit) >= 0;
}

void Resolver::eliminate(UnitIndex u) {
  UnitState& s = st.pos.units[u];
  if (s.status != UnitStatus::OnMap) return;
  s.status = UnitStatus::Eliminated;
  s.hex = kNoHex;
  // Every Blue & Gray title's victory schedule: one point per enemy strength
  // point eliminated (a title may score more in ScenarioRules::after_action).
  st.vp[static_cast<size_t>(other(def(u).side))] += def(u).strength;
  report.eliminated.push_back(u);
  for (size_t i = st.pending.size(); i-- > 0;)
    if (st.pending[i].unit == u && st.pending[i].kind != PendingKind::Advance)
      st.pending.erase(st.pending.begin() + static_cast<long>(i));
  rebuild();
}

void Resolver::plain_and_full(UnitIndex u, HexId from, const StaticVector<HexId, 32>& exclude,
                              StaticVector<HexId, 6>& plain, StaticVector<HexId, 6>& full) {
  const Map& map = *ctx.map;
  const UnitDef& d = def(u);
  for (int i = 0; i < kDirs; ++i) {
    const Dir dir = static_cast<Dir>(i);
    if (!hexside_passable(map, from, dir)) continue;  // 7.72: no prohibited hexside
    const HexId n = map.neighbour(from, dir);
    if (exclude.contains(n)) continue;
    const Terrain t = map.terrain(n);
    if (t == Terrain::River || t == Terrain::Ferry) continue;  // 7.72: no prohibited hex
    if (board.occupied_by(other(d.side), n)) continue;
    if (board.enemy_zoc(d.side, n)) continue;                                // 7.72 / DG 8.51
    if (d.road_only && !(map.side(from, dir) & (kRoad | kTrail))) continue;  // RoadBound
    if (ctx.scenario && ctx.scenario->forbids(ctx, st, u, n)) continue;      // a closed zone
    // StacksFreely: a unit that stacks freely neither crowds a hex nor is crowded.
    const int friends = d.free_stacking ? 0 : board.stacked(d.side, n);
    const int all = board.units(d.side, n);
    // SoleOccupant (R-RTR-TRAIN-DISPLACE): a unit that stacks with nothing
    // shares a hex with no one, so a hex it stands in is open only by
    // displacing it, and it enters an occupied hex only by displacing the one
    // unit there; two would both have to go, and one retreating unit
    // displaces only one (7.81).
    if (d.sole_occupant && all >= 2) continue;
    const bool crowded = friends >= 2 || board.sole(n) || (d.sole_occupant && all > 0);
    if (!crowded) {
      plain.push_back(n);
    } else {
      full.push_back(n);
    }
  }
}

// StacksFreely (R-FR-STACKING): displacing a unit that takes no room in a
// full hex (a headquarters) would leave the hex as full as before, so only a
// unit that counts against the limit is displaced to make room.
bool Resolver::makes_room(UnitIndex v) const {
  return !def(v).free_stacking;
}

// 7.82: a displaced unit must itself be able to retreat (or, under the 1977
// rules, displace in turn); otherwise the displacement may not happen.
bool Resolver::displacement_feasible(UnitIndex v, HexId at, StaticVector<HexId, 32>& visited,
                                     int depth) {
  StaticVector<HexId, 6> plain, full;
  plain_and_full(v, at, visited, plain, full);
  if (!plain.empty()) return true;
  if (rules().dg() || depth >= 8) return false;  // DG 8.52: one unit moves, no chain
  for (HexId m : full) {
    if (visited.full()) return false;
    visited.push_back(m);
    for (int w = 0; w < st.pos.count; ++w) {
      const UnitState& s = st.pos.units[w];
      if (s.on_map() && s.hex == m && def(static_cast<UnitIndex>(w)).side == def(v).side &&
          makes_room(static_cast<UnitIndex>(w)) && !s.has(kDisplaced) &&
          find_pending(PendingKind::Retreat, static_cast<UnitIndex>(w)) < 0 &&
          displacement_feasible(static_cast<UnitIndex>(w), m, visited, depth + 1))
        return true;
    }
  }
  return false;
}

std::vector<RetreatOption> Resolver::retreat_options(UnitIndex u) {
  rebuild();
  std::vector<RetreatOption> out;
  const UnitState& us = st.pos.units[u];
  if (!us.on_map()) return out;
  StaticVector<HexId, 32> none;
  none.push_back(us.hex);
  StaticVector<HexId, 6> plain, full;
  plain_and_full(u, us.hex, none, plain, full);
  for (HexId h : plain) out.push_back(RetreatOption{h, {}});
  // 7.73: displacement only if there is no other alternative; DG 8.52 allows
  // retreating into any friendly stack, one unit of which then moves on.
  if (!out.empty() && !rules().dg()) return out;
  // DG 8.52: a displaced unit moves to an adjacent hex; it displaces no one (no chain).
  if (rules().dg()) {
    const int pi = find_pending(PendingKind::Retreat, u);
    if (pi >= 0 && st.pending[static_cast<size_t>(pi)].cause == RetreatCause::Displaced) return out;
  }
  for (HexId n : full) {
    RetreatOption opt{n, {}};
    for (int v = 0; v < st.pos.count; ++v) {
      const UnitState& s = st.pos.units[v];
      if (!s.on_map() || s.hex != n || def(static_cast<UnitIndex>(v)).side != def(u).side) continue;
      // R-DISPLACE-ONCE: a unit already displaced in this combat, or about to
      // retreat, may not be displaced (else a stack could grow past two, or a
      // ring of full hexes displace for ever).
      if (s.has(kDisplaced) || find_pending(PendingKind::Retreat, static_cast<UnitIndex>(v)) >= 0)
        continue;
      if (!makes_room(static_cast<UnitIndex>(v))) continue;
      StaticVector<HexId, 32> visited;
      visited.push_back(us.hex);
      visited.push_back(n);
      if (displacement_feasible(static_cast<UnitIndex>(v), n, visited, 0) && !opt.displace.full())
        opt.displace.push_back(static_cast<UnitIndex>(v));
    }
    if (!opt.displace.empty()) out.push_back(opt);
  }
  return out;
}

Game::AdvanceChoice Resolver::advance_choice() {
  rebuild();
  Game::AdvanceChoice out;
  const CombatRecord& c = st.combat;
  if (!c.active || !c.resolved || !c.allow_advance) return out;
  const Map& map = *ctx.map;
  const RulesConfig& r = rules();
  const bool attacker_won = c.evaded || c.result == CombatResult::De ||
                            c.result == CombatResult::Dr || c.result == CombatResult::Ex;
  const Side victor = attacker_won ? st.phasing : other(st.phasing);
  // 7.75: a hex vacated as a result of combat.
  if (attacker_won) {
    for (HexId h : c.defender_hexes)
      if (board.empty(h)) out.hexes.push_back(h);
  } else {
    for (HexId h : c.attacker_hexes)  // only hexes ground attackers fought from
      if (board.empty(h)) out.hexes.push_back(h);
  }
  if (out.hexes.empty()) return out;
  auto participants = attacker_won ? c.attackers : c.defenders;
  for (size_t i = 0; i < participants.size(); ++i) {
    const UnitIndex u = participants[i];
    const UnitState& s = st.pos.units[u];
    const UnitDef& d = def(u);
    if (!s.on_map() || d.side != victor) continue;
    if (attacker_won && c.bombarding[i]) continue;          // never more than one hex (7.75)
    if (r.dg() && d.type == UnitType::Artillery) continue;  // DG 8.75
    bool any = false;
    for (HexId h : out.hexes) {
      const auto dir = map.direction(s.hex, h);
      if (!dir || !hexside_passable(map, s.hex, *dir)) continue;
      const HexsideBits side = map.side(s.hex, *dir);
      if (ctx.scenario && ctx.scenario->forbids_advance(ctx, st, u, s.hex, h)) continue;
      if (d.road_only && !(side & (kRoad | kTrail))) continue;
      if (ctx.scenario && ctx.scenario->forbids(ctx, st, u, h)) continue;  // a closed zone
      // 11.2 / DG 10.2: an ineffective unit enters no enemy-controlled hex,
      // not even by an advance (R-AE-ADVANCE).
      if (r.ae() && s.has(kIneffective) && board.enemy_zoc(d.side, h)) continue;
      const Terrain t = map.terrain(h);
      if (t == Terrain::River || t == Terrain::Ferry) continue;
      any = true;
    }
    if (any) out.units.push_back(u);
  }
  if (out.units.empty()) out.hexes.clear();
  return out;
}

void Resolver::settle() {
  // Units whose every retreat is closed are eliminated (7.72); optional
  // retreats (8.16) with no hex simply lapse.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < st.pending.size(); ++i) {
      const Pending p = st.pending[i];
      if (p.kind != PendingKind::Retreat) continue;
      if (!retreat_options(p.unit).empty()) continue;
      if (p.optional) {
        st.pending.erase(st.pending.begin() + static_cast<long>(i));
      } else {
        eliminate(p.unit);
      }
      changed = true;
      break;
    }
  }
  if (!st.pending.empty()) return;
  CombatRecord& c = st.combat;
  if (c.active && c.resolved && !c.advance_offered) {
    c.advance_offered = true;
    const Game::AdvanceChoice ch = advance_choice();
    if (!ch.units.empty()) {
      const bool attacker_won = c.evaded || c.result == CombatResult::De ||
                                c.result == CombatResult::Dr || c.result == CombatResult::Ex;
      st.pending.push_back(Pending{PendingKind::Advance,
                                   attacker_won ? st.phasing : other(st.phasing), kNoUnit,
                                   RetreatCause::Combat, true});
      return;
    }
  }
  if (c.active && c.resolved) {
    c.active = false;
    for (int u = 0; u < st.pos.count; ++u) st.pos.units[u].set(kDisplaced, false);
  }
  if (st.closing) finish_combat_phase();
}

Status Resolver::do_attack(const Action& a) {
  auto plan = plan_attack(ctx, st, board, a.units, a.hexes, a.column);
  if (!plan) return plan.error();
  CombatRecord& c = st.combat;
  c = CombatRecord{};
  c.active = true;
  c.attackers = plan->attackers;
  c.bombarding = plan->bombarding;
  c.from_ezoc = plan->from_ezoc;
  c.defender_hexes = plan->hexes;
  c.defenders = plan->defenders;
  c.attack = plan->attack;
  c.defence = plan->defence;
  c.computed_column = plan->computed_column;
  c.column = plan->column;
  c.die_modifier = plan->die_modifier;
  // Hexes from which ground units attacked: only these can be "vacated" for a
  // defender's advance (bombarding artillery is not in the fight, 8.15).
  for (size_t i = 0; i < plan->attackers.size(); ++i) {
    const HexId h = st.pos.units[plan->attackers[i]].hex;
    if (!plan->bombarding[i] && !c.attacker_hexes.contains(h)) c.attacker_hexes.push_back(h);
  }
  for (UnitIndex u : plan->attackers) st.pos.units[u].set(kAttacked);
  for (HexId h : plan->attacker_hexes) st.attack_hexes.push_back(h);
  for (UnitIndex u : plan->defenders) st.pos.units[u].set(kDefended);
  CombatReport cr;
  cr.attack = plan->attack;
  cr.defence = plan->defence;
  cr.computed_column = plan->computed_column;
  cr.column = plan->column;
  cr.defence_detail = plan->defence_detail;
  cr.die_modifier = plan->die_modifier;
  cr.modifier_why = plan->modifier_why;
  report.combat = cr;

  // DG 11.2: cavalry attacked solely by infantry or artillery may fall back
  // two hexes before the die is rolled.
  const RulesConfig& r = rules();
  if (r.dg() && r.cavalry_retreat) {
    bool all_cav = true, no_cav_attacker = true;
    for (UnitIndex u : c.defenders) all_cav = all_cav && def(u).type == UnitType::Cavalry;
    for (UnitIndex u : c.attackers)
      no_cav_attacker = no_cav_attacker && def(u).type != UnitType::Cavalry;
    if (all_cav && no_cav_attacker) {
      for (UnitIndex u : c.defenders)
        st.pending.push_back(
            Pending{PendingKind::Evade, other(st.phasing), u, RetreatCause::Combat, true});
      return ok_status();
    }
  }
  roll_and_apply();
  return ok_status();
}

void Resolver::roll_and_apply() {
  CombatRecord& c = st.combat;
  const RulesConfig& r = rules();
  const Roll roll = st.dice.roll();
  rolls.push_back(static_cast<uint8_t>(roll.value));
  c.die = roll.value;
  c.modified_die = modified_die(roll.value, c.die_modifier);
  c.result = crt(c.column, c.modified_die);
  c.resolved = true;
  if (report.combat) {
    report.combat->die = roll.value;
    report.combat->die_modifier = c.die_modifier;
    report.combat->modified_die = c.modified_die;
    report.combat->rolled = true;
    report.combat->result = c.result;
    report.combat->attack = c.attack;
    report.combat->defence = c.defence;
    report.combat->column = c.column;
    report.combat->computed_column = c.computed_column;
  }
  const Side att = st.phasing;
  switch (c.result) {
    case CombatResult::Ae:
      for (size_t i = 0; i < c.attackers.size(); ++i)
        if (!c.bombarding[i]) eliminate(c.attackers[i]);  // 8.15
      break;
    case CombatResult::De:
      for (UnitIndex u : c.defenders) eliminate(u);
      break;
    case CombatResult::Ex: {
      int required = 0;
      for (UnitIndex u : c.defenders)
        // 7.6: the printed (face value) Combat Strength; DG 8.3: the printed
        // defence strength (they differ only where a title gives a unit its own defence).
        if (st.pos.units[u].on_map()) required += r.dg() ? def(u).defense : def(u).strength;
      for (UnitIndex u : c.defenders) eliminate(u);
      bool eligible = false;
      for (size_t i = 0; i < c.attackers.size(); ++i)
        eligible = eligible || (!c.bombarding[i] && st.pos.units[c.attackers[i]].on_map());
      c.loss_required = required;
      if (eligible)
        st.pending.push_back(Pending{PendingKind::Lose, att, kNoUnit, RetreatCause::Combat, false});
      break;
    }
    case CombatResult::Ar:
      for (size_t i = 0; i < c.attackers.size(); ++i) {
        const UnitIndex u = c.attackers[i];
        if (c.bombarding[i]) {
          // 8.15-8.16: bombarding artillery is unaffected but may choose to retreat
          // (1977); DG 8.72: never suffers an adverse result.
          if (!r.dg())
            st.pending.push_back(Pending{PendingKind::Retreat, att, u, RetreatCause::Combat, true});
          continue;
        }
        if (r.ae() && c.from_ezoc[i]) st.pos.units[u].set(kIneffective);  // 11.1
        st.pending.push_back(Pending{PendingKind::Retreat, att, u, RetreatCause::Combat, false});
      }
      break;
    case CombatResult::Dr:
      for (UnitIndex u : c.defenders)
        if (st.pos.units[u].on_map())
          st.pending.push_back(
              Pending{PendingKind::Retreat, other(att), u, RetreatCause::Combat, false});
      break;
  }
  settle();
}

Status Resolver::do_retreat(const Action& a) {
  const RulesConfig& r = rules();
  if (a.unit >= st.pos.count) return Error{"", "unknown unit"};
  const int pi = find_pending(PendingKind::Retreat, a.unit);
  if (pi < 0)
    return refuse(ctx, RuleId::RetreatAfterCombat, def(a.unit).id + " has no retreat to make");
  const Pending p = st.pending[static_cast<size_t>(pi)];
  if (a.hex == kNoHex) {
    if (!p.optional)
      return refuse(ctx, RuleId::RetreatAfterCombat, def(a.unit).id + " must retreat");
    remove_pending(pi);
    settle();
    return ok_status();
  }
  const auto options = retreat_options(a.unit);
  const RetreatOption* chosen = nullptr;
  for (const auto& o : options)
    if (o.hex == a.hex) chosen = &o;
  if (!chosen) {
    std::string legal;
    for (const auto& o : options) legal += (legal.empty() ? "" : ", ") + hexname(ctx, o.hex);
    const Map& map = *ctx.map;
    const HexId from = st.pos.units[a.unit].hex;
    std::string why = "it is not a legal retreat hex";
    if (!map.on_map(a.hex) || !map.direction(from, a.hex)) {
      why = "a retreat is one hex, to an adjacent hex";
    } else if (board.enemy_zoc(def(a.unit).side, a.hex)) {
      why = "a retreating unit may not enter an enemy-controlled hex";
    } else if (def(a.unit).sole_occupant && board.units(def(a.unit).side, a.hex) >= 2) {
      why = def(a.unit).id + " stacks with nothing and may displace only one unit";  // SoleOccupant
    } else if (!r.dg() && (board.stacked(def(a.unit).side, a.hex) >= 2 || board.sole(a.hex) ||
                           (def(a.unit).sole_occupant && !board.empty(a.hex)))) {
      why = "displacement is allowed only when no other retreat is open";
    }
    return refuse(
        ctx, RuleId::RetreatHex,
        hexname(ctx, a.hex) + ": " + why + " (legal: " + (legal.empty() ? "none" : legal) + ")");
  }
  UnitIndex displaced = kNoUnit;
  if (!chosen->displace.empty()) {
    if (a.displace == kNoUnit) {
      if (chosen->displace.size() != 1) {
        std::string names;
        for (UnitIndex v : chosen->displace) names += (names.empty() ? "" : " or ") + def(v).id;
        return refuse(ctx, RuleId::Displacement, "name the unit to displace: " + names);
      }
      displaced = chosen->displace[0];
    } else {
      if (!chosen->displace.contains(a.displace))
        return refuse(ctx, RuleId::DisplaceWithoutElimination,
                      (a.displace < st.pos.count ? def(a.displace).id : std::string("that unit")) +
                          " cannot be displaced from " + hexname(ctx, a.hex) +
                          " without being eliminated");
      displaced = a.displace;
    }
  } else if (a.displace != kNoUnit) {
    return refuse(ctx, RuleId::Displacement,
                  "there is room in " + hexname(ctx, a.hex) + "; no one is displaced");
  }
  remove_pending(pi);
  st.pos.units[a.unit].hex = a.hex;
  if (displaced != kNoUnit) {
    UnitState& v = st.pos.units[displaced];
    if (def(displaced).type == UnitType::Artillery && !v.has(kAttacked)) v.set(kNoFire);  // 7.82
    v.set(kDisplaced);
    st.pending.push_back(Pending{PendingKind::Retreat, def(displaced).side, displaced,
                                 RetreatCause::Displaced, false});
  }
  rebuild();
  settle();
  return ok_status();
}

Status Resolver::do_advance(const Action& a) {
  const int pi = find_pending(PendingKind::Advance, kNoUnit);
  if (pi < 0) return refuse(ctx, RuleId::AdvanceAfterCombat, "no advance after combat is open now");
  if (a.unit == kNoUnit) {  // 7.75: never forced to advance
    remove_pending(pi);
    settle();
    return ok_status();
  }
  if (a.unit >= st.pos.count) return Error{"", "unknown unit"};
  const Game::AdvanceChoice ch = advance_choice();
  // 11.2 / DG 10.2 (R-AE-ADVANCE): an ineffective unit enters no enemy-controlled
  // hex, not even by an advance; said first, as it may be why the unit is not offered.
  const CombatRecord& c = st.combat;
  const bool attacker_won = c.evaded || c.result == CombatResult::De ||
                            c.result == CombatResult::Dr || c.result == CombatResult::Ex;
  const bool won = (attacker_won ? c.attackers : c.defenders).contains(a.unit);
  if (won && rules().ae() && st.pos.units[a.unit].has(kIneffective) &&
      std::find(ch.hexes.begin(), ch.hexes.end(), a.hex) != ch.hexes.end() &&
      board.enemy_zoc(def(a.unit).side, a.hex))
    return refuse(ctx, RuleId::IneffectiveNoEnterZoc,
                  def(a.unit).id +
                      " is ineffective and may not enter an enemy-controlled hex, "
                      "not even by an advance after combat");
  if (std::find(ch.units.begin(), ch.units.end(), a.unit) == ch.units.end())
    return refuse(ctx, RuleId::AdvanceAfterCombat,
                  def(a.unit).id +
                      " may not advance (only one victorious unit of this combat, "
                      "adjacent to the vacated hex)");
  if (std::find(ch.hexes.begin(), ch.hexes.end(), a.hex) == ch.hexes.end())
    return refuse(ctx, RuleId::AdvanceAfterCombat,
                  "units advance only into a hex vacated by this combat");
  const Map& map = *ctx.map;
  const HexId from = st.pos.units[a.unit].hex;
  const auto dir = map.direction(from, a.hex);
  if (!dir)
    return refuse(ctx, RuleId::AdvanceAfterCombat, "a unit may never advance more than one hex");
  if (!hexside_passable(map, from, *dir))
    return refuse(ctx, RuleId::AdvanceAfterCombat, "the advance would cross a prohibited hexside");
  if (ctx.scenario && ctx.scenario->forbids_advance(ctx, st, a.unit, from, a.hex))
    return ctx.scenario->advance_refusal(ctx, st, a.unit, from, a.hex);
  const HexsideBits side = map.side(from, *dir);
  if (def(a.unit).road_only && !(side & (kRoad | kTrail)))
    return refuse(ctx, RuleId::RoadBound, def(a.unit).id + " moves only along roads and trails");
  if (ctx.scenario && ctx.scenario->forbids(ctx, st, a.unit, a.hex))
    return ctx.scenario->forbid_reason(ctx, st, a.unit, a.hex);
  remove_pending(pi);
  st.pos.units[a.unit].hex = a.hex;
  st.pos.units[a.unit].set(kAdvanced);
  rebuild();
  settle();
  return ok_status();
}

Status Resolver::do_lose(const Action& a) {
  const int pi = find_pending(PendingKind::Lose, kNoUnit);
  if (pi < 0) return refuse(ctx, RuleId::ExchangeLosses, "no exchange losses are owed now");
  const CombatRecord& c = st.combat;
  StaticVector<UnitIndex, kMaxCombatUnits> eligible;
  int eligible_total = 0;
  for (size_t i = 0; i < c.attackers.size(); ++i) {
    const UnitIndex u = c.attackers[i];
    if (!c.bombarding[i] && st.pos.units[u].on_map()) {
      eligible.push_back(u);
      eligible_total += def(u).strength;
    }
  }
  int total = 0;
  StaticVector<UnitIndex, kMaxCombatUnits> chosen;
  for (UnitIndex u : a.units) {
    if (u >= st.pos.count) return Error{"", "unknown unit"};
    if (chosen.contains(u))
      return refuse(ctx, RuleId::ExchangeLosses, def(u).id + " is named twice");
    if (!eligible.contains(u))
      return refuse(ctx, RuleId::ExchangeLosses,
                    def(u).id +
                        " did not take part in this attack (only units that did, and "
                        "never bombarding artillery, are lost)");
    chosen.push_back(u);
    total += def(u).strength;
  }
  const int need = std::min(c.loss_required, eligible_total);
  if (total < need)
    return refuse(ctx, RuleId::ExchangeLosses,
                  "the exchange needs at least " + std::to_string(c.loss_required) +
                      " printed strength points; those units have " + std::to_string(total));
  // Ruling R-EX-MINIMAL: no unit may be given up that the total does not need.
  for (UnitIndex u : chosen)
    if (total - def(u).strength >= need)
      return refuse(ctx, RuleId::ExchangeLosses,
                    "losing " + def(u).id + " is not needed to reach " + std::to_string(need) +
                        " strength points");
  remove_pending(pi);
  for (UnitIndex u : chosen) eliminate(u);
  settle();
  return ok_status();
}

Status Resolver::do_evade(const Action& a) {
  if (a.unit >= st.pos.count) return Error{"", "unknown unit"};
  const int pi = find_pending(PendingKind::Evade, a.unit);
  if (pi < 0)
    return refuse(ctx, RuleId::CavalryRetreat,
                  def(a.unit).id + " has no retreat before combat to make");
  if (!a.path.empty()) {
    if (a.path.size() > 2)
      return refuse(ctx, RuleId::CavalryRetreat,
                    "cavalry retreats at most two hexes before combat");
    const Map& map = *ctx.map;
    const UnitDef& d = def(a.unit);
    HexId at = st.pos.units[a.unit].hex;
    for (HexId h : a.path) {
      const auto dir = map.direction(at, h);
      if (!dir)
        return refuse(ctx, RuleId::CavalryRetreatPath,
                      "each hex of the retreat must be adjacent to the last");
      if (!hexside_passable(map, at, *dir) || map.terrain(h) == Terrain::Ferry)
        return refuse(ctx, RuleId::CavalryRetreatHex,
                      hexname(ctx, h) + " cannot be entered in a retreat");
      if (board.occupied_by(other(d.side), h) || board.enemy_zoc(d.side, h))
        return refuse(ctx, RuleId::CavalryRetreatHex,
                      "units may not retreat into hexes occupied or controlled by the enemy");
      // A hex the title closes (e.g. a command zone) is closed to every hex of the path,
      // as it is to a retreat after combat.
      if (ctx.scenario && ctx.scenario->forbids(ctx, st, a.unit, h))
        return ctx.scenario->forbid_reason(ctx, st, a.unit, h);
      at = h;
    }
    if ((!d.free_stacking && board.stacked(d.side, at) >= 2) || board.sole(at))
      return refuse(ctx, RuleId::CavalryRetreatStacking, "units may not end a retreat overstacked");
    st.pos.units[a.unit].hex = at;
    rebuild();
  }
  remove_pending(pi);
  if (has_pending(PendingKind::Evade)) return ok_status();
  // Every cavalry unit has chosen. If the defending hexes are empty, there is
  // no combat; otherwise those who stood are attacked as usual.
  CombatRecord& c = st.combat;
  int defence = 0;
  bool any_left = false;
  for (UnitIndex u : c.defenders) {
    const UnitState& s = st.pos.units[u];
    if (s.on_map() && c.defender_hexes.contains(s.hex)) {
      any_left = true;
      defence += def(u).defense;
    }
  }
  if (!any_left) {
    c.evaded = true;
    c.resolved = true;
    settle();
    return ok_status();
  }
  // Recompute the defence of those who stayed, with the terrain of their hexes.
  int plan_defence = 0;
  {
    GameState probe = st;
    for (UnitIndex u : c.defenders) probe.pos.units[u].set(kDefended, false);
    for (HexId h : c.defender_hexes) {
      const HexDefence hd = hex_defence(ctx, probe, board, h, c.attackers);
      plan_defence += hd.strength * hd.multiplier;
    }
  }
  (void)defence;
  c.defence = plan_defence;
  c.computed_column = odds_column(std::max(c.attack, 1), std::max(c.defence, 1));
  c.column = std::min(c.column, c.computed_column);
  // Units that fell back are no longer in the combat's results.
  StaticVector<UnitIndex, kMaxCombatUnits> stayed;
  for (UnitIndex u : c.defenders)
    if (st.pos.units[u].on_map() && c.defender_hexes.contains(st.pos.units[u].hex))
      stayed.push_back(u);
  c.defenders = stayed;
  report.combat = CombatReport{};
  roll_and_apply();
  return ok_status();
}

}  // namespace bg::core
