// The game server's JSON API, in process on an ephemeral loopback port: seats
// and tokens, refusals (status, message, rule case), storage across restarts,
// serialised concurrent actions, the computer side, undo, live updates.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "ai/ai_player.h"
#include "protocol/engine_session.h"
#include "protocol/game_setup.h"
#include "protocol/json_view.h"
#include "server/game_room.h"
#include "server_test_util.h"

namespace {

using bg::server::test::action;
using bg::server::test::Json;
using bg::server::test::Res;
using bg::server::test::skirmish;
using bg::server::test::TestServer;

struct Created {
  std::string id, union_token, confederate_token, spectator_token, hotseat_token;
  std::string path() const { return "/api/games/" + id; }
};

Created create(const TestServer& s, const Json& body) {
  Res r = s.post("/api/games", body);
  EXPECT_EQ(r.status, 201) << r.body.dump();
  Created c;
  c.id = r.body.value("id", "");
  const Json& seats = r.body["seats"];
  auto token = [&](const char* seat) {
    return seats.contains(seat) ? seats[seat]["token"].get<std::string>() : std::string();
  };
  c.union_token = token("union");
  c.confederate_token = token("confederate");
  c.spectator_token = token("spectator");
  c.hotseat_token = token("hotseat");
  return c;
}

size_t log_size(const TestServer& s, const Created& g, const std::string& token) {
  return s.get(g.path(), token).body["log"].size();
}

TEST(ServerApi, PlaysAMoveAndAnAttackAndTheGameSurvivesARestart) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const Created g = create(s, skirmish("two-seat"));
  ASSERT_FALSE(g.union_token.empty());
  ASSERT_FALSE(g.confederate_token.empty());
  EXPECT_TRUE(g.hotseat_token.empty());

  Res move =
      s.post(g.path() + "/actions",
             action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}}), g.union_token);
  ASSERT_EQ(move.status, 200) << move.body.dump();
  EXPECT_EQ(move.body["mp"], 2);
  ASSERT_EQ(s.post(g.path() + "/actions", action({{"kind", "end"}}), g.union_token).status, 200);
  Res preview =
      s.post(g.path() + "/preview", Json{{"units", {"A"}}, {"hexes", {"0406"}}}, g.union_token);
  ASSERT_EQ(preview.status, 200) << preview.body.dump();
  EXPECT_EQ(preview.body["odds"], "3-1");
  EXPECT_EQ(preview.body["outcomes"].size(), 6u);
  Res attack =
      s.post(g.path() + "/actions",
             action({{"kind", "attack"}, {"units", {"A"}}, {"hexes", {"0406"}}}), g.union_token);
  ASSERT_EQ(attack.status, 200) << attack.body.dump();
  EXPECT_TRUE(attack.body.contains("die"));
  EXPECT_TRUE(attack.body.contains("result"));

  const Json before = s.get(g.path(), g.union_token).body;
  const std::string db = s.db();
  s.stop();
  TestServer again(db);
  const Json after = again.get(g.path(), g.union_token).body;
  EXPECT_EQ(after["state"], before["state"]);
  EXPECT_EQ(after["log"], before["log"]);
  // The stored games list names it, without any side's token.
  Res list = again.get("/api/games");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(list.body["games"].size(), 1u);
  const std::string listed = list.body.dump();
  EXPECT_EQ(listed.find(g.union_token), std::string::npos);
  EXPECT_EQ(listed.find(g.confederate_token), std::string::npos);
}

