#include "content/statements.h"

namespace bg::content {

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  auto blank = [&](size_t k) { return line[k] == ' ' || line[k] == '\t' || line[k] == '\r'; };
  while (i < line.size()) {
    while (i < line.size() && blank(i)) ++i;
    size_t j = i;
    while (j < line.size() && !blank(j)) ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

core::Status for_each_statement(std::string_view text, const StatementFn& fn) {
  int line_no = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    const auto w = split_words(line);
    if (w.empty()) continue;
    if (auto s = fn(line_no, w); !s) return s;
  }
  return core::ok_status();
}

}  // namespace bg::content
