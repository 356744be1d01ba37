// Rule citations: the same rule has different case numbers in the two editions
// of the Standard Rules, and a title's exclusive rules (cases 13.0 and up in
// the 1977 numbering) are numbered differently again in their revised edition.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "core/rules_config.h"

namespace bg::core {

// The revised exclusive rules' number for a 1977 exclusive case ("20.21" ->
// "21.13"); the case itself when the table has no entry.
std::string_view revised_exclusive_case(std::string_view case_1977);

// The case to cite: an exclusive case (13.0 and up) follows the game's
// exclusive-rules edition; a standard case follows the standard edition.
std::string cite(const RulesConfig& r, const char* spi1977, const char* dg2016);

inline Error refuse(const RulesConfig& r, const char* spi1977, const char* dg2016,
                    std::string message) {
  std::string rule = cite(r, spi1977, dg2016);
  return Error{rule, rule + ": " + message};
}

}  // namespace bg::core
