// The engine protocol: golden transcripts, parsing, save/load, robustness and
// the real `bluegray engine` executable.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/command_parser.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "protocol/save_file.h"
#include "protocol/text_view.h"

namespace bg::protocol {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> read_lines(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

// A scratch directory of this test process, removed at the end of each test.
class TempDir {
 public:
  TempDir() {
    dir_ = fs::temp_directory_path() /
           ("bluegray_protocol_" + std::to_string(::getpid()) + "_" + std::to_string(next_++));
    fs::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path operator/(const std::string& name) const { return dir_ / name; }
  const fs::path& path() const { return dir_; }

 private:
  static inline int next_ = 0;
  fs::path dir_;
};

// Sends a line and expects success.
Json ok(EngineSession& s, const std::string& line) {
  Json r = s.handle(line);
  EXPECT_TRUE(r.value("ok", false)) << line << " -> " << dump_line(r);
  return r;
}

// A small battle: set-up, movement, a forced and a random combat.
void play_opening(EngineSession& s) {
  ok(s, "new sandbox cols=12 rows=12 seed=42 turns=6 night=4");
  ok(s, "terrain 0506 rough");
  ok(s, "hexside 0404 0405 road");
  ok(s, "hexside 0606 0607 stream");
  ok(s, "unit A union inf 9 0403");
  ok(s, "unit B union inf 6 0303");
  ok(s, "unit G union art 4 0302");
  ok(s, "unit R confederate inf 4 0406");
  ok(s, "unit S confederate inf 5 0608");
  ok(s, "unit T confederate cav 2 0909");
  ok(s, "move A 0405");
  ok(s, "move B 0306");
  ok(s, "end");
  ok(s, "dice 4");
  ok(s, "attack A,B 0406");
  // Answer whatever the combat left pending, in a fixed way.
  for (int i = 0; i < 8; ++i) {
    const Json st = s.handle("state");
    if (st["pending"].empty()) break;
    const Json& p = st["pending"][0];
    if (p["kind"] == "retreat") {
      if (p["options"].empty()) {
        ok(s, "retreat " + p["unit"].get<std::string>() + " stay");
      } else {
        ok(s, "retreat " + p["unit"].get<std::string>() + " " +
                  p["options"][0]["hex"].get<std::string>());
      }
    } else if (p["kind"] == "advance") {
      ok(s, "advance none");
    } else {
      FAIL() << "unexpected pending " << dump_line(p);
    }
  }
  ok(s, "end");
  ok(s, "move T 0908");
}

// ---------------------------------------------------------------------------

TEST(Golden, Transcripts) {
  const fs::path dir = fs::path(BLUEGRAY_SOURCE_DIR) / "tests" / "golden";
  const bool update = std::getenv("BLUEGRAY_UPDATE_GOLDEN") != nullptr;
  int files = 0;
  std::vector<fs::path> inputs;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".in") inputs.push_back(entry.path());
  std::sort(inputs.begin(), inputs.end());
  for (const fs::path& in : inputs) {
    ++files;
    fs::path out = in;
    out.replace_extension(".out");
    EngineSession session;
    std::vector<std::string> got;
    for (const std::string& line : read_lines(in)) {
      if (!line.empty() && line[0] == '#') continue;  // comments are not sent
      got.push_back(session.handle_line(line));
    }
    if (update) {
      std::string text;
      for (const std::string& g : got) text += g + "\n";
      write_file(out, text);
      continue;
    }
    const std::vector<std::string> want = read_lines(out);
    EXPECT_EQ(got.size(), want.size()) << in.filename();
    for (size_t i = 0; i < got.size() && i < want.size(); ++i)
      EXPECT_EQ(got[i], want[i]) << in.filename() << " reply " << i + 1;
  }
  EXPECT_GE(files, 3);
}

// Every refusal the core makes in the refusal transcript cites its rule.
TEST(Golden, RefusalTranscriptCitesRules) {
  const fs::path dir = fs::path(BLUEGRAY_SOURCE_DIR) / "tests" / "golden";
  int refusals = 0;
  for (const std::string& line : read_lines(dir / "refusals.out")) {
    const Json r = Json::parse(line);
    if (r["ok"].get<bool>()) continue;
    ++refusals;
    ASSERT_TRUE(r.contains("rule")) << line;
    const std::string rule = r["rule"].get<std::string>();
    EXPECT_EQ(r["error"].get<std::string>().rfind(rule + ": ", 0), 0u) << line;
  }
  EXPECT_GE(refusals, 20);
}

// ---------------------------------------------------------------------------

// `titles` lists what the registry holds, and `new` takes exactly that: each
// title's scenarios, parameters and options, with their defaults.
TEST(ProtocolTitles, ListsEveryRegisteredTitleAndNewAcceptsWhatItLists) {
  EngineSession s;
  const Json r = ok(s, "titles");
  const Json& list = r["titles"]["titles"];
  ASSERT_GE(list.size(), 2u);
  EXPECT_EQ(list[0]["name"], "sandbox");
  EXPECT_TRUE(list[0]["free_map"].get<bool>());
  bool rtr = false;
  for (const Json& t : list) {
    ASSERT_FALSE(t["scenarios"].empty()) << t["name"];
    for (const Json& sc : t["scenarios"]) {
      // Every listed scenario starts, with every value of every parameter.
      const std::string base =
          "new " + t["name"].get<std::string>() + " scenario=" + sc["name"].get<std::string>();
      const Json made = ok(s, base);
      EXPECT_EQ(made["new"]["turns"], sc["calendar"]["turns"]);
      EXPECT_EQ(made["new"]["first"], sc["calendar"]["first"]);
      for (const Json& p : t["params"])
        for (const Json& choice : p["choices"]) {
          const std::string kv = p["key"].get<std::string>() + "=" + choice.get<std::string>();
          EXPECT_EQ(ok(s, base + " " + kv)["new"][p["key"].get<std::string>()], choice);
        }
      for (const Json& o : t["options"]) ok(s, base + " options=" + o["name"].get<std::string>());
    }
    if (t["name"] == "road-to-richmond") {
      rtr = true;
      EXPECT_EQ(t["scenarios"][0]["calendar"]["night"], Json::parse("[5,13]"));
      EXPECT_EQ(t["params"][0]["key"], "exclusive");
      EXPECT_EQ(t["params"][0]["default"], "1977");
    }
  }
  EXPECT_TRUE(rtr);
  const std::string refused[] = {
      "new road-to-richmond scenario=gettysburg", "new sandbox scenario=campaign", "new gettysburg",
      "new road-to-richmond exclusive=1862", "new road-to-richmond turns=12"};
  for (const std::string& line : refused) {
    const Json bad = s.handle(line);
    EXPECT_FALSE(bad["ok"].get<bool>()) << line;
  }
  EXPECT_NE(s.handle("new road-to-richmond exclusive=1862")["error"].get<std::string>().find(
                "exclusive must be 1977 or revised (got \"1862\")"),
            std::string::npos);
  EXPECT_NE(s.handle("new gettysburg")["error"].get<std::string>().find("road-to-richmond"),
            std::string::npos);
  EXPECT_NE(s.handle("new road-to-richmond scenario=x")["error"].get<std::string>().find(
                "(road-to-richmond)"),
            std::string::npos);
}

// The state's "mp" of a unit (null if the state gives none).
Json unit_mp(const Json& st, const std::string& id) {
  for (const Json& u : st["units"])
    if (u["id"] == id) return u.value("mp", Json());
  ADD_FAILURE() << "no unit " << id;
  return Json();
}

// Movement points left: the phasing side's units in its Movement
// Phase carry their allowance while they may still move, and 0 with the
// engine's reason once they have moved (5.17) or may not leave an enemy
// Zone of Control (5.13); the other side's units and other phases carry none.
TEST(ProtocolState, MovementPointsLeftAreTheAllowanceUntilTheUnitMoves) {
  EngineSession s;
  ok(s, "new sandbox cols=10 rows=10");
  ok(s, "unit A union inf 4 0303");
  ok(s, "unit B union cav 3 0505");
  ok(s, "unit K confederate inf 2 0506");
  Json st = s.handle("state");
  EXPECT_EQ(unit_mp(st, "A"), (Json{{"left", 6}, {"allowance", 6}}));
  const Json b = unit_mp(st, "B");  // next to K: in its Zone of Control
  EXPECT_EQ(b["left"], 0);
  EXPECT_EQ(b["allowance"], 6);
  EXPECT_EQ(b["rule"], "5.13");
  EXPECT_TRUE(unit_mp(st, "K").is_null());  // not the phasing side's
  // The reach agrees: the farthest hex A may go to costs no more than its MP left.
  const Json reach = ok(s, "reach A");
  int farthest = 0;
  for (const auto& [hex, mp] : reach["hexes"].items()) farthest = std::max(farthest, mp.get<int>());
  EXPECT_GT(farthest, 0);
  EXPECT_LE(farthest, 6);
  ok(s, "move A 0304");
  st = s.handle("state");
  const Json a = unit_mp(st, "A");
  EXPECT_EQ(a["left"], 0);
  EXPECT_EQ(a["rule"], "5.17");
  EXPECT_TRUE(a["why"].get<std::string>().find("already moved") != std::string::npos);
  ok(s, "end");
  st = s.handle("state");
  EXPECT_EQ(st["phase"], "combat");
  for (const Json& u : st["units"]) EXPECT_FALSE(u.contains("mp")) << u["id"];
}

TEST(ProtocolParser, NewValidatesEveryValue) {
  auto p = parse_command(
      "new sandbox cols=30 rows=40 edition=dg2016 seed=99 first=confederate turns=12 "
      "night=9,3 options=cavalry-retreat,attack-effectiveness");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->params.cols, 30);
  EXPECT_EQ(p->params.rows, 40);
  EXPECT_EQ(p->params.edition, core::Edition::Dg2016);
  EXPECT_EQ(p->params.seed, 99u);
  EXPECT_EQ(p->params.first, core::Side::Confederate);
  EXPECT_EQ(p->params.turns, 12);
  EXPECT_EQ(p->params.night, (std::vector<int>{3, 9}));
  EXPECT_TRUE(p->params.cavalry_retreat);
  EXPECT_TRUE(p->params.attack_effectiveness);
  EXPECT_FALSE(p->params.strategic_movement);
  for (const char* bad : {"new sandbox cols=0",
                          "new sandbox rows=100",
                          "new sandbox turns=0",
                          "new sandbox turns=64",
                          "new sandbox turns=5 night=6",
                          "new sandbox night=0",
                          "new sandbox options=fog",
                          "new sandbox seed=99999999999999999999",
                          "new sandbox cols=1e3",
                          "new sandbox cols=",
                          "new sandbox size=3",
                          "new sandbox cols=4 cols=5",
                          "new sandbox edition=",
                          "new sandbox exclusive=1977",
                          "new sandbox options=siege-train",
                          "new road-to-richmond cols=10",
                          "new road-to-richmond first=union",
                          "new road-to-richmond night=",
                          "new road-to-richmond exclusive=1862",
                          "new tobruk",
                          "new"})
    EXPECT_FALSE(parse_command(bad).ok()) << bad;
  auto fixed = parse_command("new road-to-richmond turns=12");
  ASSERT_FALSE(fixed.ok());
  EXPECT_NE(fixed.error().message.find("14.2"), std::string::npos);
  auto rtr = parse_command("new road-to-richmond exclusive=revised options=attack-effectiveness");
  ASSERT_TRUE(rtr.ok()) << rtr.error().message;
  EXPECT_EQ(rtr->params.param("exclusive"), "revised");
  EXPECT_EQ(rtr->params.first, core::Side::Confederate);
  EXPECT_EQ(rtr->params.night, (std::vector<int>{5, 13}));
  auto tournament = parse_command("new road-to-richmond options=tournament");
  ASSERT_TRUE(tournament.ok());
  EXPECT_EQ(tournament->params.param("exclusive"), "1977");  // the default
  EXPECT_EQ(tournament->params.options,
            (std::vector<std::string>{"advance-restrictions", "siege-train",
                                      "variable-reinforcements", "additional-vp"}));
}

TEST(ProtocolParser, CommandsParseIntoTypedFields) {
  auto a = parse_command("attack 1/2/V,Pickett 0405,0506 odds=3:1");
  ASSERT_TRUE(a.ok()) << a.error().message;
  EXPECT_EQ(a->verb, Verb::Attack);
  EXPECT_EQ(a->units, (std::vector<std::string>{"1/2/V", "Pickett"}));
  ASSERT_EQ(a->hexes.size(), 2u);
  EXPECT_EQ(a->hexes[1], (core::HexCoord{5, 6}));
  EXPECT_EQ(a->column, 6);
  auto m = parse_command("  move A 0405 0406\tstrategic\r");
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->strategic);
  EXPECT_EQ(m->hexes.size(), 2u);
  auto r = parse_command("retreat A 0506 displace=B");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->displace, "B");
  EXPECT_TRUE(parse_command("retreat A stay")->none);
  EXPECT_TRUE(parse_command("advance none")->none);
  EXPECT_TRUE(parse_command("evade K none")->none);
  EXPECT_FALSE(parse_command("unit A union train 3 0101").ok());
  EXPECT_FALSE(parse_command(std::string(5000, 'x')).ok());
  EXPECT_TRUE(valid_unit_id("1/2/V"));
  EXPECT_TRUE(valid_unit_id("O'Neal_2.b-x"));
  EXPECT_FALSE(valid_unit_id(std::string(33, 'a')));
  EXPECT_FALSE(valid_unit_id("a b"));
}

