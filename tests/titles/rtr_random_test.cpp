// Seeded random-legal games of Road to Richmond from the real set-up to the end
// of Game-Turn 20, in both exclusive editions and both standard editions:
// every action the random player offers must be accepted, invariants hold
// after every action, and the victory points, re-computed from the action log
// by replaying it, match the engine's.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "ai/random_player.h"
#include "core/hex.h"
#include "rtr_fixture.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

struct Config {
  const char* name;
  RtrSetup setup;
};

std::vector<Config> configs() {
  std::vector<Config> out;
  out.push_back({"1977 basic", rtr_1977()});
  RtrSetup t = rtr_1977(true);
  t.attack_effectiveness = true;
  out.push_back({"1977 tournament + attack effectiveness", t});
  out.push_back({"revised", rtr_revised()});
  RtrSetup d = rtr_revised();
  d.edition = Edition::Dg2016;
  out.push_back({"revised on the DG 2016 standard rules", d});
  return out;
}

// Invariants of one position of Road to Richmond.
std::string check(const Game& g, const std::array<int, 2>& total, bool phase_ended) {
  const GameState& st = g.state();
  const Map& map = g.map();
  const auto* rules = dynamic_cast<const RoadToRichmond*>(g.scenario());
  std::vector<std::array<int, 2>> count(static_cast<size_t>(map.id_space()), {0, 0});
  std::array<int, 2> strength{};
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& s = st.pos.units[u];
    const UnitDef& d = g.roster()[static_cast<size_t>(u)];
    strength[static_cast<size_t>(d.side)] += d.strength;
    if (!s.on_map()) continue;
    if (!map.on_map(s.hex)) return d.id + " stands off the map";
    const Terrain t = map.terrain(s.hex);
    if (t == Terrain::River || t == Terrain::Ferry) return d.id + " stands in a river hex";
    count[s.hex][static_cast<size_t>(d.side)]++;
    if (d.side == U && rules->in_ccz(s.hex) && !rules->ccz_open(st))
      return d.id + " stands in the closed Command Control Zone (18.1)";
    if (d.road_only && !map.has_road(s.hex) && !map.has_trail(s.hex))
      return d.id + " has left the roads (20.23 / 22.23)";
    if (d.sole_occupant && (count[s.hex][0] + count[s.hex][1]) > 1)
      return "the Train shares its hex (20.21)";
  }
  for (HexId h : map.hexes()) {
    if (count[h][0] && count[h][1]) return "both sides stand in " + format_hex(map.coord(h));
    for (int side = 0; side < 2; ++side) {
      if (count[h][side] < 2) continue;
      for (int u = 0; u < st.pos.count; ++u)
        if (st.pos.units[u].on_map() && st.pos.units[u].hex == h &&
            g.roster()[static_cast<size_t>(u)].sole_occupant)
          return "the Train shares its hex (20.21)";
    }
    if (phase_ended && st.turn > 1 && (count[h][0] > 2 || count[h][1] > 2))
      return format_hex(map.coord(h)) + " holds more than two units of a side at a phase's end";
  }
  if (strength != total) return "strength not conserved";
  const VictoryReport v = g.victory();
  if (v.total != st.vp) return "the victory report disagrees with the running score";
  return {};
}

