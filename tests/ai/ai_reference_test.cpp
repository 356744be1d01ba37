// ref-2026, the frozen reference player (ai/reference.h): it plays exactly as
// ai-normal did when it was frozen, keeps its own budget, and a seeded
// ref-2026 game is locked by its digest (tests/locks/ref2026_digest.txt).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/reference.h"
#include "protocol/action_json.h"
#include "protocol/command_parser.h"
#include "protocol/game_setup.h"

namespace bg::test {
namespace {

using core::Game;

// A level as a tournament makes it (ai::make_player), but without the wall-clock
// safety cap (0: none), so that its game depends on the seed alone, not on how
// loaded the machine is (sanitizers, a busy CI).
std::unique_ptr<ai::Player> uncapped(const std::string& name, uint64_t seed) {
  ai::AiConfig c = ai::named_ai_config(name, seed).value();
  c.seed = seed;
  c.time_cap_s = 0;
  return std::make_unique<ai::AiPlayer>(c);
}

// The game `rules` (a `new` line without seed) with dice seed `seed`, played by
// the two players (seeded as a tournament seeds them) until the end or the
// start of Game-Turn `until`: every action as its protocol command, with the
// dice it rolled, and the final points.
std::vector<std::string> play(const std::string& rules, uint64_t seed, const std::string& union_p,
                              const std::string& confederate_p, int until) {
  auto cmd = protocol::parse_command(rules + " seed=" + std::to_string(seed));
  EXPECT_TRUE(cmd.ok());
  auto made = protocol::make_game(cmd->params);
  EXPECT_TRUE(made.ok());
  Game g = std::move(*made);
  std::unique_ptr<ai::Player> p[2] = {uncapped(union_p, seed * 2 + 1),
                                      uncapped(confederate_p, seed * 2 + 2)};
  std::vector<std::string> out;
  while (!g.over() && g.state().turn < until && out.size() < 20000) {
    const auto side = g.to_act();
    if (!side) break;
    const core::Action a = p[static_cast<size_t>(*side)]->choose(g);
    const std::string text = protocol::command_text(g, a);
    auto r = g.apply(a);
    EXPECT_TRUE(r.ok()) << text << ": " << r.error().message;
    if (!r.ok()) break;
    std::string line = text;
    for (uint8_t d : g.log().back().rolls) line += " /" + std::to_string(static_cast<int>(d));
    out.push_back(line);
  }
  const auto v = g.victory();
  out.push_back("vp " + std::to_string(v.total[0]) + " " + std::to_string(v.total[1]));
  return out;
}

TEST(AiReference, IsAPlayerWhereverPlayersAreNamed) {
  EXPECT_TRUE(ai::valid_player_spec("ref-2026"));
  EXPECT_TRUE(ai::valid_player_spec("ref-2026:stand"));
  EXPECT_FALSE(ai::valid_player_spec("ref-2025"));
  auto p = ai::make_player("ref-2026", 7, 50);  // a match's --budget does not move it
  auto* ai_p = dynamic_cast<ai::AiPlayer*>(p.get());
  ASSERT_NE(ai_p, nullptr);
  EXPECT_EQ(p->name(), "ref-2026");
  EXPECT_EQ(ai_p->config().node_budget, 1200);
  EXPECT_EQ(ai_p->config().candidates, 6);
  EXPECT_EQ(ai_p->config().population, 24);
  EXPECT_EQ(
      dynamic_cast<ai::AiPlayer*>(ai::make_player("ai-normal", 7, 50).get())->config().node_budget,
      50);
}

uint64_t fnv1a(const std::vector<std::string>& lines) {
  uint64_t h = 1469598103934665603ull;
  for (const std::string& l : lines)
    for (char ch : l + "\n") {
      h ^= static_cast<unsigned char>(ch);
      h *= 1099511628211ull;
    }
  return h;
}

// The lock: a whole seeded ref-2026 game, as a digest of its actions, dice and
// points. Regenerate only on purpose: BLUEGRAY_WRITE_LOCKS=1 rewrites the file;
// a change of ref-2026's play is a change of the reference every published
// figure was measured against.
TEST(AiReference, LockedByTheDigestOfASeededGame) {
  const auto game = play("new road-to-richmond", 2026, "ref-2026", "ref-2026", 99);
  ASSERT_EQ(game.back().rfind("vp ", 0), 0u);
  std::ostringstream digest;
  digest << std::hex << fnv1a(game) << std::dec << " " << game.size() - 1 << " actions, "
         << game.back() << "\n";
  const std::string path = std::string(BLUEGRAY_SOURCE_DIR) + "/tests/locks/ref2026_digest.txt";
  if (std::getenv("BLUEGRAY_WRITE_LOCKS")) {
    std::ofstream(path) << digest.str();
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << path;
  std::string want;
  std::getline(in, want);
  EXPECT_EQ(want + "\n", digest.str())
      << "ref-2026 no longer plays the locked game (see ai/reference.h)";
}

}  // namespace
}  // namespace bg::test
