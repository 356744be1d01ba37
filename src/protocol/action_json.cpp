#include "protocol/action_json.h"

#include <memory>
#include <vector>

#include "core/crt.h"
#include "protocol/command_parser.h"
#include "protocol/json_view.h"

namespace bg::protocol {

using namespace bg::core;

namespace {

const char* kind_name(ActionKind k) {
  switch (k) {
    case ActionKind::Move:
      return "move";
    case ActionKind::Attack:
      return "attack";
    case ActionKind::Retreat:
      return "retreat";
    case ActionKind::Advance:
      return "advance";
    case ActionKind::Lose:
      return "lose";
    case ActionKind::Evade:
      return "evade";
    case ActionKind::End:
      return "end";
    case ActionKind::Dice:
      return "dice";
    case ActionKind::SetTerrain:
      return "terrain";
    case ActionKind::AddHexside:
      return "hexside";
    case ActionKind::PlaceUnit:
      return "unit";
    case ActionKind::Enter:
      return "enter";
    case ActionKind::MarkExit:
      return "exit-hex";
    case ActionKind::Scenario:
      return "scenario";
  }
  return "?";
}

Json unit_or_null(const Game& g, UnitIndex u) {
  if (u == kNoUnit) return nullptr;
  return unit_id(g, u);
}

template <class List>
Json id_list(const Game& g, const List& units) {
  Json out = Json::array();
  for (UnitIndex u : units) out.push_back(unit_id(g, u));
  return out;
}

template <class List>
Json hex_list(const Game& g, const List& hexes) {
  Json out = Json::array();
  for (HexId h : hexes) out.push_back(hex_name(g.map(), h));
  return out;
}

// --- reading ---------------------------------------------------------------

Error bad(const std::string& what) {
  return Error{"", "log entry: " + what};
}

Result<UnitIndex> read_unit(const Game& g, const Json& j, const char* key, bool nullable) {
  if (!j.contains(key)) return bad(std::string("missing \"") + key + "\"");
  const Json& v = j.at(key);
  if (v.is_null() && nullable) return kNoUnit;
  if (!v.is_string()) return bad(std::string("\"") + key + "\" must be a unit id");
  auto u = g.find_unit(v.get<std::string>());
  if (!u) return bad("unknown unit " + quote(v.get<std::string>()));
  return *u;
}

Result<HexId> read_hex_value(const Game& g, const Json& v) {
  if (!v.is_string()) return bad("a hex must be a string \"XXYY\"");
  auto c = parse_hex(v.get<std::string>());
  if (!c) return bad("a hex must be four digits XXYY");
  auto h = g.map().find_label(*c);
  if (!h) return bad("hex " + v.get<std::string>() + " is not on the map");
  return *h;
}

Result<HexId> read_hex(const Game& g, const Json& j, const char* key, bool nullable) {
  if (!j.contains(key)) return bad(std::string("missing \"") + key + "\"");
  const Json& v = j.at(key);
  if (v.is_null() && nullable) return kNoHex;
  return read_hex_value(g, v);
}

template <class List>
Status read_hexes(const Game& g, const Json& j, const char* key, List& out) {
  if (!j.contains(key) || !j.at(key).is_array())
    return bad(std::string("\"") + key + "\" must be an array of hexes");
  for (const Json& v : j.at(key)) {
    if (out.full()) return bad(std::string("too many hexes in \"") + key + "\"");
    auto h = read_hex_value(g, v);
    if (!h) return h.error();
    out.push_back(*h);
  }
  return ok_status();
}

template <class List>
Status read_units(const Game& g, const Json& j, const char* key, List& out) {
  if (!j.contains(key) || !j.at(key).is_array())
    return bad(std::string("\"") + key + "\" must be an array of unit ids");
  for (const Json& v : j.at(key)) {
    if (out.full()) return bad(std::string("too many units in \"") + key + "\"");
    if (!v.is_string()) return bad("a unit id must be a string");
    auto u = g.find_unit(v.get<std::string>());
    if (!u) return bad("unknown unit " + quote(v.get<std::string>()));
    out.push_back(*u);
  }
  return ok_status();
}

Result<bool> read_bool(const Json& j, const char* key) {
  if (!j.contains(key)) return false;
  if (!j.at(key).is_boolean()) return bad(std::string("\"") + key + "\" must be true or false");
  return j.at(key).get<bool>();
}

Result<std::string> read_string(const Json& j, const char* key) {
  if (!j.contains(key) || !j.at(key).is_string())
    return bad(std::string("\"") + key + "\" must be a string");
  return j.at(key).get<std::string>();
}

Result<int> read_int(const Json& j, const char* key, int lo, int hi) {
  if (!j.contains(key) || !j.at(key).is_number_integer())
    return bad(std::string("\"") + key + "\" must be an integer");
  const auto v = j.at(key).get<int64_t>();
  if (v < lo || v > hi) return bad(std::string("\"") + key + "\" is out of range");
  return static_cast<int>(v);
}

}  // namespace

Json log_entry_json(const Game& g, const LogEntry& e) {
  const Action& a = e.action;
  const Map& map = g.map();
  Json j = Json::object();
  j["kind"] = kind_name(a.kind);
  switch (a.kind) {
    case ActionKind::Move:
    case ActionKind::Enter:
      j["unit"] = unit_or_null(g, a.unit);
      j["path"] = hex_list(g, a.path);
      j["strategic"] = a.strategic;
      j["exit"] = a.exit_map;
      break;
    case ActionKind::MarkExit:
      j["hex"] = hex_json(map, a.hex);
      break;
    case ActionKind::Attack:
      j["units"] = id_list(g, a.units);
      j["hexes"] = hex_list(g, a.hexes);
      j["odds"] = (a.column >= 0 && a.column < kColumns) ? Json(column_name(a.column)) : Json();
      break;
    case ActionKind::Retreat:
      j["unit"] = unit_or_null(g, a.unit);
      j["hex"] = hex_json(map, a.hex);
      j["displace"] = unit_or_null(g, a.displace);
      break;
    case ActionKind::Advance:
      j["unit"] = unit_or_null(g, a.unit);
      j["hex"] = hex_json(map, a.hex);
      break;
    case ActionKind::Lose:
      j["units"] = id_list(g, a.units);
      break;
    case ActionKind::Evade:
      j["unit"] = unit_or_null(g, a.unit);
      j["path"] = hex_list(g, a.path);
      break;
    case ActionKind::End:
      break;
    case ActionKind::Scenario:
      j["unit"] = unit_or_null(g, a.unit);
      j["value"] = a.value;
      // Written only for a module's decision, so older saves read the same.
      if (a.decision != 0) j["decision"] = static_cast<int>(a.decision);
      break;
    case ActionKind::Dice: {
      Json d = Json::array();
      for (uint8_t v : a.dice) d.push_back(static_cast<int>(v));
      j["dice"] = std::move(d);
      break;
    }
    case ActionKind::SetTerrain:
      j["hex"] = hex_json(map, a.hex);
      j["terrain"] = std::string(terrain_name(a.terrain));
      break;
    case ActionKind::AddHexside:
      j["a"] = hex_json(map, a.hex);
      j["b"] = hex_json(map, a.hex2);
      j["features"] = feature_names(a.bits);
      break;
    case ActionKind::PlaceUnit: {
      const UnitDef& d = *a.def;
      j["id"] = d.id;
      j["side"] = std::string(side_name(d.side));
      j["type"] = std::string(unit_type_name(d.type));
      j["strength"] = d.strength;
      j["defense"] = d.defense;
      j["hex"] = hex_json(map, a.hex);
      if (d.arrival_turn > 0) {  // a reinforcement: off the map until it enters
        j["arrival"] = d.arrival_turn;
        j["entry"] = hex_list(g, d.entry_hexes);
      }
      break;
    }
  }
  Json rolls = Json::array();
  for (uint8_t r : e.rolls) rolls.push_back(static_cast<int>(r));
  j["rolls"] = std::move(rolls);
  return j;
}

std::string command_text(const Game& g, const Action& a) {
  const Map& map = g.map();
  auto id = [&](UnitIndex u) { return unit_id(g, u); };
  auto ids = [&](const auto& units) {
    std::string out;
    for (UnitIndex u : units) out += (out.empty() ? "" : ",") + id(u);
    return out;
  };
  auto hexes = [&](const auto& list, const char* sep) {
    std::string out;
    for (HexId h : list) out += (out.empty() ? "" : sep) + hex_name(map, h);
    return out;
  };
  switch (a.kind) {
    case ActionKind::Move:
    case ActionKind::Enter: {
      std::string out = std::string(a.kind == ActionKind::Move ? "move " : "enter ") + id(a.unit);
      if (!a.path.empty()) out += " " + hexes(a.path, " ");
      if (a.strategic) out += " strategic";
      if (a.exit_map) out += " exit";
      return out;
    }
    case ActionKind::Attack: {
      std::string out = "attack " + ids(a.units) + " " + hexes(a.hexes, ",");
      if (a.column >= 0 && a.column < kColumns) out += " odds=" + column_name(a.column);
      return out;
    }
    case ActionKind::Retreat: {
      if (a.hex == kNoHex) return "retreat " + id(a.unit) + " stay";
      std::string out = "retreat " + id(a.unit) + " " + hex_name(map, a.hex);
      if (a.displace != kNoUnit) out += " displace=" + id(a.displace);
      return out;
    }
    case ActionKind::Advance:
      if (a.unit == kNoUnit || a.hex == kNoHex) return "advance none";
      return "advance " + id(a.unit) + " " + hex_name(map, a.hex);
    case ActionKind::Lose:
      return "lose " + ids(a.units);
    case ActionKind::Evade:
      return "evade " + id(a.unit) + " " + (a.path.empty() ? "none" : hexes(a.path, " "));
    case ActionKind::End:
      return "end";
    case ActionKind::Scenario:
      return "decide " + id(a.unit) + " " + std::to_string(a.value) +
             (a.decision != 0 && g.scenario()
                  ? " as=" + std::string(g.scenario()->decision_key(a.decision))
                  : std::string());
    case ActionKind::Dice: {
      std::string out = "dice";
      for (uint8_t d : a.dice) out += " " + std::to_string(static_cast<int>(d));
      return out;
    }
    default:
      return "";
  }
}

Result<std::vector<int>> rolls_from_json(const Json& j) {
  std::vector<int> out;
  if (!j.contains("rolls") || !j.at("rolls").is_array())
    return bad("\"rolls\" must be an array of dice");
  for (const Json& v : j.at("rolls")) {
    if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > 6)
      return bad("a roll must be 1 to 6");
    out.push_back(v.get<int>());
  }
  if (out.size() > 4) return bad("too many rolls");
  return out;
}

