// What the computer player knows of a title comes from the title
// (titles/ai_knowledge.h): Road to Richmond declares the Train's run for
// 1528, the exit schedule, the Command Control Zone while closed, the
// activation area, 1823/1826 and the postures of 23.1, and the AI's reading of
// them scores as the title's victory() does; a game no title owns is played by
// the Standard Rules alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/ai_player.h"
#include "ai/evaluation.h"
#include "ai/levels.h"
#include "ai/player_factory.h"
#include "ai/player_settings.h"
#include "ai/postures.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "rtr_fixture.h"
#include "study/scenario_gen.h"
#include "temp_dir.h"
#include "titles/registry.h"

namespace bg::test {
namespace {

using titles::AiKnowledge;
using titles::RunState;
using titles::ZoneKind;

ai::AiConfig tiny(uint64_t seed) {
  ai::AiConfig c;
  c.level = ai::Level::Easy;
  c.seed = seed;
  c.node_budget = 40;
  c.candidates = 3;
  c.time_cap_s = 0;
  return c;
}

const titles::Title& rtr_title() {
  const titles::Title* t = titles::find_title("road-to-richmond");
  EXPECT_NE(t, nullptr);
  return *t;
}

std::vector<HexId> sorted(std::vector<HexId> v) {
  std::sort(v.begin(), v.end());
  return v;
}

const titles::AiZone* zone(const AiKnowledge& k, ZoneKind kind, size_t* index) {
  for (size_t z = 0; z < k.zones.size(); ++z)
    if (k.zones[z].kind == kind) {
      *index = z;
      return &k.zones[z];
    }
  return nullptr;
}

// A game no title owns (a generated sandbox map): the sandbox declares
// nothing, and the AI plays the whole game on both sides by the Standard
// Rules, every action accepted, moving and attacking.
TEST(AiKnowledge, TheAiPlaysASandboxGameNoTitleOwns) {
  for (const Edition e : {Edition::Spi1977, Edition::Dg2016}) {
    study::ScenarioOptions opt;
    opt.seed = 11;
    opt.edition = e;
    opt.units_per_side = 12;
    opt.turns = 6;
    opt.attack_effectiveness = e == Edition::Dg2016;
    Game g = study::make_scenario(opt);
    const titles::Title& t = titles::title_of(g);
    ASSERT_EQ(t.info().name, "sandbox");
    const AiKnowledge k = t.ai_knowledge(g);
    EXPECT_TRUE(k.objectives.empty() && k.runs.empty() && k.exits.empty() &&
                k.unit_values.empty() && k.zones.empty() && k.lines.empty() && k.postures.empty() &&
                k.notes.empty());
    ai::AiPlayer u(tiny(1)), c(tiny(2));
    int moves[2] = {0, 0}, attacks[2] = {0, 0};
    for (int i = 0; i < 20000 && !g.over(); ++i) {
      const Side side = *g.to_act();
      ai::AiPlayer& p = side == Side::Union ? u : c;
      const Action a = p.choose(g);
      const auto r = g.apply(a);
      ASSERT_TRUE(r.ok()) << "turn " << g.state().turn << ": " << r.error().message;
      moves[static_cast<size_t>(side)] += a.kind == ActionKind::Move;
      attacks[static_cast<size_t>(side)] += a.kind == ActionKind::Attack;
    }
    EXPECT_TRUE(g.over());
    for (size_t s = 0; s < 2; ++s) {
      EXPECT_GT(moves[s], 0) << s;
      EXPECT_GT(attacks[s], 0) << s;
    }
    // No posture to speak of: the title declares none.
    for (const ai::AiPlayer* p : {&u, &c})
      for (const std::string& line : p->explanation().lines)
        EXPECT_EQ(line.find("posture"), std::string::npos) << line;
  }
}

// docs/ai.md: the Train's run for 1528, ten points more for eliminating it,
// the CCZ closed to the Union, the activation area's cost to the
// Confederate, 1823 and 1826 under 22.4, the lines the postures anchor on.
TEST(RtrAiKnowledge, DeclaresWhatTheAiUses) {
  Rtr t(rtr_1977(true));
  const RoadToRichmond& m = t.rules();
  const AiKnowledge k = rtr_title().ai_knowledge(t.game().view_for(Side::Union));
  ASSERT_EQ(k.runs.size(), 1u);
  EXPECT_EQ(k.runs[0].unit, m.train());
  EXPECT_EQ(k.runs[0].side, Side::Union);
  EXPECT_EQ(k.runs[0].destination, t.hex("1528"));
  EXPECT_GT(k.runs[0].reach_value, 0);
  EXPECT_GT(k.runs[0].missing_penalty, 0);
  ASSERT_EQ(k.unit_values.size(), 1u);
  EXPECT_EQ(k.unit_values[0].unit, m.train());
  EXPECT_EQ(k.unit_values[0].points, 10);
  EXPECT_EQ(k.unit_values[0].rule, "21.11");

  std::vector<HexId> ccz, area;
  for (HexId h : t.game().map().hexes()) {
    if (m.in_ccz(h)) ccz.push_back(h);
    if (m.in_activation_area(h)) area.push_back(h);
  }
  size_t zc = 0, za = 0;
  const titles::AiZone* closed = zone(k, ZoneKind::Closed, &zc);
  const titles::AiZone* trigger = zone(k, ZoneKind::Trigger, &za);
  ASSERT_TRUE(closed && trigger);
  EXPECT_EQ(closed->side, Side::Union);
  EXPECT_EQ(sorted(closed->hexes), ccz);
  EXPECT_FALSE(ccz.empty());
  EXPECT_EQ(trigger->side, Side::Confederate);
  EXPECT_EQ(sorted(trigger->hexes), area);
  EXPECT_DOUBLE_EQ(trigger->cost, 6 + 5);  // early reinforcements, and 22.4's five points

  // 1823 and 1826, for both sides, a point a Game-Turn after the eighth.
  ASSERT_EQ(k.objectives.size(), 4u);
  for (const titles::HoldObjective& o : k.objectives) {
    EXPECT_TRUE(o.hex == t.hex("1823") || o.hex == t.hex("1826"));
    EXPECT_EQ(o.after_turn, 8);
    EXPECT_EQ(o.rule, "22.4");
  }
  ASSERT_EQ(k.lines.size(), 2u);
  auto has = [&](const titles::HexLine& l, const char* h) {
    return std::find(l.hexes.begin(), l.hexes.end(), t.hex(h)) != l.hexes.end();
  };
  EXPECT_TRUE(has(k.lines[0], "1404"));  // the set-up line
  EXPECT_TRUE(has(k.lines[1], "0410"));  // the south bank with the works
  // 22.3: the written choice the AI leaves empty, and why.
  ASSERT_EQ(k.notes.size(), 1u);
  EXPECT_EQ(k.notes[0].side, Side::Confederate);
  EXPECT_EQ(k.notes[0].text.rfind("22.3", 0), 0u) << k.notes[0].text;

  // Without the tournament options: no objectives, no note, a cheaper area.
  Rtr basic;
  const AiKnowledge b = rtr_title().ai_knowledge(basic.game());
  EXPECT_TRUE(b.objectives.empty());
  EXPECT_TRUE(b.notes.empty());
  EXPECT_DOUBLE_EQ(zone(b, ZoneKind::Trigger, &za)->cost, 6);
}

// 19.2 / 17.5: Activation on Game-Turn t brings each of the Game-Turn 13,
// 14, 15 and 18 groups 12 - t Game-Turns sooner, so the area's price falls
// with the turns it still brings (the flat six up to five turns sooner) and is
// nothing from Game-Turn 12. The Confederate's own Game-Turn 15 group enters
// at 0117, a hex of the area (19.1 (1)): 22.4's five points come with it
// whatever the army does before, so the timed price leaves them out. A player
// reading no timing pays the flat price throughout.
TEST(RtrAiKnowledge, ActivationIsPricedByTheTurnsItStillBringsForward) {
  Rtr t(rtr_1977(true));
  ASSERT_TRUE(t.rules().in_activation_area(t.hex("0117")));
  const AiKnowledge k = rtr_title().ai_knowledge(t.game().view_for(Side::Union));
  size_t za = 0;
  const titles::AiZone* area = zone(k, ZoneKind::Trigger, &za);
  ASSERT_NE(area, nullptr);
  ASSERT_EQ(area->cost_by_turn.size(), 20u);  // 16.3: twenty Game-Turns
  for (int turn : {1, 4, 7}) EXPECT_DOUBLE_EQ(area->cost_on(turn, true), 6) << turn;
  EXPECT_DOUBLE_EQ(area->cost_on(8, true), 6 * 4 / 5.0);
  EXPECT_DOUBLE_EQ(area->cost_on(10, true), 6 * 2 / 5.0);
  EXPECT_DOUBLE_EQ(area->cost_on(11, true), 6 * 1 / 5.0);
  for (int turn : {12, 15, 20, 25}) EXPECT_DOUBLE_EQ(area->cost_on(turn, true), 0) << turn;
  for (int turn : {1, 11, 12, 20}) EXPECT_DOUBLE_EQ(area->cost_on(turn, false), 6 + 5) << turn;

  // The basic game: no five points to leave out, the same fall.
  Rtr basic;
  const AiKnowledge b = rtr_title().ai_knowledge(basic.game());
  const titles::AiZone* plain = zone(b, ZoneKind::Trigger, &za);
  ASSERT_NE(plain, nullptr);
  EXPECT_DOUBLE_EQ(plain->cost_on(7, true), 6);
  EXPECT_DOUBLE_EQ(plain->cost_on(9, true), 6 * 3 / 5.0);
  EXPECT_DOUBLE_EQ(plain->cost_on(12, true), 0);
  EXPECT_DOUBLE_EQ(plain->cost_on(12, false), 6);
}

// The evaluation pays the area's price of the phase's Game-Turn: a
// Confederate unit moved into it (0407, 19.1 (1)) costs the timed price with
// zone timing and the flat six plus five without (ref-2026, the greedy
// baseline, `zone-timing=0`).
TEST(RtrAiKnowledge, TheEvaluationPaysTheAreasPriceOfTheGameTurn) {
  auto zones_term = [](int turn, bool timing) {
    Rtr t(rtr_1977(true), {{"Rodes", "0307"}});
    t.advance_to(turn, Side::Confederate);
    EXPECT_EQ(titles::rtr::RoadToRichmond::state_of(t.state()).activation, 0);
    const Game view = t.game().view_for(Side::Confederate);
    ai::Evaluator ev;
    ev.set_zone_timing(timing);
    ev.prepare(view, Side::Confederate, "");
    GameState st = view.state();
    st.pos.units[t.id("Rodes")].hex = t.hex("0407");
    ai::Terms terms;
    ev.evaluate(st, &terms);
    return terms.zones;
  };
  for (const auto& [turn, price] : std::vector<std::pair<int, double>>{
           {3, 6.0}, {9, 6 * 3 / 5.0}, {11, 6 * 1 / 5.0}, {12, 0.0}, {16, 0.0}}) {
    const double flat = zones_term(turn, false);
    ASSERT_LT(flat, 0) << turn;
    EXPECT_NEAR(zones_term(turn, true), flat * price / (6 + 5), 1e-9) << turn;
  }
}

// The setting reaches the player: ai-hard reads the turn by default and
// ai-easy and ai-normal pay the flat price (each level's targets were
// measured so), `zone-timing=1` / `=0` say otherwise, and ref-2026 and the
// greedy baseline pay the flat price whatever it says.
TEST(RtrAiKnowledge, ZoneTimingIsASettingTheFrozenPlayersIgnore) {
  auto timed = [](const std::string& level, const std::string& settings) {
    ai::AiConfig c = ai::named_ai_config(level, 1).value();
    if (!settings.empty()) {
      EXPECT_EQ(ai::apply_settings(settings, c), "");
    }
    return ai::AiPlayer(c).zone_timing();
  };
  EXPECT_FALSE(timed("ai-easy", ""));
  EXPECT_FALSE(timed("ai-normal", ""));
  EXPECT_TRUE(timed("ai-hard", ""));
  for (const char* level : {"ai-easy", "ai-normal", "ai-hard"}) {
    EXPECT_TRUE(timed(level, "zone-timing=1")) << level;
    EXPECT_FALSE(timed(level, "zone-timing=0")) << level;
  }
  EXPECT_FALSE(timed("ref-2026", "zone-timing=1"));
  ai::AiConfig greedy;
  greedy.zone_timing = 1;
  EXPECT_FALSE(ai::AiPlayer(greedy, true).zone_timing());
}

// Where a player plays the enemy's side itself (its rollouts', its looks') it models the enemy as
// itself but for the zones' timing, which is ai-normal's: the opponent the levels are measured
// against.
TEST(RtrAiKnowledge, TheEnemyModelIsThePlayerAtAiNormalsZonePrice) {
  ai::AiConfig c = ai::named_ai_config("ai-hard", 1).value();
  ASSERT_EQ(ai::apply_settings("zone-timing=1,rollouts=7,guard=0.5", c), "");
  const ai::AiConfig e = ai::enemy_model(c);
  EXPECT_EQ(e.zone_timing, 0);
  EXPECT_EQ(ai::AiPlayer(e).zone_timing(),
            ai::AiPlayer(ai::named_ai_config("ai-normal", 1).value()).zone_timing());
  EXPECT_EQ(e.level, c.level);
  EXPECT_EQ(e.rollouts, 7);
  EXPECT_DOUBLE_EQ(e.line_guard, 0.5);
  EXPECT_EQ(e.seed, c.seed);
  // ai-hard as shipped times the zones and models its enemy at the flat price.
  const ai::AiConfig hard = ai::named_ai_config("ai-hard", 1).value();
  EXPECT_TRUE(ai::AiPlayer(hard).zone_timing());
  EXPECT_FALSE(ai::AiPlayer(ai::enemy_model(hard)).zone_timing());
}

// A zone with no timing costs its flat price on every Game-Turn; a timed one
// reads its entry for the turn, the last entry past its end.
TEST(AiZone, CostOnReadsTheTurnsEntryOrTheFlatCost) {
  titles::AiZone z;
  z.kind = ZoneKind::Trigger;
  z.cost = 4;
  EXPECT_DOUBLE_EQ(z.cost_on(3, true), 4);
  z.cost_by_turn = {3, 2, 1};
  EXPECT_DOUBLE_EQ(z.cost_on(1, true), 3);
  EXPECT_DOUBLE_EQ(z.cost_on(2, true), 2);
  EXPECT_DOUBLE_EQ(z.cost_on(9, true), 1);
  EXPECT_DOUBLE_EQ(z.cost_on(0, true), 3);
  EXPECT_DOUBLE_EQ(z.cost_on(2, false), 4);
}

// 18.1 / 20.1 and 19.1 / 17.4: the CCZ is declared in force while it is
// closed (until three Game-Turns after the Train exits), the activation area
// until Activation.
TEST(RtrAiKnowledge, ZonesAreInForceWhileTheRulesSay) {
  Rtr t;
  const titles::Title& title = rtr_title();
  const AiKnowledge k = title.ai_knowledge(t.game());
  size_t zc = 0, za = 0;
  ASSERT_TRUE(zone(k, ZoneKind::Closed, &zc) && zone(k, ZoneKind::Trigger, &za));
  const Context ctx = t.game().context();
  GameState st = t.state();
  EXPECT_TRUE(title.zone_in_force(ctx, st, zc));
  EXPECT_TRUE(title.zone_in_force(ctx, st, za));
  st.title.mut<titles::rtr::RtrState>().train_exit = 6;
  st.turn = 8;
  EXPECT_TRUE(title.zone_in_force(ctx, st, zc));
  st.turn = 9;
  EXPECT_FALSE(title.zone_in_force(ctx, st, zc));
  st.title.mut<titles::rtr::RtrState>().activation = 4;
  EXPECT_FALSE(title.zone_in_force(ctx, st, za));
}

// A game of the same data with the position changed by `edit`.
Game with_position(const Game& g, const std::function<void(Position&)>& edit) {
  Position p = g.position();
  edit(p);
  auto map = std::make_shared<const Map>(g.map());
  auto roster = std::make_shared<const Roster>(g.roster());
  const auto& m = dynamic_cast<const RoadToRichmond&>(*g.scenario());
  auto rules = std::make_shared<const RoadToRichmond>(*map, *roster, m.options());
  return Game(map, roster, g.rules(), p, false, rules);
}

// The end-of-game points (VpLine::at_end) victory() reports, Union minus Confederate.
int end_points(const Game& g) {
  int d = 0;
  for (const VpLine& l : g.victory().lines)
    if (l.at_end) d += l.side == Side::Union ? l.points : -l.points;
  return d;
}

// 21.12 / 22.12: the declared exit schedule, as the AI's evaluation reads it
// (with the line of communication asked of the title), scores what the
// title's victory() reports: the Train out with both lines, the Union line
// cut at 0117, the Train eliminated, the Train still on the map.
TEST(RtrAiKnowledge, TheExitScheduleScoresAsVictoryDoes) {
  for (const bool revised : {false, true}) {
    Rtr t(revised ? rtr_revised() : rtr_1977(), {});
    const Game& start = t.game();
    const UnitIndex train = t.rules().train();
    UnitIndex u1 = kNoUnit, u2 = kNoUnit, c1 = kNoUnit, c2 = kNoUnit;
    for (int i = 0; i < start.position().count; ++i) {
      const auto u = static_cast<UnitIndex>(i);
      const UnitDef& d = start.roster()[u];
      if (u == train || d.strength < 3) continue;
      UnitIndex& a = d.side == Side::Union ? (u1 == kNoUnit ? u1 : u2) : (c1 == kNoUnit ? c1 : c2);
      if (a == kNoUnit) a = u;
    }
    ASSERT_TRUE(u1 != kNoUnit && u2 != kNoUnit && c1 != kNoUnit && c2 != kNoUnit);
    const HexId h1528 = t.hex("1528"), h0117 = t.hex("0117");
    enum class Train { Out, OutLineCut, Eliminated, OnMap };
    for (const Train how : {Train::Out, Train::OutLineCut, Train::Eliminated, Train::OnMap}) {
      const Game g = with_position(start, [&](Position& p) {
        auto put = [&](UnitIndex u, HexId h, UnitStatus s) {
          p.units[u] = UnitState{};
          p.units[u].hex = h;
          p.units[u].status = s;
          p.units[u].set(kEverEntered);
        };
        put(u1, h1528, UnitStatus::Exited);
        put(u2, h0117, UnitStatus::Exited);
        put(c1, h1528, UnitStatus::Exited);
        if (how == Train::OutLineCut) put(c2, h0117, UnitStatus::OnMap);  // on the road's end
        put(train, how == Train::OnMap ? t.hex("1526") : h1528,
            how == Train::Eliminated ? UnitStatus::Eliminated
            : how == Train::OnMap    ? UnitStatus::OnMap
                                     : UnitStatus::Exited);
      });
      const Game view = g.view_for(Side::Union);
      ai::Evaluator ev;
      ev.prepare(view, Side::Union, "");
      ai::Terms terms;
      ev.evaluate(view.state(), &terms);
      EXPECT_DOUBLE_EQ(terms.exits, end_points(g))
          << (revised ? "revised " : "1977 ") << static_cast<int>(how);
      EXPECT_NE(terms.exits, 0);
    }
  }
}

// 23.1: the three Union strategies by name, fighting withdrawal by default,
// which anchors on the set-up line for three Game-Turns and then on the south
// bank; 23.2: the Confederate's one.
TEST(RtrAiKnowledge, PosturesComeByNameFromTheTitle) {
  Rtr t;
  const AiKnowledge k = rtr_title().ai_knowledge(t.game());
  for (const char* n : {"stand", "withdraw", "total"}) {
    const titles::AiPosture* p = k.posture(Side::Union, n);
    ASSERT_NE(p, nullptr) << n;
    EXPECT_EQ(p->rule, "23.1");
    EXPECT_FALSE(p->description.empty());
    EXPECT_EQ(k.posture(Side::Confederate, n), nullptr) << n;
  }
  EXPECT_EQ(k.posture(Side::Union, "")->name, "withdraw");
  EXPECT_EQ(k.posture(Side::Confederate, "")->name, "attack");
  const titles::AiPosture* w = k.posture(Side::Union, "withdraw");
  EXPECT_EQ(k.lines[static_cast<size_t>(ai::weights_for(w, 3).anchor_line)].name, "set-up line");
  EXPECT_EQ(k.lines[static_cast<size_t>(ai::weights_for(w, 4).anchor_line)].name, "south bank");
  EXPECT_GT(ai::weights_for(k.posture(Side::Union, "stand"), 1).combat,
            ai::weights_for(k.posture(Side::Union, "total"), 1).combat);

  // The player specs and the protocol take the names from the title.
  EXPECT_TRUE(ai::valid_player_spec("ai-normal:stand"));
  EXPECT_FALSE(ai::valid_player_spec("ai-normal:"));
  EXPECT_EQ(ai::posture_error(t.game(), Side::Union, "total"), "");
  const std::string wrong = ai::posture_error(t.game(), Side::Confederate, "stand");
  EXPECT_NE(wrong.find("attack"), std::string::npos) << wrong;
  const Game sandbox = Game::sandbox(8, 8, RulesConfig{});
  EXPECT_NE(ai::posture_error(sandbox, Side::Union, "stand"), "");

  protocol::EngineSession s;
  ASSERT_TRUE(s.handle("new road-to-richmond seed=4")["ok"].get<bool>());
  const protocol::Json bad = s.handle("ai posture=run");
  EXPECT_FALSE(bad["ok"].get<bool>());
  EXPECT_NE(bad["error"].get<std::string>().find("withdraw"), std::string::npos)
      << protocol::dump_line(bad);
  // The Confederate plays first: a Union posture leaves it on its own default.
  EXPECT_TRUE(s.handle("ai level=easy nodes=20 posture=stand")["ok"].get<bool>());
  for (int i = 0; i < 20; ++i) {  // on to the Union Movement Phase
    const GameState& st = s.game()->state();
    if (st.phasing == Side::Union && st.phase == Phase::Movement && st.pending.empty()) break;
    ASSERT_TRUE(s.handle("ai level=easy nodes=20")["ok"].get<bool>());
  }
  // The Union's turn: the posture is named in the explanation.
  const protocol::Json r = s.handle("ai level=easy nodes=20 posture=stand explain");
  ASSERT_TRUE(r["ok"].get<bool>()) << protocol::dump_line(r);
  EXPECT_EQ(r["side"], "union");
  bool named = false;
  for (const auto& line : r["explain"]) named = named || line == "posture: stand (23.1)";
  EXPECT_TRUE(named) << protocol::dump_line(r);
}

// `bluegray tournament` refuses a posture the title does not give that side.
TEST(RtrAiKnowledge, TheTournamentChecksPostureNames) {
  const std::string out = bg::test::fresh_temp_dir("bluegray_tournament_posture").string();
  auto run = [&](const std::string& players) {
    const std::string cmd = std::string(BLUEGRAY_BINARY) + " tournament " + players +
                            " --games 1 --quiet --budget 20 --out " + out + " > /dev/null 2>&1";
    return std::system(cmd.c_str());
  };
  EXPECT_EQ(run("--union ai-easy:stand --confederate random"), 0);
  EXPECT_NE(run("--union ai-easy:run --confederate random"), 0);
  EXPECT_NE(run("--union random --confederate ai-easy:stand"), 0);
}

}  // namespace
}  // namespace bg::test
