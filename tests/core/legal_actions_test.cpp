// The legal-action generator (core/legal_actions.h). In many seeded random
// games (generated sandboxes and Road to Richmond, both editions, options on)
// every decision point is probed: the list is never empty before the end,
// every listed action is accepted by Game::apply on a copy (the original
// untouched), the checks the generator mirrors rather than asks the engine
// (exits, stopping on an entry hex, ending the phase, exchange losses) list
// exactly what the engine accepts, and the random player's and the AI's
// answers come from the list. Hand-made positions check exact counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ai/decisions.h"
#include "ai/evaluation.h"
#include "ai/postures.h"
#include "ai/random_player.h"
#include "core/crt.h"
#include "core/legal_actions.h"
#include "rtr_fixture.h"
#include "sandbox.h"
#include "study/scenario_gen.h"

namespace bg::test {
namespace {

using bg::ai::Rng;
constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;

bool same(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit == b.unit && a.hex == b.hex && a.displace == b.displace &&
         a.column == b.column && a.value == b.value && a.strategic == b.strategic &&
         a.exit_map == b.exit_map && a.path == b.path && a.units == b.units && a.hexes == b.hexes;
}

bool listed(const std::vector<Action>& legal, const Action& a) {
  return std::any_of(legal.begin(), legal.end(), [&](const Action& b) { return same(a, b); });
}

std::string describe(const Game& g, const Action& a) {
  static const char* kKinds[] = {"move",    "attack",   "retreat", "advance", "lose",
                                 "evade",   "enter",    "end",     "dice",    "terrain",
                                 "hexside", "exit-hex", "place",   "scenario"};
  std::string s = kKinds[static_cast<int>(a.kind)];
  auto hex = [&](HexId h) { return format_hex(g.map().coord(h)); };
  if (a.unit != kNoUnit) s += " " + g.roster()[a.unit].id;
  for (UnitIndex u : a.units) s += " " + g.roster()[u].id;
  if (a.hex != kNoHex) s += " @" + hex(a.hex);
  for (HexId h : a.hexes) s += " @" + hex(h);
  for (HexId h : a.path) s += " >" + hex(h);
  if (a.displace != kNoUnit) s += " displace " + g.roster()[a.displace].id;
  if (a.strategic) s += " strategic";
  if (a.exit_map) s += " exit";
  if (a.kind == ActionKind::Scenario) s += " value " + std::to_string(a.value);
  const GameState& st = g.state();
  return s + " [turn " + std::to_string(st.turn) + " " + std::string(side_name(st.phasing)) + " " +
         std::string(phase_name(st.phase)) + ", " + std::to_string(st.pending.size()) + " pending]";
}

// What the probes saw, to show the games reach every kind of decision.
struct Tally {
  int points = 0;
  int applied = 0;  // listed actions applied to a copy
  int kinds[14] = {};
  int ai_answers = 0;
};

// Probes one decision point; returns the first problem found, or "".
class Prober {
 public:
  std::string probe(const Game& g, Rng& rng, bool all, Tally& t) {
    gen_.generate(g, legal_);
    ++t.points;
    if (g.over()) return legal_.empty() ? "" : "actions listed after the end";
    if (legal_.empty()) return "no legal action listed while the game goes on";
    const GameState before = g.state();
    const size_t log_before = g.log().size();
    // Every action, except that long movement lists are sampled unless `all`
    // (the caller asks for whole lists now and then, to keep the test quick).
    constexpr size_t kSample = 40;
    picks_.clear();
    for (size_t i = 0; i < legal_.size(); ++i) {
      const ActionKind k = legal_[i].kind;
      if (all || legal_.size() <= kSample || (k != ActionKind::Move && k != ActionKind::Enter))
        picks_.push_back(i);
    }
    for (size_t i = 0; picks_.size() < legal_.size() && i < kSample; ++i)
      picks_.push_back(static_cast<size_t>(rng.below(static_cast<int>(legal_.size()))));
    for (size_t i : picks_) {
      const Action& a = legal_[i];
      // Game::apply on a copy; movement, the bulk, through is_legal, which
      // runs the same Resolver on a copy of the state without the log.
      const bool move = a.kind == ActionKind::Move || a.kind == ActionKind::Enter;
      if (move && !is_legal(g, a)) return "listed but refused: " + describe(g, a);
      if (!move) {
        Game copy = g;
        auto r = copy.apply(a);
        if (!r.ok()) return "listed but refused: " + describe(g, a) + ": " + r.error().message;
      }
      ++t.applied;
      t.kinds[static_cast<int>(a.kind)]++;
    }
    if (!(g.state() == before) || g.log().size() != log_before) return "the original changed";
    return exact(g);
  }

