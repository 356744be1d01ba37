#include "ai/reference.h"

namespace bg::ai {

AiConfig reference_2026(uint64_t seed) {
  AiConfig c;
  c.label = std::string(kReference2026);
  c.level = Level::Normal;
  c.seed = seed;
  // ai-normal's budgets of November 2026 (docs/ai.md, "Levels and budgets").
  c.node_budget = 1200;
  c.candidates = 6;
  c.population = 24;
  c.time_cap_s = 2.0;
  c.frozen_2026 = true;
  c.replies = 0;
  // The evaluation's default weights of November 2026 (postures.h); a title's
  // posture sets some of them on top, as it did then.
  Weights w;
  w.risk = 0.4;
  w.combat = 1.0;
  w.approach = 0.14;
  w.anchor = 0.0;
  w.anchor_line = -1;
  w.run = 0.6;
  w.presence = 0.25;
  w.zone = 1.0;
  w.objective = 0.8;
  w.cohesion = 0.08;
  c.weights = w;
  return c;
}

}  // namespace bg::ai
