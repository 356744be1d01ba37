// The renderer behind render_svg(): one drawing of one map (and a game's
// counters), written layer by layer into an SVG document. Its members are
// defined by concern in the files this header names; the output depends only
// on the map, the options and the game.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/terrain.h"
#include "core/unit.h"
#include "render/palette.h"
#include "render/render_svg.h"
#include "render/svg_format.h"

namespace bg::render {

using core::Dir;
using core::HexId;
using core::HexsideBits;
using core::Map;
using core::Terrain;

class Renderer {
 public:
  Renderer(const Map& map, const RenderOptions& opt, const core::Game* game);
  // The whole document (render_svg.cpp).
  std::string run();

 private:
  void header();

  // ---- Where things are on the drawing (map_geometry.cpp)
  Pt centre(HexId h) const;
  Pt corner(Pt c, int k) const;
  // The two ends of the hexside of a hex centred at c in direction d.
  std::pair<Pt, Pt> side_ends(Pt c, Dir d) const;
  static Pt normal(Dir d);
  std::string hex_points(Pt c) const;
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
  const core::Zone* zone(std::string_view name) const;
  bool any_side(HexsideBits mask) const;
  bool any_terrain(Terrain t) const;
  bool any_named(std::string_view kind) const;
  // Roads and trails run centre to centre; to the map edge when they leave it.
  Pt across(HexId h, Dir d) const;
  static Pt left_normal(Pt a, Pt b);
  // The off-map hexside of an edge hex that points farthest from its roads.
  std::optional<Dir> off_map_side(HexId h) const;

  // ---- SVG elements (svg_primitives.cpp)
  void line(Pt a, Pt b, const std::string& style);
  void text(Pt p, const std::string& body, const std::string& style);
  void open_group(const std::string& cls, const std::string& extra = "");
  void close_group();
  std::string stroke(const char* colour, double width, const std::string& dash = "") const;
  void pattern_open(const std::string& id, double size, const char* ground);
  void dot(Pt c, double r, const char* fill);

  // ---- Feature symbols, shared by the map and the legend (symbols.cpp)
  void draw_road(Pt a, Pt b);
  void draw_trail(Pt a, Pt b);
  void draw_creek(Pt a, Pt b);
  void draw_stream(Pt a, Pt b);
  void draw_command(Pt a, Pt b);
  void draw_lake(Pt a, Pt b, Pt n);
  // A bridge: a pale deck with dark parapets across the water, with flared ends.
  void draw_bridge(Pt m, Pt n, double k = 1.0);
  // A ford: a dotted brown track across the water.
  void draw_ford(Pt m, Pt n, double k = 1.0);
  // A redoubt along a - b with teeth pointing toward the barbed side (direction n).
  void draw_redoubt(Pt a, Pt b, Pt n);
  void draw_railroad(const std::string& points);
  void draw_star(Pt c, double r);
  void draw_disc_label(Pt c, const std::string& label, const std::string& fill,
                       const std::string& ring, const std::string& ink);
  void draw_entry(Pt c, const std::string& side);
  void draw_exit(Pt c);
  void draw_setup(Pt c, const std::string& side);

  // ---- Terrain: fills, patterns and detail (terrain.cpp)
  void defs();
  void swamp_tuft(Pt base, double h);
  static const char* terrain_fill(Terrain t);
  // Terrain detail drawn over the fill: town blocks, a ferry boat.
  void terrain_detail(Pt c, Terrain t);
  void terrain_swatch(Pt at, double w, double h, Terrain t);
  void layer_terrain();
  // Zones the map data marks with `tint` (e.g. a title's command zone).
  void layer_tints();

  // ---- Hexsides, roads and the railroad (hexsides.cpp)
  void layer_lakes();
  void layer_water();
  void layer_roads();
  // Roads that end in an entry or exit hex on the map edge run on off the map.
  void layer_road_exits();
  // The railroad zone, in order, as polylines broken where hexes are not adjacent.
  void layer_railroad();
  // One unbroken stretch of railroad: centre to centre, moved aside where it
  // shares a hexside with a road (so both stay visible), and carried on to the
  // map edge when it ends in an edge hex.
  void railroad_run(const std::vector<HexId>& run);
  void layer_crossings();
  void layer_redoubts();
  void layer_command();

  // ---- Hex numbers, markers and place names (labels.cpp)
  void layer_numbers();
  // Markers sit toward the hex's east and west corners, clear of roads (which
  // run to hexside midpoints), of the number above and of the name below.
  void layer_markers();
  void layer_names();

  // ---- The game's units as counters (counters.cpp)
  void layer_units();
  void draw_counter(Pt c, const core::UnitDef& u, bool ineffective, const char* cls = "unit");
  // The NATO-style symbol box: infantry X, cavalry one diagonal, artillery dot;
  // a special unit (a title's own: wagons and the like) a bar on two wheels.
  void draw_type_symbol(Pt c, core::UnitType t, const std::string& ink);

  // ---- The key box (legend.cpp)
  double legend_w() const;
  double row_h() const;
  int legend_rows() const;
  double counter_row_h() const;
  double legend_h() const;
  void legend_label(double y, const std::string& label);
  void legend_heading(double& y, const std::string& label);
  void layer_legend();
  void legend_terrain(double& y);
  // A hexside sample: the swatch's long edge stands for a hexside.
  std::pair<Pt, Pt> sample(double y) const;
  void legend_features(double& y);
  void legend_markers(double& y);
  void legend_counters(double& y);

  const Map& map_;
  const RenderOptions& opt_;
  const core::Game* game_;
  double s_;
  double map_w_ = 0, map_h_ = 0, legend_x_ = 0, width_ = 0, height_ = 0;
  std::string out_;
};

}  // namespace bg::render
