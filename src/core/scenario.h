// The small interface behind which a title's exclusive rules live (zones closed
// to a side, early arrival, special units' own rules, a victory schedule,
// ...). The core calls these hooks at fixed points; a game without a
// scenario (the sandbox) uses the defaults, which change nothing.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.h"
#include "core/combat.h"
#include "core/game_state.h"
#include "core/position.h"
#include "core/result.h"
#include "core/rule_id.h"

namespace bg::core {

// One line of a victory point breakdown: who scores, under which rule, for what.
struct VpLine {
  Side side = Side::Union;
  std::string rule;  // the case of the title's victory schedule the award follows
  std::string what;  // e.g. "eliminated Pickett (8)"
  int points = 0;
  // Awarded only when the game ends (exits, lines of communication, ...).
  // Before the end such a line says what the award would be if the game
  // ended now, and does not count in `total`.
  bool at_end = false;
};

struct VictoryReport {
  std::array<int, 2> total{};      // Union, Confederate: points scored so far
  std::array<int, 2> projected{};  // total plus the end-of-game lines, as things stand
  std::vector<VpLine> lines;
  bool final = false;          // the game is over and these are the final points
  std::optional<Side> winner;  // set when final and not drawn
};

// Extra Movement Points a scenario grants a reinforcement (e.g. a doubled
// allowance on its first turn), and
// whether they may only be used away from enemy Zones of Control.
struct MoveBonus {
  int mp = 0;
  bool not_into_enemy_zoc = false;
};

// A change to the combat die the exclusive rules make (ScenarioRules::die_modifier).
struct DieModifier {
  int value = 0;     // added to the die; the sum is held to 1..6
  std::string why;   // for people: whose rating, under which rule
  std::string rule;  // the case cited ("" when value is 0)
};

// A terrain feature a title's rules (or its modules) add to the Terrain
// Effects Chart (a pontoon bridge, a ford, a fort): what entering it costs and
// what it does in combat, from the constants the rule's own code applies.
struct TecFeature {
  std::string name;       // "pontoon bridge", "ford", "fort"
  std::string rule;       // the case or ruling it follows
  std::optional<int> mp;  // MP to enter its hex; nullopt: movement as the hex's terrain
  std::string movement;   // in words (e.g. "a river hex crossed within a move")
  int defence = 1;        // the defender's multiplier in or across it (1: none)
  // The multiplier with rough or forest-rough in the hex, where it differs.
  std::optional<int> defence_rough;
  std::string combat;  // in words
};

class ScenarioRules {
 public:
  virtual ~ScenarioRules() = default;
  virtual std::string_view name() const = 0;

  // The title's own state when the game starts (GameState::title). Default:
  // none.
  virtual TitleState initial_state(const Context& ctx) const;

  // The case this title's exclusive rules give a rule the core enforces, in
  // the exclusive-rules edition in play; "" when they do not number it (the
  // Standard Rules' case is cited then). Default: none.
  virtual std::string_view cite(RuleId id) const;

