// Evaluation weights per side and posture. The three Union postures are the
// strategies of the player's notes (23.1): stand and fight (hold the set-up
// line, accept combat), fighting withdrawal (hold, then fall back to the
// south bank of the Chickahominy as the pressure grows), total withdrawal
// (run behind the river at once and hold the bridges). The Confederate plays
// one attacking posture (23.2: pressure everywhere, hunt the Train, keep out
// of the activation area until it pays).
#pragma once

#include "ai/ai_config.h"
#include "core/unit.h"

namespace bg::ai {

// Where a posture wants the Union army.
enum class Anchor : uint8_t { None, SetupLine, SouthBank };

struct Weights {
  double risk = 0.5;      // x expected strength lost to the enemy's next attacks
  double combat = 1.0;    // x expected value of this phase's attacks
  double approach = 0.0;  // per strength point and MP nearer the enemy (capped)
  double anchor = 0.0;    // per unit and MP away from the posture's line
  Anchor anchor_line = Anchor::None;
  double train = 0.6;        // per MP between the Train and 1528 (the Confederate: its hunters)
  double presence = 0.25;    // per strength point on the map, x turns left / 20
  double activation = 6.0;   // Confederate: cost of triggering early arrival (19.1)
  double victory_hex = 0.8;  // per future turn a victory hex is held (22.4)
  double cohesion = 0.08;    // per strength point with a friendly neighbour (a line)
};

Weights weights_for(core::Side side, Posture posture, int turn);

}  // namespace bg::ai
