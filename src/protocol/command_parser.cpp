#include "protocol/command_parser.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <utility>

#include "core/crt.h"
#include "core/movement.h"
#include "titles/registry.h"

namespace bg::protocol {

using core::Error;
using core::Result;

namespace {

constexpr std::array<std::pair<std::string_view, Verb>, 30> kVerbs = {{
    {"new", Verb::New},
    {"titles", Verb::Titles},
    {"terrain", Verb::Terrain},
    {"hexside", Verb::Hexside},
    {"unit", Verb::Unit},
    {"reinforce", Verb::Reinforce},
    {"exit-hex", Verb::ExitHex},
    {"dice", Verb::Dice},
    {"map", Verb::Map},
    {"state", Verb::State},
    {"victory", Verb::Victory},
    {"charts", Verb::Charts},
    {"overlays", Verb::Overlays},
    {"decide", Verb::Decide},
    {"defer", Verb::Decide},  // the name the first title's players knew it by
    {"ai", Verb::Ai},
    {"reach", Verb::Reach},
    {"move", Verb::Move},
    {"enter", Verb::Enter},
    {"attack", Verb::Attack},
    {"preview", Verb::Preview},
    {"retreat", Verb::Retreat},
    {"advance", Verb::Advance},
    {"lose", Verb::Lose},
    {"evade", Verb::Evade},
    {"end", Verb::End},
    {"save", Verb::Save},
    {"load", Verb::Load},
    {"help", Verb::Help},
    {"quit", Verb::Quit},
}};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::vector<std::string_view> tokenize(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t at = s.find(sep, start);
    out.push_back(
        s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return out;
}

Result<int64_t> parse_int(std::string_view s, int64_t lo, int64_t hi, std::string_view what) {
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty() || v < lo || v > hi)
    return Error{"", std::string(what) + " must be a whole number from " + std::to_string(lo) +
                         " to " + std::to_string(hi) + " (got " + quote(s) + ")"};
  return v;
}

Result<core::HexCoord> parse_hex_token(std::string_view s) {
  auto c = core::parse_hex(s);
  if (!c) return Error{"", "a hex is four digits XXYY (got " + quote(s) + ")"};
  return *c;
}

Result<std::string> parse_id(std::string_view s) {
  if (!valid_unit_id(s))
    return Error{"", "a unit id is 1 to 32 of A-Z a-z 0-9 / . _ ' - (got " + quote(s) + ")"};
  return std::string(s);
}

Error usage(Verb v) {
  for (const std::string& u : usage_lines())
    if (u.compare(0, verb_name(v).size() + 1, std::string(verb_name(v)) + " ") == 0 ||
        u == verb_name(v))
      return Error{"", "usage: " + u};
  return Error{"", "usage error"};
}

Result<std::vector<std::string>> parse_id_list(std::string_view s, size_t max) {
  std::vector<std::string> out;
  for (std::string_view part : split(s, ',')) {
    auto id = parse_id(part);
    if (!id) return id.error();
    out.push_back(*id);
  }
  if (out.size() > max) return Error{"", "at most " + std::to_string(max) + " units may be named"};
  return out;
}

Result<std::vector<core::HexCoord>> parse_hex_list(std::string_view s, size_t max) {
  std::vector<core::HexCoord> out;
  for (std::string_view part : split(s, ',')) {
    auto h = parse_hex_token(part);
    if (!h) return h.error();
    out.push_back(*h);
  }
  if (out.size() > max) return Error{"", "at most " + std::to_string(max) + " hexes may be named"};
  return out;
}

// key=value; false if the token has no '='.
bool key_value(std::string_view tok, std::string_view& key, std::string_view& value) {
  const size_t eq = tok.find('=');
  if (eq == std::string_view::npos) return false;
  key = tok.substr(0, eq);
  value = tok.substr(eq + 1);
  return true;
}

// A title's fixed calendar keys, refused with the case that fixes them.
bool calendar_key(std::string_view key) {
  return key == "cols" || key == "rows" || key == "turns" || key == "night" || key == "first";
}

std::string known_keys(const titles::TitleInfo& info) {
  std::string out = info.free_map ? "cols, rows, edition, seed, first, turns, night, options"
                                  : "edition, seed, options";
  if (info.scenarios.size() > 1) out = "scenario, " + out;
  for (const titles::ParamSpec& ps : info.params) out += ", " + ps.key;
  return out;
}

core::Status parse_new_rules(NewParams& p, std::string_view key, std::string_view value) {
  if (key == "seed") {
    auto n = parse_int(value, 0, static_cast<int64_t>(kMaxSeed), key);
    if (!n) return n.error();
    p.seed = static_cast<uint64_t>(*n);
  } else if (key == "edition") {
    auto e = core::parse_edition(value);
    if (!e) return Error{"", "edition must be spi1977 or dg2016 (got " + quote(value) + ")"};
    p.edition = *e;
  } else if (key == "options") {
    if (value.empty()) return core::ok_status();
    for (std::string_view part : split(value, ','))
      if (!set_option(p, part))
        return Error{"", "unknown option " + quote(part) + " (" + option_list(p) + ")"};
  }
  return core::ok_status();
}

core::Status parse_new_calendar(NewParams& p, std::string_view key, std::string_view value) {
  if (key == "cols" || key == "rows") {
    auto n = parse_int(value, 1, core::kMaxMapSide, key);
    if (!n) return n.error();
    (key == "cols" ? p.cols : p.rows) = static_cast<int>(*n);
  } else if (key == "turns") {
    auto n = parse_int(value, 1, 63, key);
    if (!n) return n.error();
    p.turns = static_cast<int>(*n);
  } else if (key == "first") {
    auto s = core::parse_side(value);
    if (!s) return Error{"", "first must be union or confederate (got " + quote(value) + ")"};
    p.first = *s;
  } else if (key == "night") {
    p.night.clear();
    if (value.empty()) return core::ok_status();  // night= : no night turns
    for (std::string_view part : split(value, ',')) {
      auto n = parse_int(part, 1, 63, "a night turn");
      if (!n) return n.error();
      p.night.push_back(static_cast<int>(*n));
    }
  }
  return core::ok_status();
}

core::Status parse_new_key(NewParams& p, const titles::TitleInfo& info, std::string_view key,
                           std::string_view value) {
  if (calendar_key(key)) {
    if (!info.free_map)
      return Error{"", quote(key) + " is fixed by " + info.name + " (" +
                           info.scenario(p.scenario)->calendar_rule + ")"};
    return parse_new_calendar(p, key, value);
  }
  if (key == "seed" || key == "edition" || key == "options") return parse_new_rules(p, key, value);
  if (info.param(key)) {  // its value is checked with the rest, by titles::validate
    p.set_param(key, std::string(value));
    return core::ok_status();
  }
  return Error{"", "unknown key " + quote(key) + " (" + known_keys(info) + ")"};
}

// new <title> [scenario=<name>] [key=value ...]
Result<Command> parse_new(Command c, const std::vector<std::string_view>& t) {
  if (t.size() < 2) return usage(Verb::New);
  std::string_view scenario;
  for (size_t i = 2; i < t.size(); ++i)
    if (t[i].substr(0, 9) == "scenario=") scenario = t[i].substr(9);
  auto start = titles::defaults_for(t[1], scenario);
  if (!start) return start.error();
  NewParams& p = c.params;
  p = std::move(*start);
  const titles::TitleInfo& info = p.title->info();
  std::vector<std::string_view> seen;
  for (size_t i = 2; i < t.size(); ++i) {
    std::string_view key, value;
    if (!key_value(t[i], key, value))
      return Error{"", "expected key=value, got " + quote(t[i]) + "; " + usage(Verb::New).message};
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      return Error{"", quote(key) + " is given twice"};
    seen.push_back(key);
    if (key == "scenario") continue;  // read above: it sets the defaults
    if (auto s = parse_new_key(p, info, key, value); !s) return s.error();
  }
  std::sort(p.night.begin(), p.night.end());
  if (auto s = validate(p); !s) return s.error();
  return c;
}

// One parser per verb (or family of verbs sharing a grammar, usage() says
// which); each gets the command with its verb set and the line's tokens.
Result<Command> parse_terrain_cmd(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 3) return usage(c.verb);
  auto h = parse_hex_token(t[1]);
  if (!h) return h.error();
  auto terrain = core::parse_terrain(t[2]);
  if (!terrain) return Error{"", "unknown terrain " + quote(t[2]) + "; " + usage(c.verb).message};
  c.hexes.push_back(*h);
  c.terrain = *terrain;
  return c;
}

Result<Command> parse_hexside_cmd(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 4) return usage(c.verb);
  for (size_t i = 1; i <= 2; ++i) {
    auto h = parse_hex_token(t[i]);
    if (!h) return h.error();
    c.hexes.push_back(*h);
  }
  auto f = core::parse_hexside_feature(t[3]);
  if (!f) return Error{"", "unknown hexside feature " + quote(t[3]) + "; " + usage(c.verb).message};
  c.feature = *f;
  return c;
}