TEST(ServerApi, RefusesBadInputWithAStatusAMessageAndTheRuleAndStoresNothing) {
  TestServer s;
  const Created g = create(s, skirmish("two-seat"));
  const size_t n = log_size(s, g, g.union_token);
  const std::string acts = g.path() + "/actions";

  EXPECT_EQ(s.post("/api/games", std::string("{not json")).status, 400);
  EXPECT_EQ(s.post("/api/games", Json{{"new", {{"cols", 500}}}}).status, 400);
  EXPECT_EQ(s.post("/api/games", Json{{"mode", "chess"}}).status, 400);
  EXPECT_EQ(s.get("/api/games/0123456789abcdef", g.union_token).status, 404);
  EXPECT_EQ(s.get("/api/games/../../etc", g.union_token).status, 404);
  EXPECT_EQ(s.get(g.path()).status, 401);
  EXPECT_EQ(s.get(g.path(), "0123456789abcdef0123456789abcdef").status, 403);
  EXPECT_EQ(s.post(acts, std::string("[1,2"), g.union_token).status, 400);
  EXPECT_EQ(s.post(acts, Json{{"kind", "end"}}, g.union_token).status, 400);
  EXPECT_EQ(s.post(acts, action({{"kind", "fly"}}), g.union_token).status, 400);
  EXPECT_EQ(
      s.post(acts, action({{"kind", "move"}, {"unit", "Z"}, {"path", {"0404"}}}), g.union_token)
          .status,
      400);

  // Illegal: 5.13-style refusals come back as 422 with the rule case.
  Res far =
      s.post(acts, action({{"kind", "move"}, {"unit", "A"}, {"path", {"0409"}}}), g.union_token);
  EXPECT_EQ(far.status, 422);
  EXPECT_EQ(far.body["ok"], false);
  EXPECT_TRUE(far.body.contains("rule")) << far.body.dump();
  EXPECT_FALSE(far.body["error"].get<std::string>().empty());

  // Out of turn: the Confederate seat cannot act in the Union's Movement Phase.
  Res out = s.post(acts, action({{"kind", "end"}}), g.confederate_token);
  EXPECT_EQ(out.status, 409);
  EXPECT_EQ(out.body["rule"], "4.0");
  // One seat never acts for the other, whatever it names.
  EXPECT_EQ(s.post(acts, action({{"kind", "move"}, {"unit", "B"}, {"path", {"0407"}}}),
                   g.confederate_token)
                .status,
            409);
  EXPECT_EQ(s.post(acts, action({{"kind", "end"}}), g.spectator_token).status, 403);
  // Forced dice are a testing tool; set-up is closed once the game exists.
  EXPECT_EQ(s.post(acts, action({{"kind", "dice"}, {"dice", {6}}}), g.union_token).status, 403);
  EXPECT_EQ(s.post(acts, action({{"kind", "terrain"}, {"hex", "0405"}, {"terrain", "forest"}}),
                   g.union_token)
                .status,
            403);
  // A stale page is told to look again.
  EXPECT_EQ(
      s.post(acts, Json{{"action", {{"kind", "end"}}}, {"version", 999}}, g.union_token).status,
      409);
  // Reach: only for the seat's own units.
  EXPECT_EQ(s.get(g.path() + "/reach?unit=B", g.union_token).status, 403);
  EXPECT_EQ(s.get(g.path() + "/reach?unit=A", g.union_token).status, 200);
  EXPECT_EQ(s.get(g.path() + "/reach?unit=nobody", g.union_token).status, 404);
  EXPECT_EQ(s.get(g.path() + "/reach", g.union_token).status, 400);
  // A hint: for the side to act, from its own seat only.
  EXPECT_EQ(s.get(g.path() + "/hint", g.confederate_token).status, 403);
  EXPECT_EQ(s.get(g.path() + "/hint", g.spectator_token).status, 403);
  EXPECT_EQ(s.get(g.path() + "/hint").status, 401);
  EXPECT_EQ(s.get("/api/nothing").status, 404);

  EXPECT_EQ(log_size(s, g, g.union_token), n);
  EXPECT_EQ(s.get(g.path(), g.union_token).body["version"], 1);
}

TEST(ServerApi, SetUpActionsAreCheckedByTheEngineAtCreation) {
  TestServer s;
  Json body = skirmish("hotseat");
  body["setup"].push_back({{"kind", "unit"},
                           {"id", "X"},
                           {"side", "union"},
                           {"type", "inf"},
                           {"strength", 3},
                           {"defense", 3},
                           {"hex", "0406"}});  // on B (5.12)
  Res r = s.post("/api/games", body);
  EXPECT_EQ(r.status, 422) << r.body.dump();
  EXPECT_TRUE(r.body.contains("rule"));
  Json moves = skirmish("hotseat");
  moves["setup"].push_back({{"kind", "end"}});
  EXPECT_EQ(s.post("/api/games", moves).status, 400);
  EXPECT_EQ(s.get("/api/games").body["games"].size(), 0u);
}

