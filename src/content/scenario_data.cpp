#include "content/scenario_data.h"

#include "core/hex.h"

namespace bg::content {

using namespace bg::core;

namespace {

Result<HexId> land_hex(const Map& map, const std::string& text, std::string_view file, int line) {
  auto fail = [&](const std::string& why) {
    return Error{"", std::string(file) + ":" + std::to_string(line) + ": hex " + text + " " + why};
  };
  auto c = parse_hex(text);
  if (!c) return fail("is not a hex number");
  auto h = map.find_label(*c);
  if (!h) return fail("is not on the map");
  const Terrain t = map.terrain(*h);
  if (t == Terrain::River || t == Terrain::Ferry)
    return fail("is a river hex: no unit may stand there");
  return *h;
}

}  // namespace

Result<ScenarioData> bind_oob(std::shared_ptr<const Map> map, const Oob& oob,
                              std::string_view oob_filename) {
  if (oob.units.size() > static_cast<size_t>(kMaxUnits))
    return Error{"",
                 std::string(oob_filename) + ": more than " + std::to_string(kMaxUnits) + " units"};
  auto roster = std::make_shared<Roster>();
  ScenarioData out;
  for (const OobEntry& e : oob.units) {
    UnitDef d = e.def;
    UnitState s;
    if (e.setup) {
      auto h = land_hex(*map, e.hex, oob_filename, e.line);
      if (!h) return h.error();
      s.hex = *h;
      s.status = UnitStatus::OnMap;
      s.set(kEverEntered);
    } else {
      d.arrival_turn = e.turn;
      d.entry_hexes.clear();
      for (const std::string& text : e.entry_hexes) {
        auto h = land_hex(*map, text, oob_filename, e.line);
        if (!h) return h.error();
        d.entry_hexes.push_back(*h);
      }
      s.status = UnitStatus::OffMap;
    }
    // Set-up units of both sides may not share a hex (5.12).
    if (e.setup)
      for (int v = 0; v < out.start.count; ++v)
        if (out.start.units[v].on_map() && out.start.units[v].hex == s.hex &&
            (*roster)[static_cast<size_t>(v)].side != d.side)
          return Error{"", std::string(oob_filename) + ":" + std::to_string(e.line) + ": " + d.id +
                               " sets up in " + e.hex + " with an enemy unit"};
    roster->push_back(std::move(d));
    out.start.units[static_cast<size_t>(out.start.count++)] = s;
  }
  out.map = std::move(map);
  out.roster = std::move(roster);
  return out;
}

}  // namespace bg::content
