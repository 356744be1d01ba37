#include "core/hex.h"

#include <cmath>
#include <cstdlib>

namespace bg::core {

HexCoord neighbour(HexCoord c, Dir d) {
  const bool odd = (c.col % 2) != 0;
  switch (d) {
    case Dir::N:
      return {c.col, c.row - 1};
    case Dir::S:
      return {c.col, c.row + 1};
    case Dir::NE:
      return odd ? HexCoord{c.col + 1, c.row - 1} : HexCoord{c.col + 1, c.row};
    case Dir::SE:
      return odd ? HexCoord{c.col + 1, c.row} : HexCoord{c.col + 1, c.row + 1};
    case Dir::SW:
      return odd ? HexCoord{c.col - 1, c.row} : HexCoord{c.col - 1, c.row + 1};
    case Dir::NW:
      return odd ? HexCoord{c.col - 1, c.row - 1} : HexCoord{c.col - 1, c.row};
  }
  return c;
}

// Zero-based column q = col-1 is "odd-q" when our even columns are shoved down.
Cube to_cube(HexCoord c) {
  const int q = c.col - 1;
  const int r = c.row - 1;
  const int x = q;
  const int z = r - (q - (q & 1)) / 2;
  return {x, -x - z, z};
}

HexCoord from_cube(Cube c) {
  const int q = c.x;
  const int r = c.z + (q - (q & 1)) / 2;
  return {q + 1, r + 1};
}

int distance(HexCoord a, HexCoord b) {
  const Cube ca = to_cube(a);
  const Cube cb = to_cube(b);
  return (std::abs(ca.x - cb.x) + std::abs(ca.y - cb.y) + std::abs(ca.z - cb.z)) / 2;
}

Point centre(HexCoord c) {
  const int q = c.col - 1;
  const int r = c.row - 1;
  return {1.5 * q, std::sqrt(3.0) * (r + 0.5 * (q & 1))};
}

std::optional<HexCoord> parse_hex(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  for (char ch : text)
    if (ch < '0' || ch > '9') return std::nullopt;
  const int col = (text[0] - '0') * 10 + (text[1] - '0');
  const int row = (text[2] - '0') * 10 + (text[3] - '0');
  return HexCoord{col, row};
}

std::string format_hex(HexCoord c) {
  std::string s(4, '0');
  s[0] = static_cast<char>('0' + (c.col / 10) % 10);
  s[1] = static_cast<char>('0' + c.col % 10);
  s[2] = static_cast<char>('0' + (c.row / 10) % 10);
  s[3] = static_cast<char>('0' + c.row % 10);
  return s;
}

}  // namespace bg::core
