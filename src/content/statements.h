// The simple line formats of data files (command chains, set-up markers):
// one statement a line, words separated by blanks, '#' starting a comment.
// Map and order-of-battle files have their own quoted-string lexers.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace bg::content {

// The blank-separated words of a line (space, tab, carriage return).
std::vector<std::string_view> split_words(std::string_view line);

// Calls fn(line_number, words) for every line of `text` that has a word once
// its comment is cut; stops at, and returns, the first refusal fn returns.
using StatementFn =
    std::function<core::Status(int line, const std::vector<std::string_view>& words)>;
core::Status for_each_statement(std::string_view text, const StatementFn& fn);

}  // namespace bg::content