Result<Command> parse_unit_cmd(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  const bool reinforce = c.verb == Verb::Reinforce;
  if (n != (reinforce ? 7u : 6u)) return usage(c.verb);
  auto id = parse_id(t[1]);
  if (!id) return id.error();
  auto side = core::parse_side(t[2]);
  if (!side) return Error{"", "a side is union or confederate (got " + quote(t[2]) + ")"};
  auto type = core::parse_unit_type(t[3]);
  if (!type || *type == core::UnitType::Special)
    return Error{"", "a unit type is inf, cav or art (got " + quote(t[3]) + ")"};
  // The core judges the strength (2.4); the parser only keeps it a small number.
  auto strength = parse_int(t[4], 0, 999, "strength");
  if (!strength) return strength.error();
  c.units.push_back(*id);
  c.side = *side;
  c.type = *type;
  c.strength = static_cast<int>(*strength);
  if (!reinforce) {
    auto h = parse_hex_token(t[5]);
    if (!h) return h.error();
    c.hexes.push_back(*h);
    return c;
  }
  // The core judges the turn against the game's length.
  auto turn = parse_int(t[5], 1, 63, "the arrival turn");
  if (!turn) return turn.error();
  c.turn = static_cast<int>(*turn);
  for (std::string_view part : split(t[6], '|')) {
    auto h = parse_hex_token(part);
    if (!h) return h.error();
    c.hexes.push_back(*h);
  }
  if (c.hexes.size() > 4) return Error{"", "at most 4 entry hexes may be named"};
  return c;
}

