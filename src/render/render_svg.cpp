#include "render/render_svg.h"

#include <algorithm>

#include "render/renderer.h"

namespace bg::render {

Renderer::Renderer(const Map& map, const RenderOptions& opt, const core::Game* game)
    : map_(map), opt_(opt), game_(game), s_(opt.hex_size) {
  map_w_ = (1.5 * (map.cols() - 1) + 2.0) * s_;
  map_h_ = kSqrt3 * s_ * (map.rows() + (map.cols() > 1 ? 0.5 : 0.0));
  legend_x_ = opt.margin * 2 + map_w_;
  width_ = map_w_ + opt.margin * 2 + (opt.legend ? legend_w() + opt.margin : 0.0);
  height_ = std::max(map_h_, opt.legend ? legend_h() : 0.0) + opt.margin * 2;
}

std::string Renderer::run() {
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

void Renderer::header() {
  out_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width_) +
          "\" height=\"" + num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
          "\" font-family=\"" + kFontSans + "\">\n";
  out_ += "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"" + num(width_) + "\" height=\"" +
          num(height_) + "\" fill=\"#e9dfc2\"/>\n";
}

std::string render_svg(const core::Map& map, const RenderOptions& opt, const core::Game* game) {
  return Renderer(map, opt, game).run();
}

}  // namespace bg::render