TEST(ProtocolMove, OneHexTakesTheCheapestPathAndUnreachableCites515) {
  EngineSession s;
  ok(s, "new sandbox cols=10 rows=10");
  ok(s, "terrain 0404 swamp");
  ok(s, "unit A union inf 5 0403");
  const Json reach = ok(s, "reach A");
  const int mp = reach["hexes"]["0405"].get<int>();
  const Json m = ok(s, "move A 0405");
  EXPECT_EQ(m["mp"].get<int>(), mp);
  EXPECT_EQ(m["path"].back(), "0405");
  EXPECT_GE(m["path"].size(), 2u);
  EXPECT_FALSE(m["path"].contains("0404")) << "the swamp is not on the cheapest path";
  ok(s, "new sandbox cols=20 rows=20");
  ok(s, "unit A union inf 5 0101");
  const Json far = s.handle("move A 1515");
  EXPECT_FALSE(far["ok"].get<bool>());
  EXPECT_EQ(far["rule"], "5.15");
  EXPECT_EQ(far["error"], "5.15: 1515 is not reachable");
}

TEST(ProtocolMap, EachHexsideOnceWithTheBarbedSide) {
  EngineSession s;
  ok(s, "new sandbox cols=5 rows=5");
  ok(s, "hexside 0303 0302 redoubt");
  ok(s, "hexside 0302 0303 road");
  ok(s, "hexside 0101 0201 creek");
  const Json m = ok(s, "map");
  EXPECT_EQ(m["hexes"].size(), 25u);
  ASSERT_EQ(m["hexsides"].size(), 2u);
  Json redoubt;
  for (const Json& side : m["hexsides"])
    if (side["features"].size() == 2) redoubt = side;
  EXPECT_EQ(redoubt["features"], Json::parse(R"(["road","redoubt"])"));
  EXPECT_EQ(redoubt["barbed"], "0303");
}