// The victory points of a finished game, re-computed by replaying its log:
// eliminations, the Train, Activation, the victory hexes turn by turn, and the
// end-of-game schedule from the final position.
std::array<int, 2> recompute(const Game& finished, const RtrSetup& setup) {
  auto replay = titles::rtr::make_road_to_richmond(setup);
  EXPECT_TRUE(replay.ok());
  Game& g = *replay;
  const auto& rules = *dynamic_cast<const RoadToRichmond*>(g.scenario());
  const RtrOptions opt = rules.options();
  const Map& map = g.map();
  auto side_at = [&](const GameState& st, HexId h, Side s) {
    for (int u = 0; u < st.pos.count; ++u)
      if (st.pos.units[u].on_map() && st.pos.units[u].hex == h &&
          g.roster()[static_cast<size_t>(u)].side == s)
        return true;
    return false;
  };
  const HexId h1823 = map.id({18, 23}), h1826 = map.id({18, 26});
  std::array<int, 2> vp{};
  bool activated = false;
  for (const LogEntry& e : finished.log()) {
    const GameState before = g.state();
    auto r = g.apply(e.action);
    EXPECT_TRUE(r.ok());
    const GameState& st = g.state();
    // 19.1 / 17.4: a Confederate unit in the area during its own phases.
    if (!activated && st.phasing == C &&
        (st.phase == Phase::Movement || st.phase == Phase::Combat)) {
      for (int u = 0; u < st.pos.count; ++u)
        if (st.pos.units[u].on_map() && g.roster()[static_cast<size_t>(u)].side == C &&
            rules.in_activation_area(st.pos.units[u].hex))
          activated = true;
      const Action& a = e.action;
      if (a.unit != kNoUnit && a.unit < st.pos.count && g.roster()[a.unit].side == C) {
        for (HexId h : a.path) activated = activated || rules.in_activation_area(h);
        if ((a.kind == ActionKind::Advance || a.kind == ActionKind::Retreat) && a.hex != kNoHex)
          activated = activated || rules.in_activation_area(a.hex);
      }
      if (activated && opt.additional_vp) vp[0] += 5;
    }
    // 22.4 / 22.13: a Game-Turn after the eighth has ended.
    const bool turn_ended =
        st.turn > before.turn || (st.phase == Phase::Over && before.phase != Phase::Over);
    if (opt.additional_vp && turn_ended && before.turn > 8)
      for (HexId h : {h1823, h1826})
        for (Side s : {U, C})
          if (side_at(st, h, s)) vp[static_cast<size_t>(s)]++;
  }
  const GameState& st = g.state();
  EXPECT_EQ(st.phase, Phase::Over);
  const UnitIndex train = rules.train();
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitDef& d = g.roster()[static_cast<size_t>(u)];
    if (st.pos.units[u].status == UnitStatus::Eliminated)
      vp[static_cast<size_t>(other(d.side))] += d.strength + (u == train ? 10 : 0);
  }
  // 21.12 / 22.12 and 21.22 / 22.22 from the final position.
  const Context ctx = g.context();
  const UnitState& ts = st.pos.units[train];
  const bool train_out = ts.status == UnitStatus::Exited && ts.hex == map.id({15, 28});
  const bool train_never = !ts.has(kEverEntered);
  const bool train_dead = ts.status == UnitStatus::Eliminated;
  int union_units_1528 = 0, union_sp_0117 = 0, conf_sp_1528 = 0;
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& s = st.pos.units[u];
    const UnitDef& d = g.roster()[static_cast<size_t>(u)];
    if (s.status != UnitStatus::Exited) continue;
    const bool at1528 = s.hex == map.id({15, 28});
    if (d.side == U && at1528) union_units_1528++;
    if (d.side == U && !at1528) union_sp_0117 += d.strength;
    if (d.side == C && at1528) conf_sp_1528 += d.strength;
  }
  vp[0] += union_units_1528;
  if (train_out && rules.line_of_communication(ctx, st, U)) vp[0] += union_sp_0117;
  if (train_out) vp[0] += 5;
  if (train_out && rules.line_of_communication(ctx, st, C)) vp[1] += 2 * conf_sp_1528;
  if (train_dead || train_never) vp[1] += conf_sp_1528;
  if (train_never) {
    vp[1] += 20;
    for (UnitIndex u : rules.unsupplied_union_units(ctx, st))
      vp[1] += g.roster()[static_cast<size_t>(u)].strength;
  }
  EXPECT_EQ(g.state(), finished.state()) << "the replay diverged";
  return vp;
}

struct Tally {
  int games = 0, actions = 0, entered = 0, exited = 0, eliminated = 0, activated = 0;
  int train_entered = 0, deferred = 0;
  std::array<int, 2> wins{};
};

