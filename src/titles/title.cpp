#include "titles/title.h"

namespace bg::titles {

namespace {
template <class T, class Key>
const T* find_named(const std::vector<T>& list, Key key, std::string_view name) {
  for (const T& item : list)
    if (item.*key == name) return &item;
  return nullptr;
}
}  // namespace

const ScenarioSpec* TitleInfo::scenario(std::string_view n) const {
  return find_named(scenarios, &ScenarioSpec::name, n);
}
const ParamSpec* TitleInfo::param(std::string_view key) const {
  return find_named(params, &ParamSpec::key, key);
}
const OptionSpec* TitleInfo::option(std::string_view n) const {
  return find_named(options, &OptionSpec::name, n);
}

void Title::view(const core::Game&, std::optional<core::Side>, Json&) const {}

std::vector<std::string> Title::options_in_force(const core::Game&) const {
  return {};
}

}  // namespace bg::titles
