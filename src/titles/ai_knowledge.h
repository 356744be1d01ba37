// What the computer player needs to know about a title, declared by the title
// (Title::ai_knowledge) in the AI's own generic terms: which hexes to hold,
// which unit runs for which hex, what leaving the map is worth, which zones a
// side may not enter or should not enter early, which units are worth more
// than their strength, and the named postures (strategies) a side may play.
// The AI (src/ai) knows the Standard Rules through the core and everything
// else through this: it names no title, no hex and no exclusive rule.
//
// Two parts: the tables below depend only on the game's map, roster and
// options, so the AI asks for them once per game and keeps them; what changes
// in play (whether a zone is in force, whether a side traces its line of
// communication) the AI asks of the title when it needs it (Title::
// zone_in_force, Title::supply_line).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/map.h"
#include "core/unit.h"

namespace bg::titles {

// A hex a side scores for holding: `per_turn` points at the end of every
// Game-Turn after `after_turn` that one of its units stands in it.
struct HoldObjective {
  core::Side side = core::Side::Union;
  core::HexId hex = core::kNoHex;
  double per_turn = 0;
  int after_turn = 0;
  std::string rule;  // the case that awards the points
};

// A unit that scores by reaching a hex and leaving the map there (e.g. a
// supply train running for the road off the map). Its side wants it there;
// the enemy wants it caught or held off.
struct RunGoal {
  core::UnitIndex unit = core::kNoUnit;
  core::Side side = core::Side::Union;  // the unit's side
  core::HexId destination = core::kNoHex;
  // What leaving by `destination` is worth to its side, all told (its points
  // and what follows from it): the AI takes that exit whenever it can.
  double reach_value = 0;
  // What its side loses if the unit is still off the map once it may enter.
  double missing_penalty = 0;
  std::string why;
};

// Whether a line of the exit schedule depends on how a run goal went.
enum class RunState : uint8_t {
  Any,     // whatever became of it
  Done,    // the unit left the map by its destination
  Failed,  // the unit was eliminated, or never entered and its Game-Turn has passed
};

// A line of the end-of-game schedule for units that left the map: each unit
// of `side` (or `unit` alone) that exited by `hex` scores per_unit plus
// per_strength times its strength, when `when` holds for run goal `run` and,
// if needs_line, while `side` traces its line of communication
// (Title::supply_line). The points are the title's victory() lines marked
// at_end; the AI counts them on the positions it imagines, where calling
// victory() would cost too much.
struct ExitScore {
  core::Side side = core::Side::Union;
  core::HexId hex = core::kNoHex;
  core::UnitIndex unit = core::kNoUnit;  // kNoUnit: any unit of `side`
  double per_unit = 0;
  double per_strength = 0;
  RunState when = RunState::Any;
  int run = 0;  // which run goal `when` refers to
  bool needs_line = false;
  // Late in the game, `side`'s strength within a march of `hex` counts this
  // much a point (while the line pays): units that could still leave there.
  double nearby = 0;
  std::string rule;
};

// A unit worth more than its strength to the side that eliminates it.
struct UnitValue {
  core::UnitIndex unit = core::kNoUnit;
  int points = 0;
  std::string rule;
};

enum class ZoneKind : uint8_t {
  // `side`'s units may not enter (the core refuses it while in force): the
  // AI does not count on retreating there.
  Closed,
  // The first of `side`'s units to stand in it costs `side` `cost` once
  // (points to the enemy, enemy reinforcements sooner, ...).
  Trigger,
};

struct AiZone {
  std::string name;
  core::Side side = core::Side::Union;
  ZoneKind kind = ZoneKind::Closed;
  std::vector<core::HexId> hexes;
  double cost = 0;  // Trigger: what entering costs, in points
  // Trigger: what entering costs on Game-Turn t is cost_by_turn[t - 1] (past
  // the end, the last entry), where the price depends on when (a schedule
  // the trigger brings forward, points the side's own later moves would give
  // away anyway). Empty: `cost` on every Game-Turn. A player set to read no
  // timing (AiConfig::zone_timing 0) pays `cost` throughout.
  std::vector<double> cost_by_turn;
  std::string why;

