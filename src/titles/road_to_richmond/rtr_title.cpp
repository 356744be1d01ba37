#include "titles/road_to_richmond/rtr_title.h"

#include "titles/registry.h"
#include "titles/road_to_richmond/road_to_richmond.h"
#include "titles/road_to_richmond/rtr_ai.h"
#include "titles/road_to_richmond/rtr_setup.h"
#include "titles/road_to_richmond/rtr_ui.h"

namespace bg::titles::rtr {

namespace {

constexpr const char* kAdvance = "advance-restrictions";
constexpr const char* kSiege = "siege-train";
constexpr const char* kVariable = "variable-reinforcements";
constexpr const char* kAdditional = "additional-vp";

TitleInfo make_info() {
  TitleInfo i;
  i.name = "road-to-richmond";
  i.display = "Road to Richmond";
  i.summary =
      "The Seven Days' Battles, June 1862: Lee strikes McClellan's army before Richmond "
      "while its supply Train runs for the James.";
  // 14.2 / 16.2-16.3: the Confederate player moves first; twenty Game-Turns,
  // Game-Turns 5 and 13 are night turns.
  i.scenarios = {ScenarioSpec{i.name, i.display, i.summary,
                              Calendar{core::Side::Confederate, 20, {5, 13}},
                              "14.2: Confederate first, twenty Game-Turns, nights 5 and 13"}};
  i.params = {ParamSpec{"exclusive",
                        {std::string(exclusive_edition_name(ExclusiveEdition::Spi1977)),
                         std::string(exclusive_edition_name(ExclusiveEdition::Revised))},
                        "1977",
                        "the exclusive rules' edition: SPI 1977 (13.0-22.x, tournament options "
                        "switchable) or the revised edition (its 22.x options standard)"}};
  i.options = {
      OptionSpec{kAdvance,
                 "22.1 / 18.5-18.6: streams do not double; no advance across streams or "
                 "into swamps",
                 {}},
      OptionSpec{kSiege, "22.2 / 21.2: the Union Siege Train", {}},
      OptionSpec{kVariable,
                 "22.3 / 17.6: the Confederate's secret written choice of variable "
                 "reinforcements",
                 {}},
      OptionSpec{kAdditional, "22.4 / 22.13-22.14: points for 1823, 1826 and early arrival", {}},
      OptionSpec{"tournament",
                 "all four 1977 tournament options (22.1-22.4)",
                 {kAdvance, kSiege, kVariable, kAdditional}},
  };
  return i;
}

class RoadToRichmondTitle final : public Title {
 public:
  RoadToRichmondTitle() : info_(make_info()) {}
  const TitleInfo& info() const override { return info_; }

  bool owns(const core::Game& g) const override { return module(g) != nullptr; }

  core::Result<core::Game> make(const NewParams& p) const override {
    RtrSetup s;
    s.options.exclusive =
        parse_exclusive_edition(p.param("exclusive")).value_or(ExclusiveEdition::Spi1977);
    s.options.advance_restrictions = p.has_option(kAdvance);
    s.options.siege_train = p.has_option(kSiege);
    s.options.variable_reinforcements = p.has_option(kVariable);
    s.options.additional_vp = p.has_option(kAdditional);
    s.edition = p.edition;
    s.attack_effectiveness = p.attack_effectiveness;
    s.strategic_movement = p.strategic_movement;
    s.cavalry_retreat = p.cavalry_retreat;
    s.seed = p.seed;
    return make_road_to_richmond(s, data_root());
  }

  void view(const core::Game& g, std::optional<core::Side>, Json& out) const override {
    const RoadToRichmond& m = *module(g);
    out["exclusive"] = std::string(exclusive_edition_name(m.options().exclusive));
    const int activation = m.activation_turn(g.state());
    if (activation > 0) out["activation"] = activation;  // 19.1 / 17.4
    out["ccz_open"] = m.ccz_open(g.state());             // 18.1 / 20.1
  }

  UiSpec ui(const core::Game& g, std::optional<core::Side> viewer) const override {
    UiSpec out = Title::ui(g, viewer);
    add_ui(g, *module(g), viewer, out);
    return out;
  }

  std::vector<std::string> options_in_force(const core::Game& g) const override {
    // Under the revised rules every option is a standard rule (effective()).
    const RtrOptions& o = module(g)->options();
    std::vector<std::string> out;
    if (o.advance_restrictions) out.emplace_back(kAdvance);
    if (o.siege_train) out.emplace_back(kSiege);
    if (o.variable_reinforcements) out.emplace_back(kVariable);
    if (o.additional_vp) out.emplace_back(kAdditional);
    return out;
  }

  AiKnowledge ai_knowledge(const core::Game& view) const override {
    return rtr::ai_knowledge(*module(view), view);
  }
  bool zone_in_force(const core::Context& ctx, const core::GameState& st,
                     size_t zone) const override {
    const auto* m = dynamic_cast<const RoadToRichmond*>(ctx.scenario);
    return m && ai_zone_in_force(*m, st, zone);
  }
  bool supply_line(const core::Context& ctx, const core::GameState& st,
                   core::Side side) const override {
    const auto* m = dynamic_cast<const RoadToRichmond*>(ctx.scenario);
    return m && m->line_of_communication(ctx, st, side);
  }
  int supply_line_margin(const core::Context& ctx, const core::GameState& st, core::Side side,
                         const std::vector<uint8_t>& contested, int limit) const override {
    const auto* m = dynamic_cast<const RoadToRichmond*>(ctx.scenario);
    return m ? m->communication_margin(ctx, st, side, contested, limit) : 0;
  }

 private:
  static const RoadToRichmond* module(const core::Game& g) {
    return dynamic_cast<const RoadToRichmond*>(g.scenario());
  }
  TitleInfo info_;
};

}  // namespace

const Title& title() {
  static const RoadToRichmondTitle kTitle;
  return kTitle;
}

}  // namespace bg::titles::rtr
