// docs/rules-coverage.md maps every rule case to the tests that check it. This
// test keeps the document honest: every test it names must exist, every case
// marked implemented must name at least one test, and n/a rows must say why.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  for (auto& c : out) {
    const auto b = c.find_first_not_of(" \t");
    const auto e = c.find_last_not_of(" \t");
    c = b == std::string::npos ? "" : c.substr(b, e - b + 1);
  }
  return out;
}

std::set<std::string> defined_tests() {
  std::set<std::string> names;
  const std::regex re(R"(TEST(?:_F|_P)?\(\s*([A-Za-z0-9_]+)\s*,\s*([A-Za-z0-9_]+)\s*\))");
  for (const auto& e :
       std::filesystem::recursive_directory_iterator(BLUEGRAY_SOURCE_DIR "/tests")) {
    if (e.path().extension() != ".cpp") continue;
    const std::string text = slurp(e.path());
    for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
      names.insert((*it)[1].str() + "." + (*it)[2].str());
  }
  return names;
}

TEST(RulesCoverageDoc, EveryNamedTestExistsAndEveryCaseIsAccounted) {
  const std::string doc = slurp(BLUEGRAY_SOURCE_DIR "/docs/rules-coverage.md");
  ASSERT_FALSE(doc.empty());
  const std::set<std::string> tests = defined_tests();
  const std::regex name_re(R"(([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z0-9_]+))");
  std::istringstream lines(doc);
  std::string line;
  int rows = 0;
  int status_col = -1, tests_col = -1, notes_col = -1;
  bool in_table = false;
  while (std::getline(lines, line)) {
    if (line.rfind("|", 0) != 0) {
      in_table = false;
      continue;
    }
    const auto c = cells(line);
    if (line.find("---|") != std::string::npos || line.find("|---") != std::string::npos) continue;
    if (!in_table) {  // a header row
      in_table = true;
      status_col = tests_col = notes_col = -1;
      for (size_t i = 0; i < c.size(); ++i) {
        if (c[i] == "Status") status_col = static_cast<int>(i);
        if (c[i] == "Tests") tests_col = static_cast<int>(i);
        if (c[i] == "Notes") notes_col = static_cast<int>(i);
      }
      continue;
    }
    if (tests_col < 0) continue;  // not a coverage table
    ++rows;
    const std::string where = "row: " + line;
    const std::string t =
        tests_col >= 0 && tests_col < static_cast<int>(c.size()) ? c[tests_col] : "";
    EXPECT_EQ(t.find("TODO"), std::string::npos) << where;
    const std::string status =
        status_col >= 0 && status_col < static_cast<int>(c.size()) ? c[status_col] : "implemented";
    if (status == "implemented") {
      int named = 0;
      for (std::sregex_iterator it(t.begin(), t.end(), name_re), end; it != end; ++it) {
        ++named;
        EXPECT_TRUE(tests.count(it->str())) << "no such test " << it->str() << " in " << where;
      }
      EXPECT_GT(named, 0) << "implemented but no test named: " << where;
    } else {
      const std::string notes =
          notes_col >= 0 && notes_col < static_cast<int>(c.size()) ? c[notes_col] : "";
      EXPECT_FALSE(notes.empty()) << "a case that is not implemented must say why: " << where;
      for (std::sregex_iterator it(t.begin(), t.end(), name_re), end; it != end; ++it)
        EXPECT_TRUE(tests.count(it->str())) << "no such test " << it->str() << " in " << where;
    }
  }
  EXPECT_GT(rows, 100) << "the coverage tables look truncated";
}

}  // namespace
