// The product speaks of itself alone: no comment, test name, document or data
// file may cite how the work on it was organised, only the rules, the rulings
// (docs/rulings.md) and the design. A reader of the tree has the rule books,
// this repository and nothing else, so a citation of anything outside them (a
// numbered work step, a tracker number, a research note, a source file's
// private name or a path on the machine the work was done on) points at
// nothing. Rules are cited by name ("Standard Rules 1977 case 7.12", "DG 2016
// case 11.2", "Road to Richmond exclusive rule 22.3", "Four Roads rule 8"),
// reconstructions by the docs section that argues them.
//
// Each pattern below is written with one letter in brackets ("s[t]op") so
// that this file does not match itself; the brackets change nothing in what
// the pattern matches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = BLUEGRAY_SOURCE_DIR;

struct Pattern {
  const char* why;  // what the words cite, for the failure message
  std::regex re;
};

const std::regex::flag_type kFlags = std::regex::ECMAScript | std::regex::icase;

// The words, each precise enough that ordinary English and the game's own
// vocabulary pass: "units must stop", "stop()", "a random seed", "seed 2026",
// "the seed both players committed to", "EngineSession", "an HTTP session".
const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> kPatterns = [] {
    const std::string ordinal =
        "(?:(?:twenty|thirty|forty|fifty|sixty)-(?:"
        "first|second|third|fourth|fifth|sixth|seventh|"
        "eighth|ninth)|second|third|fourth|fifth|sixth|"
        "seventh|eighth|ninth|tenth|eleventh|twelfth|"
        "thirteenth|fourteenth|fifteenth|sixteenth|"
        "seventeenth|eighteenth|nineteenth|twentieth|"
        "thirtieth|fortieth|fiftieth|sixtieth|"
        "\\d+(?:st|nd|rd|th))";
    std::vector<Pattern> p;
    // A numbered step of the work ("the 12th ...", "... 12", "...12"): it dates
    // a line instead of saying why it is so. A bare "first" is left out: a
    // sentence often says that the first of two processes ends.
    p.push_back({"a numbered work step", std::regex("\\b" + ordinal + " s[t]ops?\\b", kFlags)});
    p.push_back({"a numbered work step", std::regex("\\bs[t]op ?\\d+", kFlags)});
    p.push_back({"a work step",
                 std::regex("\\b(?:this|that|the last|the previous) s[t]op\\b(?!\\()", kFlags)});
    // A tracker number: the tracker is not part of the product.
    p.push_back({"a tracker number", std::regex("\\bi[s]sues? ?#?\\d+", kFlags)});
    p.push_back({"a tracker number", std::regex("\\(#\\d+\\)", kFlags)});
    p.push_back({"a tracker's defect number", std::regex("\\bd[e]fects? \\d+", kFlags)});
    // A research note the repository does not contain. The adjective is
    // flagged too: "short" says the same and keeps the pattern simple.
    p.push_back({"a research note", std::regex("\\bb[r]iefs?\\b", kFlags)});
    // A source document by its private file number or name ("... 003", the
    // folder's README): cite the rule book by its title instead.
    p.push_back({"a source file's private number", std::regex("\\bs[e]eds? 0\\d\\d\\b", kFlags)});
    p.push_back({"a source file's private name",
                 std::regex("\\bs[e]eds? (?:readme|rules?|files?)\\b", kFlags)});
    // A path on the machine the work was done on.
    p.push_back(
        {"a machine path", std::regex("/w[o]rk/|\\bs[h]ared/(?:s[e]eds|b[r]iefs)\\b", kFlags)});
    // A work session, as opposed to a protocol or HTTP session object.
    p.push_back({"a work session",
                 std::regex("\\b(?:this|that|the last|the previous|the next) s[e]ssion\\b|"
                            "\\bs[e]ssions? \\d+",
                            kFlags)});
    return p;
  }();
  return kPatterns;
}

// Cheap substrings one of which every match of a pattern contains: a line
// without any of them is not given to the regular expressions.
bool worth_matching(const std::string& lower) {
  // Assembled so that this file does not contain the words.
  static const std::vector<std::string> kHints = {
      std::string("s") + "top",   std::string("i") + "ssue",  std::string("b") + "rief",
      std::string("s") + "eed",   std::string("/w") + "ork/", std::string("s") + "ession",
      std::string("d") + "efect", std::string("(#")};
  return std::any_of(kHints.begin(), kHints.end(),
                     [&](const std::string& h) { return lower.find(h) != std::string::npos; });
}

