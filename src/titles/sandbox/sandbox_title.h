// The sandbox: an all-clear map of any size, no units, any calendar. Not a
// battle: the place to set up rule situations (tests, teaching, tools).
#pragma once

#include "titles/title.h"

namespace bg::titles::sandbox {

const Title& title();

}  // namespace bg::titles::sandbox