void play(const Config& cfg, uint64_t seed, Tally& tally) {
  RtrSetup setup = cfg.setup;
  setup.seed = seed;
  auto made = titles::rtr::make_road_to_richmond(setup);
  ASSERT_TRUE(made.ok()) << made.error().message;
  Game g = std::move(*made);
  const auto& rules = *dynamic_cast<const RoadToRichmond*>(g.scenario());
  ai::Rng rng(seed * 7919 + 1);
  // 22.3 / 17.6: a random written choice before play.
  if (rules.options().variable_reinforcements)
    for (UnitIndex u : rules.variable_units()) {
      const int pick = static_cast<int>(rng.below(6));
      if (pick > 1) continue;
      Action a;
      a.kind = ActionKind::Scenario;
      a.unit = u;
      a.value = static_cast<int16_t>(pick == 0 ? 15 : 18);
      ASSERT_TRUE(g.apply(a).ok());
      tally.deferred++;
    }
  std::array<int, 2> total{};
  for (const UnitDef& d : g.roster()) total[static_cast<size_t>(d.side)] += d.strength;
  ai::RandomPlayer player;
  int steps = 0;
  while (!g.over()) {
    ASSERT_LT(++steps, 40000) << cfg.name << " seed " << seed << ": the game does not end";
    const GameState before = g.state();
    const Action a = player.choose(g, rng);
    auto r = g.apply(a);
    ASSERT_TRUE(r.ok()) << cfg.name << " seed " << seed << " turn " << before.turn << " kind "
                        << static_cast<int>(a.kind) << " unit " << int{a.unit} << ": "
                        << r.error().message;
    const GameState& st = g.state();
    const bool phase_ended = st.phase != before.phase || st.phasing != before.phasing;
    const std::string err = check(g, total, phase_ended);
    ASSERT_TRUE(err.empty()) << cfg.name << " seed " << seed << " turn " << st.turn << ": " << err;
    tally.actions++;
  }
  const VictoryReport v = g.victory();
  EXPECT_TRUE(v.final);
  EXPECT_EQ(v.total, g.state().vp);
  const std::array<int, 2> again = recompute(g, setup);
  EXPECT_EQ(again, g.state().vp) << cfg.name << " seed " << seed;
  tally.games++;
  if (v.winner) tally.wins[static_cast<size_t>(*v.winner)]++;
  const GameState& st = g.state();
  for (int u = 0; u < st.pos.count; ++u) {
    const UnitState& s = st.pos.units[u];
    if (g.roster()[static_cast<size_t>(u)].arrival_turn > 0 && s.has(kEverEntered)) tally.entered++;
    tally.exited += s.status == UnitStatus::Exited;
    tally.eliminated += s.status == UnitStatus::Eliminated;
  }
  tally.activated += titles::rtr::RoadToRichmond::state_of(st).activation > 0;
  tally.train_entered += st.pos.units[rules.train()].has(kEverEntered);
}

TEST(RtrRandomPlay, GamesRunToTheEndOfTurnTwentyInEveryEdition) {
  for (const Config& cfg : configs()) {
    Tally tally;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      play(cfg, seed, tally);
      if (HasFatalFailure()) return;
    }
    std::printf(
        "%-40s games %d actions %d entered %d exited %d eliminated %d activated %d "
        "train %d deferred %d wins U %d C %d\n",
        cfg.name, tally.games, tally.actions, tally.entered, tally.exited, tally.eliminated,
        tally.activated, tally.train_entered, tally.deferred, tally.wins[0], tally.wins[1]);
    // The games exercise the scenario, not just the clock.
    EXPECT_EQ(tally.games, 4);
    EXPECT_GT(tally.entered, 4 * 40);
    EXPECT_GT(tally.eliminated, 0);
    EXPECT_GT(tally.activated, 0);
  }
}

}  // namespace
}  // namespace bg::test
