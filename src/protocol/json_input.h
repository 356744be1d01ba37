// JSON from outside (request bodies, save files, turn files): parsed only after
// a linear, non-recursive scan has bounded its size and nesting, because the
// JSON library builds, copies and destroys values recursively and a 200 KB body
// of nested brackets would overflow the stack.
#pragma once

#include <string_view>

#include "core/result.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

// Deeper than any document this engine writes (a save nests 6 levels).
inline constexpr int kMaxJsonDepth = 64;

// The parsed value, or an Error saying why not (too deep, not JSON).
core::Result<Json> parse_json_input(std::string_view text, int max_depth = kMaxJsonDepth);

// The deepest nesting of arrays and objects in text (brackets inside strings
// do not count); stops counting past `limit`.
int json_depth(std::string_view text, int limit);

}  // namespace bg::protocol
