// Correspondence play: a two-seat game played over days. The
// stored-games list says whose turn it is and whether it is the asking
// browser's; it comes in pages; a seat registers an address for "your turn"
// mails, seen by nobody else; and the mails go through a real SMTP server
// (tests/support/smtp_sink.h), one per hand-over, within a per-game rate, with bounded
// retries when the relay is down.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/mailer.h"
#include "server_test_util.h"
#include "smtp_sink.h"

namespace bg::test {
namespace {

using server::test::action;
using server::test::Json;
using server::test::Res;
using server::test::skirmish;
using server::test::SmtpSink;
using server::test::temp_dir;
using server::test::TestServer;
using namespace std::chrono_literals;

struct TwoSeat {
  std::string id, union_token, confederate_token, spectator_token;
  std::string path() const { return "/api/games/" + id; }
  const std::string& token_of(const std::string& side) const {
    return side == "union" ? union_token : confederate_token;
  }
};

TwoSeat create_two_seat(const TestServer& s) {
  Res r = s.post("/api/games", skirmish("two-seat"));
  EXPECT_EQ(r.status, 201) << r.body.dump();
  const Json& seats = r.body["seats"];
  return {r.body.value("id", ""), seats["union"]["token"].get<std::string>(),
          seats["confederate"]["token"].get<std::string>(),
          seats["spectator"]["token"].get<std::string>()};
}

// Ends phases until the other side is to act; returns who is to act then.
std::string end_player_turn(const TestServer& s, const TwoSeat& g, const std::string& side) {
  for (int i = 0; i < 4; ++i) {
    Res r = s.post(g.path() + "/actions", action({{"kind", "end"}}), g.token_of(side));
    EXPECT_EQ(r.status, 200) << r.body.dump();
    if (r.status != 200) return "";
    if (r.body["to_act"] != side) return r.body["to_act"].get<std::string>();
  }
  return side;
}

Json listed(const TestServer& s, const std::string& id, const std::string& tokens = "") {
  Res r = s.get("/api/games", tokens);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  for (const Json& g : r.body["games"])
    if (g["id"] == id) return g;
  return Json();
}

// The stored-games list says for every game who is to act, and, for the
// seats whose tokens the browser sent (several, comma-separated), which seat
// it holds and whether it is that seat's turn. No token: no such field.
TEST(ServerCorrespondence, TheGamesListSaysWhoseTurnAndWhetherItIsYours) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const TwoSeat g = create_two_seat(s);
  const TwoSeat other = create_two_seat(s);
  Json anon = listed(s, g.id);
  EXPECT_EQ(anon["to_act"], "union");
  EXPECT_FALSE(anon.contains("your_turn"));
  EXPECT_FALSE(anon.contains("seats"));

  Json u = listed(s, g.id, g.union_token + "," + other.confederate_token);
  EXPECT_EQ(u["seats"], Json::array({"union"}));
  EXPECT_EQ(u["your_turn"], true);
  Json o = listed(s, other.id, g.union_token + "," + other.confederate_token);
  EXPECT_EQ(o["seats"], Json::array({"confederate"}));
  EXPECT_EQ(o["your_turn"], false);
  EXPECT_EQ(listed(s, g.id, g.confederate_token)["your_turn"], false);
  EXPECT_EQ(listed(s, g.id, g.spectator_token)["your_turn"], false);

