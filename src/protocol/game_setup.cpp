#include "protocol/game_setup.h"

#include <algorithm>

#include "titles/road_to_richmond/rtr_setup.h"

namespace bg::protocol {

using core::Error;

NewParams road_to_richmond_params() {
  NewParams p;
  p.scenario = kRoadToRichmond;
  p.first = core::Side::Confederate;
  p.turns = 20;
  p.night = {5, 13};
  p.exclusive = titles::rtr::ExclusiveEdition::Spi1977;
  return p;
}

std::string_view exclusive_name(titles::rtr::ExclusiveEdition e) {
  return titles::rtr::exclusive_edition_name(e);
}

std::optional<titles::rtr::ExclusiveEdition> parse_exclusive(std::string_view s) {
  return titles::rtr::parse_exclusive_edition(s);
}

core::Status validate(const NewParams& p) {
  const bool rtr = p.scenario == kRoadToRichmond;
  if (!rtr && p.scenario != "sandbox")
    return Error{"", "unknown scenario (sandbox or road-to-richmond)"};
  if (rtr) {
    const NewParams d = road_to_richmond_params();
    if (p.cols != d.cols || p.rows != d.rows || p.turns != d.turns || p.night != d.night ||
        p.first != d.first)
      return Error{"",
                   "road-to-richmond fixes the map, the first player and the calendar "
                   "(14.2: Confederate first, twenty Game-Turns, nights 5 and 13)"};
    if (!p.exclusive)
      return Error{"", "road-to-richmond needs exclusive=1977 or exclusive=revised"};
  } else {
    if (p.exclusive) return Error{"", "exclusive= is for road-to-richmond only"};
    if (p.advance_restrictions || p.siege_train || p.variable_reinforcements || p.additional_vp)
      return Error{"", "the tournament options (22.x) are for road-to-richmond only"};
  }
  if (p.cols < 1 || p.cols > core::kMaxMapSide) return Error{"", "cols must be 1 to 99"};
  if (p.rows < 1 || p.rows > core::kMaxMapSide) return Error{"", "rows must be 1 to 99"};
  if (p.turns < 1 || p.turns > 63) return Error{"", "turns must be 1 to 63"};
  if (p.seed > kMaxSeed) return Error{"", "seed must be 0 to 9007199254740991"};
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

bool set_option(NewParams& p, std::string_view name) {
  if (name == kOptAttackEffectiveness) {
    p.attack_effectiveness = true;
  } else if (name == kOptStrategicMovement) {
    p.strategic_movement = true;
  } else if (name == kOptCavalryRetreat) {
    p.cavalry_retreat = true;
  } else if (name == kOptAdvanceRestrictions) {
    p.advance_restrictions = true;
  } else if (name == kOptSiegeTrain) {
    p.siege_train = true;
  } else if (name == kOptVariableReinforcements) {
    p.variable_reinforcements = true;
  } else if (name == kOptAdditionalVp) {
    p.additional_vp = true;
  } else if (name == kOptTournament) {
    p.advance_restrictions = p.siege_train = p.variable_reinforcements = p.additional_vp = true;
  } else {
    return false;
  }
  return true;
}

std::vector<std::string> option_names(const NewParams& p) {
  std::vector<std::string> out;
  if (p.attack_effectiveness) out.emplace_back(kOptAttackEffectiveness);
  if (p.strategic_movement) out.emplace_back(kOptStrategicMovement);
  if (p.cavalry_retreat) out.emplace_back(kOptCavalryRetreat);
  if (p.advance_restrictions) out.emplace_back(kOptAdvanceRestrictions);
  if (p.siege_train) out.emplace_back(kOptSiegeTrain);
  if (p.variable_reinforcements) out.emplace_back(kOptVariableReinforcements);
  if (p.additional_vp) out.emplace_back(kOptAdditionalVp);
  return out;
}

Json to_json(const NewParams& p) {
  Json j = Json::object();
  j["scenario"] = p.scenario;
  j["cols"] = p.cols;
  j["rows"] = p.rows;
  j["edition"] = std::string(core::edition_name(p.edition));
  j["seed"] = p.seed;
  j["first"] = std::string(core::side_name(p.first));
  j["turns"] = p.turns;
  j["night"] = p.night;
  j["options"] = option_names(p);
  if (p.exclusive) j["exclusive"] = std::string(exclusive_name(*p.exclusive));
  return j;
}

namespace {

core::Result<int> small_int(const Json& j, const char* key, int fallback) {
  if (!j.contains(key)) return fallback;
  const Json& v = j.at(key);
  if (!v.is_number_integer()) return Error{"", std::string("\"") + key + "\" must be an integer"};
  const auto n = v.get<int64_t>();
  if (n < -1000 || n > 1000) return Error{"", std::string("\"") + key + "\" is out of range"};
  return static_cast<int>(n);
}

}  // namespace

core::Result<NewParams> new_params_from_json(const Json& j) {
  if (!j.is_object()) return Error{"", "\"new\" must be an object"};
  NewParams p;
  static const char* const kKeys[] = {"scenario", "cols",  "rows",  "edition", "seed",
                                      "first",    "turns", "night", "options", "exclusive"};
  for (const auto& [key, value] : j.items()) {
    (void)value;
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
      return Error{"", "unknown key \"" + key + "\" in \"new\""};
  }
  if (j.contains("scenario")) {
    if (!j["scenario"].is_string()) return Error{"", "\"scenario\" must be a string"};
    p.scenario = j["scenario"].get<std::string>();
    if (p.scenario == kRoadToRichmond) p = road_to_richmond_params();
  }
  auto cols = small_int(j, "cols", p.cols);
  if (!cols) return cols.error();
  p.cols = *cols;
  auto rows = small_int(j, "rows", p.rows);
  if (!rows) return rows.error();
  p.rows = *rows;
  auto turns = small_int(j, "turns", p.turns);
  if (!turns) return turns.error();
  p.turns = *turns;
  if (j.contains("edition")) {
    const Json& e = j["edition"];
    auto ed = e.is_string() ? core::parse_edition(e.get<std::string>()) : std::nullopt;
    if (!ed) return Error{"", "\"edition\" must be spi1977 or dg2016"};
    p.edition = *ed;
  }
  if (j.contains("first")) {
    const Json& f = j["first"];
    auto side = f.is_string() ? core::parse_side(f.get<std::string>()) : std::nullopt;
    if (!side) return Error{"", "\"first\" must be union or confederate"};
    p.first = *side;
  }
  if (j.contains("seed")) {
    const Json& s = j["seed"];
    if (!s.is_number_unsigned() && !(s.is_number_integer() && s.get<int64_t>() >= 0))
      return Error{"", "\"seed\" must be a non-negative integer"};
    p.seed = s.get<uint64_t>();
  }
  if (j.contains("night")) {
    const Json& n = j["night"];
    if (!n.is_array()) return Error{"", "\"night\" must be an array of turns"};
    p.night.clear();
    for (const Json& t : n) {
      if (!t.is_number_integer() || t.get<int64_t>() < 0 || t.get<int64_t>() > 63)
        return Error{"", "\"night\" holds a turn out of range"};
      p.night.push_back(t.get<int>());
    }
  }
  if (j.contains("exclusive")) {
    const Json& e = j["exclusive"];
    auto ex = e.is_string() ? parse_exclusive(e.get<std::string>()) : std::nullopt;
    if (!ex) return Error{"", "\"exclusive\" must be 1977 or revised"};
    p.exclusive = *ex;
  }
  if (j.contains("options")) {
    const Json& o = j["options"];
    if (!o.is_array()) return Error{"", "\"options\" must be an array of names"};
    for (const Json& name : o)
      if (!name.is_string() || !set_option(p, name.get<std::string>()))
        return Error{"", "\"options\" names an unknown optional rule"};
  }
  if (auto s = validate(p); !s) return s.error();
  return p;
}

core::Result<core::Game> make_game(const NewParams& p) {
  if (auto s = validate(p); !s) return s.error();
  if (p.scenario == kRoadToRichmond) {
    titles::rtr::RtrSetup setup;
    setup.options.exclusive = *p.exclusive;
    setup.options.advance_restrictions = p.advance_restrictions;
    setup.options.siege_train = p.siege_train;
    setup.options.variable_reinforcements = p.variable_reinforcements;
    setup.options.additional_vp = p.additional_vp;
    setup.edition = p.edition;
    setup.attack_effectiveness = p.attack_effectiveness;
    setup.strategic_movement = p.strategic_movement;
    setup.cavalry_retreat = p.cavalry_retreat;
    setup.seed = p.seed;
    return titles::rtr::make_road_to_richmond(setup);
  }
  core::RulesConfig r;
  r.edition = p.edition;
  r.first = p.first;
  r.turns = p.turns;
  r.seed = p.seed;
  for (int t : p.night) r.night.set(static_cast<size_t>(t));
  r.attack_effectiveness = p.attack_effectiveness;
  r.strategic_movement = p.strategic_movement;
  r.cavalry_retreat = p.cavalry_retreat;
  return core::Game::sandbox(p.cols, p.rows, r);
}

}  // namespace bg::protocol
