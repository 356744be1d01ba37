// The registered titles, in one place (registry.cpp): everything above the
// titles layer finds a title here by name, or the title of a running game.
#pragma once

#include <string_view>
#include <vector>

#include "core/game.h"
#include "titles/title.h"

namespace bg::titles {

// Every registered title, the sandbox first.
const std::vector<const Title*>& all_titles();
// The title named `name`, or null.
const Title* find_title(std::string_view name);
// The title a game belongs to (the sandbox for a game no title owns).
const Title& title_of(const core::Game& g);
// The title the front ends offer by default: the first registered battle.
const Title& default_title();

// Where the data files are: $BLUEGRAY_DATA_DIR, else the source tree's data/.
std::string data_root();

}  // namespace bg::titles