TEST(ServerApi, TwoSeatsActingAtOnceAreSerialised) {
  TestServer s;
  const Created g = create(s, skirmish("hotseat"));
  // Many clients race to move the same unit: exactly one move is accepted.
  std::vector<std::thread> threads;
  std::atomic<int> accepted{0}, refused{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      const std::string to = i % 2 ? "0304" : "0302";
      Res r = s.post(g.path() + "/actions",
                     action({{"kind", "move"}, {"unit", "C"}, {"path", {to}}}), g.hotseat_token);
      (r.status == 200 ? accepted : refused)++;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(accepted.load(), 1);
  EXPECT_EQ(refused.load(), 7);
  EXPECT_EQ(s.get(g.path(), g.hotseat_token).body["version"], 2);
}

TEST(ServerApi, TheComputerPlaysItsSideDeterministically) {
  std::vector<Json> logs;
  for (int run = 0; run < 2; ++run) {
    TestServer s;
    const Created g = create(s, skirmish("computer", 11));
    ASSERT_FALSE(g.union_token.empty());
    EXPECT_TRUE(g.confederate_token.empty());
    for (int i = 0; i < 2; ++i)
      ASSERT_EQ(s.post(g.path() + "/actions", action({{"kind", "end"}}), g.union_token).status,
                200);
    // After the Union's Combat Phase the computer plays the Confederate
    // Player-Turn at once; it is the Union's turn again (turn 2).
    Json view = s.get(g.path(), g.union_token).body;
    EXPECT_EQ(view["state"]["to_act"], "union");
    EXPECT_EQ(view["state"]["turn"], 2);
    bool confederate = false;
    for (const Json& item : view["log"]) confederate |= item["side"] == "confederate";
    EXPECT_TRUE(confederate);
    EXPECT_TRUE(view["computer_error"].is_null()) << view["computer_error"].dump();
    logs.push_back(view["log"]);
  }
  EXPECT_EQ(logs[0], logs[1]);
}

TEST(ServerApi, UndoTakesBackTheLastMoveHotSeatAtOnceTwoSeatWithConsent) {
  TestServer s;
  const Created h = create(s, skirmish("hotseat"));
  ASSERT_EQ(s.post(h.path() + "/actions",
                   action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}), h.hotseat_token)
                .status,
            200);
  Res u = s.post(h.path() + "/undo", Json::object(), h.hotseat_token);
  ASSERT_EQ(u.status, 200) << u.body.dump();
  Json units = s.get(h.path(), h.hotseat_token).body["state"]["units"];
  EXPECT_EQ(units[1]["hex"], "0303");
  EXPECT_EQ(units[1]["moved"], false);
  EXPECT_EQ(s.post(h.path() + "/undo", Json::object(), h.hotseat_token).status, 409);

  const Created t = create(s, skirmish("two-seat"));
  ASSERT_EQ(s.post(t.path() + "/actions",
                   action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}), t.union_token)
                .status,
            200);
  Res ask = s.post(t.path() + "/undo", Json::object(), t.union_token);
  ASSERT_EQ(ask.status, 200);
  EXPECT_EQ(ask.body["requested"], true);
  EXPECT_EQ(s.get(t.path(), t.confederate_token).body["undo"]["request"], "union");
  // The mover cannot consent for the opponent.
  EXPECT_EQ(s.post(t.path() + "/undo", Json{{"answer", "accept"}}, t.union_token).status, 409);
  ASSERT_EQ(s.post(t.path() + "/undo", Json{{"answer", "accept"}}, t.confederate_token).status,
            200);
  EXPECT_EQ(s.get(t.path(), t.union_token).body["state"]["units"][1]["hex"], "0303");
  // The undo is stored: a restarted server agrees.
  const std::string db = s.db();
  const Json before = s.get(t.path(), t.union_token).body["state"];
  s.stop();
  TestServer again(db);
  EXPECT_EQ(again.get(t.path(), t.union_token).body["state"], before);
}

