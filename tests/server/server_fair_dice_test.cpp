// Fair dice through the server API (docs/server.md, "Fair dice"): the
// commitment at creation, both seats' contributions before play, the seed
// revealed at the end or at both seats' request, and the downloaded save
// proved by verify.
#include <gtest/gtest.h>

#include "core/fair_dice.h"
#include "protocol/fair_dice_save.h"
#include "server_test_util.h"

namespace {

using namespace bg::server::test;
using bg::protocol::verify_save;

struct FairGame {
  std::string id, union_token, confederate_token, spectator_token, commitment;
  std::string path() const { return "/api/games/" + id; }
};

FairGame create_fair(const TestServer& s, Json body) {
  body["fair_dice"] = true;
  Res r = s.post("/api/games", body);
  EXPECT_EQ(r.status, 201) << r.body.dump();
  FairGame g;
  g.id = r.body.value("id", "");
  g.union_token = r.body["seats"]["union"]["token"];
  g.confederate_token = r.body["seats"]["confederate"]["token"];
  g.spectator_token = r.body["seats"]["spectator"]["token"];
  g.commitment = r.body["fair_dice"]["commitment"];
  EXPECT_TRUE(r.body["fair_dice"]["seed"].is_null()) << "the seed stays secret";
  return g;
}

Res act(const TestServer& s, const FairGame& g, const Json& a, const std::string& token) {
  return s.post(g.path() + "/actions", action(a), token);
}

TEST(ServerFairDice, CreateContributePlayRevealDownloadAndVerify) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const FairGame g = create_fair(s, skirmish("two-seat"));
  ASSERT_EQ(g.commitment.size(), 64u);
  const Json view0 = s.get(g.path(), g.spectator_token).body;
  EXPECT_EQ(view0["fair_dice"]["commitment"], g.commitment);
  EXPECT_TRUE(view0["fair_dice"]["seed"].is_null());
  EXPECT_EQ(view0.dump().find(g.commitment), view0.dump().rfind(g.commitment))
      << "the commitment appears once; nothing else about the seed";

  // No play before both contributions.
  const Json move = {{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}};
  Res early = act(s, g, move, g.union_token);
  EXPECT_EQ(early.status, 409) << early.body.dump();
  EXPECT_NE(early.body["error"].get<std::string>().find("both seats must contribute"),
            std::string::npos);
  EXPECT_EQ(s.post(g.path() + "/contribute", Json{{"seed", "x"}}, g.spectator_token).status, 403);
  EXPECT_EQ(s.post(g.path() + "/contribute", Json{{"seed", "not ok"}}, g.union_token).status, 400);
  ASSERT_EQ(s.post(g.path() + "/contribute", Json{{"seed", "u-7f3a"}}, g.union_token).status, 200);
  EXPECT_EQ(s.post(g.path() + "/contribute", Json{{"seed", "other"}}, g.union_token).status, 409)
      << "a contribution cannot change";
  EXPECT_EQ(act(s, g, move, g.union_token).status, 409) << "still one contribution missing";
  Res c = s.post(g.path() + "/contribute", Json{{"seed", "c-91be"}}, g.confederate_token);
  ASSERT_EQ(c.status, 200) << c.body.dump();
  EXPECT_EQ(c.body["fair_dice"]["contributions"]["union"], "u-7f3a");

  // Play: a move (taken back with consent, which replays the game on the
  // committed die) and an attack that rolls it.
  ASSERT_EQ(act(s, g, {{"kind", "move"}, {"unit", "A"}, {"path", {"0404"}}}, g.union_token).status,
            200);
  ASSERT_EQ(s.post(g.path() + "/undo", Json::object(), g.union_token).status, 200);
  Res undone = s.post(g.path() + "/undo", Json{{"answer", "accept"}}, g.confederate_token);
  ASSERT_EQ(undone.status, 200) << undone.body.dump();
  ASSERT_EQ(act(s, g, move, g.union_token).status, 200);
  ASSERT_EQ(act(s, g, {{"kind", "end"}}, g.union_token).status, 200);
  Res attack =
      act(s, g, {{"kind", "attack"}, {"units", {"A"}}, {"hexes", {"0406"}}}, g.union_token);
  ASSERT_EQ(attack.status, 200) << attack.body.dump();
  const int die = attack.body["die"];
  EXPECT_EQ(s.get(g.path() + "/save", g.union_token).status, 409) << "not before the reveal";

  // The game survives a restart with its committed dice.
  const std::string db = s.db();
  s.stop();
  TestServer again(db);
  ASSERT_TRUE(again.running());
  EXPECT_EQ(again.get(g.path(), g.union_token).body["fair_dice"]["commitment"], g.commitment);

  // Both seats ask for the seed: one is not enough.
  Res one = again.post(g.path() + "/reveal", Json::object(), g.union_token);
  ASSERT_EQ(one.status, 200) << one.body.dump();
  EXPECT_TRUE(one.body["fair_dice"]["seed"].is_null());
  EXPECT_EQ(one.body["fair_dice"]["reveal_requested"]["union"], true);
  EXPECT_EQ(again.post(g.path() + "/reveal", Json::object(), g.spectator_token).status, 403);
  Res both = again.post(g.path() + "/reveal", Json::object(), g.confederate_token);
  ASSERT_EQ(both.status, 200);
  const std::string seed = both.body["fair_dice"]["seed"];
  EXPECT_EQ(bg::core::to_hex(bg::core::sha256(*bg::core::digest_from_hex(seed))), g.commitment);
  // The die the attack rolled is the seed's first roll.
  EXPECT_EQ(die, bg::core::fair_roll(
                     bg::core::dice_key(*bg::core::digest_from_hex(seed), "u-7f3a", "c-91be"), 0));
  // A revealed seed closes the game: every later roll would be known.
  Res closed = again.post(g.path() + "/actions", action({{"kind", "end"}}), g.confederate_token);
  EXPECT_EQ(closed.status, 409);

