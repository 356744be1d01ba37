#include "titles/road_to_richmond/rtr_ui.h"

#include <algorithm>

#include "core/hex.h"

namespace bg::titles::rtr {

using core::HexId;
using core::Side;

namespace {

// "1977 / revised" case numbers, as the game's exclusive rules number them.
const char* pick(const RoadToRichmond& m, const char* c1977, const char* revised) {
  return m.options().revised() ? revised : c1977;
}

std::vector<HexId> hexes_where(const core::Map& map, auto&& pred) {
  std::vector<HexId> out;
  for (HexId h : map.hexes())
    if (pred(h)) out.push_back(h);
  return out;
}

void add_zones(const core::Game& g, const RoadToRichmond& m, UiSpec& out) {
  UiZone ccz;
  ccz.name = "ccz";
  ccz.rule = pick(m, "18.1", "20.1");
  ccz.label =
      "Command Control Zone: closed to Union units until three Game-Turns after the Train "
      "exits at 1528 or the Game-Turn Fourteen reinforcements are all on the map";
  ccz.hexes = hexes_where(g.map(), [&](HexId h) { return m.in_ccz(h); });
  ccz.style = ZoneStyle::Closed;
  ccz.side = Side::Union;
  ccz.active = !m.ccz_open(g.state());
  out.zones.push_back(std::move(ccz));

  UiZone act;
  act.name = "activation";
  act.rule = pick(m, "19.1", "17.4");
  act.label =
      "Early arrival: a Confederate unit here during its Movement or Combat Phase brings the "
      "Game-Turn 13, 14, 15 and 18 reinforcements early";
  act.hexes = hexes_where(g.map(), [&](HexId h) { return m.in_activation_area(h); });
  act.style = ZoneStyle::Trigger;
  act.side = Side::Confederate;
  act.active = m.activation_turn(g.state()) == 0;
  act.consequence = std::string("Early arrival (") + pick(m, "19.1", "17.4") +
                    "): the Union's Game-Turn 13, 14, 15 and 18 reinforcements come early";
  // 22.4 / 22.14: five points to the Union for it.
  if (m.options().additional_vp)
    act.consequence +=
        std::string(", and the Union scores 5 Victory Points (") + pick(m, "22.4", "22.14") + ")";
  out.zones.push_back(std::move(act));
}

void label_hexes(const core::Game& g, const RoadToRichmond& m, UiSpec& out) {
  const std::string exits = pick(m, "17.11", "19.11");
  const std::string points = pick(m, "21.12", "22.12");
  for (UiHex& h : out.hexes) {
    const std::string at = g.map().label_text(h.hex);
    if (h.kind == "exit" && at == "1528") {
      h.label = exits + ": units leave the map here for one Movement Point; " + points +
                ": the Union scores a point a unit exited here, five for the Train";
    } else if (h.kind == "exit") {
      h.label = exits + ": units leave the map here for one Movement Point; " + points +
                ": strength exited here scores only with the Train out at 1528 and a line "
                "of communication from 0117 to 1528";
    } else if (h.kind == "victory") {
      h.label = m.options().additional_vp
                    ? std::string(pick(m, "22.4", "22.13")) +
                          ": a point to the side holding it at the end of each Game-Turn "
                          "after Game-Turn Eight"
                    : std::string(
                          "a victory hex only with the additional victory points "
                          "(22.4, option additional-vp)");
    }
  }
}

// 22.3 / 17.6: the Game-Turn One units from 0103, each kept (1) or held for
// Game-Turn 15 or 18; secret from the Union, written before play begins.
void add_written_choice(const core::Game& g, const RoadToRichmond& m, std::optional<Side> viewer,
                        UiSpec& out) {
  if (!m.options().variable_reinforcements) return;
  UiDecision d;
  d.name = "variable-reinforcements";
  d.rule = pick(m, "22.3", "17.6");
  d.label = "Secret reinforcement choice";
  d.help =
      "Written before play begins; the Union player never sees it. A unit held back "
      "enters with the Game-Turn Fifteen reinforcements at 0117 or the Game-Turn "
      "Eighteen ones at 0126, 0328 or 0728 (early arrival included).";
  d.side = Side::Confederate;
  d.secret = true;
  d.open = !RoadToRichmond::state_of(g.state()).started;
  d.units = m.variable_units();
  d.choices = {UiChoice{1, "arrives Game-Turn 1 at 0103"},
               UiChoice{15, "held for Game-Turn 15 (0117)"},
               UiChoice{18, "held for Game-Turn 18 (0126, 0328 or 0728)"}};
  if (!viewer || *viewer == d.side)
    for (core::UnitIndex u : d.units) {
      const int held = m.deferred_to(g.state(), u);
      d.chosen.push_back(held ? held : 1);
    }
  out.decisions.push_back(std::move(d));
}

// 21.21 / 22.21: each side's line of communications 0117-1528, drawn on
// demand (its path when traced, the victory lines say what it is worth).
void add_lines(const core::Game& g, const RoadToRichmond& m, UiSpec& out) {
  if (m.loc_from() == core::kNoHex || m.loc_to() == core::kNoHex) return;
  const core::Context ctx = g.context();
  const std::string from = g.map().label_text(m.loc_from()), to = g.map().label_text(m.loc_to());
  for (Side s : {Side::Union, Side::Confederate}) {
    UiLine l;
    l.side = s;
    l.name = std::string("loc-") + std::string(core::side_name(s));
    l.rule = pick(m, "21.21", "22.21");
    l.hexes = m.communication_path(ctx, g.state(), s);
    l.traced = !l.hexes.empty();
    l.label = std::string(s == Side::Union ? "Union" : "Confederate") + " line of communications " +
              from + "-" + to + " along roads and trails" +
              (l.traced ? "" : ": blocked by enemy units");
    out.lines.push_back(std::move(l));
  }
}

}  // namespace

void add_ui(const core::Game& g, const RoadToRichmond& m, std::optional<Side> viewer, UiSpec& out) {
  add_zones(g, m, out);
  label_hexes(g, m, out);
  add_written_choice(g, m, viewer, out);
  add_lines(g, m, out);
}

}  // namespace bg::titles::rtr
