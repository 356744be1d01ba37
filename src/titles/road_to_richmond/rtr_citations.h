// Road to Richmond's numbers for the rules the core enforces that its
// exclusive rules bring (reinforcement entry, exits, the Train's abilities),
// in the 1977 exclusive rules (seed 000, 13.0-22.x) and the revised edition
// (seed 002, 15.0-22.x). The core cites these through ScenarioRules::cite;
// every other rule keeps its Standard Rules case.
#pragma once

#include <string_view>

#include "core/rule_id.h"

namespace bg::titles::rtr {

// The case under the 1977 exclusive rules, or under the revised edition; ""
// when Road to Richmond does not number the rule.
std::string_view rtr_case(core::RuleId id, bool revised);

}  // namespace bg::titles::rtr
