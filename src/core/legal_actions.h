// The legal actions at a game's current decision point, OpenSpiel style: the
// side that must act (Game::to_act(); pending decisions first) and every action
// it may take there, each accepted by Game::apply. Players (the random player,
// the computer opponent) choose from this list instead of re-deriving the
// rules; front ends and servers may use is_legal.
//
// What is enumerated exactly and what canonically (docs/architecture.md,
// "Legal actions"):
// - pending decisions, exactly: every retreat option (one action per unit to
//   displace, and "stay" for an optional 8.16 retreat), every advance (unit,
//   hex) plus the decline, every minimal set of units to give up to an
//   exchange (at most kMaxLoseSets), standing and every evade path of one or
//   two hexes (DG 11.2);
// - the Movement Phase, one action per outcome: one Move per unit and hex it
//   may end in (the cheapest path, the one Reach records), strategic moves
//   (DG 11.1) only to hexes a normal move cannot reach (the flag leaves no
//   trace), exits from every hex a move may end in, Enter per waiting
//   reinforcement, entry hex and destination, the scenario's decisions, End;
// - the Combat Phase, a canonical family of attacks (see AttackTarget) with no
//   voluntary odds reduction (7.9: any generated attack may be declared at a
//   lower column), the scenario's decisions, End once no attack is owed.
#pragma once

#include <vector>

#include "core/game.h"

namespace bg::core {

// 7.6 Ex: at most this many minimal sets of units to give up are listed (the
// first in a fixed order: units by printed strength, strongest first).
inline constexpr int kMaxLoseSets = 128;
// DG 11.2: cavalry retreats at most two hexes before combat.
inline constexpr int kMaxEvadeSteps = 2;
// Attacks listed per target (a defending hex or group of hexes), and
// candidates checked per target before giving up (bounds the work).
inline constexpr int kMaxAttacksPerTarget = 128;
inline constexpr int kMaxAttackTriesPerTarget = 512;

// A target of the canonical attack family: one enemy hex, or several attacked
// together (7.25 / DG 8.43: every ground attacker adjacent to every one of
// them). Groups are the subsets of two or more of the attackable enemy hexes
// around one friendly hex able to attack; only one stack can touch three or
// more hexes at once, and a stack hemmed in by enemies it alone can reach
// must attack them all in one combat (7.11), so no size bound short of six.
struct AttackTarget {
  StaticVector<HexId, kMaxCombatHexes> hexes;
};

class LegalActionGenerator {
 public:
  // Clears `out` and fills it with the legal actions of the side to act now;
  // empty once the game is over. Reuses `out`'s capacity and the generator's
  // own buffers: movement allocates nothing after warm-up (pending decisions,
  // entries and attack checks go through queries that do).
  void generate(const Game& g, std::vector<Action>& out);

  // The pieces, for players that choose a unit or a target first. Each
  // appends to `out`, and only when the game is at that decision point.
  // Every Move of on-map unit u (nothing if it may not move now).
  void unit_moves(const Game& g, UnitIndex u, std::vector<Action>& out);
  // Every Enter of reinforcement u (nothing if it may not enter now).
  void unit_entries(const Game& g, UnitIndex u, std::vector<Action>& out);
  // The targets of the canonical attack family in the Combat Phase.
  void attack_targets(const Game& g, std::vector<AttackTarget>& out);
  // The family's legal attacks on one target (at most kMaxAttacksPerTarget).
  void target_attacks(const Game& g, const AttackTarget& t, std::vector<Action>& out);
  // The scenario's own decisions open now (e.g. a written choice).
  void decisions(const Game& g, std::vector<Action>& out);
  // Whether End is legal now (no decision pending; in the Movement Phase no
  // hex over the stacking limit, 5.32; in the Combat Phase no attack owed).
  static bool may_end(const Game& g);

 private:
  void pending(const Game& g, std::vector<Action>& out);
  void retreats(const Game& g, const Pending& p, std::vector<Action>& out);
  void advances(const Game& g, std::vector<Action>& out);
  void losses(const Game& g, std::vector<Action>& out);
  void evasions(const Game& g, const Pending& p, std::vector<Action>& out);
  void lose_sets(const Game& g, size_t next, int sum, int rest, int need, Action& a,
                 std::vector<Action>& out);
  // The eligible units of one target, for target_attacks.
  struct Stack {
    HexId hex = kNoHex;
    StaticVector<UnitIndex, kMaxCombatUnits> units;
  };
  // attack_targets and target_attacks on the options_ already computed.
  void targets_from_options(const Game& g, std::vector<AttackTarget>& out);
  void attacks_on(const Game& g, const AttackTarget& t, std::vector<Action>& out);
  void gather(const Game& g, const AttackTarget& t);
  void try_attack(const Game& g, const Action& a, std::vector<Action>& out);
  void dg_variants(const Game& g, Action& a, std::vector<Action>& out);

  Reach reach_;
  Reach strategic_;
  std::vector<AttackOption> options_;
  std::vector<UnitIndex> eligible_;
  std::vector<Stack> stacks_;
  StaticVector<UnitIndex, kMaxCombatUnits> artillery_;
  std::vector<HexId> around_;
  std::vector<AttackTarget> targets_;
  int kept_ = 0;   // actions kept for the current lose decision or target
  int tries_ = 0;  // attack candidates checked for the current target
};

// generate() with a generator per thread.
void legal_actions(const Game& g, std::vector<Action>& out);

// Whether Game::apply would accept `a` now, found by applying it to a copy.
bool is_legal(const Game& g, const Action& a);

}  // namespace bg::core
