#include "titles/four_roads/fr_ai.h"

#include "core/game.h"
#include "titles/four_roads/four_roads.h"

namespace bg::titles::four_roads {

using namespace bg::core;

namespace {

// Late in the game, strength within a march of a scoring exit is worth this
// much a point (it could still leave there).
constexpr double kNearExit = 0.5;

}  // namespace

AiKnowledge ai_knowledge(const Game& view) {
  AiKnowledge k;
  const modules::ExitsData exits = fr_exits(view.map());
  for (size_t s = 0; s < 2; ++s) {
    const Side side = static_cast<Side>(s);
    for (const modules::ExitPoint& p : exits.sides[s].scoring) {
      ExitScore e;
      e.side = side;
      e.hex = p.hex;
      e.per_strength = p.points_per_factor;
      // FR 4: only the Union traces a route (Title::supply_line asks it).
      e.needs_line = !exits.sides[s].route.empty();
      e.nearby = kNearExit;
      e.rule = "FR 4";
      k.exits.push_back(e);
    }
  }
  // FR 2: a Confederate factor on the map at the end is worth 3 points, a
  // Union one 1; the core's running score counts every eliminated factor as
  // one, so a Confederate unit is worth twice its strength more to the side
  // that eliminates it.
  for (size_t u = 0; u < view.roster().size(); ++u) {
    const UnitDef& d = view.roster()[u];
    if (d.side == Side::Confederate && d.strength > 0)
      k.unit_values.push_back(UnitValue{static_cast<UnitIndex>(u), 2 * d.strength, "FR 2"});
  }
  return k;
}

}  // namespace bg::titles::four_roads
