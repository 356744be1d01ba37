#include "ai/combat_look.h"

#include "ai/ai_player.h"

namespace bg::ai {

using namespace bg::core;

namespace {

// A Combat Phase has a few dozen actions (attacks, retreats, advances); a
// look that runs past this many is stuck, not long.
constexpr int kMaxActionsPerPhase = 2000;

}  // namespace

CombatLook::CombatLook(const AiConfig& cfg) {
  AiConfig c = cfg;
  c.time_cap_s = 0;  // the node budgets alone: the same look every time
  c.rollouts = 0;
  c.combat_look = 0;  // a look's players do not look themselves
  for (auto& p : players_) p = std::make_unique<AiPlayer>(c);
}

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
    for (size_t s = 0; s < 2; ++s) players_[s]->start_over(seed ^ (0xC0C0ull << (8 * s)));
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
      const Action a = players_[static_cast<size_t>(*side)]->choose(g);
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
