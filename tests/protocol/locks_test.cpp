// Behaviour locks for Road to Richmond: the save files in
// tests/locks/positions/ must keep loading, and in each of them the core's
// queries must count what tests/locks/rtr_counts.txt says, perft-style: per
// unit of the side to act its reach (and strategic reach), per waiting
// reinforcement its entry hexes and the reach from each, the attacks on offer,
// the mandatory-attack obligations, the choices of every pending decision, the
// victory report, and digests of a description of the state built from the
// core's public API (never the JSON view, which may grow).
//
// A failure names the position, the line (the position's totals or one unit)
// and the count that moved. After a deliberate change of play, rewrite the
// file and review the diff:
//
//   BLUEGRAY_WRITE_LOCKS=1 build/dev/bluegray_protocol_tests --gtest_filter='Lock_*'
//
// How the positions were made: tests/locks_generate_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/combat.h"
#include "core/crt.h"  // result_name
#include "core/hex.h"
#include "protocol/action_json.h"
#include "protocol/save_file.h"

namespace bg::test {
namespace {

using namespace bg::core;
namespace fs = std::filesystem;
using protocol::Json;

fs::path locks_dir() {
  return fs::path(BLUEGRAY_SOURCE_DIR) / "tests" / "locks";
}

std::vector<fs::path> position_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(locks_dir() / "positions"))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// --- lines of the counts file ---------------------------------------------
// "<position>[ <subject>]: name=value name=value ..." (values have no spaces).

struct Line {
  std::string key;
  std::vector<std::pair<std::string, std::string>> fields;

  void add(const std::string& name, const std::string& value) {
    fields.emplace_back(name, value.empty() ? "-" : value);
  }
  void add(const std::string& name, long long value) { add(name, std::to_string(value)); }
  std::string text() const {
    std::string s = key + ":";
    for (const auto& [n, v] : fields) s += " " + n + "=" + v;
    return s;
  }
};

Line parse_line(const std::string& text) {
  Line l;
  const size_t colon = text.find(": ");
  l.key = text.substr(0, colon);
  std::istringstream in(colon == std::string::npos ? "" : text.substr(colon + 2));
  for (std::string tok; in >> tok;) {
    const size_t eq = tok.find('=');
    l.fields.emplace_back(tok.substr(0, eq), eq == std::string::npos ? "" : tok.substr(eq + 1));
  }
  return l;
}

// --- naming things -----------------------------------------------------------

std::string hex_name(const Game& g, HexId h) {
  return h == kNoHex ? "-" : format_hex(g.map().coord(h));
}

std::string unit_name(const Game& g, UnitIndex u) {
  return u == kNoUnit ? "-" : g.roster()[u].id;
}

template <class Range, class Name>
std::string join(const Range& items, Name name) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ",") + name(i);
  return s;
}

std::string flag_names(const UnitState& s) {
  static const std::pair<UnitFlag, const char*> kNames[] = {
      {kIneffective, "ineffective"}, {kMoved, "moved"},         {kAttacked, "attacked"},
      {kDefended, "defended"},       {kAdvanced, "advanced"},   {kNoFire, "nofire"},
      {kEzocAtCombat, "ezoc"},       {kEverEntered, "entered"}, {kDisplaced, "displaced"}};
  std::string out;
  for (const auto& [f, n] : kNames)
    if (s.has(f)) out += (out.empty() ? "" : "+") + std::string(n);
  return out.empty() ? "none" : out;
}

