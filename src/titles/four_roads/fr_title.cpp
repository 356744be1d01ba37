#include "titles/four_roads/fr_title.h"

#include "modules/modular_rules.h"
#include "titles/four_roads/four_roads.h"
#include "titles/four_roads/fr_ai.h"
#include "titles/registry.h"

namespace bg::titles::four_roads {

namespace {

constexpr const char* kOrders = "orders";
constexpr const char* kTactics = "tactics";

TitleInfo make_info() {
  TitleInfo i;
  i.name = "four-roads";
  i.display = "Four Roads to Richmond";
  i.summary =
      "Five battles on the Rappahannock, 1862-1864: Fredericksburg, Chancellorsville, the "
      "Wilderness and Spotsylvania, with leaders, orders and fortifications.";
  for (const FrScenario& s : fr_scenarios()) {
    Calendar c;
    c.first = s.first;
    c.turns = s.turns;
    for (int t = 1; t <= s.turns; ++t)
      if (is_night_turn(t)) c.night.push_back(t);
    i.scenarios.push_back(ScenarioSpec{std::string(s.name), std::string(s.display),
                                       std::string(s.summary), c,
                                       "R-FR-CALENDAR: " + std::string(s.why)});
  }
  i.options = {
      OptionSpec{kOrders,
                 "FR 8: following orders: headquarters roll against their judgment each "
                 "player-turn; a failed roll freezes the command",
                 {}},
      OptionSpec{kTactics, "FR 9: tactical ability: headquarters in a battle shift the die", {}},
      OptionSpec{"command",
                 "both of the article's optional command rules (FR 8 and FR 9)",
                 {kOrders, kTactics}},
  };
  return i;
}

class FourRoadsTitle final : public Title {
 public:
  FourRoadsTitle() : info_(make_info()) {}
  const TitleInfo& info() const override { return info_; }

  bool owns(const core::Game& g) const override { return rules(g) != nullptr; }

  core::Result<core::Game> make(const NewParams& p) const override {
    const FrScenario* sc = find_fr_scenario(p.scenario);
    if (!sc) return core::Error{"", "four-roads has no scenario '" + p.scenario + "'"};
    auto data = load_fr_data(data_root(), sc->name);
    if (!data) return data.error();
    FrOptions opt;
    opt.orders = p.has_option(kOrders);
    opt.tactics = p.has_option(kTactics);
    auto rules = std::make_shared<const FourRoads>(*sc, *data, opt);
    const content::ScenarioData& d = (*data)->data;
    return core::Game(d.map, d.roster, p.rules(), d.start, false, rules);
  }

  void view(const core::Game& g, std::optional<core::Side>, Json& out) const override {
    const FourRoads& m = *rules(g);
    out["scenario"] = std::string(m.scenario().name);
    out["time"] = turn_time(m.scenario(), g.state().turn);
  }

  std::vector<std::string> options_in_force(const core::Game& g) const override {
    std::vector<std::string> out;
    if (rules(g)->options().orders) out.emplace_back(kOrders);
    if (rules(g)->options().tactics) out.emplace_back(kTactics);
    return out;
  }

  AiKnowledge ai_knowledge(const core::Game& view) const override {
    return four_roads::ai_knowledge(view);
  }

  // FR 4: the Union's exits pay only while its route to the north edge is
  // clear from one of them.
  bool supply_line(const core::Context& ctx, const core::GameState& st,
                   core::Side side) const override {
    const auto* m = dynamic_cast<const FourRoads*>(ctx.scenario);
    if (!m || side != core::Side::Union) return true;
    for (const modules::ExitPoint& p : m->exits().data().sides[0].scoring)
      if (m->exits().route_clear(ctx, st, side, p.hex)) return true;
    return false;
  }

  UiSpec ui(const core::Game& g, std::optional<core::Side> viewer) const override {
    UiSpec out = Title::ui(g, viewer);
    const FourRoads& m = *rules(g);
    out.display = info_.display + ": " + std::string(m.scenario().display);
    const modules::ExitsData& x = m.exits().data();
    for (UiHex& h : out.hexes) {
      if (h.kind != "exit") continue;
      for (size_t s = 0; s < 2; ++s)
        for (const modules::ExitPoint& p : x.sides[s].scoring)
          if (p.hex == h.hex) {
            h.side = static_cast<core::Side>(s);
            h.label = s == 0 ? "FR 4: Union units leave here for 4 points a combat factor, "
                               "while a route runs by road to Fredericksburg, over a pontoon "
                               "and by road to the north edge"
                             : "FR 4: Confederate units leave here for 5 points a combat "
                               "factor";
          }
    }
    return out;
  }

 private:
  static const FourRoads* rules(const core::Game& g) {
    return dynamic_cast<const FourRoads*>(g.scenario());
  }
  TitleInfo info_;
};

}  // namespace

const Title& title() {
  static const FourRoadsTitle kTitle;
  return kTitle;
}

}  // namespace bg::titles::four_roads
