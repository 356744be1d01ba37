#include "content/map_file.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_set>
#include <utility>
#include <vector>

namespace bg::content {

namespace {

using core::Dir;
using core::Error;
using core::HexCoord;
using core::HexId;
using core::Map;

struct Token {
  std::string text;
  bool quoted = false;
};

// A pending check that needs the whole file (a bridge must sit on water that
// may be declared on a later line).
struct Crossing {
  int line = 0;
  std::string token;
  HexId a = core::kNoHex;
  Dir d = Dir::N;
  std::string_view what;
};

class Parser {
 public:
  explicit Parser(std::string_view filename) : filename_(filename) {}

  core::Result<std::shared_ptr<Map>> run(std::string_view text);

 private:
  Error fail(const std::string& what) const {
    return core::error("", filename_ + ":" + std::to_string(line_) + ": " + what);
  }

  bool tokenize(std::string_view line, std::vector<Token>& out, std::string& problem) const;
  std::optional<Error> statement(const std::vector<Token>& t);
  // One parser per keyword (or keywords sharing a grammar); t[0] is the keyword.
  using Statement = std::optional<Error> (Parser::*)(const std::vector<Token>& t);
  static Statement statement_for(const std::string& keyword);
  std::optional<Error> size_line(const std::vector<Token>& t);
  std::optional<Error> terrain_line(const std::vector<Token>& t);
  std::optional<Error> road_line(const std::vector<Token>& t);
  std::optional<Error> railroad_line(const std::vector<Token>& t);
  std::optional<Error> hexside_line(const std::vector<Token>& t);
  std::optional<Error> zone_line(const std::vector<Token>& t);
  std::optional<Error> tint_line(const std::vector<Token>& t);
  std::optional<Error> outline_line(const std::vector<Token>& t);
  std::optional<Error> name_line(const std::vector<Token>& t);
  std::optional<Error> side_hex_line(const std::vector<Token>& t);
  std::optional<Error> offmap_line(const std::vector<Token>& t);
  std::optional<Error> marked_hex_line(const std::vector<Token>& t);
  core::Result<core::HexNumbering> size_numbering(const std::vector<Token>& t, int cols,
                                                  int rows) const;

  std::optional<Error> need_map(const std::string& keyword) const {
    if (!map_) return fail("'" + keyword + "' before the 'size' line");
    return std::nullopt;
  }
  // One hex "XXYY" on the map.
  core::Result<HexId> hex(const std::string& s) const;
  // A hex or a column range "XXYY-XXYY" (same column, rows ascending).
  std::optional<Error> hexes(const std::string& s, std::vector<HexId>& out) const;
  // A hexside "XXYY/XXYY" between adjacent hexes; returns the first hex and the
  // direction to the second.
  std::optional<Error> hexside(const std::string& s, HexId& a, Dir& d) const;
  std::optional<Error> chain(const std::vector<Token>& t, std::vector<HexId>& out) const;

