#include "core/combat.h"

#include <algorithm>

#include "core/charts.h"
#include "core/los.h"
#include "core/rule_id.h"
#include "core/scenario.h"

namespace bg::core {

namespace {

bool is_artillery(const UnitDef& d) {
  return d.type == UnitType::Artillery;
}

std::string hex_name(const Context& ctx, HexId h) {
  return ctx.map->label_text(h);
}

// Whether a ground (non-bombarding) attacker in `from` may attack hex `to`:
// adjacent, and not across a lake or an unbridged, unforded creek (9.0).
Status ground_attack_ok(const Context& ctx, const UnitDef& def, HexId from, HexId to,
                        bool several) {
  const Map& map = *ctx.map;
  const auto dir = map.direction(from, to);
  if (!dir) {
    if (several)
      return refuse(
          ctx, RuleId::AdjacentToEveryDefender,
          def.id + " must be adjacent to every defending hex (" + hex_name(ctx, to) + " is not)");
    return refuse(ctx, RuleId::AttackAdjacent, def.id + " is not adjacent to " + hex_name(ctx, to));
  }
  const HexsideBits s = map.side(from, *dir);
  if (s & kLake)
    return refuse(ctx, RuleId::LakeHexside, "no attack may be made across a lake hexside");
  if ((s & kCreek) && !(s & (kBridge | kFord)))
    return refuse(ctx, RuleId::CreekAttack,
                  "a creek may be attacked across only at a bridge or ford");
  return ok_status();
}

Status bombard_ok(const Context& ctx, const UnitDef& def, HexId from,
                  const StaticVector<HexId, kMaxCombatHexes>& hexes) {
  bool in_range = false;
  for (HexId h : hexes) {
    if (distance(ctx.map->coord(from), ctx.map->coord(h)) > def.range) continue;
    in_range = true;
    if (line_of_sight(*ctx.map, from, h)) return ok_status();
  }
  if (!in_range)
    return refuse(ctx, RuleId::ArtilleryRange,
                  def.id + " is out of range (" + std::to_string(def.range) + " hexes)");
  return refuse(ctx, RuleId::LineOfSight, def.id + " has no Line of Sight to the target");
}

// The unit's participation check, shared by declared attackers and by the
// stack-mates 7.22 obliges to join.
Status attacker_geometry_ok(const Context& ctx, const Board& board, const Position& pos,
                            UnitIndex u, const StaticVector<HexId, kMaxCombatHexes>& hexes) {
  const UnitDef& def = ctx.def(u);
  const HexId from = pos.units[u].hex;
  if (is_bombarding(ctx, board, pos, u)) return bombard_ok(ctx, def, from, hexes);
  for (HexId h : hexes)
    if (auto s = ground_attack_ok(ctx, def, from, h, hexes.size() > 1); !s) return s;
  return ok_status();
}

// 9.0 (TEC) with 7.4: the defender's strength in hex h is multiplied once, by
// the largest multiplier that applies (ruling R-MULT).
// Units the exclusive rules order to attack (ScenarioRules::must_attack) owe
// an attack when they stand adjacent to an enemy hex they may attack.
void add_ordered(const Context& ctx, const GameState& st, Obligations& out) {
  const Map& map = *ctx.map;
  const Position& pos = st.pos;
  const Side defender = other(st.phasing);
  for (int u = 0; u < pos.count; ++u) {
    const UnitIndex ui = static_cast<UnitIndex>(u);
    if (!can_attack_now(ctx, st, ui) || !ctx.scenario->must_attack(ctx, st, ui)) continue;
    const HexId h = pos.units[u].hex;
    if (out.attackers.contains(h)) continue;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = map.neighbour(h, dir);
      if (!map.on_map(n) || !hexside_passable(map, h, dir)) continue;
      if (!hex_attackable(ctx, st, n, defender)) continue;
      out.attackers.push_back(h);
      out.ordered.push_back(h);
      break;
    }
  }
}

// Why the hex's own terrain multiplies its defender (the terrains
// terrain_defence_multiplier doubles): static text, built by nobody.
std::string_view doubled_by_terrain(Terrain t) {
  switch (t) {
    case Terrain::Rough:
      return "rough in the hex: defender doubled";
    case Terrain::ForestRough:
      return "forest-rough in the hex: defender doubled";
    default:
      return "the terrain in the hex: defender doubled";
  }
}

}  // namespace

