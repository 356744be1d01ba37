#include "core/rules_config.h"

namespace bg::core {

std::string_view edition_name(Edition e) {
  return e == Edition::Spi1977 ? "spi1977" : "dg2016";
}

std::optional<Edition> parse_edition(std::string_view s) {
  if (s == "spi1977") return Edition::Spi1977;
  if (s == "dg2016") return Edition::Dg2016;
  return std::nullopt;
}

}  // namespace bg::core
