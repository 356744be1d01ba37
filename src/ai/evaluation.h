// The evaluation: what a position is worth to one side, in Victory Points.
// It is what the planner maximises over whole movement phases, so it must
// understand the game in the terms the rules score:
//   - points scored and the end-of-game exit schedule as it would stand;
//   - the expected value of the attacks this position commits to: units in an
//     enemy ZOC must attack (7.11/7.12), so moving into contact is choosing a
//     battle; odds from the CRT with terrain doubling (9.0) and the best
//     column (7.9);
//   - the risk of the enemy's next attacks: the enemy strength able to reach
//     each stack (its movement computed with Zones of Control) against the
//     stack's defence with terrain doubling;
//   - what the title declares (titles/ai_knowledge.h): run goals (a unit
//     racing for a hex, its hunters), objective hexes, zones to keep out of,
//     units worth more than their strength, the posture's line; and closing
//     with the enemy and the strength kept in play.
// Everything is computed from a planning view (Game::view_for), so it knows
// nothing the side may not know. The title's tables are read once per game.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/attack_value.h"
#include "ai/fields.h"
#include "ai/module_play.h"
#include "ai/postures.h"
#include "ai/tuned_weights.h"
#include "core/game.h"
#include "titles/title.h"

namespace bg::ai {

struct Terms {
  double vp = 0, exits = 0, presence = 0, risk = 0, anchor = 0, approach = 0, cohesion = 0, run = 0,
         objectives = 0, zones = 0, combat = 0;
  double total() const {
    return vp + exits + presence + risk + anchor + approach + cohesion + run + objectives + zones +
           combat;
  }
};

// One combat of a plan, for the combat estimate and the attack planner.
struct CombatGuess {
  core::StaticVector<core::HexId, 6> attackers;  // attacking hexes
  core::StaticVector<core::HexId, 6> defenders;  // defending hexes
  double ev = 0;
};

class Evaluator {
 public:
  // Once per phase: the title's knowledge and fields (cached per game), the
  // weights of `posture` (a posture the title declares for `me`; empty or
  // unknown: the side's default), the enemy's threat, distances to the enemy
  // and to the enemy's run goals: prepare_stakes() and the rest. `view` is
  // the side's planning view.
  void prepare(const core::Game& view, core::Side me, std::string_view posture);
  // Before each attack of a Combat Phase: only what stakes() reads (the
  // title's unit values and closed zones), not the enemy's reach and lines of
  // communication a whole position's evaluation needs. Until the next
  // prepare(), evaluate() and combat_estimate() must not be asked.
  void prepare_stakes(const core::Game& view, core::Side me);
  // The weights a posture starts from (AiConfig::weights; default Weights{}),
  // for both sides or for one.
  void set_base_weights(const Weights& w) { base_ = {w, w}; }
  void set_base_weights(core::Side s, const Weights& w) { base_[static_cast<size_t>(s)] = w; }
  // Play the title's weights for the game's rules instead of the base ones
  // when the title ships a set tuned under them (AiKnowledge::weights; the
  // shipped levels: docs/ai.md, "Weights per rule set"). A set that does not
  // read as a weights file is not played (the base weights are).
  void set_title_weights(bool on) { title_weights_on_ = on; }
  // The name of the title's set being played (empty: the base weights).
  std::string_view weights_name() const {
    return title_weights_ ? std::string_view(know_.weights_name) : std::string_view();
  }
  // Charge a reinforcement that could enter now but is left off the map what
  // the farthest hex on the map would cost it (the approach and anchor caps),
  // so that holding one back must pay for itself. Off (ref-2026): an
  // off-map unit costs nothing, and entering far from the enemy looked worse
  // than staying off.
  void set_charge_waiting(bool on) { charge_waiting_ = on; }
  // Read the combat estimate's attacks on the die the exclusive rules'
  // change leaves (FR 9's commanders' ratings), as the attack planner does.
  // Off (ref-2026, the greedy baseline): the printed row, as they were measured.
  void set_reads_die_modifier(bool on) { reads_die_modifier_ = on; }
  // Price units out of command under the command modules (module_play.h).
  // Off (ref-2026): the 2026 AI knew nothing of them.
  void set_module_play(bool on) { module_play_ = on; }
  // An exit that pays only while a line of communication holds pays only if
  // it holds at the end (ExitScore::needs_line): a unit leaving by it
  // before my last Movement Phase (the enemy still moves after it) takes
  // its strength off the map for points the enemy may still cut, and the
  // army that left no longer guards the line. On: such a new exit counts
  // nothing until my last Movement Phase; units near it count as the
  // title's `nearby` says. Off (ref-2026): it counted as if the line held.
  void set_line_exits_last(bool on) { line_exits_last_ = on; }
  // Price a trigger zone by the Game-Turn (AiZone::cost_by_turn): what
  // entering it costs now, not on every turn alike. Off (ref-2026, the greedy
  // baseline): the zone's flat cost, as they were measured.
  void set_zone_timing(bool on) { zone_timing_ = on; }
  bool zone_timing() const { return zone_timing_; }
  // Late in the game, while the enemy still has a Movement Phase before the
  // end: a line that holds now but could be cut by the enemy standing in the
  // hexes it can reach (its reach at the phase's start; a hex my unit stands
  // in is not taken) pays only part of what its exits would. With one such
  // hex enough to cut it, `share` (0 to 1) of the exits' value and of the
  // strength near them is withheld; with two, half of that; with three or
  // more, none. 0 (ref-2026 and every level: screened, not better): the line
  // counts as it stands. The title weighs the line (Title::supply_line_margin).
  void set_line_guard(double share) { line_guard_ = std::clamp(share, 0.0, 1.0); }
  // Late in the game, while my line is cut: an enemy hex whose units alone
  // cut it (the line holds with them gone) is worth `share` (0 to 1) of what
  // the line's exits would pay (my strength gone by them and, at their
  // `nearby` rate, my strength near them) to an attack that makes them
  // retreat or eliminates them, and the exits count `share` / 2 of that
  // while such a hex exists. 0 (ref-2026 and every level: screened,
  // not better): a cut line is worth nothing to reopen.
  void set_line_reopen(double share) { line_reopen_ = std::clamp(share, 0.0, 1.0); }

