// The layering rule of docs/architecture.md, checked on the sources: the core
// and the rule modules know no title, and nothing above the titles layer (content, ai, study,
// protocol, server, cli, web) names a registered title, includes a title's folder or
// spells a title's display name. A title is its folder under src/titles/, its
// data under data/<title>/ and one line in src/titles/registry.cpp. The players
// (src/ai) know nothing of what studies them (src/study), and neither knows the
// front ends (protocol, server, cli).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "titles/registry.h"

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = BLUEGRAY_SOURCE_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every source file of the layers that must not know titles.
std::vector<fs::path> title_free_sources() {
  std::vector<fs::path> out;
  for (const char* dir : {"src/core", "src/content", "src/modules", "src/render", "src/ai",
                          "src/study", "src/protocol", "src/server", "src/cli", "web/src"}) {
    const fs::path d = kRoot / dir;
    if (!fs::exists(d)) continue;
    for (const auto& e : fs::recursive_directory_iterator(d)) {
      const std::string ext = e.path().extension().string();
      if (ext == ".cpp" || ext == ".h" || ext == ".ts" || ext == ".html" || ext == ".css")
        out.push_back(e.path());
    }
  }
  return out;
}

// The words that name a title: its `new` name and its display name.
std::vector<std::string> title_words() {
  std::vector<std::string> words;
  for (const bg::titles::Title* t : bg::titles::all_titles()) {
    if (t->info().free_map) continue;  // the sandbox is a tool, not a title's rules
    words.push_back(t->info().name);
    words.push_back(t->info().display);
  }
  return words;
}

TEST(Layers, NothingOutsideTheTitlesLayerNamesATitle) {
  const std::vector<fs::path> files = title_free_sources();
  ASSERT_GT(files.size(), 40u);
  const std::vector<std::string> words = title_words();
  ASSERT_FALSE(words.empty());
  for (const fs::path& f : files) {
    const std::string text = slurp(f);
    for (const std::string& w : words)
      EXPECT_EQ(text.find(w), std::string::npos)
          << fs::relative(f, kRoot).string() << " names the title \"" << w << "\"";
    const std::string rel = fs::relative(f, kRoot).string();
    const bool below_titles = rel.rfind("src/core/", 0) == 0 || rel.rfind("src/content/", 0) == 0 ||
                              rel.rfind("src/modules/", 0) == 0;
    for (size_t at = text.find("#include \"titles/"); at != std::string::npos;
         at = text.find("#include \"titles/", at + 1)) {
      const std::string path = text.substr(at + 10, text.find('"', at + 10) - at - 10);
      EXPECT_FALSE(below_titles) << rel << " includes " << path << ": the core and content "
                                 << "layers sit below the titles";
      // Above the titles layer only its interface headers (titles/*.h), never
      // a title's own folder.
      EXPECT_EQ(path.find('/', 7), std::string::npos) << rel << " includes " << path;
    }
  }
}

// The C++ sources of one folder under src/.
std::vector<fs::path> sources_of(const char* dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
    const std::string ext = e.path().extension().string();
    if (ext == ".cpp" || ext == ".h") out.push_back(e.path());
  }
  return out;
}

// No source of `dir` includes a header of the layers `above`.
void expect_no_include(const char* dir, const std::vector<std::string>& above) {
  const std::vector<fs::path> files = sources_of(dir);
  ASSERT_FALSE(files.empty()) << dir;
  for (const fs::path& f : files) {
    const std::string text = slurp(f);
    for (const std::string& layer : above)
      EXPECT_EQ(text.find("#include \"" + layer + "/"), std::string::npos)
          << fs::relative(f, kRoot).string() << " includes from " << layer << "/, a layer above it";
  }
}

TEST(Layers, ThePlayersKnowNeitherTheStudyToolsNorTheFrontEnds) {
  expect_no_include("src/ai", {"study", "protocol", "server", "cli"});
}

TEST(Layers, TheStudyToolsKnowNoFrontEnd) {
  expect_no_include("src/study", {"protocol", "server", "cli"});
}

// The drawing of maps is presentation over the core alone: it reads a map and
// a game, and knows no data-file parser, title, player or front end.
TEST(Layers, TheMapDrawingReadsOnlyTheCore) {
  expect_no_include("src/render",
                    {"content", "modules", "titles", "ai", "study", "protocol", "server", "cli"});
}

}  // namespace