  ASSERT_EQ(end_player_turn(s, g, "union"), "confederate");
  EXPECT_EQ(listed(s, g.id)["to_act"], "confederate");
  EXPECT_EQ(listed(s, g.id, g.union_token)["your_turn"], false);
  EXPECT_EQ(listed(s, g.id, g.confederate_token)["your_turn"], true);
  // The list never carries a token it was not sent.
  const std::string text = s.get("/api/games", g.union_token).body.dump();
  EXPECT_EQ(text.find(g.confederate_token), std::string::npos);
  EXPECT_EQ(text.find(g.spectator_token), std::string::npos);
  // Malformed tokens are a 400, not a silent miss.
  EXPECT_EQ(s.get("/api/games", "not-a-token").status, 400);
  std::string many;
  for (int i = 0; i < 101; ++i) many += (i ? "," : "") + std::string(32, 'a');
  EXPECT_EQ(s.get("/api/games", many).status, 400);
}

// GET /api/games comes in pages: `limit` games (1-200) and a `next` cursor,
// null on the last page. Walking the pages gives every game once, newest
// change first, as the whole list does; bad parameters are a 400.
TEST(ServerCorrespondence, TheGamesListIsPagedByCursor) {
  TestServer s;
  ASSERT_TRUE(s.running());
  std::vector<std::string> made;
  for (int i = 0; i < 5; ++i) made.push_back(create_two_seat(s).id);
  Res all = s.get("/api/games");
  ASSERT_EQ(all.status, 200);
  ASSERT_EQ(all.body["games"].size(), 5u);
  EXPECT_TRUE(all.body["next"].is_null());
  std::vector<std::string> walked;
  std::string cursor;
  std::vector<size_t> sizes;
  for (int page = 0; page < 10; ++page) {
    Res r = s.get("/api/games?limit=2" + (cursor.empty() ? "" : "&cursor=" + cursor));
    ASSERT_EQ(r.status, 200) << r.body.dump();
    sizes.push_back(r.body["games"].size());
    for (const Json& g : r.body["games"]) walked.push_back(g["id"]);
    if (r.body["next"].is_null()) break;
    cursor = r.body["next"].get<std::string>();
  }
  EXPECT_EQ(sizes, (std::vector<size_t>{2, 2, 1}));
  std::vector<std::string> whole;
  for (const Json& g : all.body["games"]) whole.push_back(g["id"]);
  EXPECT_EQ(walked, whole);
  EXPECT_EQ(std::set<std::string>(walked.begin(), walked.end()),
            std::set<std::string>(made.begin(), made.end()));
  for (const char* bad :
       {"limit=0", "limit=201", "limit=x", "limit=", "limit=%FF", "cursor=%C3%A9.0123456789abcdef",
        "cursor=abc", "cursor=1.zz", "cursor=.0123456789abcdef",
        "cursor=99999999999999999999.0123456789abcdef"})
    EXPECT_EQ(s.get(std::string("/api/games?") + bad).status, 400) << bad;
  EXPECT_EQ(s.get("/api/games?limit=200").status, 200);
}

// A side's seat registers the address it wants its mails at (validated,
// size-limited); it reads back its own and nobody else's; the other seat,
// the spectator, the views and the list never show it; null forgets it.
TEST(ServerCorrespondence, ASeatRegistersItsOwnAddressAndNobodyElseSeesIt) {
  TestServer s;
  ASSERT_TRUE(s.running());
  const TwoSeat g = create_two_seat(s);
  Res set = s.post(g.path() + "/notify", Json{{"email", "blue@example.org"}}, g.union_token);
  ASSERT_EQ(set.status, 200) << set.body.dump();
  EXPECT_EQ(set.body["email"], "blue@example.org");
  EXPECT_EQ(set.body["mail"], false);  // this server has no relay
  EXPECT_EQ(s.get(g.path() + "/notify", g.union_token).body["email"], "blue@example.org");
  EXPECT_TRUE(s.get(g.path() + "/notify", g.confederate_token).body["email"].is_null());
  EXPECT_EQ(s.get(g.path() + "/notify", g.spectator_token).status, 403);
  EXPECT_EQ(
      s.post(g.path() + "/notify", Json{{"email", "x@example.org"}}, g.spectator_token).status,
      403);
  for (const std::string& token : {g.confederate_token, g.spectator_token, g.union_token})
    EXPECT_EQ(s.get(g.path(), token).body.dump().find("blue@example.org"), std::string::npos);
  EXPECT_EQ(s.get("/api/games", g.union_token).body.dump().find("blue@example.org"),
            std::string::npos);
  for (const std::string& bad :
       {std::string("no-at-sign"), std::string("a@b"), std::string("a b@example.org"),
        std::string("a@example.org\r\nBcc: victim@example.org"), std::string("<a@example.org>"),
        std::string(250, 'a') + "@example.org", std::string(".a@example.org"),
        std::string("a@-example.org")})
    EXPECT_EQ(s.post(g.path() + "/notify", Json{{"email", bad}}, g.union_token).status, 400) << bad;
  EXPECT_EQ(s.post(g.path() + "/notify", Json{{"email", 5}}, g.union_token).status, 400);
  EXPECT_EQ(s.get(g.path() + "/notify", g.union_token).body["email"], "blue@example.org");
  ASSERT_EQ(s.post(g.path() + "/notify", Json{{"email", nullptr}}, g.union_token).status, 200);
  EXPECT_TRUE(s.get(g.path() + "/notify", g.union_token).body["email"].is_null());
  // A hot-seat game has no side seats to notify.
  Res hot = s.post("/api/games", skirmish("hotseat"));
  const std::string hot_token = hot.body["seats"]["hotseat"]["token"];
  EXPECT_EQ(s.post("/api/games/" + hot.body["id"].get<std::string>() + "/notify",
                   Json{{"email", "x@example.org"}}, hot_token)
                .status,
            403);
}

TEST(MailAddress, ValidAddressesAreDotAtomsAtADomainName) {
  EXPECT_TRUE(server::valid_email("union.player+game@mail.example.org"));
  EXPECT_TRUE(server::valid_email("a@b.co"));
  EXPECT_FALSE(server::valid_email(""));
  EXPECT_FALSE(server::valid_email("a@localhost"));
  EXPECT_FALSE(server::valid_email("a..b@example.org"));
  EXPECT_FALSE(server::valid_email("a@example..org"));
  EXPECT_FALSE(server::valid_email("\"quoted\"@example.org"));
  EXPECT_FALSE(server::valid_email(std::string(65, 'a') + "@example.org"));
}

// ---- the mails, through a real SMTP server -------------------------------------

struct MailLog {
  std::mutex mu;
  std::vector<std::string> lines;
  std::function<void(const std::string&)> sink() {
    return [this](const std::string& line) {
      std::lock_guard lock(mu);
      lines.push_back(line);
    };
  }
  bool has(const std::string& needle) {
    std::lock_guard lock(mu);
    for (const auto& l : lines)
      if (l.find(needle) != std::string::npos) return true;
    return false;
  }
};

template <class Pred>
bool eventually(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + 20s;
  while (!pred() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(20ms);
  return pred();
}

// The game passes to the Confederate when the Union ends its player-turn:
// the Confederate's address gets one mail (not one per Union action) with its
// seat's link and whose turn; then the Union's when the Confederate has
// played. The game may send bursts of 2 here, then one mail per 10 s: the
// third hand-over's mail waits, and the fourth (back to the Union) replaces
// it, so the one mail that goes when the rate allows is the Union's.
TEST(ServerMail, AHandOverMailsTheSeatWhoseTurnItIsOncePerHandOver) {
  SmtpSink sink(temp_dir() / "smtp");
  if (!sink.running()) GTEST_SKIP() << sink.why();
  MailLog log;
  auto opt = TestServer::options();
  opt.mail.smtp = "127.0.0.1:" + std::to_string(sink.port());
  opt.mail.from = "bluegray@example.org";
  opt.mail.public_url = "https://bluegray.example.org";
  opt.mail.per_game_burst = 2;
  opt.mail.per_game_per_hour = 360;
  opt.mail_log = log.sink();
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const TwoSeat g = create_two_seat(s);
  ASSERT_EQ(
      s.post(g.path() + "/notify", Json{{"email", "grey@example.org"}}, g.confederate_token).status,
      200);
  ASSERT_EQ(s.post(g.path() + "/notify", Json{{"email", "blue@example.org"}}, g.union_token).status,
            200);
  EXPECT_EQ(s.get(g.path() + "/notify", g.union_token).body["mail"], true);

  Res move = s.post(g.path() + "/actions",
                    action({{"kind", "move"}, {"unit", "C"}, {"path", {"0304"}}}), g.union_token);
  ASSERT_EQ(move.status, 200) << move.body.dump();
  ASSERT_EQ(end_player_turn(s, g, "union"), "confederate");
  auto mails = sink.wait_for(1);
  ASSERT_EQ(mails.size(), 1u);
  const std::string& first = mails[0];
  EXPECT_NE(first.find("X-RcptTo: grey@example.org"), std::string::npos) << first;
  EXPECT_NE(first.find("To: <grey@example.org>"), std::string::npos) << first;
  EXPECT_NE(first.find("https://bluegray.example.org/g/" + g.id + "#" + g.confederate_token),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("as the Confederate player"), std::string::npos) << first;
  EXPECT_NE(first.find("Game-Turn 1"), std::string::npos) << first;
  EXPECT_EQ(first.find(g.union_token), std::string::npos);

  ASSERT_EQ(end_player_turn(s, g, "confederate"), "union");
  mails = sink.wait_for(2);
  ASSERT_EQ(mails.size(), 2u);
  EXPECT_NE(mails[1].find("X-RcptTo: blue@example.org"), std::string::npos) << mails[1];
  EXPECT_NE(mails[1].find("#" + g.union_token), std::string::npos) << mails[1];
  EXPECT_NE(mails[1].find("Game-Turn 2"), std::string::npos) << mails[1];

  // Past the rate: the Confederate's mail waits, and the Union's replaces it.
  ASSERT_EQ(end_player_turn(s, g, "union"), "confederate");
  EXPECT_TRUE(eventually([&] { return s.server().mail_stats().deferred >= 1; }));
  EXPECT_TRUE(log.has("past its mail rate"));
  ASSERT_EQ(end_player_turn(s, g, "confederate"), "union");
  EXPECT_EQ(s.server().mail_stats().coalesced, 1u);
  mails = sink.wait_for(3);
  ASSERT_EQ(mails.size(), 3u);
  EXPECT_NE(mails[2].find("X-RcptTo: blue@example.org"), std::string::npos) << mails[2];
  EXPECT_NE(mails[2].find("Game-Turn 3"), std::string::npos) << mails[2];
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(sink.messages().size(), 3u);
  EXPECT_EQ(s.server().mail_stats().sent, 3u);
}

// A mail that waited for the game's rate is checked against the game when it
// is due: the seat it is for has started playing meanwhile (an action, no
// hand-over), so the mail is not sent; and the next hand-over's mail goes.
TEST(ServerMail, AMailThatWaitedIsDroppedWhenTheGameMovedOnMeanwhile) {
  SmtpSink sink(temp_dir() / "smtp");
  if (!sink.running()) GTEST_SKIP() << sink.why();
  MailLog log;
  auto opt = TestServer::options();
  opt.mail.smtp = "127.0.0.1:" + std::to_string(sink.port());
  opt.mail.from = "bluegray@example.org";
  opt.mail.per_game_burst = 1;
  opt.mail.per_game_per_hour = 600;  // one more every 6 s
  opt.mail_log = log.sink();
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const TwoSeat g = create_two_seat(s);
  for (const char* side : {"union", "confederate"})
    ASSERT_EQ(s.post(g.path() + "/notify", Json{{"email", std::string(side) + "@example.org"}},
                     g.token_of(side))
                  .status,
              200);
  ASSERT_EQ(end_player_turn(s, g, "union"), "confederate");
  ASSERT_EQ(sink.wait_for(1).size(), 1u);
  // Past the rate: the Union's mail waits ...
  ASSERT_EQ(end_player_turn(s, g, "confederate"), "union");
  ASSERT_TRUE(eventually([&] { return s.server().mail_stats().deferred >= 1; }));
  // ... and the Union ends its Movement Phase meanwhile: still its turn, but
  // it is playing, and the mail would tell it nothing.
  Res r = s.post(g.path() + "/actions", action({{"kind", "end"}}), g.union_token);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["to_act"], "union");
  ASSERT_TRUE(eventually([&] { return s.server().mail_stats().stale == 1; }));
  EXPECT_TRUE(log.has("the game has moved on"));
  EXPECT_EQ(sink.messages().size(), 1u);
  EXPECT_EQ(s.server().mail_stats().sent, 1u);
  // A hand-over after that is mailed as usual (once the rate allows).
  ASSERT_EQ(end_player_turn(s, g, "union"), "confederate");
  const auto mails = sink.wait_for(2);
  ASSERT_EQ(mails.size(), 2u);
  EXPECT_NE(mails[1].find("X-RcptTo: confederate@example.org"), std::string::npos) << mails[1];
  EXPECT_NE(mails[1].find("Game-Turn 2"), std::string::npos) << mails[1];
}

// A relay that does not answer: each mail is tried `attempts` times, then
// given up and logged; the game goes on meanwhile, never waiting for it.
TEST(ServerMail, AnUnreachableRelayIsRetriedABoundedNumberOfTimesThenGivenUp) {
  MailLog log;
  auto opt = TestServer::options();
  opt.mail.smtp = "127.0.0.1:" + std::to_string(server::test::free_port());  // nobody listens
  opt.mail.from = "bluegray@example.org";
  opt.mail.attempts = 3;
  opt.mail.retry_delay = std::chrono::milliseconds(20);
  opt.mail_log = log.sink();
  TestServer s(opt);
  ASSERT_TRUE(s.running());
  const TwoSeat g = create_two_seat(s);
  ASSERT_EQ(
      s.post(g.path() + "/notify", Json{{"email", "grey@example.org"}}, g.confederate_token).status,
      200);
  ASSERT_EQ(end_player_turn(s, g, "union"), "confederate");
  EXPECT_TRUE(eventually([&] { return s.server().mail_stats().failed == 1; }));
  const auto st = s.server().mail_stats();
  EXPECT_EQ(st.retried, 2u);
  EXPECT_EQ(st.sent, 0u);
  EXPECT_TRUE(log.has("given up"));
  EXPECT_EQ(s.get(g.path(), g.confederate_token).status, 200);
  EXPECT_EQ(end_player_turn(s, g, "confederate"), "union");
}

}  // namespace
}  // namespace bg::test
