// Random-legal play with invariant checks (OpenSpiel style): many seeded games
// on generated maps, with the random player answering every decision and a
// sprinkling of deliberately illegal actions. After every action the position
// is checked against rules that must always hold; at the end the log must
// replay to the same state. (That the same seed gives the same game, for
// every title, is the conformance suite's: tests/titles/conformance_test.cpp.)
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "ai/random_player.h"
#include "study/scenario_gen.h"

namespace bg::test {
namespace {

using namespace bg::core;
using bg::ai::Rng;

struct Stats {
  int games = 0;
  int actions = 0;
  int junk = 0;
  int junk_refused = 0;
  int attacks = 0;
  int multi_hex = 0;
  int bombard = 0;
  int reduced = 0;
  int retreats = 0;
  int displaced = 0;
  int advances = 0;
  int loses = 0;
  int evades = 0;
  int eliminated = 0;
  int night_moves = 0;
  int finished = 0;
};

std::string describe(const Game& g, const Action& a) {
  std::ostringstream os;
  static const char* kKinds[] = {"move", "attack", "retreat", "advance", "lose", "evade",
                                 "end",  "dice",   "terrain", "hexside", "place"};
  os << kKinds[static_cast<int>(a.kind)];
  auto hex = [&](HexId h) {
    if (h < g.map().id_space() && g.map().on_map(h)) return format_hex(g.map().coord(h));
    return std::string("#") + std::to_string(h);
  };
  auto unit = [&](UnitIndex u) {
    return u < g.roster().size() ? g.roster()[u].id : std::string("#") + std::to_string(u);
  };
  if (a.unit != kNoUnit) os << " " << unit(a.unit);
  for (UnitIndex u : a.units) os << " " << unit(u);
  if (a.hex != kNoHex) os << " @" << hex(a.hex);
  for (HexId h : a.hexes) os << " @" << hex(h);
  for (HexId h : a.path) os << " >" << hex(h);
  if (a.displace != kNoUnit) os << " displace " << unit(a.displace);
  if (a.column >= 0) os << " column " << int{a.column};
  const GameState& st = g.state();
  os << " [turn " << st.turn << " " << side_name(st.phasing) << " " << phase_name(st.phase)
     << " pending " << st.pending.size() << "]";
  return os.str();
}

// Checks of one position, whatever happened before.
class Checker {
 public:
  explicit Checker(const Game& g) {
    const Position& pos = g.position();
    for (int u = 0; u < pos.count; ++u)
      total_[side(g, static_cast<UnitIndex>(u))] += g.roster()[u].strength;
    start_movement_phase(g);
  }

  static size_t side(const Game& g, UnitIndex u) { return static_cast<size_t>(g.roster()[u].side); }

