// Replay and analysis through the server: the position after any
// number of actions, a branch into a new hot-seat game, a hint at a replayed
// position, a save file exported and imported, and what each refuses: bad
// input, damaged files, and the other side's secret decisions while the game
// goes on.
#include <gtest/gtest.h>

#include <string>

#include "server_test_util.h"

namespace {

using bg::server::test::action;
using bg::server::test::Json;
using bg::server::test::Res;
using bg::server::test::skirmish;
using bg::server::test::TestServer;

struct Game {
  std::string id, union_token, confederate_token, spectator_token, hotseat_token;
  std::string path() const { return "/api/games/" + id; }
};

Game made(const Res& r) {
  EXPECT_EQ(r.status, 201) << r.body.dump();
  Game g;
  g.id = r.body.value("id", "");
  const Json& seats = r.body["seats"];
  auto token = [&](const char* seat) {
    return seats.contains(seat) ? seats[seat]["token"].get<std::string>() : std::string();
  };
  g.union_token = token("union");
  g.confederate_token = token("confederate");
  g.spectator_token = token("spectator");
  g.hotseat_token = token("hotseat");
  return g;
}

Game create(const TestServer& s, const Json& body) {
  return made(s.post("/api/games", body));
}

// A skirmish at one screen played a little: a move, the end of the Movement
// Phase, an attack and whatever it asks. Returns the hot seat's view after
// each action (views[k]: after k actions).
std::vector<Json> play_a_little(const TestServer& s, const Game& g) {
  std::vector<Json> views;
  auto look = [&] { views.push_back(s.get(g.path(), g.hotseat_token).body); };
  look();
  const std::string acts = g.path() + "/actions";
  auto send = [&](const Json& a) {
    Res r = s.post(acts, action(a), g.hotseat_token);
    EXPECT_EQ(r.status, 200) << r.body.dump();
    look();
  };
  send({{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}});
  send({{"kind", "end"}});
  send({{"kind", "attack"}, {"units", {"A"}}, {"hexes", {"0406"}}});
  return views;
}

std::string hex_of(const Json& state, const std::string& unit) {
  for (const Json& u : state["units"])
    if (u["id"] == unit) return u["hex"].is_string() ? u["hex"].get<std::string>() : "";
  return "";
}

TEST(ServerReplay, EveryStepIsThePositionThePlayersSawThen) {
  TestServer s;
  const Game g = create(s, skirmish("hotseat"));
  const std::vector<Json> views = play_a_little(s, g);
  const size_t first = views.front()["log"].size();  // the set-up's actions
  for (size_t k = 0; k < views.size(); ++k) {
    const size_t at = first + k;
    Res r = s.get(g.path() + "/replay?at=" + std::to_string(at), g.hotseat_token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["at"], at);
    EXPECT_EQ(r.body["actions"], views.back()["log"].size());
    EXPECT_EQ(r.body["state"], views[k]["state"]) << "after " << at << " actions";
    EXPECT_EQ(r.body["ui"], views[k]["ui"]);
  }
  // The move is there at its step, not before.
  EXPECT_EQ(
      hex_of(s.get(g.path() + "/replay?at=" + std::to_string(first), g.hotseat_token).body["state"],
             "A"),
      "0403");
  EXPECT_EQ(hex_of(s.get(g.path() + "/replay?at=" + std::to_string(first + 1), g.hotseat_token)
                       .body["state"],
                   "A"),
            "0405");
  // The spectator replays too; nobody without a token does.
  EXPECT_EQ(s.get(g.path() + "/replay?at=0", g.spectator_token).status, 200);
  EXPECT_EQ(s.get(g.path() + "/replay?at=0").status, 401);
  // Bad positions are refused with the reason.
  for (const char* bad : {"", "x", "-1", "1e3", "99999", "12345678901234567890"})
    EXPECT_EQ(s.get(g.path() + "/replay?at=" + bad, g.hotseat_token).status, 400) << bad;
  EXPECT_EQ(s.get(g.path() + "/replay", g.hotseat_token).status, 400);
}

TEST(ServerReplay, ABranchIsANewHotSeatGameAtThatPositionAndTheOriginalIsUnchanged) {
  TestServer s;
  const Game g = create(s, skirmish("two-seat"));
  const std::string acts = g.path() + "/actions";
  ASSERT_EQ(s.post(acts, action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}}),
                   g.union_token)
                .status,
            200);
  ASSERT_EQ(s.post(acts, action({{"kind", "end"}}), g.union_token).status, 200);
  const Json before = s.get(g.path(), g.union_token).body;
  const size_t at = before["log"].size() - 1;  // the move made, the phase not ended

  Res r = s.post(g.path() + "/branch", Json{{"at", at}}, g.union_token);
  const Game b = made(r);
  EXPECT_EQ(r.body["mode"], "hotseat");
  EXPECT_EQ(r.body["branched_from"]["id"], g.id);
  EXPECT_EQ(r.body["branched_from"]["at"], at);
  ASSERT_FALSE(b.hotseat_token.empty());
  const Json branch = s.get(b.path(), b.hotseat_token).body;
  EXPECT_EQ(branch["log"].size(), at);
  EXPECT_EQ(branch["state"],
            s.get(g.path() + "/replay?at=" + std::to_string(at), g.union_token).body["state"]);
  EXPECT_EQ(branch["state"]["phase"], "movement");
  EXPECT_EQ(hex_of(branch["state"], "A"), "0405");
  // Playable: what the original did next may be done differently here.
  Res moved =
      s.post(b.path() + "/actions", action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}),
             b.hotseat_token);
  EXPECT_EQ(moved.status, 200) << moved.body.dump();
  // The original game is as it was.
  EXPECT_EQ(s.get(g.path(), g.union_token).body["log"], before["log"]);
  EXPECT_EQ(s.get(g.path(), g.union_token).body["state"], before["state"]);

  for (const Json& bad : {Json::object(), Json{{"at", -1}}, Json{{"at", "3"}}, Json{{"at", 1.5}},
                          Json{{"at", 100000}}, Json::array()})
    EXPECT_EQ(s.post(g.path() + "/branch", bad, g.union_token).status, 400) << bad.dump();
  EXPECT_EQ(s.post(g.path() + "/branch", std::string("{nope"), g.union_token).status, 400);
  EXPECT_EQ(s.post(g.path() + "/branch", Json{{"at", 0}}).status, 401);
}

