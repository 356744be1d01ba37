// Fair dice by commit-reveal (core/fair_dice.h, protocol/fair_dice_save.h,
// docs/server.md "Fair dice"): the rolls follow from the server's committed
// seed and both seats' contributions, a save carries all three, and
// `bluegray verify` proves every roll of its log or names what is wrong.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "ai/random_player.h"
#include "core/fair_dice.h"
#include "core/game.h"
#include "protocol/engine_session.h"
#include "protocol/fair_dice_save.h"
#include "protocol/game_setup.h"
#include "protocol/json_view.h"
#include "protocol/save_file.h"
#include "temp_dir.h"

namespace {

using namespace bg;
using protocol::Json;

core::Digest seed_bytes(uint8_t first) {
  core::Digest d{};
  for (size_t i = 0; i < d.size(); ++i) d[i] = static_cast<uint8_t>(first + i);
  return d;
}

TEST(FairDice, TheCommitmentIsTheSha256OfTheSeed) {
  // A published test vector: SHA-256 of 32 zero bytes.
  EXPECT_EQ(core::to_hex(core::sha256(core::Digest{})),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
  const core::Digest s = seed_bytes(7);
  EXPECT_EQ(core::digest_from_hex(core::to_hex(s)), s);
  EXPECT_FALSE(core::digest_from_hex("abc"));
  EXPECT_FALSE(core::digest_from_hex(std::string(64, 'g')));
}

TEST(FairDice, RollsAreEvenAndDependOnTheSeedAndBothContributions) {
  const core::DiceKey key = core::dice_key(seed_bytes(1), "alpha", "bravo");
  std::array<int, 7> counts{};
  for (uint64_t k = 0; k < 6000; ++k) {
    const int r = core::fair_roll(key, k);
    ASSERT_GE(r, 1);
    ASSERT_LE(r, 6);
    ++counts[static_cast<size_t>(r)];
  }
  // 1000 expected per face; the bound is about 5 standard deviations.
  for (int face = 1; face <= 6; ++face) EXPECT_NEAR(counts[static_cast<size_t>(face)], 1000, 150);
  auto sequence = [](const core::DiceKey& k) {
    std::string s;
    for (uint64_t i = 0; i < 40; ++i) s.push_back(static_cast<char>('0' + core::fair_roll(k, i)));
    return s;
  };
  const std::string base = sequence(key);
  EXPECT_NE(sequence(core::dice_key(seed_bytes(2), "alpha", "bravo")), base);
  EXPECT_NE(sequence(core::dice_key(seed_bytes(1), "alphb", "bravo")), base);
  EXPECT_NE(sequence(core::dice_key(seed_bytes(1), "alpha", "bravp")), base);
  // The contributions are length-prefixed: moving a character across the
  // boundary is a different pair.
  EXPECT_NE(sequence(core::dice_key(seed_bytes(1), "alphab", "ravo")), base);
  EXPECT_EQ(sequence(core::dice_key(seed_bytes(1), "alpha", "bravo")), base);
}

TEST(FairDice, ContributionsAreShortPlainTokens) {
  EXPECT_TRUE(core::valid_contribution("a1B2-_"));
  EXPECT_TRUE(core::valid_contribution(std::string(64, 'f')));
  EXPECT_FALSE(core::valid_contribution(""));
  EXPECT_FALSE(core::valid_contribution(std::string(65, 'f')));
  EXPECT_FALSE(core::valid_contribution("a b"));
  EXPECT_FALSE(core::valid_contribution("\"x\""));
}

// ---- a game played with committed dice ------------------------------------

protocol::NewParams rtr_params() {
  auto p = protocol::new_params_from_json(Json::parse(R"({"scenario":"road-to-richmond"})"));
  EXPECT_TRUE(p.ok());
  return *p;
}

protocol::FairDiceRecord record_for(const core::Digest& seed) {
  protocol::FairDiceRecord r;
  r.commitment = core::to_hex(core::sha256(seed));
  r.union_seed = "union-nonce-1";
  r.confederate_seed = "c0nfederate";
  r.seed = core::to_hex(seed);
  return r;
}

// A random-legal Road to Richmond game on committed dice, long enough to
// roll a good many dice, saved with its fair-dice record.
Json played_save(int actions = 400) {
  const protocol::NewParams params = rtr_params();
  auto g = protocol::make_game(params);
  EXPECT_TRUE(g.ok());
  const core::Digest seed = seed_bytes(42);
  const protocol::FairDiceRecord rec = record_for(seed);
  EXPECT_TRUE(g->commit_dice(core::dice_key(seed, rec.union_seed, rec.confederate_seed)).ok());
  ai::RandomPlayer player;
  ai::Rng rng(5);
  for (int i = 0; i < actions && !g->over(); ++i) (void)g->apply(player.choose(*g, rng));
  return protocol::save_json(*g, params, &rec);
}

// The first log entry that rolled a die.
size_t first_roll(const Json& save) {
  const Json& log = save.at("log");
  for (size_t i = 0; i < log.size(); ++i)
    if (!log[i].at("rolls").empty()) return i;
  ADD_FAILURE() << "no die was rolled";
  return 0;
}

TEST(FairDice, AVerifiedGamePassesAndLoads) {
  const Json save = played_save();
  size_t rolls = 0;
  for (const Json& e : save.at("log")) rolls += e.at("rolls").size();
  ASSERT_GE(rolls, 5u) << "the game should roll some dice";
  const protocol::Verdict v = protocol::verify_save(save);
  EXPECT_TRUE(v.ok) << v.message;
  EXPECT_NE(v.message.find("all " + std::to_string(rolls) + " rolls follow"), std::string::npos)
      << v.message;
  auto loaded = protocol::restore(save);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_TRUE(loaded->game.state().dice.is_committed());
}

TEST(FairDice, TheRollsAreTheCommittedOnesNotTheSeededDie) {
  // The same game on the plain die seeded by "seed" rolls differently: the
  // committed key, not the parameters' seed, decides.
  const Json save = played_save();
  Json plain = save;
  plain.erase("fair_dice");
  auto loaded = protocol::restore(plain);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find("dice rolled differ"), std::string::npos)
      << loaded.error().message;
}

TEST(FairDice, ATamperedRollIsFoundWithItsEntry) {
  Json save = played_save();
  const size_t i = first_roll(save);
  Json& rolls = save["log"][i]["rolls"];
  const int was = rolls[0].get<int>();
  rolls[0] = was % 6 + 1;
  const protocol::Verdict v = protocol::verify_save(save);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "log entry " + std::to_string(i + 1) + " (" +
                           save["log"][i]["kind"].get<std::string>() + "): the log says die " +
                           std::to_string(was % 6 + 1) +
                           ", but the seed and the contributions give " + std::to_string(was) +
                           " (roll 1 of the game)");
}

