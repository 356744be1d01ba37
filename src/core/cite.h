// Rule citations: the same rule has different case numbers in the two editions.
#pragma once

#include <string>

#include "core/result.h"
#include "core/rules_config.h"

namespace bg::core {

inline std::string cite(const RulesConfig& r, const char* spi1977, const char* dg2016) {
  return r.dg() ? std::string(dg2016) : std::string(spi1977);
}

inline Error refuse(const RulesConfig& r, const char* spi1977, const char* dg2016,
                    std::string message) {
  std::string rule = cite(r, spi1977, dg2016);
  return Error{rule, rule + ": " + message};
}

}  // namespace bg::core
