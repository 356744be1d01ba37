#include "ai/postures.h"

namespace bg::ai {

namespace {

// The tuned factors on top of the posture's values (exact when all are 1).
Weights scaled(Weights w) {
  w.risk *= w.risk_factor;
  w.combat *= w.combat_factor;
  w.approach *= w.approach_factor;
  w.anchor *= w.anchor_factor;
  w.run *= w.run_factor;
  return w;
}

}  // namespace

Weights weights_for(const titles::AiPosture* p, int turn, const Weights& base) {
  Weights w = base;
  if (!p || p->stages.empty()) return scaled(w);
  // The stage in force: the first whose last Game-Turn is not yet past.
  const titles::PostureStage* s = &p->stages.back();
  for (const titles::PostureStage& st : p->stages)
    if (st.until_turn == 0 || turn <= st.until_turn) {
      s = &st;
      break;
    }
  const titles::PostureWeights& v = s->weights;
  if (v.risk) w.risk = *v.risk;
  if (v.combat) w.combat = *v.combat;
  if (v.approach) w.approach = *v.approach;
  if (v.anchor) w.anchor = *v.anchor;
  if (v.run) w.run = *v.run;
  w.anchor_line = s->line;
  return scaled(w);
}

}  // namespace bg::ai
