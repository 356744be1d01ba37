// The map: terrain per hex and features per hexside over a padded hex array,
// so that every on-map hex has six neighbour slots and neighbours are found by
// adding a precomputed offset (one table per column parity).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/hex.h"
#include "core/terrain.h"

namespace bg::core {

using HexId = uint16_t;
inline constexpr HexId kNoHex = 0xFFFF;
inline constexpr int kMaxMapSide = 99;  // XXYY numbering

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
  Map(int cols, int rows);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  int hex_count() const { return cols_ * rows_; }
  // Size of arrays indexed by HexId (includes the off-map border).
  int id_space() const { return stride_ * (cols_ + 2); }

  bool contains(HexCoord c) const {
    return c.col >= 1 && c.col <= cols_ && c.row >= 1 && c.row <= rows_;
  }
  HexId id(HexCoord c) const { return static_cast<HexId>(c.col * stride_ + c.row); }
  std::optional<HexId> find(HexCoord c) const {
    if (!contains(c)) return std::nullopt;
    return id(c);
  }
  HexCoord coord(HexId h) const { return {h / stride_, h % stride_}; }
  // Bounds-checked: hex ids from outside (actions, files) may be anything.
  bool on_map(HexId h) const { return h < on_map_.size() && on_map_[h] != 0; }
  bool on_edge(HexId h) const;

  // Neighbour of an on-map hex; the result may be an off-map border slot.
  HexId neighbour(HexId h, Dir d) const {
    const int parity = (h / stride_) & 1;
    return static_cast<HexId>(h + offsets_[parity][static_cast<int>(d)]);
  }
  // The direction from a to b if they are adjacent.
  std::optional<Dir> direction(HexId a, HexId b) const;

  Terrain terrain(HexId h) const { return terrain_[h]; }
  HexsideBits side(HexId h, Dir d) const { return sides_[h * kDirs + static_cast<int>(d)]; }
  // True if any hexside of h carries a road (a "road hex").
  bool has_road(HexId h) const;
  bool has_trail(HexId h) const;

  void set_terrain(HexId h, Terrain t) { terrain_[h] = t; }
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
  int stride_;
  std::array<std::array<int, kDirs>, 2> offsets_{};
  std::vector<uint8_t> on_map_;
  std::vector<Terrain> terrain_;
  std::vector<HexsideBits> sides_;
  std::vector<HexId> hexes_;
  std::vector<NamedHex> named_;
  std::vector<Zone> zones_;
};

}  // namespace bg::core
