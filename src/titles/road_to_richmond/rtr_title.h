// Road to Richmond as a registered title: its name, calendar (14.2 / 16.2-16.3),
// parameters (the exclusive rules' edition), optional rules (22.1-22.4) and the
// fields its exclusive rules add to the state view.
#pragma once

#include "titles/title.h"

namespace bg::titles::rtr {

const Title& title();

}  // namespace bg::titles::rtr
