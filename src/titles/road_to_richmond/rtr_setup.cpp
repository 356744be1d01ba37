#include "titles/road_to_richmond/rtr_setup.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include "content/map_file.h"
#include "content/oob_file.h"
#include "content/scenario_data.h"
#include "content/text_file.h"
#include "core/hex.h"

namespace bg::titles::rtr {

using namespace bg::core;

namespace {

// What the exclusive rules read from the data, checked once at load.
Status check_data(const content::ScenarioData& data, const std::string& map_file,
                  const std::string& oob_file) {
  const Map& map = *data.map;
  auto hex = [&](const char* name) -> std::optional<HexId> {
    const auto c = parse_hex(name);
    return c ? map.find_label(*c) : std::nullopt;
  };
  for (const char* name :
       {"0103", "0117", "0126", "0328", "0728", "1301", "1901", "1528", "1823", "1826", "2426"})
    if (!hex(name))
      return Error{"", map_file + ": hex " + std::string(name) +
                           " (named by the exclusive rules) is not on the map"};
  for (const char* name : {"0117", "1528"})
    if (!map.is_exit(*hex(name)))
      return Error{"", map_file + ": hex " + std::string(name) +
                           " must be an exit hex (17.11 / 19.11): add 'exit " + name + "'"};
  for (const char* zone : {"ccz", "activation"}) {
    bool found = false;
    for (const Zone& z : map.zones()) found = found || (z.name == zone && !z.hexes.empty());
    if (!found)
      return Error{"", map_file + ": zone '" + std::string(zone) +
                           "' is missing (the Command Control Zone 16.2, the activation area "
                           "19.1)"};
  }
  for (const UnitDef& d : *data.roster)
    if (d.arrival_turn > 20)
      return Error{"", oob_file + ": " + d.id + " arrives on Game-Turn " +
                           std::to_string(d.arrival_turn) +
                           ", after the game's twenty (14.22 / 16.3)"};
  int trains = 0, union_trains = 0;
  const UnitDef* train = nullptr;
  for (const UnitDef& d : *data.roster) {
    if (d.kind == kTrainKind) {
      ++trains;
      union_trains += d.side == Side::Union;
      train = &d;
    }
  }
  if (trains != 1 || union_trains != 1)
    return Error{"", oob_file + ": exactly one Union Train is needed (20.0 / 21.1), found " +
                         std::to_string(union_trains) +
                         (trains != union_trains ? " and a Confederate one" : "")};
  // The Train's rules are its abilities in the data (20.11-20.25 / 21.11-21.17).
  if (train->can_attack || train->exerts_zoc || !train->road_only || !train->sole_occupant ||
      !train->no_pass_through || train->defense != 1)
    return Error{"", oob_file + ": the Train (" + train->id +
                         ") must never attack, defend at 1, exert no Zone of Control, stack "
                         "with nothing, let nothing through and keep to roads and trails "
                         "(20.1-20.2 / 21.1): code (1) and 'ability " +
                         train->id + " kind=train no-zoc sole-occupant no-pass-through road-only'"};
  return ok_status();
}

struct Loaded {
  content::ScenarioData data;
  // The AI's weights for the tournament game (rtr_ai.cpp), as text: the AI
  // reads them (a title knows no AI types).
  std::shared_ptr<const std::string> ai_weights;
};

Result<std::shared_ptr<const Loaded>> load(const std::string& dir) {
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const Loaded>> cache;
  std::lock_guard lock(mu);
  if (auto it = cache.find(dir); it != cache.end()) return it->second;
  const std::string map_file = dir + "/road-to-richmond/map.txt";
  const std::string oob_file = dir + "/road-to-richmond/oob.txt";
  auto map = content::load_map(map_file);
  if (!map) return map.error();
  auto oob = content::load_oob(oob_file);
  if (!oob) return oob.error();
  auto data = content::bind_oob(*map, *oob, oob_file);
  if (!data) return data.error();
  if (auto s = check_data(*data, map_file, oob_file); !s) return s.error();
  auto weights =
      content::read_text_file(dir + "/road-to-richmond/ai-weights-tournament.txt", 64 * 1024);
  if (!weights) return weights.error();
  auto loaded = std::make_shared<const Loaded>(
      Loaded{std::move(*data), std::make_shared<const std::string>(std::move(*weights))});
  cache[dir] = loaded;
  return loaded;
}

}  // namespace

Result<Game> make_road_to_richmond(const RtrSetup& setup, const std::string& data_dir) {
  auto loaded = load(data_dir);
  if (!loaded) return loaded.error();
  const content::ScenarioData& data = (*loaded)->data;
  const RtrOptions opt = setup.options.effective();

  RulesConfig r;
  r.edition = setup.edition;
  r.first = Side::Confederate;  // 14.21 / 16.2
  r.turns = 20;                 // 14.22 / 16.3
  r.night.set(5);
  r.night.set(13);
  r.seed = setup.seed;
  r.attack_effectiveness = setup.attack_effectiveness;
  r.strategic_movement = setup.strategic_movement;
  r.cavalry_retreat = setup.cavalry_retreat;

  std::shared_ptr<const Roster> roster = data.roster;
  if (!opt.siege_train) {
    // Without 22.2 the "S" counter is an ordinary eight-point artillery unit.
    auto plain = std::make_shared<Roster>(*roster);
    for (UnitDef& d : *plain)
      if (d.type == UnitType::Artillery && d.road_only) {
        d.range = 3;
        d.defense = d.strength;
        d.road_only = false;
      }
    roster = std::move(plain);
  }
  auto rules =
      std::make_shared<const RoadToRichmond>(*data.map, *roster, opt, (*loaded)->ai_weights);
  return Game(data.map, roster, r, data.start, false, rules);
}

}  // namespace bg::titles::rtr
