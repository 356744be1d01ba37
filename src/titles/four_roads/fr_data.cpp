#include "titles/four_roads/fr_data.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "content/map_file.h"
#include "content/oob_file.h"
#include "content/statements.h"
#include "content/text_file.h"
#include "core/terrain.h"
#include "titles/four_roads/fr_calendar.h"

namespace bg::titles::four_roads {

using namespace bg::core;

namespace {

// R-FR-MA and R-FR-RANGE: the title's factors on top of the Standard Rules':
// cavalry moves 8 (the article's counter strip), headquarters 8
// (their code), artillery bombards 2 hexes (a hex is about 1.1 km, not the
// Standard Rules' 400 m).
void apply_title_factors(Roster& roster) {
  for (UnitDef& d : roster) {
    if (d.type == UnitType::Cavalry) d.movement = 8;
    if (d.type == UnitType::Artillery) d.range = 2;
  }
}

const UnitDef* find_def(const Roster& roster, std::string_view id) {
  for (const UnitDef& d : roster)
    if (d.id == id) return &d;
  return nullptr;
}

// The chain against the roster: every headquarters is an `hq` unit, every
// unit line names a unit of the headquarters' side, every combat unit answers
// to someone (FR 7-9 need all three).
Status check_chain(const modules::CommandChain& chain, const Roster& roster,
                   const std::string& file) {
  if (auto s = chain.validate(); !s) return Error{"", file + ": " + s.error().message};
  for (const modules::HqSpec& h : chain.hqs) {
    const UnitDef* d = find_def(roster, h.unit);
    if (!d || d->kind != "hq")
      return Error{"", file + ": headquarters " + h.unit + " is not an 'hq' unit of oob.txt"};
    if (!h.parent.empty() && find_def(roster, h.parent)->side != d->side)
      return Error{"", file + ": " + h.unit + "'s parent " + h.parent + " is of the other side"};
  }
  for (const modules::UnitCommand& u : chain.units) {
    const UnitDef* d = find_def(roster, u.unit);
    if (!d) return Error{"", file + ": unit " + u.unit + " is not in oob.txt"};
    const UnitDef* hq = find_def(roster, u.hq);
    if (hq->side != d->side)
      return Error{"", file + ": " + u.unit + " answers to " + u.hq + " of the other side"};
  }
  for (const UnitDef& d : roster) {
    if (d.type == UnitType::Special) continue;
    const bool listed = std::any_of(chain.units.begin(), chain.units.end(),
                                    [&](const modules::UnitCommand& u) { return u.unit == d.id; });
    if (!listed)
      return Error{"", file + ": " + d.id + " answers to no headquarters (add a unit line)"};
  }
  return ok_status();
}

Result<std::shared_ptr<const FrData>> load_uncached(const std::string& dir, const FrScenario& sc) {
  const std::string map_file = dir + "/four-roads/map.txt";
  const std::string folder = dir + "/four-roads/" + std::string(sc.name);
  const std::string oob_file = folder + "/oob.txt", chain_file = folder + "/chain.txt",
                    setup_file = folder + "/setup.txt";
  auto map = content::load_map(map_file);
  if (!map) return map.error();
  auto oob = content::load_oob(oob_file);
  if (!oob) return oob.error();
  auto bound = content::bind_oob(*map, *oob, oob_file);
  if (!bound) return bound.error();
  auto roster = std::make_shared<Roster>(*bound->roster);
  apply_title_factors(*roster);
  for (const UnitDef& d : *roster)
    if (d.arrival_turn > sc.turns)
      return Error{"", oob_file + ": " + d.id + " arrives on Game-Turn " +
                           std::to_string(d.arrival_turn) + ", after the scenario's " +
                           std::to_string(sc.turns) + " (R-FR-CALENDAR)"};
  auto chain_text = content::read_text_file(chain_file);
  if (!chain_text) return chain_text.error();
  auto chain = modules::parse_command_chain(*chain_text);
  if (!chain) return Error{"", chain_file + ": " + chain.error().message};
  if (auto s = check_chain(*chain, *roster, chain_file); !s) return s.error();
  auto setup_text = content::read_text_file(setup_file);
  if (!setup_text) return setup_text.error();
  auto setup = parse_fr_setup(*setup_text, **map, setup_file);
  if (!setup) return setup.error();

  auto out = std::make_shared<FrData>();
  out->data = std::move(*bound);
  out->data.roster = std::move(roster);
  out->chain = std::make_shared<const modules::CommandChain>(std::move(*chain));
  out->setup = std::move(*setup);
  for (const NamedHex& n : (*map)->named())
    if (n.kind == "ford") out->fords.push_back(n.hex);
  return std::shared_ptr<const FrData>(std::move(out));
}

}  // namespace

Result<FrSetup> parse_fr_setup(std::string_view text, const Map& map, std::string_view filename) {
  FrSetup out;
  const Status read = content::for_each_statement(
      text, [&](int line_no, const std::vector<std::string_view>& w) -> Status {
        auto fail = [&](const std::string& why) {
          return Error{"", std::string(filename) + ":" + std::to_string(line_no) + ": " + why};
        };
        const bool fort = w[0] == "fort" && w.size() == 2;
        const bool pontoon = w[0] == "pontoon" && w.size() == 3;
        if (!fort && !pontoon) return fail("expected 'fort HEX' or 'pontoon HEX SIDE'");
        const std::string at(w[1]);
        const auto h = map.parse_label(at);
        if (!h || !map.on_map(*h)) return fail("hex '" + at + "' is not on the map");
        const bool river = map.terrain(*h) == Terrain::River;
        if (fort) {
          if (river) return fail("a fort stands on land, not on river hex " + at);
          if (std::find(out.forts.begin(), out.forts.end(), *h) != out.forts.end())
            return fail("fort " + at + " is listed twice");
          out.forts.push_back(*h);
          return ok_status();
        }
        if (!river) return fail("a pontoon is emplaced on a river hex, and " + at + " is not one");
        const auto side = parse_side(w[2]);
        if (!side) return fail("unknown side '" + std::string(w[2]) + "' (union or confederate)");
        for (const modules::PontoonSetup& p : out.pontoons)
          if (p.hex == *h) return fail("pontoon " + at + " is listed twice");
        out.pontoons.push_back(modules::PontoonSetup{*h, *side});
        return ok_status();
      });
  if (!read) return read.error();
  std::sort(out.forts.begin(), out.forts.end());
  return out;
}

Result<std::shared_ptr<const FrData>> load_fr_data(const std::string& data_dir,
                                                   std::string_view name) {
  const FrScenario* sc = find_fr_scenario(name);
  if (!sc) return Error{"", "four-roads has no scenario '" + std::string(name) + "'"};
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const FrData>> cache;
  const std::string key = data_dir + "\n" + std::string(name);
  std::lock_guard lock(mu);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  auto loaded = load_uncached(data_dir, *sc);
  if (!loaded) return loaded.error();
  cache[key] = *loaded;
  return *loaded;
}

}  // namespace bg::titles::four_roads
