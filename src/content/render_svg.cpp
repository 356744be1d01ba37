#include "content/render_svg.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/hex.h"
#include "core/terrain.h"
#include "core/unit.h"

namespace bg::content {

namespace {

using core::Dir;
using core::HexId;
using core::HexsideBits;
using core::Map;
using core::Terrain;

constexpr double kSqrt3 = 1.7320508075688772;
constexpr double kPi = 3.14159265358979323846;

// Period-map palette.
constexpr const char* kPaper = "#f3ead0";
constexpr const char* kGrid = "#9c8d6c";
constexpr const char* kInk = "#3b2c1c";
constexpr const char* kRoad = "#8e2b1c";
constexpr const char* kTrail = "#8e4a22";
constexpr const char* kWater = "#2f6db3";
constexpr const char* kWaterLight = "#9cc6e8";
constexpr const char* kCommand = "#7b2d8e";
constexpr const char* kUnion = "#4a6fa5";
constexpr const char* kConfederate = "#9a9a9a";
constexpr const char* kFontSans = "'DejaVu Sans', Verdana, Arial, sans-serif";
constexpr const char* kFontSerif = "'DejaVu Serif', Georgia, 'Times New Roman', serif";

struct Pt {
  double x = 0, y = 0;
};
Pt operator+(Pt a, Pt b) {
  return {a.x + b.x, a.y + b.y};
}
Pt operator-(Pt a, Pt b) {
  return {a.x - b.x, a.y - b.y};
}
Pt operator*(Pt a, double k) {
  return {a.x * k, a.y * k};
}
Pt mid(Pt a, Pt b) {
  return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}
Pt unit_vec(double degrees) {
  const double r = degrees * kPi / 180.0;
  return {std::cos(r), std::sin(r)};
}

// Fixed, locale-free number format: at most two decimals, no trailing zeros.
std::string num(double v) {
  if (std::abs(v) < 0.005) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s(buf);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string pt(Pt p) {
  return num(p.x) + "," + num(p.y);
}

std::string side_colour(core::Side s) {
  return s == core::Side::Union ? kUnion : kConfederate;
}

// Splits a long name into lines of about `width` characters at spaces.
std::vector<std::string> wrap(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

class Renderer {
 public:
  Renderer(const Map& map, const RenderOptions& opt, const core::Game* game)
      : map_(map), opt_(opt), game_(game), s_(opt.hex_size) {
    map_w_ = (1.5 * (map.cols() - 1) + 2.0) * s_;
    map_h_ = kSqrt3 * s_ * (map.rows() + (map.cols() > 1 ? 0.5 : 0.0));
    legend_x_ = opt.margin * 2 + map_w_;
    width_ = map_w_ + opt.margin * 2 + (opt.legend ? legend_w() + opt.margin : 0.0);
    height_ = std::max(map_h_, opt.legend ? legend_h() : 0.0) + opt.margin * 2;
  }

  std::string run() {
    header();
    defs();
    layer_terrain();
    layer_tints();
    layer_lakes();
    layer_water();
    layer_roads();
    layer_road_exits();
    layer_railroad();
    layer_crossings();
    layer_redoubts();
    layer_command();
    layer_numbers();
    layer_markers();
    layer_names();
    layer_units();
    layer_legend();
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  // ---- geometry ----------------------------------------------------------
  Pt centre(HexId h) const {
    const core::Point c = core::centre(map_.coord(h));
    // core::centre puts internal hex 0101 at the origin; a map numbered from
    // another hex (HexNumbering) is moved so that its first column and row
    // are drawn where 0101's would be, keeping which columns sit lower.
    const double x0 = 1.5 * (map_.first_col() - 1);
    const double y0 = kSqrt3 * (map_.first_row() - 1);
    return {opt_.margin + s_ + (c.x - x0) * s_, opt_.margin + kSqrt3 / 2 * s_ + (c.y - y0) * s_};
  }
  Pt corner(Pt c, int k) const { return c + unit_vec(60.0 * k) * s_; }
  // The two ends of the hexside of a hex centred at c in direction d.
  std::pair<Pt, Pt> side_ends(Pt c, Dir d) const {
    const int k = static_cast<int>(d);
    return {corner(c, (4 + k) % 6), corner(c, (5 + k) % 6)};
  }
  static Pt normal(Dir d) { return unit_vec(-90.0 + 60.0 * static_cast<int>(d)); }
  std::string hex_points(Pt c) const {
    std::string s;
    for (int k = 0; k < 6; ++k) s += (k ? " " : "") + pt(corner(c, k));
    return s;
  }
  // Calls f(h, d, bits) once per hexside carrying any of `mask` (from the
  // lower-numbered hex; hexsides on the map edge from their on-map hex).
  template <class F>
  void each_side(HexsideBits mask, F&& f) const {
    for (HexId h : map_.hexes()) {
      for (int i = 0; i < core::kDirs; ++i) {
        const Dir d = core::dir_from_int(i);
        const HexsideBits bits = map_.side(h, d);
        if ((bits & mask) == 0) continue;
        const HexId n = map_.neighbour(h, d);
        if (map_.on_map(n) && n < h) continue;
        f(h, d, bits);
      }
    }
  }
  const core::Zone* zone(std::string_view name) const {
    for (const auto& z : map_.zones())
      if (z.name == name) return &z;
    return nullptr;
  }
  bool any_side(HexsideBits mask) const {
    bool found = false;
    each_side(mask, [&](HexId, Dir, HexsideBits) { found = true; });
    return found;
  }
  bool any_terrain(Terrain t) const {
    return std::any_of(map_.hexes().begin(), map_.hexes().end(),
                       [&](HexId h) { return map_.terrain(h) == t; });
  }
  bool any_named(std::string_view kind) const {
    return std::any_of(map_.named().begin(), map_.named().end(),
                       [&](const core::NamedHex& n) { return n.kind == kind; });
  }

  // ---- primitives ----------------------------------------------------------
  void line(Pt a, Pt b, const std::string& style) {
    out_ += "<line x1=\"" + num(a.x) + "\" y1=\"" + num(a.y) + "\" x2=\"" + num(b.x) + "\" y2=\"" +
            num(b.y) + "\" " + style + "/>\n";
  }
  void text(Pt p, const std::string& body, const std::string& style) {
    out_ += "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y) + "\" " + style + ">" +
            xml_escape(body) + "</text>\n";
  }
  void open_group(const std::string& cls, const std::string& extra = "") {
    out_ += "<g class=\"" + cls + "\"" + (extra.empty() ? "" : " " + extra) + ">\n";
  }
  void close_group() { out_ += "</g>\n"; }

  std::string stroke(const char* colour, double width, const std::string& dash = "") const {
    std::string s = "stroke=\"" + std::string(colour) + "\" stroke-width=\"" + num(width) +
                    "\" stroke-linecap=\"round\"";
    if (!dash.empty()) s += " stroke-dasharray=\"" + dash + "\"";
    return s;
  }

  // Feature symbols, shared by the map and the legend.
  void draw_road(Pt a, Pt b) {
    line(a, b, stroke(kPaper, s_ * 0.2) + " stroke-opacity=\"0.7\"");
    line(a, b, stroke(kRoad, s_ * 0.11));
  }
  void draw_trail(Pt a, Pt b) {
    line(a, b, stroke(kTrail, s_ * 0.07, num(s_ * 0.16) + " " + num(s_ * 0.14)));
  }
  void draw_creek(Pt a, Pt b) { line(a, b, stroke(kWater, s_ * 0.16)); }
  void draw_stream(Pt a, Pt b) { line(a, b, stroke(kWater, s_ * 0.085)); }
  void draw_command(Pt a, Pt b) {
    line(a, b,
         stroke(kCommand, s_ * 0.09, num(s_ * 0.22) + " " + num(s_ * 0.16)) +
             " stroke-opacity=\"0.9\"");
  }
  void draw_lake(Pt a, Pt b, Pt n) {
    const Pt m = mid(a, b);
    const Pt c1 = m + n * (s_ * 0.42);
    const Pt c2 = m - n * (s_ * 0.42);
    out_ += "<path d=\"M" + pt(a) + " Q" + pt(c1) + " " + pt(b) + " Q" + pt(c2) + " " + pt(a) +
            "Z\" fill=\"" + kWaterLight + "\" stroke=\"" + kWater + "\" stroke-width=\"" +
            num(s_ * 0.05) + "\"/>\n";
  }
  // A bridge: a pale deck with dark parapets across the water, with flared ends.
  void draw_bridge(Pt m, Pt n, double k = 1.0) {
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
  // A ford: a dotted brown track across the water.
  void draw_ford(Pt m, Pt n, double k = 1.0) {
    const Pt a = m - n * (s_ * 0.3 * k), b = m + n * (s_ * 0.3 * k);
    line(a, b, stroke(kPaper, s_ * 0.13));
    line(a, b, stroke("#5a3413", s_ * 0.09, "0 " + num(s_ * 0.15)));
  }
  // A redoubt along a - b with teeth pointing toward the barbed side (direction n).
  void draw_redoubt(Pt a, Pt b, Pt n) {
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
  void draw_railroad(const std::string& points) {
    out_ += "<polyline points=\"" + points + "\" fill=\"none\" " + stroke("#141414", s_ * 0.06) +
            " stroke-linejoin=\"round\"/>\n";
    out_ += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"#141414\" stroke-width=\"" +
            num(s_ * 0.24) + "\" stroke-dasharray=\"" + num(s_ * 0.045) + " " + num(s_ * 0.17) +
            "\"/>\n";
  }
  void draw_star(Pt c, double r) {
    std::string d;
    for (int i = 0; i < 10; ++i) {
      const double rr = (i % 2 == 0) ? r : r * 0.42;
      d += (i ? " L" : "M") + pt(c + unit_vec(-90.0 + 36.0 * i) * rr);
    }
    out_ += "<path d=\"" + d + "Z\" fill=\"#d9a514\" stroke=\"#5a3d00\" stroke-width=\"" +
            num(s_ * 0.03) + "\" stroke-linejoin=\"round\"/>\n";
  }
  void draw_disc_label(Pt c, const std::string& label, const std::string& fill,
                       const std::string& ring, const std::string& ink) {
    out_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(s_ * 0.17) +
            "\" fill=\"" + fill + "\" stroke=\"" + ring + "\" stroke-width=\"" + num(s_ * 0.04) +
            "\"/>\n";
    text(c + Pt{0, s_ * 0.075}, label,
         "font-size=\"" + num(s_ * 0.21) +
             "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + ink + "\"");
  }
  void draw_entry(Pt c, const std::string& side) {
    const auto s = core::parse_side(side);
    const std::string fill = s ? side_colour(*s) : std::string("#ffffff");
    draw_disc_label(c, "E", fill, "#1d1d1d", s == core::Side::Union ? "#ffffff" : "#111111");
  }
  void draw_exit(Pt c) { draw_disc_label(c, "X", "#ffffff", kRoad, kRoad); }
  void draw_setup(Pt c, const std::string& side) {
    const auto s = core::parse_side(side);
    const double r = s_ * 0.11;
    out_ += "<rect x=\"" + num(c.x - r) + "\" y=\"" + num(c.y - r) + "\" width=\"" + num(2 * r) +
            "\" height=\"" + num(2 * r) + "\" fill=\"" +
            (s ? side_colour(*s) : std::string("#ffffff")) +
            "\" stroke=\"#1d1d1d\" stroke-width=\"" + num(s_ * 0.03) + "\" transform=\"rotate(45 " +
            num(c.x) + " " + num(c.y) + ")\"/>\n";
  }

  // ---- document --------------------------------------------------------------
  void header() {
    out_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width_) +
            "\" height=\"" + num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
            "\" font-family=\"" + kFontSans + "\">\n";
    out_ += "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"" + num(width_) + "\" height=\"" +
            num(height_) + "\" fill=\"#e9dfc2\"/>\n";
  }
  void pattern_open(const std::string& id, double size, const char* ground) {
    out_ += "<pattern id=\"" + id + "\" patternUnits=\"userSpaceOnUse\" width=\"" + num(size) +
            "\" height=\"" + num(size) + "\">\n<rect width=\"" + num(size) + "\" height=\"" +
            num(size) + "\" fill=\"" + ground + "\"/>\n";
  }
  void dot(Pt c, double r, const char* fill) {
    out_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(r) + "\" fill=\"" +
            fill + "\"/>\n";
  }
  void defs() {
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
  void swamp_tuft(Pt base, double h) {
    const std::string st = "stroke=\"#4d7d6a\" stroke-width=\"" + num(s_ * 0.025) + "\"";
    line(base, base + Pt{0, -h}, st);
    line(base, base + Pt{-h * 0.45, -h * 0.75}, st);
    line(base, base + Pt{h * 0.45, -h * 0.75}, st);
    line(base + Pt{-h * 0.6, 0}, base + Pt{h * 0.6, 0}, st);
  }

  static const char* terrain_fill(Terrain t) {
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
  // Terrain detail drawn over the fill: town blocks, a ferry boat.
  void terrain_detail(Pt c, Terrain t) {
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
  void terrain_swatch(Pt at, double w, double h, Terrain t) {
    out_ += "<rect x=\"" + num(at.x) + "\" y=\"" + num(at.y) + "\" width=\"" + num(w) +
            "\" height=\"" + num(h) + "\" fill=\"" + terrain_fill(t) + "\" stroke=\"" + kGrid +
            "\" stroke-width=\"" + num(s_ * 0.03) + "\"/>\n";
  }

  // ---- layers ----------------------------------------------------------------
  void layer_terrain() {
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
  // Zones the map data marks with `tint` (e.g. a title's command zone).
  void layer_tints() {
    if (!opt_.zone_tint) return;
    for (const core::Zone& z : map_.zones()) {
      if (!z.tint) continue;
      open_group("tint-" + z.name, "fill=\"" + std::string(kCommand) + "\" fill-opacity=\"0.07\"");
      for (HexId h : z.hexes)
        if (map_.on_map(h)) out_ += "<polygon points=\"" + hex_points(centre(h)) + "\"/>\n";
      close_group();
    }
  }
  void layer_lakes() {
    open_group("lakes");
    each_side(core::kLake, [&](HexId h, Dir d, HexsideBits) {
      const auto [a, b] = side_ends(centre(h), d);
      draw_lake(a, b, normal(d));
    });
    close_group();
  }
  void layer_water() {
    open_group("water");
    each_side(core::kStream, [&](HexId h, Dir d, HexsideBits bits) {
      const auto [a, b] = side_ends(centre(h), d);
      if ((bits & core::kCreek) == 0) draw_stream(a, b);
    });
    each_side(core::kCreek, [&](HexId h, Dir d, HexsideBits) {
      const auto [a, b] = side_ends(centre(h), d);
      draw_creek(a, b);
    });
    close_group();
  }
  // Roads and trails run centre to centre; to the map edge when they leave it.
  Pt across(HexId h, Dir d) const {
    const HexId n = map_.neighbour(h, d);
    if (map_.on_map(n)) return centre(n);
    return centre(h) + normal(d) * (s_ * kSqrt3 / 2);
  }
  void layer_roads() {
    open_group("trails");
    each_side(core::kTrail, [&](HexId h, Dir d, HexsideBits bits) {
      if ((bits & core::kRoad) == 0) draw_trail(centre(h), across(h, d));
    });
    close_group();
    open_group("roads");
    each_side(core::kRoad,
              [&](HexId h, Dir d, HexsideBits) { draw_road(centre(h), across(h, d)); });
    close_group();
  }
  // The railroad zone, in order, as polylines broken where hexes are not adjacent.
  void layer_railroad() {
    const core::Zone* z = zone("railroad");
    if (!z) return;
    open_group("railroad");
    std::vector<HexId> run;
    for (HexId h : z->hexes) {
      if (!run.empty() && h == run.back()) continue;
      if (!map_.on_map(h)) continue;
      if (!run.empty() && !map_.direction(run.back(), h)) {
        railroad_run(run);
        run.clear();
      }
      run.push_back(h);
    }
    railroad_run(run);
    close_group();
  }
  // One unbroken stretch of railroad: centre to centre, moved aside where it
  // shares a hexside with a road (so both stay visible), and carried on to the
  // map edge when it ends in an edge hex.
  void railroad_run(const std::vector<HexId>& run) {
    if (run.size() < 2) return;
    const size_t n = run.size();
    std::vector<Pt> p(n);
    std::vector<bool> shared(n - 1);
    for (size_t i = 0; i < n; ++i) p[i] = centre(run[i]);
    for (size_t i = 0; i + 1 < n; ++i) {
      const auto d = map_.direction(run[i], run[i + 1]);
      shared[i] = d && (map_.side(run[i], *d) & core::kRoad) != 0;
    }
    std::vector<Pt> q(p);
    for (size_t i = 0; i < n; ++i) {
      const bool before = i > 0 && shared[i - 1], after = i + 1 < n && shared[i];
      if (!before && !after) continue;
      Pt nrm{0, 0};
      if (i > 0) nrm = nrm + left_normal(p[i - 1], p[i]);
      if (i + 1 < n) nrm = nrm + left_normal(p[i], p[i + 1]);
      const double len = std::hypot(nrm.x, nrm.y);
      if (len > 1e-9) q[i] = p[i] + nrm * (s_ * 0.2 / len);
    }
    std::string points;
    if (map_.on_edge(run.front())) points = pt(q[0] + (q[0] - q[1]) * 0.5) + " ";
    for (const Pt& v : q) points += pt(v) + " ";
    if (map_.on_edge(run.back())) points += pt(q[n - 1] + (q[n - 1] - q[n - 2]) * 0.5);
    while (!points.empty() && points.back() == ' ') points.pop_back();
    draw_railroad(points);
  }
  static Pt left_normal(Pt a, Pt b) {
    const Pt v = b - a;
    const double len = std::hypot(v.x, v.y);
    return len > 1e-9 ? Pt{v.y / len, -v.x / len} : Pt{0, 0};
  }
  void layer_crossings() {
    open_group("crossings");
    each_side(core::kBridge | core::kFord, [&](HexId h, Dir d, HexsideBits bits) {
      const auto [a, b] = side_ends(centre(h), d);
      if (bits & core::kBridge)
        draw_bridge(mid(a, b), normal(d));
      else
        draw_ford(mid(a, b), normal(d));
    });
    close_group();
  }
  void layer_redoubts() {
    open_group("redoubts");
    for (HexId h : map_.hexes()) {
      for (int i = 0; i < core::kDirs; ++i) {
        const Dir d = core::dir_from_int(i);
        const HexsideBits bits = map_.side(h, d);
        if ((bits & core::kRedoubt) == 0) continue;
        const HexId n = map_.neighbour(h, d);
        const bool barbed_here = (bits & core::kRedoubtBarbed) != 0;
        const bool barbed_there =
            map_.on_map(n) && (map_.side(n, core::opposite(d)) & core::kRedoubtBarbed) != 0;
        // Drawn once, from the barbed side (or the lower hex if neither is).
        if (!barbed_here && (barbed_there || (map_.on_map(n) && n < h))) continue;
        const auto [a, b] = side_ends(centre(h), d);
        // Teeth toward the barbed hex: back toward h's centre.
        draw_redoubt(a, b, normal(d) * -1.0);
      }
    }
    close_group();
  }
  void layer_command() {
    open_group("command");
    each_side(core::kCommandBoundary, [&](HexId h, Dir d, HexsideBits) {
      const auto [a, b] = side_ends(centre(h), d);
      draw_command(a, b);
    });
    close_group();
  }
  void layer_numbers() {
    if (!opt_.hex_numbers) return;
    open_group("hexnumbers", "font-size=\"" + num(s_ * 0.22) +
                                 "\" text-anchor=\"middle\" fill=\"#4a4034\" stroke=\"" + kPaper +
                                 "\" stroke-opacity=\"0.75\" stroke-width=\"" + num(s_ * 0.05) +
                                 "\" paint-order=\"stroke\"");
    for (HexId h : map_.hexes()) text(centre(h) + Pt{0, -s_ * 0.6}, map_.label_text(h), "");
    close_group();
  }
  // Markers sit toward the hex's east and west corners, clear of roads (which
  // run to hexside midpoints), of the number above and of the name below.
  void layer_markers() {
    if (!opt_.markers) return;
    open_group("markers");
    std::vector<int> east(static_cast<size_t>(map_.id_space()), 0);
    std::vector<int> west(static_cast<size_t>(map_.id_space()), 0);
    for (const auto& n : map_.named()) {
      if (!map_.on_map(n.hex)) continue;
      const Pt c = centre(n.hex);
      auto slot = [&](std::vector<int>& used, double x) {
        const int k = used[n.hex]++;
        return c + Pt{x, s_ * (k == 0 ? 0.0 : -0.3 * k)};
      };
      if (n.kind == "entry") draw_entry(slot(west, -s_ * 0.52), n.name);
      if (n.kind == "exit") draw_exit(slot(east, s_ * 0.52));
      if (n.kind == "victory") draw_star(slot(east, s_ * 0.5), s_ * 0.24);
      if (n.kind == "setup") draw_setup(c + Pt{s_ * 0.42, -s_ * 0.42}, n.name);
    }
    close_group();
  }
  // Roads that end in an entry or exit hex on the map edge run on off the map.
  void layer_road_exits() {
    open_group("road-exits");
    std::vector<bool> done(static_cast<size_t>(map_.id_space()), false);
    for (const auto& n : map_.named()) {
      if ((n.kind != "entry" && n.kind != "exit") || !map_.on_map(n.hex)) continue;
      if (done[n.hex] || !map_.on_edge(n.hex)) continue;
      done[n.hex] = true;
      if (const auto d = off_map_side(n.hex)) draw_road(centre(n.hex), across(n.hex, *d));
    }
    close_group();
  }
  // The off-map hexside of an edge hex that points farthest from its roads.
  std::optional<Dir> off_map_side(HexId h) const {
    std::optional<Dir> best;
    int best_score = -1;
    bool any_road = false;
    for (int i = 0; i < core::kDirs; ++i) {
      const Dir d = core::dir_from_int(i);
      if (map_.on_map(map_.neighbour(h, d))) {
        any_road = any_road || (map_.side(h, d) & core::kRoad) != 0;
        continue;
      }
      if (map_.side(h, d) & core::kRoad) return std::nullopt;  // already leaves the map
      int score = 0;
      for (int j = 0; j < core::kDirs; ++j) {
        if ((map_.side(h, core::dir_from_int(j)) & core::kRoad) == 0) continue;
        const int turn = (i - j + 6) % 6;
        score += std::min(turn, 6 - turn);
      }
      if (score > best_score) {
        best_score = score;
        best = d;
      }
    }
    return any_road ? best : std::nullopt;
  }
  void layer_names() {
    if (!opt_.place_names) return;
    const double fs = s_ * 0.2;
    open_group("places", "font-family=\"" + std::string(kFontSerif) + "\" font-size=\"" + num(fs) +
                             "\" font-style=\"italic\" text-anchor=\"middle\" fill=\"" + kInk +
                             "\" stroke=\"" + kPaper + "\" stroke-width=\"" + num(s_ * 0.07) +
                             "\" stroke-linejoin=\"round\" paint-order=\"stroke\"");
    for (const auto& n : map_.named()) {
      // Fords and pontoon sites are river hexes a player must find: named in
      // the water's ink.
      const bool water = n.kind == "ford" || n.kind == "crossing";
      if ((n.kind != "place" && !water) || !map_.on_map(n.hex)) continue;
      const auto lines = wrap(n.name, 14);
      // Two-line names straddle the lower half; longer ones run on downward.
      Pt p = centre(n.hex) + Pt{0, lines.size() == 2 ? s_ * 0.3 : s_ * 0.36};
      for (const auto& l : lines) {
        text(p, l, water ? "fill=\"#10406e\" font-weight=\"bold\"" : "");
        p.y += fs * 1.05;
      }
    }
    close_group();
  }

  // ---- units ------------------------------------------------------------------
  void layer_units() {
    if (!game_ || !opt_.units) return;
    const core::Position& pos = game_->position();
    std::vector<int> depth(static_cast<size_t>(map_.id_space()), 0);
    open_group("units");
    for (int i = 0; i < pos.count && i < static_cast<int>(game_->roster().size()); ++i) {
      const core::UnitState& st = pos.units[static_cast<size_t>(i)];
      if (!st.on_map() || st.hex >= depth.size() || !map_.on_map(st.hex)) continue;
      const int k = depth[st.hex]++;
      const Pt c = centre(st.hex) + Pt{s_ * 0.09 * k, s_ * 0.06 - s_ * 0.09 * k};
      draw_counter(c, game_->roster()[static_cast<size_t>(i)], st.has(core::kIneffective));
    }
    close_group();
  }
  void draw_counter(Pt c, const core::UnitDef& u, bool ineffective, const char* cls = "unit") {
    const double w = s_ * 0.9;
    const bool union_side = u.side == core::Side::Union;
    const std::string fill =
        ineffective ? (union_side ? "#b4c3d8" : "#d2d2d2") : side_colour(u.side);
    const std::string ink = union_side && !ineffective ? "#ffffff" : "#151515";
    open_group(cls, "data-unit=\"" + xml_escape(u.id) + "\"");
    const std::string box = "x=\"" + num(c.x - w / 2) + "\" y=\"" + num(c.y - w / 2) +
                            "\" width=\"" + num(w) + "\" height=\"" + num(w) + "\" rx=\"" +
                            num(s_ * 0.05) + "\"";
    out_ += "<rect " + box + " fill=\"" + fill + "\" stroke=\"#151515\" stroke-width=\"" +
            num(s_ * 0.035) + "\"/>\n";
    if (ineffective) out_ += "<rect " + box + " fill=\"url(#u-ineffective)\"/>\n";
    text(c + Pt{0, -w * 0.3}, u.id,
         "font-size=\"" + num(s_ * 0.16) + "\" text-anchor=\"middle\" fill=\"" + ink + "\"");
    draw_type_symbol(c + Pt{0, -w * 0.04}, u.type, ink);
    text(c + Pt{0, w * 0.42}, std::to_string(u.strength),
         "font-size=\"" + num(s_ * 0.24) +
             "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + ink + "\"");
    close_group();
  }
  // The NATO-style symbol box: infantry X, cavalry one diagonal, artillery dot;
  // a special unit (a title's own: wagons and the like) a bar on two wheels.
  void draw_type_symbol(Pt c, core::UnitType t, const std::string& ink) {
    const double w = s_ * 0.46, h = s_ * 0.28;
    const Pt tl = c - Pt{w / 2, h / 2}, br = c + Pt{w / 2, h / 2};
    const Pt tr{br.x, tl.y}, bl{tl.x, br.y};
    const std::string st = "stroke=\"" + ink + "\" stroke-width=\"" + num(s_ * 0.03) + "\"";
    out_ += "<rect x=\"" + num(tl.x) + "\" y=\"" + num(tl.y) + "\" width=\"" + num(w) +
            "\" height=\"" + num(h) + "\" fill=\"none\" " + st + "/>\n";
    switch (t) {
      case core::UnitType::Infantry:
        line(tl, br, st);
        line(bl, tr, st);
        break;
      case core::UnitType::Cavalry:
        line(bl, tr, st);
        break;
      case core::UnitType::Artillery:
        dot(c, s_ * 0.06, ink.c_str());
        break;
      case core::UnitType::Special:
        line(tl + Pt{0, h * 0.5}, tr + Pt{0, h * 0.5}, st);
        dot(bl + Pt{w * 0.25, 0}, s_ * 0.04, ink.c_str());
        dot(br - Pt{w * 0.25, 0}, s_ * 0.04, ink.c_str());
        break;
    }
  }

  // ---- legend -----------------------------------------------------------------
  double legend_w() const { return s_ * 6.4; }
  double row_h() const { return s_ * 0.62; }
  int legend_rows() const {
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
  double counter_row_h() const { return s_ * 0.95; }
  double legend_h() const {
    return s_ * 1.4 + row_h() * (legend_rows() + 4) + 3 * (counter_row_h() - row_h());
  }
  void legend_label(double y, const std::string& label) {
    text({legend_x_ + s_ * 1.55, y + row_h() * 0.62}, label,
         "font-size=\"" + num(s_ * 0.25) + "\" fill=\"" + kInk + "\"");
  }
  void legend_heading(double& y, const std::string& label) {
    text({legend_x_ + s_ * 0.3, y + row_h() * 0.7}, label,
         "font-family=\"" + std::string(kFontSerif) + "\" font-size=\"" + num(s_ * 0.27) +
             "\" font-weight=\"bold\" fill=\"" + kInk + "\"");
    y += row_h();
  }
  void layer_legend() {
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
  void legend_terrain(double& y) {
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
  // A hexside sample: the swatch's long edge stands for a hexside.
  std::pair<Pt, Pt> sample(double y) const {
    return {{legend_x_ + s_ * 0.3, y + row_h() * 0.5}, {legend_x_ + s_ * 1.3, y + row_h() * 0.5}};
  }
  void legend_features(double& y) {
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
    row(core::kCommandBoundary, "Command control boundary",
        [&](Pt a, Pt b) { draw_command(a, b); });
  }
  void legend_markers(double& y) {
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
  void legend_counters(double& y) {
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

  const Map& map_;
  const RenderOptions& opt_;
  const core::Game* game_;
  double s_;
  double map_w_ = 0, map_h_ = 0, legend_x_ = 0, width_ = 0, height_ = 0;
  std::string out_;
};

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string render_svg(const core::Map& map, const RenderOptions& opt, const core::Game* game) {
  return Renderer(map, opt, game).run();
}

}  // namespace bg::content
