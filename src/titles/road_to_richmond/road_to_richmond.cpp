#include "titles/road_to_richmond/road_to_richmond.h"

#include <algorithm>
#include <cassert>

#include "core/hex.h"
#include "core/position.h"
#include "titles/road_to_richmond/rtr_citations.h"

namespace bg::titles::rtr {

using namespace bg::core;

RtrOptions RtrOptions::effective() const {
  RtrOptions o = *this;
  if (revised()) {
    // Revised 18.5-18.6, 21.2, 17.6 and 22.13-22.14 are standard rules there.
    o.advance_restrictions = o.siege_train = o.variable_reinforcements = o.additional_vp = true;
  }
  return o;
}

namespace {

HexId hex_at(const Map& map, int col, int row) {
  return map.find(HexCoord{col, row}).value_or(kNoHex);
}

std::vector<uint8_t> zone_mask(const Map& map, std::string_view name) {
  std::vector<uint8_t> out(static_cast<size_t>(map.id_space()), 0);
  for (const Zone& z : map.zones())
    if (z.name == name)
      for (HexId h : z.hexes) out[h] = 1;
  return out;
}

bool unit_in(const GameState& st, UnitIndex u, UnitStatus s) {
  return u != kNoUnit && u < st.pos.count && st.pos.units[u].status == s;
}

}  // namespace

RoadToRichmond::RoadToRichmond(const Map& map, const Roster& roster, RtrOptions opt,
                               std::shared_ptr<const std::string> ai_weights)
    : opt_(opt.effective()),
      ai_weights_(std::move(ai_weights)),
      h0103_(hex_at(map, 1, 3)),
      h0117_(hex_at(map, 1, 17)),
      h1301_(hex_at(map, 13, 1)),
      h1901_(hex_at(map, 19, 1)),
      h1528_(hex_at(map, 15, 28)),
      h1823_(hex_at(map, 18, 23)),
      h1826_(hex_at(map, 18, 26)),
      h2426_(hex_at(map, 24, 26)),
      roads_(map, {h0117_, h1528_, h2426_}) {  // the road searches' ends
  // 22.31 / 17.61: "from hexes 0126, 0328 or 0728", in the chart's order.
  for (HexId h : {hex_at(map, 7, 28), hex_at(map, 3, 28), hex_at(map, 1, 26)})
    if (h != kNoHex) entry18_.push_back(h);
  ccz_ = zone_mask(map, "ccz");
  activation_ = zone_mask(map, "activation");
  // 19.1 / 17.4 (ii): within six hexes (inclusive) of 2426 or 1826.
  near_.assign(static_cast<size_t>(map.id_space()), 0);
  for (HexId h : map.hexes())
    for (HexId c : {h2426_, h1826_})
      if (c != kNoHex && distance(map.coord(h), map.coord(c)) <= 6) near_[h] = 1;
  for (size_t i = 0; i < roster.size(); ++i) {
    const UnitDef& d = roster[i];
    const auto u = static_cast<UnitIndex>(i);
    if (d.side == Side::Confederate && d.arrival_turn == 1) turn1_.push_back(u);
    if (d.side == Side::Union && d.arrival_turn == 14) turn14_.push_back(u);
    if (d.kind == kTrainKind) train_ = u;
  }
}

TitleState RoadToRichmond::initial_state(const Context&) const {
  return TitleState::of(RtrState{});
}

std::string_view RoadToRichmond::cite(RuleId id) const {
  return rtr_case(id, opt_.exclusive);
}

std::string RoadToRichmond::rule(const char* c1977, const char* revised) const {
  return opt_.revised() ? revised : c1977;
}

bool RoadToRichmond::in_activation_area(HexId h) const {
  return h < activation_.size() && (activation_[h] || near_[h]);
}

int RoadToRichmond::deferred_to(const GameState& st, UnitIndex u) const {
  const RtrState& s = state_of(st);
  if (u >= core::kMaxUnits) return 0;
  if (s.defer15[u]) return 15;
  if (s.defer18[u]) return 18;
  return 0;
}

int RoadToRichmond::group_turn(const Context& ctx, const GameState& st, UnitIndex u) const {
  const int deferred = deferred_to(st, u);
  return deferred ? deferred : ctx.def(u).arrival_turn;
}

// 15.0 / 17.3 with early arrival (19.2 / 17.5) and variable reinforcements
// (22.33-22.34 / 17.63-17.64: held units arrive with their new group, early
// arrival included).
int RoadToRichmond::arrival_turn(const Context& ctx, const GameState& st, UnitIndex u) const {
  return early_arrival_turn(group_turn(ctx, st, u), state_of(st).activation);
}

int RoadToRichmond::early_arrival_turn(int group, int activated) {
  if (activated <= 0) return group;
  int early = group;
  switch (group) {
    case 13:
      early = activated + 1;
      break;
    case 14:
      early = activated + 2;
      break;
    case 15:
      early = activated + 3;
      break;
    case 18:
      early = activated + 6;
      break;
    default:
      break;
  }
  return std::min(group, early);
}

std::vector<HexId> RoadToRichmond::entry_hexes(const Context& ctx, const GameState& st,
                                               UnitIndex u) const {
  switch (deferred_to(st, u)) {
    case 15:
      return {h0117_};
    case 18:
      return entry18_;
    default:
      return ctx.def(u).entry_hexes;
  }
}

// 15.42 / 17.32: "on hex 1301 (or 1901 if occupied or in the ZOC of a Union
// unit)". R-RTR-1901: "occupied" means by a Union unit; Confederate units
// already on 1301 do not close it (the column passes through them).
Status RoadToRichmond::check_entry(const Context& ctx, const GameState&, const Board& board,
                                   UnitIndex u, HexId entry) const {
  if (entry != h1901_ || h1301_ == kNoHex) return ok_status();
  const auto& chart = ctx.def(u).entry_hexes;
  if (std::find(chart.begin(), chart.end(), h1301_) == chart.end()) return ok_status();
  if (board.occupied_by(Side::Union, h1301_) || board.enemy_zoc(Side::Confederate, h1301_))
    return ok_status();
  const std::string r = rule("15.42", "17.32");
  return Error{r, r + ": " + ctx.def(u).id +
                      " enters by 1301; 1901 only while 1301 is occupied by a Union unit or in a "
                      "Union Zone of Control"};
}

// 15.22 / 17.2: Game-Turn One Confederate reinforcements move twice their
// allowance on Game-Turn One, so long as they do not enter Union ZOCs.
MoveBonus RoadToRichmond::bonus_mp(const Context& ctx, const GameState& st, UnitIndex u,
                                   int) const {
  const UnitDef& d = ctx.def(u);
  if (st.turn != 1 || d.side != Side::Confederate || d.arrival_turn != 1) return {};
  if (deferred_to(st, u) != 0) return {};
  return MoveBonus{d.movement, true};
}

// 18.1 / 20.1: Union units stay out of the Command Control Zone until three
// Game-Turns after the Train exits at 1528, or after the Game-Turn Fourteen
// reinforcements are on the map (R-RTR-CCZ-TIMING: from Game-Turn T+3).
bool RoadToRichmond::ccz_open(const GameState& st) const {
  const int train = state_of(st).train_exit;
  const int t14 = state_of(st).turn14_in;
  return (train > 0 && st.turn >= train + 3) || (t14 > 0 && st.turn >= t14 + 3);
}

bool RoadToRichmond::forbids(const Context& ctx, const GameState& st, UnitIndex u, HexId h) const {
  return ctx.def(u).side == Side::Union && in_ccz(h) && !ccz_open(st);
}

Error RoadToRichmond::forbid_reason(const Context&, const GameState& st, UnitIndex, HexId) const {
  const std::string r = rule("18.1", "20.1");
  std::string when;
  const int train = state_of(st).train_exit;
  const int t14 = state_of(st).turn14_in;
  if (train > 0 || t14 > 0) {
    const int open = std::min(train > 0 ? train + 3 : 99, t14 > 0 ? t14 + 3 : 99);
    when = " (open from Game-Turn " + std::to_string(open) + ")";
  }
  return Error{r, r +
                      ": Union units may not enter the Command Control Zone until three "
                      "Game-Turns after the Train exits at 1528 or the Game-Turn Fourteen "
                      "reinforcements are on the map" +
                      when};
}

// 22.11 / 18.51 (with the advance restrictions, standard in the revised
// edition): a stream no longer doubles the defender, even where a bridge or
// ford crosses it; a creek's bridges and fords still do.
bool RoadToRichmond::hexside_doubles_defence(HexsideBits side) const {
  if (opt_.advance_restrictions && (side & kStream) && !(side & kCreek)) return false;
  return tec_hexside_doubles(side);
}

namespace {

// 22.12-22.13 / 18.52: no advance across a stream hexside unless a bridge
// crosses it.
bool unbridged_stream(const Map& map, HexId from, HexId to) {
  const auto dir = map.direction(from, to);
  if (!dir) return false;
  const HexsideBits side = map.side(from, *dir);
  return (side & kStream) && !(side & kBridge);
}

}  // namespace

bool RoadToRichmond::forbids_advance(const Context& ctx, const GameState&, UnitIndex, HexId from,
                                     HexId to) const {
  if (!opt_.advance_restrictions) return false;
  // 22.14 / 18.6: nor into a swamp hex.
  return unbridged_stream(*ctx.map, from, to) || ctx.map->terrain(to) == Terrain::Swamp;
}

Error RoadToRichmond::advance_refusal(const Context& ctx, const GameState&, UnitIndex, HexId from,
                                      HexId to) const {
  if (unbridged_stream(*ctx.map, from, to)) {
    const std::string r = rule("22.12", "18.52");
    return Error{r, r + ": units may not advance after combat across a stream hexside"};
  }
  const std::string r = rule("22.14", "18.6");
  return Error{r, r + ": units may not advance after combat into a swamp hex"};
}

// 19.1 / 17.4: a Confederate unit on the south side of the Chickahominy from
// 0407 south, or within six hexes of 2426 or 1826, during some part of its
// Movement or Combat Phase. Checked on every hex a Confederate unit enters in
// those phases (paths included) and on where they stand as the phases begin.
void RoadToRichmond::check_activation(const Context& ctx, GameState& st, const Action* a) const {
  if (state_of(st).activation > 0 || st.phasing != Side::Confederate) return;
  bool hit = false;
  for (int u = 0; u < st.pos.count && !hit; ++u) {
    const UnitState& s = st.pos.units[u];
    if (s.on_map() && ctx.def(static_cast<UnitIndex>(u)).side == Side::Confederate &&
        in_activation_area(s.hex))
      hit = true;
  }
  if (!hit && a && a->unit != kNoUnit && a->unit < st.pos.count &&
      ctx.def(a->unit).side == Side::Confederate) {
    for (HexId h : a->path) hit = hit || in_activation_area(h);
    if (a->kind == ActionKind::Advance || a->kind == ActionKind::Retreat)
      hit = hit || in_activation_area(a->hex);
  }
  if (!hit) return;
  st.title.mut<RtrState>().activation = st.turn;
  // 22.4 / 22.14: five points to the Union for triggering early arrival.
  if (opt_.additional_vp) st.vp[static_cast<size_t>(Side::Union)] += 5;
}

void RoadToRichmond::on_phase_start(const Context& ctx, GameState& st) const {
  if (st.phase != Phase::Movement && st.phase != Phase::Combat) return;
  check_activation(ctx, st, nullptr);
  // 20.11 / 21.11: the Train falls back when a Confederate unit is adjacent
  // as the Union Combat Phase begins, unless a creek without bridge or ford,
  // or a lake (16.4; R-LAKE: with or without a bridge), lies between them:
  // the hexside the core closes to moves and Zones of Control.
  if (st.phase != Phase::Combat || st.phasing != Side::Union) return;
  if (!unit_in(st, train_, UnitStatus::OnMap)) return;
  const HexId at = st.pos.units[train_].hex;
  const Map& map = *ctx.map;
  bool threatened = false;
  for (int d = 0; d < kDirs && !threatened; ++d) {
    const Dir dir = static_cast<Dir>(d);
    const HexId n = map.neighbour(at, dir);
    if (!map.on_map(n)) continue;
    if (hexside_closed(map.side(at, dir))) continue;
    for (int v = 0; v < st.pos.count; ++v) {
      const UnitState& s = st.pos.units[v];
      if (s.on_map() && s.hex == n && ctx.def(static_cast<UnitIndex>(v)).side == Side::Confederate)
        threatened = true;
    }
  }
  if (threatened)
    st.pending.push_back(
        Pending{PendingKind::Retreat, Side::Union, train_, RetreatCause::Scenario, false});
}

void RoadToRichmond::after_action(const Context& ctx, GameState& st, const Action& a) const {
  if (a.kind != ActionKind::Scenario && a.kind != ActionKind::Dice && !state_of(st).started)
    st.title.mut<RtrState>().started = true;
  if (st.phase == Phase::Movement || st.phase == Phase::Combat) check_activation(ctx, st, &a);
  if (train_ != kNoUnit && state_of(st).train_exit == 0 &&
      unit_in(st, train_, UnitStatus::Exited) && st.pos.units[train_].hex == h1528_)
    st.title.mut<RtrState>().train_exit = st.turn;
  if (a.kind == ActionKind::Enter && !turn14_.empty() && state_of(st).turn14_in == 0 &&
      std::none_of(turn14_.begin(), turn14_.end(),
                   [&](UnitIndex u) { return unit_in(st, u, UnitStatus::OffMap); }))
    st.title.mut<RtrState>().turn14_in = st.turn;
  // 21.11 (2) / 22.11 (ii): ten points more for the Train.
  if (!state_of(st).train_bonus && unit_in(st, train_, UnitStatus::Eliminated)) {
    st.title.mut<RtrState>().train_bonus = true;
    st.vp[static_cast<size_t>(Side::Confederate)] += 10;
  }
}

void RoadToRichmond::on_game_turn_end(const Context& ctx, GameState& st) const {
  // 22.4 / 22.13: a point a hex for holding 1823 and 1826 at the end of each
  // Game-Turn after Game-Turn Eight.
  if (opt_.additional_vp && st.turn > 8) {
    const HexId hexes[2] = {h1823_, h1826_};
    for (int i = 0; i < 2; ++i) {
      for (Side s : {Side::Union, Side::Confederate}) {
        bool holds = false;
        for (int u = 0; u < st.pos.count; ++u)
          holds = holds || (st.pos.units[u].on_map() && st.pos.units[u].hex == hexes[i] &&
                            ctx.def(static_cast<UnitIndex>(u)).side == s);
        if (!holds) continue;
        st.title.mut<RtrState>().hold[static_cast<size_t>(s)][static_cast<size_t>(i)]++;
        st.vp[static_cast<size_t>(s)]++;
      }
    }
  }
  if (st.turn >= ctx.rules->turns) score_end(ctx, st);
}

void RoadToRichmond::score_end(const Context& ctx, GameState& st) const {
  if (state_of(st).end_scored) return;
  st.title.mut<RtrState>().end_scored = true;
  std::vector<VpLine> lines;
  end_lines(ctx, st, lines);
  for (const VpLine& l : lines) st.vp[static_cast<size_t>(l.side)] += l.points;
}

// 22.3 / 17.6: the Confederate player's written choice, made before play
// begins: a Game-Turn One unit from 0103 arrives instead with the Game-Turn
// Fifteen (value 15) or Eighteen (18) reinforcements; value 1 takes it back.
Status RoadToRichmond::scenario_action(const Context& ctx, GameState& st, const Action& a) const {
  const std::string r = rule("22.3", "17.6");
  if (!opt_.variable_reinforcements)
    return Error{r, r + ": variable Confederate reinforcements are not in use in this game "
                        "(option variable-reinforcements)"};
  const std::string written = rule("22.32", "17.62");
  if (state_of(st).started)
    return Error{written, written + ": the choice is written down before the game starts"};
  const auto it = std::find(turn1_.begin(), turn1_.end(), a.unit);
  const std::string which = rule("22.31", "17.61");
  if (it == turn1_.end())
    return Error{which, which +
                            ": only the Game-Turn One reinforcements from 0103 may be held "
                            "for Game-Turn Fifteen or Eighteen" +
                            (a.unit < st.pos.count ? " (" + ctx.def(a.unit).id + " is not one)"
                                                   : std::string())};
  if (a.value != 1 && a.value != 15 && a.value != 18)
    return Error{which, which + ": a unit is held for Game-Turn 15 or 18 (or 1 to keep it)"};
  RtrState& s = st.title.mut<RtrState>();
  s.defer15[a.unit] = a.value == 15;
  s.defer18[a.unit] = a.value == 18;
  return ok_status();
}

// 22.3 / 17.6: before play begins, the Confederate player may write down (or
// take back) a Game-Turn Fifteen or Eighteen arrival for each Game-Turn One
// unit from 0103: every choice that changes what is written.
void RoadToRichmond::legal_decisions(const Context&, const GameState& st,
                                     std::vector<Action>& out) const {
  if (!opt_.variable_reinforcements || state_of(st).started || !st.pending.empty() ||
      st.phasing != Side::Confederate)
    return;
  for (UnitIndex u : turn1_) {
    const int now = deferred_to(st, u);
    for (int value : {1, 15, 18}) {
      if (value == (now == 0 ? 1 : now)) continue;
      Action& a = out.emplace_back();
      a.kind = ActionKind::Scenario;
      a.unit = u;
      a.value = static_cast<int16_t>(value);
    }
  }
}

// 22.32 / 17.62: "The Confederate Player secretly writes down..." The choice
// is his whoever must act, and the Union may not make it for him.
std::optional<Side> RoadToRichmond::decision_side(const Context&, const GameState&,
                                                  const Action& a) const {
  if (a.kind != ActionKind::Scenario) return std::nullopt;
  return Side::Confederate;
}

bool RoadToRichmond::hidden_from(const Context&, const GameState& st, UnitIndex u,
                                 Side viewer) const {
  return viewer == Side::Union && deferred_to(st, u) != 0;
}

// The Union may not know the written choice: its copy shows every Game-Turn
// One unit as the chart does (and may plan for them arriving by 0103).
void RoadToRichmond::redact(const Context&, GameState& st, Side viewer) const {
  if (viewer != Side::Union) return;
  RtrState& s = st.title.mut<RtrState>();
  s.defer15.reset();
  s.defer18.reset();
}

}  // namespace bg::titles::rtr
