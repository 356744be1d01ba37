// Turn files (correspondence play): a two-seat game played by
// exchanging files. Each player holds a copy of the game (here: two servers
// on copies of one database, as two players' own servers or a player's and a
// public one would be); a player exports the turn played on its copy, the
// other imports it into theirs, and both copies stay the same game. Every
// tampering is refused with its reason and changes nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "protocol/turn_file.h"
#include "server_test_util.h"

namespace bg::test {
namespace {

using server::test::action;
using server::test::Json;
using server::test::Res;
using server::test::skirmish;
using server::test::temp_dir;
using server::test::TestServer;

struct Seats {
  std::string id, union_token, confederate_token, spectator_token;
  std::string path() const { return "/api/games/" + id; }
};

// Two servers holding copies of one new two-seat game: the Union player's
// and the Confederate player's.
struct TwoCopies {
  Seats g;
  std::unique_ptr<TestServer> blue, grey;
  TwoCopies() {
    const auto dir = temp_dir();
    const std::string blue_db = (dir / "blue.sqlite").string(),
                      grey_db = (dir / "grey.sqlite").string();
    {
      TestServer first(blue_db);
      Res r = first.post("/api/games", skirmish("two-seat"));
      EXPECT_EQ(r.status, 201) << r.body.dump();
      const Json& seats = r.body["seats"];
      g = {r.body["id"].get<std::string>(), seats["union"]["token"].get<std::string>(),
           seats["confederate"]["token"].get<std::string>(),
           seats["spectator"]["token"].get<std::string>()};
    }  // stopped: the database is whole in its file
    for (const char* ext : {"", "-wal", "-shm"})
      if (std::filesystem::exists(blue_db + ext))
        std::filesystem::copy_file(blue_db + ext, grey_db + ext);
    blue = std::make_unique<TestServer>(blue_db);
    grey = std::make_unique<TestServer>(grey_db);
  }
};

Json play(const TestServer& s, const Seats& g, const std::string& token, const Json& a) {
  Res r = s.post(g.path() + "/actions", action(a), token);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

Json export_file(const TestServer& s, const Seats& g, const std::string& token,
                 const std::string& query = "") {
  Res r = s.get(g.path() + "/turn-file" + query, token);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["file"];
}

// What both copies must agree on.
Json game_of(const TestServer& s, const Seats& g, const std::string& token) {
  Json v = s.get(g.path(), token).body;
  return Json{{"state", v["state"]}, {"log", v["log"]}};
}

TEST(ServerTurnFiles, AGameIsPlayedByExchangingTurnFiles) {
  TwoCopies c;
  const Seats& g = c.g;
  ASSERT_TRUE(c.blue->running() && c.grey->running());
  // The Union plays its turn on its own copy and exports it.
  play(*c.blue, g, g.union_token, {{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}});
  play(*c.blue, g, g.union_token, {{"kind", "end"}});
  EXPECT_EQ(play(*c.blue, g, g.union_token, {{"kind", "end"}})["to_act"], "confederate");
  const Json union_turn = export_file(*c.blue, g, g.union_token);
  EXPECT_EQ(union_turn["format"], "bluegray-turn-v1");
  EXPECT_EQ(union_turn["side"], "union");
  EXPECT_EQ(union_turn["actions"].size(), 3u);
  EXPECT_EQ(union_turn.dump().find(g.confederate_token), std::string::npos);
  EXPECT_EQ(union_turn.dump().find(g.union_token), std::string::npos);
  // The Confederate imports it into its copy: the same game on both.
  Res in = c.grey->post(g.path() + "/turn-file", union_turn, g.confederate_token);
  ASSERT_EQ(in.status, 200) << in.body.dump();
  EXPECT_EQ(in.body["imported"], 3);
  EXPECT_EQ(in.body["to_act"], "confederate");
  EXPECT_EQ(game_of(*c.grey, g, g.confederate_token), game_of(*c.blue, g, g.confederate_token));
  // ... plays its own turn there, and the Union imports that in turn.
  play(*c.grey, g, g.confederate_token, {{"kind", "move"}, {"unit", "D"}, {"path", {"0808"}}});
  play(*c.grey, g, g.confederate_token, {{"kind", "end"}});
  play(*c.grey, g, g.confederate_token, {{"kind", "end"}});
  Res back = c.blue->post(g.path() + "/turn-file", export_file(*c.grey, g, g.confederate_token),
                          g.union_token);
  ASSERT_EQ(back.status, 200) << back.body.dump();
  EXPECT_EQ(game_of(*c.grey, g, g.union_token), game_of(*c.blue, g, g.union_token));
  // A file imported once is refused the second time (replayed).
  Res again = c.grey->post(g.path() + "/turn-file", union_turn, g.confederate_token);
  EXPECT_EQ(again.status, 409);
  EXPECT_NE(again.body["error"].get<std::string>().find("imported before"), std::string::npos)
      << again.body.dump();
  // Only a side's seat exports, and only its own actions.
  EXPECT_EQ(c.blue->get(g.path() + "/turn-file", g.spectator_token).status, 403);
  EXPECT_EQ(c.blue->get(g.path() + "/turn-file?from=0", g.union_token).status, 409);
  EXPECT_EQ(c.blue->get(g.path() + "/turn-file?from=x", g.union_token).status, 400);
}

// Each kind of tampering is refused with its reason, and the game is left
// exactly as it was; the genuine files are then accepted, in order.
TEST(ServerTurnFiles, TamperedWrongGameReplayedAndOutOfOrderFilesAreRefused) {
  TwoCopies c;
  const Seats& g = c.g;
  ASSERT_TRUE(c.blue->running() && c.grey->running());
  play(*c.blue, g, g.union_token, {{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}});
  const Json first = export_file(*c.blue, g, g.union_token);
  play(*c.blue, g, g.union_token, {{"kind", "end"}});
  const Json second = export_file(*c.blue, g, g.union_token, "?from=" + first["to"].dump());
  ASSERT_EQ(second["actions"].size(), 1u);
  const Json before = game_of(*c.grey, g, g.confederate_token);
  auto refused = [&](const Json& file, int status, const std::string& words) {
    const Json was = game_of(*c.grey, g, g.confederate_token);
    Res r = c.grey->post(g.path() + "/turn-file", file, g.confederate_token);
    EXPECT_EQ(r.status, status) << r.body.dump();
    EXPECT_EQ(r.body["ok"], false);
    EXPECT_NE(r.body.value("error", "").find(words), std::string::npos) << r.body.dump();
    EXPECT_EQ(game_of(*c.grey, g, g.confederate_token), was);
  };
  // Out of order: the second file before the first.
  refused(second, 409, "a file before it is missing");
  // An edited action (the chain no longer ends at the file's head).
  Json edited = first;
  edited["actions"][0]["path"] = Json::array({"0305"});
  refused(edited, 422, "changed after the file was made");
  // Edited and the head recomputed, without the Union's key: the signature fails.
  Json rehashed = edited;
  rehashed["head"] =
      protocol::turn_chain_next(edited["base"].get<std::string>(), edited["actions"][0]);
  refused(rehashed, 403, "signature does not match");
  // Signed as the other side: the Confederate's key does not make a Union file.
  Json forged = rehashed;
  forged["mac"] = protocol::turn_file_mac(g.confederate_token, forged);
  refused(forged, 403, "signature does not match");
  // Another game's file.
  Json elsewhere = first;
  elsewhere["game"] = "0123456789abcdef";
  refused(elsewhere, 409, "is for game 0123456789abcdef");
  // Signed by the Union's own key but illegal: the engine refuses the move.
  Json illegal = first;
  illegal["actions"][0]["path"] =
      Json::array({"0304", "0305", "0306", "0307", "0308", "0309", "0310"});
  illegal["head"] =
      protocol::turn_chain_next(illegal["base"].get<std::string>(), illegal["actions"][0]);
  illegal["mac"] = protocol::turn_file_mac(g.union_token, illegal);
  Res r = c.grey->post(g.path() + "/turn-file", illegal, g.confederate_token);
  EXPECT_EQ(r.status, 422) << r.body.dump();
  EXPECT_TRUE(r.body.contains("rule")) << r.body.dump();
  EXPECT_EQ(r.body["action"], first["from"]);
  EXPECT_EQ(game_of(*c.grey, g, g.confederate_token), before);
  // Not a turn file at all.
  refused(Json{{"format", "something-else"}}, 400, "not a turn file");
  // The genuine files, in order.
  ASSERT_EQ(c.grey->post(g.path() + "/turn-file", first, g.confederate_token).status, 200);
  refused(first, 409, "imported before");
  ASSERT_EQ(
      c.grey->post(g.path() + "/turn-file", Json{{"file", second}}, g.confederate_token).status,
      200);
  EXPECT_EQ(game_of(*c.grey, g, g.union_token), game_of(*c.blue, g, g.union_token));
}

}  // namespace
}  // namespace bg::test
