// Fortifications (Four Roads rule 6; ruling R-FR6-FORT).
//
// Forts stand at set-up where the title's data puts them and are built in
// play: a unit that has not moved during two consecutive night Game-Turns and
// every Game-Turn since may have a fort built on its hex at the end of its
// owner's player-turn. The owner orders it during the player-turn (decision
// "fort", value 1; value 0 withdraws the order); the fort is placed when the
// player-turn ends if the unit still qualifies (R-FR6-BUILD). A fort is
// permanent and serves either side: it doubles the defender, and with rough or
// forest-rough in the hex the defender is tripled, never more (R-FR6-FORT).
#pragma once

#include <array>
#include <vector>

#include "modules/module.h"

namespace bg::modules {

struct FortsState {
  std::vector<core::HexId> forts;  // sorted
  // The hex each unit was last seen in (kUnseen: not yet scanned), and the
  // Game-Turn it last changed hex or moved (0: never since the game began).
  static constexpr core::HexId kUnseen = 0xFFFE;
  std::array<core::HexId, core::kMaxUnits> seen;
  std::array<int16_t, core::kMaxUnits> last_moved{};
  std::vector<core::UnitIndex> orders;  // units whose owner ordered a fort this player-turn
  FortsState() { seen.fill(kUnseen); }
  friend bool operator==(const FortsState&, const FortsState&) = default;
};

class FortsModule final : public Module {
 public:
  static constexpr int kFort = 0;  // the decision "fort"
  // R-FR6-FORT: a fort doubles the defender, triples it with rough or
  // forest-rough in the hex (never more).
  static constexpr int kFortMultiplier = 2;
  static constexpr int kFortRoughMultiplier = 3;
  explicit FortsModule(std::vector<core::HexId> initial = {});

  std::string_view key() const override { return "forts"; }
  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
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

  bool has_fort(const core::GameState& st, core::HexId h) const;
  // Whether u's owner may have a fort built on its hex at the end of a
  // player-turn of Game-Turn `turn` (it has stood still since before two
  // consecutive night Game-Turns ending by then).
  bool qualifies(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                 int turn) const;
  // The decision ordering (value 1) or withdrawing (0) a fort for u.
  core::Action order(core::UnitIndex u, int value = 1) const;

 private:
  // Records which units changed hex or moved since the last scan.
  void scan(const core::Context& ctx, core::GameState& st) const;
  std::vector<core::HexId> initial_;
};

}  // namespace bg::modules
