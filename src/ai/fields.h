// Distance fields over the map: Movement Points (by a given kind of unit) or
// hex steps from every hex to the nearest of a set of sources. The evaluation
// reads them to judge "how far from the objective" in the terms movement
// really costs (forest, swamp, roads, creeks without bridges).
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"

namespace bg::ai {

inline constexpr int16_t kFar = 999;

struct Field {
  std::vector<int16_t> d;  // per HexId; kFar where unreachable
  int16_t at(core::HexId h) const { return h < d.size() ? d[h] : kFar; }
  bool empty() const { return d.empty(); }
};

// Cheapest Movement Points from each hex to reach any source, moving as
// `mover` (ignores units and Zones of Control).
void mp_distance(const core::Context& ctx, const core::UnitDef& mover,
                 const std::vector<core::HexId>& sources, Field& out);

// Hex steps across passable hexsides (ignores terrain costs); reuses out's buffer.
void step_distance(const core::Map& map, const std::vector<core::HexId>& sources, Field& out,
                   std::vector<core::HexId>& queue);

}  // namespace bg::ai
