// Movement (5.x, 6.x, 10.2; DG 5-7, 9, 11.1): what one step costs, every hex a
// unit may end its move in, and validation of an exact path.
#pragma once

#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "core/static_vector.h"

namespace bg::core {

struct GameState;

inline constexpr int kProhibited = -1;
inline constexpr int kMaxPath = 24;
using Path = StaticVector<HexId, kMaxPath>;

// Movement Points to step from `from` across the hexside in direction d (9.0
// TEC, 5.22-5.25; DG 7.3, 7.5), or kProhibited. Ignores units and ZOC. With
// the state, a river hex costs what the scenario says
// (ScenarioRules::river_entry_cost: a pontoon, a ford); without it, rivers are
// impassable.
int step_cost(const Context& ctx, const UnitDef& def, HexId from, Dir d,
              const GameState* st = nullptr);

// Why a step is prohibited by terrain (for refusals): rule case and words.
Error step_refusal(const Context& ctx, const UnitDef& def, HexId from, Dir d);

struct MoveOptions {
  bool strategic = false;            // DG 11.1
  int bonus_mp = 0;                  // extra allowance a scenario grants (ScenarioRules::bonus_mp)
  bool bonus_not_into_zoc = false;   // the bonus may not carry it into an enemy ZOC
  int entry_cost = 0;                // MP already spent entering the map (a column's cost)
  bool night = false;                // 10.2 / DG 9.0
  const GameState* state = nullptr;  // for the scenario's forbidden hexes (its closed zones)
};

// Every hex the unit may end its move in, with the MP it spends. Buffers are
// reused between calls so the hot path allocates nothing.
class Reach {
 public:
  const std::vector<HexId>& hexes() const { return hexes_; }
  int cost(HexId h) const { return h < cost_.size() ? cost_[h] : kProhibited; }
  bool contains(HexId h) const;
  // The cheapest path from the start to h (excluding the start hex).
  Path path_to(HexId h) const;
  // Empties the set, keeping the buffers for the next computation.
  void clear();
  // Keeps as places to end a move only the hexes `keep` accepts (paths
  // through the others stay open): a scenario's rule on where a move ends.
  template <class Keep>
  void keep_endings(Keep keep) {
    size_t n = 0;
    for (HexId h : hexes_) {
      if (keep(h)) {
        hexes_[n++] = h;
      } else {
        endable_[h] = 0;
      }
    }
    hexes_.resize(n);
  }

  friend struct ReachSearch;  // compute_reach's steps (movement.cpp)
  friend void compute_reach(const Context&, const Position&, const Board&, UnitIndex,
                            const MoveOptions&, Reach&);

 private:
  std::vector<int16_t> cost_;  // MP to enter (or kProhibited), per HexId
  std::vector<HexId> parent_;
  std::vector<uint8_t> endable_;
  std::vector<HexId> touched_;
  std::vector<HexId> hexes_;
  std::vector<std::vector<HexId>> buckets_;
  HexId start_ = kNoHex;
};

// Whether a unit may move at all now (5.13, DG 9.0 at night) and its allowance.
Status can_start_move(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                      const MoveOptions& opt);
int movement_allowance(const Context& ctx, UnitIndex u, const MoveOptions& opt);

void compute_reach(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                   const MoveOptions& opt, Reach& out);

// Validates an exact path (hexes entered, in order) and returns the MP spent.
Result<int> validate_path(const Context& ctx, const Position& pos, const Board& board, UnitIndex u,
                          const Path& path, const MoveOptions& opt);

// Minimum distance from h to any on-map unit of side s (large if none).
int distance_to_side(const Context& ctx, const Position& pos, HexId h, Side s);

}  // namespace bg::core