// FNV-1a 64, as 16 hex digits.
std::string digest(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// --- a description of the state, from the core's public API ---------------

std::string describe_units(const Game& g) {
  std::string s;
  const Position& pos = g.position();
  for (int u = 0; u < pos.count; ++u) {
    const UnitState& us = pos.units[u];
    s += unit_name(g, static_cast<UnitIndex>(u)) + " " + std::string(unit_status_name(us.status)) +
         " " + hex_name(g, us.hex) + " " + flag_names(us) + "\n";
  }
  return s;
}

// Each reinforcement's Game-Turn and entry hexes as the title reads them now
// (early arrival, the written choice of 22.3).
std::string describe_arrivals(const Game& g) {
  std::string s;
  const Context ctx = g.context();
  for (int i = 0; i < g.position().count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitDef& d = g.roster()[u];
    if (d.arrival_turn == 0) continue;
    const ScenarioRules* t = g.scenario();
    const int turn = t ? t->arrival_turn(ctx, g.state(), u) : d.arrival_turn;
    const auto entries = t ? t->entry_hexes(ctx, g.state(), u) : d.entry_hexes;
    s += d.id + " " + std::to_string(turn) + " " +
         join(entries, [&](HexId h) { return hex_name(g, h); }) + "\n";
  }
  return s;
}

const char* cause_name(RetreatCause c) {
  switch (c) {
    case RetreatCause::Combat:
      return "combat";
    case RetreatCause::Displaced:
      return "displaced";
    case RetreatCause::Ineffective:
      return "ineffective";
    case RetreatCause::Scenario:
      return "title";
  }
  return "?";
}

std::string describe_pending(const Game& g) {
  std::string s;
  for (const Pending& p : g.state().pending)
    s += std::string(pending_name(p.kind)) + " " + std::string(side_name(p.side)) + " " +
         unit_name(g, p.unit) + " " + cause_name(p.cause) + (p.optional ? " optional" : "") + "\n";
  return s;
}

std::string describe_combat(const Game& g) {
  const CombatRecord& c = g.state().combat;
  if (!c.active) return "no combat\n";
  auto units = [&](const auto& v) { return join(v, [&](UnitIndex u) { return unit_name(g, u); }); };
  auto hexes = [&](const auto& v) { return join(v, [&](HexId h) { return hex_name(g, h); }); };
  auto flags = [](const auto& v) { return join(v, [](uint8_t b) { return std::to_string(b); }); };
  std::ostringstream o;
  o << "attackers " << units(c.attackers) << " bombarding " << flags(c.bombarding) << " ezoc "
    << flags(c.from_ezoc) << " from " << hexes(c.attacker_hexes) << " against "
    << hexes(c.defender_hexes) << " defenders " << units(c.defenders) << " " << c.attack << " to "
    << c.defence << " columns " << c.computed_column << " " << c.column << " resolved "
    << c.resolved << " die " << c.die << " result " << result_name(c.result) << " loss "
    << c.loss_required << " advance " << c.allow_advance << c.advance_offered << " evaded "
    << c.evaded << "\n";
  return o.str();
}

// Turn, phase, the hexes that attacked, the entry columns, points and dice.
std::string describe_history(const Game& g) {
  const GameState& st = g.state();
  std::ostringstream o;
  o << "turn " << st.turn << " " << phase_name(st.phase) << " " << side_name(st.phasing)
    << (st.closing ? " closing" : "") << "\n";
  o << "attacked from " << join(st.attack_hexes, [&](HexId h) { return hex_name(g, h); }) << "\n";
  for (size_t i = 0; i < st.entries.size(); ++i)
    o << "column at " << hex_name(g, st.entries.hexes[i]) << " " << int{st.entries.counts[i]}
      << "\n";
  o << "vp " << st.vp[0] << " " << st.vp[1] << "\n";
  o << "dice " << st.dice.state() << " forced "
    << join(st.dice.forced_queue(), [](int d) { return std::to_string(d); }) << "\n";
  return o.str();
}

// --- the counts ------------------------------------------------------------

// What one position counts: its totals line and one line per unit, pending
// decision or attackable hex.
struct Counts {
  std::string position;
  Line total;
  std::vector<Line> details;
  Line& detail(const std::string& subject) {
    details.push_back(Line{position + " " + subject, {}});
    return details.back();
  }
};

// Hexes in a reach and the Movement Points they cost, summed.
std::pair<long long, long long> reach_size(const Reach& r) {
  long long mp = 0;
  for (HexId h : r.hexes()) mp += r.cost(h);
  return {static_cast<long long>(r.hexes().size()), mp};
}

// Movement Phase: each unit of the side to act on the map.
void count_moves(const Game& g, Counts& c) {
  const bool strategic = g.rules().dg() && g.rules().strategic_movement;  // DG 11.1
  long long can = 0, hexes = 0, mp = 0, s_hexes = 0;
  Reach reach;
  for (int i = 0; i < g.position().count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitState& us = g.position().units[u];
    if (!us.on_map() || g.roster()[u].side != g.state().phasing) continue;
    Line& l = c.detail(g.roster()[u].id);
    l.add("hex", hex_name(g, us.hex));
    const Status why = g.can_move(u, false);
    l.add("why", why.ok() ? "" : why.error().rule);
    g.reach(u, false, reach);
    const auto [n, cost] = reach_size(reach);
    l.add("reach", n);
    l.add("reach_mp", cost);
    can += why.ok();
    hexes += n;
    mp += cost;
    if (!strategic) continue;
    g.reach(u, true, reach);
    l.add("strategic", reach_size(reach).first);
    l.add("strategic_mp", reach_size(reach).second);
    s_hexes += reach_size(reach).first;
  }
  c.total.add("can_move", can);
  c.total.add("reach", hexes);
  c.total.add("reach_mp", mp);
  c.total.add("strategic", strategic ? std::to_string(s_hexes) : "");
}

// Movement Phase: each reinforcement of the side to act that may enter now.
void count_entries(const Game& g, Counts& c) {
  long long waiting = 0, entries = 0, hexes = 0;
  Reach reach;
  for (int i = 0; i < g.position().count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    if (g.position().units[u].status != UnitStatus::OffMap) continue;
    if (g.roster()[u].side != g.state().phasing) continue;
    const std::vector<HexId> options = g.entry_options(u);
    if (options.empty()) continue;
    ++waiting;
    Line& l = c.detail(g.roster()[u].id);
    l.add("entries", join(options, [&](HexId h) { return hex_name(g, h); }));
    for (HexId e : options) {
      const Result<int> cost = g.entry_reach(u, e, reach);
      const std::string at = "@" + hex_name(g, e);
      l.add("cost" + at, cost.ok() ? std::to_string(*cost) : "refused:" + cost.error().rule);
      l.add("reach" + at, reach_size(reach).first);
      l.add("reach_mp" + at, reach_size(reach).second);
      ++entries;
      hexes += reach_size(reach).first;
    }
  }
  c.total.add("may_enter", waiting);
  c.total.add("entry_options", entries);
  c.total.add("entry_reach", hexes);
}

// Combat Phase: the attacks on offer and the obligations still owed.
void count_attacks(const Game& g, Counts& c) {
  std::vector<AttackOption> options;
  attack_options(g.context(), g.state(), g.board(), options);
  long long adjacent = 0, artillery = 0;
  auto units = [&](const auto& v) { return join(v, [&](UnitIndex u) { return unit_name(g, u); }); };
  for (const AttackOption& o : options) {
    Line& l = c.detail("attack@" + hex_name(g, o.hex));
    l.add("adjacent", units(o.adjacent));
    l.add("artillery", units(o.artillery));
    adjacent += static_cast<long long>(o.adjacent.size());
    artillery += static_cast<long long>(o.artillery.size());
  }
  c.total.add("attack_hexes", static_cast<long long>(options.size()));
  c.total.add("attack_adjacent", adjacent);
  c.total.add("attack_artillery", artillery);
}

void count_obligations(const Game& g, Counts& c) {
  const Obligations ob = g.obligations();
  auto hexes = [&](const auto& v) { return join(v, [&](HexId h) { return hex_name(g, h); }); };
  c.total.add("must_attack", hexes(ob.attackers));
  c.total.add("must_be_attacked", hexes(ob.defenders));
}

// Pending decisions: every choice the core offers for each.
void count_pending(const Game& g, Counts& c) {
  long long retreats = 0, displacements = 0;
  int index = 0;
  for (const Pending& p : g.state().pending) {
    Line& l = c.detail("pending#" + std::to_string(++index));
    l.add("kind", std::string(pending_name(p.kind)));
    l.add("side", std::string(side_name(p.side)));
    l.add("unit", unit_name(g, p.unit));
    l.add("cause", cause_name(p.cause));
    l.add("optional", p.optional);
    if (p.kind == PendingKind::Retreat) {
      const std::vector<RetreatOption> options = g.retreat_options(p.unit);
      l.add("retreats", join(options, [&](const RetreatOption& o) {
              return hex_name(g, o.hex) + (o.displace.empty() ? "" : "/displacing:") +
                     join(o.displace, [&](UnitIndex u) { return unit_name(g, u); });
            }));
      retreats += static_cast<long long>(options.size());
      for (const RetreatOption& o : options)
        displacements += static_cast<long long>(o.displace.size());
    }
    if (p.kind == PendingKind::Lose) l.add("required", g.state().combat.loss_required);
  }
  c.total.add("pending", index);
  c.total.add("retreat_options", retreats);
  c.total.add("displace_choices", displacements);
  const Game::AdvanceChoice adv = g.advance_choice();
  c.total.add("advance_units", join(adv.units, [&](UnitIndex u) { return unit_name(g, u); }));
  c.total.add("advance_hexes", join(adv.hexes, [&](HexId h) { return hex_name(g, h); }));
}

void count_victory(const Game& g, Counts& c) {
  const VictoryReport v = g.victory();
  std::string numbers, words;
  for (const VpLine& l : v.lines) {
    numbers += std::string(side_name(l.side)) + " " + l.rule + " " + std::to_string(l.points) +
               (l.at_end ? " at end" : "") + "\n";
    words += l.what + "\n";
  }
  c.total.add("vp", std::to_string(v.total[0]) + "/" + std::to_string(v.total[1]));
  c.total.add("projected", std::to_string(v.projected[0]) + "/" + std::to_string(v.projected[1]));
  c.total.add("final", v.final);
  c.total.add("winner", v.winner ? std::string(side_name(*v.winner)) : "");
  c.total.add("vp_lines", static_cast<long long>(v.lines.size()));
  // The awards (side, rule, points) apart from their wording, so that a
  // rephrased line does not look like a change of score.
  c.total.add("vp_awards_digest", digest(numbers));
  c.total.add("vp_words_digest", digest(words));
}

void add_digests(const Game& g, Counts& c) {
  const std::string units = describe_units(g), arrivals = describe_arrivals(g),
                    pending = describe_pending(g), combat = describe_combat(g),
                    history = describe_history(g);
  c.total.add("units_digest", digest(units));
  c.total.add("arrivals_digest", digest(arrivals));
  c.total.add("pending_digest", digest(pending));
  c.total.add("combat_digest", digest(combat));
  c.total.add("history_digest", digest(history));
  c.total.add("state_digest", digest(units + arrivals + pending + combat + history));
}

Counts count_position(const std::string& name, const Game& g) {
  Counts c{name, Line{name, {}}, {}};
  const GameState& st = g.state();
  const auto side = g.to_act();
  c.total.add("actions", static_cast<long long>(g.log().size()));
  c.total.add("turn", st.turn);
  c.total.add("phase", std::string(phase_name(st.phase)));
  c.total.add("phasing", std::string(side_name(st.phasing)));
  c.total.add("to_act", side ? std::string(side_name(*side)) : "");
  c.total.add("night", g.night());
  const bool deciding = !st.pending.empty();
  if (st.phase == Phase::Movement && !deciding) {
    count_moves(g, c);
    count_entries(g, c);
  }
  if (st.phase == Phase::Combat && !deciding) count_attacks(g, c);
  if (st.phase == Phase::Combat) count_obligations(g, c);
  count_pending(g, c);
  count_victory(g, c);
  add_digests(g, c);
  return c;
}

// --- loading ---------------------------------------------------------------

// The game of a save rebuilt by replaying its log through the core, with the
// dice checked but without the snapshot (a JSON view, which may grow; the old
// saves test below checks it), so the counts speak about play alone.
Result<Game> replay(const fs::path& file) {
  std::ifstream in(file);
  const Json doc = Json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.contains("new") || !doc.contains("log"))
    return Error{"", "not a save file"};
  const auto params = protocol::new_params_from_json(doc.at("new"));
  if (!params) return params.error();
  auto made = protocol::make_game(*params);
  if (!made) return made.error();
  Game g = std::move(*made);
  for (const Json& entry : doc.at("log")) {
    const std::string where = "log entry " + std::to_string(g.log().size() + 1) + ": ";
    const auto action = protocol::action_from_json(g, entry);
    const auto rolls = protocol::rolls_from_json(entry);
    if (!action || !rolls) return Error{"", where + "unreadable"};
    const auto r = g.apply(*action);
    if (!r) return Error{"", where + "refused: " + r.error().message};
    const auto& rolled = g.log().back().rolls;
    if (std::vector<int>(rolled.begin(), rolled.end()) != *rolls)
      return Error{"", where + "rolled other dice than the save records"};
  }
  return g;
}