Result<Command> parse_exit_hex(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 2) return usage(c.verb);
  auto h = parse_hex_token(t[1]);
  if (!h) return h.error();
  c.hexes.push_back(*h);
  return c;
}

Result<Command> parse_dice(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n < 2) return usage(c.verb);
  if (n - 1 > 16) return Error{"", "at most 16 dice may be forced at once"};
  for (size_t i = 1; i < n; ++i) {
    auto d = parse_int(t[i], 1, 6, "a die");
    if (!d) return d.error();
    c.dice.push_back(static_cast<int>(*d));
  }
  return c;
}

Result<Command> parse_state(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n == 2) {
    auto side = core::parse_side(t[1]);
    if (!side) return Error{"", "state [union|confederate] (got " + quote(t[1]) + ")"};
    c.side = *side;
    c.viewer = true;
    return c;
  }
  if (n != 1) return usage(c.verb);
  return c;
}

Result<Command> parse_ai(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  size_t first = 1;
  if (n > 1 && (t[1] == "move" || t[1] == "hint")) {
    c.mode = std::string(t[1]);
    first = 2;
  }
  for (size_t i = first; i < n; ++i) {
    if (t[i] == "explain") {
      c.explain = true;
      continue;
    }
    std::string_view key, value;
    if (!key_value(t[i], key, value)) return usage(c.verb);
    if (key == "level" && (value == "easy" || value == "normal" || value == "hard")) {
      c.level = std::string(value);
    } else if (key == "player" && !value.empty() && value.size() <= kMaxIdLength) {
      c.player = std::string(value);                  // checked by the session
    } else if (key == "posture" && !value.empty()) {  // the title's (checked by the session)
      c.posture = std::string(value);
    } else if (key == "nodes") {
      auto v = parse_int(value, 1, 1000000, "nodes");
      if (!v) return v.error();
      c.nodes = static_cast<int>(*v);
    } else if (key == "seed") {  // the AI's own draws: any positive 63-bit number
      auto v = parse_int(value, 1, std::numeric_limits<int64_t>::max(), "seed");
      if (!v) return v.error();
      c.seed = static_cast<uint64_t>(*v);
    } else {
      return usage(c.verb);
    }
  }
  if (!c.player.empty() && !c.level.empty())
    return Error{"", "ai: give level= or player=, not both"};
  return c;
}