// ---------------------------------------------------------------------------

TEST(ProtocolSaveLoad, RoundTripGivesTheSameStateAndTheSameFuture) {
  TempDir tmp;
  const std::string file = (tmp / "game.json").string();
  EngineSession a;
  play_opening(a);
  // Reinforcements and exits (15.0, 17.1): an exit hex, a reinforcement that
  // enters now, one that waits for Game-Turn 2, and a unit that leaves the map.
  ok(a, "exit-hex 1008");
  ok(a, "reinforce U1 confederate inf 3 1 1201|1212");
  ok(a, "reinforce U2 confederate inf 3 2 1201");
  ok(a, "unit W confederate cav 2 1109");
  EXPECT_EQ(ok(a, "enter U1 1201 1202")["mp"], 2);
  EXPECT_EQ(ok(a, "move W 1008 exit")["exited"], true);
  const Json saved = ok(a, "save " + file);
  EXPECT_EQ(saved["actions"].get<size_t>(), a.game()->log().size());
  for (const auto& entry : fs::directory_iterator(tmp.path()))
    EXPECT_EQ(entry.path().filename(), "game.json") << "a temporary file was left behind";

  const Json doc = Json::parse(read_file(file));
  EXPECT_EQ(doc["format"], "bluegray-save");
  EXPECT_EQ(doc["version"], 1);
  EXPECT_EQ(doc["new"]["seed"], 42);
  EXPECT_EQ(doc["new"]["night"], Json::parse("[4]"));
  EXPECT_EQ(doc["log"][0]["kind"], "terrain");
  std::map<std::string, Json> last;  // the last entry of each kind
  for (const Json& e : doc["log"]) last[e["kind"].get<std::string>()] = e;
  EXPECT_EQ(last["exit-hex"]["hex"], "1008");
  EXPECT_EQ(last["enter"]["path"], Json::parse(R"(["1201","1202"])"));
  EXPECT_EQ(last["unit"]["id"], "W");
  EXPECT_EQ(last["move"]["exit"], true);
  bool reinforcement = false;
  for (const Json& e : doc["log"])
    if (e["kind"] == "unit" && e["id"] == "U2") {
      reinforcement = true;
      EXPECT_EQ(e["arrival"], 2);
      EXPECT_EQ(e["entry"], Json::parse(R"(["1201"])"));
      EXPECT_TRUE(e["hex"].is_null());
    }
  EXPECT_TRUE(reinforcement);

  EngineSession b;
  const Json loaded = ok(b, "load " + file);
  EXPECT_EQ(loaded["actions"], saved["actions"]);
  EXPECT_EQ(a.handle_line("state"), b.handle_line("state"));
  EXPECT_EQ(a.handle_line("map"), b.handle_line("map"));
  EXPECT_TRUE(a.game()->state() == b.game()->state()) << "dice and every flag restored";

  // The future: the same commands give the same replies, unforced dice included
  // (the die's state is restored by the replay).
  auto both = [&](const std::string& line) {
    const std::string ra = a.handle_line(line);
    EXPECT_EQ(ra, b.handle_line(line)) << line;
    return Json::parse(ra);
  };
  auto settle = [&]() {
    for (int i = 0; i < 8; ++i) {
      const Json st = both("state");
      if (st["pending"].empty()) return;
      const Json& p = st["pending"][0];
      const std::string unit = p.value("unit", std::string());
      if (p["kind"] == "retreat") {
        both("retreat " + unit + " " +
             (p["options"].empty() ? std::string("stay")
                                   : p["options"][0]["hex"].get<std::string>()));
      } else if (p["kind"] == "advance") {
        both("advance " + p["units"][0].get<std::string>() + " " +
             p["hexes"][0].get<std::string>());
      } else if (p["kind"] == "lose") {
        both("lose " + p["units"][0].get<std::string>());
      } else {
        both("evade " + unit + " none");
      }
    }
  };
  EXPECT_TRUE(both("end")["ok"].get<bool>());
  EXPECT_TRUE(both("end")["ok"].get<bool>());
  EXPECT_TRUE(both("move A 0506")["ok"].get<bool>());
  EXPECT_TRUE(both("move B 0406")["ok"].get<bool>());
  EXPECT_TRUE(both("end")["ok"].get<bool>());
  const Json attack = both("attack A,B 0507");
  ASSERT_TRUE(attack["ok"].get<bool>()) << dump_line(attack);
  EXPECT_TRUE(attack.contains("die")) << "a random roll";
  settle();
  // Game-Turn 2, Confederate Movement Phase: the held reinforcement enters.
  for (int i = 0; i < 4 && both("state")["phasing"] != "confederate"; ++i) {
    both("end");
    settle();
  }
  const Json entered = both("enter U2 1201 1202");
  EXPECT_TRUE(entered["ok"].get<bool>()) << dump_line(entered);
  EXPECT_EQ(entered["mp"], 2);
  both("save " + file);
  both("load " + file);
  for (int i = 0; i < 12; ++i) {
    both("end");
    settle();
  }
  both("state");
  EXPECT_EQ(a.handle_line("map"), b.handle_line("map"));
}

