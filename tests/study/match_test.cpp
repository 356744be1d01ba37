// `bluegray match`, end to end: the referee drives two real `bluegray engine`
// processes over the protocol and they play exactly the games the tournament
// plays; an engine that answers garbage or an illegal action forfeits.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>

#include "protocol/command_parser.h"
#include "protocol/game_setup.h"
#include "study/tournament.h"
#include "temp_dir.h"

namespace bg::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream o;
  o << in.rdbuf();
  return o.str();
}

// Runs `bluegray match` with the two engine commands; its results.json.
Json match(const std::string& name, const std::string& a, const std::string& b, int games,
           int* rc = nullptr, const std::string& timeout = "30") {
  const fs::path out = bg::test::fresh_temp_dir("bluegray_match_" + name);
  const std::string cmd = std::string(BLUEGRAY_BINARY) + " match --union \"" + a +
                          "\" --confederate \"" + b + "\" --games " + std::to_string(games) +
                          " --seed 5 --timeout " + timeout + " --quiet --out " + out.string() +
                          " > /dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  if (rc) *rc = status;
  EXPECT_EQ(status, 0) << cmd;
  return Json::parse(read(out / "results.json"), nullptr, false);
}

TEST(Match, TwoEnginesPlayTheTournamentsGamesOverTheProtocol) {
  const std::string engine = std::string(BLUEGRAY_BINARY) + " engine --player ai-easy";
  const Json r = match("engines", engine, engine, 2);
  ASSERT_FALSE(r.is_discarded());
  ASSERT_EQ(r["games"].size(), 2u);
  EXPECT_EQ(r["summary"]["forfeits"]["A"], 0);
  EXPECT_EQ(r["summary"]["forfeits"]["B"], 0);
  EXPECT_EQ(r["summary"]["errors"], 0);
  // Paired seeds: one seed, A the Union first, then B.
  EXPECT_EQ(r["games"][0]["seed"], r["games"][1]["seed"]);
  EXPECT_EQ(r["games"][0]["union"], "A");
  EXPECT_EQ(r["games"][1]["union"], "B");
  // The same game as `bluegray tournament` plays in-process with that seed.
  study::TournamentSpec spec;
  spec.union_player = spec.confederate_player = "ai-easy";
  spec.seed = 5;
  spec.make_game = [](uint64_t seed) {
    auto c = protocol::parse_command("new road-to-richmond edition=spi1977");
    protocol::NewParams p = c->params;
    p.seed = seed;
    return protocol::make_game(p);
  };
  const study::GameResult t = study::play_match_game(spec, 0);
  for (const Json& g : r["games"]) {
    EXPECT_EQ(g["seed"], t.seed);
    EXPECT_EQ(g["vp"][0], t.vp[0]);
    EXPECT_EQ(g["vp"][1], t.vp[1]);
    EXPECT_EQ(g["actions"], t.actions);
    EXPECT_EQ(g["turn"], 20);
  }
}

TEST(Match, AnEngineAnsweringGarbageOrIllegalActionsForfeits) {
  const fs::path dir = bg::test::fresh_temp_dir("bluegray_match_broken");
  // Garbage to every line.
  const fs::path garbage = dir / "garbage.sh";
  std::ofstream(garbage) << "#!/bin/sh\nwhile read line; do echo 'hello, referee'; done\n";
  // Says yes to everything, and moves a unit that does not exist.
  const fs::path illegal = dir / "illegal.sh";
  std::ofstream(illegal) << "#!/bin/sh\nwhile read line; do\n"
                            "  case \"$line\" in quit) exit 0;; esac\n"
                            "  echo '{\"ok\":true,\"command\":\"move Nobody 0101\"}'\n"
                            "done\n";
  const std::string engine = std::string(BLUEGRAY_BINARY) + " engine --player ai-easy";
  for (const auto& [name, script, why] :
       {std::tuple<std::string, fs::path, std::string>{"garbage", garbage, "not JSON"},
        {"illegal", illegal, "illegal action 'move Nobody 0101': unknown unit"}}) {
    const Json r = match(name, engine, "sh " + script.string(), 2);
    ASSERT_FALSE(r.is_discarded()) << name;
    EXPECT_EQ(r["summary"]["A"]["wins"], 2) << name;
    EXPECT_EQ(r["summary"]["forfeits"]["B"], 2) << name;
    EXPECT_EQ(r["summary"]["forfeits"]["A"], 0) << name;
    for (const Json& g : r["games"]) {
      ASSERT_TRUE(g.contains("forfeit")) << name;
      const std::string reason = g["forfeit"]["why"];
      EXPECT_EQ(reason.rfind("B (", 0), 0u) << reason;
      EXPECT_NE(reason.find(why), std::string::npos) << reason;
    }
    if (name == "illegal") {
      // As the Confederate it forfeits at once (the Confederate moves first);
      // as the Union at its first action, after A's Game-Turn One was fed to it.
      EXPECT_EQ(r["games"][0]["actions"], 0);
      EXPECT_GT(r["games"][1]["actions"], 0);
    }
  }
}

// An engine that never answers loses by the clock, and one that is not there
// at all (exits at once) forfeits too; the match itself goes on.
TEST(Match, ASilentOrMissingEngineForfeitsAndTheMatchGoesOn) {
  const std::string engine = std::string(BLUEGRAY_BINARY) + " engine --player ai-easy";
  const Json silent = match("silent", "sleep 30", engine, 2, nullptr, "0.5");
  ASSERT_FALSE(silent.is_discarded());
  EXPECT_EQ(silent["summary"]["forfeits"]["A"], 2);
  EXPECT_NE(silent["games"][0]["forfeit"]["why"].get<std::string>().find("no answer within"),
            std::string::npos);
  const Json missing = match("missing", "exit 3", engine, 2);
  ASSERT_FALSE(missing.is_discarded());
  EXPECT_EQ(missing["summary"]["forfeits"]["A"], 2);
  EXPECT_EQ(missing["summary"]["B"]["wins"], 2);
}

TEST(Match, RefusesAnOddNumberOfGames) {
  const std::string cmd = std::string(BLUEGRAY_BINARY) +
                          " match --union x --confederate y --games 3 --quiet > /dev/null 2>&1";
  EXPECT_NE(std::system(cmd.c_str()), 0);
}

}  // namespace
}  // namespace bg::test
