// A title (one Blue & Gray battle: Road to Richmond, ...) as a plug-in: what it
// is called, its scenarios and their calendars, the parameters and optional
// rules of `new`, how to build a game from its data, and what the state view
// shows of its exclusive rules. Everything above the titles layer (ai,
// protocol, server, cli, web) asks the registry (registry.h) and names no
// title; each title lives in its own folder under src/titles/.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/result.h"
#include "core/unit.h"
#include "titles/ai_knowledge.h"
#include "titles/new_params.h"
#include "titles/ui_spec.h"

namespace bg::titles {

using Json = nlohmann::ordered_json;

// A key=value parameter of `new` with named choices (e.g. exclusive=1977|revised).
struct ParamSpec {
  std::string key;
  std::vector<std::string> choices;
  std::string default_value;
  std::string help;
};

// One of the title's optional rules, switched on by `options=`. A name may
// stand for several (implies: e.g. "tournament").
struct OptionSpec {
  std::string name;
  std::string help;
  std::vector<std::string> implies;
};

// When a scenario is played: who moves first, how many Game-Turns, which are
// night turns (10.0).
struct Calendar {
  core::Side first = core::Side::Union;
  int turns = 20;
  std::vector<int> night;  // ascending
};

struct ScenarioSpec {
  std::string name;     // as `new <title> scenario=` spells it
  std::string display;  // for people
  std::string summary;
  Calendar calendar;
  std::string calendar_rule;  // the case that fixes the calendar (e.g. "14.2")
};

struct TitleInfo {
  std::string name;     // as `new` spells it: "road-to-richmond"
  std::string display;  // "Road to Richmond"
  std::string summary;
  std::vector<ScenarioSpec> scenarios;  // at least one; the first is the default
  std::vector<ParamSpec> params;        // the title's own key=value parameters
  std::vector<OptionSpec> options;      // the title's own optional rules
  // A free map (the sandbox): cols, rows, first, turns and night are
  // parameters rather than fixed by the scenario.
  bool free_map = false;

  const ScenarioSpec* scenario(std::string_view name) const;
  const ParamSpec* param(std::string_view key) const;
  const OptionSpec* option(std::string_view name) const;
};

class Title {
 public:
  virtual ~Title() = default;
  virtual const TitleInfo& info() const = 0;

  // Whether g is a game of this title (built by its make()).
  virtual bool owns(const core::Game& g) const = 0;

  // A new game at its start, for parameters the protocol has checked against
  // info() (validate() in new_params.h). Refuses bad data files, naming them.
  virtual core::Result<core::Game> make(const NewParams& p) const = 0;

  // The title's fields of the state view (e.g. its exclusive-rules edition,
  // early arrival, whether a zone is open), for `viewer` (nullopt: a view
  // for everyone, e.g. a save's snapshot). Default: none.
  virtual void view(const core::Game& g, std::optional<core::Side> viewer, Json& out) const;
  // The title's optional rules in force in g, in info().options order
  // (expanded: never a name that stands for others). Default: none.
  virtual std::vector<std::string> options_in_force(const core::Game& g) const;

  // What the computer player needs to know (ai_knowledge.h), read from `view`
  // (a side's view: nothing that side may not know). The tables depend only
  // on the game's map, roster and options: the AI asks once per game. Default:
  // nothing (the AI plays by the Standard Rules alone).
  virtual AiKnowledge ai_knowledge(const core::Game& view) const;
  // Whether zone `zone` (an index into ai_knowledge().zones) is in force in
  // st. Default: yes.
  virtual bool zone_in_force(const core::Context& ctx, const core::GameState& st,
                             size_t zone) const;
  // Whether `side` traces its line of communication in st (the exit lines
  // that need one: ExitScore::needs_line). Default: yes (no rule cuts it).
  virtual bool supply_line(const core::Context& ctx, const core::GameState& st,
                           core::Side side) const;
  // How firmly `side`'s line holds against the enemy's next Movement Phase:
  // the fewest hexes of `contested` (per HexId, nonzero: an enemy unit could
  // stand there once it has moved) the enemy must stand in to cut it,
  // counted up to `limit`. 0: it is cut now; `limit`: it holds against
  // `limit` such hexes or more, or against anything the enemy can reach. A
  // hex a unit of `side` stands in is not taken by moving, so it is never
  // counted as contested. Default: supply_line() ? limit : 0 (no title rule
  // to weigh it by).
  virtual int supply_line_margin(const core::Context& ctx, const core::GameState& st,
                                 core::Side side, const std::vector<uint8_t>& contested,
                                 int limit) const;
  // What a front end draws and offers for g, as `viewer` may know it
  // (nullopt: a view for everyone): zones, special hexes, the title's own
  // decisions (ui_spec.h). Default: the title's name and the map's named
  // entry, exit and victory hexes.
  virtual UiSpec ui(const core::Game& g, std::optional<core::Side> viewer) const;
};

}  // namespace bg::titles