TEST(ProtocolSaveLoad, DamagedOrForeignSavesAreRefusedAndTheGameIsUntouched) {
  TempDir tmp;
  EngineSession s;
  play_opening(s);
  const std::string good = (tmp / "good.json").string();
  ok(s, "save " + good);
  const std::string text = read_file(good);
  const Json doc = Json::parse(text);

  auto variant = [&](const std::string& name, const std::function<void(Json&)>& edit) {
    Json d = doc;
    edit(d);
    const std::string path = (tmp / name).string();
    write_file(path, d.dump());
    return path;
  };
  std::vector<std::string> bad = {
      (tmp / "missing.json").string(),
      tmp.path().string(),  // a directory
      variant("foreign.json", [](Json& d) { d["format"] = "chess-pgn"; }),
      variant("version.json", [](Json& d) { d["version"] = 2; }),
      variant("no_log.json", [](Json& d) { d.erase("log"); }),
      variant("bad_new.json", [](Json& d) { d["new"]["cols"] = 500; }),
      variant("unknown_unit.json", [](Json& d) { d["log"][9]["unit"] = "Nobody"; }),
      variant("illegal.json", [](Json& d) { d["log"][10]["path"] = Json::parse(R"(["0410"])"); }),
      variant("rolls.json",
              [](Json& d) {
                for (Json& e : d["log"])
                  if (e["kind"] == "attack") e["rolls"] = Json::parse("[6]");
              }),
      variant("snapshot.json", [](Json& d) { d["snapshot"]["vp"]["union"] = 99; }),
      variant("snapshot_unit.json", [](Json& d) { d["snapshot"]["units"][0]["hex"] = "0101"; }),
      variant("snapshot_units.json", [](Json& d) { d["snapshot"]["units"].erase(0); }),
      variant("kind.json", [](Json& d) { d["log"][0]["kind"] = "teleport"; }),
      variant("array.json", [](Json& d) { d = Json::array(); }),
  };
  const std::string truncated = (tmp / "truncated.json").string();
  write_file(truncated, text.substr(0, text.size() / 2));
  bad.push_back(truncated);
  const std::string junk = (tmp / "junk.json").string();
  write_file(junk, std::string("\x00\xff\xfe garbage", 12));
  bad.push_back(junk);

  // The current game is a different one, which each failed load must leave alone.
  ok(s, "new sandbox cols=6 rows=6 seed=3");
  ok(s, "unit Q union cav 3 0303");
  ok(s, "move Q 0304");
  const std::string before = s.handle_line("state");
  const size_t log_before = s.game()->log().size();
  for (const std::string& path : bad) {
    const Json r = s.handle("load " + path);
    EXPECT_FALSE(r.value("ok", true)) << path;
    EXPECT_FALSE(r.value("error", std::string()).empty()) << path;
    EXPECT_EQ(s.handle_line("state"), before) << path;
    EXPECT_EQ(s.game()->log().size(), log_before);
  }
  // And the intact file still loads, and so does one whose snapshot lacks
  // fields a later engine added to the view (an older save).
  ok(s, "load " + good);
  ok(s, "load " + variant("older.json", [](Json& d) {
          d["snapshot"].erase("victory");
          d["snapshot"]["units"][0].erase("moved");
        }));
}

