// The weights the tuner (study/tuner.h) moves, one set per side, and their text
// file: which fields of Weights are tuned, their bounds and step, how a file
// is written and read back (refused, with the reason, when it is not one),
// and the weights ai-normal and ai-hard ship with.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ai/postures.h"
#include "core/result.h"
#include "core/unit.h"

namespace bg::ai {

// The base weights of each side (what the title's posture starts from).
struct TunedWeights {
  Weights union_side;
  Weights confederate_side;
  Weights& of(core::Side s) { return s == core::Side::Union ? union_side : confederate_side; }
  const Weights& of(core::Side s) const {
    return s == core::Side::Union ? union_side : confederate_side;
  }
};

// One tuned field of Weights: its name in files and logs, where it lives,
// the values it may take and the size of a tuner's step (the scale on which
// the tuner's perturbations are measured).
struct WeightParam {
  std::string_view name;
  double Weights::*field;
  double lo, hi, step;
};
std::span<const WeightParam> tuned_params();

// "format = 1" and one `side.name = value` line per side and tuned field.
std::string format_weights(const TunedWeights& w, std::string_view comment = {});
// Every tuned field of both sides must be given once, as a finite number
// within its bounds; '#' starts a comment. Refused otherwise, with the line.
core::Result<TunedWeights> parse_weights(std::string_view text);

// The weights ai-normal and ai-hard play with (data/ai/weights.txt, the
// tuner's output; a test checks the two agree).
const TunedWeights& shipped_weights();

}  // namespace bg::ai
