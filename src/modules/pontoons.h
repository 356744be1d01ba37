// Pontoons, assault boats and fords (rulings R-FR-PONTOON, R-FR-BOAT,
// R-FR-FORD: Avalon Hill's Chancellorsville crossed the
// Rappahannock by pontoon, assault boat and ford; the Blue & Gray Standard
// Rules have only impassable river hexes, 5.24).
//
// - An emplaced pontoon makes its river hex passable at 1 MP for either
//   side. Units cross it within a move and never end there (5.24 and the
//   core's river hexes hold no units, no ZOC and no combat; R-FR-PONTOON).
//   An enemy unit that enters the hex destroys the pontoon (and its unit).
// - Emplacing: a pontoon unit (UnitDef::kind = the data's pontoon kind; a
//   road-only special unit in the title's data) on a bank hex orders
//   "emplace" with the adjacent river hex (value XXYY); if it spends the whole
//   player-turn there without moving, the pontoon is emplaced at its end. The
//   unit stays on the bank: if it leaves that hex for any reason the bridge is
//   taken up.
// - Assault boats: a unit stacked with a friendly boat unit crosses one river
//   hex into an enemy-controlled bank hex (decision "boat", value XXYY of the
//   bank hex) in its Movement Phase by day; one unit per boat per player-turn.
//   In that player-turn's combat the defender it attacks is doubled.
// - Fords: river hexes the data names are passable at 2 MP (clear + 1, as a
//   ford hexside 5.25) and, like a ferry hex, are crossed within a move.
#pragma once

#include <string>
#include <vector>

#include "modules/module.h"

namespace bg::modules {

struct PontoonSetup {
  core::HexId hex = core::kNoHex;  // the river hex
  core::Side side = core::Side::Union;
};

// A hexside units may cross into or out of a river hex (no lake; a creek only
// at a bridge or ford): where a pontoon may be emplaced from, and crossed.
bool side_open(const core::Map& map, core::HexId a, core::HexId b);

struct PontoonsData {
  std::vector<PontoonSetup> emplaced;  // pontoons emplaced at set-up
  std::vector<core::HexId> fords;      // river hexes that are fords
  std::string pontoon_kind = "pontoon";
  std::string boat_kind = "boats";
};

struct Bridge {
  core::HexId hex = core::kNoHex;  // the river hex bridged
  core::Side side = core::Side::Union;
  core::UnitIndex unit = core::kNoUnit;  // the pontoon unit (kNoUnit: placed at set-up)
  core::HexId bank = core::kNoHex;       // where that unit stands
  friend bool operator==(const Bridge&, const Bridge&) = default;
};

struct EmplaceOrder {
  core::UnitIndex unit = core::kNoUnit;
  core::HexId bank = core::kNoHex;
  core::HexId river = core::kNoHex;
  friend bool operator==(const EmplaceOrder&, const EmplaceOrder&) = default;
};

struct PontoonsState {
  std::vector<Bridge> bridges;
  std::vector<EmplaceOrder> orders;
  std::vector<core::UnitIndex> boats_used;  // this player-turn
  std::vector<core::UnitIndex> boated;      // crossed by boat this player-turn
  friend bool operator==(const PontoonsState&, const PontoonsState&) = default;
};

class PontoonsModule final : public Module {
 public:
  static constexpr int kEmplace = 0;   // decision "emplace"
  static constexpr int kBoat = 1;      // decision "boat"
  static constexpr int kBridgeMp = 1;  // R-FR-PONTOON: an emplaced pontoon's river hex
  static constexpr int kFordMp = 2;    // R-FR-FORD: clear + 1, as a ford hexside (5.25)
  static constexpr int kBoatMultiplier =
      2;  // R-FR-BOAT: the defender an assault boat's unit attacks
  explicit PontoonsModule(PontoonsData data = {});

  std::string_view key() const override { return "pontoons"; }
  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
  int river_entry_cost(const core::Context& ctx, const core::GameState& st,
                       const core::UnitDef& def, core::HexId from,
                       core::HexId river) const override;
  void adjust_hex_defence(
      const core::Context& ctx, const core::GameState& st, const core::Board& board,
      const core::StaticVector<core::UnitIndex, core::kMaxCombatUnits>& attackers,
      core::HexDefence& d) const override;
  void on_phase_start(const core::Context& ctx, core::GameState& st) const override;
  void after_action(const core::Context& ctx, core::GameState& st,
                    const core::Action& a) const override;
  std::string_view decision_key(int local) const override;
  DecisionWords decision_words(const core::Context& ctx, const core::GameState& st,
                               const core::Action& a) const override;
  core::Status scenario_action(const core::Context& ctx, core::GameState& st,
                               const core::Action& a) const override;
  void legal_decisions(const core::Context& ctx, const core::GameState& st,
                       std::vector<core::Action>& out) const override;
  void markers(const core::Context& ctx, const core::GameState& st,
               std::vector<Marker>& out) const override;
  void tec_features(const core::Context& ctx, std::vector<core::TecFeature>& out) const override;

  // An emplaced pontoon in river hex h, if any.
  const Bridge* bridge(const core::GameState& st, core::HexId h) const;
  bool is_ford(core::HexId h) const;
  bool is_pontoon_unit(const core::Context& ctx, core::UnitIndex u) const;
  bool is_boat_unit(const core::Context& ctx, core::UnitIndex u) const;
  core::Action decision(int local, core::UnitIndex u, int value) const;

 private:
  core::Status emplace(const core::Context& ctx, core::GameState& st, const core::Action& a) const;
  core::Status cross_by_boat(const core::Context& ctx, core::GameState& st,
                             const core::Action& a) const;
  // Why unit u may not cross by boat to bank hex `to` now (ok if it may);
  // `boat` is set to the boat that carries it.
  core::Status boat_check(const core::Context& ctx, const core::GameState& st,
                          const core::Board& board, core::UnitIndex u, core::HexId to,
                          core::UnitIndex& boat) const;
  PontoonsData data_;
};

}  // namespace bg::modules