// A source document by its private file name: three digits, '_' and sixteen
// hex digits. Searched by hand, as '_' is on most lines of code.
std::string private_file_name(const std::string& line) {
  auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
  for (size_t at = line.find('_'); at != std::string::npos; at = line.find('_', at + 1)) {
    if (at < 3 || line.size() < at + 17 || line[at - 3] != '0') continue;
    if (!std::isdigit(static_cast<unsigned char>(line[at - 2])) ||
        !std::isdigit(static_cast<unsigned char>(line[at - 1])))
      continue;
    if (std::all_of(line.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                    line.begin() + static_cast<std::ptrdiff_t>(at) + 17, hex))
      return line.substr(at - 3, 20);
  }
  return "";
}

// What a line cites, as "<words>" cites <what>; empty when nothing.
std::vector<std::string> citations(const std::string& line) {
  std::vector<std::string> out;
  const std::string name = private_file_name(line);
  if (!name.empty()) out.push_back("\"" + name + "\" cites a source file's private name");
  std::string lower = line;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (!worth_matching(lower)) return out;
  for (const Pattern& p : patterns()) {
    std::smatch m;
    if (std::regex_search(line, m, p.re)) out.push_back("\"" + m.str() + "\" cites " + p.why);
  }
  return out;
}

// Files whose words are frozen and may not be edited: the behaviour locks'
// data and the golden transcripts are checked byte for byte by their tests.
bool frozen(const std::string& rel) {
  if (rel.rfind("tests/golden/", 0) == 0) return true;
  if (rel.rfind("tests/locks/", 0) == 0) return rel != "tests/locks/README.md";
  return false;
}

bool text_file(const fs::path& p) {
  static const std::set<std::string> kText = {".cpp",   ".h",   ".ts",  ".mjs", ".js", ".json",
                                              ".html",  ".css", ".md",  ".txt", ".py", ".sh",
                                              ".cmake", ".in",  ".out", ""};
  return kText.count(p.extension().string()) > 0;
}

// The product: its sources, tests, data, documents, scripts and build.
std::vector<fs::path> product_files() {
  std::vector<fs::path> out;
  for (const char* dir :
       {"src", "tests", "web/src", "web/e2e", "data", "docs", "scripts", "bench"}) {
    const fs::path d = kRoot / dir;
    if (!fs::exists(d)) continue;
    for (auto it = fs::recursive_directory_iterator(d); it != fs::recursive_directory_iterator();
         ++it) {
      const std::string name = it->path().filename().string();
      if (it->is_directory() &&
          (name == "node_modules" || name == "__pycache__" || name[0] == '.')) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file() && text_file(it->path())) out.push_back(it->path());
    }
  }
  for (const char* file : {"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "CMakeLists.txt"})
    if (fs::exists(kRoot / file)) out.push_back(kRoot / file);
  return out;
}

TEST(ProductWords, NoFileCitesHowTheWorkWasOrganised) {
  const std::vector<fs::path> files = product_files();
  ASSERT_GT(files.size(), 100u);
  size_t scanned = 0;
  for (const fs::path& f : files) {
    const std::string rel = fs::relative(f, kRoot).generic_string();
    if (frozen(rel)) continue;
    ++scanned;
    std::ifstream in(f);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number)
      for (const std::string& c : citations(line))
        ADD_FAILURE() << rel << ":" << number << ": " << c
                      << "; cite the rule, the ruling or the design reason instead";
  }
  EXPECT_GT(scanned, 100u);
}

// The patterns catch what they are for and let the game's own words pass.
TEST(ProductWords, ThePatternsAreExact) {
  auto flagged = [](const std::string& line) { return !citations(line).empty(); };
  // The words, assembled so that this file does not contain them.
  auto w = [](const char* head, const char* tail) { return std::string(head) + tail; };
  const std::string s = w("s", "top"), i = w("i", "ssue"), b = w("b", "rief"), e = w("s", "eed"),
                    n = w("s", "ession");
  const std::vector<std::string> bad = {"since the twenty-sixth " + s,
                                        "the 12th " + s,
                                        s + " 12",
                                        s + "12",
                                        "(" + i + " 13)",
                                        i + " #15",
                                        w("(#", "15)"),
                                        w("d", "efect 2"),
                                        b + " 6.3",
                                        "the " + b,
                                        e + " 003",
                                        e + "s README",
                                        e + " rule 4",
                                        w("004_", "18af40ec69e79fe3.txt"),
                                        w("/w", "ork/main"),
                                        "that " + n};
  for (const std::string& line : bad) EXPECT_TRUE(flagged(line)) << line;
  const std::vector<std::string> good = {
      "units must stop on entering an enemy-controlled hex",
      "so that stop() ends it",
      "once the first s" + std::string("tops, the database is free again"),
      "a random seed",
      "--seed 2026",
      "the seed both players committed to",
      "EngineSession",
      "the " + n + " keeps the player",
      "Four Roads rule 8",
      "DG 2016 case 11.2",
      "rule_id_0_to_16"};
  for (const std::string& line : good) EXPECT_FALSE(flagged(line)) << line;
}

}  // namespace
