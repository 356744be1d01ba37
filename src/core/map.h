// The map: terrain per hex and features per hexside over a padded hex array,
// so that every on-map hex has six neighbour slots and neighbours are found by
// adding a precomputed offset (one table per column parity).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/terrain.h"

namespace bg::core {

using HexId = uint16_t;
inline constexpr HexId kNoHex = 0xFFFF;
inline constexpr int kMaxMapSide = 99;  // XXYY numbering

// How a map's hexes are numbered. The hex array is addressed by internal
// coordinates: columns west to east, rows north to south, even columns half a
// hex lower (hex.h). Most maps number their hexes exactly so from 0101; a map
// drawn with another convention (columns from 00, rows counting north from the
// south edge, as Avalon Hill's alternate Rappahannock map) keeps the geometry
// and changes only the numbers printed and read.
struct HexNumbering {
  // The internal coordinates of the north-west hex. A map whose printed
  // columns start at 00 starts at column 0, which keeps the printed column's
  // parity (and so which columns sit lower) the geometry's.
  HexCoord origin{1, 1};
  // Printed rows count from the south edge up (the northmost internal row
  // prints as the highest number).
  bool rows_north = false;
  friend bool operator==(HexNumbering, HexNumbering) = default;
};

struct NamedHex {
  std::string name;
  HexId hex = kNoHex;
  std::string kind;  // e.g. "entry", "exit", "victory", "place"
};

struct Zone {
  std::string name;
  std::vector<HexId> hexes;
  bool tint = false;  // drawn as a pale wash on the rendered map (`tint NAME`)
};

class Map {
 public:
  Map(int cols, int rows, HexNumbering numbering = {});

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  const HexNumbering& numbering() const { return numbering_; }
  // Internal coordinates of the first and last columns and rows.
  int first_col() const { return numbering_.origin.col; }
  int first_row() const { return numbering_.origin.row; }
  int last_col() const { return first_col() + cols_ - 1; }
  int last_row() const { return first_row() + rows_ - 1; }
  int hex_count() const { return static_cast<int>(hexes_.size()); }
  // Size of arrays indexed by HexId (includes the off-map border).
  int id_space() const { return stride_ * (cols_ + 2); }

  // Internal coordinates (see HexNumbering).
  bool contains(HexCoord c) const {
    return c.col >= first_col() && c.col <= last_col() && c.row >= first_row() &&
           c.row <= last_row();
  }
  HexId id(HexCoord c) const {
    return static_cast<HexId>((c.col - first_col() + 1) * stride_ + (c.row - first_row() + 1));
  }
  // The hex at c, if it is on the map (inside the rectangle and not removed).
  std::optional<HexId> find(HexCoord c) const {
    if (!contains(c) || !on_map_[id(c)]) return std::nullopt;
    return id(c);
  }
  HexCoord coord(HexId h) const {
    return {h / stride_ - 1 + first_col(), h % stride_ - 1 + first_row()};
  }

  // The number printed on hex h, as players, files and front ends write it,
  // and the hex a printed number names (none if off the map).
  HexCoord label(HexId h) const { return to_label(coord(h)); }
  std::string label_text(HexId h) const { return format_hex(label(h)); }
  std::optional<HexId> find_label(HexCoord printed) const { return find(to_label(printed)); }
  std::optional<HexId> parse_label(std::string_view text) const;
  // Internal <-> printed coordinates (the conversion is its own inverse).
  HexCoord to_label(HexCoord c) const {
    if (!numbering_.rows_north) return c;
    return {c.col, first_row() + last_row() - c.row};
  }
  // Bounds-checked: hex ids from outside (actions, files) may be anything.
  bool on_map(HexId h) const { return h < on_map_.size() && on_map_[h] != 0; }
  bool on_edge(HexId h) const;

  // Neighbour of an on-map hex; the result may be an off-map border slot.
  // The hottest lookup of the engine (movement, Zones of Control, the AI's
  // distances): the column parity is read from a table, not divided out.
  HexId neighbour(HexId h, Dir d) const {
    return static_cast<HexId>(h + offsets_[parity_[h]][static_cast<int>(d)]);
  }
  // The direction from a to b if they are adjacent.
  std::optional<Dir> direction(HexId a, HexId b) const;

  Terrain terrain(HexId h) const { return terrain_[h]; }
  // Bit d set: a unit in h projects its Zone of Control across the hexside
  // in direction d (core::zoc_crosses, 6.6) / may cross it at all
  // (core::hexside_passable, 5.24-5.25). Kept up to date by every change to
  // the map, so the rules read a byte where they would test terrain and
  // hexside features six times over (Zones of Control are recounted on every
  // position the AI looks at).
  uint8_t zoc_dirs(HexId h) const { return zoc_dirs_[h]; }
  uint8_t pass_dirs(HexId h) const { return pass_dirs_[h]; }
  HexsideBits side(HexId h, Dir d) const { return sides_[h * kDirs + static_cast<int>(d)]; }
  // True if any hexside of h carries a road (a "road hex").
  bool has_road(HexId h) const;
  bool has_trail(HexId h) const;

  void set_terrain(HexId h, Terrain t) {
    terrain_[h] = t;
    refresh_dirs(h);
  }
  // Takes an on-map hex off the map (a map whose edge is not a rectangle in
  // the engine's grid: the alternate Rappahannock map's odd columns run a
  // row further south than its even ones). Its hexsides are cleared.
  void remove_hex(HexId h);
  // Adds features to the hexside between adjacent hexes a and b (both records).
  // For kRedoubt, a is the barbed side: the side attackers must come from.
  void add_side(HexId a, Dir d, HexsideBits bits);
  void clear_side(HexId a, Dir d);

  std::vector<NamedHex>& named() { return named_; }
  const std::vector<NamedHex>& named() const { return named_; }
  std::vector<Zone>& zones() { return zones_; }
  const std::vector<Zone>& zones() const { return zones_; }

  // Hexes from which units may leave the map (named hexes of kind "exit").
  bool is_exit(HexId h) const;

  // All on-map hexes in column-major order.
  const std::vector<HexId>& hexes() const { return hexes_; }

 private:
  int cols_;
  int rows_;
  HexNumbering numbering_;
  int stride_;
  std::array<std::array<int, kDirs>, 2> offsets_{};
  // Column parity of every HexId value (all 65 536, so that any id indexes it).
  std::vector<uint8_t> parity_;
  std::vector<uint8_t> on_map_;
  std::vector<Terrain> terrain_;
  std::vector<HexsideBits> sides_;
  std::vector<uint8_t> zoc_dirs_;
  std::vector<uint8_t> pass_dirs_;
  // Recomputes the direction masks that depend on h: its own (its hexsides)
  // and its neighbours' (their hexsides toward h read h's terrain).
  void refresh_dirs(HexId h);
  void compute_dirs(HexId h);
  std::vector<HexId> hexes_;
  std::vector<NamedHex> named_;
  std::vector<Zone> zones_;
};

}  // namespace bg::core
