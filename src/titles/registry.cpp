// The one place titles are registered: a new title adds its line here.
#include "titles/registry.h"

#include <cstdlib>

#include "titles/four_roads/fr_title.h"
#include "titles/road_to_richmond/rtr_title.h"
#include "titles/sandbox/sandbox_title.h"

#ifndef BLUEGRAY_DATA_DIR
#define BLUEGRAY_DATA_DIR "data"
#endif

namespace bg::titles {

const std::vector<const Title*>& all_titles() {
  static const std::vector<const Title*> kAll = {
      &sandbox::title(),     // any map, any units: for tests, teaching and tools
      &rtr::title(),         // Road to Richmond (the Seven Days, 1862)
      &four_roads::title(),  // Four Roads to Richmond (the Rappahannock, 1862-1864)
  };
  return kAll;
}

const Title* find_title(std::string_view name) {
  for (const Title* t : all_titles())
    if (t->info().name == name) return t;
  return nullptr;
}

const Title& title_of(const core::Game& g) {
  for (const Title* t : all_titles())
    if (t->owns(g)) return *t;
  return sandbox_title();
}

const Title& sandbox_title() {
  return sandbox::title();
}

const Title& default_title() {
  return *all_titles().at(1);
}

std::string data_root() {
  if (const char* env = std::getenv("BLUEGRAY_DATA_DIR"); env && *env) return env;
  return BLUEGRAY_DATA_DIR;
}

}  // namespace bg::titles
