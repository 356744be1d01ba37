#include "protocol/ui_json.h"

#include <algorithm>

#include "protocol/json_view.h"
#include "titles/registry.h"

namespace bg::protocol {

using titles::UiDecision;
using titles::UiHex;
using titles::UiZone;
using titles::ZoneStyle;

namespace {

Json side_json(std::optional<core::Side> s) {
  return s ? Json(std::string(core::side_name(*s))) : Json(nullptr);
}

const char* style_name(ZoneStyle s) {
  switch (s) {
    case ZoneStyle::Closed:
      return "closed";
    case ZoneStyle::Trigger:
      return "trigger";
    case ZoneStyle::Area:
      return "area";
  }
  return "area";
}

Json zone_json(const core::Game& g, const UiZone& z) {
  Json j = Json::object();
  j["name"] = z.name;
  j["label"] = z.label;
  j["rule"] = z.rule;
  j["style"] = style_name(z.style);
  j["side"] = side_json(z.side);
  j["active"] = z.active;
  if (!z.consequence.empty()) j["consequence"] = z.consequence;
  Json hexes = Json::array();
  for (core::HexId h : z.hexes) hexes.push_back(hex_name(g.map(), h));
  j["hexes"] = std::move(hexes);
  return j;
}

Json special_hex_json(const core::Game& g, const UiHex& h) {
  Json j = Json::object();
  j["hex"] = hex_name(g.map(), h.hex);
  j["kind"] = h.kind;
  j["label"] = h.label;
  j["side"] = side_json(h.side);
  return j;
}

Json decision_json(const core::Game& g, const UiDecision& d, std::optional<core::Side> viewer) {
  Json j = Json::object();
  j["name"] = d.name;
  j["label"] = d.label;
  j["rule"] = d.rule;
  j["help"] = d.help;
  j["side"] = std::string(core::side_name(d.side));
  j["secret"] = d.secret;
  j["open"] = d.open;
  j["action"] = "scenario";  // sent as {"kind":"scenario","unit":..,"value":..}
  Json units = Json::array();
  for (core::UnitIndex u : d.units) units.push_back(unit_id(g, u));
  j["units"] = std::move(units);
  Json choices = Json::array();
  for (const titles::UiChoice& c : d.choices)
    choices.push_back(Json{{"value", c.value}, {"label", c.label}});
  j["choices"] = std::move(choices);
  const bool may_know = !d.secret || !viewer || *viewer == d.side;
  if (may_know && d.chosen.size() == d.units.size()) {
    Json chosen = Json::object();
    for (size_t i = 0; i < d.units.size(); ++i) chosen[unit_id(g, d.units[i])] = d.chosen[i];
    j["chosen"] = std::move(chosen);
  }
  return j;
}

}  // namespace

Json ui_json(const core::Game& g, std::optional<core::Side> viewer) {
  const titles::UiSpec spec = titles::title_of(g).ui(g, viewer);
  Json j = Json::object();
  j["display"] = spec.display;
  Json zones = Json::array();
  for (const UiZone& z : spec.zones) zones.push_back(zone_json(g, z));
  j["zones"] = std::move(zones);
  Json hexes = Json::array();
  for (const UiHex& h : spec.hexes) hexes.push_back(special_hex_json(g, h));
  j["hexes"] = std::move(hexes);
  Json decisions = Json::array();
  for (const UiDecision& d : spec.decisions) decisions.push_back(decision_json(g, d, viewer));
  j["decisions"] = std::move(decisions);
  Json lines = Json::array();
  for (const titles::UiLine& l : spec.lines) {
    Json path = Json::array();
    for (core::HexId h : l.hexes) path.push_back(hex_name(g.map(), h));
    lines.push_back(Json{{"name", l.name},
                         {"label", l.label},
                         {"rule", l.rule},
                         {"side", std::string(core::side_name(l.side))},
                         {"traced", l.traced},
                         {"hexes", std::move(path)}});
  }
  j["lines"] = std::move(lines);
  return j;
}

std::vector<UiZone> armed_triggers(const core::Game& g) {
  std::vector<UiZone> out;
  for (UiZone& z : titles::title_of(g).ui(g, std::nullopt).zones)
    if (z.style == ZoneStyle::Trigger && z.active && !z.consequence.empty()) {
      z.hexes.clear();
      out.push_back(std::move(z));
    }
  return out;
}

Json fired_triggers(const core::Game& g, std::vector<UiZone>& armed) {
  std::vector<UiZone> now = armed_triggers(g);
  Json out = Json::array();
  for (const UiZone& z : armed) {
    const bool still =
        std::any_of(now.begin(), now.end(), [&](const UiZone& n) { return n.name == z.name; });
    if (!still)
      out.push_back(Json{{"zone", z.name}, {"rule", z.rule}, {"consequence", z.consequence}});
  }
  armed = std::move(now);
  return out;
}

}  // namespace bg::protocol
