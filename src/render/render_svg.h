// The map and the counters of a game drawn as a standalone SVG in the manner
// of a period wargame map: terrain fills, hexside water and works, roads
// centre to centre, hex numbers, markers, place names, counters and a legend.
// The output depends only on its inputs (no randomness, fixed number format).
// Used by `bluegray render-map` and by the server, which serves the map to
// the browser.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "core/map.h"

namespace bg::render {

struct RenderOptions {
  double hex_size = 36.0;   // circumradius of a hex, in SVG user units (px)
  double margin = 24.0;     // blank border around the map
  bool hex_numbers = true;  // XXYY at the top of every hex
  bool place_names = true;  // named hexes of kind "place", "ford" and "crossing"
  bool markers = true;      // entry, exit, victory and set-up hexes
  bool legend = true;       // a key box to the right of the map
  bool units = true;        // counters of the game's on-map units (if a game is given)
  bool zone_tint = true;    // a pale wash over the zones the map data tints
  std::string title;        // drawn above the legend when not empty
};

// The SVG document (UTF-8, starting with "<svg" and ending with "</svg>\n").
std::string render_svg(const core::Map& map, const RenderOptions& opt,
                       const core::Game* game = nullptr);

// Escapes text for XML content and attribute values (& < > " ').
std::string xml_escape(std::string_view text);

}  // namespace bg::render