namespace {

// A unit the sandbox editor places (`unit`): its definition, bounded as the
// text protocol's `unit` and `reinforce` are.
Result<Action> place_unit_from_json(const Game& g, const Json& j) {
  Action a;
  a.kind = ActionKind::PlaceUnit;
  auto d = std::make_shared<UnitDef>();
  auto id = read_string(j, "id");
  if (!id) return id.error();
  if (!valid_unit_id(*id)) return bad("bad unit id " + quote(*id));
  d->id = *id;
  auto side_s = read_string(j, "side");
  if (!side_s) return side_s.error();
  auto side = parse_side(*side_s);
  if (!side) return bad("unknown side " + quote(*side_s));
  d->side = *side;
  auto type_s = read_string(j, "type");
  if (!type_s) return type_s.error();
  auto type = parse_unit_type(*type_s);
  if (!type || *type == UnitType::Special) return bad("unknown unit type " + quote(*type_s));
  d->type = *type;
  auto strength = read_int(j, "strength", 1, 99);
  if (!strength) return strength.error();
  d->strength = *strength;
  d->defense = *strength;
  if (j.contains("defense")) {
    auto defense = read_int(j, "defense", 0, 99);
    if (!defense) return defense.error();
    d->defense = *defense;
  }
  if (j.contains("arrival")) {
    auto arrival = read_int(j, "arrival", 0, 63);
    if (!arrival) return arrival.error();
    d->arrival_turn = *arrival;
  }
  if (d->arrival_turn > 0) {
    std::vector<HexId> entry;
    if (!j.contains("entry") || !j.at("entry").is_array())
      return bad("\"entry\" must be an array of hexes");
    for (const Json& v : j.at("entry")) {
      if (entry.size() >= 4) return bad("too many hexes in \"entry\"");
      auto h = read_hex_value(g, v);
      if (!h) return h.error();
      entry.push_back(*h);
    }
    d->entry_hexes = std::move(entry);
  }
  auto h = read_hex(g, j, "hex", d->arrival_turn > 0);
  if (!h) return h.error();
  a.hex = *h;
  a.def = std::move(d);
  return a;
}

// The fields of each kind of action, read into a (its kind already set).
Status move_fields(const Game& g, const Json& j, Action& a) {
  auto u = read_unit(g, j, "unit", false);
  if (!u) return u.error();
  a.unit = *u;
  if (auto s = read_hexes(g, j, "path", a.path); !s) return s.error();
  auto strategic = read_bool(j, "strategic");
  if (!strategic) return strategic.error();
  a.strategic = *strategic;
  auto exit = read_bool(j, "exit");
  if (!exit) return exit.error();
  a.exit_map = *exit;
  return ok_status();
}

Status exit_hex_fields(const Game& g, const Json& j, Action& a) {
  auto h = read_hex(g, j, "hex", false);
  if (!h) return h.error();
  a.hex = *h;
  return ok_status();
}

Status attack_fields(const Game& g, const Json& j, Action& a) {
  if (auto s = read_units(g, j, "units", a.units); !s) return s.error();
  if (auto s = read_hexes(g, j, "hexes", a.hexes); !s) return s.error();
  if (j.contains("odds") && !j.at("odds").is_null()) {
    const Json& o = j.at("odds");
    auto col = o.is_string() ? parse_column(o.get<std::string>()) : std::nullopt;
    if (!col) return bad("\"odds\" must be a column such as \"3-1\"");
    a.column = static_cast<int8_t>(*col);
  }
  return ok_status();
}

Status retreat_fields(const Game& g, const Json& j, Action& a) {
  auto u = read_unit(g, j, "unit", false);
  if (!u) return u.error();
  a.unit = *u;
  auto h = read_hex(g, j, "hex", true);
  if (!h) return h.error();
  a.hex = *h;
  if (j.contains("displace")) {
    auto d = read_unit(g, j, "displace", true);
    if (!d) return d.error();
    a.displace = *d;
  }
  return ok_status();
}

Status advance_fields(const Game& g, const Json& j, Action& a) {
  auto u = read_unit(g, j, "unit", true);
  if (!u) return u.error();
  a.unit = *u;
  auto h = read_hex(g, j, "hex", true);
  if (!h) return h.error();
  a.hex = *h;
  return ok_status();
}

Status lose_fields(const Game& g, const Json& j, Action& a) {
  if (auto s = read_units(g, j, "units", a.units); !s) return s.error();
  return ok_status();
}

Status evade_fields(const Game& g, const Json& j, Action& a) {
  auto u = read_unit(g, j, "unit", false);
  if (!u) return u.error();
  a.unit = *u;
  if (auto s = read_hexes(g, j, "path", a.path); !s) return s.error();
  return ok_status();
}

Status scenario_fields(const Game& g, const Json& j, Action& a) {
  auto u = read_unit(g, j, "unit", true);
  if (!u) return u.error();
  a.unit = *u;
  // The title judges the value (a choice, a Game-Turn, a hex as XXYY).
  auto v = read_int(j, "value", -32768, 32767);
  if (!v) return v.error();
  a.value = static_cast<int16_t>(*v);
  if (j.contains("decision")) {
    auto d = read_int(j, "decision", 0, 255);
    if (!d) return d.error();
    a.decision = static_cast<uint8_t>(*d);
  }
  return ok_status();
}

Status no_fields(const Game&, const Json&, Action&) {
  return ok_status();
}

Status dice_fields(const Game&, const Json& j, Action& a) {
  if (!j.contains("dice") || !j.at("dice").is_array())
    return bad("\"dice\" must be an array of dice");
  for (const Json& v : j.at("dice")) {
    if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > 6)
      return bad("a die must be 1 to 6");
    if (a.dice.full()) return bad("too many dice");
    a.dice.push_back(static_cast<uint8_t>(v.get<int>()));
  }
  return ok_status();
}