  // The first Game-Turn reinforcement u may enter (its chart; early arrival and
  // variable reinforcements move it). Default: the chart's turn.
  virtual int arrival_turn(const Context& ctx, const GameState& st, UnitIndex u) const;
  // The hexes u may enter by (variable reinforcements change them). Default:
  // the chart's.
  virtual std::vector<HexId> entry_hexes(const Context& ctx, const GameState& st,
                                         UnitIndex u) const;
  // Whether u may enter by `entry` now, one of its entry hexes (e.g. "1301,
  // or 1901 if 1301 is occupied or in a Union ZOC"). Default: yes.
  virtual Status check_entry(const Context& ctx, const GameState& st, const Board& board,
                             UnitIndex u, HexId entry) const;
  // Extra Movement Points for a reinforcement entering as the `pair`-th pair
  // (1-based) of its column (RuleId::BonusMpNotIntoZoc). Default: none.
  virtual MoveBonus bonus_mp(const Context& ctx, const GameState& st, UnitIndex u, int pair) const;
  // Hexes u may not enter now (e.g. a zone closed to its side); the refusal
  // explains why.
  virtual bool forbids(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const;
  virtual Error forbid_reason(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const;

  // Whether an attack across a hexside with these features doubles the
  // defender (TEC 9.0: a bridge, ford or stream). Called for every attacker
  // of every attack considered: no allocation. Default: the TEC.
  virtual bool hexside_doubles_defence(HexsideBits side) const;
  // Whether u may not advance after combat from `from` into the adjacent hex
  // `to` under the exclusive rules (restrictions beyond 7.75); the refusal
  // explains why. Called when advance options are listed: no allocation.
  // Default: no restriction.
  virtual bool forbids_advance(const Context& ctx, const GameState& st, UnitIndex u, HexId from,
                               HexId to) const;
  virtual Error advance_refusal(const Context& ctx, const GameState& st, UnitIndex u, HexId from,
                                HexId to) const;

  // Whether unit u may move now (a move, or a reinforcement's entry) under the
  // exclusive rules, e.g. a command frozen by its orders roll; the refusal
  // says why. Asked by Game::can_move, so by reach and the legal-action
  // generator: no allocation when it allows. Default: yes.
  virtual Status may_move(const Context& ctx, const GameState& st, UnitIndex u) const;
  // Whether u may end its move in hex `to` (e.g. a unit ordered to attack
  // must end next to the enemy when it can); the refusal says why. Asked for
  // every hex Game::reach lists: no allocation when it allows. Default: yes.
  virtual Status may_end_move(const Context& ctx, const GameState& st, UnitIndex u, HexId to) const;
  // Whether the phasing player may end his Movement Phase now under the
  // exclusive rules (beyond 5.32); the refusal says why. Default: yes.
  virtual Status may_end_movement(const Context& ctx, const GameState& st) const;
  // Whether the exclusive rules oblige phasing unit u to attack this Combat
  // Phase if it can (beyond 7.12: e.g. an order to attack). Called per unit
  // whenever obligations are computed: no allocation. Default: no.
  virtual bool must_attack(const Context& ctx, const GameState& st, UnitIndex u) const;
  // The change to the combat die (held to 1..6 after it) of an attack from
  // these hexes on those (e.g. a commander's tactical rating), with why;
  // Called for every attack planned: allocate only when there is a modifier.
  // Default: none.
  virtual DieModifier die_modifier(
      const Context& ctx, const GameState& st,
      const StaticVector<HexId, kMaxCombatUnits>& attacker_hexes,
      const StaticVector<HexId, kMaxCombatHexes>& defender_hexes) const;

  // Called once when the game is made, after initial_state, with the dice
  // seeded: what happens as the first player-turn begins (no phase change
  // starts it; e.g. the first orders roll). A sandbox's units are placed
  // later, so there it sees an empty roster. Default: nothing.
  virtual void on_game_start(const Context& ctx, GameState& st) const;
  // Called when a phase begins (after the phase machine has moved on), after
  // every accepted action, and when a Game-Turn ends (before the next begins,
  // or before the game ends). They may add pending decisions, score victory
  // points in GameState::vp and keep their own state in GameState::title.
  virtual void on_phase_start(const Context& ctx, GameState& st) const;
  virtual void after_action(const Context& ctx, GameState& st, const Action& a) const;
  virtual void on_game_turn_end(const Context& ctx, GameState& st) const;

  // A scenario's own decision (ActionKind::Scenario, e.g. a secret choice of
  // where reinforcements arrive). Validates and applies it to st; a refusal
  // leaves st as it was. Default: refused.
  virtual Status scenario_action(const Context& ctx, GameState& st, const Action& a) const;
  // Appends the scenario decisions open now to the side to act (no decision
  // pending), each one scenario_action accepts, for the legal-action
  // generator (legal_actions.h). Default: none.
  virtual void legal_decisions(const Context& ctx, const GameState& st,
                               std::vector<Action>& out) const;
  // Whose decision a scenario action is, when its rules give it to a side
  // whatever the phase (e.g. a written choice that is one
  // player's, made before play). Default: none (the side to act makes it).
  virtual std::optional<Side> decision_side(const Context& ctx, const GameState& st,
                                            const Action& a) const;
  // The name a front end gives decision number `decision` (Action::decision),
  // and back; 0 is the title's own decision, named "". Default: only 0.
  virtual std::string_view decision_key(int decision) const;
  virtual std::optional<int> parse_decision_key(std::string_view key) const;

  // Whether what the state says of u (its arrival turn and entry hexes) is
  // secret from `viewer` (e.g. a written secret choice). A view for that player
  // shows the chart instead. Default: nothing is secret.
  virtual bool hidden_from(const Context& ctx, const GameState& st, UnitIndex u, Side viewer) const;
  // Removes from st what `viewer` may not know (a computer player for that side
  // plans on such a copy). Default: nothing is secret.
  virtual void redact(const Context& ctx, GameState& st, Side viewer) const;

  // Hooks of the optional rule modules that change terrain, crossings and
  // exits (fortifications, pontoons and fords, exits for victory points).
  // Defaults: the Standard Rules.
  //
  // Adjusts the defence of a hex after the terrain multiplier (9.0) is set,
  // e.g. a fortification (d.multiplier, d.why). Called for every defending
  // hex of every attack considered: no allocation when nothing applies.
  virtual void adjust_hex_defence(const Context& ctx, const GameState& st, const Board& board,
                                  const StaticVector<UnitIndex, kMaxCombatUnits>& attackers,
                                  HexDefence& d) const;
  // The Movement Points a step from `from` into river hex `river` costs
  // (a bridge of boats, a ford), or kProhibited (-1; 5.24: rivers are
  // impassable). Asked only for river hexes; a unit never ends its move in
  // one. Default: kProhibited.
  virtual int river_entry_cost(const Context& ctx, const GameState& st, const UnitDef& def,
                               HexId from, HexId river) const;
  // Whether unit u may leave the map from hex h (ExitAtExitHex). Default: h is
  // one of the map's exit hexes.
  virtual bool is_exit(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const;
  // Whether unit u, which has left the map, may come back on now (by its
  // entry_hexes, as a reinforcement enters). Default: never.
  virtual bool may_reenter(const Context& ctx, const GameState& st, UnitIndex u) const;

  // The terrain features the title's rules add to the Terrain Effects Chart
  // (core::charts), appended to `out`. Default: none.
  virtual void tec_features(const Context& ctx, std::vector<TecFeature>& out) const;

  // The victory point breakdown now (final once the game is over). Default:
  // one point per enemy strength point eliminated, the winner the higher total.
  virtual VictoryReport victory(const Context& ctx, const GameState& st) const;
};

// The default report, for the sandbox and as a base for scenarios.
VictoryReport eliminated_strength_report(const Context& ctx, const GameState& st);

}  // namespace bg::core
