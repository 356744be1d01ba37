#include "core/terrain.h"

#include <array>
#include <utility>

namespace bg::core {

namespace {
constexpr std::array<std::string_view, kTerrainCount> kNames = {
    "clear", "forest", "rough", "forest-rough", "swamp", "town", "river", "ferry"};
}

std::string_view terrain_name(Terrain t) {
  return kNames[static_cast<size_t>(t)];
}

std::optional<Terrain> parse_terrain(std::string_view s) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == s) return static_cast<Terrain>(i);
  return std::nullopt;
}

std::optional<HexsideBits> parse_hexside_feature(std::string_view s) {
  static constexpr std::array<std::pair<std::string_view, HexsideBits>, 10> kFeatures = {{
      {"road", kRoad},
      {"trail", kTrail},
      {"creek", kCreek},
      {"stream", kStream},
      {"bridge", kBridge},
      {"ford", kFord},
      {"lake", kLake},
      {"redoubt", kRedoubt},
      {"ferry", kFerryArrow},
      {"command", kCommandBoundary},
  }};
  for (const auto& [name, bit] : kFeatures)
    if (name == s) return bit;
  return std::nullopt;
}

}  // namespace bg::core
