// Terrain of hexes and features of hexsides, as on the Terrain Effects Chart (9.0).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bg::core {

enum class Terrain : uint8_t { Clear, Forest, Rough, ForestRough, Swamp, Town, River, Ferry };
inline constexpr int kTerrainCount = 8;

// Hexside features accumulate as bits. A hexside is stored on both of its hexes.
enum HexsideBit : uint16_t {
  kRoad = 1u << 0,
  kTrail = 1u << 1,
  kCreek = 1u << 2,
  kStream = 1u << 3,
  kBridge = 1u << 4,
  kFord = 1u << 5,
  kLake = 1u << 6,
  kRedoubt = 1u << 7,
  kRedoubtBarbed = 1u << 8,  // on this hex's record: this hex is the barbed (attacker's) side
  kFerryArrow = 1u << 9,     // the ferry arrow points through this hexside
  kCommandBoundary = 1u << 10,
};
using HexsideBits = uint16_t;

std::string_view terrain_name(Terrain t);
std::optional<Terrain> parse_terrain(std::string_view s);

// Names of the features a protocol or data file may set (redoubt sets both
// kRedoubt and, on the first hex, kRedoubtBarbed).
std::optional<HexsideBits> parse_hexside_feature(std::string_view s);

// True where terrain blocks Line of Sight (8.33: forest, forest-rough, town).
constexpr bool blocks_los(Terrain t) {
  return t == Terrain::Forest || t == Terrain::ForestRough || t == Terrain::Town;
}

// A lake, or a creek without a bridge or ford, closes the hexside: no move
// (5.25), no attack and no Zone of Control (6.6) crosses it.
constexpr bool hexside_closed(HexsideBits side) {
  return (side & kLake) || ((side & kCreek) && !(side & (kBridge | kFord)));
}

// TEC 9.0: an attack across a bridge, ford or stream hexside doubles the
// defender (when every attacker attacks across one: see hex_defence).
constexpr bool tec_hexside_doubles(HexsideBits side) {
  return (side & (kBridge | kFord | kStream)) != 0;
}

}  // namespace bg::core
