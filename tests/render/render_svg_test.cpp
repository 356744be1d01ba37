// The SVG map renderer: a well-formed document with one polygon per hex, hex
// numbers, the Road to Richmond place names, and counters only when a game with
// units is given; the same input always gives the same bytes.
#include "render/render_svg.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "content/map_file.h"
#include "sandbox.h"

namespace {

using bg::render::render_svg;
using bg::render::RenderOptions;
namespace core = bg::core;

const std::string kMapPath = std::string(BLUEGRAY_SOURCE_DIR) + "/data/road-to-richmond/map.txt";

std::shared_ptr<core::Map> rtr() {
  auto r = bg::content::load_map(kMapPath);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : std::make_shared<core::Map>(1, 1);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(RenderSvg, DocumentIsWellFormedEnough) {
  const auto map = rtr();
  const std::string svg = render_svg(*map, RenderOptions{});
  ASSERT_GE(svg.size(), 10u);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  std::string tail = svg;
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' ')) tail.pop_back();
  EXPECT_TRUE(tail.ends_with("</svg>"));
  EXPECT_EQ(count(svg, "<svg"), 1u);
  EXPECT_EQ(count(svg, "<g>") + count(svg, "<g "), count(svg, "</g>"));
  EXPECT_EQ(count(svg, "<defs>"), count(svg, "</defs>"));
  EXPECT_EQ(count(svg, "<pattern "), count(svg, "</pattern>"));
  EXPECT_EQ(count(svg, "<text "), count(svg, "</text>"));
}

TEST(RenderSvg, OnePolygonPerHex) {
  const auto map = rtr();
  const std::string svg = render_svg(*map, RenderOptions{});
  EXPECT_EQ(count(svg, "<polygon class=\"hex\""), static_cast<size_t>(map->cols() * map->rows()));
  const core::Map small(5, 4);
  EXPECT_EQ(count(render_svg(small, RenderOptions{}), "<polygon class=\"hex\""), 20u);
}

TEST(RenderSvg, ContainsEveryPlaceNameEscaped) {
  const auto map = rtr();
  const std::string svg = render_svg(*map, RenderOptions{});
  int places = 0;
  for (const auto& n : map->named()) {
    if (n.kind != "place") continue;
    ++places;
    // Long names are wrapped onto several lines: every word must be there.
    const std::string escaped = bg::render::xml_escape(n.name);
    size_t start = 0;
    while (start < escaped.size()) {
      size_t end = escaped.find(' ', start);
      if (end == std::string::npos) end = escaped.size();
      EXPECT_NE(svg.find(escaped.substr(start, end - start)), std::string::npos) << n.name;
      start = end + 1;
    }
  }
  EXPECT_GE(places, 30);
  EXPECT_NE(svg.find(">Gaines&apos; Mill<"), std::string::npos);
  EXPECT_NE(svg.find(">Richmond<"), std::string::npos);
  EXPECT_EQ(svg.find("Gaines' Mill"), std::string::npos);  // never raw
}

TEST(RenderSvg, HexNumbersCanBeHidden) {
  const auto map = rtr();
  RenderOptions opt;
  EXPECT_NE(render_svg(*map, opt).find(">0103</text>"), std::string::npos);
  opt.hex_numbers = false;
  EXPECT_EQ(render_svg(*map, opt).find(">0103</text>"), std::string::npos);
}

// Zones the map data marks with `tint` are washed; the option turns it off.
TEST(RenderSvg, TintedZonesAreWashed) {
  const auto map = rtr();
  RenderOptions opt;
  EXPECT_NE(render_svg(*map, opt).find("class=\"tint-ccz\""), std::string::npos);
  EXPECT_EQ(render_svg(*map, opt).find("class=\"tint-activation\""), std::string::npos);
  opt.zone_tint = false;
  EXPECT_EQ(render_svg(*map, opt).find("class=\"tint-ccz\""), std::string::npos);
}

