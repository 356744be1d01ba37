#include "titles/road_to_richmond/rtr_citations.h"

#include <array>

namespace bg::titles::rtr {

namespace {

using core::RuleId;

struct Case {
  RuleId id;
  std::string_view spi1977;  // the 1977 exclusive rules
  std::string_view revised;  // the revised edition, its section headings read as printed
};

// The revised edition folds the 1977 reinforcement cases (15.0-15.4) into its
// charts' procedure (17.3), except the doubled first turn (17.2).
constexpr std::array<Case, 12> kCases{{
    {RuleId::ReinforcementPhase, "15.1", "17.3"},
    {RuleId::ReinforcementArrival, "15.0", "17.3"},
    {RuleId::ReinforcementEntryHex, "15.0", "17.3"},
    {RuleId::ReinforcementColumn, "15.0", "17.3"},
    {RuleId::ReinforcementEnemyHex, "15.4", "17.3"},
    {RuleId::BonusMpNotIntoZoc, "15.22", "17.2"},
    {RuleId::ExitAtExitHex, "17.12", "19.12"},
    {RuleId::ExitCost, "17.22", "19.11"},
    {RuleId::NeverAttacks, "20.11", "21.11"},
    {RuleId::SoleOccupant, "20.21", "21.13"},
    {RuleId::NoPassThrough, "20.22", "21.14"},
    {RuleId::RoadBound, "20.23", "21.15"},
}};

}  // namespace

std::string_view exclusive_edition_name(ExclusiveEdition e) {
  return e == ExclusiveEdition::Revised ? "revised" : "1977";
}

std::optional<ExclusiveEdition> parse_exclusive_edition(std::string_view s) {
  if (s == "1977") return ExclusiveEdition::Spi1977;
  if (s == "revised") return ExclusiveEdition::Revised;
  return std::nullopt;
}

std::string_view rtr_case(RuleId id, ExclusiveEdition e) {
  for (const Case& c : kCases)
    if (c.id == id) return e == ExclusiveEdition::Revised ? c.revised : c.spi1977;
  return {};
}

}  // namespace bg::titles::rtr
