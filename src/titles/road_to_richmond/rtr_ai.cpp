#include "titles/road_to_richmond/rtr_ai.h"

#include <algorithm>

#include "core/game.h"
#include "core/hex.h"

namespace bg::titles::rtr {

using namespace bg::core;

namespace {

enum ZoneIndex : size_t { kCcz = 0, kActivation = 1 };

// Early Activation brings the Union's Game-Turn 13-18 reinforcements up to
// five Game-Turns sooner (19.2 / 17.5): the Confederate counts that as six
// points, on top of the five the Union scores for it under 22.4 / 22.14. The
// weight was tuned with the AI's other weights (docs/ai.md).
constexpr double kEarlyArrivalCost = 6;
// The flat price above was tuned where Activation brought the groups five or
// more Game-Turns sooner; timed, it falls with the turns it still brings
// (turns_sooner).
constexpr int kTunedTurnsSooner = 5;

// The Train off the map at 1528 is worth far more than its five points (it
// opens the Command Control Zone, 18.1, and makes 0117 pay, 21.12 (2)): the
// Union always takes that exit. Held off the map it gives the Confederate
// twenty points (21.12 (6)) and cuts the Union army's supply (21.22).
constexpr double kTrainOutValue = 60;
constexpr double kTrainMissing = 30;

HexId hex(const Map& map, const char* xxyy) {
  const auto c = parse_hex(xxyy);
  return c ? map.find_label(*c).value_or(kNoHex) : kNoHex;
}

std::vector<HexId> hexes(const Map& map, std::initializer_list<const char*> names) {
  std::vector<HexId> out;
  for (const char* n : names)
    if (const HexId h = hex(map, n); h != kNoHex) out.push_back(h);
  return out;
}

// 23.1's lines: the set-up line (the bluffs behind Boatswain's Swamp and the
// works before Richmond) and the south bank of the Chickahominy (the hexes of
// the activation area across a creek from the north bank) with the works on
// column 04, which every posture must keep.
void add_lines(const RoadToRichmond& m, const Map& map, AiKnowledge& k) {
  k.lines.push_back(
      HexLine{"set-up line", hexes(map, {"1404", "1107", "1108", "1007", "1009", "0908", "0409",
                                         "0410", "0511", "1726", "0808", "0809", "1208"})});
  HexLine bank{"south bank", hexes(map, {"0410", "0411", "0412", "0413", "0414", "0415", "0416",
                                         "0417", "0418", "0419", "0511"})};
  for (HexId h : map.hexes()) {
    if (!m.in_activation_area(h) || m.in_ccz(h)) continue;
    for (int d = 0; d < kDirs; ++d) {
      const HexId n = map.neighbour(h, static_cast<Dir>(d));
      if (map.on_map(n) && !m.in_activation_area(n) &&
          (map.side(h, static_cast<Dir>(d)) & kCreek)) {
        bank.hexes.push_back(h);
        break;
      }
    }
  }
  k.lines.push_back(std::move(bank));
}

PostureStage stage(int until, int line, double risk, double combat, double approach,
                   double anchor) {
  PostureStage s;
  s.until_turn = until;
  s.line = line;
  s.weights.risk = risk;
  s.weights.combat = combat;
  s.weights.approach = approach;
  s.weights.anchor = anchor;
  return s;
}

// Every Union posture closes with the enemy a little (approach) and weighs
// its risk at 0.4: tuned against the normal Confederate, where a Union
// without approach won 12% of 60 games and one with approach 0.14 and risk
// 0.4 won 43% (fighting withdrawal; docs/ai.md). They differ in where they
// anchor, how much they seek combat and how hard they press.
void add_postures(AiKnowledge& k) {
  constexpr int kSetup = 0, kBank = 1;
  AiPosture stand{"stand",
                  "stand and fight",
                  "hold the set-up line and slug it out, the Union doubled in rough terrain "
                  "and the Confederates attacking from the open",
                  "23.1",
                  Side::Union,
                  false,
                  {stage(0, kSetup, 0.4, 1.0, 0.14, 0.25)}};
  AiPosture withdraw{
      "withdraw",
      "fighting withdrawal",
      "trade space for time: hold the set-up line for three Game-Turns, then "
      "fall back to the south bank of the Chickahominy and the works before "
      "Richmond",
      "23.1",
      Side::Union,
      true,
      {stage(3, kSetup, 0.4, 0.8, 0.14, 0.15), stage(0, kBank, 0.4, 0.8, 0.14, 0.2)}};
  AiPosture total{"total",
                  "total withdrawal",
                  "run behind the Chickahominy at once and hold its bridges, pressing only "
                  "where the enemy comes close",
                  "23.1",
                  Side::Union,
                  false,
                  {stage(0, kBank, 0.4, 0.6, 0.03, 0.35)}};
  // The attacker: closing with the Union army is worth something in itself
  // (it creates the attacks that score and pins units that would otherwise
  // march for 0117), and losses to counter-attacks matter less than to the
  // defender. Tuned against the greedy Union (docs/ai.md): approach 0.06 ->
  // 0.14 and risk 0.35 -> 0.22 took the win rate from 45% to 95%.
  PostureStage attack_stage = stage(0, -1, 0.22, 1.0, 0.14, 0);
  attack_stage.weights.anchor.reset();
  attack_stage.weights.run = 0.5;
  AiPosture attack{"attack",
                   "attack",
                   "pressure everywhere, hunt the Train, keep out of the activation area "
                   "until it pays",
                   "23.2",
                   Side::Confederate,
                   true,
                   {attack_stage}};
  k.postures = {std::move(stand), std::move(withdraw), std::move(total), std::move(attack)};
}

void add_exits(const RoadToRichmond& m, HexId h1528, HexId h0117, AiKnowledge& k,
               const std::string& r12) {
  const UnitIndex train = m.train();
  // (1) / (i): a point for each Union unit exited at 1528.
  k.exits.push_back(
      ExitScore{Side::Union, h1528, kNoUnit, 1, 0, RunState::Any, 0, false, 0, r12 + " (1)"});
  if (train == kNoUnit) {
    // (5) / (v) with no Train on the roster: one a point.
    k.exits.push_back(ExitScore{Side::Confederate, h1528, kNoUnit, 0, 1, RunState::Any, 0, false, 0,
                                r12 + " (5)"});
    return;
  }
  // (3) / (iii): five more for the Train.
  k.exits.push_back(
      ExitScore{Side::Union, h1528, train, 5, 0, RunState::Any, 0, false, 0, r12 + " (3)"});
  // (2) / (ii): Union strength at 0117, with the Train out and a line; late
  // in the game the Union strength within a march of 0117 counts half.
  k.exits.push_back(
      ExitScore{Side::Union, h0117, kNoUnit, 0, 1, RunState::Done, 0, true, 0.5, r12 + " (2)"});
  // (4) / (iv): two a Confederate strength point at 1528 with the Train out
  // and a Confederate line; (5) / (v): one with the Train destroyed or never
  // entered.
  k.exits.push_back(
      ExitScore{Side::Confederate, h1528, kNoUnit, 0, 2, RunState::Done, 0, true, 0, r12 + " (4)"});
  k.exits.push_back(ExitScore{Side::Confederate, h1528, kNoUnit, 0, 1, RunState::Failed, 0, false,
                              0, r12 + " (5)"});
}

// The earliest Game-Turn the Confederate's own reinforcements enter on hexes
// of the activation area only (the Game-Turn Fifteen group at 0117): their
// entry triggers Activation (19.1 (1) / 17.4 (i)) whatever the army does
// before. 0: none do within the game.
int own_activation_turn(const RoadToRichmond& m, const Game& view) {
  int first = 0;
  for (const UnitDef& d : view.roster()) {
    if (d.side != Side::Confederate || d.arrival_turn <= 0 || d.entry_hexes.empty()) continue;
    if (d.arrival_turn > view.rules().turns) continue;
    bool all_in = true;
    for (HexId h : d.entry_hexes) all_in = all_in && m.in_activation_area(h);
    if (all_in && (first == 0 || d.arrival_turn < first)) first = d.arrival_turn;
  }
  return first;
}

// The most Game-Turns sooner Activation on Game-Turn t brings any of the
// Union's groups, read from the title's own schedule (19.2 / 17.5: each of
// the Game-Turn 13, 14, 15 and 18 groups 12 - t sooner, none from Game-Turn 12).
int turns_sooner(const Game& view, int t) {
  int most = 0;
  for (const UnitDef& d : view.roster())
    if (d.side == Side::Union && d.arrival_turn > 0)
      most = std::max(most, d.arrival_turn - RoadToRichmond::early_arrival_turn(d.arrival_turn, t));
  return most;
}

// What the Confederate gives away by Activation on each Game-Turn of the
// game: the Union's groups sooner, and five points (22.4 / 22.14) unless its
// own reinforcements' entry will give them anyway.
std::vector<double> activation_cost_by_turn(const RoadToRichmond& m, const Game& view,
                                            bool additional_vp) {
  const int own = own_activation_turn(m, view);
  const double points = additional_vp && own == 0 ? 5 : 0;
  std::vector<double> cost;
  for (int t = 1; t <= view.rules().turns; ++t) {
    const int sooner = std::min(turns_sooner(view, t), kTunedTurnsSooner);
    const double early = own != 0 && t >= own ? 0 : kEarlyArrivalCost * sooner / kTunedTurnsSooner;
    cost.push_back(early + points);
  }
  return cost;
}

// The case that says a thing in the edition in force.
std::string rule_of(const RtrOptions& o, const char* c1977, const char* revised) {
  return std::string(o.revised() ? revised : c1977);
}

// The points for hexes held and for the Union Train's run to 1528.
void add_scoring(const RoadToRichmond& m, const Map& map, AiKnowledge& k) {
  const RtrOptions& o = m.options();
  auto rule = [&](const char* c1977, const char* revised) { return rule_of(o, c1977, revised); };
  const HexId h1528 = hex(map, "1528"), h0117 = hex(map, "0117");
  // 22.4 / 22.13: a point a Game-Turn after the eighth for holding 1823 and 1826.
  if (o.additional_vp)
    for (Side s : {Side::Union, Side::Confederate})
      for (const char* h : {"1823", "1826"})
        if (const HexId x = hex(map, h); x != kNoHex)
          k.objectives.push_back(HoldObjective{s, x, 1, 8, rule("22.4", "22.13")});
  if (const UnitIndex train = m.train(); train != kNoUnit && h1528 != kNoHex) {
    k.runs.push_back(RunGoal{train, Side::Union, h1528, kTrainOutValue, kTrainMissing,
                             "the Union Train runs for 1528 (" + rule("21.12", "22.12") +
                                 "); the Confederates hunt it (" + rule("21.11", "22.11") + ")"});
    // 21.11 (2) / 22.11 (ii): ten points more for eliminating the Train.
    k.unit_values.push_back(UnitValue{train, 10, rule("21.11", "22.11")});
  }
  if (h1528 != kNoHex) add_exits(m, h1528, h0117, k, rule("21.12", "22.12"));
}

// The Command Control Zone, closed to the Union, and the activation area,
// whose entry by a Confederate unit costs the Confederate.
std::vector<AiZone> ai_zones(const RoadToRichmond& m, const Game& view) {
  const RtrOptions& o = m.options();
  auto rule = [&](const char* c1977, const char* revised) { return rule_of(o, c1977, revised); };
  AiZone ccz{"Command Control Zone",
             Side::Union,
             ZoneKind::Closed,
             {},
             0,
             {},
             rule("18.1", "20.1") +
                 ": closed to Union units until three Game-Turns after the Train exits or the "
                 "Game-Turn Fourteen reinforcements are on the map"};
  AiZone area{
      "activation area",
      Side::Confederate,
      ZoneKind::Trigger,
      {},
      kEarlyArrivalCost + (o.additional_vp ? 5 : 0),
      activation_cost_by_turn(m, view, o.additional_vp),
      rule("19.1", "17.4") + ": a Confederate unit here brings the Union reinforcements early (" +
          rule("19.2", "17.5") + ")" +
          (o.additional_vp ? " and gives the Union five points (" + rule("22.4", "22.14") + ")"
                           : std::string())};
  for (HexId h : view.map().hexes()) {
    if (m.in_ccz(h)) ccz.hexes.push_back(h);
    if (m.in_activation_area(h)) area.hexes.push_back(h);
  }
  return {std::move(ccz), std::move(area)};
}

// Variable reinforcements (22.3 / 17.6): the Confederate's written choice.
void add_variable_reinforcements(const RoadToRichmond& m, AiKnowledge& k) {
  const RtrOptions& o = m.options();
  auto rule = [&](const char* c1977, const char* revised) { return rule_of(o, c1977, revised); };
  // The note is what ref-2026 (which makes no written choice) says.
  k.notes.push_back(AiNote{Side::Confederate, 1,
                           rule("22.3", "17.6") +
                               ": no Game-Turn One unit written down for 15 or 18; the 0103 "
                               "column's doubled first march (" +
                               rule("15.22", "17.2") + ") is worth more than a later threat",
                           true});
  // A written choice is worth most when the Union cannot know it (22.32:
  // "to further confuse the Union Player"; 23.2: threaten both exit hexes).
  // Mostly the column marches whole (its doubled first march, 15.22, is
  // worth more than a later threat); a few brigades sometimes wait for
  // Game-Turn 15 (0117) or 18 (0126, 0328, 0728), so that a Union player
  // can never leave the road to 0117 or the south unguarded.
  SecretChoice c;
  c.side = Side::Confederate;
  c.units = m.variable_units();
  c.options = {SecretOption{"none", 0.45, {}}, SecretOption{"two for 15", 0.2, {{15, 2}}},
               SecretOption{"two for 18", 0.15, {{18, 2}}},
               SecretOption{"one for 15, one for 18", 0.1, {{15, 1}, {18, 1}}},
               SecretOption{"three for 15", 0.1, {{15, 3}}}};
  c.text = rule("22.3", "17.6") +
           ": the written choice is made by a draw from a mixed strategy (some Game-Turn One "
           "units may wait for Game-Turn 15 or 18); it stays secret";
  if (!c.units.empty()) k.secrets.push_back(std::move(c));
}

// The tournament game (the 1977 Standard and exclusive rules, all four
// options, 22.1-22.4, and Attack Effectiveness, 11.0) scores and moves
// differently enough that its own tuned weights play it better (docs/ai.md,
// "Weights per rule set"). Only the rules they were tuned and measured
// under: the revised edition (whose standard rules include the four), the
// 2016 Standard Rules and any other mix keep the default set.
void choose_weights(const RoadToRichmond& m, const Game& view, AiKnowledge& k) {
  const RtrOptions& o = m.options();
  const core::RulesConfig& rules = view.rules();
  if (!o.revised() && !rules.dg() && rules.attack_effectiveness && o.advance_restrictions &&
      o.siege_train && o.variable_reinforcements && o.additional_vp) {
    k.weights_name = "tournament";
    k.weights = m.tournament_weights();
  }
}

}  // namespace

AiKnowledge ai_knowledge(const RoadToRichmond& m, const Game& view) {
  const RtrOptions& o = m.options();  // effective: the revised edition has every option
  AiKnowledge k;
  add_scoring(m, view.map(), k);
  k.zones = ai_zones(m, view);
  add_lines(m, view.map(), k);
  add_postures(k);
  if (o.variable_reinforcements) add_variable_reinforcements(m, k);
  choose_weights(m, view, k);
  return k;
}

bool ai_zone_in_force(const RoadToRichmond& m, const GameState& st, size_t zone) {
  switch (zone) {
    case kCcz:
      return !m.ccz_open(st);
    case kActivation:
      return m.activation_turn(st) == 0;
    default:
      return false;
  }
}

}  // namespace bg::titles::rtr
