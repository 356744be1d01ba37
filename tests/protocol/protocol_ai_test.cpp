// The protocol's `ai` command: the computer plays the side to act for its
// whole player-turn (or the decision asked of it), legally, deterministically,
// on that side's view of the game.
#include <gtest/gtest.h>

#include <string>

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

TEST(ProtocolAi, PlaysTheWholeConfederateMovementPhaseLegally) {
  EngineSession s;
  ok(s, "new road-to-richmond seed=3");
  const Json r = ok(s, "ai level=easy nodes=40 explain");
  EXPECT_EQ(r["side"], "confederate");
  EXPECT_FALSE(r["actions"].empty());
  EXPECT_FALSE(r["explain"].empty());
  EXPECT_FALSE(r.contains("stopped")) << protocol::dump_line(r);
  // Every action it reports is in the game's log (the engine accepted it).
  EXPECT_EQ(r["actions"].size(), s.game()->log().size());
  // It played on until another side had to act.
  EXPECT_NE(s.game()->to_act(), core::Side::Confederate);
}

TEST(ProtocolAi, SameGameSameCommandSamePlay) {
  EngineSession a, b;
  for (EngineSession* s : {&a, &b}) ok(*s, "new road-to-richmond seed=9");
  EXPECT_EQ(ok(a, "ai level=easy nodes=30")["actions"], ok(b, "ai level=easy nodes=30")["actions"]);
}

TEST(ProtocolAi, TheUnionPlaysTheSameWhateverTheSecretChoice) {
  // 22.32 / 17.62: the Union's play may not depend on what the Confederate
  // player wrote down.
  EngineSession a, b;
  ok(a, "new road-to-richmond exclusive=revised seed=4");
  ok(b, "new road-to-richmond exclusive=revised seed=4");
  ok(b, "defer Pickett 15");
  ok(b, "defer Wilcox 18");
  for (EngineSession* s : {&a, &b}) {
    ok(*s, "end");
    ok(*s, "end");
  }
  const Json ua = ok(a, "ai level=easy nodes=40 seed=5");
  const Json ub = ok(b, "ai level=easy nodes=40 seed=5");
  EXPECT_EQ(ua["side"], "union");
  EXPECT_EQ(ua["actions"], ub["actions"]);
}

TEST(ProtocolAi, PlayShowsWhatTheComputerDidAndWhy) {
  EngineSession s;
  ok(s, "new road-to-richmond seed=3");
  const std::string text =
      protocol::render_text("ai level=easy explain", ok(s, "ai level=easy explain"));
  EXPECT_EQ(text.rfind("The computer (confederate) made ", 0), 0u) << text;
  EXPECT_NE(text.find("\n  enter "), std::string::npos) << text;
  EXPECT_NE(text.find("\n  - "), std::string::npos) << text;
}

TEST(ProtocolAi, BadArgumentsAreRefused) {
  EngineSession s;
  ok(s, "new sandbox");
  for (const char* bad : {"ai level=genius", "ai posture=run", "ai nodes=0", "ai fast"})
    EXPECT_FALSE(s.handle(bad)["ok"].get<bool>()) << bad;
}

}  // namespace
}  // namespace bg::test
