// The protocol's one-action AI commands: `ai move` (what an engine answers a
// match's referee: one action, not applied, from a player kept between calls)
// and `ai hint` (the suggested action for a person, with why); and
// command_text, the command that makes a logged action, which the referee
// feeds to the engines.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/action_json.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "protocol/text_view.h"

namespace bg::test {
namespace {

using protocol::EngineSession;
using protocol::Json;

Json ok(EngineSession& s, const std::string& line) {
  Json r = s.handle(line);
  EXPECT_TRUE(r.value("ok", false)) << line << " -> " << protocol::dump_line(r);
  return r;
}

TEST(ProtocolHint, SuggestsALegalActionWithItsReasonsAndChangesNothing) {
  EngineSession s;
  ok(s, "new road-to-richmond seed=3");
  const size_t before = s.game()->log().size();
  const std::string state = protocol::dump_line(ok(s, "state"));
  const Json h = ok(s, "ai hint player=ai-easy");
  EXPECT_EQ(h["side"], "confederate");
  ASSERT_TRUE(h["command"].is_string());
  EXPECT_EQ(h["action"]["kind"], "enter");  // Game-Turn 1: the column enters (15.22)
  ASSERT_FALSE(h["explain"].empty());
  EXPECT_NE(h["explain"][0].get<std::string>().find("confederate movement"), std::string::npos);
  EXPECT_EQ(s.game()->log().size(), before);
  EXPECT_EQ(protocol::dump_line(ok(s, "state")), state);
  // `bluegray play` shows it as a sentence with the reasons.
  const std::string text = protocol::render_text("ai hint", h);
  EXPECT_EQ(text.rfind("The computer suggests, for the confederate: enter ", 0), 0u) << text;
  EXPECT_NE(text.find("\n  - Game-Turn 1"), std::string::npos) << text;
  // The suggestion is legal: playing it is accepted.
  ok(s, h["command"].get<std::string>());
  EXPECT_EQ(s.game()->log().size(), before + 1);
}

TEST(ProtocolHint, AnswersAPendingDecisionOfTheSideAsked) {
  EngineSession s;
  ok(s, "new sandbox cols=10 rows=10 seed=7");
  ok(s, "unit A union inf 13 0405");
  ok(s, "unit C union inf 5 0306");
  ok(s, "unit B confederate inf 4 0406");
  ok(s, "end");
  ok(s, "dice 4");
  const Json r = ok(s, "attack A,C 0406");  // 4-1, die 4: Dr (docs/protocol.md's example)
  ASSERT_EQ(r["result"], "Dr");
  const Json h = ok(s, "ai hint");
  EXPECT_EQ(h["side"], "confederate");
  EXPECT_EQ(h["action"]["kind"], "retreat");
  EXPECT_EQ(h["command"].get<std::string>().rfind("retreat B ", 0), 0u) << h["command"];
  ok(s, h["command"].get<std::string>());
}

TEST(ProtocolHint, RefusesUnknownPlayersAndMixedNames) {
  EngineSession s;
  ok(s, "new road-to-richmond seed=3");
  EXPECT_FALSE(s.handle("ai hint player=nobody").value("ok", true));
  EXPECT_FALSE(s.handle("ai move player=ref-2026 level=easy").value("ok", true));
  EXPECT_FALSE(s.handle("ai hint bogus").value("ok", true));
  EXPECT_TRUE(s.handle("ai hint player=ref-2026").value("ok", false));
}

// `ai move`, answered and played one action at a time, plays the player-turn
// exactly as `ai` plays it at once (the same player, kept between calls).
TEST(ProtocolAiMove, OneActionAtATimePlaysAsTheWholeTurn) {
  EngineSession whole, stepwise;
  for (EngineSession* s : {&whole, &stepwise}) ok(*s, "new road-to-richmond seed=21");
  ok(whole, "ai player=ai-easy seed=77");
  std::vector<std::string> want;
  for (const core::LogEntry& e : whole.game()->log())
    want.push_back(protocol::command_text(*whole.game(), e.action));
  std::vector<std::string> got;
  while (stepwise.game()->to_act() == core::Side::Confederate && got.size() < 400) {
    const Json m = ok(stepwise, "ai move player=ai-easy seed=77");
    EXPECT_EQ(m["side"], "confederate");
    got.push_back(m["command"].get<std::string>());
    ok(stepwise, got.back());
  }
  EXPECT_GT(want.size(), 10u);
  EXPECT_EQ(got, want);
}

// command_text makes the very action that was logged: a game replayed from
// the commands (dice fed before each roll, as the match referee feeds its
// engines) ends in the same state, though its own dice are seeded otherwise.
TEST(ProtocolCommandText, ReplaysAGameFromItsCommands) {
  EngineSession played, replayed;
  ok(played, "new road-to-richmond seed=5");
  for (int i = 0; i < 200 && !played.game()->over() && played.game()->state().turn < 4; ++i)
    ok(played, "ai player=ai-easy nodes=60");
  ASSERT_GE(played.game()->state().turn, 4);
  ok(replayed, "new road-to-richmond seed=6");
  int attacks = 0;
  for (const core::LogEntry& e : played.game()->log()) {
    std::string dice;
    for (uint8_t d : e.rolls) dice += " " + std::to_string(static_cast<int>(d));
    if (!dice.empty()) ok(replayed, "dice" + dice);
    const std::string text = protocol::command_text(*played.game(), e.action);
    ASSERT_FALSE(text.empty());
    attacks += e.action.kind == core::ActionKind::Attack;
    ok(replayed, text);
  }
  EXPECT_GT(attacks, 0);
  Json a = ok(played, "state"), b = ok(replayed, "state");
  EXPECT_EQ(protocol::dump_line(a), protocol::dump_line(b));
}

}  // namespace
}  // namespace bg::test
