// Random-legal games with the command modules on a small sandbox with
// headquarters: the random player (ai/random_player.h) picks every action
// from the core's legal-action generator, which asks the modules (FR 8's
// frozen commands, ordered attacks, FR 9's die). Every action it picks must
// be accepted, headquarters never count against stacking, frozen units never
// move, and the log replays to the same state.
#include <gtest/gtest.h>

#include "ai/random_player.h"
#include "modules_command_fixture.h"

namespace bg::test {
namespace {

constexpr const char* kChain = R"(
hq UArmy army radius=4
hq UCorps corps parent=UArmy radius=4 judgment=4 offensive=1 defensive=1
hq UDiv division parent=UCorps radius=4
hq UCav cavalry-corps parent=UArmy radius=4
hq CArmy army radius=8 offensive=1 defensive=1
hq CCorps corps parent=CArmy radius=8 judgment=3
hq CStuart cavalry-corps parent=CArmy radius=8 judgment=6f offensive=1
unit U1 hq=UCorps
unit U2 hq=UCorps
unit U3 hq=UDiv
unit UR hq=UCav judgment=2
unit C1 hq=CCorps
unit C2 hq=CCorps
unit C3 hq=CArmy
unit CR hq=CStuart
)";

void set_up(CommandBox& b) {
  b.hq("UArmy", Side::Union, "0102");
  b.hq("UCorps", Side::Union, "0203");
  b.hq("UDiv", Side::Union, "0304");
  b.hq("UCav", Side::Union, "0402");
  b->inf("U1", Side::Union, 4, "0203");
  b->inf("U2", Side::Union, 3, "0303");
  b->inf("U3", Side::Union, 3, "0304");
  b->unit("UR", Side::Union, UnitType::Cavalry, 2, "0402");
  b->unit("UA", Side::Union, UnitType::Artillery, 2, "0202");
  b.hq("CArmy", Side::Confederate, "0909");
  b.hq("CCorps", Side::Confederate, "0808");
  b.hq("CStuart", Side::Confederate, "0907");
  b->inf("C1", Side::Confederate, 3, "0808");
  b->inf("C2", Side::Confederate, 3, "0708");
  b->inf("C3", Side::Confederate, 2, "0909");
  b->unit("CR", Side::Confederate, UnitType::Cavalry, 2, "0907");
}

void play(const std::vector<std::string>& modules, uint64_t seed) {
  RulesConfig rules = CommandBox::ae_rules();
  rules.turns = 8;
  rules.seed = seed;
  CommandBox b(kChain, modules, rules, 10, 10);
  set_up(b);
  const auto* orders = static_cast<const modules::OrdersModule*>(b.rules_ptr->find("orders"));
  ai::RandomPlayer player;
  ai::Rng rng(seed);
  int actions = 0;
  while (!b->game().over() && actions < 4000) {
    const Action a = player.choose(b->game(), rng);
    const GameState before = b->state();
    auto r = b->game().apply(a);
    ASSERT_TRUE(r.ok()) << "seed " << seed
                        << ": the random player's action was refused: " << r.error().message;
    ++actions;
    if (orders && a.kind == ActionKind::Move) {
      EXPECT_EQ(orders->status_of(before, a.unit), modules::OrderStatus::Free)
          << "a frozen unit moved";
    }
    if (a.kind == ActionKind::End && before.phase == Phase::Movement) {
      for (HexId h : b->game().map().hexes())
        for (Side s : {Side::Union, Side::Confederate})
          ASSERT_LE(before.phasing == s ? b->game().board().stacked(s, h) : 0, 2);
    }
  }
  ASSERT_TRUE(b->game().over()) << "seed " << seed << ": the game did not finish";
  // The log replays to the same state (every roll comes from the game's dice).
  CommandBox replay(kChain, modules, rules, 10, 10);
  for (const LogEntry& e : b->game().log()) {
    if (e.action.kind == ActionKind::PlaceUnit) {
      auto r = replay->game().apply(e.action);
      ASSERT_TRUE(r.ok());
      continue;
    }
    auto r = replay->game().apply(e.action);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }
  EXPECT_TRUE(replay->state() == b->state());
}

TEST(FR_7, RandomLegalGamesWithTheCommandModuleRunToTheEnd) {
  for (uint64_t seed = 1; seed <= 6; ++seed) play({"command"}, seed);
}

TEST(FR_8, RandomLegalGamesWithTheOrdersModuleRunToTheEnd) {
  for (uint64_t seed = 1; seed <= 6; ++seed) play({"orders"}, seed);
}

TEST(FR_9, RandomLegalGamesWithTheTacticsModuleRunToTheEnd) {
  for (uint64_t seed = 1; seed <= 6; ++seed) play({"tactics"}, seed);
}

TEST(FR_8, RandomLegalGamesWithEveryCommandModuleRunToTheEnd) {
  for (uint64_t seed = 1; seed <= 6; ++seed) play({"command", "orders", "tactics"}, seed);
}

}  // namespace
}  // namespace bg::test
