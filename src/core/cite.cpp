#include "core/cite.h"

#include <array>
#include <cstdlib>
#include <utility>

namespace bg::core {

namespace {

// 1977 exclusive rules (seed 000, 13.0-22.x) -> revised edition (seed 002,
// 15.0-22.x). The revised section headings are read as printed in its text
// (18.2 Command Control Zone ... 18.6 Swamps), not as its contents list.
constexpr std::array<std::pair<std::string_view, std::string_view>, 44> kRevised{{
    {"14.1", "16.1"},   {"14.21", "16.2"},  {"14.22", "16.3"},  {"15.0", "17.3"},
    {"15.1", "17.3"},   {"15.12", "17.3"},  {"15.22", "17.2"},  {"15.4", "17.3"},
    {"16.2", "18.2"},   {"16.3", "18.3"},   {"16.4", "18.4"},   {"17.11", "19.11"},
    {"17.12", "19.12"}, {"17.21", "19.21"}, {"17.22", "19.11"}, {"17.23", "19.22"},
    {"17.31", "19.31"}, {"17.32", "19.32"}, {"18.1", "20.1"},   {"18.2", "20.2"},
    {"18.3", "20.3"},   {"19.1", "17.4"},   {"19.2", "17.5"},   {"20.11", "21.11"},
    {"20.12", "21.12"}, {"20.21", "21.13"}, {"20.22", "21.14"}, {"20.23", "21.15"},
    {"20.24", "21.16"}, {"20.25", "21.17"}, {"21.11", "22.11"}, {"21.12", "22.12"},
    {"21.21", "22.21"}, {"21.22", "22.22"}, {"22.11", "18.51"}, {"22.12", "18.52"},
    {"22.13", "18.52"}, {"22.14", "18.6"},  {"22.21", "21.21"}, {"22.22", "21.23"},
    {"22.23", "21.23"}, {"22.24", "21.24"}, {"22.31", "17.61"}, {"22.32", "17.62"},
}};

bool exclusive_case(std::string_view c) {
  return std::atoi(std::string(c).c_str()) >= 13;
}

}  // namespace

std::string_view revised_exclusive_case(std::string_view case_1977) {
  for (const auto& [from, to] : kRevised)
    if (from == case_1977) return to;
  return case_1977;
}

std::string cite(const RulesConfig& r, const char* spi1977, const char* dg2016) {
  if (r.exclusive != Exclusive::None && exclusive_case(spi1977)) {
    if (r.exclusive == Exclusive::Revised) return std::string(revised_exclusive_case(spi1977));
    return std::string(spi1977);
  }
  return r.dg() ? std::string(dg2016) : std::string(spi1977);
}

}  // namespace bg::core
