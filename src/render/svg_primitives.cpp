// The SVG elements every layer writes: lines, text, groups, strokes, dots
// and pattern tiles.
#include "render/renderer.h"

namespace bg::render {

void Renderer::line(Pt a, Pt b, const std::string& style) {
  out_ += "<line x1=\"" + num(a.x) + "\" y1=\"" + num(a.y) + "\" x2=\"" + num(b.x) + "\" y2=\"" +
          num(b.y) + "\" " + style + "/>\n";
}

void Renderer::text(Pt p, const std::string& body, const std::string& style) {
  out_ += "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y) + "\" " + style + ">" + xml_escape(body) +
          "</text>\n";
}

void Renderer::open_group(const std::string& cls, const std::string& extra) {
  out_ += "<g class=\"" + cls + "\"" + (extra.empty() ? "" : " " + extra) + ">\n";
}

void Renderer::close_group() {
  out_ += "</g>\n";
}

std::string Renderer::stroke(const char* colour, double width, const std::string& dash) const {
  std::string s = "stroke=\"" + std::string(colour) + "\" stroke-width=\"" + num(width) +
                  "\" stroke-linecap=\"round\"";
  if (!dash.empty()) s += " stroke-dasharray=\"" + dash + "\"";
  return s;
}

void Renderer::pattern_open(const std::string& id, double size, const char* ground) {
  out_ += "<pattern id=\"" + id + "\" patternUnits=\"userSpaceOnUse\" width=\"" + num(size) +
          "\" height=\"" + num(size) + "\">\n<rect width=\"" + num(size) + "\" height=\"" +
          num(size) + "\" fill=\"" + ground + "\"/>\n";
}

void Renderer::dot(Pt c, double r, const char* fill) {
  out_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(r) + "\" fill=\"" +
          fill + "\"/>\n";
}

}  // namespace bg::render