TEST(ProtocolSaveLoad, SaveToAMissingDirectoryIsRefused) {
  EngineSession s;
  EXPECT_FALSE(s.handle("save /tmp/x.json")["ok"].get<bool>()) << "no game to save";
  ok(s, "new sandbox");
  const Json r = s.handle("save /nonexistent-bluegray-dir/x.json");
  EXPECT_FALSE(r["ok"].get<bool>());
  EXPECT_NE(r["error"].get<std::string>().find("cannot create"), std::string::npos);
}

// ---------------------------------------------------------------------------

// Thousands of random lines, garbage and near-commands alike: exactly one
// line of JSON with "ok" for each, and the session keeps working.
TEST(ProtocolFuzz, EveryLineGetsExactlyOneJsonReply) {
  TempDir tmp;
  std::mt19937 rng(20240611);
  auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
  };
  auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::vector<std::string> verbs = {
      "new",  "terrain", "hexside", "unit",    "dice",    "map",  "state", "reach",
      "move", "attack",  "preview", "retreat", "advance", "lose", "evade", "end",
      "help", "save",    "load",    "show",    "",        "quit!"};
  const std::vector<std::string> words = {"sandbox",
                                          "union",
                                          "confederate",
                                          "inf",
                                          "cav",
                                          "art",
                                          "stay",
                                          "none",
                                          "strategic",
                                          "odds=3-1",
                                          "odds=9-9",
                                          "displace=U1",
                                          "cols=6",
                                          "rows=7",
                                          "edition=dg2016",
                                          "options=cavalry-retreat",
                                          "seed=5",
                                          "forest",
                                          "rough",
                                          "road",
                                          "redoubt",
                                          "creek",
                                          "18446744073709551616",
                                          "-1",
                                          "0",
                                          "99",
                                          "U1",
                                          "U2",
                                          "C1",
                                          "C2",
                                          "U1,U2",
                                          "C1,C2",
                                          "0303,0404",
                                          "\xff\xfe",
                                          "\"",
                                          "\\",
                                          "{}",
                                          "[1,2]",
                                          "night=2",
                                          "turns=3"};
  auto hex = [&]() {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02d%02d", num(0, 9), num(0, 9));
    return std::string(buf);
  };
  EngineSession s;
  ok(s, "new sandbox cols=8 rows=8 turns=3");
  for (const char* line : {"unit U1 union inf 6 0404", "unit U2 union cav 3 0304",
                           "unit C1 confederate inf 4 0406", "unit C2 confederate art 3 0507"})
    ok(s, line);
  const int kLines = 4000;
  for (int i = 0; i < kLines; ++i) {
    std::string line;
    switch (num(0, 3)) {
      case 0: {  // binary junk
        const int n = num(0, 60);
        for (int k = 0; k < n; ++k) line += static_cast<char>(num(0, 255));
        break;
      }
      default: {  // a verb and plausible arguments
        line = pick(verbs);
        const int n = num(0, 5);
        for (int k = 0; k < n; ++k) line += " " + (num(0, 2) == 0 ? hex() : pick(words));
        break;
      }
    }
    if (line.rfind("save", 0) == 0 || line.rfind("load", 0) == 0)
      line = line.substr(0, 4) + " " + (tmp / "fuzz.json").string();
    const std::string reply = s.handle_line(line);
    ASSERT_EQ(reply.find('\n'), std::string::npos) << "reply to line " << i << " spans lines";
    const Json r = Json::parse(reply, nullptr, false);
    ASSERT_FALSE(r.is_discarded()) << reply;
    ASSERT_TRUE(r.is_object() && r.contains("ok") && r["ok"].is_boolean()) << reply;
    if (!r["ok"].get<bool>()) {
      ASSERT_TRUE(r["error"].is_string()) << reply;
    }
    if (s.game() && num(0, 200) == 0) {
      // Now and then, a fresh battle so play goes on past the first game over.
      ok(s, "new sandbox cols=8 rows=8 turns=3");
      for (const char* setup : {"unit U1 union inf 6 0404", "unit C1 confederate inf 4 0406"})
        ok(s, setup);
    }
  }
  EXPECT_TRUE(s.handle("state")["ok"].get<bool>());
}

