// Module "orders" (Four Roads rule 8, optional: Following Orders). At the start
// of each player-turn the phasing side rolls one die per headquarters on the
// map within its parent's radius (army and army group: unlimited), higher
// echelon first; a roll above the judgment rating freezes that headquarters
// and every unit under it for movement this player-turn (they still attack,
// defend, retreat and advance). A headquarters out of its parent's radius,
// or whose parent is gone or frozen, does not roll and may not move, nor may
// its subordinates (R-FR-8-OUT-OF-RANGE). Cavalry with its own rating rolls
// unit by unit. A foolhardy headquarters rolling 1 orders every subordinate
// within its radius to attack this turn (R-FR-8-FOOLHARDY). A cavalry corps
// headquarters may take the place of an eliminated corps headquarters
// (decision "replace-hq"). Every roll is kept in the state and shown.
#pragma once

#include <memory>
#include <vector>

#include "modules/command/chain.h"
#include "modules/module.h"

namespace bg::modules {

// A command's standing for movement this player-turn.
enum class OrderStatus : uint8_t {
  Free,           // moves (rolled within its judgment, or does not roll)
  Frozen,         // rolled above its judgment (FR 8)
  ParentFrozen,   // a headquarters above it is frozen or out of command (FR 8)
  OutOfRange,     // out of its parent's command radius (FR 8)
  CommanderGone,  // its headquarters (or one above) is eliminated, not replaced
};
std::string_view order_status_name(OrderStatus s);

// One die rolled under FR 8, in the order rolled.
struct OrderRoll {
  core::UnitIndex unit = core::kNoUnit;  // the headquarters, or cavalry unit, that rolled
  uint8_t die = 0;
  Judgment judgment;
  bool frozen = false;
  bool attack_ordered = false;  // foolhardy and rolled 1
  friend bool operator==(const OrderRoll&, const OrderRoll&) = default;
};

struct OrdersState {
  ChainIndex index;
  int turn = 0;  // the player-turn the rolls are for (0: none yet)
  core::Side side = core::Side::Union;
  std::vector<OrderRoll> rolls;
  std::vector<uint8_t> status;     // per roster unit: its OrderStatus this player-turn
  std::vector<uint8_t> ordered;    // per roster unit: 1 if ordered to attack
  std::vector<uint8_t> can_reach;  // per roster unit: ordered, and could reach an attack
                                   // position when the orders were rolled
  std::vector<uint8_t> cause;      // per roster unit: the HqSpec (or kNoHq) its status comes from
  std::vector<uint8_t> replaced;   // per HqSpec: the cavalry corps HqSpec replacing it, or kNoHq
  friend bool operator==(const OrdersState&, const OrdersState&) = default;
};

class OrdersModule final : public Module {
 public:
  explicit OrdersModule(std::shared_ptr<const CommandChain> chain) : chain_(std::move(chain)) {}
  std::string_view key() const override { return "orders"; }
  const CommandChain& chain() const { return *chain_; }

  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
  core::Status may_move(const core::Context& ctx, const core::GameState& st,
                        core::UnitIndex u) const override;
  bool must_attack(const core::Context& ctx, const core::GameState& st,
                   core::UnitIndex u) const override;
  // R-FR-8-FOOLHARDY: an ordered unit that could reach the enemy ends its move
  // next to an enemy unit it may attack, and the phase does not end while one
  // that has not moved still can.
  core::Status may_end_move(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                            core::HexId to) const override;
  core::Status may_end_movement(const core::Context& ctx, const core::GameState& st) const override;
  // The first player-turn's rolls (R-FR-8-FIRST-TURN), then each one's.
  void on_game_start(const core::Context& ctx, core::GameState& st) const override;
  void on_phase_start(const core::Context& ctx, core::GameState& st) const override;

  // Decision "replace-hq" (local 0): Action::unit the cavalry corps
  // headquarters, Action::value the HqSpec index of the eliminated corps
  // headquarters it replaces; the phasing player's, in his Movement Phase,
  // effective from his next orders roll.
  static constexpr int kReplace = 0;
  std::string_view decision_key(int local) const override;
  DecisionWords decision_words(const core::Context& ctx, const core::GameState& st,
                               const core::Action& a) const override;
  core::Status scenario_action(const core::Context& ctx, core::GameState& st,
                               const core::Action& a) const override;
  void legal_decisions(const core::Context& ctx, const core::GameState& st,
                       std::vector<core::Action>& out) const override;

  // The state (null before the game has one) and whether it describes the
  // player-turn under way.
  const OrdersState* orders_state(const core::GameState& st) const {
    return state<OrdersState>(st);
  }
  bool current(const core::GameState& st) const;
  OrderStatus status_of(const core::GameState& st, core::UnitIndex u) const;

 private:
  void roll_orders(const core::Context& ctx, core::GameState& st) const;
  // hq_status, hq_cause: each headquarters spec's orders (OrderStatus) and
  // the spec that caused them.
  void unit_orders(const core::Context& ctx, core::GameState& st, OrdersState& s,
                   const std::vector<uint8_t>& hq_status,
                   const std::vector<uint8_t>& hq_cause) const;
  void foolhardy_attacks(const core::Context& ctx, const core::GameState& st, OrdersState& s,
                         const std::vector<uint8_t>& attack) const;
  void mark_can_reach(const core::Context& ctx, const core::GameState& st, OrdersState& s) const;
  core::Status check_replace(const core::Context& ctx, const core::GameState& st,
                             const core::Action& a) const;
  std::shared_ptr<const CommandChain> chain_;
};

}  // namespace bg::modules
