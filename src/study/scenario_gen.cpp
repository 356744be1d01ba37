#include "study/scenario_gen.h"

#include <memory>
#include <string>
#include <vector>

#include "ai/rng.h"

namespace bg::study {

using namespace bg::core;

namespace {

class Builder {
 public:
  Builder(Game& g, ai::Rng& rng) : g_(g), rng_(rng) {}

  const Map& map() const { return g_.map(); }

  HexId random_hex(int c0, int c1, int r0, int r1) {
    return map().id({rng_.range(c0, c1), rng_.range(r0, r1)});
  }
  HexId neighbour(HexId h, Dir d) const { return map().neighbour(h, d); }
  bool on_map(HexId h) const { return map().on_map(h); }

  void terrain(HexId h, Terrain t) {
    if (!on_map(h)) return;
    Action a;
    a.kind = ActionKind::SetTerrain;
    a.hex = h;
    a.terrain = t;
    (void)g_.apply(a);  // refused only for river under a unit, which cannot happen here
  }
  // Adds features to the hexside between h and its neighbour in direction d.
  // For a redoubt, h is the barbed (attacker's) side.
  void side(HexId h, Dir d, HexsideBits bits) {
    const HexId n = neighbour(h, d);
    if (!on_map(h) || !on_map(n)) return;
    Action a;
    a.kind = ActionKind::AddHexside;
    a.hex = h;
    a.hex2 = n;
    a.bits = bits;
    (void)g_.apply(a);
  }
  HexsideBits bits(HexId h, Dir d) const { return map().side(h, d); }

  // A blob of `size` hexes grown from a centre by random neighbours.
  void blob(HexId centre, int size, Terrain t) {
    std::vector<HexId> cells{centre};
    terrain(centre, t);
    for (int i = 1, guard = 0; i < size && guard < 8 * size; ++guard) {
      const HexId from = rng_.pick(cells);
      const HexId n = neighbour(from, static_cast<Dir>(rng_.below(kDirs)));
      if (!on_map(n) || map().terrain(n) == t || map().terrain(n) == Terrain::River) continue;
      terrain(n, t);
      cells.push_back(n);
      ++i;
    }
  }

  // A chain of hexes from `start`, each step in one of `dirs`, at most `len`
  // hexes, stopping at the map edge or at a river hex.
  std::vector<HexId> walk(HexId start, std::initializer_list<Dir> dirs, int len) {
    std::vector<Dir> ds(dirs);
    std::vector<HexId> out{start};
    HexId at = start;
    for (int i = 1; i < len; ++i) {
      const HexId n =
          neighbour(at, ds[static_cast<size_t>(rng_.below(static_cast<int>(ds.size())))]);
      if (!on_map(n) || map().terrain(n) == Terrain::River) break;
      out.push_back(n);
      at = n;
    }
    return out;
  }

  void chain_sides(const std::vector<HexId>& chain, HexsideBits b) {
    for (size_t i = 0; i + 1 < chain.size(); ++i) {
      const auto d = map().direction(chain[i], chain[i + 1]);
      if (d) side(chain[i], *d, b);
    }
  }

  void place(const std::string& id, Side s, UnitType t, int strength, HexId h) {
    auto d = std::make_shared<UnitDef>();
    d->id = id;
    d->side = s;
    d->type = t;
    d->strength = strength;
    d->defense = strength;
    Action a;
    a.kind = ActionKind::PlaceUnit;
    a.def = d;
    a.hex = h;
    (void)g_.apply(a);
  }