  // The value of `st` (the view's state with my moves made) for me.
  double evaluate(const core::GameState& st, Terms* terms = nullptr);
  // The expected value of the attacks the position forces or offers now
  // (st.phasing must be me; board built for st.pos).
  double combat_estimate(const core::GameState& st, const core::Board& board,
                         std::vector<CombatGuess>* plan = nullptr);

  // The stakes of attacking `defenders` hexes with `attackers` units.
  AttackStakes stakes(
      const core::GameState& st, const core::Board& board,
      const core::StaticVector<core::UnitIndex, core::kMaxCombatUnits>& attackers,
      const core::StaticVector<core::HexId, core::kMaxCombatHexes>& defenders) const;

  // A quick score of unit u standing in h, alone (the candidate filter of
  // the planner and the greedy player): its risk, anchor, approach, trigger
  // zones, objective hexes and the best attack it could make from there.
  double unit_score(core::UnitIndex u, core::HexId h) const;
  // The value of u leaving the map by exit hex h now (the title's exit
  // schedule), net of the strength it takes out of play; negative when not
  // worth it.
  double exit_value(const core::GameState& st, core::UnitIndex u, core::HexId h) const;

  // A defender retreat is impossible: every way out is blocked (7.7).
  bool trapped(const core::Board& board, core::HexId h, core::Side unit_side) const;

  core::Side me() const { return me_; }
  const core::Context& context() const { return ctx_; }
  const Weights& weights() const { return w_; }
  // What the title told the AI (empty for a game no title owns), and the
  // posture being played (null: the side has none).
  const titles::AiKnowledge& knowledge() const { return know_; }
  const titles::AiPosture* posture() const { return posture_; }
  int threat(core::HexId h) const { return h < threat_.size() ? threat_[h] : 0; }
  int terrain_multiplier(core::HexId h) const { return h < mult_.size() ? mult_[h] : 1; }
  const Field& enemy_distance() const { return enemy_dist_; }
  const Field& anchor_field() const;
  int evaluations() const { return evaluations_; }

