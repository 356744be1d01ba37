// A game: rules, map and roster (shared, immutable in play), the state (position
// and history) and the log. Every change goes through apply(), which validates
// the action, applies it to a copy and commits only if it is legal, so a
// refused action leaves the game exactly as it was.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.h"
#include "core/combat.h"
#include "core/game_state.h"
#include "core/map.h"
#include "core/movement.h"
#include "core/result.h"
#include "core/rules_config.h"
#include "core/scenario.h"

namespace bg::core {

struct CombatReport {
  int attack = 0;
  int defence = 0;
  int computed_column = 0;
  int column = 0;
  int die = 0;           // as rolled
  int die_modifier = 0;  // the exclusive rules' change (ScenarioRules::die_modifier)
  int modified_die = 0;  // the CRT row read: die + modifier held to 1..6
  std::string modifier_why;
  bool rolled = false;
  CombatResult result = CombatResult::Dr;
  std::vector<HexDefence> defence_detail;
};

struct Report {
  int mp = 0;  // Move: Movement Points spent
  Path path;   // Move: hexes entered
  std::optional<CombatReport> combat;
  std::vector<UnitIndex> eliminated;  // units removed by this action
};

struct LogEntry {
  Action action;
  StaticVector<uint8_t, 4> rolls;  // dice this action rolled
};

// A retreat choice for a pending Retreat decision (7.7, 7.8; DG 8.5).
struct RetreatOption {
  HexId hex = kNoHex;
  StaticVector<UnitIndex, 4> displace;  // empty: a plain retreat
};

class Game {
 public:
  // An all-clear map of cols x rows, no units, turn 1, first player's movement.
  static Game sandbox(int cols, int rows, const RulesConfig& rules,
                      std::shared_ptr<const ScenarioRules> scenario = nullptr);
  Game(std::shared_ptr<const Map> map, std::shared_ptr<const Roster> roster, RulesConfig rules,
       Position start, bool sandbox, std::shared_ptr<const ScenarioRules> scenario = nullptr);

  Result<Report> apply(const Action& action);
  // Rolls from now on come from the committed key (core/fair_dice.h). Only
  // before the first die is rolled: every roll of the game must follow from
  // the key, so a revealed seed proves the whole log.
  Status commit_dice(const DiceKey& key);

  const Map& map() const { return *map_; }
  // The map itself, shared by every game of a title (the server keys data
  // derived from the map, such as its SVG, on it).
  const std::shared_ptr<const Map>& shared_map() const { return map_; }
  const Roster& roster() const { return *roster_; }
  const RulesConfig& rules() const { return rules_; }
  const GameState& state() const { return st_; }
  const Position& position() const { return st_.pos; }
  const std::vector<LogEntry>& log() const { return log_; }
  bool is_sandbox() const { return sandbox_; }
  bool night() const { return rules_.is_night(st_.turn); }
  bool over() const { return st_.phase == Phase::Over; }
  Context context() const { return Context{map_.get(), roster_.get(), &rules_, scenario_.get()}; }
  const ScenarioRules* scenario() const { return scenario_.get(); }
  // A copy of the game as `viewer` may know it: the scenario's secrets
  // are removed from the state and the log is dropped (it holds them too). For
  // computer players; the copy plays on normally.
  Game view_for(Side viewer) const;
  // A copy of this game (a view, say) put in state `st`, which no action
  // reached: for a planner that imagines a position and asks the rules about
  // it (the enemy's legal moves after a planned Movement Phase). The log is
  // dropped; nothing checks that `st` is one the rules could reach.
  Game imagined(const GameState& st) const;
  // Victory points now, with their breakdown (final once the game is over).
  VictoryReport victory() const;
  const Board& board() const;
  std::optional<UnitIndex> find_unit(std::string_view id) const;

  // Who must act now: the side of the first pending decision, else the
  // phasing player; nothing once the game is over.
  std::optional<Side> to_act() const;
  // Whose decision action `a` is: a title's own decision belongs to the side
  // its rules name (ScenarioRules::decision_side, e.g. a written choice made
  // before play), any other action to the side that must act now. Nothing for
  // set-up actions (no player makes them) or once the game is over.
  std::optional<Side> actor_of(const Action& a) const;
  // 5.17: a completed move may not be changed "without the consent of the
  // opposing Player". Whether `mover` may take back the last action (its move
  // or entry in its current Movement Phase: nothing has happened since, and a
  // move rolls no die), and if so whose consent that needs; else why not.
  Result<Side> take_back(Side mover) const;
  // The hexes reinforcement u may enter by now (its chart and the scenario's
  // rules); empty if it may not enter now.
  std::vector<HexId> entry_options(UnitIndex u) const;
  // Every hex u may end its move in after entering by `entry` now (the entry
  // hex itself is not listed: stopping there is always possible once entry is
  // allowed). Refused as `enter` would be. Returns the MP entering costs
  // (the column's cost); out's costs are counted from the entry hex, after that.
  Result<int> entry_reach(UnitIndex u, HexId entry, Reach& out) const;
  // Every hex the unit may end its move in now (empty if it may not move).
  void reach(UnitIndex u, bool strategic, Reach& out) const;
  // Why the unit may not move now, if it may not.
  Status can_move(UnitIndex u, bool strategic) const;
  // Odds and multipliers of an attack without rolling (the UI's preview).
  Result<AttackPlan> preview_attack(const Action& attack) const;
  // Choices for a pending retreat of unit u.
  std::vector<RetreatOption> retreat_options(UnitIndex u) const;
  // Units that may advance after the current combat and the hexes vacated.
  struct AdvanceChoice {
    std::vector<UnitIndex> units;
    std::vector<HexId> hexes;
  };
  AdvanceChoice advance_choice() const;
  Obligations obligations() const;

 private:
  friend class Resolver;
  std::shared_ptr<const Map> map_;
  std::shared_ptr<const Roster> roster_;
  RulesConfig rules_;
  GameState st_;
  std::vector<LogEntry> log_;
  bool sandbox_ = false;
  std::shared_ptr<const ScenarioRules> scenario_;
  mutable Board board_;
  mutable bool board_valid_ = false;
};

}  // namespace bg::core
