#include "protocol/json_input.h"

#include <string>

namespace bg::protocol {

int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

core::Result<Json> parse_json_input(std::string_view text, int max_depth) {
  if (json_depth(text, max_depth) > max_depth)
    return core::Error{
        "", "the JSON is nested more than " + std::to_string(max_depth) + " levels deep"};
  Json j = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return core::Error{"", "not valid JSON"};
  return j;
}

}  // namespace bg::protocol