HexDefence hex_defence(const Context& ctx, const GameState& st, const Board& board, HexId h,
                       const StaticVector<UnitIndex, kMaxCombatUnits>& attackers) {
  const Map& map = *ctx.map;
  const RulesConfig& r = *ctx.rules;
  HexDefence out;
  out.hex = h;
  const Position& pos = st.pos;
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& s = pos.units[u];
    if (!s.on_map() || s.hex != h || ctx.def(static_cast<UnitIndex>(u)).side == st.phasing)
      continue;
    if (s.has(kDefended) || s.has(kAdvanced)) continue;  // 7.74: suffers, does not contribute
    out.strength += ctx.def(static_cast<UnitIndex>(u)).defense;
  }
  const Terrain t = map.terrain(h);
  if (terrain_defence_multiplier(t) > 1) {
    out.multiplier = terrain_defence_multiplier(t);
    out.why = doubled_by_terrain(t);
  }
  // Hexside multipliers need every counting attacker to cross such a hexside.
  // Bombarding artillery crosses no hexside; under DG 8.76 no artillery counts
  // for streams, bridges and fords.
  bool any_water = false, all_water = true, any_redoubt = false, all_redoubt = true;
  for (UnitIndex a : attackers) {
    if (is_bombarding(ctx, board, pos, a)) continue;
    const HexId from = pos.units[a].hex;
    const auto dir = map.direction(from, h);
    if (!dir) continue;  // not adjacent to this hex (validated elsewhere)
    const HexsideBits side = map.side(from, *dir);
    const bool redoubt = (side & kRedoubt) && (side & kRedoubtBarbed);
    any_redoubt = true;
    all_redoubt = all_redoubt && redoubt;
    if (r.dg() && is_artillery(ctx.def(a))) continue;
    const bool water =
        ctx.scenario ? ctx.scenario->hexside_doubles_defence(side) : tec_hexside_doubles(side);
    any_water = true;
    all_water = all_water && water;
  }
  if (any_water && all_water && out.multiplier < kHexsideMultiplier) {
    out.multiplier = kHexsideMultiplier;
    out.why = "every attacker attacks across a bridge, ford or stream: defender doubled";
  }
  if (any_redoubt && all_redoubt) {
    out.multiplier = kRedoubtMultiplier;
    out.why = "every attacker attacks across a redoubt from its barbed side: defender tripled";
  }
  if (ctx.scenario) ctx.scenario->adjust_hex_defence(ctx, st, board, attackers, out);
  return out;
}

bool is_bombarding(const Context& ctx, const Board& board, const Position& pos, UnitIndex u) {
  const UnitDef& def = ctx.def(u);
  return is_artillery(def) && !board.enemy_zoc(def.side, pos.units[u].hex);
}

bool can_attack_now(const Context& ctx, const GameState& st, UnitIndex u) {
  const UnitState& s = st.pos.units[u];
  const UnitDef& def = ctx.def(u);
  if (!s.on_map() || def.side != st.phasing || !def.can_attack) return false;
  if (s.has(kAttacked) || s.has(kAdvanced) || s.has(kNoFire)) return false;
  if (ctx.rules->ae() && s.has(kIneffective)) return false;
  return !st.attack_hexes.contains(s.hex);
}

// NoDefenceStrength: a hex is a target only while it holds a unit with a
// defence strength (a headquarters alone is not attacked: R-FR-HQ-ALONE).
bool hex_attackable(const Context& ctx, const GameState& st, HexId h, Side defender) {
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& s = st.pos.units[u];
    const UnitDef& d = ctx.def(static_cast<UnitIndex>(u));
    if (s.on_map() && s.hex == h && d.side == defender && d.defense > 0 && !s.has(kDefended) &&
        !s.has(kAdvanced))
      return true;
  }
  return false;
}