TEST(ServerApi, LiveUpdatesReachAnotherSeatsOpenStream) {
  TestServer s;
  const Created g = create(s, skirmish("two-seat"));
  std::atomic<bool> got{false};
  std::string seen;
  std::thread listener([&] {
    auto c = s.client();
    c.set_read_timeout(5, 0);
    c.Get((g.path() + "/events?token=" + g.confederate_token).c_str(),
          [&](const char* data, size_t n) {
            seen.append(data, n);
            if (seen.find("\"version\":2") != std::string::npos) {
              got = true;
              return false;
            }
            return true;
          });
  });
  // Act once the stream has said hello (its first event is the version now).
  for (int i = 0; i < 100 && seen.find("\"version\":1") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(s.post(g.path() + "/actions",
                   action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}), g.union_token)
                .status,
            200);
  listener.join();
  EXPECT_TRUE(got.load()) << seen;
  EXPECT_EQ(seen.find(g.union_token), std::string::npos);
}

TEST(ServerApi, SeatsAndSpectatorsGetTheirSidesViewNeverTheUnfilteredState) {
  // The only secret today is Road to Richmond's 22.3 written choice; the
  // scenario may not be available yet in this build.
  const Json rtr = {{"scenario", "road-to-richmond"},
                    {"first", "confederate"},
                    {"night", {5, 13}},
                    {"exclusive", "revised"}};
  auto p = bg::protocol::new_params_from_json(rtr);
  ASSERT_TRUE(p) << p.error().message;
  auto made = bg::protocol::make_game(*p);
  ASSERT_TRUE(made) << made.error().message;
  TestServer s;
  const Created g = create(s, Json{{"new", rtr}, {"mode", "two-seat"}});
  const Json u = s.get(g.path(), g.union_token).body["state"];
  const Json c = s.get(g.path(), g.confederate_token).body["state"];
  const Json spectator = s.get(g.path(), g.spectator_token).body["state"];
  const auto plain = [](const Json& j) { return nlohmann::json::parse(j.dump()); };
  EXPECT_EQ(plain(u), plain(bg::protocol::state_json(*made, bg::core::Side::Union)));
  EXPECT_EQ(plain(c), plain(bg::protocol::state_json(*made, bg::core::Side::Confederate)));
  EXPECT_EQ(plain(spectator), plain(u));
}

TEST(ServerApi, ServesThePageTheMapAndForcedDiceOnlyInTestMode) {
  const std::string db = bg::server::test::temp_db("games.sqlite");
  const auto root = bg::server::test::temp_dir() / "web";
  std::filesystem::create_directories(root);
  std::ofstream(root / "index.html") << "<!doctype html><title>bluegray</title>";
  TestServer s(db, /*test_mode=*/true, root.string());
  const Created g = create(s, skirmish("hotseat"));
  auto c = s.client();
  auto page = c.Get(("/g/" + g.id).c_str());
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("bluegray"), std::string::npos);
  auto svg = c.Get((g.path() + "/map.svg").c_str());
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->status, 200);
  EXPECT_EQ(svg->body.rfind("<svg", 0), 0u);
  EXPECT_NE(svg->body.find(">0505</text>"), std::string::npos);  // hex numbers
  // --test: forced dice are accepted and decide the roll.
  ASSERT_EQ(s.post(g.path() + "/actions", action({{"kind", "end"}}), g.hotseat_token).status, 200);
  ASSERT_EQ(
      s.post(g.path() + "/actions", action({{"kind", "dice"}, {"dice", {1}}}), g.hotseat_token)
          .status,
      200);
  ASSERT_EQ(
      s.post(g.path() + "/actions",
             action({{"kind", "move"}, {"unit", "A"}, {"path", {"0404", "0405"}}}), g.hotseat_token)
          .status,
      422);  // the Combat Phase: no moves (and nothing stored)
  Res atk =
      s.post(g.path() + "/actions",
             action({{"kind", "attack"}, {"units", {"A"}}, {"hexes", {"0406"}}}), g.hotseat_token);
  EXPECT_EQ(atk.status, 422) << "A is not adjacent to B";
  EXPECT_EQ(s.get(g.path(), g.hotseat_token).body["state"]["dice_queue"], Json::array({1}));
}

