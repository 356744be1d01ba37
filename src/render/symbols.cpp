// Feature symbols in the manner of a period map, drawn on the map and again
// in the legend: roads, trails, water, lakes, bridges, fords, redoubts, the
// railroad, and the entry, exit, victory and set-up markers.
#include "render/renderer.h"

namespace bg::render {

void Renderer::draw_road(Pt a, Pt b) {
  line(a, b, stroke(kPaper, s_ * 0.2) + " stroke-opacity=\"0.7\"");
  line(a, b, stroke(kRoad, s_ * 0.11));
}

void Renderer::draw_trail(Pt a, Pt b) {
  line(a, b, stroke(kTrail, s_ * 0.07, num(s_ * 0.16) + " " + num(s_ * 0.14)));
}

void Renderer::draw_creek(Pt a, Pt b) {
  line(a, b, stroke(kWater, s_ * 0.16));
}

void Renderer::draw_stream(Pt a, Pt b) {
  line(a, b, stroke(kWater, s_ * 0.085));
}

void Renderer::draw_command(Pt a, Pt b) {
  line(a, b,
       stroke(kCommand, s_ * 0.09, num(s_ * 0.22) + " " + num(s_ * 0.16)) +
           " stroke-opacity=\"0.9\"");
}

void Renderer::draw_lake(Pt a, Pt b, Pt n) {
  const Pt m = mid(a, b);
  const Pt c1 = m + n * (s_ * 0.42);
  const Pt c2 = m - n * (s_ * 0.42);
  out_ += "<path d=\"M" + pt(a) + " Q" + pt(c1) + " " + pt(b) + " Q" + pt(c2) + " " + pt(a) +
          "Z\" fill=\"" + kWaterLight + "\" stroke=\"" + kWater + "\" stroke-width=\"" +
          num(s_ * 0.05) + "\"/>\n";
}

void Renderer::draw_bridge(Pt m, Pt n, double k) {
  const Pt t{-n.y, n.x};
  const double len = s_ * 0.3 * k, half = s_ * 0.1, flare = s_ * 0.09;
  const Pt a = m - n * len, b = m + n * len;
  const Pt p1 = a + t * half, p2 = b + t * half, p3 = b - t * half, p4 = a - t * half;
  out_ += "<polygon points=\"" + pt(p1) + " " + pt(p2) + " " + pt(p3) + " " + pt(p4) +
          "\" fill=\"#fbf6e4\"/>\n";
  const std::string st = stroke("#1d1d1d", s_ * 0.045);
  const std::string wing = "fill=\"none\" " + st;
  out_ += "<path d=\"M" + pt(p1 - n * flare + t * flare) + " L" + pt(p1) + " L" + pt(p2) + " L" +
          pt(p2 + n * flare + t * flare) + "\" " + wing + "/>\n";
  out_ += "<path d=\"M" + pt(p4 - n * flare - t * flare) + " L" + pt(p4) + " L" + pt(p3) + " L" +
          pt(p3 + n * flare - t * flare) + "\" " + wing + "/>\n";
}

void Renderer::draw_ford(Pt m, Pt n, double k) {
  const Pt a = m - n * (s_ * 0.3 * k), b = m + n * (s_ * 0.3 * k);
  line(a, b, stroke(kPaper, s_ * 0.13));
  line(a, b, stroke("#5a3413", s_ * 0.09, "0 " + num(s_ * 0.15)));
}

void Renderer::draw_redoubt(Pt a, Pt b, Pt n) {
  const int teeth = 4;
  const Pt along = (b - a) * (1.0 / teeth);
  std::string d = "M" + pt(a);
  for (int i = 0; i < teeth; ++i) {
    const Pt s = a + along * i;
    d += " L" + pt(s + along * 0.2) + " L" + pt(s + along * 0.5 + n * (s_ * 0.17)) + " L" +
         pt(s + along * 0.8) + " L" + pt(s + along);
  }
  out_ += "<path d=\"" + d + "\" fill=\"#5b3a1e\" stroke=\"#2b1a0c\" stroke-width=\"" +
          num(s_ * 0.05) + "\" stroke-linejoin=\"round\"/>\n";
}

void Renderer::draw_railroad(const std::string& points) {
  out_ += "<polyline points=\"" + points + "\" fill=\"none\" " + stroke("#141414", s_ * 0.06) +
          " stroke-linejoin=\"round\"/>\n";
  out_ += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"#141414\" stroke-width=\"" +
          num(s_ * 0.24) + "\" stroke-dasharray=\"" + num(s_ * 0.045) + " " + num(s_ * 0.17) +
          "\"/>\n";
}

void Renderer::draw_star(Pt c, double r) {
  std::string d;
  for (int i = 0; i < 10; ++i) {
    const double rr = (i % 2 == 0) ? r : r * 0.42;
    d += (i ? " L" : "M") + pt(c + unit_vec(-90.0 + 36.0 * i) * rr);
  }
  out_ += "<path d=\"" + d + "Z\" fill=\"#d9a514\" stroke=\"#5a3d00\" stroke-width=\"" +
          num(s_ * 0.03) + "\" stroke-linejoin=\"round\"/>\n";
}

void Renderer::draw_disc_label(Pt c, const std::string& label, const std::string& fill,
                               const std::string& ring, const std::string& ink) {
  out_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(s_ * 0.17) +
          "\" fill=\"" + fill + "\" stroke=\"" + ring + "\" stroke-width=\"" + num(s_ * 0.04) +
          "\"/>\n";
  text(c + Pt{0, s_ * 0.075}, label,
       "font-size=\"" + num(s_ * 0.21) + "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" +
           ink + "\"");
}

void Renderer::draw_entry(Pt c, const std::string& side) {
  const auto s = core::parse_side(side);
  const std::string fill = s ? side_colour(*s) : std::string("#ffffff");
  draw_disc_label(c, "E", fill, "#1d1d1d", s == core::Side::Union ? "#ffffff" : "#111111");
}

void Renderer::draw_exit(Pt c) {
  draw_disc_label(c, "X", "#ffffff", kRoad, kRoad);
}

void Renderer::draw_setup(Pt c, const std::string& side) {
  const auto s = core::parse_side(side);
  const double r = s_ * 0.11;
  out_ += "<rect x=\"" + num(c.x - r) + "\" y=\"" + num(c.y - r) + "\" width=\"" + num(2 * r) +
          "\" height=\"" + num(2 * r) + "\" fill=\"" +
          (s ? side_colour(*s) : std::string("#ffffff")) + "\" stroke=\"#1d1d1d\" stroke-width=\"" +
          num(s_ * 0.03) + "\" transform=\"rotate(45 " + num(c.x) + " " + num(c.y) + ")\"/>\n";
}

}  // namespace bg::render
