// Map data files: a line format for terrain, hexsides, roads, zones and named
// hexes (see docs/data-formats.md). parse_map() refuses a malformed file with an
// Error whose message names the file, the line and what is wrong.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/map.h"
#include "core/result.h"

namespace bg::content {

// Parses a map file's text; `filename` is only used in error messages.
core::Result<std::shared_ptr<core::Map>> parse_map(std::string_view text,
                                                   std::string_view filename);

// Reads and parses the map file at `path`.
core::Result<std::shared_ptr<core::Map>> load_map(const std::string& path);

}  // namespace bg::content