 private:
  void prepare_map(const core::Game& view);
  void prepare_title(const core::Game& view);
  void prepare_threat(const core::Game& view);
  void prepare_openers(const core::GameState& st);
  // Whether `when` holds for run goal r in st (RunState::Done, Failed).
  bool run_state(const core::GameState& st, int r, titles::RunState when) const;
  bool exit_scores(const titles::ExitScore& e, core::UnitIndex u, core::HexId h) const;
  // Whether a unit of mine leaving (or that left this phase) by e now would
  // count it: not a line's exit while the enemy still moves (line_exits_last_).
  bool exit_counts_now(const titles::ExitScore& e, core::UnitIndex u) const;
  // A zone `side` may not enter now (a retreat cannot count on it).
  bool closed_to(core::Side side, core::HexId h) const;
  // The cost to me of a trigger zone at h (0: none in force there).
  double trigger_cost(core::HexId h) const;
  double objective_value(core::HexId h, int turn) const;

  core::Context ctx_;
  core::Side me_ = core::Side::Union;
  Weights w_;
  std::array<Weights, 2> base_{};  // by side
  bool title_weights_on_ = false;
  std::optional<TunedWeights> title_weights_;  // read once per game (prepare_title)
  int turn_ = 1;
  int turns_ = 20;
  std::array<bool, 2> line_{};  // each side traces its line of communication (prepare)
  int evaluations_ = 0;
  bool charge_waiting_ = false;
  bool module_play_ = false;
  bool reads_die_modifier_ = false;
  bool line_exits_last_ = false;
  bool zone_timing_ = false;
  double line_guard_ = 0;
  bool guard_on_ = false;  // the line guard applies this phase (prepare)
  double line_reopen_ = 0;
  double opener_value_ = 0;           // what clearing an opener hex is worth (prepare_stakes)
  std::vector<core::HexId> openers_;  // enemy hexes whose units alone cut my line (prepare_stakes)
  core::GameState open_scratch_;      // prepare_openers' copy of the position
  std::vector<core::HexId> open_tried_;  // prepare_openers' enemy hexes tried
  std::vector<uint8_t> contested_;       // per hex: the enemy could stand there after its next move
  bool last_move_ = false;               // my Movement Phase is the game's last (prepare)
  std::vector<uint8_t> exited_before_;   // per unit: off the map by an exit at the phase's start
  CommandTerm command_;                  // the command modules' FR 7 / FR 8 (module_play.h)
  std::vector<uint8_t> may_enter_;       // per unit: my reinforcement that may enter now (prepare)