  const std::vector<Action>& legal() const { return legal_; }

 private:
  // The checks the generator makes itself must agree with the engine's.
  std::string exact(const Game& g) {
    Action end;
    end.kind = ActionKind::End;
    if (listed(legal_, end) != is_legal(g, end)) return "End listed wrongly";
    const Map& map = g.map();
    const GameState& st = g.state();
    for (const Action& a : legal_) {
      if ((a.kind == ActionKind::Move || a.kind == ActionKind::Enter) && !a.exit_map &&
          !a.path.empty() && map.is_exit(a.path.back())) {
        Action x = a;  // 17.1: and off the map from there
        x.exit_map = true;
        if (listed(legal_, x) != is_legal(g, x)) return "exit listed wrongly: " + describe(g, x);
      }
      if (a.kind == ActionKind::Enter && a.path.size() > 1) {
        Action y = a;  // 15.0: stopping on the entry hex instead
        y.path.clear();
        y.path.push_back(a.path[0]);
        y.exit_map = false;
        if (listed(legal_, y) != is_legal(g, y)) return "stop listed wrongly: " + describe(g, y);
      }
    }
    for (int u = 0; u < st.pos.count; ++u) {  // 17.1: leaving from where a unit stands
      const UnitState& s = st.pos.units[u];
      if (!s.on_map() || !map.is_exit(s.hex) || !st.pending.empty()) continue;
      Action x;
      x.kind = ActionKind::Move;
      x.unit = static_cast<UnitIndex>(u);
      x.exit_map = true;
      if (listed(legal_, x) != is_legal(g, x)) return "exit listed wrongly: " + describe(g, x);
    }
    return exact_losses(g);
  }

  // 7.6: every minimal set, found by trying every subset of the attackers.
  std::string exact_losses(const Game& g) {
    const GameState& st = g.state();
    if (st.pending.empty() || st.pending.front().kind != PendingKind::Lose) return {};
    std::vector<UnitIndex> eligible;
    for (size_t i = 0; i < st.combat.attackers.size(); ++i)
      if (!st.combat.bombarding[i] && st.pos.units[st.combat.attackers[i]].on_map())
        eligible.push_back(st.combat.attackers[i]);
    if (eligible.size() > 12) return {};
    int legal = 0;
    for (uint32_t mask = 0; mask < (1u << eligible.size()); ++mask) {
      Action a;
      a.kind = ActionKind::Lose;
      for (size_t i = 0; i < eligible.size(); ++i)
        if (mask & (1u << i)) a.units.push_back(eligible[i]);
      legal += is_legal(g, a);
    }
    const auto n = std::count_if(legal_.begin(), legal_.end(),
                                 [](const Action& a) { return a.kind == ActionKind::Lose; });
    if (n != std::min(legal, kMaxLoseSets))
      return "exchange: " + std::to_string(n) + " sets listed, " + std::to_string(legal) + " legal";
    return {};
  }