  // Invariants of a single state. Returns a description of the first violation.
  std::string check_state(const Game& g, bool stacking) const {
    const GameState& st = g.state();
    const Position& pos = st.pos;
    const Map& map = g.map();
    if (static_cast<size_t>(pos.count) != g.roster().size()) return "unit count != roster size";
    std::vector<std::array<int, 2>> count(static_cast<size_t>(map.id_space()), {0, 0});
    std::array<int, 2> strength{};
    std::array<int, 2> lost{};  // printed strength of eliminated units per side
    for (int u = 0; u < pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      const UnitState& s = pos.units[u];
      const UnitDef& d = g.roster()[ui];
      if (s.on_map() != (s.hex != kNoHex))
        return d.id + ": status " + std::string(unit_status_name(s.status)) + " disagrees with hex";
      if (s.status == UnitStatus::OffMap) return d.id + " is off the map (never entered)";
      if (s.on_map()) {
        if (s.hex >= map.id_space() || !map.on_map(s.hex)) return d.id + " stands off the map";
        const Terrain t = map.terrain(s.hex);
        if (t == Terrain::River || t == Terrain::Ferry)
          return d.id + " stands in a river hex " + format_hex(map.coord(s.hex));
        count[s.hex][side(g, ui)]++;
      }
      if (s.status == UnitStatus::OnMap || s.status == UnitStatus::Eliminated ||
          s.status == UnitStatus::Exited)
        strength[side(g, ui)] += d.strength;
      if (s.status == UnitStatus::Eliminated) lost[side(g, ui)] += d.strength;
      if (s.has(kMoved) && (d.side != st.phasing || st.phase == Phase::Over))
        return d.id + " is marked moved but is not phasing";
      if (s.has(kAttacked) && d.side != st.phasing) return d.id + " attacked but is not phasing";
      if (s.has(kDefended) && d.side == st.phasing) return d.id + " defended but is phasing";
    }
    for (HexId h : map.hexes()) {
      if (count[h][0] && count[h][1]) return "both sides stand in " + format_hex(map.coord(h));
      if (stacking && (count[h][0] > 2 || count[h][1] > 2))
        return format_hex(map.coord(h)) + " holds more than two units of a side";
    }
    for (size_t s = 0; s < 2; ++s) {
      if (strength[s] != total_[s])
        return "strength not conserved for " + std::string(side_name(static_cast<Side>(s)));
      if (st.vp[1 - s] != lost[s])
        return "victory points of " + std::string(side_name(static_cast<Side>(1 - s))) + " are " +
               std::to_string(st.vp[1 - s]) + ", eliminated enemy strength is " +
               std::to_string(lost[s]);
    }
    for (const Pending& p : st.pending) {
      if (p.kind == PendingKind::Retreat || p.kind == PendingKind::Evade) {
        if (p.unit >= pos.count || !pos.units[p.unit].on_map())
          return "a pending retreat names a unit not on the map";
      }
    }
    if (st.phase == Phase::Over && !st.pending.empty()) return "decisions pending after the end";
    return {};
  }

  // Invariants of one accepted action (before -> after).
  std::string check_step(const Game& g, const GameState& before, const Action& a) {
    const GameState& st = g.state();
    const Position& pos = st.pos;
    const bool phase_changed =
        st.phase != before.phase || st.phasing != before.phasing || st.turn != before.turn;
    for (int u = 0; u < pos.count; ++u) {
      const UnitIndex ui = static_cast<UnitIndex>(u);
      const UnitState& was = before.pos.units[u];
      const UnitState& now = pos.units[u];
      const UnitDef& d = g.roster()[ui];
      if (was.status == UnitStatus::Eliminated && now.status != UnitStatus::Eliminated)
        return d.id + " came back from elimination";
      if (before.phase == Phase::Movement && was.hex != now.hex) {
        if (d.side != before.phasing) return d.id + " (not phasing) moved in a Movement Phase";
        if (a.kind != ActionKind::Move || a.unit != ui)
          return d.id + " changed hex without a move of its own";
        if (now.hex != a.path.back()) return d.id + " did not end where its path ended";
      }
      if (before.phase == Phase::Movement && locked_[u] != kNoHex && now.hex != locked_[u])
        return d.id + " began the Movement Phase in an enemy ZOC and left it (5.13)";
    }
    if (before.phase == Phase::Combat && a.kind == ActionKind::End && before.pending.empty() &&
        !before.closing) {
      const Obligations ob = obligations(g.context(), before);
      if (!ob.empty()) return "the Combat Phase ended with attacks still owed (7.11/7.12)";
    }
    if (a.kind == ActionKind::Attack) {
      for (UnitIndex u : a.units)
        if (pos.units[u].on_map() && !pos.units[u].has(kAttacked) && st.turn == before.turn &&
            st.phasing == before.phasing)
          return g.roster()[u].id + " attacked but is not marked";
    }
    if (phase_changed) {
      // 5.32 / DG 6.0: at most two units of a side per hex when a phase ends.
      // Units do not move when a phase changes, so the position after the
      // action is the one the phase ended with (a closing retreat under 11.31
      // / DG 10.2 ends the phase inside the action that resolves it).
      if (auto e = check_stacking(g, st); !e.empty()) return "at the end of a phase: " + e;
      if (st.phase == Phase::Movement) start_movement_phase(g);
    }
    const bool stacking = st.phase != Phase::Movement || g.rules().dg();
    const bool quiet = st.pending.empty();
    return check_state(g, stacking && quiet);
  }

