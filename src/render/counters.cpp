// The game's units as counters: side colour, designation, NATO type box and
// strength; ineffective units hatched.
#include "render/renderer.h"

namespace bg::render {

void Renderer::layer_units() {
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

void Renderer::draw_counter(Pt c, const core::UnitDef& u, bool ineffective, const char* cls) {
  const double w = s_ * 0.9;
  const bool union_side = u.side == core::Side::Union;
  const std::string fill = ineffective ? (union_side ? "#b4c3d8" : "#d2d2d2") : side_colour(u.side);
  const std::string ink = union_side && !ineffective ? "#ffffff" : "#151515";
  open_group(cls, "data-unit=\"" + xml_escape(u.id) + "\"");
  const std::string box = "x=\"" + num(c.x - w / 2) + "\" y=\"" + num(c.y - w / 2) + "\" width=\"" +
                          num(w) + "\" height=\"" + num(w) + "\" rx=\"" + num(s_ * 0.05) + "\"";
  out_ += "<rect " + box + " fill=\"" + fill + "\" stroke=\"#151515\" stroke-width=\"" +
          num(s_ * 0.035) + "\"/>\n";
  if (ineffective) out_ += "<rect " + box + " fill=\"url(#u-ineffective)\"/>\n";
  text(c + Pt{0, -w * 0.3}, u.id,
       "font-size=\"" + num(s_ * 0.16) + "\" text-anchor=\"middle\" fill=\"" + ink + "\"");
  draw_type_symbol(c + Pt{0, -w * 0.04}, u.type, ink);
  text(c + Pt{0, w * 0.42}, std::to_string(u.strength),
       "font-size=\"" + num(s_ * 0.24) + "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" +
           ink + "\"");
  close_group();
}

void Renderer::draw_type_symbol(Pt c, core::UnitType t, const std::string& ink) {
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

}  // namespace bg::render
