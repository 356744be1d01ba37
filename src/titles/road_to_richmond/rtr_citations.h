// Road to Richmond's numbers for the rules the core enforces that its
// exclusive rules bring (reinforcement entry, exits, the Train's abilities),
// in the 1977 exclusive rules (13.0-22.x) and the revised edition
// (15.0-22.x). The core cites these through ScenarioRules::cite;
// every other rule keeps its Standard Rules case.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/rule_id.h"

namespace bg::titles::rtr {

// Which edition of the exclusive rules is in play.
enum class ExclusiveEdition : uint8_t { Spi1977, Revised };
std::string_view exclusive_edition_name(ExclusiveEdition e);  // "1977" | "revised"
std::optional<ExclusiveEdition> parse_exclusive_edition(std::string_view s);

// The case under that edition; "" when Road to Richmond does not number the rule.
std::string_view rtr_case(core::RuleId id, ExclusiveEdition e);

}  // namespace bg::titles::rtr