Result<Command> parse_decide(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 3 && n != 4) return usage(c.verb);
  // "-": a decision about no unit in particular.
  if (t[1] == "-") {
    c.units.push_back("");
  } else {
    auto id = parse_id(t[1]);
    if (!id) return id.error();
    c.units.push_back(*id);
  }
  // The title judges the value (its UI declaration lists the choices).
  auto value = parse_int(t[2], -32768, 32767, "the value");
  if (!value) return value.error();
  c.turn = static_cast<int>(*value);
  if (n == 4) {
    if (t[3].rfind("as=", 0) != 0 || t[3].size() == 3) return usage(c.verb);
    c.decision = std::string(t[3].substr(3));
  }
  return c;
}

Result<Command> parse_no_arguments(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 1) return Error{"", std::string(verb_name(c.verb)) + " takes no arguments"};
  return c;
}

Result<Command> parse_overlays(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n > 2) return usage(c.verb);
  if (n == 2) {
    auto id = parse_id(t[1]);
    if (!id) return id.error();
    c.units.push_back(*id);
  }
  return c;
}

Result<Command> parse_reach(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 2 && n != 3) return usage(c.verb);
  auto id = parse_id(t[1]);
  if (!id) return id.error();
  c.units.push_back(*id);
  if (n == 3) {
    if (t[2] != "strategic") return usage(c.verb);
    c.strategic = true;
  }
  return c;
}

Result<Command> parse_move(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n < 3) return usage(c.verb);
  auto id = parse_id(t[1]);
  if (!id) return id.error();
  c.units.push_back(*id);
  size_t last = n;
  if (t[last - 1] == "exit") {
    c.exit_map = true;
    --last;
  }
  if (c.verb == Verb::Move && last > 2 && t[last - 1] == "strategic") {
    c.strategic = true;
    --last;
  }
  // `move <unit> exit`: a unit already on an exit hex leaves the map.
  const bool exit_only = c.verb == Verb::Move && c.exit_map && !c.strategic && last == 2;
  if (last < 3 && !exit_only) return usage(c.verb);
  for (size_t i = 2; i < last; ++i) {
    auto h = parse_hex_token(t[i]);
    if (!h) return h.error();
    c.hexes.push_back(*h);
  }
  if (c.hexes.size() > core::kMaxPath)
    return Error{"", "a path names at most " + std::to_string(core::kMaxPath) + " hexes"};
  return c;
}

