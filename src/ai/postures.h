// The evaluation's weights, and how a posture sets them. Postures are the
// title's (titles::AiPosture, declared in its AI knowledge): named strategies
// a side may play, each a few weight values and a line to anchor on, by
// Game-Turn. A side whose title declares none plays the defaults below.
#pragma once

#include "titles/ai_knowledge.h"

namespace bg::ai {

struct Weights {
  double risk = 0.4;       // x expected strength lost to the enemy's next attacks
  double combat = 1.0;     // x expected value of this phase's attacks
  double approach = 0.14;  // per strength point and hex nearer the enemy (capped)
  double anchor = 0.0;     // per unit and hex away from the posture's line
  int anchor_line = -1;    // the title's line (AiKnowledge::lines) anchored on; -1: none
  double run =
      0.6;  // per MP between a run goal's unit and its destination (the enemy: its hunters)
  double presence = 0.25;  // per strength point on the map, x turns left / turns
  double zone = 1.0;       // x the cost of entering a trigger zone
  double objective = 0.8;  // x the points a held objective hex scores in the turns to come
  double cohesion = 0.08;  // per strength point with a friendly neighbour (a line)
  // Factors on what the title's posture sets (risk, combat, approach, anchor,
  // run), so that the tuner (study/tuner.h) can move a posture's weights without
  // rewriting the title's declaration; 1: the posture's values as declared.
  double risk_factor = 1.0;
  double combat_factor = 1.0;
  double approach_factor = 1.0;
  double anchor_factor = 1.0;
  double run_factor = 1.0;
};

// The weights of posture p on Game-Turn `turn`: `base` with what the posture
// sets (base alone when p is null).
Weights weights_for(const titles::AiPosture* p, int turn, const Weights& base = Weights{});

}  // namespace bg::ai
