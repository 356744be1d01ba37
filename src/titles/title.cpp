#include "titles/title.h"

namespace bg::titles {

namespace {
template <class T, class Key>
const T* find_named(const std::vector<T>& list, Key key, std::string_view name) {
  for (const T& item : list)
    if (item.*key == name) return &item;
  return nullptr;
}
}  // namespace

const ScenarioSpec* TitleInfo::scenario(std::string_view n) const {
  return find_named(scenarios, &ScenarioSpec::name, n);
}
const ParamSpec* TitleInfo::param(std::string_view key) const {
  return find_named(params, &ParamSpec::key, key);
}
const OptionSpec* TitleInfo::option(std::string_view n) const {
  return find_named(options, &OptionSpec::name, n);
}

void Title::view(const core::Game&, std::optional<core::Side>, Json&) const {}

std::vector<std::string> Title::options_in_force(const core::Game&) const {
  return {};
}

AiKnowledge Title::ai_knowledge(const core::Game&) const {
  return {};
}

bool Title::zone_in_force(const core::Context&, const core::GameState&, size_t) const {
  return true;
}

bool Title::supply_line(const core::Context&, const core::GameState&, core::Side) const {
  return true;
}

int Title::supply_line_margin(const core::Context& ctx, const core::GameState& st, core::Side side,
                              const std::vector<uint8_t>&, int limit) const {
  return supply_line(ctx, st, side) ? limit : 0;
}

const AiPosture* AiKnowledge::posture(core::Side side, std::string_view name) const {
  for (const AiPosture& p : postures)
    if (p.side == side && (name.empty() ? p.is_default : p.name == name)) return &p;
  return nullptr;
}

bool AiKnowledge::has_posture(std::string_view name) const {
  for (const AiPosture& p : postures)
    if (p.name == name) return true;
  return false;
}

UiSpec Title::ui(const core::Game& g, std::optional<core::Side>) const {
  UiSpec out;
  out.display = info().display;
  // The map's own marks: what a data file (or a sandbox's exit-hex action) names.
  for (const core::NamedHex& n : g.map().named()) {
    UiHex h;
    h.hex = n.hex;
    h.kind = n.kind;
    if (n.kind == "entry") {
      h.side = core::parse_side(n.name);
      h.label = std::string(h.side == core::Side::Union ? "Union" : "Confederate") +
                " reinforcements enter here";
    } else if (n.kind == "exit") {
      h.label = "units may leave the map here";
    } else if (n.kind == "victory") {
      h.label = "a victory hex";
    } else {
      continue;
    }
    out.hexes.push_back(std::move(h));
  }
  return out;
}

}  // namespace bg::titles
