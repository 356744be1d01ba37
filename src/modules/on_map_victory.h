// Victory by what stands on the map (Four Roads rule 2): at
// the end of the game each side scores, at the rate the title sets (1 a
// factor for the Union, 3 for the Confederates in the article's scenarios), for
// every combat factor of its units still on the map. Until the end the lines
// say what the award would be (VpLine::at_end) and count only in `projected`.
// Special units (pontoons, boats, headquarters) have no combat factors
// (R-FR2-FACTORS).
#pragma once

#include <array>

#include "modules/module.h"

namespace bg::modules {

class OnMapVictoryModule final : public Module {
 public:
  // Points per combat factor: Union, Confederate.
  explicit OnMapVictoryModule(std::array<int, 2> rate) : rate_(rate) {}
  std::string_view key() const override { return "on-map-victory"; }
  void add_victory(const core::Context& ctx, const core::GameState& st,
                   core::VictoryReport& report) const override;
  // Combat factors of side s on the map now.
  static int factors_on_map(const core::Context& ctx, const core::GameState& st, core::Side s);

 private:
  std::array<int, 2> rate_;
};

}  // namespace bg::modules