// Road to Richmond's written choice (17.6) is the Confederate's secret: a
// Union seat's replay never shows it, and no branch, save file or hint at
// another side's position hands it to the Union or the spectator while the
// game goes on.
TEST(ServerReplay, NeitherAReplayNorABranchNorASaveRevealsTheOtherSidesSecret) {
  TestServer s;
  const Json rtr = {{"title", "road-to-richmond"}, {"exclusive", "revised"}, {"seed", 5}};
  const Game g = create(s, Json{{"new", rtr}, {"mode", "two-seat"}});
  const Json hold = action({{"kind", "scenario"}, {"unit", "Pickett"}, {"value", 18}});
  ASSERT_EQ(s.post(g.path() + "/actions", hold, g.confederate_token).status, 200);

  const Json union_view = s.get(g.path(), g.union_token).body;
  const Json conf_view = s.get(g.path(), g.confederate_token).body;
  ASSERT_NE(union_view["state"], conf_view["state"]);  // the choice shows on one side only
  EXPECT_EQ(s.get(g.path() + "/replay?at=1", g.union_token).body["state"], union_view["state"]);
  EXPECT_EQ(s.get(g.path() + "/replay?at=1", g.union_token).body["ui"], union_view["ui"]);
  EXPECT_EQ(s.get(g.path() + "/replay?at=1", g.confederate_token).body["state"],
            conf_view["state"]);
  EXPECT_EQ(s.get(g.path() + "/replay?at=1", g.spectator_token).body["state"], union_view["state"]);

  const size_t games = s.get("/api/games").body["games"].size();
  EXPECT_EQ(s.post(g.path() + "/branch", Json{{"at", 1}}, g.union_token).status, 403);
  EXPECT_EQ(s.post(g.path() + "/branch", Json{{"at", 1}}, g.spectator_token).status, 403);
  EXPECT_EQ(s.get(g.path() + "/save", g.union_token).status, 403);
  EXPECT_EQ(s.get(g.path() + "/save", g.spectator_token).status, 403);
  EXPECT_EQ(s.get("/api/games").body["games"].size(), games);  // nothing made
  // Before the choice, or by the side that made it, a branch is fine.
  EXPECT_EQ(s.post(g.path() + "/branch", Json{{"at", 0}}, g.union_token).status, 201);
  EXPECT_EQ(s.post(g.path() + "/branch", Json{{"at", 1}}, g.confederate_token).status, 201);
  Res own = s.get(g.path() + "/save", g.confederate_token);
  ASSERT_EQ(own.status, 200) << own.body.dump();
  EXPECT_EQ(own.body["format"], "bluegray-save");
  // A hint is planned on the view of the side to act then: only its seat asks.
  const std::string side_to_act = conf_view["state"]["to_act"].get<std::string>();
  const std::string& asks = side_to_act == "union" ? g.union_token : g.confederate_token;
  const std::string& other = side_to_act == "union" ? g.confederate_token : g.union_token;
  Res hint = s.get(g.path() + "/hint?at=1", asks);
  ASSERT_EQ(hint.status, 200) << hint.body.dump();
  EXPECT_EQ(hint.body["side"], side_to_act);
  EXPECT_EQ(hint.body["at"], 1);
  EXPECT_EQ(s.get(g.path() + "/hint?at=1", other).status, 403);
  EXPECT_EQ(s.get(g.path() + "/hint?at=1", g.spectator_token).status, 403);
  EXPECT_EQ(s.get(g.path() + "/hint?at=2", asks).status, 400);
}