  std::string check_stacking(const Game& g, const GameState& st) const {
    const Map& map = g.map();
    std::vector<std::array<int, 2>> count(static_cast<size_t>(map.id_space()), {0, 0});
    for (int u = 0; u < st.pos.count; ++u)
      if (st.pos.units[u].on_map())
        if (++count[st.pos.units[u].hex][side(g, static_cast<UnitIndex>(u))] > 2)
          return format_hex(map.coord(st.pos.units[u].hex)) + " holds three units of a side";
    return {};
  }

  void start_movement_phase(const Game& g) {
    locked_.fill(kNoHex);
    const GameState& st = g.state();
    if (st.phase != Phase::Movement) return;
    const Board& b = g.board();
    for (int u = 0; u < st.pos.count; ++u) {
      const UnitState& s = st.pos.units[u];
      if (s.on_map() && g.roster()[u].side == st.phasing && b.enemy_zoc(st.phasing, s.hex))
        locked_[static_cast<size_t>(u)] = s.hex;
    }
  }

  bool locked(UnitIndex u) const { return locked_[u] != kNoHex; }

 private:
  std::array<int, 2> total_{};
  std::array<HexId, kMaxUnits> locked_{};
};

enum class Must { Refuse, Either };

// A deliberately doubtful action. Some kinds must always be refused.
Action junk(const Game& g, Rng& rng, const Action& legal, const Checker& chk, Must& must) {
  const GameState& st = g.state();
  const Position& pos = st.pos;
  const Map& map = g.map();
  const int space = map.id_space();
  auto any_hex = [&] { return static_cast<HexId>(rng.below(space + 40)); };
  auto map_hex = [&] { return map.hexes()[static_cast<size_t>(rng.below(map.hex_count()))]; };
  auto any_unit = [&] { return static_cast<UnitIndex>(rng.below(pos.count + 3)); };
  must = Must::Either;
  Action a;
  switch (rng.below(12)) {
    case 0: {  // a random path for a random unit
      a.kind = ActionKind::Move;
      a.unit = any_unit();
      for (int i = rng.range(1, 3); i > 0; --i) a.path.push_back(any_hex());
      // Refused for sure unless the first hex happens to be next to the unit.
      const bool unit_ok = a.unit < pos.count && pos.units[a.unit].on_map();
      const bool adjacent = unit_ok && a.path[0] < space && map.on_map(a.path[0]) &&
                            map.direction(pos.units[a.unit].hex, a.path[0]);
      must = adjacent ? Must::Either : Must::Refuse;
      return a;
    }
    case 1:  // a ZOC-locked or already moved unit steps to a neighbour: 5.13 / 5.17
      for (int u = 0; u < pos.count; ++u) {
        const UnitIndex ui = static_cast<UnitIndex>(u);
        if (!pos.units[u].on_map()) continue;
        if (st.phase == Phase::Movement && g.roster()[ui].side == st.phasing &&
            !(chk.locked(ui) || pos.units[u].has(kMoved)))
          continue;
        if (!rng.chance(0.3)) continue;
        a.kind = ActionKind::Move;
        a.unit = ui;
        a.path.push_back(map.neighbour(pos.units[u].hex, static_cast<Dir>(rng.below(kDirs))));
        must = Must::Refuse;
        return a;
      }
      a.kind = ActionKind::Dice;
      a.dice.push_back(static_cast<uint8_t>(rng.chance(0.5) ? 0 : 7));
      must = Must::Refuse;
      return a;
    case 2:  // random attack
      a.kind = ActionKind::Attack;
      for (int i = rng.range(1, 3); i > 0; --i) a.units.push_back(any_unit());
      for (int i = rng.range(1, 2); i > 0; --i)
        a.hexes.push_back(rng.chance(0.8) ? map_hex() : any_hex());
      return a;
    case 3:  // a legal attack, mutated
      a = legal;
      if (a.kind != ActionKind::Attack) {
        a.kind = ActionKind::Attack;
        a.units.push_back(any_unit());
        a.hexes.push_back(map_hex());
        return a;
      }
      if (a.units.size() > 1 && rng.chance(0.5)) {
        StaticVector<UnitIndex, kMaxCombatUnits> fewer;
        const size_t drop = static_cast<size_t>(rng.below(static_cast<int>(a.units.size())));
        for (size_t i = 0; i < a.units.size(); ++i)
          if (i != drop) fewer.push_back(a.units[i]);
        a.units = fewer;
      } else if (rng.chance(0.5) && !a.units.full()) {
        a.units.push_back(any_unit());
      } else if (!a.hexes.full()) {
        a.hexes.push_back(map_hex());
      }
      if (rng.chance(0.3)) a.column = static_cast<int8_t>(rng.below(10));
      return a;
    case 4:
      a.kind = ActionKind::End;
      if (!st.pending.empty()) must = Must::Refuse;
      if (st.phase == Phase::Combat && !g.obligations().empty()) must = Must::Refuse;
      return a;
    case 5:
      a.kind = ActionKind::Retreat;
      a.unit = any_unit();
      a.hex = rng.chance(0.2) ? kNoHex : (rng.chance(0.7) ? map_hex() : any_hex());
      if (rng.chance(0.3)) a.displace = any_unit();
      return a;
    case 6:
      a.kind = ActionKind::Advance;
      a.unit = rng.chance(0.2) ? kNoUnit : any_unit();
      a.hex = rng.chance(0.7) ? map_hex() : any_hex();
      if (st.pending.empty()) must = Must::Refuse;
      return a;
    case 7:
      a.kind = ActionKind::Lose;
      for (int i = rng.range(0, 3); i > 0; --i) a.units.push_back(any_unit());
      if (st.pending.empty()) must = Must::Refuse;
      return a;
    case 8:
      a.kind = ActionKind::Evade;
      a.unit = any_unit();
      for (int i = rng.range(0, 3); i > 0; --i)
        a.path.push_back(rng.chance(0.7) ? map_hex() : any_hex());
      if (st.pending.empty()) must = Must::Refuse;
      return a;
    case 9: {  // set-up commands that must be refused: a river under a unit, a duplicate id
      must = Must::Refuse;
      if (rng.chance(0.5) && pos.count > 0) {
        const UnitIndex u = static_cast<UnitIndex>(rng.below(pos.count));
        if (pos.units[u].on_map()) {
          a.kind = ActionKind::SetTerrain;
          a.hex = pos.units[u].hex;
          a.terrain = Terrain::River;
          return a;
        }
      }
      auto d = std::make_shared<UnitDef>();
      d->id = pos.count > 0 ? g.roster()[0].id : std::string("U1");
      a.kind = ActionKind::PlaceUnit;
      a.def = d;
      a.hex = map_hex();
      return a;
    }
    case 10:  // a move outside the Movement Phase
      a.kind = ActionKind::Move;
      a.unit = any_unit();
      a.path.push_back(map_hex());
      if (st.phase != Phase::Movement) must = Must::Refuse;
      if (st.phase == Phase::Movement) {
        a.path.push_back(a.path[0]);  // a hex twice: never adjacent to itself
        must = Must::Refuse;
      }
      return a;
    default:
      a.kind = ActionKind::Dice;
      a.dice.push_back(static_cast<uint8_t>(rng.chance(0.5) ? 0 : 7));
      must = Must::Refuse;
      return a;
  }
}

struct GameResult {
  std::string failure;  // empty: every invariant held
};

void count(Stats& s, const Game& g, const GameState& before, const Action& a,
           const Result<Report>& r) {
  s.actions++;
  if (before.phase == Phase::Movement && a.kind == ActionKind::Move && g.night()) s.night_moves++;
  if (r.ok()) s.eliminated += static_cast<int>(r->eliminated.size());
  switch (a.kind) {
    case ActionKind::Attack: {
      s.attacks++;
      if (a.hexes.size() > 1) s.multi_hex++;
      if (a.column >= 0) s.reduced++;
      for (UnitIndex u : a.units)
        if (g.roster()[u].type == UnitType::Artillery &&
            !g.board().enemy_zoc(g.roster()[u].side, before.pos.units[u].hex)) {
          s.bombard++;
          break;
        }
      break;
    }
    case ActionKind::Retreat:
      s.retreats++;
      if (a.hex != kNoHex && a.unit < before.pos.count) {
        int friends = 0;  // a retreat into a full friendly hex displaces (7.8, DG 8.52)
        for (int u = 0; u < before.pos.count; ++u)
          friends += before.pos.units[u].on_map() && before.pos.units[u].hex == a.hex &&
                     g.roster()[u].side == g.roster()[a.unit].side;
        if (friends >= 2) s.displaced++;
      }
      break;
    case ActionKind::Advance:
      if (a.unit != kNoUnit) s.advances++;
      break;
    case ActionKind::Lose:
      s.loses++;
      break;
    case ActionKind::Evade:
      s.evades++;
      break;
    default:
      break;
  }
}

GameResult play_checked(const bg::study::ScenarioOptions& opt, double junk_rate, Stats& stats,
                        int max_actions = 6000) {
  GameResult out;
  Game g = bg::study::make_scenario(opt);
  const size_t setup = g.log().size();
  Checker chk(g);
  Rng rng(opt.seed * 7919 + 17);
  bg::ai::RandomPlayer player;
  auto fail = [&](const std::string& what, const Action& a) {
    out.failure = "seed " + std::to_string(opt.seed) + ", action " +
                  std::to_string(g.log().size() - setup) + " (" + describe(g, a) + "): " + what;
  };
  if (auto e = chk.check_state(g, true); !e.empty()) {
    out.failure = "seed " + std::to_string(opt.seed) + " set-up: " + e;
    return out;
  }
  int applied = 0;
  while (!g.over() && applied < max_actions) {
    const Action legal = player.choose(g, rng);
    if (rng.chance(junk_rate)) {
      Must must = Must::Either;
      const Action j = junk(g, rng, legal, chk, must);
      const GameState before = g.state();
      const size_t log_before = g.log().size();
      auto r = g.apply(j);
      stats.junk++;
      if (!r.ok()) {
        stats.junk_refused++;
        if (!(g.state() == before) || g.log().size() != log_before) {
          fail("a refused action changed the game", j);
          return out;
        }
      } else {
        if (must == Must::Refuse) {
          fail("an illegal action was accepted", j);
          return out;
        }
        count(stats, g, before, j, r);
        if (auto e = chk.check_step(g, before, j); !e.empty()) {
          fail(e, j);
          return out;
        }
        ++applied;
        continue;  // the position changed: choose again
      }
    }
    const GameState before = g.state();
    const size_t log_before = g.log().size();
    auto r = g.apply(legal);
    if (!r.ok()) {
      fail("the engine refused the random player's action: " + r.error().message, legal);
      if (!(g.state() == before) || g.log().size() != log_before)
        out.failure += " (and the refusal changed the game)";
      return out;
    }
    count(stats, g, before, legal, r);
    if (auto e = chk.check_step(g, before, legal); !e.empty()) {
      fail(e, legal);
      return out;
    }
    ++applied;
  }
  if (!g.over()) {
    out.failure = "seed " + std::to_string(opt.seed) + ": the game did not finish in " +
                  std::to_string(max_actions) + " actions";
    return out;
  }
  stats.finished++;
  stats.games++;
  // Replay: the log (set-up included) on a fresh sandbox reproduces the game.
  Game fresh = Game::sandbox(g.map().cols(), g.map().rows(), g.rules());
  for (size_t i = 0; i < g.log().size(); ++i) {
    const LogEntry& e = g.log()[i];
    auto r = fresh.apply(e.action);
    if (!r.ok()) {
      out.failure = "seed " + std::to_string(opt.seed) + ": replay refused log entry " +
                    std::to_string(i) + ": " + r.error().message;
      return out;
    }
    if (!(fresh.log().back().rolls == e.rolls)) {
      out.failure = "seed " + std::to_string(opt.seed) +
                    ": replay rolled different dice at entry " + std::to_string(i);
      return out;
    }
  }
  if (!(fresh.state() == g.state())) {
    out.failure = "seed " + std::to_string(opt.seed) + ": replay gave a different final state";
    return out;
  }
  return out;
}

void print(const char* name, const Stats& s) {
  std::printf(
      "[%s] games %d actions %d junk %d (refused %d) attacks %d (multi-hex %d, with artillery %d, "
      "reduced odds %d) retreats %d (displacing %d) advances %d exchanges %d evasions %d "
      "eliminated %d night moves %d\n",
      name, s.games, s.actions, s.junk, s.junk_refused, s.attacks, s.multi_hex, s.bombard,
      s.reduced, s.retreats, s.displaced, s.advances, s.loses, s.evades, s.eliminated,
      s.night_moves);
}

void run_many(const char* name, bg::study::ScenarioOptions base, uint64_t first_seed, int games,
              Stats& stats, double junk_rate = 0.05) {
  for (int i = 0; i < games; ++i) {
    bg::study::ScenarioOptions opt = base;
    opt.seed = first_seed + static_cast<uint64_t>(i);
    const GameResult r = play_checked(opt, junk_rate, stats);
    ASSERT_TRUE(r.failure.empty()) << name << ": " << r.failure;
  }
  print(name, stats);
}

}  // namespace

TEST(RandomPlay, InvariantsHoldOver200Seeds1977) {
  bg::study::ScenarioOptions base;
  base.edition = Edition::Spi1977;
  base.turns = 6;
  Stats s;
  run_many("1977", base, 1000, 200, s);
  EXPECT_EQ(s.finished, 200);
  EXPECT_GT(s.attacks, 200);
  EXPECT_GT(s.retreats, 50);
  EXPECT_GT(s.advances, 10);
  EXPECT_GT(s.loses, 0);
  // 1977 displacement (7.8) needs every plain retreat closed and is almost never
  // reached by random play; retreat_test.cpp covers it. DG 8.52 is checked below.
  EXPECT_GT(s.multi_hex, 0);
  EXPECT_GT(s.bombard, 0);
  EXPECT_GT(s.junk_refused, 100);
}

TEST(RandomPlay, InvariantsHoldOver100SeedsDg2016) {
  bg::study::ScenarioOptions base;
  base.edition = Edition::Dg2016;
  base.dg_optional = true;  // strategic movement, cavalry retreat before combat
  base.turns = 6;
  Stats s;
  run_many("dg2016", base, 2000, 100, s);
  EXPECT_EQ(s.finished, 100);
  EXPECT_GT(s.attacks, 100);
  EXPECT_GT(s.evades, 0);
  EXPECT_GT(s.loses, 0);
  EXPECT_GT(s.displaced, 0);
}

TEST(RandomPlay, InvariantsHoldWithAttackEffectiveness) {
  for (Edition e : {Edition::Spi1977, Edition::Dg2016}) {
    bg::study::ScenarioOptions base;
    base.edition = e;
    base.attack_effectiveness = true;
    base.night = true;  // turns 4 and 8 are night turns
    base.turns = 8;
    Stats s;
    run_many(e == Edition::Dg2016 ? "dg2016+ae+night" : "1977+ae+night", base, 3000, 40, s);
    EXPECT_EQ(s.finished, 40);
    EXPECT_GT(s.attacks, 40);
    EXPECT_GT(s.night_moves, 0);
  }
}

TEST(RandomPlay, PlayGameFinishesWithoutRefusals) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    bg::study::ScenarioOptions opt;
    opt.seed = seed;
    opt.edition = seed % 2 ? Edition::Spi1977 : Edition::Dg2016;
    opt.dg_optional = true;
    Game g = bg::study::make_scenario(opt);
    const auto stats = bg::ai::play_game(g, seed, 20000);
    EXPECT_TRUE(g.over()) << "seed " << seed;
    EXPECT_EQ(stats.refused, 0) << "seed " << seed;
    EXPECT_GT(stats.applied, 0);
  }
}