Status terrain_fields(const Game& g, const Json& j, Action& a) {
  auto h = read_hex(g, j, "hex", false);
  if (!h) return h.error();
  a.hex = *h;
  auto name = read_string(j, "terrain");
  if (!name) return name.error();
  auto t = parse_terrain(*name);
  if (!t) return bad("unknown terrain " + quote(*name));
  a.terrain = *t;
  return ok_status();
}

Status hexside_fields(const Game& g, const Json& j, Action& a) {
  auto h = read_hex(g, j, "a", false);
  if (!h) return h.error();
  a.hex = *h;
  auto h2 = read_hex(g, j, "b", false);
  if (!h2) return h2.error();
  a.hex2 = *h2;
  if (!j.contains("features") || !j.at("features").is_array())
    return bad("\"features\" must be an array of names");
  for (const Json& f : j.at("features")) {
    auto bit = f.is_string() ? parse_hexside_feature(f.get<std::string>()) : std::nullopt;
    if (!bit) return bad("unknown hexside feature");
    a.bits = static_cast<HexsideBits>(a.bits | *bit);
  }
  return ok_status();
}

struct KindReader {
  std::string_view name;  // as "kind" spells it
  ActionKind kind;
  Status (*fields)(const Game& g, const Json& j, Action& a);
};

