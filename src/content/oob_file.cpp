#include "content/oob_file.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "core/hex.h"

namespace bg::content {

const OobEntry* Oob::find(std::string_view id) const {
  for (const auto& u : units)
    if (u.def.id == id) return &u;
  return nullptr;
}

core::Roster Oob::roster() const {
  core::Roster r;
  r.reserve(units.size());
  for (const auto& u : units) r.push_back(u.def);
  return r;
}

namespace {

using core::Error;

struct Token {
  std::string text;
  bool quoted = false;
};

// A strength/type code as printed on the charts: "7", "2c", "1a", "(1)" (a
// defence strength only: a special unit that never attacks), or "?" (also
// "?c", "?a") for a strength the documents do not give.
struct Code {
  std::optional<int> strength;  // nullopt for "?"
  core::UnitType type = core::UnitType::Infantry;
  bool headquarters = false;  // "hq": a leader's headquarters (headquarters_def)
};

// The abilities an 'ability' line gives a unit (printed facts, unlike
// 'assumed' data).
struct Abilities {
  int line = 0;  // 0: the unit has no 'ability' line
  bool no_attack = false, no_zoc = false, road_only = false, sole_occupant = false,
       no_pass_through = false, stacks_freely = false;
  std::optional<int> defense, range;
  std::string kind;
};

// What the file says about one unit; turned into a UnitDef at the end, once
// every 'ability' and 'assumed' line has been read.
struct Pending {
  Code code;
  Abilities abilities;
  std::optional<int> assumed_strength, assumed_defense, assumed_range, assumed_movement;
};

std::optional<int> to_int(const std::string& s) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<Code> parse_code(const std::string& s) {
  if (s.empty()) return std::nullopt;
  Code c;
  if (s == "hq") {
    c.type = core::UnitType::Special;
    c.strength = 0;
    c.headquarters = true;
    return c;
  }
  std::string digits = s;
  if (s.size() >= 3 && s.front() == '(' && s.back() == ')') {
    c.type = core::UnitType::Special;
    digits = s.substr(1, s.size() - 2);
    if (digits == "?") return std::nullopt;  // a defence-only strength is always printed
  } else if (s.back() == 'c' || s.back() == 'a') {
    c.type = s.back() == 'c' ? core::UnitType::Cavalry : core::UnitType::Artillery;
    digits = s.substr(0, s.size() - 1);
  }
  if (digits == "?") return c;
  if (digits.empty() || digits.size() > 2 || digits[0] == '0') return std::nullopt;
  const auto v = to_int(digits);
  if (!v || *v < 1) return std::nullopt;
  c.strength = *v;
  return c;
}

bool valid_id(const std::string& s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char ch) {
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           ch == '/' || ch == '.' || ch == '_' || ch == '\'' || ch == '-';
  });
}

bool valid_hex(const std::string& s) {
  // Whether it is on the map is checked when the chart is bound to one
  // (scenario_data), in the map's own numbering.
  return core::parse_hex(s).has_value();
}

class Parser {
 public:
  explicit Parser(std::string_view filename) : filename_(filename) {}
  core::Result<Oob> run(std::string_view text);

 private:
  Error fail(const std::string& what) const { return fail_at(line_, what); }
  Error fail_at(int line, const std::string& what) const {
    return core::error("", filename_ + ":" + std::to_string(line) + ": " + what);
  }

  static bool tokenize(std::string_view line, std::vector<Token>& out, std::string& problem);
  std::optional<Error> statement(const std::vector<Token>& t);
  std::optional<Error> unit(const std::vector<Token>& t, bool setup);
  std::optional<Error> ability(const std::vector<Token>& t);
  std::optional<Error> assumed(const std::vector<Token>& t);
  std::optional<Error> finish();

  // The unit with this id, declared on an earlier line.
  std::optional<size_t> lookup(const std::string& id) const {
    const auto it = index_.find(id);
    if (it == index_.end()) return std::nullopt;
    return it->second;
  }

