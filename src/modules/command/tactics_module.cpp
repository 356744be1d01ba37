#include "modules/command/tactics_module.h"

namespace bg::modules {

using namespace core;

TitleState TacticsModule::initial_state(const Context& ctx) const {
  return TitleState::of(TacticsState{index_chain(*chain_, ctx)});
}

std::string_view TacticsModule::cite(RuleId id) const {
  return id == RuleId::TacticalAbility ? "FR 9" : std::string_view();
}

void TacticsModule::on_phase_start(const Context& ctx, GameState& st) const {
  const TacticsState* s = state<TacticsState>(st);
  if (s && !s->index.fresh(ctx)) state_mut<TacticsState>(st).index = index_chain(*chain_, ctx);
}

template <class Hexes>
int TacticsModule::commander_in(const Context& ctx, const GameState& st, Side side,
                                const Hexes& hexes, bool attacking) const {
  const TacticsState* s = state<TacticsState>(st);
  const ChainIndex& x = fresh_index(*chain_, ctx, s ? &s->index : nullptr);
  int best = -1;
  for (size_t c = 0; c < x.hq_unit.size(); ++c) {
    const UnitIndex u = x.hq_unit[c];
    if (u == kNoUnit || ctx.def(u).side != side || !st.pos.units[u].on_map()) continue;
    if (!hexes.contains(st.pos.units[u].hex)) continue;
    const HqSpec& h = chain_->hqs[c];
    if (best < 0) {
      best = static_cast<int>(c);
      continue;
    }
    const HqSpec& b = chain_->hqs[static_cast<size_t>(best)];
    const int rating = attacking ? h.offensive : h.defensive;
    const int best_rating = attacking ? b.offensive : b.defensive;
    // FR 9: the higher echelon only; of equal rank the owner's choice, which
    // is always his best rating (R-FR-9-EQUAL-RANK).
    if (h.echelon < b.echelon || (h.echelon == b.echelon && rating > best_rating))
      best = static_cast<int>(c);
  }
  return best;
}

DieModifier TacticsModule::die_modifier(
    const Context& ctx, const GameState& st,
    const StaticVector<HexId, kMaxCombatUnits>& attacker_hexes,
    const StaticVector<HexId, kMaxCombatHexes>& defender_hexes) const {
  const int att = commander_in(ctx, st, st.phasing, attacker_hexes, true);
  const int dfn = commander_in(ctx, st, other(st.phasing), defender_hexes, false);
  const int off = att < 0 ? 0 : chain_->hqs[static_cast<size_t>(att)].offensive;
  const int def = dfn < 0 ? 0 : chain_->hqs[static_cast<size_t>(dfn)].defensive;
  if (off == 0 && def == 0) return {};
  DieModifier m;
  m.value = def - off;  // R-FR-9-DIRECTION: a low die favours the attacker
  m.rule = std::string(cite(RuleId::TacticalAbility));
  if (off != 0)
    m.why = chain_->hqs[static_cast<size_t>(att)].unit + " attacking: -" + std::to_string(off);
  if (def != 0)
    m.why += (m.why.empty() ? "" : ", ") + chain_->hqs[static_cast<size_t>(dfn)].unit +
             " defending: +" + std::to_string(def);
  return m;
}

}  // namespace bg::modules