// Hostile input: unit indices and hex ids outside the game, in every kind of
// action at every kind of decision point. Each must be refused cleanly (no
// crash, no out-of-bounds read under ASan) and leave the game as it was.
TEST(RandomPlay, OutOfRangeIdsAreRefused) {
  int tried = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    bg::study::ScenarioOptions opt;
    opt.seed = seed;
    opt.turns = 4;
    opt.edition = seed % 2 ? Edition::Spi1977 : Edition::Dg2016;
    opt.dg_optional = true;
    Game g = bg::study::make_scenario(opt);
    bg::ai::RandomPlayer player;
    Rng rng(seed);
    const int space = g.map().id_space();
    const std::array<HexId, 5> bad_hexes = {0, static_cast<HexId>(space),
                                            static_cast<HexId>(space + 777), 0x7FFF, 0xFFFE};
    const std::array<UnitIndex, 3> bad_units = {static_cast<UnitIndex>(g.position().count), 200,
                                                0xFE};
    for (int step = 0; step < 4000 && !g.over(); ++step) {
      if (step % 5 == 0) {
        for (HexId h : bad_hexes) {
          for (UnitIndex u : bad_units) {
            const UnitIndex good = static_cast<UnitIndex>(rng.below(g.position().count));
            std::vector<Action> hostile;
            for (ActionKind k : {ActionKind::Move, ActionKind::Attack, ActionKind::Retreat,
                                 ActionKind::Advance, ActionKind::Lose, ActionKind::Evade}) {
              Action a;
              a.kind = k;
              a.unit = u;
              a.hex = h;
              a.path.push_back(h);
              a.units.push_back(u);
              a.hexes.push_back(h);
              hostile.push_back(a);
              a.unit = good;  // a real unit with a bad hex
              a.units.clear();
              a.units.push_back(good);
              hostile.push_back(a);
            }
            Action d;
            d.kind = ActionKind::Retreat;
            d.unit = good;
            d.hex = h;
            d.displace = u;
            hostile.push_back(d);
            Action place;
            place.kind = ActionKind::AddHexside;
            place.hex = good < g.position().count && g.position().units[good].on_map()
                            ? g.position().units[good].hex
                            : g.map().hexes()[0];
            place.hex2 = h;
            place.bits = kRoad;
            hostile.push_back(place);
            for (const Action& a : hostile) {
              const GameState before = g.state();
              const size_t log_before = g.log().size();
              auto r = g.apply(a);
              ++tried;
              ASSERT_FALSE(r.ok()) << "seed " << seed << ": accepted " << describe(g, a);
              ASSERT_TRUE(g.state() == before) << describe(g, a);
              ASSERT_EQ(g.log().size(), log_before);
            }
          }
        }
      }
      ASSERT_TRUE(g.apply(player.choose(g, rng)).ok());
    }
  }
  EXPECT_GT(tried, 1000);
}