namespace {

// Whether any combat may be declared now (the phase, a result still pending).
Status combat_open(const Context& ctx, const GameState& st,
                   const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                   const StaticVector<HexId, kMaxCombatHexes>& hexes) {
  if (st.phase != Phase::Combat)
    return refuse(ctx, RuleId::AttackInCombatPhase,
                  "attacks are made only in the phasing player's Combat Phase");
  if (!st.pending.empty() || st.combat.active)
    return refuse(ctx, RuleId::ResolveCombatFirst,
                  "the last combat's result must be applied before another combat is resolved");
  if (st.closing) return refuse(ctx, RuleId::CombatPhaseClosing, "the Combat Phase is ending");
  if (attackers.empty())
    return refuse(ctx, RuleId::AttackDeclaration, "an attack needs at least one attacker");
  if (hexes.empty())
    return refuse(ctx, RuleId::AttackDeclaration, "an attack needs at least one defending hex");
  return ok_status();
}

// Whether unit u may be declared an attacker, after those already in plan.
Status attacker_ok(const Context& ctx, const GameState& st, const AttackPlan& plan, UnitIndex u) {
  const UnitDef& def = ctx.def(u);
  const UnitState& s = st.pos.units[u];
  if (plan.attackers.contains(u))
    return refuse(ctx, RuleId::UnitaryStrength,
                  def.id + " is named twice; a unit's strength is unitary");
  if (def.side != st.phasing)
    return refuse(ctx, RuleId::AttackDeclaration,
                  def.id + " does not belong to the phasing player");
  if (!s.on_map()) return refuse(ctx, RuleId::AttackDeclaration, def.id + " is not on the map");
  if (!def.can_attack) return refuse(ctx, RuleId::NeverAttacks, def.id + " may never attack");
  if (s.has(kAttacked))
    return refuse(ctx, RuleId::AttackOnce, def.id + " has already attacked this Combat Phase");
  if (s.has(kAdvanced))
    return refuse(ctx, RuleId::AdvanceAfterCombat,
                  def.id + " advanced after combat and may not attack");
  if (s.has(kNoFire))
    return refuse(ctx, RuleId::DisplacedArtilleryNoFire,
                  def.id + " was displaced before firing and may not fire");
  if (ctx.rules->ae() && s.has(kIneffective))
    return refuse(ctx, RuleId::IneffectiveNoAttack, def.id + " is ineffective and may not attack");
  if (st.attack_hexes.contains(s.hex))
    return refuse(ctx, RuleId::StackAttacksTogether,
                  "units stacked together may not attack in separate combats (" +
                      hex_name(ctx, s.hex) + " has attacked)");
  return ok_status();
}

Status add_attackers(const Context& ctx, const GameState& st, const Board& board,
                     const StaticVector<UnitIndex, kMaxCombatUnits>& attackers, AttackPlan& plan) {
  const Position& pos = st.pos;
  for (UnitIndex u : attackers) {
    if (u >= pos.count) return Error{"", "unknown unit"};
    if (auto s = attacker_ok(ctx, st, plan, u); !s) return s;
    const HexId hex = pos.units[u].hex;
    plan.attackers.push_back(u);
    plan.bombarding.push_back(is_bombarding(ctx, board, pos, u) ? 1 : 0);
    plan.from_ezoc.push_back(board.enemy_zoc(ctx.def(u).side, hex) ? 1 : 0);
    if (!plan.attacker_hexes.contains(hex)) plan.attacker_hexes.push_back(hex);
  }
  return ok_status();
}

// Why an enemy hex may not be attacked (hex_attackable said so).
Error unattackable_why(const Context& ctx, const Position& pos, HexId h) {
  bool strength = false, advanced = false;
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map() && pos.units[u].hex == h &&
        ctx.def(static_cast<UnitIndex>(u)).defense > 0)
      strength = true;
  if (!strength)
    return refuse(ctx, RuleId::NoDefenceStrength,
                  "the units in " + hex_name(ctx, h) + " have no defence strength to attack");
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map() && pos.units[u].hex == h && pos.units[u].has(kAdvanced))
      advanced = true;
  if (advanced)
    return refuse(ctx, RuleId::AdvanceAfterCombat,
                  "units that advanced after combat may not be attacked this phase");
  return refuse(ctx, RuleId::AttackOnce,
                "the units in " + hex_name(ctx, h) + " have already been attacked");
}

Status add_defending_hexes(const Context& ctx, const GameState& st, const Board& board,
                           const StaticVector<HexId, kMaxCombatHexes>& hexes, AttackPlan& plan) {
  const Side defender = other(st.phasing);
  for (HexId h : hexes) {
    if (!ctx.map->on_map(h)) return Error{"", "that hex is not on the map"};
    if (plan.hexes.contains(h))
      return refuse(ctx, RuleId::DefendingHexOnce, hex_name(ctx, h) + " is named twice");
    if (!board.occupied_by(defender, h))
      return refuse(ctx, RuleId::AttackDeclaration, "no enemy unit stands in " + hex_name(ctx, h));
    if (!hex_attackable(ctx, st, h, defender)) return unattackable_why(ctx, st.pos, h);
    plan.hexes.push_back(h);
  }
  return ok_status();
}

