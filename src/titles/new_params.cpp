#include "titles/new_params.h"

#include <algorithm>

#include "titles/registry.h"

namespace bg::titles {

using core::Error;

bool NewParams::has_option(std::string_view name) const {
  return std::find(options.begin(), options.end(), name) != options.end();
}

std::string NewParams::param(std::string_view key) const {
  for (const auto& [k, v] : params)
    if (k == key) return v;
  return "";
}

void NewParams::set_param(std::string_view key, std::string value) {
  for (auto& [k, v] : params)
    if (k == key) {
      v = std::move(value);
      return;
    }
  params.emplace_back(std::string(key), std::move(value));
}

core::RulesConfig NewParams::rules() const {
  core::RulesConfig r;
  r.edition = edition;
  r.first = first;
  r.turns = turns;
  r.seed = seed;
  for (int t : night) r.night.set(static_cast<size_t>(t));
  r.attack_effectiveness = attack_effectiveness;
  r.strategic_movement = strategic_movement;
  r.cavalry_retreat = cavalry_retreat;
  return r;
}

namespace {

std::string names_of(const std::vector<const Title*>& titles) {
  std::string out;
  for (const Title* t : titles) out += (out.empty() ? "" : ", ") + t->info().name;
  return out;
}

}  // namespace

core::Result<NewParams> defaults_for(std::string_view title, std::string_view scenario) {
  const Title* t = find_title(title);
  if (!t)
    return Error{"", "unknown title \"" + std::string(title.substr(0, 40)) + "\" (" +
                         names_of(all_titles()) + ")"};
  const TitleInfo& info = t->info();
  const ScenarioSpec* sc = scenario.empty() ? &info.scenarios.front() : info.scenario(scenario);
  if (!sc) {
    std::string known;
    for (const ScenarioSpec& s : info.scenarios) known += (known.empty() ? "" : ", ") + s.name;
    return Error{"", info.name + " has no scenario \"" + std::string(scenario.substr(0, 40)) +
                         "\" (" + known + ")"};
  }
  NewParams p;
  p.title = t;
  p.scenario = sc->name;
  p.first = sc->calendar.first;
  p.turns = sc->calendar.turns;
  p.night = sc->calendar.night;
  for (const ParamSpec& ps : info.params) p.set_param(ps.key, ps.default_value);
  return p;
}

bool add_title_option(NewParams& p, std::string_view name) {
  const Title* t = p.title;
  const OptionSpec* o = t->info().option(name);
  if (!o) return false;
  std::vector<std::string_view> add;
  if (o->implies.empty()) add.push_back(o->name);
  for (const std::string& i : o->implies) add.push_back(i);
  for (std::string_view a : add)
    if (!p.has_option(a)) p.options.emplace_back(a);
  // Kept in the title's order, so equal choices print and compare the same.
  const auto& order = t->info().options;
  auto rank = [&](const std::string& n) {
    return std::find_if(order.begin(), order.end(),
                        [&](const OptionSpec& s) { return s.name == n; }) -
           order.begin();
  };
  std::sort(p.options.begin(), p.options.end(),
            [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  return true;
}

namespace {

core::Status validate_calendar(const NewParams& p, const TitleInfo& info) {
  if (!info.free_map) {
    const ScenarioSpec& sc = *info.scenario(p.scenario);
    const Calendar& c = sc.calendar;
    if (p.turns != c.turns || p.night != c.night || p.first != c.first)
      return Error{
          "", info.name + " fixes the first player and the calendar (" + sc.calendar_rule + ")"};
  }
  if (p.cols < 1 || p.cols > core::kMaxMapSide) return Error{"", "cols must be 1 to 99"};
  if (p.rows < 1 || p.rows > core::kMaxMapSide) return Error{"", "rows must be 1 to 99"};
  if (p.turns < 1 || p.turns > 63) return Error{"", "turns must be 1 to 63"};
  for (size_t i = 0; i < p.night.size(); ++i) {
    const int t = p.night[i];
    if (t < 1 || t > p.turns)
      return Error{
          "", "night turn " + std::to_string(t) + " is not within 1 to " + std::to_string(p.turns)};
    if (std::count(p.night.begin(), p.night.end(), t) > 1)
      return Error{"", "night turn " + std::to_string(t) + " is named twice"};
  }
  return core::ok_status();
}

}  // namespace

core::Status validate(const NewParams& p) {
  const TitleInfo& info = p.title->info();
  if (!info.scenario(p.scenario))
    return Error{"", info.name + " has no scenario \"" + p.scenario + "\""};
  if (auto s = validate_calendar(p, info); !s) return s;
  if (p.seed > kMaxSeed) return Error{"", "seed must be 0 to 9007199254740991"};
  for (const std::string& o : p.options) {
    const OptionSpec* spec = info.option(o);
    if (!spec || !spec->implies.empty())
      return Error{"", "unknown option \"" + o + "\" for " + info.name};
  }
  if (p.params.size() != info.params.size())
    return Error{"", info.name + " takes " + std::to_string(info.params.size()) + " parameter(s)"};
  for (const auto& [key, value] : p.params) {
    const ParamSpec* spec = info.param(key);
    if (!spec) return Error{"", info.name + " has no parameter " + key};
    if (std::find(spec->choices.begin(), spec->choices.end(), value) == spec->choices.end()) {
      std::string choices;
      for (const std::string& c : spec->choices) choices += (choices.empty() ? "" : " or ") + c;
      return Error{"", key + " must be " + choices + " (got \"" + value.substr(0, 40) + "\")"};
    }
  }
  return core::ok_status();
}

core::Result<core::Game> make_game(const NewParams& p) {
  if (auto s = validate(p); !s) return s.error();
  return p.title->make(p);
}

}  // namespace bg::titles