std::vector<Line> lines_of(const Counts& c) {
  std::vector<Line> out{c.total};
  out.insert(out.end(), c.details.begin(), c.details.end());
  return out;
}

// The lines of every position; the positions that no longer replay are
// reported and listed in `broken` (their expected lines are then not missed).
std::vector<Line> count_all_positions(std::vector<std::string>& broken) {
  std::vector<Line> out;
  for (const fs::path& file : position_files()) {
    const std::string name = file.stem().string();
    auto g = replay(file);
    if (!g) {
      ADD_FAILURE() << name << " no longer replays: " << g.error().message;
      broken.push_back(name);
      continue;
    }
    const std::vector<Line> lines = lines_of(count_position(name, *g));
    out.insert(out.end(), lines.begin(), lines.end());
  }
  return out;
}

// --- comparing --------------------------------------------------------------

fs::path counts_file() {
  return locks_dir() / "rtr_counts.txt";
}

std::map<std::string, Line> read_counts() {
  std::map<std::string, Line> out;
  std::ifstream in(counts_file());
  for (std::string text; std::getline(in, text);) {
    if (text.empty() || text[0] == '#') continue;
    Line l = parse_line(text);
    out[l.key] = l;
  }
  return out;
}

void write_counts(const std::vector<Line>& lines) {
  std::ofstream out(counts_file());
  out << "# Road to Richmond behaviour locks: counts of the core's queries in each save of\n"
         "# tests/locks/positions/ (see tests/protocol/locks_test.cpp). Written by\n"
         "# BLUEGRAY_WRITE_LOCKS=1 build/dev/bluegray_protocol_tests --gtest_filter='Lock_*'\n"
         "# A line without a subject is the position's totals; the others are the units of\n"
         "# the side to act, its attackable hexes (attack@) and the pending decisions.\n";
  for (const Line& l : lines) out << l.text() << "\n";
}