TEST(FairDice, ATamperedSeedOrCommitmentDoesNotMatch) {
  const Json save = played_save(60);
  for (const char* field : {"seed", "commitment"}) {
    SCOPED_TRACE(field);
    Json bad = save;
    std::string hex = bad["fair_dice"][field].get<std::string>();
    hex[0] = hex[0] == '0' ? '1' : '0';
    bad["fair_dice"][field] = hex;
    const protocol::Verdict v = protocol::verify_save(bad);
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.message.rfind("the seed does not match the commitment: SHA-256(seed) is ", 0), 0u)
        << v.message;
    EXPECT_FALSE(protocol::restore(bad).ok()) << "a load checks the commitment too";
  }
}

TEST(FairDice, ATamperedContributionChangesTheRolls) {
  Json save = played_save();
  save["fair_dice"]["contributions"]["confederate"] = "c0nfederatf";
  // The first roll the changed contribution gives differently (each roll has
  // a one in six chance of being the same by luck).
  const core::DiceKey changed = core::dice_key(seed_bytes(42), "union-nonce-1", "c0nfederatf");
  uint64_t k = 0;
  std::string expected;
  for (size_t i = 0; i < save["log"].size() && expected.empty(); ++i)
    for (const Json& r : save["log"][i]["rolls"]) {
      const int want = core::fair_roll(changed, k++);
      if (r.get<int>() == want) continue;
      expected = "log entry " + std::to_string(i + 1) + " (" +
                 save["log"][i]["kind"].get<std::string>() + "): the log says die " +
                 std::to_string(r.get<int>()) + ", but the seed and the contributions give " +
                 std::to_string(want) + " (roll " + std::to_string(k) + " of the game)";
      break;
    }
  ASSERT_FALSE(expected.empty());
  const protocol::Verdict v = protocol::verify_save(save);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, expected);
}

TEST(FairDice, ASaveFromBeforeFairDiceHasNoCommitment) {
  Json save = played_save(30);
  save.erase("fair_dice");
  const protocol::Verdict v = protocol::verify_save(save);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message.rfind("no commitment:", 0), 0u) << v.message;
  // And a real old save (tests/locks) too.
  EXPECT_EQ(protocol::verify_file(BLUEGRAY_SOURCE_DIR
                                  "/tests/locks/positions/rtr1977_pending_advance.json")
                .message.rfind("no commitment:", 0),
            0u);
}

TEST(FairDice, AnUnrevealedSeedOrAMissingContributionCannotBeChecked) {
  Json save = played_save(30);
  Json hidden = save;
  hidden["fair_dice"]["seed"] = nullptr;
  EXPECT_EQ(protocol::verify_save(hidden).message,
            "the seed is not revealed yet: the rolls cannot be recomputed");
  Json missing = save;
  missing["fair_dice"]["contributions"]["union"] = nullptr;
  EXPECT_EQ(protocol::verify_save(missing).message,
            "a seat's contribution is missing: the rolls cannot be recomputed");
  Json junk = save;
  junk["fair_dice"]["contributions"]["union"] = "no spaces";
  EXPECT_FALSE(protocol::verify_save(junk).ok);
  junk["fair_dice"] = "x";
  EXPECT_FALSE(protocol::verify_save(junk).ok);
}

