// The computer player a game chooses when it is created: its level
// and the posture its side plays, checked against the title before anything
// is stored, stated in the view, the summary and the games list, kept across
// a restart (and by a server started with another default), and played: the
// computer's actions are those of that player. A game stored before games had
// their own player plays the server's --computer. Run on SQLite and, in
// api_on_postgresql (CMakeLists.txt), on PostgreSQL.
#include <gtest/gtest.h>

#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "protocol/action_json.h"
#include "protocol/game_setup.h"
#include "server/computer_player.h"
#include "server/sqlite_db.h"
#include "server_test_util.h"

namespace {

using bg::server::test::action;
using bg::server::test::Json;
using bg::server::test::Res;
using bg::server::test::skirmish;
using bg::server::test::TestServer;

constexpr const char* kRtr = "road-to-richmond";

// A Road to Richmond game against the computer; the Confederates move first
// (16.2), so a human Confederate plays before the computer's Union does.
Json rtr_computer(const std::string& human, uint64_t seed = 5) {
  return Json{{"new", {{"title", kRtr}, {"seed", seed}}}, {"mode", "computer"}, {"human", human}};
}

Res create(const TestServer& s, Json body, const Json& level, const Json& posture) {
  if (!level.is_null()) body["level"] = level;
  if (!posture.is_null()) body["posture"] = posture;
  return s.post("/api/games", body);
}

std::string human_token(const Res& r, const std::string& human) {
  return r.body["seats"][human]["token"].get<std::string>();
}

size_t games_listed(const TestServer& s) {
  return s.get("/api/games").body["games"].size();
}

// Runs SQL on the test server's database, SQLite or PostgreSQL (the server stopped).
void run_sql(const std::string& db, const std::string& sql) {
  if (db.rfind("postgresql://", 0) == 0) {
    pqxx::connection c(db);
    pqxx::work w(c);
    w.exec(sql);
    w.commit();
    return;
  }
  auto d = bg::server::Database::open(db);
  ASSERT_TRUE(d.ok()) << d.error().message;
  auto s = d->exec(sql);
  ASSERT_TRUE(s.ok()) << s.error().message;
}

// Replays the game the human seat sees with the computer played by `spec`
// on this machine: the human's actions as logged, the computer's chosen by a
// player made from `spec` and the game's seed as the server makes it. The
// server's computer played `spec` if every one of its actions is the same.
void expect_played_by(const Json& view, const std::string& spec) {
  auto params = bg::protocol::new_params_from_json(view["new"]);
  ASSERT_TRUE(params.ok()) << params.error().message;
  auto g = bg::protocol::make_game(*params);
  ASSERT_TRUE(g.ok()) << g.error().message;
  const auto computer = bg::core::parse_side(view["computer"].get<std::string>());
  ASSERT_TRUE(computer.has_value());
  const Json& log = view["log"];
  size_t i = 0, computers = 0;
  while (i < log.size()) {
    if (g->to_act() == computer) {
      std::vector<Json> mine;
      bg::server::play_computer(
          *g, *computer, spec, params->seed, 5000,
          [&](const bg::core::Game& game, const bg::core::Report&, int, bg::core::Phase,
              const bg::core::Position&) {
            mine.push_back(bg::protocol::log_entry_json(game, game.log().back()));
          });
      ASSERT_FALSE(mine.empty()) << spec << " made no action at log entry " << i;
      for (const Json& e : mine) {
        ASSERT_LT(i, log.size()) << spec << " plays on past the server's log";
        EXPECT_EQ(log[i]["action"], e) << spec << ", log entry " << i;
        ++i;
        ++computers;
      }
      continue;
    }
    auto a = bg::protocol::action_from_json(*g, log[i]["action"]);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_TRUE(g->apply(*a).ok()) << "log entry " << i;
    ++i;
  }
  EXPECT_GT(computers, 0u) << "the computer never played";
}

// The human Confederate ends phases until the computer has played its
// Player-Turn of Game-Turn `turn` and the Confederates are to act again.
void end_confederate_turn(const TestServer& s, const std::string& path, const std::string& token,
                          int turn) {
  for (int i = 0; i < 6; ++i) {
    const Json v = s.get(path, token).body;
    if (v["state"]["to_act"] != "confederate" || v["state"]["turn"] != turn) return;
    Res r = s.post(path + "/actions", action({{"kind", "end"}}), token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
  }
}

TEST(ServerComputer, AGameChoosesItsLevelAndPostureAndTheComputerPlaysThemAfterARestart) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const Res made = create(s, rtr_computer("confederate"), "ai-easy", "stand");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  const std::string token = human_token(made, "confederate");
  const std::string path = "/api/games/" + id;

  Json view = s.get(path, token).body;
  EXPECT_EQ(view["computer"], "union");
  EXPECT_EQ(view["computer_player"]["spec"], "ai-easy:stand");
  EXPECT_EQ(view["computer_player"]["level"], "ai-easy");
  EXPECT_EQ(view["computer_player"]["posture"], "stand");
  EXPECT_EQ(view["computer_player"]["label"], "ai-easy, stand and fight");
  end_confederate_turn(s, path, token, 1);
  view = s.get(path, token).body;
  EXPECT_EQ(view["state"]["turn"], 2) << "the computer did not play its Player-Turn";
  expect_played_by(view, "ai-easy:stand");

  // Stored with the game: a server started with another default plays the
  // game's own player, and its list and summary say which.
  const std::string db = s.db();
  s.stop();
  auto opt = TestServer::options(db);
  opt.computer = "ai-normal:total";
  TestServer again(opt);
  ASSERT_TRUE(again.running());
  view = again.get(path, token).body;
  EXPECT_EQ(view["computer_player"]["spec"], "ai-easy:stand");
  const Json listed = again.get("/api/games").body["games"][0];
  EXPECT_EQ(listed["computer_player"], "ai-easy:stand");
  EXPECT_EQ(listed["summary"]["computer_player"], "ai-easy:stand");
  EXPECT_EQ(listed["summary"]["computer_label"], "ai-easy, stand and fight");
  end_confederate_turn(again, path, token, 2);
  view = again.get(path, token).body;
  EXPECT_EQ(view["state"]["turn"], 3) << "the computer did not play after the restart";
  expect_played_by(view, "ai-easy:stand");
}

TEST(ServerComputer, ALevelAloneIsPlayedWithTheTitlesDefaultPostureAndNeitherWithTheServers) {
  auto opt = TestServer::options();
  opt.computer = "ai-easy";
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  Res hard = create(s, rtr_computer("confederate"), "ai-hard", nullptr);
  ASSERT_EQ(hard.status, 201) << hard.body.dump();
  Json v =
      s.get("/api/games/" + hard.body["id"].get<std::string>(), human_token(hard, "confederate"))
          .body;
  EXPECT_EQ(v["computer_player"]["spec"], "ai-hard");
  EXPECT_EQ(v["computer_player"]["posture"], "withdraw");
  EXPECT_EQ(v["computer_player"]["label"], "ai-hard, fighting withdrawal (the title's default)");
  Res plain = create(s, rtr_computer("confederate"), nullptr, nullptr);
  ASSERT_EQ(plain.status, 201) << plain.body.dump();
  v = s.get("/api/games/" + plain.body["id"].get<std::string>(), human_token(plain, "confederate"))
          .body;
  EXPECT_EQ(v["computer_player"]["spec"], "ai-easy");
  // A posture alone goes with the server's level.
  Res total = create(s, rtr_computer("confederate"), nullptr, "total");
  ASSERT_EQ(total.status, 201) << total.body.dump();
  v = s.get("/api/games/" + total.body["id"].get<std::string>(), human_token(total, "confederate"))
          .body;
  EXPECT_EQ(v["computer_player"]["spec"], "ai-easy:total");
  // A game without a computer has no computer player.
  Res hot = s.post("/api/games", skirmish("hotseat"));
  ASSERT_EQ(hot.status, 201);
  v = s.get("/api/games/" + hot.body["id"].get<std::string>(),
            hot.body["seats"]["hotseat"]["token"].get<std::string>())
          .body;
  EXPECT_TRUE(v["computer_player"].is_null()) << v["computer_player"].dump();
}

TEST(ServerComputer, AnUnknownLevelOrAPostureTheTitleDoesNotDeclareIsRefusedAndNothingIsMade) {
  TestServer s;
  ASSERT_TRUE(s.running());
  ASSERT_EQ(create(s, rtr_computer("union"), "ai-normal", nullptr).status, 201);
  ASSERT_EQ(games_listed(s), 1u);
  auto refused = [&](Json body, const Json& level, const Json& posture, const std::string& says) {
    Res r = create(s, std::move(body), level, posture);
    EXPECT_EQ(r.status, 400) << r.body.dump();
    EXPECT_EQ(r.body["ok"], false);
    EXPECT_NE(r.body.value("error", "").find(says), std::string::npos) << r.body.dump();
  };
  refused(rtr_computer("union"), "ai-brilliant", nullptr, "\"level\" must be ai-easy");
  refused(rtr_computer("union"), 3, nullptr, "\"level\" must be");
  // The testing baselines and the frozen reference are not a level to pick.
  refused(rtr_computer("union"), "random", nullptr, "\"level\" must be");
  refused(rtr_computer("union"), "ai-normal:attack", nullptr, "\"level\" must be");
  // The computer plays the Confederates: a Union posture is not theirs.
  refused(rtr_computer("union"), "ai-hard", "stand", "'stand' is a union posture");
  refused(rtr_computer("confederate"), "ai-hard", "charge", "no posture 'charge'");
  refused(rtr_computer("confederate"), "ai-hard", "", "\"posture\" must be");
  refused(rtr_computer("confederate"), "ai-hard", Json::array({"stand"}), "\"posture\" must be");
  // A title that declares no posture offers none.
  Json fr = {{"new", {{"title", "four-roads"}}}, {"mode", "computer"}, {"human", "union"}};
  refused(fr, "ai-hard", "stand", "declares none");
  // Only a game against the computer has a computer player.
  refused(skirmish("hotseat"), "ai-hard", nullptr, "only a game against the computer");
  refused(skirmish("two-seat"), nullptr, "stand", "only a game against the computer");
  EXPECT_EQ(games_listed(s), 1u);
}

TEST(ServerComputer, AGameStoredBeforeGamesHadTheirOwnComputerPlaysTheServersDefault) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const Res made = create(s, rtr_computer("confederate"), "ai-hard", "stand");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string path = "/api/games/" + made.body["id"].get<std::string>();
  const std::string token = human_token(made, "confederate");
  const std::string db = s.db();
  s.stop();
  // The database as an older server left it: no computer_player column.
  run_sql(db, "ALTER TABLE games DROP COLUMN computer_player");
  auto opt = TestServer::options(db);
  opt.computer = "ai-easy";
  TestServer old(opt);
  ASSERT_TRUE(old.running());
  const Json v = old.get(path, token).body;
  EXPECT_EQ(v["computer_player"]["spec"], "ai-easy") << v.dump().substr(0, 300);
  EXPECT_EQ(old.get("/api/games").body["games"][0]["computer_player"], "ai-easy");
  end_confederate_turn(old, path, token, 1);
  expect_played_by(old.get(path, token).body, "ai-easy");
}