// A long front line: more than 64 hexes owe attacks and more than 64 attack
// (the core once kept both lists in 64 slots).
TEST(ProtocolRobustness, LongFrontLineOfManyAttacks) {
  EngineSession s;
  ok(s, "new sandbox seed=9");
  std::vector<std::pair<std::string, std::string>> pairs;  // attacker id, defender hex
  for (int c : {2, 4, 6}) {
    for (int r = 1; r <= (c < 6 ? 28 : 14); ++r) {
      char hex[32], east[32];
      std::snprintf(hex, sizeof hex, "%02d%02d", c, r);
      std::snprintf(east, sizeof east, "%02d%02d", c + 1, r);
      const std::string u = "u" + std::string(hex), e = "c" + std::string(east);
      ok(s, "unit " + u + " union inf 3 " + hex);
      ok(s, "unit " + e + " confederate inf 3 " + east);
      pairs.emplace_back(u, east);
    }
  }
  ok(s, "end");
  const Json st = ok(s, "state");
  EXPECT_GT(st["obligations"]["attackers"].size(), 64u);
  EXPECT_GT(st["obligations"]["defenders"].size(), 64u);
  int attacks = 0;
  for (const auto& [u, east] : pairs) {
    ok(s, "dice 1");
    if (s.handle("attack " + u + " " + east)["ok"].get<bool>()) ++attacks;
    for (int i = 0; i < 6; ++i) {
      const Json now = s.handle("state");
      if (now["pending"].empty()) break;
      const Json& p = now["pending"][0];
      if (p["kind"] == "retreat") {
        s.handle("retreat " + p["unit"].get<std::string>() + " " +
                 (p["options"].empty() ? std::string("stay")
                                       : p["options"][0]["hex"].get<std::string>()));
      } else {
        s.handle("advance none");
      }
    }
    s.handle("state");
  }
  EXPECT_GT(attacks, 64);
  EXPECT_TRUE(s.handle("state")["ok"].get<bool>());
}