TEST(FairDice, ForcedDiceAreNotFair) {
  const protocol::NewParams params = rtr_params();
  auto g = protocol::make_game(params);
  ASSERT_TRUE(g.ok());
  const core::Digest seed = seed_bytes(3);
  const protocol::FairDiceRecord rec = record_for(seed);
  ASSERT_TRUE(g->commit_dice(core::dice_key(seed, rec.union_seed, rec.confederate_seed)).ok());
  core::Action d;
  d.kind = core::ActionKind::Dice;
  d.dice.push_back(6);
  ASSERT_TRUE(g->apply(d).ok());
  const protocol::Verdict v = protocol::verify_save(protocol::save_json(*g, params, &rec));
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message,
            "log entry 1 (dice): forced dice (a testing tool); the rolls after it are not the "
            "seed's");
}

TEST(FairDice, TheDieIsKeyedBeforeTheFirstRollAndNeverShownInAView) {
  const Json save = played_save();
  auto loaded = protocol::restore(save);
  ASSERT_TRUE(loaded.ok());
  core::Game& g = loaded->game;
  const core::DiceKey other = core::dice_key(seed_bytes(9), "a", "b");
  EXPECT_FALSE(g.commit_dice(other).ok()) << "dice already rolled";
  EXPECT_TRUE(g.state().dice.is_committed());
  EXPECT_FALSE(g.view_for(core::Side::Union).state().dice.is_committed());
  EXPECT_FALSE(g.view_for(core::Side::Confederate).state().dice.is_committed());
}

TEST(FairDice, TheEngineLoadsAFairSavePlaysOnAndSavesItsRecordAgain) {
  const auto dir = bg::test::fresh_temp_dir("bluegray_fair_engine_test");
  const std::string first = (dir / "a.json").string(), second = (dir / "b.json").string();
  ASSERT_TRUE(protocol::write_save(first, played_save(150)).ok());
  protocol::EngineSession session;
  ASSERT_EQ(session.handle("load " + first)["ok"], true);
  // Play on with the committed die: the random player's actions, then save.
  ai::RandomPlayer player;
  ai::Rng rng(11);
  core::Game g = *session.game();
  int rolled = 0;
  for (int i = 0; i < 300 && !g.over(); ++i)
    if (g.apply(player.choose(g, rng)).ok())
      rolled += static_cast<int>(g.log().back().rolls.size());
  ASSERT_GT(rolled, 0);
  Json more = protocol::save_json(g, session.params(), nullptr);
  // The session's own save of the loaded game keeps the record.
  ASSERT_EQ(session.handle("save " + second)["ok"], true);
  const protocol::Verdict v = protocol::verify_file(second);
  EXPECT_TRUE(v.ok) << v.message;
  auto reloaded = protocol::read_save(second);
  ASSERT_TRUE(reloaded.ok()) << reloaded.error().message;
  ASSERT_TRUE(reloaded->fair);
  // Played on past the save: the same record proves the later rolls too.
  more["fair_dice"] = protocol::fair_dice_json(*reloaded->fair);
  EXPECT_TRUE(protocol::verify_save(more).ok) << protocol::verify_save(more).message;
  std::filesystem::remove_all(dir);
}

// ---- the command --------------------------------------------------------------

int run_verify(const std::filesystem::path& file, const std::filesystem::path& out) {
  const std::string cmd =
      std::string(BLUEGRAY_BINARY) + " verify " + file.string() + " >" + out.string() + " 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(FairDice, TheVerifyCommandPrintsItsVerdictAndExitCode) {
  const auto dir = bg::test::fresh_temp_dir("bluegray_verify_test");
  const Json save = played_save(200);
  ASSERT_TRUE(protocol::write_save((dir / "good.json").string(), save).ok());
  EXPECT_EQ(run_verify(dir / "good.json", dir / "out"), 0);
  EXPECT_EQ(slurp(dir / "out").rfind("OK: SHA-256(seed) matches the commitment", 0), 0u)
      << slurp(dir / "out");
  Json bad = save;
  bad["fair_dice"]["seed"] = std::string(64, '0');
  ASSERT_TRUE(protocol::write_save((dir / "bad.json").string(), bad).ok());
  EXPECT_EQ(run_verify(dir / "bad.json", dir / "out"), 1);
  EXPECT_EQ(slurp(dir / "out").rfind("FAILED: the seed does not match the commitment", 0), 0u);
  EXPECT_EQ(run_verify(dir / "missing.json", dir / "out"), 1);
  EXPECT_EQ(slurp(dir / "out").rfind("FAILED: cannot read", 0), 0u) << slurp(dir / "out");
  std::filesystem::remove_all(dir);
}

}  // namespace