  std::string filename_;
  int line_ = 0;
  Oob oob_;
  std::vector<Pending> pending_;
  std::unordered_map<std::string, size_t> index_;
};

bool Parser::tokenize(std::string_view line, std::vector<Token>& out, std::string& problem) {
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#') break;
    if (c == '"') {
      const size_t end = line.find('"', i + 1);
      if (end == std::string_view::npos) {
        problem = "unterminated quoted text";
        return false;
      }
      out.push_back({std::string(line.substr(i + 1, end - i - 1)), true});
      i = end + 1;
      continue;
    }
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' &&
           line[j] != '#' && line[j] != '"')
      ++j;
    out.push_back({std::string(line.substr(i, j - i)), false});
    i = j;
  }
  return true;
}

std::optional<Error> Parser::unit(const std::vector<Token>& t, bool setup) {
  const std::string& k = t[0].text;
  // setup SIDE HEX CODE ID ["NAME"]; reinforce SIDE TURN HEX[|HEX...] CODE ID ["NAME"]
  const size_t fixed = setup ? 5 : 6;
  if (t.size() < fixed || t.size() > fixed + 1) {
    return fail(setup ? "'setup' needs a side, a hex, a strength/type code, an id and an "
                        "optional quoted name"
                      : "'reinforce' needs a side, a game-turn, an entry hex (or alternatives "
                        "A|B), a strength/type code, an id and an optional quoted name");
  }
  for (size_t i = 1; i < fixed; ++i)
    if (t[i].quoted) return fail("'" + k + "' field " + std::to_string(i) + " must not be quoted");
  if (t.size() == fixed + 1 && !t[fixed].quoted)
    return fail("the name after id '" + t[fixed - 1].text + "' must be quoted text");

  OobEntry e;
  e.setup = setup;
  e.line = line_;
  const auto side = core::parse_side(t[1].text);
  if (!side) return fail("unknown side '" + t[1].text + "' (expected union or confederate)");
  e.def.side = *side;

  size_t at = 2;
  if (setup) {
    if (!valid_hex(t[at].text))
      return fail("bad hex '" + t[at].text + "' (expected four digits XXYY)");
    e.hex = t[at].text;
    ++at;
  } else {
    const auto turn = to_int(t[at].text);
    if (!turn) return fail("bad game-turn '" + t[at].text + "' (expected a number)");
    if (*turn < kOobFirstTurn || *turn > kOobLastTurn)
      return fail("game-turn " + t[at].text + " is outside 1 to " + std::to_string(kOobLastTurn));
    e.turn = *turn;
    ++at;
    const std::string& hs = t[at].text;
    size_t pos = 0;
    while (true) {
      const size_t bar = hs.find('|', pos);
      const std::string h =
          hs.substr(pos, bar == std::string::npos ? std::string::npos : bar - pos);
      if (!valid_hex(h)) return fail("bad hex '" + h + "' (expected four digits XXYY)");
      if (std::find(e.entry_hexes.begin(), e.entry_hexes.end(), h) != e.entry_hexes.end())
        return fail("entry hex " + h + " is listed twice");
      e.entry_hexes.push_back(h);
      if (bar == std::string::npos) break;
      pos = bar + 1;
    }
    ++at;
  }

  const auto code = parse_code(t[at].text);
  if (!code)
    return fail("bad strength code '" + t[at].text +
                "' (expected N for infantry, Nc, Na, (N) for a special unit with a defence "
                "strength only, hq for a headquarters, or ? when not printed)");
  ++at;

  const std::string& id = t[at].text;
  if (!valid_id(id))
    return fail("bad id '" + id + "' (letters, digits and / . _ ' - only, no spaces)");
  if (const auto prev = lookup(id))
    return fail("duplicate id '" + id + "' (first on line " +
                std::to_string(oob_.units[*prev].line) + ")");
  e.def.id = id;
  e.name = t.size() == fixed + 1 ? t[fixed].text : id;
  if (e.name.empty()) return fail("empty name for '" + id + "'");

  index_[id] = oob_.units.size();
  oob_.units.push_back(std::move(e));
  pending_.push_back(Pending{*code, {}, {}, {}, {}, {}});
  return std::nullopt;
}

