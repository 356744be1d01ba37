// The title "four-roads" (Four Roads to Richmond: five scenarios on the
// Rappahannock, 1862-1864) as registered in titles/registry.cpp.
#pragma once

#include "titles/title.h"

namespace bg::titles::four_roads {

const Title& title();

}  // namespace bg::titles::four_roads
