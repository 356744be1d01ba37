#include "modules/command/command_module.h"

#include <algorithm>

#include "content/oob_file.h"

namespace bg::modules {

using namespace core;

UnitDef make_hq_def(std::string id, Side side, int movement) {
  return content::headquarters_def(std::move(id), side, movement);
}

TitleState CommandModule::initial_state(const Context& ctx) const {
  CommandState s;
  s.index = index_chain(*chain_, ctx);
  return TitleState::of(std::move(s));
}

std::string_view CommandModule::cite(RuleId id) const {
  switch (id) {
    case RuleId::CommandRadius:
      return "FR 7";
    case RuleId::NoDefenceStrength:  // a rule only our ruling states
      return "R-FR-HQ-ALONE";
    default:
      return {};
  }
}

const ChainIndex& CommandModule::index(const Context& ctx, const GameState& st) const {
  const CommandState* s = state<CommandState>(st);
  return fresh_index(*chain_, ctx, s ? &s->index : nullptr);
}

void CommandModule::refresh(const Context& ctx, GameState& st) const {
  const CommandState* s = state<CommandState>(st);
  if (!s || !s->index.fresh(ctx)) state_mut<CommandState>(st).index = index_chain(*chain_, ctx);
}

bool CommandModule::in_rally_radius(const Context& ctx, const GameState& st, UnitIndex u) const {
  const ChainIndex& x = index(ctx, st);
  if (u >= x.commander.size()) return false;
  // Every headquarters above u, its own first: corps, grand division, army.
  for (int c = x.commander[u]; c >= 0 && c != kNoHq; c = chain_->parent(c)) {
    const HqSpec& spec = chain_->hqs[static_cast<size_t>(c)];
    const UnitIndex hq = x.hq_unit[static_cast<size_t>(c)];
    if (hq == kNoUnit || !st.pos.units[hq].on_map() || spec.rally_radius() <= 0) continue;
    if (hex_distance(ctx, st.pos, u, hq) <= spec.rally_radius()) return true;
  }
  return false;
}

void CommandModule::on_phase_start(const Context& ctx, GameState& st) const {
  refresh(ctx, st);
  capture_lone_hqs(ctx, st);
  if (st.phase != Phase::Movement) return;  // a player-turn begins with its Movement Phase
  std::vector<UnitIndex> rallied;
  for (int i = 0; i < st.pos.count; ++i) {
    const UnitIndex u = static_cast<UnitIndex>(i);
    const UnitState& s = st.pos.units[i];
    if (!s.on_map() || !s.has(kIneffective) || ctx.def(u).side != st.phasing) continue;
    if (in_rally_radius(ctx, st, u)) rallied.push_back(u);
  }
  for (UnitIndex u : rallied) st.pos.units[u].set(kIneffective, false);  // FR 7
  if (rallied != state<CommandState>(st)->rallied)
    state_mut<CommandState>(st).rallied = std::move(rallied);
}

void CommandModule::after_action(const Context& ctx, GameState& st, const Action&) const {
  refresh(ctx, st);
  capture_lone_hqs(ctx, st);
}

// R-FR-HQ-ALONE: the non-phasing side's headquarters that stand with no
// friendly combat unit in a hex the phasing side controls are captured. One
// with a retreat still to make is left to make it.
void CommandModule::capture_lone_hqs(const Context& ctx, GameState& st) const {
  const ChainIndex& x = state<CommandState>(st)->index;
  const Map& map = *ctx.map;
  const Position& pos = st.pos;
  const Side enemy = st.phasing;
  for (UnitIndex hq : x.hq_unit) {
    if (hq == kNoUnit || !pos.units[hq].on_map() || ctx.def(hq).side == enemy) continue;
    const HexId h = pos.units[hq].hex;
    bool guarded = false, controlled = false, pending = false;
    for (const Pending& p : st.pending) pending = pending || p.unit == hq;
    for (int i = 0; i < pos.count && !guarded; ++i) {
      const UnitDef& d = ctx.def(static_cast<UnitIndex>(i));
      const UnitState& s = pos.units[i];
      if (!s.on_map()) continue;
      if (s.hex == h && d.side != enemy && d.defense > 0) guarded = true;
      if (d.side != enemy || !d.exerts_zoc) continue;
      const auto dir = map.direction(s.hex, h);
      if (dir && zoc_crosses(map, s.hex, *dir)) controlled = true;
    }
    if (guarded || !controlled || pending) continue;
    UnitState& u = st.pos.units[hq];
    u.status = UnitStatus::Eliminated;
    u.hex = kNoHex;
    state_mut<CommandState>(st).captured.push_back(hq);
  }
}

}  // namespace bg::modules