// Every attacker reaches every defending hex; artillery bombarding alone
// attacks a single hex.
Status attack_geometry_ok(const Context& ctx, const Board& board, const Position& pos,
                          const AttackPlan& plan) {
  bool any_ground = false;
  for (size_t i = 0; i < plan.attackers.size(); ++i) {
    if (auto s = attacker_geometry_ok(ctx, board, pos, plan.attackers[i], plan.hexes); !s) return s;
    if (!plan.bombarding[i]) any_ground = true;
  }
  if (!any_ground && plan.hexes.size() > 1)
    return refuse(ctx, RuleId::BombardSingleHex,
                  "bombarding artillery attacks a single hex unless combined with adjacent units");
  return ok_status();
}

// 7.22: units in one hex attack as one strength. DG 8.42 lets one of a stack
// sit out, so the check is 1977 only.
Status stack_attacks_together(const Context& ctx, const GameState& st, const Board& board,
                              const AttackPlan& plan) {
  if (ctx.rules->dg()) return ok_status();
  const Position& pos = st.pos;
  for (int v = 0; v < pos.count; ++v) {
    const UnitIndex vi = static_cast<UnitIndex>(v);
    if (plan.attackers.contains(vi) || !pos.units[v].on_map()) continue;
    if (!plan.attacker_hexes.contains(pos.units[v].hex)) continue;
    if (!can_attack_now(ctx, st, vi)) continue;
    if (!attacker_geometry_ok(ctx, board, pos, vi, plan.hexes)) continue;
    return refuse(ctx, RuleId::StackAttacksTogether,
                  ctx.def(vi).id + " is stacked with an attacker and must attack with it");
  }
  return ok_status();
}

// The strengths on each side, the defenders, and the odds column they give.
void add_strengths(const Context& ctx, const GameState& st, const Board& board, AttackPlan& plan) {
  const Position& pos = st.pos;
  const Side defender = other(st.phasing);
  for (UnitIndex u : plan.attackers) plan.attack += ctx.def(u).strength;
  for (HexId h : plan.hexes) {
    HexDefence d = hex_defence(ctx, st, board, h, plan.attackers);
    plan.defence += d.strength * d.multiplier;
    plan.defence_detail.push_back(std::move(d));
  }
  for (int u = 0; u < pos.count; ++u)
    if (pos.units[u].on_map() && plan.hexes.contains(pos.units[u].hex) &&
        ctx.def(static_cast<UnitIndex>(u)).side == defender)
      plan.defenders.push_back(static_cast<UnitIndex>(u));
  plan.computed_column = odds_column(std::max(plan.attack, 1), std::max(plan.defence, 1));
  plan.column = plan.computed_column;
}

// The column the attacker asks for (-1: the computed one); odds may only be
// reduced.
Status choose_column(const Context& ctx, int column, AttackPlan& plan) {
  if (column >= 0) {
    if (column > plan.computed_column)
      return refuse(
          ctx, RuleId::OddsReduction,
          "odds may only be reduced: this attack is " + column_name(plan.computed_column));
    plan.column = column;
  }
  const bool any_ground =
      std::find(plan.bombarding.begin(), plan.bombarding.end(), 0) != plan.bombarding.end();
  if (ctx.rules->dg() && !any_ground && plan.column < 2)
    return refuse(ctx, RuleId::ArtilleryAloneOdds,
                  "artillery attacking alone against non-adjacent units needs odds of 1-3 or "
                  "better");
  return ok_status();
}

// 7.11, 7.12, 7.23: an attack may not leave an obligated unit with nothing
// left to attack, nor an enemy that must be attacked with no one to attack it.
Status obligations_kept(const Context& ctx, const GameState& st, const AttackPlan& plan) {
  const Position& pos = st.pos;
  const Obligations before = obligations(ctx, st);
  GameState after = st;
  for (UnitIndex u : plan.attackers) after.pos.units[u].set(kAttacked);
  for (HexId h : plan.attacker_hexes) after.attack_hexes.push_back(h);
  for (UnitIndex u : plan.defenders) after.pos.units[u].set(kDefended);
  const Obligations later = obligations(ctx, after);
  for (HexId h : before.attackers) {
    if (plan.attacker_hexes.contains(h) || later.attackers.contains(h)) continue;
    std::string who;
    for (int u = 0; u < pos.count; ++u)
      if (pos.units[u].on_map() && pos.units[u].hex == h &&
          can_attack_now(ctx, st, static_cast<UnitIndex>(u)))
        who = ctx.def(static_cast<UnitIndex>(u)).id;
    return refuse(ctx, RuleId::AttackEveryAdjacentEnemy,
                  who + " in " + hex_name(ctx, h) +
                      " must attack, and this attack would leave it no enemy to attack");
  }
  for (HexId h : before.defenders) {
    if (plan.hexes.contains(h) || later.defenders.contains(h)) continue;
    return refuse(ctx, RuleId::MustBeAttacked,
                  "the enemy in " + hex_name(ctx, h) +
                      " must be attacked, and this attack would leave no unit able to attack it");
  }
  return ok_status();
}

}  // namespace