Result<Command> parse_attack(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 3 && n != 4) return usage(c.verb);
  auto ids = parse_id_list(t[1], 32);
  if (!ids) return ids.error();
  auto hexes = parse_hex_list(t[2], 6);
  if (!hexes) return hexes.error();
  c.units = std::move(*ids);
  c.hexes = std::move(*hexes);
  if (n == 4) {
    std::string_view key, value;
    if (!key_value(t[3], key, value) || key != "odds") return usage(c.verb);
    auto col = core::parse_column(value);
    if (!col)
      return Error{"", "odds are a column of the table, 1-5 to 6-1 (got " + quote(value) + ")"};
    c.column = *col;
  }
  return c;
}

Result<Command> parse_retreat(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 3 && n != 4) return usage(c.verb);
  auto id = parse_id(t[1]);
  if (!id) return id.error();
  c.units.push_back(*id);
  if (t[2] == "stay") {
    if (n != 3) return usage(c.verb);
    c.none = true;
    return c;
  }
  auto h = parse_hex_token(t[2]);
  if (!h) return h.error();
  c.hexes.push_back(*h);
  if (n == 4) {
    std::string_view key, value;
    if (!key_value(t[3], key, value) || key != "displace") return usage(c.verb);
    auto d = parse_id(value);
    if (!d) return d.error();
    c.displace = *d;
  }
  return c;
}

Result<Command> parse_advance(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n == 2 && t[1] == "none") {
    c.none = true;
    return c;
  }
  if (n != 3) return usage(c.verb);
  auto id = parse_id(t[1]);
  if (!id) return id.error();
  auto h = parse_hex_token(t[2]);
  if (!h) return h.error();
  c.units.push_back(*id);
  c.hexes.push_back(*h);
  return c;
}

Result<Command> parse_lose(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 2) return usage(c.verb);
  auto ids = parse_id_list(t[1], 32);
  if (!ids) return ids.error();
  c.units = std::move(*ids);
  return c;
}

Result<Command> parse_evade(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 3 && n != 4) return usage(c.verb);
  auto id = parse_id(t[1]);
  if (!id) return id.error();
  c.units.push_back(*id);
  if (t[2] == "none") {
    if (n != 3) return usage(c.verb);
    c.none = true;
    return c;
  }
  for (size_t i = 2; i < n; ++i) {
    auto h = parse_hex_token(t[i]);
    if (!h) return h.error();
    c.hexes.push_back(*h);
  }
  return c;
}

Result<Command> parse_file(Command c, const std::vector<std::string_view>& t) {
  const size_t n = t.size();
  if (n != 2) return usage(c.verb);
  c.file = std::string(t[1]);
  return c;
}

}  // namespace

std::string_view verb_name(Verb v) {
  for (const auto& [name, verb] : kVerbs)
    if (verb == v) return name;
  return "?";
}

bool valid_unit_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxIdLength) return false;
  for (char ch : id) {
    const bool ok = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
                    (ch >= '0' && ch <= '9') || ch == '/' || ch == '.' || ch == '_' || ch == '\'' ||
                    ch == '-';
    if (!ok) return false;
  }
  return true;
}

std::string quote(std::string_view token) {
  constexpr size_t kMax = 40;
  std::string out = "\"";
  for (size_t i = 0; i < token.size() && i < kMax; ++i) {
    const char ch = token[i];
    out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  }
  if (token.size() > kMax) out += "...";
  out += '"';
  return out;
}

