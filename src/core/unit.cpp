#include "core/unit.h"

#include <array>

namespace bg::core {

std::string_view side_name(Side s) {
  return s == Side::Union ? "union" : "confederate";
}

std::optional<Side> parse_side(std::string_view s) {
  if (s == "union") return Side::Union;
  if (s == "confederate") return Side::Confederate;
  return std::nullopt;
}

namespace {
constexpr std::array<std::string_view, 4> kTypeNames = {"inf", "cav", "art", "special"};
constexpr std::array<std::string_view, 4> kStatusNames = {"map", "eliminated", "exited", "off-map"};
}  // namespace

std::string_view unit_type_name(UnitType t) {
  return kTypeNames[static_cast<size_t>(t)];
}

std::optional<UnitType> parse_unit_type(std::string_view s) {
  for (size_t i = 0; i < kTypeNames.size(); ++i)
    if (kTypeNames[i] == s) return static_cast<UnitType>(i);
  return std::nullopt;
}

std::string_view display_kind(const UnitDef& d) {
  return d.kind.empty() ? unit_type_name(d.type) : std::string_view(d.kind);
}

std::string_view unit_status_name(UnitStatus s) {
  return kStatusNames[static_cast<size_t>(s)];
}

}  // namespace bg::core