// Every difference between a line and its expected form, by name.
void compare(const Line& want, const Line& got) {
  std::map<std::string, std::string> w(want.fields.begin(), want.fields.end());
  std::map<std::string, std::string> h(got.fields.begin(), got.fields.end());
  for (const auto& [name, value] : w) {
    const auto it = h.find(name);
    if (it == h.end())
      ADD_FAILURE() << want.key << ": " << name << " is no longer counted (was " << value << ")";
    else if (it->second != value)
      ADD_FAILURE() << want.key << ": " << name << " was " << value << ", now " << it->second;
  }
  for (const auto& [name, value] : h)
    if (!w.count(name)) ADD_FAILURE() << got.key << ": new count " << name << "=" << value;
}

// --- tests ------------------------------------------------------------------

// Every lock position loads as a save (replayed, dice and snapshot checked).
TEST(Lock_OldSaves, EveryPositionLoadsAndMatchesItsSnapshot) {
  const std::vector<fs::path> files = position_files();
  EXPECT_GE(files.size(), 12u);
  for (const fs::path& file : files) {
    const auto loaded = protocol::read_save(file.string());
    EXPECT_TRUE(loaded.ok()) << file.filename() << ": "
                             << (loaded.ok() ? "" : loaded.error().message);
  }
}

TEST(Lock_RtrPerft, CountsInEveryPositionAreAsRecorded) {
  std::vector<std::string> broken;
  const std::vector<Line> got = count_all_positions(broken);
  if (std::getenv("BLUEGRAY_WRITE_LOCKS")) {
    ASSERT_TRUE(broken.empty()) << "not rewriting the counts while a position does not replay";
    write_counts(got);
    GTEST_SKIP() << "wrote " << counts_file() << ": review the diff";
  }
  std::map<std::string, Line> want = read_counts();
  ASSERT_FALSE(want.empty()) << "no counts in " << counts_file();
  for (const Line& l : got) {
    const auto it = want.find(l.key);
    if (it == want.end()) {
      ADD_FAILURE() << "new line " << l.text();
      continue;
    }
    compare(it->second, l);
    want.erase(it);
  }
  for (const auto& [key, l] : want) {
    const std::string position = key.substr(0, key.find(' '));
    if (std::find(broken.begin(), broken.end(), position) == broken.end())
      ADD_FAILURE() << "line gone: " << l.text();
  }
}

}  // namespace
}  // namespace bg::test