TEST(ServerReplay, AHintAtAReplayedPositionIsALegalActionThere) {
  TestServer s;
  const Game g = create(s, skirmish("hotseat"));
  const std::vector<Json> views = play_a_little(s, g);
  const size_t first = views.front()["log"].size();
  Res h = s.get(g.path() + "/hint?at=" + std::to_string(first), g.hotseat_token);
  ASSERT_EQ(h.status, 200) << h.body.dump();
  EXPECT_EQ(h.body["side"], "union");
  EXPECT_FALSE(h.body["explain"].empty());
  // It is legal there: a branch at that point accepts it.
  const Game b = made(s.post(g.path() + "/branch", Json{{"at", first}}, g.hotseat_token));
  EXPECT_EQ(s.post(b.path() + "/actions", action(h.body["action"]), b.hotseat_token).status, 200);
}

TEST(ServerReplay, ASaveFileExportedAndImportedIsTheSameGameWithTheSameFuture) {
  TestServer s;
  const Game g = create(s, skirmish("hotseat"));
  play_a_little(s, g);
  Res save = s.get(g.path() + "/save", g.hotseat_token);
  ASSERT_EQ(save.status, 200) << save.body.dump();
  const Game copy = create(s, Json{{"save", save.body}});
  ASSERT_FALSE(copy.hotseat_token.empty());
  const Json a = s.get(g.path(), g.hotseat_token).body;
  const Json b = s.get(copy.path(), copy.hotseat_token).body;
  EXPECT_EQ(a["state"], b["state"]);
  EXPECT_EQ(a["log"], b["log"]);
  EXPECT_EQ(a["new"], b["new"]);
  // The same dice to come: the next hint, played in both, ends alike.
  Res h = s.get(g.path() + "/hint", g.hotseat_token);
  ASSERT_EQ(h.status, 200) << h.body.dump();
  ASSERT_EQ(s.post(g.path() + "/actions", action(h.body["action"]), g.hotseat_token).status, 200);
  ASSERT_EQ(s.post(copy.path() + "/actions", action(h.body["action"]), copy.hotseat_token).status,
            200);
  EXPECT_EQ(s.get(g.path(), g.hotseat_token).body["state"],
            s.get(copy.path(), copy.hotseat_token).body["state"]);
  // Imported against the computer: seated as asked.
  Res vs =
      s.post("/api/games", Json{{"save", save.body}, {"mode", "computer"}, {"human", "union"}});
  EXPECT_EQ(vs.status, 201) << vs.body.dump();
  EXPECT_TRUE(vs.body["seats"].contains("union"));
}

