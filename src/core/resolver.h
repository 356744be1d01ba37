// Internal to the engine: applies one action to a working copy of the game
// state. Game::apply commits the copy only when every check has passed.
#pragma once

#include "core/game.h"

namespace bg::core {

class Resolver {
 public:
  Resolver(const Game& g) : ctx(g.context()), st(g.st_), sandbox(g.sandbox_) {}  // NOLINT

  Status run(const Action& a);

  Context ctx;
  GameState st;
  bool sandbox;
  Board board;
  Report report;
  StaticVector<uint8_t, 4> rolls;

  struct EntryPlan {
    MoveOptions opt;  // entry cost and scenario bonus
  };
  Result<EntryPlan> plan_entry(UnitIndex u, HexId entry);
  void rebuild() { board.build(ctx, st.pos); }

  // Shared by queries on a committed game.
  std::vector<RetreatOption> retreat_options(UnitIndex u);
  Game::AdvanceChoice advance_choice();

 private:
  const RulesConfig& rules() const { return *ctx.rules; }
  const UnitDef& def(UnitIndex u) const { return ctx.def(u); }

  Status dispatch(const Action& a);
  void phase_started();
  Status do_move(const Action& a);
  Status do_enter(const Action& a);
  Status move_unit(const Action& a, const MoveOptions& opt);
  Status do_end();
  Status end_movement_phase();
  // 7.11, 7.12 and the exclusive rules' orders: the attacks still owed.
  Status combat_obligations_met() const;
  Status end_combat_phase();
  Status do_attack(const Action& a);
  Status do_retreat(const Action& a);
  Status do_advance(const Action& a);
  Status do_lose(const Action& a);
  Status do_evade(const Action& a);

  void roll_and_apply();
  void eliminate(UnitIndex u);
  void settle();
  void finish_combat_phase();
  void next_player_turn();
  int find_pending(PendingKind k, UnitIndex u) const;
  void remove_pending(int index) { st.pending.erase(st.pending.begin() + index); }
  bool has_pending(PendingKind k) const;
  bool displacement_feasible(UnitIndex v, HexId at, StaticVector<HexId, 32>& visited, int depth);
  bool makes_room(UnitIndex v) const;
  void plain_and_full(UnitIndex u, HexId from, const StaticVector<HexId, 32>& exclude,
                      StaticVector<HexId, 6>& plain, StaticVector<HexId, 6>& full);
};

}  // namespace bg::core
