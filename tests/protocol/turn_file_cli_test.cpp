// Turn files without a server (docs/server.md, "Turn files"): `bluegray
// turn-file export` prints a player's actions from a save file as a turn
// file; `bluegray turn-file import` checks the other player's file against
// their own save file (game, history, signature when the sender's token is
// given, every action legal and rolling the same dice) and writes the save
// on, or refuses it and leaves the save exactly as it was.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "protocol/action_json.h"
#include "protocol/save_file.h"
#include "protocol/turn_file.h"
#include "server_test_util.h"

namespace bg::test {
namespace {

using protocol::Json;

const std::string kGame = "0123456789abcdef";
const std::string kUnionToken = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The skirmish of the server tests, set up, as a save file; then `union_moves`
// played on it.
void write_game(const std::filesystem::path& path, bool union_moves) {
  const Json body = server::test::skirmish("two-seat");
  auto params = protocol::new_params_from_json(body["new"]);
  ASSERT_TRUE(params) << params.error().message;
  auto g = protocol::make_game(*params);
  ASSERT_TRUE(g) << g.error().message;
  auto play = [&](const Json& aj) {
    auto a = protocol::action_from_json(*g, aj);
    ASSERT_TRUE(a) << a.error().message;
    ASSERT_TRUE(g->apply(*a)) << aj.dump();
  };
  for (const Json& a : body["setup"]) play(a);
  if (union_moves) {
    play(Json{{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}});
    play(Json{{"kind", "end"}});
    play(Json{{"kind", "end"}});
  }
  ASSERT_TRUE(protocol::write_save(path.string(), protocol::save_json(*g, *params)));
}

int run(const std::string& args, const std::filesystem::path& out) {
  const std::string cmd =
      std::string(BLUEGRAY_BINARY) + " turn-file " + args + " > " + out.string() + " 2>&1";
  const int rc = std::system(cmd.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

TEST(TurnFileCli, ATurnExportedFromOneSaveImportsIntoTheOthersAndTamperingIsRefused) {
  const auto dir = server::test::temp_dir();
  const auto blue = dir / "blue.json", grey = dir / "grey.json";
  write_game(blue, true);
  write_game(grey, false);
  const std::string q = " --game " + kGame;
  ASSERT_EQ(
      run("export " + blue.string() + q + " --side union --token " + kUnionToken + " --from 5",
          dir / "turn.json"),
      0)
      << slurp(dir / "turn.json");
  const Json file = Json::parse(slurp(dir / "turn.json"));
  EXPECT_EQ(file["actions"].size(), 3u);
  EXPECT_EQ(file["mac"], protocol::turn_file_mac(kUnionToken, file));

  // Tampered: an edited move. Refused, and the save not touched.
  Json edited = file;
  edited["actions"][0]["path"] = Json::array({"0305"});
  std::ofstream(dir / "edited.json") << edited.dump();
  const std::string before = slurp(grey);
  EXPECT_EQ(
      run("import " + grey.string() + " " + (dir / "edited.json").string() + q, dir / "out.txt"),
      1);
  EXPECT_NE(slurp(dir / "out.txt").find("changed after the file was made"), std::string::npos)
      << slurp(dir / "out.txt");
  EXPECT_EQ(slurp(grey), before);
  // Another game's id.
  EXPECT_EQ(run("import " + grey.string() + " " + (dir / "turn.json").string() +
                    " --game fedcba9876543210",
                dir / "out.txt"),
            1);
  EXPECT_NE(slurp(dir / "out.txt").find("is for game"), std::string::npos);
  // The sender's token given but not the one that signed.
  EXPECT_EQ(run("import " + grey.string() + " " + (dir / "turn.json").string() + q + " --token " +
                    std::string(32, 'b'),
                dir / "out.txt"),
            1);
  EXPECT_NE(slurp(dir / "out.txt").find("signature does not match"), std::string::npos);
  EXPECT_EQ(slurp(grey), before);

  // The genuine file: both saves now hold the same game.
  ASSERT_EQ(run("import " + grey.string() + " " + (dir / "turn.json").string() + q + " --token " +
                    kUnionToken,
                dir / "out.txt"),
            0)
      << slurp(dir / "out.txt");
  EXPECT_EQ(Json::parse(slurp(grey))["log"], Json::parse(slurp(blue))["log"]);
  // Replayed: refused.
  EXPECT_EQ(
      run("import " + grey.string() + " " + (dir / "turn.json").string() + q, dir / "out.txt"), 1);
  EXPECT_NE(slurp(dir / "out.txt").find("imported before"), std::string::npos);
}

}  // namespace
}  // namespace bg::test
