// Road to Richmond's exclusive rules (SPI 1977, 13.0-22.x; revised
// edition, 15.0-22.x) as a scenario module behind core::ScenarioRules.
// The core calls its hooks; nothing in the core names this title. Case numbers
// in comments are "1977 / revised".
#pragma once

#include <array>
#include <bitset>
#include <memory>
#include <string>
#include <vector>

#include "core/map.h"
#include "core/scenario.h"
#include "core/unit.h"
#include "titles/road_to_richmond/road_net.h"
#include "titles/road_to_richmond/rtr_citations.h"

namespace bg::titles::rtr {

// Which exclusive rules are in play. The revised edition made the 1977
// tournament options (22.1-22.4) standard rules; under the 1977 edition each
// is switched separately.
struct RtrOptions {
  ExclusiveEdition exclusive = ExclusiveEdition::Spi1977;
  bool advance_restrictions = false;     // 22.1 / 18.5-18.6
  bool siege_train = false;              // 22.2 / 21.2
  bool variable_reinforcements = false;  // 22.3 / 17.6
  bool additional_vp = false;            // 22.4 / 22.13-22.14

  bool revised() const { return exclusive == ExclusiveEdition::Revised; }
  // The options in force: everything under the revised edition.
  RtrOptions effective() const;
};

// The Train (20.0 / 21.1) is the unit whose kind is "train" in oob.txt (a
// special unit: its abilities are data there).
inline constexpr std::string_view kTrainKind = "train";

// What the exclusive rules remember (GameState::title), typed and owned here.
struct RtrState {
  int activation = 0;  // Game-Turn of early-arrival Activation (19.1 / 17.4), 0: none
  int train_exit = 0;  // Game-Turn the Train exited at 1528, 0: not
  int turn14_in = 0;   // Game-Turn the last turn-14 Union reinforcement entered, 0: not yet
  // 22.3 / 17.6: the written choice, by roster index: held for Game-Turn 15 or 18.
  std::bitset<core::kMaxUnits> defer15, defer18;
  bool started = false;      // play has begun (the written choice is closed)
  bool train_bonus = false;  // the 10 points for the Train (21.11) are scored
  bool end_scored = false;   // the end-of-game points are scored
  // 22.4 / 22.13: Game-Turns each side held 1823 and 1826: [side][0: 1823, 1: 1826].
  std::array<std::array<int, 2>, 2> hold{};
  friend bool operator==(const RtrState&, const RtrState&) = default;
};

class RoadToRichmond final : public core::ScenarioRules {
 public:
  // `ai_weights`: the text of the AI's weights for the tournament game
  // (data/road-to-richmond/ai-weights-tournament.txt; null: none).
  RoadToRichmond(const core::Map& map, const core::Roster& roster, RtrOptions opt,
                 std::shared_ptr<const std::string> ai_weights = nullptr);

  std::string_view name() const override { return "road-to-richmond"; }
  const RtrOptions& options() const { return opt_; }
  std::string tournament_weights() const { return ai_weights_ ? *ai_weights_ : std::string(); }

  std::string_view cite(core::RuleId id) const override;

  int arrival_turn(const core::Context& ctx, const core::GameState& st,
                   core::UnitIndex u) const override;
  // The Game-Turn a group due on Game-Turn `group` enters after Activation on
  // Game-Turn `activated` (19.2 / 17.5; 0: no Activation): the schedule
  // arrival_turn applies, and the AI prices Activation by (rtr_ai.cpp).
  static int early_arrival_turn(int group, int activated);
  std::vector<core::HexId> entry_hexes(const core::Context& ctx, const core::GameState& st,
                                       core::UnitIndex u) const override;
  core::Status check_entry(const core::Context& ctx, const core::GameState& st,
                           const core::Board& board, core::UnitIndex u,
                           core::HexId entry) const override;
  core::MoveBonus bonus_mp(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                           int pair) const override;
  bool forbids(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
               core::HexId h) const override;
  core::Error forbid_reason(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                            core::HexId h) const override;
  bool hexside_doubles_defence(core::HexsideBits side) const override;
  bool forbids_advance(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                       core::HexId from, core::HexId to) const override;
  core::Error advance_refusal(const core::Context& ctx, const core::GameState& st,
                              core::UnitIndex u, core::HexId from, core::HexId to) const override;
  void on_phase_start(const core::Context& ctx, core::GameState& st) const override;
  void after_action(const core::Context& ctx, core::GameState& st,
                    const core::Action& a) const override;
  void on_game_turn_end(const core::Context& ctx, core::GameState& st) const override;
  core::Status scenario_action(const core::Context& ctx, core::GameState& st,
                               const core::Action& a) const override;
  void legal_decisions(const core::Context& ctx, const core::GameState& st,
                       std::vector<core::Action>& out) const override;
  std::optional<core::Side> decision_side(const core::Context& ctx, const core::GameState& st,
                                          const core::Action& a) const override;
  bool hidden_from(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                   core::Side viewer) const override;
  void redact(const core::Context& ctx, core::GameState& st, core::Side viewer) const override;
  core::VictoryReport victory(const core::Context& ctx, const core::GameState& st) const override;
  core::TitleState initial_state(const core::Context& ctx) const override;