  Res save = again.get(g.path() + "/save", g.spectator_token);
  ASSERT_EQ(save.status, 200) << save.body.dump();
  EXPECT_EQ(save.body["fair_dice"]["seed"], seed);
  const bg::protocol::Verdict v = verify_save(save.body);
  EXPECT_TRUE(v.ok) << v.message;
  EXPECT_NE(v.message.find("all 1 rolls follow"), std::string::npos) << v.message;
}

// The seed's first roll, once both seats have asked for the seed.
int first_committed_roll(const TestServer& s, const FairGame& g, const std::string& u,
                         const std::string& c) {
  EXPECT_EQ(s.post(g.path() + "/reveal", Json::object(), g.union_token).status, 200);
  Res r = s.post(g.path() + "/reveal", Json::object(), g.confederate_token);
  const std::string seed = r.body["fair_dice"]["seed"];
  return bg::core::fair_roll(bg::core::dice_key(*bg::core::digest_from_hex(seed), u, c), 0);
}

TEST(ServerFairDice, AnUndoReplaysTheGameOnTheCommittedDie) {
  // Each game is one attack: its die matches the seed's by luck one time in
  // six if the replay lost the key, so four games leave 1 in 1296.
  TestServer s;
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    const FairGame g = create_fair(s, skirmish("two-seat"));
    const std::string u = "u" + std::to_string(i), c = "c" + std::to_string(i);
    ASSERT_EQ(s.post(g.path() + "/contribute", Json{{"seed", u}}, g.union_token).status, 200);
    ASSERT_EQ(s.post(g.path() + "/contribute", Json{{"seed", c}}, g.confederate_token).status, 200);
    ASSERT_EQ(
        act(s, g, {{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}}, g.union_token)
            .status,
        200);
    ASSERT_EQ(s.post(g.path() + "/undo", Json::object(), g.union_token).status, 200);
    ASSERT_EQ(s.post(g.path() + "/undo", Json{{"answer", "accept"}}, g.confederate_token).status,
              200);
    ASSERT_EQ(
        act(s, g, {{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}}, g.union_token)
            .status,
        200);
    ASSERT_EQ(act(s, g, {{"kind", "end"}}, g.union_token).status, 200);
    Res attack =
        act(s, g, {{"kind", "attack"}, {"units", {"A"}}, {"hexes", {"0406"}}}, g.union_token);
    ASSERT_EQ(attack.status, 200) << attack.body.dump();
    EXPECT_EQ(attack.body["die"].get<int>(), first_committed_roll(s, g, u, c));
  }
}

TEST(ServerFairDice, TheSeedIsShownWhenTheGameEnds) {
  TestServer s;
  Json body = skirmish("two-seat");
  body["new"]["turns"] = 2;  // R arrives on turn 2
  const FairGame g = create_fair(s, body);
  ASSERT_EQ(s.post(g.path() + "/contribute", Json{{"seed", "aa"}}, g.union_token).status, 200);
  ASSERT_EQ(s.post(g.path() + "/contribute", Json{{"seed", "bb"}}, g.confederate_token).status,
            200);
  // Units apart, nothing owed: eight phases end the game.
  std::string to_act = "union";
  for (int i = 0; i < 8; ++i) {
    Res r = act(s, g, {{"kind", "end"}}, to_act == "union" ? g.union_token : g.confederate_token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    if (r.body["to_act"].is_string()) to_act = r.body["to_act"];
  }
  const Json view = s.get(g.path(), g.union_token).body;
  ASSERT_EQ(view["state"]["phase"], "over");
  ASSERT_TRUE(view["fair_dice"]["seed"].is_string());
  EXPECT_EQ(view["fair_dice"]["revealed"], true);
  Res save = s.get(g.path() + "/save", g.confederate_token);
  ASSERT_EQ(save.status, 200);
  EXPECT_TRUE(verify_save(save.body).ok) << verify_save(save.body).message;
}

TEST(ServerFairDice, OnlyTwoSeatGamesHaveThemAndOtherGamesAreUnchanged) {
  TestServer s;
  Json hot = skirmish("hotseat");
  hot["fair_dice"] = true;
  EXPECT_EQ(s.post("/api/games", hot).status, 400);
  hot["fair_dice"] = "yes";
  EXPECT_EQ(s.post("/api/games", hot).status, 400);
  Res plain = s.post("/api/games", skirmish("two-seat"));
  ASSERT_EQ(plain.status, 201);
  EXPECT_FALSE(plain.body.contains("fair_dice"));
  const std::string path = "/api/games/" + plain.body["id"].get<std::string>();
  const std::string token = plain.body["seats"]["union"]["token"];
  EXPECT_TRUE(s.get(path, token).body["fair_dice"].is_null());
  EXPECT_EQ(s.post(path + "/contribute", Json{{"seed", "a"}}, token).status, 409);
  // Play goes on at once, as before.
  EXPECT_EQ(s.post(path + "/actions", action({{"kind", "end"}}), token).status, 200);
}

}  // namespace
