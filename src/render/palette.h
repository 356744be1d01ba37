// The colours and fonts of a period map: paper, ink, water, roads, and the
// sides' counter colours.
#pragma once

#include <string>

#include "core/unit.h"

namespace bg::render {

// Period-map palette.
constexpr const char* kPaper = "#f3ead0";
constexpr const char* kGrid = "#9c8d6c";
constexpr const char* kInk = "#3b2c1c";
constexpr const char* kRoad = "#8e2b1c";
constexpr const char* kTrail = "#8e4a22";
constexpr const char* kWater = "#2f6db3";
constexpr const char* kWaterLight = "#9cc6e8";
constexpr const char* kCommand = "#7b2d8e";
constexpr const char* kUnion = "#4a6fa5";
constexpr const char* kConfederate = "#9a9a9a";
constexpr const char* kFontSans = "'DejaVu Sans', Verdana, Arial, sans-serif";
constexpr const char* kFontSerif = "'DejaVu Serif', Georgia, 'Times New Roman', serif";

inline std::string side_colour(core::Side s) {
  return s == core::Side::Union ? kUnion : kConfederate;
}

}  // namespace bg::render