const std::vector<std::string>& usage_lines() {
  static const std::vector<std::string> kLines = {
      "titles",
      "new <title> [scenario=<name>] [edition=spi1977|dg2016] [seed=N] [options=a,b,...] "
      "[<title parameter>=<value> ...]",
      "new sandbox [cols=N] [rows=N] [edition=spi1977|dg2016] [seed=N] "
      "[first=union|confederate] [turns=N] [night=T,T,...] "
      "[options=attack-effectiveness,strategic-movement,cavalry-retreat]",
      "decide <unit>|- <value> [as=<decision>]",
      "ai [move|hint] [level=easy|normal|hard | player=ai-normal|ref-2026|...] "
      "[posture=<the title's posture>] [nodes=N] [seed=N] [explain]",
      "terrain <hex> <clear|forest|rough|forest-rough|swamp|town|river|ferry>",
      "hexside <hex> <hex> <road|trail|creek|stream|bridge|ford|lake|redoubt|ferry|command>",
      "unit <id> <union|confederate> <inf|cav|art> <strength> <hex>",
      "reinforce <id> <union|confederate> <inf|cav|art> <strength> <turn> <hex>[|<hex>...]",
      "exit-hex <hex>",
      "dice <d> [<d> ...]",
      "map",
      "state [union|confederate]",
      "victory",
      "charts",
      "overlays [<unit>]",
      "reach <unit> [strategic]",
      "move <unit> <hex> [<hex> ...] [strategic] [exit] | move <unit> exit",
      "enter <unit> <entry-hex> [<hex> ...] [exit]",
      "attack <unit,unit,...> <hex,hex,...> [odds=A-B]",
      "preview <unit,unit,...> <hex,hex,...> [odds=A-B]",
      "retreat <unit> <hex> [displace=<unit>] | retreat <unit> stay",
      "advance <unit> <hex> | advance none",
      "lose <unit,unit,...>",
      "evade <unit> <hex> [<hex>] | evade <unit> none",
      "end",
      "save <file>",
      "load <file>",
      "help",
      "quit",
  };
  return kLines;
}

Result<Command> parse_command(std::string_view line) {
  if (line.size() > kMaxLineLength)
    return Error{"", "line too long (at most " + std::to_string(kMaxLineLength) + " characters)"};
  const std::vector<std::string_view> t = tokenize(line);
  if (t.empty()) return Error{"", "empty command (try help)"};
  Command c;
  bool found = false;
  for (const auto& [name, verb] : kVerbs)
    if (name == t[0]) {
      c.verb = verb;
      found = true;
    }
  if (!found) return Error{"", "unknown command " + quote(t[0]) + " (try help)"};
  switch (c.verb) {
    case Verb::New:
      return parse_new(std::move(c), t);
    case Verb::Terrain:
      return parse_terrain_cmd(std::move(c), t);
    case Verb::Hexside:
      return parse_hexside_cmd(std::move(c), t);
    case Verb::Unit:
    case Verb::Reinforce:
      return parse_unit_cmd(std::move(c), t);
    case Verb::ExitHex:
      return parse_exit_hex(std::move(c), t);
    case Verb::Dice:
      return parse_dice(std::move(c), t);
    case Verb::State:
      return parse_state(std::move(c), t);
    case Verb::Ai:
      return parse_ai(std::move(c), t);
    case Verb::Decide:
      return parse_decide(std::move(c), t);
    case Verb::Titles:
    case Verb::Map:
    case Verb::Victory:
    case Verb::Charts:
    case Verb::End:
    case Verb::Help:
    case Verb::Quit:
      return parse_no_arguments(std::move(c), t);
    case Verb::Overlays:
      return parse_overlays(std::move(c), t);
    case Verb::Reach:
      return parse_reach(std::move(c), t);
    case Verb::Move:
    case Verb::Enter:
      return parse_move(std::move(c), t);
    case Verb::Attack:
    case Verb::Preview:
      return parse_attack(std::move(c), t);
    case Verb::Retreat:
      return parse_retreat(std::move(c), t);
    case Verb::Advance:
      return parse_advance(std::move(c), t);
    case Verb::Lose:
      return parse_lose(std::move(c), t);
    case Verb::Evade:
      return parse_evade(std::move(c), t);
    case Verb::Save:
    case Verb::Load:
      return parse_file(std::move(c), t);
  }
  return Error{"", "unknown command"};
}

}  // namespace bg::protocol
