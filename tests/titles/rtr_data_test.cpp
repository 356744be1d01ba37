// Bad scenario data is refused when a game is made, naming the file, the line
// or hex, and what is wrong; the good data loads.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "titles/road_to_richmond/rtr_setup.h"

namespace bg::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A copy of data/ in a temporary directory, with one file's text replaced.
class DataCopy {
 public:
  DataCopy() {
    dir_ = fs::temp_directory_path() /
           ("bluegray-rtr-data-" + std::to_string(++next_) + "-" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "road-to-richmond");
    for (const char* f : {"map.txt", "oob.txt", "ai-weights-tournament.txt"})
      fs::copy_file(fs::path(BLUEGRAY_SOURCE_DIR) / "data/road-to-richmond" / f,
                    dir_ / "road-to-richmond" / f, fs::copy_options::overwrite_existing);
  }
  ~DataCopy() { fs::remove_all(dir_); }
  void edit(const char* file, const std::string& from, const std::string& to) {
    const fs::path p = dir_ / "road-to-richmond" / file;
    std::string text = slurp(p);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(p) << text;
  }
  void remove(const char* file) { fs::remove(dir_ / "road-to-richmond" / file); }
  std::string error() const {
    auto g = titles::rtr::make_road_to_richmond(titles::rtr::RtrSetup{}, dir_.string());
    return g.ok() ? std::string() : g.error().message;
  }

 private:
  static inline int next_ = 0;
  fs::path dir_;
};

TEST(RtrData, TheShippedDataLoads) {
  DataCopy d;
  EXPECT_EQ(d.error(), "");
}

TEST(RtrData, AnOrderOfBattleHexOffTheMapIsRefusedWithItsLine) {
  DataCopy d;
  d.edit("oob.txt", "setup union 1404 2c 1/CR", "setup union 3004 2c 1/CR");
  const std::string e = d.error();
  EXPECT_NE(e.find("oob.txt:"), std::string::npos) << e;
  EXPECT_NE(e.find("hex 3004 is not on the map"), std::string::npos) << e;
  d.edit("oob.txt", "setup union 3004 2c 1/CR", "setup union 0000 2c 1/CR");
  EXPECT_NE(d.error().find("hex 0000 is not on the map"), std::string::npos) << d.error();
}

// 14.22 / 16.3: twenty Game-Turns; the order-of-battle format holds longer
// games, so the title refuses an arrival after its own calendar.
TEST(RtrData, AReinforcementAfterGameTurnTwentyIsRefused) {
  DataCopy d;
  d.edit("oob.txt", "reinforce union 14 0417 10 1/1/II", "reinforce union 21 0417 10 1/1/II");
  const std::string e = d.error();
  EXPECT_NE(e.find("1/1/II arrives on Game-Turn 21, after the game's twenty"), std::string::npos)
      << e;
}

TEST(RtrData, ASetUpInTheRiverIsRefused) {
  DataCopy d;
  d.edit("map.txt", "terrain town 0117", "terrain town 0117\nterrain river 1404");
  const std::string e = d.error();
  EXPECT_NE(e.find("hex 1404 is a river hex"), std::string::npos) << e;
}

TEST(RtrData, AMissingZoneOrExitIsRefused) {
  DataCopy d;
  d.edit("map.txt", "zone activation", "zone activated");
  EXPECT_NE(d.error().find("zone 'activation' is missing"), std::string::npos) << d.error();
  DataCopy x;
  x.edit("map.txt", "exit 1528\n", "");
  EXPECT_NE(x.error().find("hex 1528 must be an exit hex"), std::string::npos) << x.error();
}

TEST(RtrData, AMalformedMapLineIsRefusedWithItsLine) {
  DataCopy d;
  d.edit("map.txt", "terrain town 0117", "terrain marsh 0117");
  const std::string e = d.error();
  EXPECT_NE(e.find("map.txt:"), std::string::npos) << e;
  EXPECT_NE(e.find("marsh"), std::string::npos) << e;
}

TEST(RtrData, ATrainIsRequired) {
  DataCopy d;
  d.edit("oob.txt",
         "reinforce union 11 2426 (1) Train\n"
         "ability Train kind=train no-zoc sole-occupant no-pass-through road-only",
         "");
  EXPECT_NE(d.error().find("exactly one Union Train"), std::string::npos) << d.error();
}

TEST(RtrData, TheTrainMustCarryItsAbilities) {
  // The Train's rules (20.11-20.25) are abilities in the data: one missing is refused.
  DataCopy d;
  d.edit("oob.txt", "kind=train no-zoc sole-occupant no-pass-through road-only",
         "kind=train no-zoc sole-occupant road-only");
  EXPECT_NE(d.error().find("the Train (Train) must never attack"), std::string::npos) << d.error();
}

// The AI's weights for the tournament game are part of the title's data: a
// data folder without them is refused like one without its map.
TEST(RtrData, AMissingAiWeightsFileIsRefused) {
  DataCopy d;
  d.remove("ai-weights-tournament.txt");
  EXPECT_NE(d.error().find("ai-weights-tournament.txt: cannot read the file"), std::string::npos)
      << d.error();
}

TEST(RtrData, AMissingDataDirectoryIsRefused) {
  auto g =
      titles::rtr::make_road_to_richmond(titles::rtr::RtrSetup{}, "/nonexistent-bluegray-data");
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message.find("map.txt"), std::string::npos) << g.error().message;
}

}  // namespace
}  // namespace bg::test
