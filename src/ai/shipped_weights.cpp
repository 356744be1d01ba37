// The weights ai-normal and ai-hard ship with: the text of data/ai/weights.txt,
// `bluegray tune`'s starting point, replaced by a tuner's weights.txt only when
// those beat it on held-out seeds (docs/ai.md, "Tuning"). Replace both together;
// AiTuner.ShippedWeightsAreTheFileInData checks that they agree.
#include "ai/tuned_weights.h"

namespace bg::ai {

namespace {

constexpr std::string_view kShipped = R"(
# bluegray evaluation weights (docs/ai.md, "Tuning")
# the hand-set defaults (Weights{}), where tuning starts; the first tuning run's
# weights did not beat them on held-out seeds (docs/ai.md, "Tuning")
format = 1
union.risk_factor = 1
union.combat_factor = 1
union.approach_factor = 1
union.anchor_factor = 1
union.run_factor = 1
union.presence = 0.25
union.zone = 1
union.objective = 0.80000000000000004
union.cohesion = 0.080000000000000002
confederate.risk_factor = 1
confederate.combat_factor = 1
confederate.approach_factor = 1
confederate.anchor_factor = 1
confederate.run_factor = 1
confederate.presence = 0.25
confederate.zone = 1
confederate.objective = 0.80000000000000004
confederate.cohesion = 0.080000000000000002
)";

}  // namespace

const TunedWeights& shipped_weights() {
  // The text is part of the program and a test parses it: it cannot fail.
  static const TunedWeights w = parse_weights(kShipped).value();
  return w;
}

}  // namespace bg::ai