  LegalActionGenerator gen_;
  std::vector<Action> legal_;
  std::vector<size_t> picks_;
};

// The AI's answer to a pending decision comes from the list on its view.
std::string check_ai_answer(const Game& g, Tally& t) {
  const auto side = g.to_act();
  if (!side || g.state().pending.empty()) return {};
  const Game view = g.view_for(*side);
  ai::Evaluator ev;
  ev.prepare(view, *side, "");  // the side's default posture, as the title declares it
  ai::RetreatHistory history;
  const Action a = ai::decide_pending(view, *side, ev, history, nullptr);
  std::vector<Action> legal;
  legal_actions(view, legal);
  ++t.ai_answers;
  return listed(legal, a) ? "" : "the AI answered outside the list: " + describe(g, a);
}

// Plays g out with the random player, probing every decision point.
void play_probed(Game& g, uint64_t seed, const std::string& name, Tally& t, int max_actions) {
  Prober prober;
  ai::RandomPlayer player;
  Rng rng(seed * 7919 + 3), sample(seed);
  Phase phase = Phase::Over;
  Side phasing = g.state().phasing;
  for (int i = 0; i < max_actions && !g.over(); ++i) {
    const GameState& st = g.state();
    const bool first = st.phase != phase || st.phasing != phasing;
    phase = st.phase;
    phasing = st.phasing;
    // Whole lists at the first decision of each phase of odd Game-Turns.
    const std::string e = prober.probe(g, sample, first && st.turn % 2 == 1, t);
    ASSERT_TRUE(e.empty()) << name << " seed " << seed << ": " << e;
    if (!st.pending.empty() && i % 3 == 0) {
      const std::string ai = check_ai_answer(g, t);
      ASSERT_TRUE(ai.empty()) << name << " seed " << seed << ": " << ai;
    }
    Action a = player.choose(g, rng);
    const bool combat = st.phase == Phase::Combat && st.pending.empty();
    Action plain = a;
    if (combat) plain.column = -1;  // the player may reduce the odds (7.9)
    ASSERT_TRUE(listed(prober.legal(), plain))
        << name << " seed " << seed
        << ": the random player chose outside the list: " << describe(g, a);
    auto r = g.apply(a);
    ASSERT_TRUE(r.ok()) << name << " seed " << seed << ": " << describe(g, a) << ": "
                        << r.error().message;
  }
  Tally end;
  ASSERT_TRUE(prober.probe(g, sample, true, end).empty());
}

void print(const std::string& name, const Tally& t) {
  std::printf(
      "[%s] points %d applied %d: move %d attack %d retreat %d advance %d lose %d evade %d "
      "enter %d end %d scenario %d; AI answers %d\n",
      name.c_str(), t.points, t.applied, t.kinds[0], t.kinds[1], t.kinds[2], t.kinds[3], t.kinds[4],
      t.kinds[5], t.kinds[6], t.kinds[7], t.kinds[13], t.ai_answers);
}

TEST(LegalActions, EveryListedActionIsAcceptedInRandomSandboxGames) {
  for (Edition e : {Edition::Spi1977, Edition::Dg2016}) {
    Tally t;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      study::ScenarioOptions opt;
      opt.seed = 500 + seed;
      opt.edition = e;
      opt.turns = 6;
      opt.attack_effectiveness = seed % 2 == 1;
      opt.night = true;
      opt.dg_optional = true;
      Game g = study::make_scenario(opt);
      play_probed(g, opt.seed, std::string(edition_name(e)), t, 5000);
      if (HasFatalFailure()) return;
      EXPECT_TRUE(g.over());
    }
    print(std::string("sandbox ") + std::string(edition_name(e)), t);
    for (ActionKind k : {ActionKind::Move, ActionKind::Attack, ActionKind::Retreat,
                         ActionKind::Advance, ActionKind::Lose, ActionKind::End})
      EXPECT_GT(t.kinds[static_cast<int>(k)], 0) << "kind " << static_cast<int>(k);
    if (e == Edition::Dg2016) {
      EXPECT_GT(t.kinds[static_cast<int>(ActionKind::Evade)], 0);
    }
    EXPECT_GT(t.ai_answers, 0);
  }
}

TEST(LegalActions, EveryListedActionIsAcceptedInRandomRoadToRichmondGames) {
  struct Config {
    const char* name;
    RtrSetup setup;
  };
  RtrSetup tournament = rtr_1977(true);
  tournament.attack_effectiveness = true;
  RtrSetup dg = rtr_revised();
  dg.edition = Edition::Dg2016;
  dg.strategic_movement = dg.cavalry_retreat = true;
  for (const Config& cfg : {Config{"1977 tournament + attack effectiveness", tournament},
                            Config{"revised on DG 2016 + 11.1 + 11.2", dg}}) {
    Tally t;
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      RtrSetup s = cfg.setup;
      s.seed = seed;
      auto made = titles::rtr::make_road_to_richmond(s);
      ASSERT_TRUE(made.ok()) << made.error().message;
      play_probed(*made, seed, cfg.name, t, 4000);
      if (HasFatalFailure()) return;
      EXPECT_TRUE(made->over());
    }
    print(cfg.name, t);
    EXPECT_GT(t.kinds[static_cast<int>(ActionKind::Enter)], 0);
    EXPECT_GT(t.kinds[static_cast<int>(ActionKind::Attack)], 0);
    EXPECT_GT(t.kinds[static_cast<int>(ActionKind::Retreat)], 0);
  }
}

