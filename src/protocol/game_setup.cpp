#include "protocol/game_setup.h"

#include <algorithm>

#include "titles/registry.h"

namespace bg::protocol {

using core::Error;

bool set_option(NewParams& p, std::string_view name) {
  if (name == kOptAttackEffectiveness) {
    p.attack_effectiveness = true;
  } else if (name == kOptStrategicMovement) {
    p.strategic_movement = true;
  } else if (name == kOptCavalryRetreat) {
    p.cavalry_retreat = true;
  } else {
    return titles::add_title_option(p, name);
  }
  return true;
}

std::vector<std::string> option_names(const NewParams& p) {
  std::vector<std::string> out;
  if (p.attack_effectiveness) out.emplace_back(kOptAttackEffectiveness);
  if (p.strategic_movement) out.emplace_back(kOptStrategicMovement);
  if (p.cavalry_retreat) out.emplace_back(kOptCavalryRetreat);
  for (const std::string& o : p.options) out.push_back(o);
  return out;
}

std::string option_list(const NewParams& p) {
  std::string out = std::string(kOptAttackEffectiveness) + ", " + kOptStrategicMovement + ", " +
                    kOptCavalryRetreat;
  const titles::Title* t = p.title;
  if (!t->info().options.empty()) {
    out += "; " + t->info().name + ":";
    for (size_t i = 0; i < t->info().options.size(); ++i)
      out += (i ? ", " : " ") + t->info().options[i].name;
  }
  return out;
}

namespace {

// A title with one scenario of its own name (the sandbox, the first battles)
// writes only "scenario": its name, as save files did before titles had
// scenarios, so those files and these stay alike.
bool single_scenario(const titles::TitleInfo& info) {
  return info.scenarios.size() == 1 && info.scenarios.front().name == info.name;
}

}  // namespace

Json to_json(const NewParams& p) {
  Json j = Json::object();
  const titles::TitleInfo& info = p.title->info();
  if (single_scenario(info)) {
    j["scenario"] = info.name;
  } else {
    j["title"] = info.name;
    j["scenario"] = p.scenario;
  }
  j["cols"] = p.cols;
  j["rows"] = p.rows;
  j["edition"] = std::string(core::edition_name(p.edition));
  j["seed"] = p.seed;
  j["first"] = std::string(core::side_name(p.first));
  j["turns"] = p.turns;
  j["night"] = p.night;
  j["options"] = option_names(p);
  for (const auto& [key, value] : p.params) j[key] = value;
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

// The title and scenario an object names, with their defaults. Before titles
// had scenarios "scenario" named the title; it still does when "title" is
// absent.
core::Result<NewParams> start_from(const Json& j) {
  for (const char* key : {"title", "scenario"})
    if (j.contains(key) && !j[key].is_string())
      return Error{"", std::string("\"") + key + "\" must be a string"};
  if (j.contains("title"))
    return titles::defaults_for(j["title"].get<std::string>(), j.value("scenario", std::string()));
  return titles::defaults_for(j.value("scenario", std::string("sandbox")));
}

core::Status read_calendar(const Json& j, NewParams& p) {
  auto cols = small_int(j, "cols", p.cols);
  if (!cols) return cols.error();
  p.cols = *cols;
  auto rows = small_int(j, "rows", p.rows);
  if (!rows) return rows.error();
  p.rows = *rows;
  auto turns = small_int(j, "turns", p.turns);
  if (!turns) return turns.error();
  p.turns = *turns;
  if (j.contains("first")) {
    const Json& f = j["first"];
    auto side = f.is_string() ? core::parse_side(f.get<std::string>()) : std::nullopt;
    if (!side) return Error{"", "\"first\" must be union or confederate"};
    p.first = *side;
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
  return core::ok_status();
}

core::Status read_rules(const Json& j, NewParams& p) {
  if (j.contains("edition")) {
    const Json& e = j["edition"];
    auto ed = e.is_string() ? core::parse_edition(e.get<std::string>()) : std::nullopt;
    if (!ed) return Error{"", "\"edition\" must be spi1977 or dg2016"};
    p.edition = *ed;
  }
  if (j.contains("seed")) {
    const Json& s = j["seed"];
    if (!s.is_number_unsigned() && !(s.is_number_integer() && s.get<int64_t>() >= 0))
      return Error{"", "\"seed\" must be a non-negative integer"};
    p.seed = s.get<uint64_t>();
  }
  if (j.contains("options")) {
    const Json& o = j["options"];
    if (!o.is_array()) return Error{"", "\"options\" must be an array of names"};
    for (const Json& name : o)
      if (!name.is_string() || !set_option(p, name.get<std::string>()))
        return Error{"", "\"options\" names an unknown optional rule"};
  }
  return core::ok_status();
}

}  // namespace

core::Result<NewParams> new_params_from_json(const Json& j) {
  if (!j.is_object()) return Error{"", "\"new\" must be an object"};
  auto start = start_from(j);
  if (!start) return start.error();
  NewParams p = std::move(*start);
  const titles::TitleInfo& info = p.title->info();
  static const char* const kKeys[] = {"title", "scenario", "cols",  "rows",  "edition",
                                      "seed",  "first",    "turns", "night", "options"};
  for (const auto& [key, value] : j.items()) {
    if (std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys)) continue;
    if (!info.param(key)) return Error{"", "unknown key \"" + key + "\" in \"new\""};
    if (!value.is_string()) return Error{"", "\"" + key + "\" must be a string"};
    p.set_param(key, value.get<std::string>());
  }
  if (auto s = read_calendar(j, p); !s) return s.error();
  if (auto s = read_rules(j, p); !s) return s.error();
  if (auto s = validate(p); !s) return s.error();
  return p;
}

namespace {

Json calendar_json(const titles::Calendar& c) {
  Json j = Json::object();
  j["first"] = std::string(core::side_name(c.first));
  j["turns"] = c.turns;
  j["night"] = c.night;
  return j;
}

// The postures (strategies) the title declares for each side of a scenario,
// as its computer player may be told to play them (titles/ai_knowledge.h),
// read from a game made with the scenario's default parameters: a title
// declares its postures from its map and roster. Empty lists for a side
// with none (then no posture is offered).
Json postures_json(const titles::Title& t, const titles::ScenarioSpec& s) {
  Json out = Json::object();
  out["union"] = Json::array();
  out["confederate"] = Json::array();
  auto params = titles::defaults_for(t.info().name, s.name);
  if (!params) return out;
  auto g = make_game(*params);
  if (!g) return out;
  for (const core::Side side : {core::Side::Union, core::Side::Confederate}) {
    const titles::AiKnowledge know = t.ai_knowledge(g->view_for(side));
    Json& list = out[std::string(core::side_name(side))];
    for (const titles::AiPosture& p : know.postures)
      if (p.side == side)
        list.push_back(Json{{"name", p.name},
                            {"display", p.display},
                            {"description", p.description},
                            {"rule", p.rule},
                            {"default", p.is_default}});
  }
  return out;
}

Json title_json(const titles::Title& title) {
  const titles::TitleInfo& info = title.info();
  Json t = Json::object();
  t["name"] = info.name;
  t["display"] = info.display;
  t["summary"] = info.summary;
  t["free_map"] = info.free_map;
  Json scenarios = Json::array();
  for (const titles::ScenarioSpec& s : info.scenarios) {
    Json sj = Json::object();
    sj["name"] = s.name;
    sj["display"] = s.display;
    sj["summary"] = s.summary;
    sj["calendar"] = calendar_json(s.calendar);
    sj["postures"] = postures_json(title, s);
    scenarios.push_back(std::move(sj));
  }
  t["scenarios"] = std::move(scenarios);
  Json params = Json::array();
  for (const titles::ParamSpec& ps : info.params)
    params.push_back(Json{{"key", ps.key},
                          {"choices", ps.choices},
                          {"default", ps.default_value},
                          {"help", ps.help}});
  t["params"] = std::move(params);
  Json options = Json::array();
  for (const titles::OptionSpec& o : info.options)
    options.push_back(Json{{"name", o.name}, {"help", o.help}, {"implies", o.implies}});
  t["options"] = std::move(options);
  return t;
}

Json make_titles_json() {
  Json j = Json::object();
  const std::string spi(core::edition_name(core::Edition::Spi1977));
  const std::string dg(core::edition_name(core::Edition::Dg2016));
  j["editions"] = Json::array({Json{{"name", spi}, {"display", "SPI 1977 Standard Rules"}},
                               Json{{"name", dg}, {"display", "Decision Games 2016 edition"}}});
  // Each optional rule with the editions in which choosing it changes the
  // game (Attack Effectiveness is a standard rule in the 2016 edition).
  j["standard_options"] =
      Json::array({Json{{"name", kOptAttackEffectiveness},
                        {"help",
                         "11.0: an attacker retreated by an Ar result is ineffective (may only "
                         "move and defend) until a night Game-Turn ends"},
                        {"editions", Json::array({spi})}},
                   Json{{"name", kOptStrategicMovement},
                        {"help",
                         "DG 11.1: units four or more hexes from the enemy may add three Movement "
                         "Points (cavalry four) if they stay that far away"},
                        {"editions", Json::array({dg})}},
                   Json{{"name", kOptCavalryRetreat},
                        {"help",
                         "DG 11.2: cavalry attacked only by infantry or artillery may fall back "
                         "two hexes before the die is rolled"},
                        {"editions", Json::array({dg})}}});
  Json list = Json::array();
  for (const titles::Title* t : titles::all_titles()) list.push_back(title_json(*t));
  j["titles"] = std::move(list);
  j["default"] = titles::default_title().info().name;
  return j;
}

}  // namespace

Json titles_json() {
  // Made once: it depends only on the registered titles and their data (the
  // postures ask each scenario's game).
  static const Json made = make_titles_json();
  return made;
}

}  // namespace bg::protocol
