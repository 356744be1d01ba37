#include "ai/combat_look.h"

#include "ai/ai_player.h"

namespace bg::ai {

using namespace bg::core;

namespace {

// A Combat Phase has a few dozen actions (attacks, retreats, advances); a
// look that runs past this many is stuck, not long.
constexpr int kMaxActionsPerPhase = 2000;

// A look's player: `cfg` on the node budgets alone (the same look every
// time), with no rollouts or looks of its own.
AiConfig look_player(AiConfig cfg) {
  cfg.time_cap_s = 0;
  cfg.rollouts = 0;
  cfg.combat_look = 0;
  return cfg;
}

}  // namespace

CombatLook::CombatLook(const AiConfig& cfg) : players_(look_player(cfg)) {}

CombatLook::~CombatLook() = default;

double CombatLook::value_now(const Game& view, Side me, Evaluator& judge,
                             const std::string& posture) const {
  judge.prepare(view, me, posture);
  return judge.evaluate(view.state());
}

std::optional<double> CombatLook::value(const Game& view, Side me, const Action& first,
                                        uint64_t seed, Evaluator& judge,
                                        const std::string& posture) {
  double sum = 0;
  int faces = 0;
  for (int face = 1; face <= 6; ++face) {
    GameState st = view.state();
    st.dice = Dice(seed);
    st.dice.force(face);
    Game g = view.imagined(st);
    players_.start_over(me, seed, 0xC0C0ull);
    const auto done = g.apply(first);
    if (!done.ok()) return std::nullopt;
    ++actions_;
    const bool rolled = done.value().combat && done.value().combat->rolled;
    int n = 0;
    while (!g.over()) {
      const GameState& now = g.state();
      if (now.phasing != me || now.phase != Phase::Combat) break;
      const auto side = g.to_act();
      if (!side) break;
      const Action a = players_.of(*side).choose(g);
      // My phase's end: valued as it stands, before the enemy's turn begins.
      if (*side == me && a.kind == ActionKind::End && now.pending.empty()) break;
      if (!g.apply(a).ok() || ++n > kMaxActionsPerPhase) return std::nullopt;
      ++actions_;
    }
    const Game seen = g.view_for(me);
    judge.prepare(seen, me, posture);
    sum += judge.evaluate(seen.state());
    ++faces;
    if (!rolled) break;  // no die decided it: every face would play alike
  }
  return sum / faces;
}

}  // namespace bg::ai