  // This module's state in st (every game it runs has one).
  static const RtrState& state_of(const core::GameState& st) { return *st.title.get<RtrState>(); }

  // Queries (tests, the AI, front ends).
  int activation_turn(const core::GameState& st) const { return state_of(st).activation; }
  bool in_ccz(core::HexId h) const { return h < ccz_.size() && ccz_[h]; }
  bool in_activation_area(core::HexId h) const;
  bool ccz_open(const core::GameState& st) const;  // 18.1 / 20.1
  // The Game-Turn One Confederate reinforcements that 22.3 may hold back.
  const std::vector<core::UnitIndex>& variable_units() const { return turn1_; }
  // 15, 18, or 0 for a unit not held back (22.3 / 17.6).
  int deferred_to(const core::GameState& st, core::UnitIndex u) const;
  core::UnitIndex train() const { return train_; }
  // 21.21 / 22.21: a road/trail path 0117-1528 free of `side`'s enemies.
  bool line_of_communication(const core::Context& ctx, const core::GameState& st,
                             core::Side side) const;
  // Title::supply_line_margin for 21.21's line: the fewest `contested` hexes
  // `side`'s enemy must stand in to block every road/trail path 0117-1528.
  int communication_margin(const core::Context& ctx, const core::GameState& st, core::Side side,
                           const std::vector<uint8_t>& contested, int limit) const;
  // One such path, 0117 first, by the same search; empty when there is none.
  std::vector<core::HexId> communication_path(const core::Context& ctx, const core::GameState& st,
                                              core::Side side) const;
  core::HexId loc_from() const { return h0117_; }
  core::HexId loc_to() const { return h1528_; }
  // 21.22 / 22.22: the Union units on the map that cannot trace their path to
  // the roads leading off at 1528 or 2426 (only asked when the Train never
  // entered), in unit order.
  std::vector<core::UnitIndex> unsupplied_union_units(const core::Context& ctx,
                                                      const core::GameState& st) const;

 private:
  // The chart group (13, 14, 15, 18) whose early-arrival schedule u follows.
  int group_turn(const core::Context& ctx, const core::GameState& st, core::UnitIndex u) const;
  std::string rule(const char* c1977, const char* revised) const;
  void check_activation(const core::Context& ctx, core::GameState& st, const core::Action* a) const;
  void score_end(const core::Context& ctx, core::GameState& st) const;
  // The end-of-game lines, as things stand (21.12, 21.22 / 22.12, 22.22).
  void end_lines(const core::Context& ctx, const core::GameState& st,
                 std::vector<core::VpLine>& out) const;

  RtrOptions opt_;
  std::shared_ptr<const std::string> ai_weights_;
  core::HexId h0103_, h0117_, h1301_, h1901_, h1528_, h1823_, h1826_, h2426_;
  RoadNet roads_;  // 21.21-21.22: the road and trail net, found once (after the hexes it needs)
  std::vector<core::HexId> entry18_;
  std::vector<uint8_t> ccz_, activation_, near_;  // per HexId
  std::vector<core::UnitIndex> turn1_;            // Game-Turn One Confederate reinforcements
  std::vector<core::UnitIndex> turn14_;           // Game-Turn Fourteen Union reinforcements
  core::UnitIndex train_ = core::kNoUnit;
};

}  // namespace bg::titles::rtr