constexpr KindReader kKindReaders[] = {
    {"move", ActionKind::Move, move_fields},
    {"enter", ActionKind::Enter, move_fields},
    {"exit-hex", ActionKind::MarkExit, exit_hex_fields},
    {"attack", ActionKind::Attack, attack_fields},
    {"retreat", ActionKind::Retreat, retreat_fields},
    {"advance", ActionKind::Advance, advance_fields},
    {"lose", ActionKind::Lose, lose_fields},
    {"evade", ActionKind::Evade, evade_fields},
    {"scenario", ActionKind::Scenario, scenario_fields},
    {"end", ActionKind::End, no_fields},
    {"dice", ActionKind::Dice, dice_fields},
    {"terrain", ActionKind::SetTerrain, terrain_fields},
    {"hexside", ActionKind::AddHexside, hexside_fields},
};

}  // namespace

Result<Action> action_from_json(const Game& g, const Json& j) {
  if (!j.is_object()) return bad("must be an object");
  auto kind = read_string(j, "kind");
  if (!kind) return kind.error();
  const std::string& k = *kind;
  if (k == "unit") return place_unit_from_json(g, j);
  for (const KindReader& r : kKindReaders) {
    if (r.name != k) continue;
    Action a;
    a.kind = r.kind;
    if (auto s = r.fields(g, j, a); !s) return s.error();
    return a;
  }
  return bad("unknown kind " + quote(k));
}

}  // namespace bg::protocol