// ---------------------------------------------------------------------------

TEST(ProtocolText, PlayRendersRepliesAndTheBoard) {
  EngineSession s;
  ok(s, "new sandbox cols=10 rows=10");
  ok(s, "unit A union inf 13 0405");
  ok(s, "unit B confederate inf 4 0406");
  ok(s, "end");
  ok(s, "dice 4");
  const std::string line = "attack A 0406";
  const std::string text = render_text(line, s.handle(line));
  EXPECT_EQ(text.rfind("Combat 3-1 (computed 3-1, 13 against 4): die 4 -> Dr.", 0), 0u) << text;
  EXPECT_NE(text.find("Pending: retreat B ("), std::string::npos) << text;
  EXPECT_EQ(render_text("end", s.handle("end")).rfind("Refused: 7.0: a retreat decision", 0), 0u);
  const std::string board = render_board(*s.game());
  EXPECT_NE(board.find("U13"), std::string::npos) << board;
  EXPECT_NE(board.find("C4"), std::string::npos) << board;
  EXPECT_NE(board.find("0405: A (union inf 13)"), std::string::npos) << board;
  EXPECT_NE(render_text("state", s.handle("state")).find("Turn 1 of 20"), std::string::npos);
}

// The executable itself speaks the protocol on stdin/stdout.
TEST(ProtocolBinary, EngineSpeaksTheProtocol) {
  TempDir tmp;
  const fs::path script = tmp / "script.txt";
  write_file(script,
             "new sandbox cols=6 rows=6\n"
             "unit A union inf 5 0303\n"
             "\n"
             "garbage \x01\xff\n"
             "move A 0304\n"
             "state\n"
             "quit\n"
             "state\n");
  const std::string cmd =
      std::string("'") + BLUEGRAY_BINARY + "' engine < '" + script.string() + "' 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int status = ::pclose(pipe);
  EXPECT_EQ(status, 0);
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 7u) << out;  // nothing after quit
  EXPECT_EQ(lines[0].rfind(R"({"ok":true,"new":)", 0), 0u);
  EXPECT_EQ(lines[1], R"({"ok":true})");
  EXPECT_EQ(lines[2].rfind(R"({"ok":false,"error":)", 0), 0u);
  EXPECT_EQ(lines[3].rfind(R"({"ok":false,"error":"unknown command)", 0), 0u);
  EXPECT_EQ(lines[4], R"({"ok":true,"unit":"A","path":["0304"],"mp":1,"exited":false})");
  EXPECT_NE(lines[5].find(R"("hex":"0304")"), std::string::npos);
  EXPECT_EQ(lines[6], R"({"ok":true,"quit":true})");
}

// ---------------------------------------------------------------------------
// Reinforcements (15.0) and exits (17.1).

