// The weights ai-normal and ai-hard ship with: the text of data/ai/weights.txt,
// `bluegray tune`'s starting point, replaced by a tuner's weights.txt only when
// those beat it on held-out seeds (docs/ai.md, "Tuning"). Replace both together;
// AiTuner.ShippedWeightsAreTheFileInData checks that they agree.
#include "ai/tuned_weights.h"

namespace bg::ai {

namespace {

constexpr std::string_view kShipped = R"(
# bluegray evaluation weights (docs/ai.md, "Tuning")
# the tuner's output: the Union's from `bluegray tune --side union ... --seed 8`
# (132 iterations), the Confederate's from `--side confederate ... --seed 9` (71
# iterations); they beat the hand-set weights on held-out seeds (docs/ai.md,
# "The second run")
format = 1
union.risk_factor = 0.7603715078824943
union.combat_factor = 1.3584945222045404
union.approach_factor = 0.99698901019552166
union.anchor_factor = 1.232747073758893
union.run_factor = 1.0300114351879393
union.presence = 0.3102955394732646
union.zone = 1.0203872164783738
union.objective = 1.0304766941406449
union.cohesion = 0.091091602066785446
confederate.risk_factor = 0.78147254604083582
confederate.combat_factor = 0.98431820143599091
confederate.approach_factor = 1.1379250080309298
confederate.anchor_factor = 1.0343489438690581
confederate.run_factor = 1.0730788187807336
confederate.presence = 0.25494394283843985
confederate.zone = 1.1597487197809242
confederate.objective = 0.78507449698562326
confederate.cohesion = 0.08800476074410217
)";

}  // namespace

const TunedWeights& shipped_weights() {
  // The text is part of the program and a test parses it: it cannot fail.
  static const TunedWeights w = parse_weights(kShipped).value();
  return w;
}

}  // namespace bg::ai