Result<AttackPlan> plan_attack(const Context& ctx, const GameState& st, const Board& board,
                               const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                               const StaticVector<HexId, kMaxCombatHexes>& hexes, int column) {
  if (auto s = combat_open(ctx, st, attackers, hexes); !s) return s.error();
  AttackPlan plan;
  if (auto s = add_attackers(ctx, st, board, attackers, plan); !s) return s.error();
  if (auto s = add_defending_hexes(ctx, st, board, hexes, plan); !s) return s.error();
  if (auto s = attack_geometry_ok(ctx, board, st.pos, plan); !s) return s.error();
  if (auto s = stack_attacks_together(ctx, st, board, plan); !s) return s.error();
  add_strengths(ctx, st, board, plan);
  if (auto s = choose_column(ctx, column, plan); !s) return s.error();
  if (auto s = obligations_kept(ctx, st, plan); !s) return s.error();
  if (ctx.scenario) {
    DieModifier m = ctx.scenario->die_modifier(ctx, st, plan.attacker_hexes, plan.hexes);
    plan.die_modifier = m.value;
    plan.modifier_why = std::move(m.why);
    plan.modifier_rule = std::move(m.rule);
  }
  return plan;
}

Obligations obligations(const Context& ctx, const GameState& st) {
  Obligations out;
  const Map& map = *ctx.map;
  const Position& pos = st.pos;
  const Side defender = other(st.phasing);
  // Enemy hexes whose attackable, ZOC-exerting units control their neighbours.
  StaticVector<HexId, kMaxUnits> controllers;
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& s = pos.units[u];
    const UnitDef& def = ctx.def(static_cast<UnitIndex>(u));
    if (!s.on_map() || def.side != defender || !def.exerts_zoc) continue;
    if (s.has(kDefended) || s.has(kAdvanced)) continue;
    if (!controllers.contains(s.hex)) controllers.push_back(s.hex);
  }
  for (int u = 0; u < pos.count; ++u) {
    if (!can_attack_now(ctx, st, static_cast<UnitIndex>(u))) continue;
    const HexId h = pos.units[u].hex;
    for (int d = 0; d < kDirs; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = map.neighbour(h, dir);
      if (!map.on_map(n) || !controllers.contains(n)) continue;
      if (!zoc_crosses(map, n, opposite(dir)) || !hexside_passable(map, h, dir)) continue;
      if (!out.attackers.contains(h)) out.attackers.push_back(h);
      if (!out.defenders.contains(n)) out.defenders.push_back(n);
    }
  }
  if (ctx.scenario) add_ordered(ctx, st, out);
  return out;
}

void attack_options(const Context& ctx, const GameState& st, const Board& board,
                    std::vector<AttackOption>& out) {
  out.clear();
  if (st.phase != Phase::Combat) return;
  const Position& pos = st.pos;
  const Map& map = *ctx.map;
  const Side defender = other(st.phasing);
  StaticVector<HexId, kMaxUnits> targets;
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& s = pos.units[u];
    if (s.on_map() && ctx.def(static_cast<UnitIndex>(u)).side == defender &&
        !targets.contains(s.hex) && hex_attackable(ctx, st, s.hex, defender))
      targets.push_back(s.hex);
  }
  for (HexId t : targets) {
    AttackOption opt;
    opt.hex = t;
    for (int u = 0; u < pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      if (!can_attack_now(ctx, st, ui)) continue;
      const HexId from = pos.units[u].hex;
      const UnitDef& def = ctx.def(ui);
      if (is_bombarding(ctx, board, pos, ui)) {
        if (distance(map.coord(from), map.coord(t)) <= def.range && line_of_sight(map, from, t) &&
            !opt.artillery.full())
          opt.artillery.push_back(ui);
      } else if (map.direction(from, t) && ground_attack_ok(ctx, def, from, t, false) &&
                 !opt.adjacent.full()) {
        opt.adjacent.push_back(ui);
      }
    }
    if (!opt.adjacent.empty() || !opt.artillery.empty()) out.push_back(opt);
  }
}

}  // namespace bg::core
