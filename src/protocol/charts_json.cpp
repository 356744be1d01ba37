#include "protocol/charts_json.h"

#include <string>

#include "core/charts.h"
#include "core/overlays.h"
#include "core/rule_id.h"
#include "protocol/json_view.h"

namespace bg::protocol {

namespace {

Json crt_json(const core::CrtChart& c) {
  Json columns = Json::array();
  for (int k = 0; k < core::kColumns; ++k) columns.push_back(core::column_name(k));
  Json rows = Json::array();
  for (int die = 1; die <= 6; ++die) {
    Json results = Json::array();
    for (core::CombatResult r : c.results[die - 1]) results.push_back(core::result_name(r));
    rows.push_back(Json{{"die", die}, {"results", results}});
  }
  Json legend = Json::object();
  for (core::CombatResult r :
       {core::CombatResult::Ae, core::CombatResult::Ar, core::CombatResult::Ex,
        core::CombatResult::Dr, core::CombatResult::De})
    legend[std::string(core::result_name(r))] = core::result_words(r);
  return Json{{"rule", c.rule}, {"columns", columns}, {"rows", rows}, {"legend", legend}};
}

Json tec_json(const core::TerrainChart& t) {
  Json crossings = Json::array();
  for (const core::TecCrossing& c : t.crossings) crossings.push_back(c.name);
  Json terrain = Json::array();
  for (const core::TecTerrainRow& r : t.terrain) {
    Json mp = Json::array();
    for (const auto& cost : r.mp) mp.push_back(cost ? Json(*cost) : Json(nullptr));
    terrain.push_back(Json{{"terrain", core::terrain_name(r.terrain)},
                           {"mp", mp},
                           {"may_end_move", r.may_end_move},
                           {"defence", r.defence},
                           {"blocks_los", r.blocks_los}});
  }
  Json hexsides = Json::array();
  for (const core::TecHexsideRow& r : t.hexsides)
    hexsides.push_back(Json{{"hexside", r.name},
                            {"features", feature_names(r.bits)},
                            {"passable", r.passable},
                            {"defence", r.defence}});
  Json features = Json::array();
  for (const core::TecFeature& f : t.features) {
    Json fj{{"feature", f.name},
            {"rule", f.rule},
            {"mp", f.mp ? Json(*f.mp) : Json(nullptr)},
            {"movement", f.movement},
            {"defence", f.defence},
            {"combat", f.combat}};
    if (f.defence_rough) fj["defence_rough"] = *f.defence_rough;
    features.push_back(std::move(fj));
  }
  return Json{{"movement_rule", t.movement_rule},
              {"combat_rule", t.combat_rule},
              {"crossings", crossings},
              {"terrain", terrain},
              {"hexsides", hexsides},
              {"features", features}};
}

}  // namespace

Json charts_json(const core::Game& g) {
  const core::Charts c = core::charts(g.context());
  return Json{{"edition", std::string(core::edition_name(g.rules().edition))},
              {"crt", crt_json(c.crt)},
              {"tec", tec_json(c.tec)}};
}

Json overlays_json(const core::Game& g, std::optional<core::UnitIndex> unit) {
  const core::Context ctx = g.context();
  const core::Map& map = g.map();
  auto hexes = [&](const std::vector<core::HexId>& list) {
    Json out = Json::array();
    for (core::HexId h : list) out.push_back(hex_name(map, h));
    return out;
  };
  Json zoc = Json::object();
  zoc["rule"] = core::cite(ctx, core::RuleId::StopInEnemyZoc);
  for (core::Side s : {core::Side::Union, core::Side::Confederate})
    zoc[std::string(core::side_name(s))] = hexes(core::zoc_hexes(map, g.board(), s));
  Json j = Json::object();
  j["zoc"] = std::move(zoc);
  j["artillery"] = nullptr;
  if (unit) {
    const core::UnitDef& def = g.roster()[*unit];
    const core::UnitState& us = g.position().units[*unit];
    if (def.type == core::UnitType::Artillery && us.on_map()) {
      const core::ArtilleryCover cover = core::artillery_cover(ctx, def, us.hex);
      j["artillery"] = Json{{"unit", def.id},
                            {"hex", hex_name(map, us.hex)},
                            {"range", def.range},
                            {"range_rule", core::cite(ctx, core::RuleId::ArtilleryRange)},
                            {"los_rule", core::cite(ctx, core::RuleId::LineOfSight)},
                            {"in_range", hexes(cover.in_range)},
                            {"in_sight", hexes(cover.in_sight)}};
    }
  }
  return j;
}

}  // namespace bg::protocol
