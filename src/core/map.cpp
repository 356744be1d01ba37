#include "core/map.h"

#include <algorithm>
#include <cassert>

namespace bg::core {

Map::Map(int cols, int rows, HexNumbering numbering)
    : cols_(cols), rows_(rows), numbering_(numbering), stride_(rows + 2) {
  assert(cols >= 1 && rows >= 1 && cols <= kMaxMapSide && rows <= kMaxMapSide);
  // Printed numbers are two digits each.
  assert(first_col() >= 0 && first_row() >= 0 && last_col() <= 99 && last_row() <= 99);
  // Offsets follow core::neighbour(): odd columns (parity 1) sit higher.
  for (int parity = 0; parity < 2; ++parity) {
    const HexCoord probe{parity == 0 ? 2 : 3, 5};
    for (int d = 0; d < kDirs; ++d) {
      const HexCoord n = core::neighbour(probe, static_cast<Dir>(d));
      offsets_[parity][d] = (n.col - probe.col) * stride_ + (n.row - probe.row);
    }
  }
  // The array's column index is col - first_col + 1: its parity is the
  // column's when the first column is odd, flipped when it is even.
  const int parity_flip = (numbering.origin.col + 1) & 1;
  parity_.resize(size_t{kNoHex} + 1);
  for (size_t h = 0; h < parity_.size(); ++h)
    parity_[h] = static_cast<uint8_t>(((static_cast<int>(h) / stride_) ^ parity_flip) & 1);
  const int n = id_space();
  on_map_.assign(n, 0);
  terrain_.assign(n, Terrain::Clear);
  sides_.assign(static_cast<size_t>(n) * kDirs, 0);
  for (int c = first_col(); c <= last_col(); ++c)
    for (int r = first_row(); r <= last_row(); ++r) {
      const HexId h = id({c, r});
      on_map_[h] = 1;
      hexes_.push_back(h);
    }
  zoc_dirs_.assign(n, 0);
  pass_dirs_.assign(n, 0);
  for (int h = 0; h < n; ++h) compute_dirs(static_cast<HexId>(h));
}

void Map::compute_dirs(HexId h) {
  uint8_t zoc = 0;
  uint8_t pass = 0;
  for (int d = 0; d < kDirs; ++d) {
    // An id past the array (a border slot's outer neighbour) is off the map.
    const HexId to = neighbour(h, static_cast<Dir>(d));
    if (!on_map(to)) continue;
    const HexsideBits s = side(h, static_cast<Dir>(d));
    if (hexside_closed(s)) continue;
    const Terrain t = terrain(to);
    // 5.24: never into a river hex; 6.6: no Zone of Control into river or ferry hexes.
    if (t == Terrain::River) continue;
    pass = static_cast<uint8_t>(pass | 1u << d);
    if (t != Terrain::Ferry) zoc = static_cast<uint8_t>(zoc | 1u << d);
  }
  zoc_dirs_[h] = zoc;
  pass_dirs_[h] = pass;
}

void Map::refresh_dirs(HexId h) {
  const size_t n = zoc_dirs_.size();
  if (h >= n) return;
  compute_dirs(h);
  for (int d = 0; d < kDirs; ++d) {
    const HexId x = neighbour(h, static_cast<Dir>(d));
    if (x < n) compute_dirs(x);
  }
}

std::optional<HexId> Map::parse_label(std::string_view text) const {
  const std::optional<HexCoord> c = parse_hex(text);
  if (!c) return std::nullopt;
  return find_label(*c);
}

void Map::remove_hex(HexId h) {
  if (!on_map(h)) return;
  for (int d = 0; d < kDirs; ++d) clear_side(h, static_cast<Dir>(d));
  on_map_[h] = 0;
  terrain_[h] = Terrain::Clear;
  std::erase(hexes_, h);
  refresh_dirs(h);
}

bool Map::on_edge(HexId h) const {
  if (!on_map(h)) return false;
  for (int d = 0; d < kDirs; ++d)
    if (!on_map(neighbour(h, static_cast<Dir>(d)))) return true;
  return false;
}

std::optional<Dir> Map::direction(HexId a, HexId b) const {
  for (int d = 0; d < kDirs; ++d)
    if (neighbour(a, static_cast<Dir>(d)) == b) return static_cast<Dir>(d);
  return std::nullopt;
}

bool Map::is_exit(HexId h) const {
  for (const NamedHex& n : named_)
    if (n.hex == h && n.kind == "exit") return true;
  return false;
}

bool Map::has_road(HexId h) const {
  for (int d = 0; d < kDirs; ++d)
    if (side(h, static_cast<Dir>(d)) & kRoad) return true;
  return false;
}

bool Map::has_trail(HexId h) const {
  for (int d = 0; d < kDirs; ++d)
    if (side(h, static_cast<Dir>(d)) & kTrail) return true;
  return false;
}

void Map::add_side(HexId a, Dir d, HexsideBits bits) {
  const HexId b = neighbour(a, d);
  HexsideBits mine = bits;
  HexsideBits theirs = static_cast<HexsideBits>(bits & ~kRedoubtBarbed);
  if (bits & kRedoubt) {
    // Only one side of a redoubt hexside is barbed.
    mine = static_cast<HexsideBits>(mine | kRedoubtBarbed);
    sides_[b * kDirs + static_cast<int>(opposite(d))] &= static_cast<HexsideBits>(~kRedoubtBarbed);
  }
  sides_[a * kDirs + static_cast<int>(d)] |= mine;
  sides_[b * kDirs + static_cast<int>(opposite(d))] |= theirs;
  refresh_dirs(a);
  refresh_dirs(b);
}

void Map::clear_side(HexId a, Dir d) {
  const HexId b = neighbour(a, d);
  sides_[a * kDirs + static_cast<int>(d)] = 0;
  sides_[b * kDirs + static_cast<int>(opposite(d))] = 0;
  refresh_dirs(a);
  refresh_dirs(b);
}

}  // namespace bg::core