  std::string filename_;
  int line_ = 0;
  std::shared_ptr<Map> map_;
  std::vector<Crossing> crossings_;
};

bool Parser::tokenize(std::string_view line, std::vector<Token>& out, std::string& problem) const {
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

core::Result<HexId> Parser::hex(const std::string& s) const {
  const auto c = core::parse_hex(s);
  if (!c) return fail("bad hex '" + s + "' (expected four digits XXYY)");
  const auto h = map_->find_label(*c);
  if (!h)
    return fail("hex " + s + " is off the " + std::to_string(map_->cols()) + " x " +
                std::to_string(map_->rows()) + " map");
  return *h;
}

std::optional<Error> Parser::hexes(const std::string& s, std::vector<HexId>& out) const {
  const size_t dash = s.find('-');
  if (dash == std::string::npos) {
    auto h = hex(s);
    if (!h) return h.error();
    out.push_back(*h);
    return std::nullopt;
  }
  auto a = hex(s.substr(0, dash));
  if (!a) return a.error();
  auto b = hex(s.substr(dash + 1));
  if (!b) return b.error();
  // Printed numbers: rows ascend as printed, whichever way the map counts them.
  const HexCoord ca = map_->label(*a);
  const HexCoord cb = map_->label(*b);
  if (ca.col != cb.col || ca.row > cb.row)
    return fail("bad range '" + s + "' (expected XXYY-XXYY in one column, rows ascending)");
  for (int r = ca.row; r <= cb.row; ++r) {
    const auto h = map_->find_label({ca.col, r});
    if (!h)
      return fail("range '" + s + "' crosses hex " + core::format_hex({ca.col, r}) +
                  ", which is off the map");
    out.push_back(*h);
  }
  return std::nullopt;
}

std::optional<Error> Parser::hexside(const std::string& s, HexId& a, Dir& d) const {
  const size_t slash = s.find('/');
  if (slash == std::string::npos) return fail("bad hexside '" + s + "' (expected XXYY/XXYY)");
  auto ha = hex(s.substr(0, slash));
  if (!ha) return ha.error();
  auto hb = hex(s.substr(slash + 1));
  if (!hb) return hb.error();
  const auto dir = map_->direction(*ha, *hb);
  if (!dir) return fail("hexes of hexside '" + s + "' are not adjacent");
  a = *ha;
  d = *dir;
  return std::nullopt;
}

std::optional<Error> Parser::chain(const std::vector<Token>& t, std::vector<HexId>& out) const {
  if (t.size() < 3) return fail("'" + t[0].text + "' needs at least two hexes");
  for (size_t i = 1; i < t.size(); ++i) {
    auto h = hex(t[i].text);
    if (!h) return h.error();
    if (!out.empty() && !map_->direction(out.back(), *h))
      return fail("'" + t[0].text + "' hexes " + t[i - 1].text + " and " + t[i].text +
                  " are not adjacent");
    out.push_back(*h);
  }
  return std::nullopt;
}

std::optional<int> to_int(const std::string& s) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

// The numbering options of a 'size' line: columns-from=N rows-from=N
// rows=north|south (core::HexNumbering; default 01, 01, south).
core::Result<core::HexNumbering> Parser::size_numbering(const std::vector<Token>& t, int cols,
                                                        int rows) const {
  core::HexNumbering n;
  for (size_t i = 3; i < t.size(); ++i) {
    const std::string& o = t[i].text;
    const size_t eq = o.find('=');
    const std::string key = o.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : o.substr(eq + 1);
    if (key == "columns-from" || key == "rows-from") {
      const auto v = to_int(value);
      if (!v || *v < 0 || *v > 1) return fail("'" + key + "' must be 0 or 1");
      (key == "columns-from" ? n.origin.col : n.origin.row) = *v;
    } else if (key == "rows" && (value == "north" || value == "south")) {
      n.rows_north = value == "north";
    } else {
      return fail("unknown 'size' option '" + o +
                  "' (expected columns-from=N, rows-from=N, rows=north|south)");
    }
  }
  if (n.origin.col + cols - 1 > 99 || n.origin.row + rows - 1 > 99)
    return fail("bad 'size' (hex numbers must fit in two digits)");
  return n;
}

Parser::Statement Parser::statement_for(const std::string& keyword) {
  static const std::pair<std::string_view, Statement> kTable[] = {
      {"terrain", &Parser::terrain_line},   {"road", &Parser::road_line},
      {"trail", &Parser::road_line},        {"railroad", &Parser::railroad_line},
      {"creek", &Parser::hexside_line},     {"stream", &Parser::hexside_line},
      {"lake", &Parser::hexside_line},      {"bridge", &Parser::hexside_line},
      {"ford", &Parser::hexside_line},      {"command", &Parser::hexside_line},
      {"ferry", &Parser::hexside_line},     {"redoubt", &Parser::hexside_line},
      {"zone", &Parser::zone_line},         {"tint", &Parser::tint_line},
      {"outline", &Parser::outline_line},   {"name", &Parser::name_line},
      {"entry", &Parser::side_hex_line},    {"setup", &Parser::side_hex_line},
      {"offmap", &Parser::offmap_line},     {"exit", &Parser::marked_hex_line},
      {"victory", &Parser::marked_hex_line}};
  for (const auto& [k, f] : kTable)
    if (k == keyword) return f;
  return nullptr;
}

std::optional<Error> Parser::statement(const std::vector<Token>& t) {
  const std::string& k = t[0].text;
  if (t[0].quoted) return fail("a line must start with a keyword, not quoted text");
  if (k == "size") return size_line(t);
  if (auto e = need_map(k)) return e;
  const Statement parse = statement_for(k);
  if (!parse) return fail("unknown keyword '" + k + "'");
  return (this->*parse)(t);
}

std::optional<Error> Parser::size_line(const std::vector<Token>& t) {
  if (map_) return fail("duplicate 'size' line");
  if (t.size() < 3) return fail("'size' needs two numbers: columns and rows");
  const auto cols = to_int(t[1].text);
  const auto rows = to_int(t[2].text);
  if (!cols || !rows || *cols < 1 || *rows < 1 || *cols > core::kMaxMapSide ||
      *rows > core::kMaxMapSide)
    return fail("bad 'size' (columns and rows must be 1 to 99)");
  auto numbering = size_numbering(t, *cols, *rows);
  if (!numbering) return numbering.error();
  map_ = std::make_shared<Map>(*cols, *rows, *numbering);
  return std::nullopt;
}

std::optional<Error> Parser::terrain_line(const std::vector<Token>& t) {
  if (t.size() < 3) return fail("'terrain' needs a terrain name and at least one hex");
  const auto terrain = core::parse_terrain(t[1].text);
  if (!terrain) return fail("unknown terrain '" + t[1].text + "'");
  std::vector<HexId> hs;
  for (size_t i = 2; i < t.size(); ++i)
    if (auto e = hexes(t[i].text, hs)) return e;
  for (HexId h : hs) map_->set_terrain(h, *terrain);
  return std::nullopt;
}

// road, trail: a chain of adjacent hexes, its hexsides marked.
std::optional<Error> Parser::road_line(const std::vector<Token>& t) {
  std::vector<HexId> hs;
  if (auto e = chain(t, hs)) return e;
  const core::HexsideBits bit = t[0].text == "road" ? core::kRoad : core::kTrail;
  for (size_t i = 0; i + 1 < hs.size(); ++i)
    map_->add_side(hs[i], *map_->direction(hs[i], hs[i + 1]), bit);
  return std::nullopt;
}

// Railroads are not a terrain feature in Blue & Gray: kept as a drawn line.
std::optional<Error> Parser::railroad_line(const std::vector<Token>& t) {
  std::vector<HexId> hs;
  if (auto e = chain(t, hs)) return e;
  core::Zone* rail = nullptr;
  for (auto& z : map_->zones())
    if (z.name == "railroad") rail = &z;
  if (!rail) {
    map_->zones().push_back({"railroad", {}});
    rail = &map_->zones().back();
  }
  for (HexId h : hs)
    if (rail->hexes.empty() || rail->hexes.back() != h) rail->hexes.push_back(h);
  return std::nullopt;
}

// creek, stream, lake, bridge, ford, command, ferry, redoubt: hexsides.
std::optional<Error> Parser::hexside_line(const std::vector<Token>& t) {
  const std::string& k = t[0].text;
  if (t.size() < 2) return fail("'" + k + "' needs at least one hexside XXYY/XXYY");
  const auto bit = core::parse_hexside_feature(k);
  for (size_t i = 1; i < t.size(); ++i) {
    HexId a = core::kNoHex;
    Dir d = Dir::N;
    if (auto e = hexside(t[i].text, a, d)) return e;
    map_->add_side(a, d, *bit);
    if (k == "bridge" || k == "ford")
      crossings_.push_back({line_, t[i].text, a, d, k == "bridge" ? "bridge" : "ford"});
  }
  return std::nullopt;
}

std::optional<Error> Parser::zone_line(const std::vector<Token>& t) {
  if (t.size() < 3) return fail("'zone' needs a name and at least one hex");
  for (const auto& z : map_->zones())
    if (z.name == t[1].text) return fail("duplicate zone '" + t[1].text + "'");
  core::Zone zone{t[1].text, {}};
  for (size_t i = 2; i < t.size(); ++i)
    if (auto e = hexes(t[i].text, zone.hexes)) return e;
  map_->zones().push_back(std::move(zone));
  return std::nullopt;
}

std::optional<Error> Parser::tint_line(const std::vector<Token>& t) {
  if (t.size() != 2) return fail("'tint' needs one zone name");
  for (auto& z : map_->zones())
    if (z.name == t[1].text) {
      z.tint = true;
      return std::nullopt;
    }
  return fail("'tint' of unknown zone '" + t[1].text + "'");
}

// Marks a zone's border as a command boundary.
std::optional<Error> Parser::outline_line(const std::vector<Token>& t) {
  if (t.size() != 2) return fail("'outline' needs one zone name");
  const core::Zone* zone = nullptr;
  for (const auto& z : map_->zones())
    if (z.name == t[1].text) zone = &z;
  if (!zone) return fail("'outline' of unknown zone '" + t[1].text + "'");
  std::unordered_set<HexId> in(zone->hexes.begin(), zone->hexes.end());
  for (HexId h : zone->hexes)
    for (int d = 0; d < core::kDirs; ++d) {
      const HexId n = map_->neighbour(h, static_cast<Dir>(d));
      if (map_->on_map(n) && !in.count(n))
        map_->add_side(h, static_cast<Dir>(d), core::kCommandBoundary);
    }
  return std::nullopt;
}

std::optional<Error> Parser::name_line(const std::vector<Token>& t) {
  if (t.size() < 3 || t.size() > 4) return fail("'name' needs a hex, a name and an optional kind");
  auto h = hex(t[1].text);
  if (!h) return h.error();
  map_->named().push_back({t[2].text, *h, t.size() == 4 ? t[3].text : "place"});
  return std::nullopt;
}

// entry, setup: a hex of one side.
std::optional<Error> Parser::side_hex_line(const std::vector<Token>& t) {
  const std::string& k = t[0].text;
  if (t.size() != 3) return fail("'" + k + "' needs a hex and a side (confederate or union)");
  auto h = hex(t[1].text);
  if (!h) return h.error();
  if (t[2].text != "confederate" && t[2].text != "union")
    return fail("unknown side '" + t[2].text + "' (expected confederate or union)");
  map_->named().push_back({t[2].text, *h, k});
  return std::nullopt;
}

std::optional<Error> Parser::offmap_line(const std::vector<Token>& t) {
  if (t.size() < 2) return fail("'offmap' needs at least one hex");
  std::vector<HexId> hs;
  for (size_t i = 1; i < t.size(); ++i)
    if (auto e = hexes(t[i].text, hs)) return e;
  // Before anything else names them: a later line naming one is refused.
  for (HexId h : hs) map_->remove_hex(h);
  return std::nullopt;
}

// exit, victory: one hex, named by its keyword.
std::optional<Error> Parser::marked_hex_line(const std::vector<Token>& t) {
  const std::string& k = t[0].text;
  if (t.size() != 2) return fail("'" + k + "' needs one hex");
  auto h = hex(t[1].text);
  if (!h) return h.error();
  map_->named().push_back({k, *h, k});
  return std::nullopt;
}

core::Result<std::shared_ptr<Map>> Parser::run(std::string_view text) {
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
  if (!map_) return core::error("", filename_ + ": no 'size' line");
  for (const Crossing& c : crossings_) {
    if (!(map_->side(c.a, c.d) & (core::kCreek | core::kStream))) {
      line_ = c.line;
      return fail(std::string(c.what) + " " + c.token + " is on neither a creek nor a stream");
    }
  }
  return map_;
}

}  // namespace

core::Result<std::shared_ptr<core::Map>> parse_map(std::string_view text,
                                                   std::string_view filename) {
  Parser p(filename);
  return p.run(text);
}

core::Result<std::shared_ptr<core::Map>> load_map(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::error("", path + ": cannot open the map file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_map(ss.str(), path);
}

}  // namespace bg::content