constexpr const char* kAbilityNames =
    "no-attack, no-zoc, road-only, sole-occupant, no-pass-through, stacks-freely, defense=N, "
    "range=N or kind=NAME";

bool valid_kind(const std::string& s) {
  return !s.empty() && s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
  });
}

std::optional<Error> Parser::ability(const std::vector<Token>& t) {
  // ability ID ABILITY [ABILITY...]
  if (t.size() < 3) return fail("'ability' needs a unit id and at least one ability");
  for (size_t i = 1; i < t.size(); ++i)
    if (t[i].quoted) return fail("'ability' fields must not be quoted");
  const auto u = lookup(t[1].text);
  if (!u) return fail("'ability' names unknown unit '" + t[1].text + "'");
  Abilities& a = pending_[*u].abilities;
  if (a.line != 0)
    return fail("unit '" + t[1].text + "' already has an 'ability' line (line " +
                std::to_string(a.line) + ")");
  std::vector<std::string> seen;
  for (size_t i = 2; i < t.size(); ++i) {
    const std::string& word = t[i].text;
    const size_t eq = word.find('=');
    const std::string name = word.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      return fail("ability '" + name + "' is given twice for '" + t[1].text + "'");
    seen.push_back(name);
    const bool flag = eq == std::string::npos;
    if (flag && name == "no-attack") {
      a.no_attack = true;
    } else if (flag && name == "no-zoc") {
      a.no_zoc = true;
    } else if (flag && name == "road-only") {
      a.road_only = true;
    } else if (flag && name == "sole-occupant") {
      a.sole_occupant = true;
    } else if (flag && name == "no-pass-through") {
      a.no_pass_through = true;
    } else if (flag && name == "stacks-freely") {
      a.stacks_freely = true;
    } else if (!flag && (name == "defense" || name == "range")) {
      const auto v = to_int(value);
      if (!v || *v < 0 || *v > 99) return fail("bad value in '" + word + "' (expected 0 to 99)");
      (name == "defense" ? a.defense : a.range) = *v;
    } else if (!flag && name == "kind") {
      if (!valid_kind(value))
        return fail("bad kind '" + value + "' (lower-case letters, digits and - only)");
      a.kind = value;
    } else {
      return fail("unknown ability '" + word + "' (expected " + kAbilityNames + ")");
    }
  }
  a.line = line_;
  return std::nullopt;
}

std::optional<Error> Parser::assumed(const std::vector<Token>& t) {
  // assumed ID FIELD VALUE "REASON"
  if (t.size() != 5 || t[1].quoted || t[2].quoted || t[3].quoted || !t[4].quoted)
    return fail("'assumed' needs a unit id, a field, a value and a quoted reason");
  const auto u = lookup(t[1].text);
  if (!u) return fail("'assumed' names unknown unit '" + t[1].text + "'");
  const std::string& field = t[2].text;
  const auto v = to_int(t[3].text);
  if (!v || *v < 0 || *v > 99) return fail("bad value '" + t[3].text + "' (expected 0 to 99)");
  if (t[4].text.empty()) return fail("'assumed' needs a reason");
  Pending& p = pending_[*u];
  std::optional<int>* slot = nullptr;
  if (field == "strength") {
    if (p.code.strength)
      return fail("the strength of '" + t[1].text + "' is printed (" +
                  std::to_string(*p.code.strength) +
                  "); 'assumed strength' only supplies a strength written '?'");
    if (*v < 1) return fail("bad value '" + t[3].text + "' (a strength is at least 1)");
    slot = &p.assumed_strength;
  } else if (field == "defense") {
    slot = &p.assumed_defense;
  } else if (field == "range") {
    slot = &p.assumed_range;
  } else if (field == "movement") {
    slot = &p.assumed_movement;
  } else {
    return fail("unknown field '" + field + "' (expected strength, defense, range or movement)");
  }
  if (slot->has_value()) return fail("'" + field + "' of '" + t[1].text + "' is already assumed");
  *slot = *v;
  OobEntry& e = oob_.units[*u];
  e.def.assumed = true;
  if (!e.assumption.empty()) e.assumption += "; ";
  e.assumption += field + " " + t[3].text + ": " + t[4].text;
  return std::nullopt;
}

