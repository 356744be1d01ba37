// Line of Sight (8.31-8.35; DG 8.71): a straight line between hex centres is
// blocked by an intervening blocking hex; where it runs exactly along a hexside
// it is blocked only if both hexes beside that hexside block.
#pragma once

#include <vector>

#include "core/map.h"

namespace bg::core {

// The hexes strictly between a and b that the line crosses. A point where the
// line runs along a hexside yields a pair {h1, h2}; elsewhere h1 == h2.
struct LosStep {
  HexId h1;
  HexId h2;
};
void los_steps(const Map& map, HexId a, HexId b, std::vector<LosStep>& out);

bool line_of_sight(const Map& map, HexId from, HexId to);

}  // namespace bg::core