// kill -9 in the middle of play: every action the server acknowledged is in
// the database when it comes back.
TEST(ServerApi, KillNineLosesNoAcknowledgedAction) {
  const std::string db = bg::server::test::temp_db("kill.sqlite");
  int out[2];
  ASSERT_EQ(::pipe(out), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::dup2(out[1], 1);
    ::close(out[0]);
    ::execl(BLUEGRAY_BINARY, BLUEGRAY_BINARY, "serve", "--port", "0", "--db", db.c_str(),
            "--web-root", "/nonexistent", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(out[1]);
  std::string banner;
  char ch;
  while (banner.find('\n') == std::string::npos && ::read(out[0], &ch, 1) == 1) banner += ch;
  const size_t colon = banner.find(':', banner.find("127.0.0.1"));
  ASSERT_NE(colon, std::string::npos) << banner;
  const int port = std::stoi(banner.substr(colon + 1));
  httplib::Client c("127.0.0.1", port);
  auto created = c.Post("/api/games", skirmish("hotseat").dump(), "application/json");
  ASSERT_TRUE(created);
  const Json cj = Json::parse(created->body);
  const std::string id = cj["id"], token = cj["seats"]["hotseat"]["token"];
  httplib::Headers h{{"X-Bluegray-Token", token}};
  int acknowledged = 0;
  const char* moves[][2] = {{"A", "0404"}, {"C", "0304"}};
  for (const auto& m : moves) {
    auto r = c.Post(("/api/games/" + id + "/actions").c_str(), h,
                    action({{"kind", "move"}, {"unit", m[0]}, {"path", {m[1]}}}).dump(),
                    "application/json");
    ASSERT_TRUE(r);
    if (r->status == 200) ++acknowledged;
  }
  for (int i = 0; i < 6; ++i) {
    auto r = c.Post(("/api/games/" + id + "/actions").c_str(), h, action({{"kind", "end"}}).dump(),
                    "application/json");
    ASSERT_TRUE(r);
    if (r->status == 200) ++acknowledged;
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  ::close(out[0]);
  TestServer again(db);
  const Json view = again.get("/api/games/" + id, token).body;
  EXPECT_EQ(view["log"].size(), 5u + static_cast<size_t>(acknowledged));
  EXPECT_EQ(view["state"]["turn"], 2);
}

TEST(ServerApi, TitlesListsEveryRegisteredTitleItsScenariosAndChoices) {
  TestServer s;
  Res r = s.get("/api/titles");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["ok"], true);
  // The protocol's `titles`, with the computer levels a new game may choose.
  Json expected = bg::protocol::titles_json();
  expected["computer"] = bg::server::computer_choices("ai-normal");
  expected["ok"] = true;
  EXPECT_EQ(r.body, expected);
  std::vector<std::string> names;
  for (const Json& t : r.body["titles"]) {
    names.push_back(t["name"]);
    EXPECT_FALSE(t["scenarios"].empty()) << t["name"];
  }
  EXPECT_NE(std::find(names.begin(), names.end(), "sandbox"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), r.body["default"].get<std::string>()),
            names.end());
  for (const Json& o : r.body["standard_options"]) {
    EXPECT_FALSE(o["help"].get<std::string>().empty()) << o["name"];
    EXPECT_FALSE(o["editions"].empty()) << o["name"];
  }
  // What it lists is what POST /api/games accepts: each title's first scenario
  // with its parameters' defaults starts a game.
  for (const Json& t : r.body["titles"]) {
    Json game = {{"title", t["name"]}, {"scenario", t["scenarios"][0]["name"]}};
    for (const Json& p : t["params"]) game[p["key"].get<std::string>()] = p["default"];
    Res made = s.post("/api/games", Json{{"new", game}, {"mode", "hotseat"}});
    EXPECT_EQ(made.status, 201) << t["name"] << ": " << made.body.dump();
  }
}

// The title's UI declaration comes with each seat's view, as that seat may
// know it: Road to Richmond's zones and its secret written choice (17.6).
TEST(ServerApi, TheViewCarriesTheTitlesUiAndASecretChoiceOnlyForItsSide) {
  TestServer s;
  const Json rtr = {{"title", "road-to-richmond"}, {"exclusive", "revised"}, {"seed", 5}};
  const Created g = create(s, Json{{"new", rtr}, {"mode", "two-seat"}});
  const Json before = s.get(g.path(), g.union_token).body["ui"];
  EXPECT_EQ(before["display"], "Road to Richmond");
  const Json* ccz = nullptr;
  for (const Json& z : before["zones"])
    if (z["name"] == "ccz") ccz = &z;
  ASSERT_NE(ccz, nullptr) << before.dump();
  EXPECT_EQ((*ccz)["active"], true);  // closed to the Union at the start (20.1)
  EXPECT_EQ((*ccz)["rule"], "20.1");
  EXPECT_EQ((*ccz)["side"], "union");
  EXPECT_EQ((*ccz)["hexes"].size(), 21u);  // 0116-0122, 0215-0221, 0316-0322
  bool exit_1528 = false;
  for (const Json& h : before["hexes"]) exit_1528 |= h["hex"] == "1528" && h["kind"] == "exit";
  EXPECT_TRUE(exit_1528);
  ASSERT_EQ(before["decisions"].size(), 1u);
  const Json& d = before["decisions"][0];
  EXPECT_EQ(d["side"], "confederate");
  EXPECT_EQ(d["secret"], true);
  EXPECT_EQ(d["open"], true);
  EXPECT_EQ(d["action"], "scenario");
  EXPECT_FALSE(d.contains("chosen"));  // the Union never sees the values
  EXPECT_NE(std::find(d["units"].begin(), d["units"].end(), "Pickett"), d["units"].end());

  // The choice is the Confederate's: the Union seat may not make it.
  const Json hold = action({{"kind", "scenario"}, {"unit", "Pickett"}, {"value", 18}});
  EXPECT_EQ(s.post(g.path() + "/actions", hold, g.union_token).status, 403);
  ASSERT_EQ(s.post(g.path() + "/actions", hold, g.confederate_token).status, 200);
  const Json mine = s.get(g.path(), g.confederate_token).body["ui"]["decisions"][0];
  EXPECT_EQ(mine["chosen"]["Pickett"], 18);
  EXPECT_EQ(mine["chosen"]["Wilcox"], 1);
  // The Union's and the spectator's declarations are exactly as before.
  EXPECT_EQ(s.get(g.path(), g.union_token).body["ui"], before);
  EXPECT_EQ(s.get(g.path(), g.spectator_token).body["ui"], before);
  // Once play begins the choice is closed (17.62).
  ASSERT_EQ(s.post(g.path() + "/actions", action({{"kind", "end"}}), g.confederate_token).status,
            200);
  EXPECT_EQ(s.get(g.path(), g.confederate_token).body["ui"]["decisions"][0]["open"], false);
  Res late = s.post(g.path() + "/actions", hold, g.confederate_token);
  EXPECT_EQ(late.status, 422);
  EXPECT_EQ(late.body["rule"], "17.62");
}

// A trigger zone's consequence (titles::UiZone::consequence) comes with the
// view so that the page confirms it first; the action that sets it off carries
// it in the log, also once the game is rebuilt from the store. Road to
// Richmond's early arrival (19.1): a Confederate unit entering south of the
// Chickahominy.
TEST(ServerApi, ATriggerZonesConsequenceIsDeclaredAndTheActionSettingItOffLogsIt) {
  TestServer s;
  const Json rtr = {{"title", "road-to-richmond"}, {"seed", 3}};
  const Created g = create(s, Json{{"new", rtr}, {"mode", "hotseat"}});
  auto activation = [&](const TestServer& server) {
    const Json view = server.get(g.path(), g.hotseat_token).body;
    for (const Json& z : view["ui"]["zones"])
      if (z["name"] == "activation") return z;
    return Json();
  };
  const Json zone = activation(s);
  ASSERT_TRUE(zone.is_object());
  EXPECT_EQ(zone["style"], "trigger");
  EXPECT_EQ(zone["active"], true);
  const std::string consequence = zone.value("consequence", "");
  EXPECT_NE(consequence.find("Early arrival (19.1)"), std::string::npos) << consequence;
  // The ccz is closed, not a trigger: nothing to confirm.
  const Json zones = s.get(g.path(), g.hotseat_token).body["ui"]["zones"];
  for (const Json& z : zones)
    if (z["name"] == "ccz") {
      EXPECT_FALSE(z.contains("consequence"));
    }

  const Json reach = s.get(g.path() + "/reach?unit=Rodes", g.hotseat_token).body;
  ASSERT_TRUE(reach["entries"][0]["paths"].contains("0208")) << reach.dump();
  const Json path = reach["entries"][0]["paths"]["0208"];
  ASSERT_EQ(
      s.post(g.path() + "/actions",
             action({{"kind", "enter"}, {"unit", "Garland"}, {"path", {"0103"}}}), g.hotseat_token)
          .status,
      200);
  Res in = s.post(g.path() + "/actions",
                  action({{"kind", "enter"}, {"unit", "Rodes"}, {"path", path}}), g.hotseat_token);
  ASSERT_EQ(in.status, 200) << in.body.dump();
  const Json log = s.get(g.path(), g.hotseat_token).body["log"];
  EXPECT_FALSE(log[log.size() - 2].contains("triggered"));  // Garland stays at 0103
  const Json& fired = log.back()["triggered"];
  ASSERT_EQ(fired.size(), 1u) << log.back().dump();
  EXPECT_EQ(fired[0]["zone"], "activation");
  EXPECT_EQ(fired[0]["rule"], "19.1");
  EXPECT_EQ(fired[0]["consequence"], consequence);
  EXPECT_EQ(activation(s)["active"], false);

  const std::string db = s.db();
  s.stop();
  TestServer again(db);
  EXPECT_EQ(again.get(g.path(), g.hotseat_token).body["log"], log);
}

// The public list of stored games offers a watch link for games played at one
// screen, never for a two-seat game (its players share theirs).
TEST(ServerApi, TheStoredGamesListHasNoWatchLinkForATwoSeatGame) {
  TestServer s;
  const Created two = create(s, skirmish("two-seat"));
  const Created hot = create(s, skirmish("hotseat"));
  Res list = s.get("/api/games");
  ASSERT_EQ(list.status, 200);
  int seen = 0;
  for (const Json& game : list.body["games"]) {
    if (game["id"] == two.id) {
      EXPECT_FALSE(game.contains("watch")) << game.dump();
    }
    if (game["id"] == hot.id) {
      EXPECT_EQ(game.value("watch", ""), "/g/" + hot.id + "#" + hot.spectator_token);
    }
    seen++;
  }
  EXPECT_EQ(seen, 2);
}

// The server's reach and the engine protocol's `reach` are one query
// (core::unit_reach): the same hexes for the same Movement Points, a
// reinforcement's entry cost included.
TEST(ServerApi, ReachMeansWhatTheEngineProtocolsReachMeans) {
  TestServer s;
  const Created g = create(s, skirmish("hotseat"));
  bg::protocol::EngineSession e;
  for (const char* line : {"new sandbox cols=10 rows=10 seed=7", "unit A union inf 13 0403",
                           "unit C union inf 5 0303", "unit B confederate inf 4 0406",
                           "unit D confederate inf 6 0809", "reinforce R union cav 3 2 0101"})
    ASSERT_EQ(e.handle(line)["ok"], true) << line;
  const Json a = s.get(g.path() + "/reach?unit=A", g.hotseat_token).body;
  EXPECT_EQ(a["hexes"], e.handle("reach A")["hexes"]);
  for (const auto& [hex, path] : a["paths"].items()) EXPECT_EQ(path.back(), hex);
  // Turn 2: R may enter at 0101.
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(s.post(g.path() + "/actions", action({{"kind", "end"}}), g.hotseat_token).status,
              200);
    ASSERT_EQ(e.handle("end")["ok"], true);
  }
  const Json r = s.get(g.path() + "/reach?unit=R", g.hotseat_token).body;
  const Json er = e.handle("reach R");
  ASSERT_EQ(r["entries"].size(), 1u) << r.dump();
  EXPECT_EQ(r["entries"][0]["hex"], "0101");
  EXPECT_EQ(r["entries"][0]["hexes"], er["entries"]["0101"]);
  EXPECT_EQ(r["entries"][0]["paths"]["0101"], Json::array({"0101"}));
}

