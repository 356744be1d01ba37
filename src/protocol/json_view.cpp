#include "protocol/json_view.h"

#include "modules/modular_rules.h"
#include "titles/registry.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/crt.h"
#include "core/legal_actions.h"
#include "core/unit_reach.h"
#include "protocol/action_json.h"
#include "protocol/module_view.h"

namespace bg::protocol {

using namespace bg::core;

std::string hex_name(const Map& map, HexId h) {
  return map.label_text(h);
}

Json hex_json(const Map& map, HexId h) {
  if (h == kNoHex) return nullptr;
  return hex_name(map, h);
}

std::string unit_id(const Game& g, UnitIndex u) {
  if (u >= g.roster().size()) return "?";
  return g.roster()[u].id;
}

Json feature_names(HexsideBits bits) {
  static constexpr std::array<std::pair<const char*, HexsideBits>, 10> kFeatures = {{
      {"road", kRoad},
      {"trail", kTrail},
      {"creek", kCreek},
      {"stream", kStream},
      {"bridge", kBridge},
      {"ford", kFord},
      {"lake", kLake},
      {"redoubt", kRedoubt},
      {"ferry", kFerryArrow},
      {"command", kCommandBoundary},
  }};
  Json out = Json::array();
  for (const auto& [name, bit] : kFeatures)
    if (bits & bit) out.push_back(name);
  return out;
}

namespace {

Json ids(const Game& g, const auto& units) {
  Json out = Json::array();
  for (UnitIndex u : units) out.push_back(unit_id(g, u));
  return out;
}

Json hexes(const Game& g, const auto& list) {
  Json out = Json::array();
  for (HexId h : list) out.push_back(hex_name(g.map(), h));
  return out;
}

}  // namespace

Json pending_json(const Game& g) {
  Json out = Json::array();
  const GameState& st = g.state();
  for (const Pending& p : st.pending) {
    Json j = Json::object();
    j["kind"] = std::string(pending_name(p.kind));
    j["side"] = std::string(side_name(p.side));
    switch (p.kind) {
      case PendingKind::Retreat: {
        j["unit"] = unit_id(g, p.unit);
        j["optional"] = p.optional;
        Json options = Json::array();
        for (const RetreatOption& o : g.retreat_options(p.unit)) {
          Json oj = Json::object();
          oj["hex"] = hex_name(g.map(), o.hex);
          oj["displace"] = ids(g, o.displace);
          options.push_back(std::move(oj));
        }
        j["options"] = std::move(options);
        break;
      }
      case PendingKind::Advance: {
        const Game::AdvanceChoice ch = g.advance_choice();
        j["units"] = ids(g, ch.units);
        j["hexes"] = hexes(g, ch.hexes);
        break;
      }
      case PendingKind::Lose: {
        const CombatRecord& c = st.combat;
        j["required"] = c.loss_required;
        Json eligible = Json::array();
        for (size_t i = 0; i < c.attackers.size(); ++i)
          if (!c.bombarding[i] && st.pos.units[c.attackers[i]].on_map())
            eligible.push_back(unit_id(g, c.attackers[i]));
        j["units"] = std::move(eligible);
        break;
      }
      case PendingKind::Evade:
        j["unit"] = unit_id(g, p.unit);
        break;
    }
    out.push_back(std::move(j));
  }
  return out;
}

Json victory_json(const Game& g) {
  const VictoryReport v = g.victory();
  Json j = Json::object();
  j["union"] = v.total[0];
  j["confederate"] = v.total[1];
  Json projected = Json::object();
  projected["union"] = v.projected[0];
  projected["confederate"] = v.projected[1];
  j["projected"] = std::move(projected);
  j["final"] = v.final;
  j["winner"] = v.winner ? Json(std::string(side_name(*v.winner))) : Json(nullptr);
  if (v.final && !v.winner) j["drawn"] = true;
  Json lines = Json::array();
  for (const VpLine& l : v.lines) {
    Json lj = Json::object();
    lj["side"] = std::string(side_name(l.side));
    lj["rule"] = l.rule;
    lj["points"] = l.points;
    lj["what"] = l.what;
    lj["at_end"] = l.at_end;
    lines.push_back(std::move(lj));
  }
  j["lines"] = std::move(lines);
  return j;
}

// The modules' decisions open now (the engine's legal decisions, the title's
// own left out: ui.decisions has those), each with the action that makes it.
namespace {

Json module_decisions_json(const Game& g, const modules::ModularRules& rules) {
  thread_local std::vector<Action> legal;
  thread_local LegalActionGenerator gen;
  legal.clear();
  gen.decisions(g, legal);
  Json out = Json::array();
  const Context ctx = g.context();
  for (const Action& a : legal) {
    if (a.kind != ActionKind::Scenario || a.decision == 0 || a.unit == kNoUnit) continue;
    const modules::DecisionWords w = rules.decision_words(ctx, g.state(), a);
    Json j = Json::object();
    j["key"] = std::string(rules.decision_key(a.decision));
    j["unit"] = g.roster()[a.unit].id;
    j["side"] = std::string(side_name(g.roster()[a.unit].side));
    j["value"] = a.value;
    j["label"] = w.label;
    j["rule"] = std::string(w.rule);
    j["hex"] = w.hex == kNoHex ? Json(nullptr) : hex_json(g.map(), w.hex);
    j["command"] = command_text(g, a);
    Json act = Json::object();
    act["kind"] = "scenario";
    act["unit"] = g.roster()[a.unit].id;
    act["value"] = a.value;
    act["decision"] = static_cast<int>(a.decision);
    j["action"] = std::move(act);
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

// The optional rule modules in play and what each shows (module.h Marker):
// forts, pontoons (emplaced or ordered), fords, exit hexes and exited units
// with their points. Absent when the game plays with no modules.
Json modules_json(const Game& g) {
  const auto* rules = dynamic_cast<const modules::ModularRules*>(g.scenario());
  if (!rules) return Json();
  const Context ctx = g.context();
  Json keys = Json::array();
  Json markers = Json::array();
  std::vector<modules::Marker> found;
  for (const auto& m : rules->modules()) {
    keys.push_back(std::string(m->key()));
    found.clear();
    m->markers(ctx, g.state(), found);
    for (const modules::Marker& k : found) {
      Json j = Json::object();
      j["module"] = std::string(m->key());
      j["kind"] = std::string(k.kind);
      j["hex"] = k.hex == kNoHex ? Json(nullptr) : hex_json(g.map(), k.hex);
      if (k.side) j["side"] = std::string(side_name(*k.side));
      if (k.unit != kNoUnit) j["unit"] = g.roster()[k.unit].id;
      if (k.value != 0) j["value"] = k.value;
      if (!k.state.empty()) j["state"] = std::string(k.state);
      if (!k.label.empty()) j["label"] = std::string(k.label);
      if (!k.rule.empty()) j["rule"] = std::string(k.rule);
      markers.push_back(std::move(j));
    }
  }
  Json out = Json::object();
  out["keys"] = std::move(keys);
  out["markers"] = std::move(markers);
  out["decisions"] = module_decisions_json(g, *rules);
  return out;
}

namespace {

// When and where a reinforcement enters, as `viewer` may know it.
void add_arrival(const Game& g, UnitIndex u, std::optional<Side> viewer, Json& uj) {
  const GameState& st = g.state();
  const Context ctx = g.context();
  const UnitDef& d = g.roster()[u];
  const ScenarioRules* sc = g.scenario();
  if (sc && !(viewer && sc->hidden_from(ctx, st, u, *viewer))) {
    uj["arrival"] = sc->arrival_turn(ctx, st, u);
    uj["entry"] = hexes(g, sc->entry_hexes(ctx, st, u));
  } else {
    uj["arrival"] = d.arrival_turn;
    uj["entry"] = hexes(g, d.entry_hexes);
  }
}

Json unit_json(const Game& g, UnitIndex u, std::optional<Side> viewer) {
  const GameState& st = g.state();
  const UnitDef& d = g.roster()[u];
  const UnitState& s = st.pos.units[u];
  Json uj = Json::object();
  uj["id"] = d.id;
  uj["side"] = std::string(side_name(d.side));
  // A special unit shows its kind as its type ("train"): what it is to a
  // player, and what every view (and save snapshot) said before abilities
  // became data.
  const bool special = d.type == UnitType::Special && !d.kind.empty();
  uj["type"] = special ? d.kind : std::string(unit_type_name(d.type));
  if (!d.kind.empty()) uj["kind"] = d.kind;  // a title's special unit ("wagons")
  uj["strength"] = d.strength;
  uj["hex"] = s.on_map() ? hex_json(g.map(), s.hex) : Json(nullptr);
  uj["status"] = std::string(unit_status_name(s.status));
  if (s.status == UnitStatus::Exited) {
    uj["exit_hex"] = hex_json(g.map(), s.hex);
    // A rule module may let it come back (FR 4): by these hexes.
    const ScenarioRules* sc = g.scenario();
    if (sc && sc->may_reenter(g.context(), st, u))
      uj["reenter"] = hexes(g, sc->entry_hexes(g.context(), st, u));
  }
  if (d.arrival_turn > 0) add_arrival(g, u, viewer, uj);  // a reinforcement
  uj["effective"] = !s.has(kIneffective);
  uj["moved"] = s.has(kMoved);
  uj["attacked"] = s.has(kAttacked);
  // The phasing side's units in its Movement Phase: the MP left (a move is
  // one action and a unit moves once, so all of its allowance or none).
  if (const std::optional<MpLeft> left = mp_left(g, u)) {
    Json mp{{"left", left->mp}, {"allowance", left->allowance}};
    if (left->why) {
      mp["why"] = left->why->message;
      mp["rule"] = left->why->rule;
    }
    uj["mp"] = std::move(mp);
  }
  return uj;
}

Json obligations_json(const Game& g) {
  const Obligations ob = g.obligations();
  Json obj = Json::object();
  obj["attackers"] = hexes(g, ob.attackers);
  obj["defenders"] = hexes(g, ob.defenders);
  if (!ob.ordered.empty()) obj["ordered"] = hexes(g, ob.ordered);  // e.g. FR 8
  return obj;
}

}  // namespace

Json state_json(const Game& g, std::optional<Side> viewer) {
  const GameState& st = g.state();
  const RulesConfig& r = g.rules();
  Json j = Json::object();
  j["turn"] = st.turn;
  j["turns"] = r.turns;
  j["phase"] = std::string(phase_name(st.phase));
  j["phasing"] = std::string(side_name(st.phasing));
  j["night"] = g.night();
  j["edition"] = std::string(edition_name(r.edition));
  Json options = Json::array();
  if (r.ae()) options.push_back(kOptAttackEffectiveness);
  if (r.strategic_movement) options.push_back(kOptStrategicMovement);
  if (r.cavalry_retreat) options.push_back(kOptCavalryRetreat);
  const titles::Title& title = titles::title_of(g);
  const titles::TitleInfo& info = title.info();
  if (info.scenarios.size() > 1) j["title"] = info.name;
  j["scenario"] = g.scenario() ? std::string(g.scenario()->name()) : info.name;
  title.view(g, viewer, j);
  for (const std::string& o : title.options_in_force(g)) options.push_back(o);
  j["options"] = std::move(options);
  Json units = Json::array();
  for (int i = 0; i < st.pos.count; ++i)
    units.push_back(unit_json(g, static_cast<UnitIndex>(i), viewer));
  j["units"] = std::move(units);
  Json vp = Json::object();
  vp["union"] = st.vp[0];
  vp["confederate"] = st.vp[1];
  j["vp"] = std::move(vp);
  j["victory"] = victory_json(g);
  if (Json m = modules_json(g); !m.is_null()) j["modules"] = std::move(m);
  const auto actor = g.to_act();
  j["to_act"] = actor ? Json(std::string(side_name(*actor))) : Json(nullptr);
  j["pending"] = pending_json(g);
  j["obligations"] = obligations_json(g);
  add_module_views(g, j);
  j["dice_queue"] = st.dice.forced_queue();
  return j;
}

Json map_json(const Game& g) {
  const Map& map = g.map();
  Json j = Json::object();
  j["cols"] = map.cols();
  j["rows"] = map.rows();
  Json hexes_j = Json::array();
  Json sides = Json::array();
  for (HexId h : map.hexes()) {
    Json hj = Json::object();
    hj["hex"] = hex_name(map, h);
    hj["terrain"] = std::string(terrain_name(map.terrain(h)));
    hexes_j.push_back(std::move(hj));
  }
  // Each hexside once: from every hex, its N, NE and SE sides.
  for (HexId h : map.hexes()) {
    for (Dir d : {Dir::N, Dir::NE, Dir::SE}) {
      const HexId n = map.neighbour(h, d);
      if (!map.on_map(n)) continue;
      const HexsideBits mine = map.side(h, d);
      const HexsideBits theirs = map.side(n, opposite(d));
      const auto bits = static_cast<HexsideBits>((mine | theirs) & ~kRedoubtBarbed);
      if (bits == 0) continue;
      Json sj = Json::object();
      sj["a"] = hex_name(map, h);
      sj["b"] = hex_name(map, n);
      sj["features"] = feature_names(bits);
      if (bits & kRedoubt) {
        if (mine & kRedoubtBarbed) {
          sj["barbed"] = hex_name(map, h);
        } else if (theirs & kRedoubtBarbed) {
          sj["barbed"] = hex_name(map, n);
        }
      }
      sides.push_back(std::move(sj));
    }
  }
  j["hexes"] = std::move(hexes_j);
  j["hexsides"] = std::move(sides);
  Json named = Json::array();
  for (const NamedHex& nh : map.named()) {
    Json nj = Json::object();
    nj["name"] = nh.name;
    nj["hex"] = hex_json(map, nh.hex);
    nj["kind"] = nh.kind;
    named.push_back(std::move(nj));
  }
  j["named"] = std::move(named);
  Json zones = Json::array();
  for (const Zone& z : map.zones()) {
    Json zj = Json::object();
    zj["name"] = z.name;
    zj["hexes"] = hexes(g, z.hexes);
    zones.push_back(std::move(zj));
  }
  j["zones"] = std::move(zones);
  return j;
}

Json eliminated_json(const Game& g, const Report& r) {
  return ids(g, r.eliminated);
}

namespace {
Json multipliers(const Game& g, const std::vector<HexDefence>& detail) {
  Json out = Json::array();
  for (const HexDefence& d : detail) {
    Json j = Json::object();
    j["hex"] = hex_name(g.map(), d.hex);
    j["strength"] = d.strength;
    j["multiplier"] = d.multiplier;
    j["why"] = std::string(d.why);
    out.push_back(std::move(j));
  }
  return out;
}

std::string column_or_blank(int column) {
  if (column < 0 || column >= kColumns) return "";
  return column_name(column);
}
}  // namespace

void add_plan(Json& out, const Game& g, const AttackPlan& plan) {
  out["attack"] = plan.attack;
  out["defence"] = plan.defence;
  out["computed"] = column_or_blank(plan.computed_column);
  out["odds"] = column_or_blank(plan.column);
  out["multipliers"] = multipliers(g, plan.defence_detail);
  add_die_modifier(out, plan);
}

void add_combat(Json& out, const Game& g, const CombatReport& c) {
  out["attack"] = c.attack;
  out["defence"] = c.defence;
  out["computed"] = column_or_blank(c.computed_column);
  out["odds"] = column_or_blank(c.column);
  if (c.rolled) {
    out["die"] = c.die;
    if (c.die_modifier != 0) {  // e.g. FR 9: the die the CRT read
      out["die_modifier"] = c.die_modifier;
      out["modified_die"] = c.modified_die;
    }
    out["result"] = std::string(result_name(c.result));
  }
  out["multipliers"] = multipliers(g, c.defence_detail);
}

Json ok_reply() {
  Json j = Json::object();
  j["ok"] = true;
  return j;
}

Json error_reply(const Error& e) {
  Json j = Json::object();
  j["ok"] = false;
  j["error"] = e.message.empty() ? std::string("refused") : e.message;
  if (!e.rule.empty()) j["rule"] = e.rule;
  return j;
}

std::string dump_line(const Json& j) {
  try {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
  } catch (...) {
    return R"({"ok":false,"error":"internal error: reply could not be written"})";
  }
}

void add_crt_row(Json& j, const AttackPlan& plan) {
  // The Combat Results Table row for the column used, die by die (7.6); a
  // rule module's die modifier (FR 9) reads each face on the row it moves
  // to, held to 1..6, and the chances without it are kept beside.
  const int mod = plan.die_modifier;
  Json outcomes = Json::array();
  for (int die = 1; die <= 6; ++die) {
    const int read = modified_die(die, mod);
    Json o = Json::object();
    o["die"] = die;
    if (mod != 0) o["modified_die"] = read;
    o["result"] = std::string(result_name(crt(plan.column, read)));
    outcomes.push_back(std::move(o));
  }
  const auto n = faces_by_result(plan.column, mod);
  const auto n0 = faces_by_result(plan.column);
  Json chances = Json::object(), without = Json::object();
  for (int r = 0; r < kResults; ++r) {
    const std::string name(result_name(static_cast<CombatResult>(r)));
    chances[name] = n[static_cast<size_t>(r)] / 6.0;
    without[name] = n0[static_cast<size_t>(r)] / 6.0;
  }
  j["outcomes"] = std::move(outcomes);
  j["chances"] = std::move(chances);
  if (mod != 0) j["chances_without"] = std::move(without);
}

}  // namespace bg::protocol