// ---------------------------------------------------------------------------
// Hand-made positions.

std::vector<Action> legal(const Game& g) {
  std::vector<Action> out;
  legal_actions(g, out);
  return out;
}

int die_for(CombatResult want, int column) {
  for (int d = 1; d <= 6; ++d)
    if (crt(column, d) == want) return d;
  return 0;
}

// 7.81: A must retreat; its only hex holds P1 and P2, either of whom may be
// displaced: two actions. The displaced unit then has three open hexes.
TEST(LegalActions, ARetreatIntoAFullHexListsEachUnitToDisplace) {
  Sandbox sb;
  sb.terrain("0404", Terrain::River);
  sb.terrain("0604", Terrain::River);
  sb.inf("A", U, 5, "0505");
  sb.inf("P1", U, 3, "0504");
  sb.inf("P2", U, 3, "0504");
  sb.inf("B", C, 5, "0506");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die_for(CombatResult::Ar, 4)});
  ASSERT_TRUE(sb.attack({"A"}, {"0506"}).ok());
  std::vector<Action> l = legal(sb.game());
  ASSERT_EQ(l.size(), 2u);
  for (const Action& a : l) {
    EXPECT_EQ(a.kind, ActionKind::Retreat);
    EXPECT_EQ(a.unit, sb.id("A"));
    EXPECT_EQ(sb.name(a.hex), "0504");
  }
  EXPECT_EQ(l[0].displace, sb.id("P1"));
  EXPECT_EQ(l[1].displace, sb.id("P2"));
  ASSERT_TRUE(sb.game().apply(l[1]).ok());
  l = legal(sb.game());
  std::vector<std::string> hexes;
  for (const Action& a : l) {
    EXPECT_EQ(a.unit, sb.id("P2"));
    hexes.push_back(sb.name(a.hex));
  }
  std::sort(hexes.begin(), hexes.end());
  EXPECT_EQ(hexes, (std::vector<std::string>{"0403", "0503", "0603"}));
}

// A module forbidding hex 0604 to unit "A" (as 18.1 forbids the Command
// Control Zone to the Union).
class ForbidOne : public ScenarioRules {
 public:
  std::string_view name() const override { return "forbid-one"; }
  bool forbids(const Context& ctx, const GameState&, UnitIndex u, HexId h) const override {
    return ctx.def(u).id == "A" && format_hex(ctx.map->coord(h)) == "0604";
  }
  Error forbid_reason(const Context&, const GameState&, UnitIndex, HexId) const override {
    return Error{"18.1", "18.1: forbidden"};
  }
};

