#include "ai/postures.h"

namespace bg::ai {

Weights weights_for(const titles::AiPosture* p, int turn, const Weights& base) {
  Weights w = base;
  if (!p || p->stages.empty()) return w;
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
  return w;
}

}  // namespace bg::ai