// A computer player that answers every decision with an illegal move.
class IllegalPlayer final : public bg::ai::Player {
 public:
  bg::core::Action choose(const bg::core::Game& g) override {
    bg::core::Action a;
    a.kind = bg::core::ActionKind::Move;
    a.unit = *g.find_unit("B");
    a.path.push_back(g.map().id(bg::core::HexCoord{1, 1}));  // far beyond its reach
    return a;
  }
  std::string name() const override { return "illegal"; }
};

// A refused computer action is an error the game shows and the log keeps out,
// never an `end` played in its place.
TEST(ServerApi, ARefusedComputerActionIsShownWithTheGameNotReplacedByAnEnd) {
  const std::string db = bg::server::test::temp_db("illegal.sqlite");
  auto store = bg::server::GameStore::open(db);
  ASSERT_TRUE(store) << store.error().message;
  bg::server::LiveHub hub;
  bg::server::RoomEnv env;
  env.store = store->get();
  env.hub = &hub;
  env.computer_player = [](uint64_t) { return std::make_unique<IllegalPlayer>(); };
  Json body = skirmish("computer");
  body["human"] = "union";
  body["new"]["first"] = "confederate";  // the computer moves first
  std::shared_ptr<bg::server::GameRoom> room;
  const bg::server::Reply created = bg::server::GameRoom::create(body, env, room);
  ASSERT_EQ(created.status, 201) << created.body.dump();
  const Json view = room->view(bg::server::Seat::Union).body;
  ASSERT_TRUE(view["computer_error"].is_object()) << view.dump();
  EXPECT_FALSE(view["computer_error"]["error"].get<std::string>().empty());
  EXPECT_EQ(view["computer_error"]["action"]["kind"], "move");
  EXPECT_EQ(view["computer_error"]["action"]["unit"], "B");
  // Nothing was played for the computer: its side is still to act, in its
  // Movement Phase, with only the set-up in the log.
  EXPECT_EQ(view["state"]["to_act"], "confederate");
  EXPECT_EQ(view["state"]["phase"], "movement");
  for (const Json& item : view["log"]) EXPECT_TRUE(item["side"].is_null()) << item.dump();
}

// GET /hint: the computer's suggestion for the seat's side, with its reasons;
// the page can send the suggested action as it is.
TEST(ServerApi, AHintIsALegalActionWithItsReasonsForTheSideToAct) {
  TestServer s;
  const Created g = create(s, skirmish("two-seat"));
  const size_t n = log_size(s, g, g.union_token);
  Res h = s.get(g.path() + "/hint", g.union_token);
  ASSERT_EQ(h.status, 200) << h.body.dump();
  EXPECT_EQ(h.body["side"], "union");
  EXPECT_FALSE(h.body["command"].get<std::string>().empty());
  EXPECT_FALSE(h.body["explain"].empty());
  EXPECT_EQ(log_size(s, g, g.union_token), n);  // nothing applied
  Res played = s.post(g.path() + "/actions", action(h.body["action"]), g.union_token);
  EXPECT_EQ(played.status, 200) << played.body.dump();
  EXPECT_EQ(log_size(s, g, g.union_token), n + 1);
}

}  // namespace