TEST(RenderSvg, DrawsUnitsOnlyWithAGame) {
  bg::test::Sandbox sb;
  sb.inf("1/2/V", core::Side::Union, 5, "0304");
  sb.unit("Stuart", core::Side::Confederate, core::UnitType::Cavalry, 2, "0506");
  sb.unit("Art<&>", core::Side::Confederate, core::UnitType::Artillery, 3, "0506");
  const core::Game& game = sb.game();

  const std::string with = render_svg(game.map(), RenderOptions{}, &game);
  EXPECT_EQ(count(with, "<g class=\"unit\""), 3u);
  EXPECT_NE(with.find(">1/2/V<"), std::string::npos);
  EXPECT_NE(with.find(">Stuart<"), std::string::npos);
  EXPECT_NE(with.find(">Art&lt;&amp;&gt;<"), std::string::npos);
  EXPECT_NE(with.find("#4a6fa5"), std::string::npos);
  EXPECT_EQ(count(with, "<g>") + count(with, "<g "), count(with, "</g>"));

  const std::string without = render_svg(game.map(), RenderOptions{});
  EXPECT_EQ(count(without, "<g class=\"unit\""), 0u);
  EXPECT_EQ(without.find(">Stuart<"), std::string::npos);

  bg::test::Sandbox empty;
  const std::string none = render_svg(empty.game().map(), RenderOptions{}, &empty.game());
  EXPECT_EQ(count(none, "<g class=\"unit\""), 0u);
}

TEST(RenderSvg, IneffectiveUnitsAreDrawnFlipped) {
  auto map = std::make_shared<core::Map>(6, 6);
  auto roster = std::make_shared<core::Roster>(2);
  (*roster)[0].id = "Fresh";
  (*roster)[1].id = "Spent";
  (*roster)[1].side = core::Side::Confederate;
  core::Position pos;
  pos.count = 2;
  for (int i = 0; i < 2; ++i) {
    pos.units[static_cast<size_t>(i)].status = core::UnitStatus::OnMap;
    pos.units[static_cast<size_t>(i)].hex = map->id({2 + i, 3});
  }
  RenderOptions opt;
  opt.legend = false;
  const core::Game fresh(map, roster, core::RulesConfig{}, pos, true);
  EXPECT_EQ(count(render_svg(*map, opt, &fresh), "url(#u-ineffective)"), 0u);
  pos.units[1].set(core::kIneffective);
  const core::Game spent(map, roster, core::RulesConfig{}, pos, true);
  const std::string svg = render_svg(*map, opt, &spent);
  EXPECT_EQ(count(svg, "<g class=\"unit\""), 2u);
  EXPECT_EQ(count(svg, "url(#u-ineffective)"), 1u);
}

TEST(RenderSvg, DeterministicOutput) {
  const auto map = rtr();
  RenderOptions opt;
  opt.title = "Road to Richmond";
  const std::string a = render_svg(*map, opt);
  const std::string b = render_svg(*rtr(), opt);
  EXPECT_EQ(a, b);
  bg::test::Sandbox sb;
  sb.inf("A", core::Side::Union, 4, "0304");
  EXPECT_EQ(render_svg(sb.game().map(), opt, &sb.game()),
            render_svg(sb.game().map(), opt, &sb.game()));
}

TEST(RenderSvg, DrawsTheRoadToRichmondFeatures) {
  const auto map = rtr();
  const std::string svg = render_svg(*map, RenderOptions{});
  for (const char* layer : {"terrain", "lakes", "water", "roads", "trails", "railroad", "crossings",
                            "redoubts", "command", "markers", "places", "legend"})
    EXPECT_NE(svg.find(std::string("<g class=\"") + layer + "\""), std::string::npos) << layer;
  EXPECT_NE(svg.find("url(#t-swamp)"), std::string::npos);
  EXPECT_NE(svg.find("<polyline"), std::string::npos);  // the railroad
}

TEST(RenderSvg, XmlEscape) {
  EXPECT_EQ(bg::render::xml_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(bg::render::xml_escape("plain"), "plain");
}

}  // namespace