  // What entering costs on Game-Turn `turn`, read by timing or flat.
  double cost_on(int turn, bool timing) const {
    if (!timing || cost_by_turn.empty()) return cost;
    const size_t i = static_cast<size_t>(std::max(turn, 1) - 1);
    return cost_by_turn[std::min(i, cost_by_turn.size() - 1)];
  }
};

// A named set of hexes a posture may anchor on (a defensive line).
struct HexLine {
  std::string name;
  std::vector<core::HexId> hexes;
};

// Values a posture gives the AI's weights (unset: the AI's default).
struct PostureWeights {
  std::optional<double> risk;      // x expected strength lost to the enemy's next attacks
  std::optional<double> combat;    // x expected value of this phase's attacks
  std::optional<double> approach;  // per strength point and hex nearer the enemy
  std::optional<double> anchor;    // per unit and hex away from the posture's line
  std::optional<double> run;       // per MP between a run goal's unit and its destination
};

// A posture from Game-Turn (the previous stage's until_turn + 1) to
// until_turn (0: to the end), anchored on lines[line] (-1: none).
struct PostureStage {
  int until_turn = 0;
  int line = -1;
  PostureWeights weights;
};

// A strategy a side may play, chosen by name (`ai posture=NAME`, a
// tournament player `ai-normal:NAME`).
struct AiPosture {
  std::string name;  // as players type it
  std::string display;
  std::string description;
  std::string rule;  // where the title describes it
  core::Side side = core::Side::Union;
  bool is_default = false;  // the side's posture when none is named
  std::vector<PostureStage> stages;
};

// A decision the AI leaves as it is, with the reason it gives (a line of its
// explanation on `turn`).
struct AiNote {
  core::Side side = core::Side::Union;
  int turn = 1;
  std::string text;
  // The decision left as it is is a SecretChoice: a player that makes the
  // choice gives the choice's own line instead.
  bool about_secret = false;
};

// A secret choice a side makes before play (a written choice), played as a
// mixed strategy so that the opponent cannot predict it: the AI draws one
// option by its weight from its own seed, then draws which of `units` take
// each value, and makes the title's decisions (ActionKind::Scenario, `unit`,
// `value`) that write it down. The choice stays the title's secret (its
// ScenarioRules::redact), and the AI's explanation names neither the option
// nor the units.
struct SecretOption {
  std::string name;   // for tests and the tuning log, never shown to the opponent
  double weight = 1;  // relative probability
  // How many of the choice's units take each value (the rest keep the default).
  std::vector<std::pair<int16_t, int>> counts;
};
struct SecretChoice {
  core::Side side = core::Side::Confederate;
  std::vector<core::UnitIndex> units;  // the units the choice is about
  std::vector<SecretOption> options;
  std::string text;  // the explanation's line (says it is made and secret)
};

// A decision of the title's rules the AI takes whenever it is open (the
// core lists it among the legal decisions with this key and value), at the
// end of its Movement Phase: e.g. ordering a fort for every unit that may
// build one. `why` is its line of explanation.
struct StandingDecision {
  std::string key;  // the decision's key (ScenarioRules::decision_key)
  int value = 0;
  std::string why;
};

struct AiKnowledge {
  std::vector<HoldObjective> objectives;
  std::vector<StandingDecision> standing;
  std::vector<RunGoal> runs;
  std::vector<ExitScore> exits;
  std::vector<UnitValue> unit_values;
  std::vector<AiZone> zones;
  std::vector<HexLine> lines;
  std::vector<AiPosture> postures;
  std::vector<AiNote> notes;
  std::vector<SecretChoice> secrets;
  // The AI's weights for this game's rules when the title ships a set tuned
  // under them (docs/ai.md, "Weights per rule set"): the text of a weights
  // file (`bluegray tune`'s weights.txt; ai/tuned_weights.h reads it) and
  // the set's name for explanations. Empty: the AI's default set. A title
  // names a set only for the rules it was tuned and measured under.
  std::string weights_name;
  std::string weights;

  // The posture `name` of `side`; its default when name is empty; null when
  // the side has no posture of that name (or no posture at all).
  const AiPosture* posture(core::Side side, std::string_view name) const;
  // Whether any side has a posture called `name`.
  bool has_posture(std::string_view name) const;
};

}  // namespace bg::titles
