// Terrain: the fill patterns, each hex filled by its terrain with its detail
// (town blocks, a ferry), and the pale wash over tinted zones.
#include "render/renderer.h"

namespace bg::render {

void Renderer::defs() {
  out_ += "<defs>\n";
  const double p = s_ * 0.5;
  // Forest: green with little tree crowns.
  pattern_open("t-forest", p, "#a9c98e");
  dot({p * 0.25, p * 0.3}, p * 0.13, "#7ea765");
  dot({p * 0.75, p * 0.8}, p * 0.13, "#7ea765");
  out_ += "</pattern>\n";
  // Rough: tan with brown hatching.
  pattern_open("t-rough", p * 0.6, "#e3cf9f");
  line({0, p * 0.6}, {p * 0.6, 0}, "stroke=\"#a57b45\" stroke-width=\"" + num(s_ * 0.035) + "\"");
  out_ += "</pattern>\n";
  // Forest-rough: darker green with brown dots.
  pattern_open("t-forestrough", p, "#83a968");
  dot({p * 0.25, p * 0.3}, p * 0.1, "#6b4a24");
  dot({p * 0.75, p * 0.8}, p * 0.1, "#6b4a24");
  dot({p * 0.75, p * 0.25}, p * 0.11, "#5f8a4c");
  out_ += "</pattern>\n";
  // Swamp: blue-green with marsh tufts.
  pattern_open("t-swamp", p * 1.2, "#bfd9cc");
  swamp_tuft({p * 0.35, p * 0.5}, p * 0.3);
  swamp_tuft({p * 0.95, p * 1.1}, p * 0.3);
  out_ += "</pattern>\n";
  // Ineffective counters: diagonal hatching.
  pattern_open("u-ineffective", s_ * 0.12, "none");
  line({0, s_ * 0.12}, {s_ * 0.12, 0},
       "stroke=\"#ffffff\" stroke-width=\"" + num(s_ * 0.03) + "\" stroke-opacity=\"0.8\"");
  out_ += "</pattern>\n";
  out_ += "</defs>\n";
}

void Renderer::swamp_tuft(Pt base, double h) {
  const std::string st = "stroke=\"#4d7d6a\" stroke-width=\"" + num(s_ * 0.025) + "\"";
  line(base, base + Pt{0, -h}, st);
  line(base, base + Pt{-h * 0.45, -h * 0.75}, st);
  line(base, base + Pt{h * 0.45, -h * 0.75}, st);
  line(base + Pt{-h * 0.6, 0}, base + Pt{h * 0.6, 0}, st);
}

const char* Renderer::terrain_fill(Terrain t) {
  switch (t) {
    case Terrain::Clear:
      return kPaper;
    case Terrain::Forest:
      return "url(#t-forest)";
    case Terrain::Rough:
      return "url(#t-rough)";
    case Terrain::ForestRough:
      return "url(#t-forestrough)";
    case Terrain::Swamp:
      return "url(#t-swamp)";
    case Terrain::Town:
      return "#c9c4ba";
    case Terrain::River:
      return "#86b7e0";
    case Terrain::Ferry:
      return "#86b7e0";
  }
  return kPaper;
}

void Renderer::terrain_detail(Pt c, Terrain t) {
  if (t == Terrain::Town) {
    const double b = s_ * 0.22;
    for (const Pt o : {Pt{-0.3, -0.25}, Pt{0.08, -0.3}, Pt{-0.12, 0.1}, Pt{0.22, 0.05}}) {
      const Pt q = c + o * s_;
      out_ += "<rect x=\"" + num(q.x) + "\" y=\"" + num(q.y) + "\" width=\"" + num(b) +
              "\" height=\"" + num(b * 0.8) + "\" fill=\"#6d675e\"/>\n";
    }
  } else if (t == Terrain::Ferry) {
    text(c + Pt{0, s_ * 0.1}, "ferry",
         "font-size=\"" + num(s_ * 0.2) + "\" text-anchor=\"middle\" fill=\"#10406e\"");
  }
}

void Renderer::terrain_swatch(Pt at, double w, double h, Terrain t) {
  out_ += "<rect x=\"" + num(at.x) + "\" y=\"" + num(at.y) + "\" width=\"" + num(w) +
          "\" height=\"" + num(h) + "\" fill=\"" + terrain_fill(t) + "\" stroke=\"" + kGrid +
          "\" stroke-width=\"" + num(s_ * 0.03) + "\"/>\n";
}

void Renderer::layer_terrain() {
  open_group("terrain",
             "stroke=\"" + std::string(kGrid) + "\" stroke-width=\"" + num(s_ * 0.03) + "\"");
  for (HexId h : map_.hexes()) {
    const core::Terrain t = map_.terrain(h);
    out_ += "<polygon class=\"hex\" data-hex=\"" + map_.label_text(h) + "\" points=\"" +
            hex_points(centre(h)) + "\" fill=\"" + terrain_fill(t) + "\"/>\n";
  }
  for (HexId h : map_.hexes()) terrain_detail(centre(h), map_.terrain(h));
  close_group();
}

void Renderer::layer_tints() {
  if (!opt_.zone_tint) return;
  for (const core::Zone& z : map_.zones()) {
    if (!z.tint) continue;
    open_group("tint-" + z.name, "fill=\"" + std::string(kCommand) + "\" fill-opacity=\"0.07\"");
    for (HexId h : z.hexes)
      if (map_.on_map(h)) out_ += "<polygon points=\"" + hex_points(centre(h)) + "\"/>\n";
    close_group();
  }
}

}  // namespace bg::render
