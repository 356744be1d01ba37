// Maps numbered from another corner (core::HexNumbering): Avalon Hill's
// alternate Rappahannock map numbers columns from 00 and rows from 00 at the
// south edge, counting north, with odd columns half a hex north. The geometry
// is the engine's; only the printed numbers change, everywhere they are read
// or written.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "content/map_file.h"
#include "core/map.h"
#include "render/render_svg.h"

namespace bg::core {
namespace {

const HexNumbering kNorth{HexCoord{0, 0}, true};

std::set<std::string> printed_neighbours(const Map& m, const std::string& hex) {
  const HexId h = *m.parse_label(hex);
  std::set<std::string> out;
  for (int d = 0; d < kDirs; ++d) {
    const HexId n = m.neighbour(h, static_cast<Dir>(d));
    if (m.on_map(n)) out.insert(m.label_text(n));
  }
  return out;
}

TEST(HexNumbering, RowsCountNorthFromZero) {
  const Map m(4, 3, kNorth);
  EXPECT_EQ(m.hex_count(), 12);
  // The north-west hex prints as column 00, the highest row.
  const HexId nw = *m.find(HexCoord{0, 0});
  EXPECT_EQ(m.label_text(nw), "0002");
  EXPECT_EQ(m.label_text(*m.parse_label("0300")), "0300");
  EXPECT_FALSE(m.parse_label("0400").has_value());
  EXPECT_FALSE(m.parse_label("0003").has_value());
  for (HexId h : m.hexes()) EXPECT_EQ(*m.parse_label(m.label_text(h)), h);
}

TEST(HexNumbering, OddColumnsSitHalfAHexNorth) {
  const Map m(5, 4, kNorth);
  // Odd column 01: its neighbours in columns 00 and 02 are its row and the
  // row above (north).
  EXPECT_EQ(printed_neighbours(m, "0101"),
            (std::set<std::string>{"0100", "0102", "0001", "0002", "0201", "0202"}));
  // Even column 02: its row and the row below (south).
  EXPECT_EQ(printed_neighbours(m, "0201"),
            (std::set<std::string>{"0200", "0202", "0101", "0100", "0301", "0300"}));
  // The north edge is the highest printed row.
  EXPECT_TRUE(m.on_edge(*m.parse_label("0203")));
  EXPECT_FALSE(m.on_edge(*m.parse_label("0202")));
}

TEST(HexNumbering, TheDefaultNumberingIsTheBlueAndGrayOne) {
  const Map m(3, 3);
  EXPECT_EQ(m.label_text(*m.find(HexCoord{1, 1})), "0101");
  EXPECT_EQ(*m.parse_label("0203"), m.id(HexCoord{2, 3}));
  EXPECT_FALSE(m.parse_label("0000").has_value());
}

TEST(HexNumbering, MapFilesAreWrittenInThePrintedNumbers) {
  const auto r = content::parse_map(
      "size 4 3 columns-from=0 rows-from=0 rows=north\n"
      "terrain forest 0100-0102\n"
      "terrain river 0300\n"
      "road 0000 0100 0200\n",
      "am.txt");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Map& m = **r;
  for (const char* h : {"0100", "0101", "0102"})
    EXPECT_EQ(m.terrain(*m.parse_label(h)), Terrain::Forest) << h;
  EXPECT_EQ(m.terrain(*m.parse_label("0300")), Terrain::River);
  EXPECT_EQ(m.terrain(*m.parse_label("0302")), Terrain::Clear);
  EXPECT_TRUE(m.has_road(*m.parse_label("0000")));
  EXPECT_FALSE(content::parse_map("size 4 3 columns-from=2\n", "bad.txt").ok());
  EXPECT_FALSE(content::parse_map("size 4 3 rows=east\n", "bad.txt").ok());
  EXPECT_FALSE(content::parse_map("size 4 3 rows=north\nterrain forest 0000\n", "bad.txt").ok());
}

TEST(HexNumbering, AStaggeredEdgeTakesHexesOffTheMap) {
  // Even columns rows 01-03, odd columns 00-02: the alternate map's cut.
  const auto r = content::parse_map(
      "size 4 4 columns-from=0 rows-from=0 rows=north\n"
      "offmap 0000 0200 0103 0303\n",
      "am.txt");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Map& m = **r;
  EXPECT_EQ(m.hex_count(), 12);
  EXPECT_FALSE(m.parse_label("0000").has_value());
  EXPECT_FALSE(m.parse_label("0103").has_value());
  // 0101's southern neighbours: 0100 and, across, 0001 (0000 is gone) ...
  EXPECT_EQ(printed_neighbours(m, "0101"),
            (std::set<std::string>{"0100", "0102", "0001", "0002", "0201", "0202"}));
  // ... and the hexes beside a removed one are on the edge.
  EXPECT_TRUE(m.on_edge(*m.parse_label("0203")));
  EXPECT_TRUE(m.on_edge(*m.parse_label("0100")));
  EXPECT_TRUE(m.on_edge(*m.parse_label("0001")));
  EXPECT_FALSE(m.on_edge(*m.parse_label("0102")) && m.on_edge(*m.parse_label("0201")) &&
               m.on_edge(*m.parse_label("0202")) && m.on_edge(*m.parse_label("0101")));
  // A later line naming a removed hex is refused, singly or in a range.
  EXPECT_FALSE(
      content::parse_map("size 4 4 rows=north\noffmap 0101\nterrain forest 0101\n", "x").ok());
  EXPECT_FALSE(
      content::parse_map("size 4 4 rows=north\noffmap 0102\nterrain forest 0101-0103\n", "x").ok());
}

TEST(HexNumbering, TheRenderedMapNamesHexesByTheirPrintedNumbers) {
  const auto r = content::parse_map("size 3 2 columns-from=0 rows-from=0 rows=north\n", "am.txt");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const std::string svg = render::render_svg(**r, render::RenderOptions{});
  for (const char* h : {"0000", "0001", "0100", "0101", "0200", "0201"})
    EXPECT_NE(svg.find(std::string("data-hex=\"") + h + "\""), std::string::npos) << h;
}

}  // namespace
}  // namespace bg::core
