// Hex geometry in the Blue & Gray numbering: hex XXYY is column XX (west to
// east, from 01) and row YY (north to south, from 01); even columns sit half a
// hex lower than odd ones.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bg::core {

struct HexCoord {
  int col = 0;
  int row = 0;
  friend bool operator==(HexCoord, HexCoord) = default;
};

// Directions clockwise from north. Every hex has six hexsides, one per direction.
enum class Dir : uint8_t { N, NE, SE, S, SW, NW };
inline constexpr int kDirs = 6;
constexpr Dir opposite(Dir d) {
  return static_cast<Dir>((static_cast<int>(d) + 3) % 6);
}
constexpr Dir dir_from_int(int i) {
  return static_cast<Dir>(((i % 6) + 6) % 6);
}

// The neighbour of c in direction d (may lie off any map).
HexCoord neighbour(HexCoord c, Dir d);

// Cube coordinates, for distance and line drawing.
struct Cube {
  int x = 0, y = 0, z = 0;
};
Cube to_cube(HexCoord c);
HexCoord from_cube(Cube c);
int distance(HexCoord a, HexCoord b);

// Centre of hex c in a flat-topped layout with unit circumradius (x east, y south).
struct Point {
  double x = 0, y = 0;
};
Point centre(HexCoord c);

// "0405" <-> {4,5}. Accepts exactly four digits.
std::optional<HexCoord> parse_hex(std::string_view text);
std::string format_hex(HexCoord c);

}  // namespace bg::core
