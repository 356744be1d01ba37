// The key box to the right of the map: the terrain, hexside features,
// markers and counters the map uses.
#include <cctype>

#include "render/renderer.h"

namespace bg::render {

double Renderer::legend_w() const {
  return s_ * 6.4;
}

double Renderer::row_h() const {
  return s_ * 0.62;
}

int Renderer::legend_rows() const {
  int rows = 0;
  for (int t = 0; t < core::kTerrainCount; ++t)
    if (static_cast<Terrain>(t) == Terrain::Clear || any_terrain(static_cast<Terrain>(t))) ++rows;
  const HexsideBits feats[] = {core::kRoad,   core::kTrail,   core::kCreek,
                               core::kStream, core::kLake,    core::kBridge,
                               core::kFord,   core::kRedoubt, core::kCommandBoundary};
  for (HexsideBits f : feats) rows += any_side(f) ? 1 : 0;
  rows += zone("railroad") ? 1 : 0;
  for (const char* k : {"entry", "exit", "victory", "setup"}) rows += any_named(k) ? 1 : 0;
  rows += 3;  // counters
  return rows;
}

double Renderer::counter_row_h() const {
  return s_ * 0.95;
}

double Renderer::legend_h() const {
  return s_ * 1.4 + row_h() * (legend_rows() + 4) + 3 * (counter_row_h() - row_h());
}

void Renderer::legend_label(double y, const std::string& label) {
  text({legend_x_ + s_ * 1.55, y + row_h() * 0.62}, label,
       "font-size=\"" + num(s_ * 0.25) + "\" fill=\"" + kInk + "\"");
}

void Renderer::legend_heading(double& y, const std::string& label) {
  text({legend_x_ + s_ * 0.3, y + row_h() * 0.7}, label,
       "font-family=\"" + std::string(kFontSerif) + "\" font-size=\"" + num(s_ * 0.27) +
           "\" font-weight=\"bold\" fill=\"" + kInk + "\"");
  y += row_h();
}

void Renderer::layer_legend() {
  if (!opt_.legend) return;
  open_group("legend");
  const double x = legend_x_;
  double y = opt_.margin;
  out_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(legend_w()) +
          "\" height=\"" + num(legend_h()) + "\" fill=\"#fbf6e6\" stroke=\"" + kInk +
          "\" stroke-width=\"" + num(s_ * 0.05) + "\"/>\n";
  y += s_ * 0.2;
  if (!opt_.title.empty()) {
    text({x + legend_w() / 2, y + s_ * 0.45}, opt_.title,
         "font-family=\"" + std::string(kFontSerif) + "\" font-size=\"" + num(s_ * 0.36) +
             "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + kInk + "\"");
    y += s_ * 0.8;
  }
  legend_terrain(y);
  legend_features(y);
  legend_markers(y);
  legend_counters(y);
  close_group();
}

void Renderer::legend_terrain(double& y) {
  legend_heading(y, "Terrain");
  for (int i = 0; i < core::kTerrainCount; ++i) {
    const Terrain t = static_cast<Terrain>(i);
    if (t != Terrain::Clear && !any_terrain(t)) continue;
    terrain_swatch({legend_x_ + s_ * 0.3, y + row_h() * 0.12}, s_ * 1.0, row_h() * 0.76, t);
    if (t == Terrain::Town) {
      out_ += "<rect x=\"" + num(legend_x_ + s_ * 0.6) + "\" y=\"" + num(y + row_h() * 0.3) +
              "\" width=\"" + num(s_ * 0.4) + "\" height=\"" + num(row_h() * 0.4) +
              "\" fill=\"#6d675e\"/>\n";
    }
    std::string name(core::terrain_name(t));
    if (!name.empty())
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    legend_label(y, name);
    y += row_h();
  }
}

std::pair<Pt, Pt> Renderer::sample(double y) const {
  return {{legend_x_ + s_ * 0.3, y + row_h() * 0.5}, {legend_x_ + s_ * 1.3, y + row_h() * 0.5}};
}

void Renderer::legend_features(double& y) {
  legend_heading(y, "Hexsides and roads");
  auto row = [&](HexsideBits f, const std::string& label, auto&& draw) {
    if (!any_side(f)) return;
    const auto [a, b] = sample(y);
    draw(a, b);
    legend_label(y, label);
    y += row_h();
  };
  row(core::kRoad, "Road", [&](Pt a, Pt b) { draw_road(a, b); });
  row(core::kTrail, "Trail", [&](Pt a, Pt b) { draw_trail(a, b); });
  if (zone("railroad")) {
    const auto [a, b] = sample(y);
    draw_railroad(pt(a) + " " + pt(b));
    legend_label(y, "Railroad (no effect)");
    y += row_h();
  }
  row(core::kCreek, "Creek (impassable)", [&](Pt a, Pt b) { draw_creek(a, b); });
  row(core::kStream, "Stream", [&](Pt a, Pt b) { draw_stream(a, b); });
  row(core::kLake, "Lake", [&](Pt a, Pt b) { draw_lake(a, b, {0, -0.55}); });
  row(core::kBridge, "Bridge", [&](Pt a, Pt b) {
    draw_creek(a, b);
    draw_bridge(mid(a, b), {0, -1}, 0.75);
  });
  row(core::kFord, "Ford", [&](Pt a, Pt b) {
    draw_creek(a, b);
    draw_ford(mid(a, b), {0, -1}, 0.75);
  });
  row(core::kRedoubt, "Redoubt (barbs: attacker side)", [&](Pt a, Pt b) {
    draw_redoubt(a + Pt{0, s_ * 0.06}, b + Pt{0, s_ * 0.06}, {0, -1});
  });
  row(core::kCommandBoundary, "Command control boundary", [&](Pt a, Pt b) { draw_command(a, b); });
}

void Renderer::legend_markers(double& y) {
  legend_heading(y, "Map markers");
  const Pt at{legend_x_ + s_ * 0.8, y};
  auto row = [&](const char* kind, const std::string& label, auto&& draw) {
    if (!any_named(kind)) return;
    draw(Pt{at.x, y + row_h() * 0.5});
    legend_label(y, label);
    y += row_h();
  };
  row("entry", "Entry hex (side colour)", [&](Pt c) { draw_entry(c, "confederate"); });
  row("exit", "Exit hex", [&](Pt c) { draw_exit(c); });
  row("victory", "Victory hex", [&](Pt c) { draw_star(c, s_ * 0.24); });
  row("setup", "Set-up hex (side colour)", [&](Pt c) { draw_setup(c, "union"); });
}

void Renderer::legend_counters(double& y) {
  legend_heading(y, "Counters");
  const double rh = counter_row_h();
  auto row = [&](core::Side s, core::UnitType t, bool inef, const std::string& id,
                 const std::string& label) {
    core::UnitDef u;
    u.id = id;
    u.side = s;
    u.type = t;
    u.strength = t == core::UnitType::Artillery ? 3 : 6;
    const double k = 0.85;  // a slightly smaller counter
    out_ += "<g transform=\"translate(" + num(legend_x_ + s_ * 0.8) + " " + num(y + rh * 0.5) +
            ") scale(" + num(k) + ")\">\n";
    draw_counter({0, 0}, u, inef, "legend-counter");
    out_ += "</g>\n";
    text({legend_x_ + s_ * 1.55, y + rh * 0.5 + s_ * 0.09}, label,
         "font-size=\"" + num(s_ * 0.25) + "\" fill=\"" + kInk + "\"");
    y += rh;
  };
  row(core::Side::Union, core::UnitType::Infantry, false, "1/1/I", "Union infantry");
  row(core::Side::Confederate, core::UnitType::Cavalry, false, "Cav", "Confederate cavalry");
  row(core::Side::Confederate, core::UnitType::Artillery, true, "Art", "Ineffective (flipped)");
}

}  // namespace bg::render
