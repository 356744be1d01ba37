// Tournaments that scale out: `--shard K/N` plays a deterministic slice of
// the games, and merging the shards' results gives the one run's report
// exactly (run times aside).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/command_parser.h"
#include "protocol/game_setup.h"
#include "study/tournament.h"
#include "study/tournament_merge.h"
#include "study/tournament_report.h"
#include "temp_dir.h"

namespace bg::test {
namespace {

namespace fs = std::filesystem;

study::TournamentSpec spec_of(int games) {
  study::TournamentSpec spec;
  spec.union_player = "random";
  spec.confederate_player = "random";
  spec.games = games;
  spec.jobs = 2;
  spec.seed = 31;
  spec.rules = "road-to-richmond edition=spi1977";
  spec.make_game = [](uint64_t seed) {
    auto c = protocol::parse_command("new road-to-richmond edition=spi1977");
    protocol::NewParams p = c->params;
    p.seed = seed;
    return protocol::make_game(p);
  };
  return spec;
}

void no_times(study::TournamentResult& r) {
  r.seconds = 0;
  for (study::GameResult& g : r.games) g.seconds = 0;
}

// Every report file of a match, as text.
std::string reports(const study::TournamentResult& r) {
  return study::results_csv(r) + study::results_json(r) + study::vp_histogram_svg(r) +
         study::win_rates_svg(r) + study::summary_text(r);
}

TEST(TournamentShard, MergingTheShardsGivesTheOneRunsReport) {
  study::TournamentResult one = study::run_tournament(spec_of(5));
  std::vector<study::TournamentResult> shards;
  std::vector<int> played;
  for (int k = 1; k <= 3; ++k) {
    study::TournamentSpec s = spec_of(5);
    s.shard = k;
    s.shards = 3;
    const study::TournamentResult part = study::run_tournament(s);
    for (const study::GameResult& g : part.games) played.push_back(g.index);
    // Through the files, as `tournament merge` reads them.
    auto back = study::parse_results_json(study::results_json(part));
    ASSERT_TRUE(back.ok()) << back.error().message;
    shards.push_back(std::move(*back));
  }
  EXPECT_EQ(played, (std::vector<int>{0, 3, 1, 4, 2}));  // i % 3 == k - 1
  auto merged = study::merge_shards(shards);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  no_times(one);
  no_times(*merged);
  EXPECT_EQ(reports(*merged), reports(one));
  EXPECT_NE(study::results_json(*merged).find("\"shard\":\"1/1\""), std::string::npos);
}

TEST(TournamentShard, RefusesShardsThatAreNotOneWholeMatch) {
  std::vector<study::TournamentResult> shards;
  for (int k = 1; k <= 2; ++k) {
    study::TournamentSpec s = spec_of(2);
    s.shard = k;
    s.shards = 2;
    shards.push_back(study::run_tournament(s));
  }
  auto missing = study::merge_shards({shards[0]});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("in no shard"), std::string::npos);
  auto twice = study::merge_shards({shards[0], shards[1], shards[1]});
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().message.find("in two shards"), std::string::npos);
  study::TournamentResult other = shards[1];
  other.spec.seed = 32;
  EXPECT_FALSE(study::merge_shards({shards[0], other}).ok());
  EXPECT_FALSE(study::parse_results_json("{\"union_player\":1}").ok());
  EXPECT_FALSE(study::parse_results_json("not json").ok());
  int k = 0, n = 0;
  EXPECT_TRUE(study::parse_shard("2/5", k, n));
  EXPECT_EQ(k, 2);
  EXPECT_EQ(n, 5);
  for (const char* bad : {"0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", "/2"})
    EXPECT_FALSE(study::parse_shard(bad, k, n)) << bad;
}

std::string csv_without_seconds(const fs::path& p) {
  std::ifstream in(p);
  std::string out, line;
  while (std::getline(in, line)) {
    // The 12th column is the game's run time.
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, ',');) cols.push_back(c);
    if (cols.size() > 11) cols[11].clear();
    for (const std::string& c : cols) out += c + ",";
    out += "\n";
  }
  return out;
}

// The same through the command line, as a cluster's job array would run it.
TEST(TournamentShard, TheCommandLineShardsAndMerges) {
  const fs::path base = bg::test::fresh_temp_dir("bluegray_shards");
  const std::string bin = std::string(BLUEGRAY_BINARY) +
                          " tournament --union random --confederate random --games 3 --seed 9"
                          " --quiet";
  auto run = [](const std::string& cmd) {
    return std::system((cmd + " > /dev/null 2>&1").c_str());
  };
  ASSERT_EQ(run(bin + " --out " + (base / "one").string()), 0);
  for (int k = 1; k <= 2; ++k)
    ASSERT_EQ(run(bin + " --shard " + std::to_string(k) + "/2 --out " +
                  (base / ("s" + std::to_string(k))).string()),
              0);
  ASSERT_EQ(run(std::string(BLUEGRAY_BINARY) + " tournament merge " + (base / "s2").string() + " " +
                (base / "s1").string() + " --out " + (base / "merged").string()),
            0);
  EXPECT_EQ(csv_without_seconds(base / "merged" / "results.csv"),
            csv_without_seconds(base / "one" / "results.csv"));
  // A missing shard is refused, and so is a bad --shard.
  EXPECT_NE(run(std::string(BLUEGRAY_BINARY) + " tournament merge " + (base / "s1").string() +
                " --out " + (base / "bad").string()),
            0);
  EXPECT_NE(run(bin + " --shard 3/2 --out " + (base / "bad").string()), 0);
}

}  // namespace
}  // namespace bg::test
