#include "server/action_note.h"

#include <algorithm>

#include "protocol/json_view.h"

namespace bg::server {

using core::ActionKind;
using protocol::hex_name;
using protocol::unit_id;

Json report_json(const core::Game& g, const core::Action& a, const core::Report& r) {
  Json j = Json::object();
  if (a.kind == ActionKind::Move || a.kind == ActionKind::Enter) {
    j["unit"] = unit_id(g, a.unit);
    Json path = Json::array();
    for (core::HexId h : r.path) path.push_back(hex_name(g.map(), h));
    j["path"] = std::move(path);
    j["mp"] = r.mp;
    j["exited"] = a.exit_map;
  }
  if (r.combat) protocol::add_combat(j, g, *r.combat);
  j["eliminated"] = protocol::eliminated_json(g, r);
  return j;
}

namespace {

// The hex a moving unit leaves, or the hexes of an attack's units, as they
// stand before the action; null for any other action.
Json where_from(const core::Game& g, const core::Position& before, const core::Action& a) {
  const auto& units = before.units;
  auto hex_of = [&](core::UnitIndex u) {
    return u < units.size() && units[u].on_map() ? Json(hex_name(g.map(), units[u].hex))
                                                 : Json(nullptr);
  };
  if (a.kind == ActionKind::Move) return hex_of(a.unit);
  if (a.kind != ActionKind::Attack) return nullptr;
  Json hexes = Json::array();
  for (core::UnitIndex u : a.units) {
    Json at = hex_of(u);
    if (!at.is_null() && std::find(hexes.begin(), hexes.end(), at) == hexes.end())
      hexes.push_back(std::move(at));
  }
  return hexes;
}

}  // namespace

void add_from(Json& note, const core::Game& g, const core::Position& before,
              const core::Action& a) {
  Json from = where_from(g, before, a);
  if (!from.is_null())
    note[a.kind == ActionKind::Attack ? "attacker_hexes" : "from"] = std::move(from);
}

}  // namespace bg::server