TEST(RandomPlay, ScenarioHasMixedTerrainAndTwoArmies) {
  bg::study::ScenarioOptions opt;
  opt.seed = 5;
  const Game g = bg::study::make_scenario(opt);
  EXPECT_EQ(g.map().cols(), 24);
  EXPECT_EQ(g.map().rows(), 28);
  std::array<int, kTerrainCount> terrain{};
  int roads = 0, creeks = 0, bridges = 0, streams = 0, lakes = 0, redoubts = 0;
  for (HexId h : g.map().hexes()) {
    terrain[static_cast<size_t>(g.map().terrain(h))]++;
    for (int d = 0; d < kDirs; ++d) {
      const HexsideBits b = g.map().side(h, static_cast<Dir>(d));
      roads += (b & (kRoad | kTrail)) != 0;
      creeks += (b & kCreek) != 0;
      bridges += (b & (kBridge | kFord)) != 0;
      streams += (b & kStream) != 0;
      lakes += (b & kLake) != 0;
      redoubts += (b & kRedoubt) != 0;
    }
  }
  EXPECT_GT(terrain[static_cast<size_t>(Terrain::Forest)], 0);
  EXPECT_GT(terrain[static_cast<size_t>(Terrain::Rough)], 0);
  EXPECT_GT(terrain[static_cast<size_t>(Terrain::River)], 0);
  EXPECT_GT(roads, 0);
  EXPECT_GT(creeks, 0);
  EXPECT_GT(bridges, 0);
  EXPECT_GT(streams, 0);
  EXPECT_GT(lakes, 0);
  EXPECT_GT(redoubts, 0);
  std::array<int, 2> units{};
  for (int u = 0; u < g.position().count; ++u) units[Checker::side(g, static_cast<UnitIndex>(u))]++;
  EXPECT_EQ(units[0], 20);
  EXPECT_EQ(units[1], 20);
  // The generator is deterministic in its options.
  const Game again = bg::study::make_scenario(opt);
  EXPECT_TRUE(again.state() == g.state());
  EXPECT_EQ(again.log().size(), g.log().size());
}

}  // namespace bg::test