TEST(ServerReplay, ADamagedOrForeignSaveIsRefusedWithItsReasonAndNothingIsStored) {
  TestServer s;
  const Game g = create(s, skirmish("hotseat"));
  play_a_little(s, g);
  const Json save = s.get(g.path() + "/save", g.hotseat_token).body;
  const size_t games = s.get("/api/games").body["games"].size();
  auto refused = [&](const Json& file, const std::string& why) {
    Res r = s.post("/api/games", Json{{"save", file}});
    EXPECT_EQ(r.status, 400) << why << ": " << r.body.dump();
    EXPECT_EQ(r.body["ok"], false);
    EXPECT_NE(r.body.value("error", "").find(why), std::string::npos) << r.body.dump();
  };
  refused(Json::array({1, 2}), "not a bluegray save file");
  Json foreign = save;
  foreign["format"] = "vassal";
  refused(foreign, "not a bluegray save file");
  Json future = save;
  future["version"] = 99;
  refused(future, "version 99");
  Json no_log = save;
  no_log.erase("log");
  refused(no_log, "no \"log\"");
  Json bad_move = save;
  const size_t last = bad_move["log"].size() - 1;
  bad_move["log"][last - 2]["path"] = {"0404", "0409"};  // the move, now too far
  refused(bad_move, "log entry");
  Json snapshot = save;
  snapshot["snapshot"]["turn"] = 3;
  refused(snapshot, "snapshot");
  Json dice = save;
  dice["log"][last]["rolls"] = {dice["log"][last]["rolls"][0].get<int>() % 6 + 1};
  refused(dice, "dice");
  Json fair = save;
  fair["fair_dice"] = Json::object();
  refused(fair, "fair-dice");
  Json forced = save;
  forced["log"].push_back({{"kind", "dice"}, {"dice", {6}}});
  EXPECT_EQ(s.post("/api/games", Json{{"save", forced}}).status, 400);
  EXPECT_EQ(s.post("/api/games", Json{{"save", save}, {"mode", "chess"}}).status, 400);
  EXPECT_EQ(s.get("/api/games").body["games"].size(), games);
}

}  // namespace

namespace {

// A page draws a move from the hex it left and an attack from its units' hexes
// (the report has only the hexes entered): the log items say where, for the
// players' actions and the computer's alike, and the same once the game is
// rebuilt from the store.
TEST(ServerReplay, ALogItemSaysWhereAMoveStartedAndWhereTheAttackersStood) {
  TestServer s;
  const Game g = create(s, skirmish("hotseat"));
  play_a_little(s, g);
  const Json log = s.get(g.path(), g.hotseat_token).body["log"];
  const size_t n = log.size();
  EXPECT_EQ(log[n - 3]["from"], "0403");  // A's move
  EXPECT_EQ(log[n - 1]["attacker_hexes"], Json::array({"0405"}));
  EXPECT_FALSE(log[n - 2].contains("from"));  // the end of a phase

  Json vs = skirmish("computer");
  vs["new"]["first"] = "confederate";
  vs["human"] = "union";
  const Game c = create(s, vs);
  const Json played = s.get(c.path(), c.union_token).body["log"];
  bool moved = false;
  for (const Json& item : played)
    if (item["action"]["kind"] == "move") {
      moved = true;
      EXPECT_TRUE(item["from"].is_string()) << item.dump();
    }
  EXPECT_TRUE(moved) << "the computer moved nothing: " << played.dump();
  const std::string db = s.db();
  s.stop();
  TestServer again(db);
  EXPECT_EQ(again.get(c.path(), c.union_token).body["log"], played);
}

}  // namespace
