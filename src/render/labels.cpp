// Text and markers on the map: hex numbers, entry, exit, victory and set-up
// markers, and place names.
#include "render/renderer.h"

namespace bg::render {

void Renderer::layer_numbers() {
  if (!opt_.hex_numbers) return;
  open_group("hexnumbers", "font-size=\"" + num(s_ * 0.22) +
                               "\" text-anchor=\"middle\" fill=\"#4a4034\" stroke=\"" + kPaper +
                               "\" stroke-opacity=\"0.75\" stroke-width=\"" + num(s_ * 0.05) +
                               "\" paint-order=\"stroke\"");
  for (HexId h : map_.hexes()) text(centre(h) + Pt{0, -s_ * 0.6}, map_.label_text(h), "");
  close_group();
}

void Renderer::layer_markers() {
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

void Renderer::layer_names() {
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

}  // namespace bg::render