TEST(ServerComputer, TheTitlesListTheLevelsAndEachScenariosPosturesAndEachIsAccepted) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const Json t = s.get("/api/titles").body;
  std::vector<std::string> levels;
  for (const Json& l : t["computer"]["levels"]) {
    levels.push_back(l["name"]);
    EXPECT_FALSE(l["description"].get<std::string>().empty()) << l.dump();
  }
  EXPECT_EQ(levels, (std::vector<std::string>{"ai-easy", "ai-normal", "ai-hard"}));
  EXPECT_EQ(t["computer"]["default"], "ai-normal");
  EXPECT_EQ(t["computer"]["default_level"], "ai-normal");
  int offered = 0;
  for (const Json& title : t["titles"]) {
    for (const Json& sc : title["scenarios"]) {
      for (const std::string side : {"union", "confederate"}) {
        const Json& postures = sc["postures"][side];
        int defaults = 0;
        for (const Json& p : postures) {
          defaults += p["default"].get<bool>() ? 1 : 0;
          EXPECT_FALSE(p["display"].get<std::string>().empty()) << p.dump();
          EXPECT_FALSE(p["rule"].get<std::string>().empty()) << p.dump();
          // Each posture listed is one a game against that side accepts.
          const std::string human = side == "union" ? "confederate" : "union";
          Json body = {{"new", {{"title", title["name"]}, {"scenario", sc["name"]}}},
                       {"mode", "computer"},
                       {"human", human},
                       {"posture", p["name"]}};
          Res r = s.post("/api/games", body);
          EXPECT_EQ(r.status, 201) << title["name"] << " " << p.dump() << r.body.dump();
          ++offered;
        }
        EXPECT_LE(defaults, 1) << title["name"] << " " << side;
      }
    }
  }
  // Road to Richmond declares three Union postures and one Confederate (23.1, 23.2).
  const Json* rtr = nullptr;
  for (const Json& title : t["titles"])
    if (title["name"] == kRtr) rtr = &title;
  ASSERT_NE(rtr, nullptr);
  const Json& rp = (*rtr)["scenarios"][0]["postures"];
  ASSERT_EQ(rp["union"].size(), 3u);
  EXPECT_EQ(rp["union"][0]["name"], "stand");
  EXPECT_EQ(rp["union"][0]["display"], "stand and fight");
  EXPECT_EQ(rp["union"][1]["default"], true);
  EXPECT_EQ(rp["confederate"].size(), 1u);
  EXPECT_EQ(offered, 4);
}

}  // namespace