std::optional<Error> Parser::statement(const std::vector<Token>& t) {
  const std::string& k = t[0].text;
  if (t[0].quoted) return fail("a line must start with a keyword, not quoted text");
  if (k == "setup") return unit(t, true);
  if (k == "reinforce") return unit(t, false);
  if (k == "ability") return ability(t);
  if (k == "assumed") return assumed(t);
  return fail("unknown keyword '" + k + "'");
}

std::optional<Error> Parser::finish() {
  for (size_t i = 0; i < oob_.units.size(); ++i) {
    OobEntry& e = oob_.units[i];
    const Pending& p = pending_[i];
    core::UnitDef& d = e.def;
    if (p.code.headquarters) {
      const bool assumed = d.assumed;
      d = headquarters_def(d.id, d.side);
      d.assumed = assumed;
    }
    d.type = p.code.type;
    if (p.code.strength) {
      d.strength = *p.code.strength;
    } else if (p.assumed_strength) {
      d.strength = *p.assumed_strength;
    } else {
      return fail_at(e.line, "the strength of '" + d.id +
                                 "' is not given ('?') and no 'assumed' line supplies it");
    }
    d.defense = d.strength;
    d.range = 3;                               // 8.11: artillery bombards up to three hexes
    if (!p.code.headquarters) d.movement = 6;  // 2.4: every unit has six Movement Points
    // (N): a defence strength only, so the unit never attacks.
    if (d.type == core::UnitType::Special) d.can_attack = false;
    const Abilities& a = p.abilities;
    if (a.no_attack) d.can_attack = false;
    if (a.no_zoc) d.exerts_zoc = false;
    d.road_only = a.road_only;
    d.sole_occupant = a.sole_occupant;
    d.no_pass_through = a.no_pass_through;
    d.free_stacking = d.free_stacking || a.stacks_freely;
    if (a.defense) d.defense = *a.defense;
    if (a.range) d.range = *a.range;
    if (!a.kind.empty() || !p.code.headquarters) d.kind = a.kind;
    if (p.assumed_defense) d.defense = *p.assumed_defense;
    if (p.assumed_range) d.range = *p.assumed_range;
    if (p.assumed_movement) d.movement = *p.assumed_movement;
  }
  if (oob_.units.size() > static_cast<size_t>(core::kMaxUnits))
    return core::error("", filename_ + ": more than " + std::to_string(core::kMaxUnits) + " units");
  return std::nullopt;
}

core::Result<Oob> Parser::run(std::string_view text) {
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t end = std::min(text.find('\n', pos), text.size());
    ++line_;
    std::vector<Token> tokens;
    std::string problem;
    if (!tokenize(text.substr(pos, end - pos), tokens, problem)) return fail(problem);
    if (!tokens.empty())
      if (auto e = statement(tokens)) return *e;
    pos = end + 1;
  }
  if (auto e = finish()) return *e;
  return std::move(oob_);
}

}  // namespace

core::UnitDef headquarters_def(std::string id, core::Side side, int movement) {
  core::UnitDef d;
  d.id = std::move(id);
  d.side = side;
  d.type = core::UnitType::Special;
  d.kind = "hq";
  d.strength = 0;
  d.defense = 0;
  d.movement = movement;
  d.can_attack = false;    // NeverAttacks
  d.exerts_zoc = false;    // R-FR-HQ-ALONE: a headquarters controls no hex
  d.free_stacking = true;  // StacksFreely (R-FR-STACKING)
  return d;
}

core::Result<Oob> parse_oob(std::string_view text, std::string_view filename) {
  Parser p(filename);
  return p.run(text);
}

core::Result<Oob> load_oob(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::error("", path + ": cannot open the order-of-battle file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_oob(ss.str(), path);
}

}  // namespace bg::content
