// A data file's whole text, for the title loaders that read files the
// content parsers do not (Four Roads' command chains and set-up markers, Road
// to Richmond's AI weights).
#pragma once

#include <cstddef>
#include <string>

#include "core/result.h"

namespace bg::content {

// The text of `path`; refused, naming the file, when it cannot be read or
// (max_bytes > 0) holds more than max_bytes.
core::Result<std::string> read_text_file(const std::string& path, size_t max_bytes = 0);

}  // namespace bg::content