// 7.75 with 20.23 and 18.1: A and the road-bound R destroy both defenders;
// A may not enter 0604 (forbidden), R may not leave its road (only 0506 is
// across a road hexside): decline, A to 0506, R to 0506.
TEST(LegalActions, AnAdvanceListsOnlyPairsTheRulesAllow) {
  Sandbox sb(rules_1977(), std::make_shared<ForbidOne>());
  sb.side("0605", "0506", kRoad);
  sb.inf("A", U, 12, "0505");
  auto r = std::make_shared<UnitDef>();
  r->id = "R";
  r->strength = r->defense = 12;
  r->road_only = true;
  Action place;
  place.kind = ActionKind::PlaceUnit;
  place.hex = sb.hex("0605");
  place.def = r;
  ASSERT_TRUE(sb.game().apply(place).ok());
  sb.inf("D1", C, 1, "0506");
  sb.inf("D2", C, 1, "0604");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die_for(CombatResult::De, kColumns - 1)});
  ASSERT_TRUE(sb.attack({"A", "R"}, {"0506", "0604"}).ok());
  ASSERT_TRUE(sb.pending(PendingKind::Advance));
  const std::vector<Action> l = legal(sb.game());
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[0].unit, kNoUnit);  // declining (7.75: never forced)
  EXPECT_EQ(l[1].unit, sb.id("A"));
  EXPECT_EQ(sb.name(l[1].hex), "0506");
  EXPECT_EQ(l[2].unit, sb.id("R"));
  EXPECT_EQ(sb.name(l[2].hex), "0506");
  EXPECT_REFUSED(sb, sb.advance("A", "0604"), "18.1");
  EXPECT_REFUSED(sb, sb.advance("R", "0604"),
                 "road-bound");  // the sandbox cites a title rule by its key
}

// 10.2: at night no unit enters an enemy-controlled hex. On a 5x5 map A in
// 0303 reaches the 23 other empty hexes by day, the 21 outside B's ZOC by night.
TEST(LegalActions, ANightTurnListsOnlyMovesOutOfEnemyZones) {
  for (const bool night : {false, true}) {
    RulesConfig r = rules_1977();
    r.night[1] = night;
    Sandbox sb(r, 5, 5);
    sb.inf("A", U, 3, "0303");
    sb.inf("B", C, 3, "0101");
    const std::vector<Action> l = legal(sb.game());
    const auto moves = std::count_if(l.begin(), l.end(),
                                     [](const Action& a) { return a.kind == ActionKind::Move; });
    EXPECT_EQ(moves, night ? 21 : 23);
    EXPECT_EQ(l.size(), static_cast<size_t>(moves) + 1);
    EXPECT_EQ(l.back().kind, ActionKind::End);
    for (const Action& a : l) {
      if (night && a.kind == ActionKind::Move) {
        EXPECT_FALSE(sb.game().board().enemy_zoc(U, a.path.back())) << sb.name(a.path.back());
      }
    }
    ASSERT_TRUE(sb.game().apply(l.back()).ok());
    // 10.0: no Combat Phase at night.
    EXPECT_EQ(sb.state().phase, night ? Phase::Movement : Phase::Combat);
    EXPECT_EQ(sb.state().phasing, night ? C : U);
  }
}

// DG 9.0: at night a unit next to an enemy may not move at all.
TEST(LegalActions, ANightTurnUnderDgListsNoMoveForAUnitNextToTheEnemy) {
  RulesConfig r = rules_dg();
  r.night[1] = true;
  Sandbox sb(r, 5, 5);
  sb.inf("A", U, 3, "0303");
  sb.inf("B", C, 3, "0302");
  const std::vector<Action> l = legal(sb.game());
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].kind, ActionKind::End);
}

// 7.6: an exchange costing 3 printed strength points from attackers of 4, 3,
// 2 and 2: {4}, {3} and {2, 2} are the minimal sets.
TEST(LegalActions, AnExchangeListsEveryMinimalSet) {
  Sandbox sb;
  sb.inf("D", C, 3, "0505");
  sb.inf("A4", U, 4, "0504");
  sb.inf("A3", U, 3, "0506");
  sb.inf("A2a", U, 2, "0604");
  sb.inf("A2b", U, 2, "0605");
  ASSERT_TRUE(sb.end().ok());
  sb.dice({die_for(CombatResult::Ex, odds_column(11, 3))});
  ASSERT_TRUE(sb.attack({"A4", "A3", "A2a", "A2b"}, {"0505"}).ok());
  const std::vector<Action> l = legal(sb.game());
  std::vector<std::vector<std::string>> sets;
  for (const Action& a : l) {
    ASSERT_EQ(a.kind, ActionKind::Lose);
    std::vector<std::string> ids;
    for (UnitIndex u : a.units) ids.push_back(sb.game().roster()[u].id);
    sets.push_back(ids);
  }
  EXPECT_EQ(sets, (std::vector<std::vector<std::string>>{{"A4"}, {"A3"}, {"A2a", "A2b"}}));
}