  // The steps of combat_estimate, on its scratch below: my attacking hexes
  // (false: none), the enemy hexes each can attack, each attacking hex on
  // its weakest neighbour, a hex nobody attacks joined to a neighbour's
  // combat (or soaked off), each attacking hex's units; then one combat's
  // guess, a combat's kept value brought up to date, the kept values' sum in
  // defending-hex order, and a pass of local improvement from `best`.
  bool find_attack_hexes(const core::GameState& st, const core::Board& board);
  void find_attack_edges(const core::GameState& st, const core::Board& board);
  void assign_weakest(const core::GameState& st);
  void join_unattacked();
  void list_attack_units(const core::GameState& st);
  bool guess_combat(const core::GameState& st, const core::Board& board, int d, CombatGuess& g);
  void refresh_combat(const core::GameState& st, const core::Board& board, int d);
  double combat_sum() const;
  double improve_assignment(const core::GameState& st, const core::Board& board, double best);
  // What an exit pays on a position (evaluate): each side's line as it
  // stands there, whether my cut line could be reopened by one attack, and
  // the share of my line's exits I can count on.
  struct ExitLines {
    std::array<bool, 2> line{};
    bool reopens = false;
    double my_share = 1;
    bool pays(const Evaluator& ev, const titles::ExitScore& e) const;
    double share(const Evaluator& ev, const titles::ExitScore& e) const;
  };
  // The steps of evaluate(): whether an exit's run condition holds, the
  // lines as the position stands, every unit's terms (the hunt's nearest
  // distance returned), my unit's own terms, and my stacks' cohesion and risk.
  bool exit_holds(const titles::ExitScore& e) const;
  ExitLines exit_lines(const core::GameState& st) const;
  int score_units(const core::GameState& st, const ExitLines& lines, Terms& t);
  void score_mine(const core::GameState& st, core::UnitIndex ui, core::HexId h, Terms& t,
                  int& hunt);
  void score_stacks(Terms& t);
  // The steps of prepare_threat(): the enemy's reinforcements that may enter
  // on its next Movement Phase put at their entry hexes in `ws`, and every
  // enemy unit's reach marked (the threat, the contested hexes), its hex
  // added to `sources`.
  void place_enemy_arrivals(const core::Game& view, core::GameState& ws) const;
  void mark_enemy_reach(const core::Game& view, const core::GameState& ws,
                        std::vector<core::HexId>& sources);

  // Map fields (rebuilt only when the map changes).
  const core::Map* map_for_ = nullptr;
  std::vector<uint8_t> mult_;
  Field none_;

  // The title's knowledge and its tables (rebuilt only when the game changes).
  const void* title_for_[3] = {nullptr, nullptr, nullptr};  // map, roster, scenario
  const titles::Title* title_ = nullptr;
  titles::AiKnowledge know_;
  const titles::AiPosture* posture_ = nullptr;
  std::vector<int8_t> run_of_;              // per unit: its run goal, -1: none
  std::vector<int> bonus_;                  // per unit: points beyond its strength
  std::vector<Field> run_dest_;             // per run goal: MP to its destination
  std::vector<Field> line_field_;           // per line: hexes away from it
  std::vector<Field> exit_near_;            // per exit score: MP to its hex (nearby > 0)
  std::vector<std::vector<uint8_t>> zone_;  // per zone: its hexes
  std::vector<uint8_t> objective_hex_;      // per hex: an objective of either side
  bool lines_matter_ = false;               // an exit score needs a line

  // Per phase.
  std::vector<uint8_t> zone_on_;   // per zone: in force
  std::vector<double> zone_cost_;  // per zone: a trigger's cost this Game-Turn
  std::vector<int> threat_, enemy_def_, enemy_str_;
  core::Board start_board_;
  Field enemy_dist_, hunt_dist_;  // to the nearest enemy unit; to the enemy's running units
  bool hunting_ = false;
  std::vector<core::HexId> queue_;
  core::Reach reach_;
  std::vector<uint32_t> stamp_;
  uint32_t stamp_id_ = 0;

  // Scratch for evaluate(): the board and the position it stands for, so the
  // next position (usually one unit's orders apart) only moves what differs.
  // A count of -1 asks for a whole build (set by prepare()).
  core::Board board_;
  core::Position board_of_;
  std::vector<int> stack_def_, stack_str_;
  std::vector<core::HexId> my_hexes_;
  std::vector<uint8_t> run_done_, run_failed_, zone_hit_;
  std::vector<double> near_;
  // Scratch for the combat estimate.
  std::vector<core::HexId> att_hexes_, def_hexes_;
  std::vector<int> assign_, defval_, joined_, on_count_;
  std::vector<core::UnitIndex> att_units_;  // the units of each attacking hex, in turn
  std::vector<int> att_first_;              // where each attacking hex's units begin
  std::vector<double> combat_ev_;           // each combat's value, kept between tries
  std::vector<uint8_t> combat_on_;
  std::vector<std::pair<int, int>> edges_;
};

// Loss fraction of a stack attacked at this column: De and Ex eliminate it,
// some retreats go badly.
double loss_fraction(int column);

}  // namespace bg::ai