 private:
  Game& g_;
  ai::Rng& rng_;
};

}  // namespace

RulesConfig scenario_rules(const ScenarioOptions& opt) {
  RulesConfig r;
  r.edition = opt.edition;
  r.first = Side::Union;
  r.turns = opt.turns;
  r.seed = opt.seed;
  r.attack_effectiveness = opt.attack_effectiveness;
  if (opt.night)
    for (int t = 4; t < 64 && t <= opt.turns; t += 4) r.night.set(static_cast<size_t>(t));
  if (opt.dg_optional && r.dg()) {
    r.strategic_movement = true;
    r.cavalry_retreat = true;
  }
  return r;
}

namespace {

// A river along part of the west or east edge (impassable hexes, 5.24).
void add_river(Builder& b, ai::Rng& rng, int C, int R) {
  const bool west = rng.chance(0.5);
  HexId h = b.map().id({west ? 1 : C, rng.range(R / 2 + 4, R - 3)});
  const Dir d1 = west ? Dir::SE : Dir::SW;
  for (HexId x : b.walk(h, {Dir::S, d1, d1}, rng.range(3, 6))) b.terrain(x, Terrain::River);
}

// Blobs of forest, rough, forest-rough, swamp and towns.
void add_terrain_blobs(Builder& b, ai::Rng& rng, int C, int R) {
  const int blobs = (C * R) / 28;
  for (int i = 0; i < blobs; ++i) {
    const int roll = rng.below(100);
    Terrain t = Terrain::Forest;
    if (roll >= 45) t = Terrain::Rough;
    if (roll >= 65) t = Terrain::ForestRough;
    if (roll >= 80) t = Terrain::Swamp;
    if (roll >= 90) t = Terrain::Town;
    const int size = t == Terrain::Town ? rng.range(1, 2) : rng.range(2, 7);
    HexId centre = b.random_hex(1, C, 1, R);
    if (b.map().terrain(centre) == Terrain::River) continue;
    b.blob(centre, size, t);
  }
}

// Roads north to south and one west to east, trails wandering.
void add_roads(Builder& b, ai::Rng& rng, int C, int R) {
  for (int i = 0; i < 2; ++i) {
    const HexId start = b.map().id({rng.range(3, C - 2), 1});
    b.chain_sides(b.walk(start, {Dir::S, Dir::S, Dir::SE, Dir::SW}, R + 4), kRoad);
  }
  {
    const HexId start = b.map().id({1, rng.range(R / 3, 2 * R / 3)});
    b.chain_sides(b.walk(start, {Dir::NE, Dir::SE}, C), kRoad);
  }
  for (int i = 0; i < 3; ++i) {
    const HexId start = b.random_hex(2, C - 1, 2, R - 1);
    b.chain_sides(b.walk(start, {Dir::S, Dir::SE, Dir::NE, Dir::SW}, rng.range(5, 12)), kTrail);
  }
}

// Creeks and streams: lines of hexsides under a west-east chain of hexes.
// Roads and trails cross creeks at bridges; some other creek hexsides are fords.
void add_creeks(Builder& b, ai::Rng& rng, int C, int R) {
  for (int i = 0; i < 4; ++i) {
    const bool creek = i < 2;
    const HexId start = b.random_hex(1, C - 8, 4, R - 4);
    const auto chain = b.walk(start, {Dir::NE, Dir::SE}, rng.range(5, 11));
    for (HexId h : chain) {
      const HexsideBits here = b.bits(h, Dir::S);
      HexsideBits add = creek ? kCreek : kStream;
      if (here & (kRoad | kTrail)) {
        add = static_cast<HexsideBits>(add | kBridge);
      } else if (creek && rng.chance(0.2)) {
        add = static_cast<HexsideBits>(add | kFord);
      } else if (!creek && rng.chance(0.15)) {
        add = static_cast<HexsideBits>(add | kBridge);
      }
      b.side(h, Dir::S, add);
    }
  }
}

// Lakes: a few consecutive lake hexsides around a hex.
void add_lakes(Builder& b, ai::Rng& rng, int C, int R) {
  for (int i = 0; i < 2; ++i) {
    const HexId h = b.random_hex(2, C - 1, 2, R - 1);
    const int first = rng.below(kDirs);
    const int n = rng.range(2, 4);
    for (int k = 0; k < n; ++k) b.side(h, dir_from_int(first + k), kLake);
  }
}

// Redoubts near the middle: the barbed side faces the outside.
void add_redoubts(Builder& b, ai::Rng& rng, int C, int R) {
  for (int i = 0; i < 3; ++i) {
    const HexId h = b.random_hex(3, C - 2, R / 2 - 4, R / 2 + 4);
    if (b.map().terrain(h) == Terrain::River) continue;
    const int first = rng.below(kDirs);
    const int n = rng.range(2, 3);
    for (int k = 0; k < n; ++k) {
      const Dir d = dir_from_int(first + k);
      const HexId outside = b.neighbour(h, d);
      if (b.on_map(outside)) b.side(outside, opposite(d), kRedoubt);
    }
  }
}

// Two armies, Union in the north, Confederates in the south, a few hexes apart.
void place_armies(Game& g, Builder& b, ai::Rng& rng, const ScenarioOptions& opt) {
  const int C = opt.cols, R = opt.rows;
  const int mid = R / 2;
  for (int side = 0; side < 2; ++side) {
    const Side s = side == 0 ? Side::Union : Side::Confederate;
    const int r0 = side == 0 ? mid - 5 : mid + 3;
    const int r1 = r0 + 3;
    for (int i = 0; i < opt.units_per_side; ++i) {
      const int roll = rng.below(100);
      UnitType t = UnitType::Infantry;
      int strength = rng.range(2, 10);
      if (roll >= 70) {
        t = UnitType::Cavalry;
        strength = rng.range(1, 4);
      }
      if (roll >= 85) {
        t = UnitType::Artillery;
        strength = rng.range(1, 4);
      }
      std::string id = std::to_string(i + 1);
      id.insert(id.begin(), side == 0 ? 'U' : 'C');
      for (int tries = 0; tries < 200; ++tries) {
        const HexId h = b.random_hex(2, C - 1, r0, r1);
        const Terrain ter = b.map().terrain(h);
        if (ter == Terrain::River || ter == Terrain::Ferry) continue;
        if (g.board().units(s, h) >= 2) continue;
        b.place(id, s, t, strength, h);
        break;
      }
    }
  }
}

}  // namespace

Game make_scenario(const ScenarioOptions& opt) {
  Game g = Game::sandbox(opt.cols, opt.rows, scenario_rules(opt));
  ai::Rng rng(opt.seed ^ 0x5CE4A210ull);
  Builder b(g, rng);
  const int C = opt.cols, R = opt.rows;
  add_river(b, rng, C, R);
  add_terrain_blobs(b, rng, C, R);
  add_roads(b, rng, C, R);
  add_creeks(b, rng, C, R);
  add_lakes(b, rng, C, R);
  add_redoubts(b, rng, C, R);
  place_armies(g, b, rng, opt);
  return g;
}

}  // namespace bg::study