// 7.12, 7.23: both stacks next to D must attack it, so only attacks by both
// are listed (with and without the bombarding artillery G); no End. Under DG
// 8.42 one unit of the two-unit stack may sit out: three ways, times two.
TEST(LegalActions, OwedAttacksListOnlyShapesThatMeetEveryObligation) {
  for (const bool dg : {false, true}) {
    Sandbox sb(dg ? rules_dg() : rules_1977());
    sb.inf("D", C, 4, "0505");
    sb.inf("I1", U, 3, "0504");
    sb.inf("I2", U, 3, "0504");
    sb.inf("I3", U, 3, "0605");
    sb.unit("G", U, UnitType::Artillery, 2, "0503");
    ASSERT_TRUE(sb.end().ok());
    const std::vector<Action> l = legal(sb.game());
    EXPECT_EQ(l.size(), dg ? 6u : 2u);
    for (const Action& a : l) {
      ASSERT_EQ(a.kind, ActionKind::Attack);
      EXPECT_TRUE(a.units.contains(sb.id("I3")));
      EXPECT_TRUE(a.units.contains(sb.id("I1")) || a.units.contains(sb.id("I2")));
      EXPECT_EQ(a.column, -1);
    }
  }
}

// 22.3: before play the Confederate player may hold each Game-Turn One unit
// from 0103 for Game-Turn 15 or 18, or take the choice back; once play has
// begun there is no choice left.
TEST(LegalActions, RoadToRichmondListsTheWrittenChoiceBeforePlay) {
  Rtr t(rtr_1977(true));
  const auto& units = t.rules().variable_units();
  ASSERT_FALSE(units.empty());
  auto decisions = [&] {
    std::vector<Action> out;
    for (const Action& a : legal(t.game()))
      if (a.kind == ActionKind::Scenario) out.push_back(a);
    return out;
  };
  std::vector<Action> d = decisions();
  ASSERT_EQ(d.size(), 2 * units.size());
  EXPECT_EQ(d[0].unit, units[0]);
  EXPECT_EQ(d[0].value, 15);
  EXPECT_EQ(d[1].value, 18);
  ASSERT_TRUE(t.game().apply(d[0]).ok());
  d = decisions();
  ASSERT_EQ(d.size(), 2 * units.size());
  EXPECT_EQ(d[0].value, 1);  // take it back
  EXPECT_EQ(d[1].value, 18);
  Rtr basic;
  const std::vector<Action> none = legal(basic.game());
  EXPECT_TRUE(std::none_of(none.begin(), none.end(),
                           [](const Action& a) { return a.kind == ActionKind::Scenario; }));
  ASSERT_TRUE(t.end().ok());
  EXPECT_TRUE(decisions().empty());
}

TEST(LegalActions, NothingIsListedOnceTheGameIsOverAndIsLegalAgreesWithApply) {
  Sandbox sb;
  sb.inf("A", U, 3, "0303");
  Action move;
  move.kind = ActionKind::Move;
  move.unit = sb.id("A");
  move.path.push_back(sb.hex("0304"));
  EXPECT_TRUE(is_legal(sb.game(), move));
  move.path.push_back(sb.hex("0306"));  // not adjacent
  EXPECT_FALSE(is_legal(sb.game(), move));
  Action place;
  place.kind = ActionKind::MarkExit;
  place.hex = sb.hex("0101");
  EXPECT_TRUE(is_legal(sb.game(), place));
  EXPECT_FALSE(sb.game().map().is_exit(sb.hex("0101")));  // the game itself unchanged
  RulesConfig r = rules_1977();
  r.turns = 1;
  Sandbox one(r);
  one.inf("A", U, 3, "0303");
  for (int i = 0; i < 4 && !one.game().over(); ++i) ASSERT_TRUE(one.end().ok());
  ASSERT_TRUE(one.game().over());
  EXPECT_TRUE(legal(one.game()).empty());
}

}  // namespace
}  // namespace bg::test
