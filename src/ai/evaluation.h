// The evaluation: what a position is worth to one side, in Victory Points.
// It is what the planner maximises over whole movement phases, so it must
// understand the game in the terms the rules score:
//   - points scored (eliminations, the Train, Activation, victory hexes) and
//     the end-of-game lines as they would stand (exits, 21.12);
//   - the expected value of the attacks this position commits to: units in an
//     enemy ZOC must attack (7.11/7.12), so moving into contact is choosing a
//     battle; odds from the CRT with terrain doubling (9.0) and the best
//     column (7.9);
//   - the risk of the enemy's next attacks: the enemy strength able to reach
//     each stack (its movement computed with Zones of Control) against the
//     stack's defence with terrain doubling;
//   - objectives: the Train's road distance to 1528, the victory hexes after
//     turn 8 (22.4), lines and anchors of the Union posture, the Confederate
//     closing with the Union army and the Train, Activation (19.1: +5 Union
//     and early Union reinforcements) and the strength kept in play.
// Everything is computed from a planning view (Game::view_for), so it knows
// nothing the side may not know.
#pragma once

#include <array>
#include <vector>

#include "ai/attack_value.h"
#include "ai/fields.h"
#include "ai/postures.h"
#include "core/game.h"

namespace bg::titles::rtr {
class RoadToRichmond;
}

namespace bg::ai {

struct Terms {
  double vp = 0, exits = 0, presence = 0, risk = 0, anchor = 0, approach = 0, cohesion = 0,
         train = 0, victory = 0, activation = 0, combat = 0;
  double total() const {
    return vp + exits + presence + risk + anchor + approach + cohesion + train + victory +
           activation + combat;
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
  // Once per phase: fields of the map (cached per map), the enemy's threat,
  // distances to the enemy and the Train. `view` is the side's planning view.
  void prepare(const core::Game& view, core::Side me, const Weights& w);

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
  // the planner and the greedy player): its risk, anchor, approach,
  // Activation, victory hexes and the best attack it could make from there.
  double unit_score(core::UnitIndex u, core::HexId h) const;
  // The value of u leaving the map by exit hex h now (17.1, 21.12), net of
  // the strength it takes out of play; negative when not worth it.
  double exit_value(const core::GameState& st, core::UnitIndex u, core::HexId h) const;

  // A defender retreat is impossible: every way out is blocked (7.7).
  bool trapped(const core::Board& board, core::HexId h, core::Side unit_side) const;

  core::Side me() const { return me_; }
  const core::Context& context() const { return ctx_; }
  const Weights& weights() const { return w_; }
  const titles::rtr::RoadToRichmond* rtr() const { return rtr_; }
  int threat(core::HexId h) const { return h < threat_.size() ? threat_[h] : 0; }
  int terrain_multiplier(core::HexId h) const { return h < mult_.size() ? mult_[h] : 1; }
  // MP distance to 1528 for an ordinary infantry unit (march targets).
  const Field& to_1528() const { return inf_1528_; }
  const Field& enemy_distance() const { return enemy_dist_; }
  const Field& anchor_field() const;
  int evaluations() const { return evaluations_; }

 private:
  void prepare_map(const core::Game& view);
  void prepare_threat(const core::Game& view);

  core::Context ctx_;
  core::Side me_ = core::Side::Union;
  Weights w_;
  const titles::rtr::RoadToRichmond* rtr_ = nullptr;
  int turn_ = 1;
  int turns_ = 20;
  bool activated_ = false;
  bool additional_vp_ = false;
  bool loc_union_ = false, loc_conf_ = false;
  int evaluations_ = 0;

  // Map fields (rebuilt only when the map changes).
  const core::Map* map_for_ = nullptr;
  std::vector<uint8_t> mult_;
  Field train_1528_, inf_1528_, inf_0117_, setup_line_, south_bank_, none_;
  core::HexId h1528_ = core::kNoHex, h0117_ = core::kNoHex, h1823_ = core::kNoHex,
              h1826_ = core::kNoHex;

  // Per phase.
  std::vector<int> threat_, enemy_def_, enemy_str_;
  core::Board start_board_;
  Field enemy_dist_, train_dist_;
  core::HexId train_hex_ = core::kNoHex;
  std::vector<core::HexId> queue_;
  core::Reach reach_;
  std::vector<uint32_t> stamp_;
  uint32_t stamp_id_ = 0;

  // Scratch for evaluate().
  core::Board board_;
  std::vector<int> stack_def_, stack_str_;
  std::vector<core::HexId> my_hexes_;
  // Scratch for the combat estimate.
  std::vector<core::HexId> att_hexes_, def_hexes_;
  std::vector<int> assign_, defval_, joined_;
  std::vector<std::pair<int, int>> edges_;
};

// Loss fraction of a stack attacked at this column: De and Ex eliminate it,
// some retreats go badly.
double loss_fraction(int column);

}  // namespace bg::ai
