// The bluegray executable's subcommands other than the protocol.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "temp_dir.h"

namespace {

int run(const std::string& args) {
  const std::string cmd = std::string(BLUEGRAY_BINARY) + " " + args + " >/dev/null 2>&1";
  return std::system(cmd.c_str());
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(CliRenderMap, DrawsTheRoadToRichmondMapAsSvg) {
  const auto out = bg::test::fresh_temp_dir("bluegray_cli_render") / "map.svg";
  ASSERT_EQ(run("render-map --map " BLUEGRAY_SOURCE_DIR "/data/road-to-richmond/map.txt -o " +
                out.string()),
            0);
  const std::string svg = slurp(out);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find(">0103</text>"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  std::filesystem::remove(out);
}

TEST(CliRenderMap, RefusesAMissingOrBadMapWithoutWriting) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto bad = dir / "bluegray_cli_bad_map.txt";
  const auto out = dir / "bluegray_cli_bad_map.svg";
  std::filesystem::remove(out);
  {
    std::ofstream f(bad);
    f << "size 4 4\nroad 0101 0303\n";  // not adjacent
  }
  EXPECT_NE(run("render-map --map " + bad.string() + " -o " + out.string()), 0);
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_NE(run("render-map -o " + out.string()), 0);
  EXPECT_NE(run("render-map --map /nonexistent/map.txt -o " + out.string()), 0);
  EXPECT_FALSE(std::filesystem::exists(out));
  std::filesystem::remove(bad);
}

}  // namespace
