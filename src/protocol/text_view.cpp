#include "protocol/text_view.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <sstream>
#include <vector>

#include "protocol/json_view.h"

namespace bg::protocol {

using namespace bg::core;

namespace {

std::string str(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "-";
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string join(const Json& list, const char* sep = ", ") {
  std::string out;
  if (!list.is_array()) return out;
  for (const Json& v : list) out += (out.empty() ? "" : sep) + str(v);
  return out;
}

std::string pending_text(const Json& pending) {
  std::vector<std::string> parts;
  for (const Json& p : pending) {
    const std::string kind = str(p.value("kind", Json()));
    std::string t;
    if (kind == "retreat") {
      std::vector<std::string> hexes;
      for (const Json& o : p.value("options", Json::array())) {
        std::string h = str(o.value("hex", Json()));
        if (!o.value("displace", Json::array()).empty())
          h += " displacing " + join(o["displace"], " or ");
        hexes.push_back(h);
      }
      std::string list;
      for (const std::string& h : hexes) list += (list.empty() ? "" : ", ") + h;
      t = "retreat " + str(p.value("unit", Json())) + " (" + list + ")";
      if (p.value("optional", false)) t += " or stay";
    } else if (kind == "advance") {
      t = "advance " + join(p.value("units", Json::array()), " or ") + " into " +
          join(p.value("hexes", Json::array()), " or ") + " (or none)";
    } else if (kind == "lose") {
      t = "lose " + str(p.value("required", Json())) + " strength points from " +
          join(p.value("units", Json::array()));
    } else if (kind == "evade") {
      t = "evade " + str(p.value("unit", Json())) + " (up to two hexes, or none)";
    } else {
      t = kind;
    }
    t += " [" + str(p.value("side", Json())) + "]";
    parts.push_back(t);
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

void add_outcome(std::string& out, const Json& r) {
  if (r.contains("eliminated") && !r["eliminated"].empty())
    out += (out.empty() ? "" : " ") + std::string("Eliminated: ") + join(r["eliminated"]) + ".";
  if (r.contains("pending") && !r["pending"].empty())
    out += (out.empty() ? "" : " ") + std::string("Pending: ") + pending_text(r["pending"]) + ".";
}

std::string combat_text(const Json& r) {
  std::string out = "Combat " + str(r.value("odds", Json())) + " (computed " +
                    str(r.value("computed", Json())) + ", " + str(r.value("attack", Json())) +
                    " against " + str(r.value("defence", Json())) + ")";
  if (r.contains("die")) {
    out += ": die " + str(r["die"]) + " -> " + str(r.value("result", Json())) + ".";
  } else {
    out += ": the die is not rolled yet.";
  }
  return out;
}

std::string state_text(const Json& r) {
  std::ostringstream o;
  o << "Turn " << str(r["turn"]) << " of " << str(r["turns"]) << ", " << str(r["phasing"]) << " "
    << str(r["phase"]) << " phase" << (r.value("night", false) ? " (night)" : "") << ", "
    << str(r["edition"]);
  if (!r["options"].empty()) o << " with " << join(r["options"]);
  o << ". VP union " << str(r["vp"]["union"]) << ", confederate " << str(r["vp"]["confederate"])
    << ".";
  for (const Json& u : r["units"]) {
    o << "\n  " << str(u["id"]) << ": " << str(u["side"]) << " " << str(u["type"]) << " "
      << str(u["strength"]);
    if (u["status"] == "map") {
      o << " at " << str(u["hex"]);
    } else if (u["status"] == "exited") {
      o << " exited by " << str(u.value("exit_hex", Json()));
      if (u.contains("reenter")) o << " (may re-enter by " << join(u["reenter"], " or ") << ")";
    } else {
      o << " " << str(u["status"]);
    }
    if (u.contains("arrival") && u["status"] == "off-map")
      o << " (arrives on turn " << str(u["arrival"]) << " by " << join(u["entry"], " or ") << ")";
    std::vector<std::string> flags;
    if (!u.value("effective", true)) flags.emplace_back("ineffective");
    if (u.value("moved", false)) flags.emplace_back("moved");
    if (u.value("attacked", false)) flags.emplace_back("attacked");
    if (!flags.empty()) {
      o << " (";
      for (size_t i = 0; i < flags.size(); ++i) o << (i ? ", " : "") << flags[i];
      o << ")";
    }
  }
  if (r.contains("modules")) {
    o << "\nModules: " << join(r["modules"]["keys"]) << ".";
    for (const Json& m : r["modules"]["markers"]) {
      o << "\n  " << str(m["kind"]);
      if (m.contains("state")) o << " (" << str(m["state"]) << ")";
      if (m.contains("unit")) o << " " << str(m["unit"]);
      if (m.contains("side")) o << " " << str(m["side"]);
      if (!m["hex"].is_null()) o << " at " << str(m["hex"]);
      if (m.contains("value")) o << ": " << str(m["value"]);
    }
  }
  if (!r["pending"].empty()) o << "\nPending: " << pending_text(r["pending"]) << ".";
  const Json& ob = r["obligations"];
  if (!ob["attackers"].empty() || !ob["defenders"].empty())
    o << "\nMust still attack from " << join(ob["attackers"]) << "; must still attack "
      << join(ob["defenders"]) << ".";
  if (!r["dice_queue"].empty()) o << "\nForced dice: " << join(r["dice_queue"], " ") << ".";
  return o.str();
}

// The victory report: totals, each line of the schedule, the winner.
std::string victory_text(const Json& v) {
  std::ostringstream o;
  o << "Victory points: Union " << str(v["union"]) << ", Confederate " << str(v["confederate"]);
  if (!v.value("final", false) && v.contains("projected"))
    o << " (if the game ended now: Union " << str(v["projected"]["union"]) << ", Confederate "
      << str(v["projected"]["confederate"]) << ")";
  o << ".";
  if (v.contains("lines"))
    for (const Json& l : v["lines"]) {
      o << "\n  " << str(l["side"]) << " " << str(l["points"]) << ": " << str(l["what"]);
      if (!str(l["rule"]).empty()) o << " [" << str(l["rule"]) << "]";
      if (l.value("at_end", false) && !v.value("final", false)) o << " (at the end)";
    }
  if (v.value("final", false))
    o << "\n"
      << (v.contains("winner") && v["winner"].is_string() ? str(v["winner"]) + " wins."
                                                          : std::string("A draw."));
  return o.str();
}

std::string new_text(const Json& r) {
  const Json& n = r["new"];
  return "New " + str(n["scenario"]) + " " + str(n["cols"]) + "x" + str(n["rows"]) + ", " +
         str(n["edition"]) + ", " + str(n["turns"]) + " turns, seed " + str(n["seed"]) + "; " +
         str(n["first"]) + " moves first.";
}

std::string map_text(const Json& r) {
  return "Map " + str(r["cols"]) + "x" + str(r["rows"]) + ", " +
         std::to_string(r["hexsides"].size()) + " hexsides with features (try show).";
}

// The hexes within reach, each with the Movement Points it costs.
std::string reach_list(const Json& hexes) {
  std::string out;
  for (const auto& [h, mp] : hexes.items())
    out += (out.empty() ? "" : ", ") + h + " (" + str(mp) + ")";
  return out;
}

std::string reach_text(const Json& r) {
  if (r.contains("entries")) {  // a reinforcement
    std::string out;
    for (const auto& [entry, hexes] : r["entries"].items())
      out += (out.empty() ? "" : "\n") + std::string("Entering by ") + entry + ": " +
             reach_list(hexes);
    return out.empty() ? "No entry hex is open." : out;
  }
  const std::string out = r.contains("hexes") ? reach_list(r["hexes"]) : std::string();
  return out.empty() ? "No hex within reach." : "Reach: " + out;
}

// The Combat Results Table, a die row per line (the TEC is in the JSON).
std::string charts_text(const Json& r) {
  std::ostringstream o;
  o << "Combat Results Table (" << str(r["crt"]["rule"]) << "):\n  die";
  for (const Json& c : r["crt"]["columns"]) o << std::setw(5) << str(c);
  for (const Json& row : r["crt"]["rows"]) {
    o << "\n  " << std::setw(3) << str(row["die"]);
    for (const Json& x : row["results"]) o << std::setw(5) << str(x);
  }
  return o.str();
}

// ai move / ai hint: a suggestion.
std::string suggestion_text(const Json& r) {
  std::ostringstream o;
  o << "The computer suggests, for the " << str(r["side"]) << ": " << str(r["command"]);
  if (r.contains("explain"))
    for (const Json& why : r["explain"]) o << "\n  - " << str(why);
  return o.str();
}

// One action the computer made, as a line.
std::string ai_action_text(const Json& a) {
  std::ostringstream o;
  o << str(a["kind"]);
  if (a.contains("unit") && !a["unit"].is_null()) o << " " << str(a["unit"]);
  if (a.contains("units")) o << " " << join(a["units"], ",");
  if (a.contains("path")) o << " " << join(a["path"], " -> ");
  if (a.contains("hexes")) o << " " << join(a["hexes"], ",");
  if (a.contains("hex") && !a["hex"].is_null()) o << " " << str(a["hex"]);
  if (a.contains("rolls") && !a["rolls"].empty()) o << " (die " << join(a["rolls"], " ") << ")";
  return o.str();
}

std::string ai_text(const Json& r) {
  if (r.contains("command")) return suggestion_text(r);
  std::ostringstream o;
  o << "The computer (" << str(r["side"]) << ") made " << r["actions"].size() << " action(s) ("
    << str(r["nodes"]) << " positions evaluated).";
  for (const Json& a : r["actions"]) o << "\n  " << ai_action_text(a);
  if (r.contains("explain"))
    for (const Json& why : r["explain"]) o << "\n  - " << str(why);
  o << "\nNow turn " << str(r["turn"]) << ": " << str(r["phasing"]) << " " << str(r["phase"])
    << " phase.";
  if (r.contains("victory")) o << "\n" << victory_text(r["victory"]);
  return o.str();
}

std::string move_text(const Json& r) {
  const bool exited = r.value("exited", false);
  std::string out = str(r["unit"]);
  if (r["path"].empty()) {
    out += exited ? " leaves the map" : " stays";
  } else {
    out += " moves " + join(r["path"], " -> ");
    if (exited) out += " and leaves the map";
  }
  return out + " (" + str(r["mp"]) + " MP).";
}

std::string enter_text(const Json& r) {
  std::string out = str(r["unit"]) + " enters by " + join(r["path"], " -> ");
  if (r.value("exited", false)) out += " and leaves the map";
  return out + " (" + str(r["mp"]) + " MP).";
}

std::string preview_text(const Json& r) {
  std::string out = "Attack " + str(r["attack"]) + " against " + str(r["defence"]) + ": " +
                    str(r["odds"]) + " (computed " + str(r["computed"]) + ").";
  for (const Json& m : r["multipliers"])
    if (m.value("multiplier", 1) != 1)
      out += " " + str(m["hex"]) + ": " + str(m["strength"]) + " x" + str(m["multiplier"]) + " (" +
             str(m["why"]) + ").";
  return out;
}

std::string end_text(const Json& r) {
  std::string out =
      "Turn " + str(r["turn"]) + ": " + str(r["phasing"]) + " " + str(r["phase"]) + " phase.";
  add_outcome(out, r);
  if (r.contains("victory")) out += "\n" + victory_text(r["victory"]);
  return out;
}

std::string load_text(const Json& r) {
  return "Loaded " + str(r["file"]) + " (" + str(r["actions"]) + " actions): turn " +
         str(r["turn"]) + ", " + str(r["phasing"]) + " " + str(r["phase"]) + " phase.";
}

// Any other command: a combat's outcome, or just done.
std::string done_text(const Json& r) {
  std::string out;
  if (r.contains("odds")) out = combat_text(r);
  add_outcome(out, r);
  return out.empty() ? "Done." : out;
}

using TextFn = std::string (*)(const Json& r);

TextFn text_for(std::string_view verb) {
  static const std::pair<std::string_view, TextFn> kTable[] = {
      {"help",
       [](const Json& r) { return "Commands:\n  " + join(r["commands"], "\n  ") + "\n  show"; }},
      {"quit", [](const Json&) { return std::string("Goodbye."); }},
      {"new", new_text},
      {"map", map_text},
      {"reach", reach_text},
      {"victory", victory_text},
      {"charts", charts_text},
      {"ai", ai_text},
      {"move", move_text},
      {"enter", enter_text},
      {"preview", preview_text},
      {"dice", [](const Json& r) { return "Forced dice: " + join(r["dice_queue"], " ") + "."; }},
      {"end", end_text},
      {"save",
       [](const Json& r) {
         return "Saved " + str(r["actions"]) + " actions to " + str(r["file"]) + ".";
       }},
      {"load", load_text}};
  for (const auto& [v, f] : kTable)
    if (v == verb) return f;
  return done_text;
}

}  // namespace

std::string render_text(std::string_view line, const Json& r) {
  try {
    if (!r.value("ok", false)) return "Refused: " + str(r.value("error", Json("?")));
    std::string verb(line.substr(0, line.find_first_of(" \t")));
    verb.erase(0, verb.find_first_not_of(" \t"));
    if (r.contains("turn") && r.contains("units")) return state_text(r);
    return text_for(verb)(r);
  } catch (const std::exception& e) {
    return std::string("(reply could not be shown: ") + e.what() + ")";
  }
}

std::string render_board(const Game& g) {
  const Map& map = g.map();
  const Position& pos = g.position();
  // Internal coordinates (north at the top); rows and columns are headed
  // with the numbers printed on the map.
  int c0 = map.last_col(), c1 = map.first_col(), r0 = map.last_row(), r1 = map.first_row();
  std::map<HexId, std::vector<UnitIndex>> at;
  for (int i = 0; i < pos.count; ++i) {
    const UnitState& s = pos.units[i];
    if (!s.on_map()) continue;
    at[s.hex].push_back(static_cast<UnitIndex>(i));
    const HexCoord c = map.coord(s.hex);
    c0 = std::min(c0, c.col);
    c1 = std::max(c1, c.col);
    r0 = std::min(r0, c.row);
    r1 = std::max(r1, c.row);
  }
  if (at.empty()) {
    c0 = map.first_col();
    r0 = map.first_row();
  }
  constexpr int kMargin = 2;
  constexpr int kMaxSpan = 16;
  c0 = std::max(map.first_col(), c0 - kMargin);
  r0 = std::max(map.first_row(), r0 - kMargin);
  c1 = std::min({map.last_col(), c1 + kMargin, c0 + kMaxSpan - 1});
  r1 = std::min({map.last_row(), r1 + kMargin, r0 + kMaxSpan - 1});
  static constexpr char kTerrain[] = {'.', 'f', 'r', 'R', 's', 't', '~', '='};
  auto two = [](int n) { return (n < 10 ? "0" : "") + std::to_string(n); };
  std::ostringstream o;
  o << "     ";
  for (int c = c0; c <= c1; ++c) o << two(map.to_label({c, r0}).col) << "   ";
  o << "\n";
  for (int r = r0; r <= r1; ++r) {
    o << two(map.to_label({c0, r}).row) << "   ";
    for (int c = c0; c <= c1; ++c) {
      const HexId h = map.id({c, r});
      std::string cell;
      auto it = at.find(h);
      if (it != at.end()) {
        int strength = 0;
        for (UnitIndex u : it->second) strength += g.roster()[u].strength;
        const Side s = g.roster()[it->second.front()].side;
        cell = s == Side::Union ? "U" : "C";
        cell += std::to_string(strength);
        if (it->second.size() > 1) cell += "+";
      } else {
        cell = std::string(1, kTerrain[static_cast<int>(map.terrain(h))]);
      }
      cell.resize(5, ' ');
      o << cell;
    }
    o << "\n";
  }
  o << "(even columns sit half a hex lower; . clear f forest r rough R forest-rough s swamp t "
       "town ~ river = ferry; U/C side and strength, + a stack)";
  for (const auto& [h, units] : at) {
    o << "\n  " << hex_name(map, h) << ":";
    for (UnitIndex u : units) {
      const UnitDef& d = g.roster()[u];
      o << " " << d.id << " (" << side_name(d.side) << " " << display_kind(d) << " " << d.strength
        << ")";
    }
  }
  return o.str();
}

}  // namespace bg::protocol