TEST(ProtocolParser, ReinforceExitHexEnterAndMoveExit) {
  auto r = parse_command("reinforce 1/2/V union cav 4 3 0101|0102|0103");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->verb, Verb::Reinforce);
  EXPECT_EQ(r->units, (std::vector<std::string>{"1/2/V"}));
  EXPECT_EQ(r->type, core::UnitType::Cavalry);
  EXPECT_EQ(r->strength, 4);
  EXPECT_EQ(r->turn, 3);
  ASSERT_EQ(r->hexes.size(), 3u);
  EXPECT_EQ(r->hexes[2], (core::HexCoord{1, 3}));
  auto x = parse_command("exit-hex 0117");
  ASSERT_TRUE(x.ok());
  EXPECT_EQ(x->verb, Verb::ExitHex);
  auto e = parse_command("enter R 0101 0102 exit");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->verb, Verb::Enter);
  EXPECT_TRUE(e->exit_map);
  EXPECT_EQ(e->hexes.size(), 2u);
  auto m = parse_command("move A 0405 0406 strategic exit");
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->strategic);
  EXPECT_TRUE(m->exit_map);
  auto only = parse_command("move A exit");
  ASSERT_TRUE(only.ok());
  EXPECT_TRUE(only->exit_map);
  EXPECT_TRUE(only->hexes.empty());
  EXPECT_FALSE(parse_command("move A 0405")->exit_map);
  for (const char* bad :
       {"reinforce R union inf 3 0 0101", "reinforce R union inf 3 2",
        "reinforce R union inf 3 2 0101 0102", "reinforce R union train 3 2 0101",
        "reinforce R union inf 3 2 0101|0102|0103|0104|0105", "reinforce R union inf 3 2 0101|",
        "exit-hex", "exit-hex 0101 0102", "exit-hex 11", "enter R", "enter R exit",
        "enter R 0101 strategic", "move A strategic exit", "move A", "move A exit exit"})
    EXPECT_FALSE(parse_command(bad).ok()) << bad;
}

TEST(ProtocolReinforcements, ReinforceEnterExitAndTheirJson) {
  EngineSession s;
  ok(s, "new sandbox cols=8 rows=8 turns=5");
  ok(s, "exit-hex 0405");
  EXPECT_FALSE(s.handle("exit-hex 0405")["ok"].get<bool>()) << "already an exit hex";
  EXPECT_FALSE(s.handle("exit-hex 0909")["ok"].get<bool>()) << "off the map";
  const Json map = ok(s, "map");
  EXPECT_EQ(map["named"], Json::parse(R"([{"name":"exit","hex":"0405","kind":"exit"}])"));
  ok(s, "reinforce R union cav 3 1 0101|0102");
  const Json late = s.handle("reinforce L union inf 3 6 0101");
  EXPECT_EQ(late["rule"], "reinforcement-arrival") << dump_line(late);
  EXPECT_FALSE(s.handle("reinforce L union inf 3 2 0101|0909")["ok"].get<bool>());
  ok(s, "unit A union inf 4 0404");
  ok(s, "unit B union inf 4 0202");
  Json st = ok(s, "state");
  EXPECT_EQ(st["units"][0]["status"], "off-map");
  EXPECT_TRUE(st["units"][0]["hex"].is_null());
  EXPECT_EQ(st["units"][0]["arrival"], 1);
  EXPECT_EQ(st["units"][0]["entry"], Json::parse(R"(["0101","0102"])"));
  EXPECT_FALSE(st["units"][1].contains("arrival"));
  EXPECT_FALSE(st["units"][1].contains("exit_hex"));
  EXPECT_NE(
      render_text("state", st).find("R: union cav 3 off-map (arrives on turn 1 by 0101 or 0102)"),
      std::string::npos)
      << render_text("state", st);

  const Json e = ok(s, "enter R 0102 0103");
  EXPECT_EQ(e["path"], Json::parse(R"(["0102","0103"])"));
  EXPECT_EQ(e["mp"], 2);
  EXPECT_EQ(e["exited"], false);
  EXPECT_EQ(render_text("enter R 0102 0103", e), "R enters by 0102 -> 0103 (2 MP).");

  // One hex and exit: the cheapest path there, then off the map.
  const Json m = ok(s, "move A 0405 exit");
  EXPECT_EQ(m["path"], Json::parse(R"(["0405"])"));
  EXPECT_EQ(m["mp"], 2);
  EXPECT_EQ(m["exited"], true);
  EXPECT_EQ(render_text("move A 0405 exit", m), "A moves 0405 and leaves the map (2 MP).");
  const Json b = s.handle("move B exit");
  EXPECT_EQ(b["rule"], "exit-at-exit-hex") << dump_line(b);
  st = ok(s, "state");
  EXPECT_EQ(st["units"][1]["status"], "exited");
  EXPECT_TRUE(st["units"][1]["hex"].is_null());
  EXPECT_EQ(st["units"][1]["exit_hex"], "0405");
  EXPECT_EQ(st["units"][0]["hex"], "0103");
  EXPECT_NE(render_text("state", st).find("A: union inf 4 exited by 0405"), std::string::npos);
  EXPECT_EQ(render_text("move V exit",
                        Json::parse(R"({"ok":true,"unit":"V","path":[],"mp":1,"exited":true})")),
            "V leaves the map (1 MP).");
}

}  // namespace
}  // namespace bg::protocol
