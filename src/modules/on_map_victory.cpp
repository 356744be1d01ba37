#include "modules/on_map_victory.h"

namespace bg::modules {

using namespace core;

int OnMapVictoryModule::factors_on_map(const Context& ctx, const GameState& st, Side s) {
  int total = 0;
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitDef& d = ctx.def(static_cast<UnitIndex>(u));
    if (st.pos.units[u].on_map() && d.side == s && d.type != UnitType::Special) total += d.strength;
  }
  return total;
}

void OnMapVictoryModule::add_victory(const Context& ctx, const GameState& st,
                                     VictoryReport& r) const {
  for (int i = 0; i < 2; ++i) {
    const Side s = static_cast<Side>(i);
    const int factors = factors_on_map(ctx, st, s);
    const int points = factors * rate_[static_cast<size_t>(i)];
    if (points == 0) continue;
    r.lines.push_back(VpLine{s, "FR 2",
                             std::to_string(factors) + " combat factors on the map at " +
                                 std::to_string(rate_[static_cast<size_t>(i)]) + " each",
                             points, true});
    r.projected[static_cast<size_t>(i)] += points;
    if (r.final) r.total[static_cast<size_t>(i)] += points;
  }
  rescore_winner(r);
}

}  // namespace bg::modules
