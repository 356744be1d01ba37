#include "core/game.h"

#include <algorithm>

#include "core/entry_columns.h"
#include "core/resolver.h"
#include "core/rule_id.h"

namespace bg::core {

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::Movement:
      return "movement";
    case Phase::Combat:
      return "combat";
    case Phase::Over:
      return "over";
  }
  return "?";
}

std::string_view pending_name(PendingKind k) {
  switch (k) {
    case PendingKind::Retreat:
      return "retreat";
    case PendingKind::Advance:
      return "advance";
    case PendingKind::Lose:
      return "lose";
    case PendingKind::Evade:
      return "evade";
  }
  return "?";
}

Game Game::sandbox(int cols, int rows, const RulesConfig& rules,
                   std::shared_ptr<const ScenarioRules> scenario) {
  return Game(std::make_shared<Map>(cols, rows), std::make_shared<Roster>(), rules, Position{},
              true, std::move(scenario));
}

Game::Game(std::shared_ptr<const Map> map, std::shared_ptr<const Roster> roster, RulesConfig rules,
           Position start, bool sandbox, std::shared_ptr<const ScenarioRules> scenario)
    : map_(std::move(map)),
      roster_(std::move(roster)),
      rules_(rules),
      sandbox_(sandbox),
      scenario_(std::move(scenario)) {
  st_.pos = start;
  st_.turn = 1;
  st_.phasing = rules_.first;
  st_.phase = Phase::Movement;
  st_.dice = Dice(rules_.seed);
  if (scenario_) {
    st_.title = scenario_->initial_state(context());
    scenario_->on_game_start(context(), st_);
  }
}

const Board& Game::board() const {
  if (!board_valid_) {
    board_.build(context(), st_.pos);
    board_valid_ = true;
  }
  return board_;
}

std::optional<UnitIndex> Game::find_unit(std::string_view id) const {
  for (size_t i = 0; i < roster_->size(); ++i)
    if ((*roster_)[i].id == id) return static_cast<UnitIndex>(i);
  return std::nullopt;
}

namespace {
MoveOptions move_options(const Game& g, bool strategic) {
  MoveOptions opt;
  opt.state = &g.state();
  opt.night = g.night();
  opt.strategic = strategic;
  return opt;
}
}  // namespace

void Game::reach(UnitIndex u, bool strategic, Reach& out) const {
  if (!can_move(u, strategic)) {  // 5.11: e.g. not this unit's Movement Phase
    out.clear();
    return;
  }
  compute_reach(context(), st_.pos, board(), u, move_options(*this, strategic), out);
  if (scenario_) {
    const Context ctx = context();
    out.keep_endings([&](HexId h) { return scenario_->may_end_move(ctx, st_, u, h).ok(); });
  }
}

Status Game::can_move(UnitIndex u, bool strategic) const {
  if (st_.phase != Phase::Movement)
    return refuse(context(), RuleId::MoveInOwnPhase, "units move only in their own Movement Phase");
  if (roster_->at(u).side != st_.phasing)
    return refuse(context(), RuleId::MoveInOwnPhase, "only the phasing player's units may move");
  if (scenario_)
    if (Status s = scenario_->may_move(context(), st_, u); !s) return s;
  return can_start_move(context(), st_.pos, board(), u, move_options(*this, strategic));
}

Result<AttackPlan> Game::preview_attack(const Action& a) const {
  return plan_attack(context(), st_, board(), a.units, a.hexes, a.column);
}

std::vector<RetreatOption> Game::retreat_options(UnitIndex u) const {
  Resolver r(*this);
  return r.retreat_options(u);
}

Game::AdvanceChoice Game::advance_choice() const {
  Resolver r(*this);
  return r.advance_choice();
}

std::optional<Side> Game::to_act() const {
  if (st_.phase == Phase::Over) return std::nullopt;
  if (!st_.pending.empty()) return st_.pending.front().side;
  return st_.phasing;
}

std::vector<HexId> Game::entry_options(UnitIndex u) const {
  std::vector<HexId> out;
  if (u >= st_.pos.count) return out;
  Resolver r(*this);
  r.rebuild();
  const Context ctx = context();
  const std::vector<HexId> hexes =
      scenario_ ? scenario_->entry_hexes(ctx, st_, u) : (*roster_)[u].entry_hexes;
  for (HexId h : hexes)
    if (r.plan_entry(u, h)) out.push_back(h);
  return out;
}

Result<int> Game::entry_reach(UnitIndex u, HexId entry, Reach& out) const {
  out.clear();
  Resolver r(*this);
  r.rebuild();
  auto plan = r.plan_entry(u, entry);
  if (!plan) return plan.error();
  UnitState& s = r.st.pos.units[u];
  s.status = UnitStatus::OnMap;
  s.hex = entry;
  r.rebuild();
  compute_reach(r.ctx, r.st.pos, r.board, u, plan->opt, out);
  return plan->opt.entry_cost;
}

Status Game::commit_dice(const DiceKey& key) {
  for (const LogEntry& e : log_)
    if (!e.rolls.empty()) return Error{"", "fair dice are keyed before the first roll"};
  if (st_.dice.forced_left() > 0) return Error{"", "fair dice are keyed before any forced die"};
  st_.dice = Dice::committed(key);
  return ok_status();
}

Game Game::view_for(Side viewer) const {
  Game out = *this;
  out.log_.clear();
  // A view never holds the committed seed: a player planning on it could
  // foresee the rolls. Its die is an ordinary one (the planner's guesses).
  if (out.st_.dice.is_committed()) out.st_.dice = Dice(rules_.seed);
  if (scenario_) scenario_->redact(context(), out.st_, viewer);
  out.board_valid_ = false;
  return out;
}

Game Game::imagined(const GameState& st) const {
  Game out = *this;
  out.log_.clear();
  out.st_ = st;
  out.board_valid_ = false;
  return out;
}

VictoryReport Game::victory() const {
  const Context ctx = context();
  if (scenario_) return scenario_->victory(ctx, st_);
  return eliminated_strength_report(ctx, st_);
}

Obligations Game::obligations() const {
  if (st_.phase != Phase::Combat) return {};
  return bg::core::obligations(context(), st_);
}

namespace {

// Whether the reinforcements' entry hexes, with `more`, still fit one phase's
// entry columns (EntryColumns, a slot per hex): checked when the set-up names
// them, so that no Movement Phase of a set-up game refuses a rule-legal entry
// for want of a slot (a title's scenario rules name their own few hexes).
bool entry_hexes_fit(const Roster& roster, const std::vector<HexId>& more) {
  EntryColumns columns;
  for (const UnitDef& d : roster)
    if (d.arrival_turn > 0)
      for (HexId h : d.entry_hexes)
        if (!columns.open(h)) return false;
  for (HexId h : more)
    if (!columns.open(h)) return false;
  return true;
}

// The in-phase twin of entry_hexes_fit's refusal: unreachable from a set-up.
Error no_entry_slot() {
  return Error{"", "too many entry hexes in one phase (a limit of this program, not a rule)"};
}

Status check_setup(const Game& g, const Action& a) {
  const Context ctx = g.context();
  const RulesConfig& r = *ctx.rules;
  if (!g.is_sandbox())
    return refuse(ctx, RuleId::SetupSandboxOnly, "set-up commands are for the sandbox only");
  if (!g.state().pending.empty())
    return refuse(ctx, RuleId::ResolveCombatFirst,
                  "resolve the pending decisions before changing the set-up");
  const Map& map = g.map();
  const bool reinforcement = a.kind == ActionKind::PlaceUnit && a.def && a.def->arrival_turn > 0;
  if (!reinforcement && !map.on_map(a.hex)) return Error{"", "that hex is not on the map"};
  const Board& board = g.board();
  switch (a.kind) {
    case ActionKind::SetTerrain:
      if ((a.terrain == Terrain::River || a.terrain == Terrain::Ferry) && !board.empty(a.hex))
        return refuse(ctx, RuleId::River, "units may not stand in river or ferry hexes");
      return ok_status();
    case ActionKind::AddHexside:
      if (a.hex2 >= map.id_space() || !map.on_map(a.hex2))
        return Error{"", "that hex is not on the map"};
      if (!map.direction(a.hex, a.hex2)) return Error{"", "the two hexes are not adjacent"};
      if (a.bits == 0) return Error{"", "no hexside feature named"};
      return ok_status();
    case ActionKind::MarkExit:
      if (map.is_exit(a.hex)) return Error{"", "that hex is already an exit hex"};
      return ok_status();
    case ActionKind::PlaceUnit: {
      const UnitDef& d = *a.def;
      if (d.id.empty()) return Error{"", "a unit needs an id"};
      if (g.find_unit(d.id)) return Error{"", "unit id " + d.id + " is already in use"};
      if (g.roster().size() >= static_cast<size_t>(kMaxUnits))
        return Error{"", "too many units (at most " + std::to_string(kMaxUnits) + ")"};
      // A unit that never attacks may have no combat strength (a headquarters).
      if (d.strength < (d.can_attack ? 1 : 0) || d.strength > 99 || d.defense < 0)
        return refuse(ctx, RuleId::UnitStrength, "strength must be 1 to 99");
      if (reinforcement) {
        if (d.arrival_turn > r.turns)
          return refuse(ctx, RuleId::ReinforcementArrival,
                        "a reinforcement arrives on a Game-Turn of the game");
        if (d.entry_hexes.empty() || d.entry_hexes.size() > 4)
          return refuse(ctx, RuleId::ReinforcementEntryHex,
                        "a reinforcement names one to four entry hexes");
        for (HexId h : d.entry_hexes)
          if (!map.on_map(h)) return Error{"", "an entry hex is not on the map"};
        if (!entry_hexes_fit(g.roster(), d.entry_hexes))
          return Error{"", "a game may name at most " + std::to_string(EntryColumns::kMaxHexes) +
                               " entry hexes in all (a limit of this program, not a rule: the "
                               "entries of one Movement Phase are counted by hex)"};
        return ok_status();
      }
      const Terrain t = map.terrain(a.hex);
      if (t == Terrain::River || t == Terrain::Ferry)
        return refuse(ctx, RuleId::River, "units may not stand in river or ferry hexes");
      if (board.occupied_by(other(d.side), a.hex))
        return refuse(ctx, RuleId::NoEnterEnemyHex, "an enemy unit stands in that hex");
      if (d.sole_occupant && !board.empty(a.hex))
        return refuse(ctx, RuleId::SoleOccupant, d.id + " stacks with no other unit");
      if (board.sole(a.hex))
        return refuse(ctx, RuleId::SoleOccupant,
                      "no unit may stack with " + closing_unit_name(ctx, g.position(), a.hex));
      if (!d.free_stacking && board.stacked(d.side, a.hex) >= 2)
        return refuse(ctx, RuleId::StackingLimit, "at most two units may stack in a hex");
      return ok_status();
    }
    default:
      return ok_status();
  }
}

}  // namespace

Result<Report> Game::apply(const Action& a) {
  switch (a.kind) {
    case ActionKind::SetTerrain:
    case ActionKind::AddHexside:
    case ActionKind::MarkExit:
    case ActionKind::PlaceUnit: {
      if (auto s = check_setup(*this, a); !s) return s.error();
      if (a.kind == ActionKind::PlaceUnit) {
        auto roster = std::make_shared<Roster>(*roster_);
        roster->push_back(*a.def);
        roster_ = std::move(roster);
        UnitState& u = st_.pos.units[st_.pos.count++];
        u = UnitState{};
        if (a.def->arrival_turn > 0) {
          u.status = UnitStatus::OffMap;  // 3.0: set aside until its Game-Turn
        } else {
          u.hex = a.hex;
          u.status = UnitStatus::OnMap;
          u.set(kEverEntered);
        }
      } else if (a.kind == ActionKind::MarkExit) {
        auto map = std::make_shared<Map>(*map_);
        map->named().push_back(NamedHex{"exit", a.hex, "exit"});
        map_ = std::move(map);
      } else {
        auto map = std::make_shared<Map>(*map_);
        if (a.kind == ActionKind::SetTerrain) {
          map->set_terrain(a.hex, a.terrain);
        } else {
          map->add_side(a.hex, *map->direction(a.hex, a.hex2), a.bits);
        }
        map_ = std::move(map);
      }
      board_valid_ = false;
      log_.push_back(LogEntry{a, {}});
      return Report{};
    }
    default:
      break;
  }
  Resolver r(*this);
  if (auto s = r.run(a); !s) return s.error();
  st_ = std::move(r.st);
  board_valid_ = false;
  log_.push_back(LogEntry{a, r.rolls});
  return std::move(r.report);
}

// ---------------------------------------------------------------------------
// Resolver: movement and the phase machine. Combat resolution is in
// resolution.cpp.

Status Resolver::run(const Action& a) {
  rebuild();
  if (a.kind == ActionKind::Dice) {
    if (a.dice.empty()) return Error{"", "dice needs at least one value"};
    for (uint8_t v : a.dice)
      if (v < 1 || v > 6) return Error{"", "a die shows 1 to 6"};
    for (uint8_t v : a.dice) st.dice.force(v);
    return ok_status();
  }
  if (st.phase == Phase::Over) return refuse(ctx, RuleId::GameOver, "the game is over");
  Status s = dispatch(a);
  if (s && ctx.scenario) ctx.scenario->after_action(ctx, st, a);
  return s;
}

Status Resolver::dispatch(const Action& a) {
  switch (a.kind) {
    case ActionKind::Move:
    case ActionKind::Enter:
      // A decision a title adds as a phase begins (a unit falling back, say)
      // is made before anything else happens, moves included.
      if (!st.pending.empty())
        return refuse(ctx, RuleId::ResolveCombatFirst, "resolve the pending decisions first");
      return a.kind == ActionKind::Move ? do_move(a) : do_enter(a);
    case ActionKind::End:
      return do_end();
    case ActionKind::Attack:
      return do_attack(a);
    case ActionKind::Retreat:
      return do_retreat(a);
    case ActionKind::Advance:
      return do_advance(a);
    case ActionKind::Lose:
      return do_lose(a);
    case ActionKind::Evade:
      return do_evade(a);
    case ActionKind::Scenario:
      if (!ctx.scenario) return Error{"", "this game has no scenario decisions"};
      if (!st.pending.empty())
        return refuse(ctx, RuleId::ResolveCombatFirst, "resolve the pending decisions first");
      return ctx.scenario->scenario_action(ctx, st, a);
    default:
      return Error{"", "that action is not handled here"};
  }
}

Status Resolver::do_move(const Action& a) {
  const RulesConfig& r = rules();
  if (st.phase != Phase::Movement)
    return refuse(ctx, RuleId::MoveInOwnPhase, "units move only in their own Movement Phase");
  if (a.unit >= st.pos.count) return Error{"", "unknown unit"};
  if (def(a.unit).side != st.phasing)
    return refuse(ctx, RuleId::MoveInOwnPhase,
                  "only the phasing player's units may move (" + def(a.unit).id + " may not)");
  if (ctx.scenario)
    if (Status s = ctx.scenario->may_move(ctx, st, a.unit); !s) return s;
  MoveOptions opt;
  opt.night = r.is_night(st.turn);
  opt.strategic = a.strategic;
  opt.state = &st;
  return move_unit(a, opt);
}

// Moves a unit along a validated path and, if asked, off the map (ExitAtExitHex, ExitCost).
Status Resolver::move_unit(const Action& a, const MoveOptions& opt) {
  UnitState& u = st.pos.units[a.unit];
  int spent = 0;  // MP of the path; the entry cost is already off the allowance
  if (!a.path.empty()) {
    auto s = validate_path(ctx, st.pos, board, a.unit, a.path, opt);
    if (!s) return s.error();
    spent = *s;
    if (ctx.scenario && !a.exit_map)
      if (Status e = ctx.scenario->may_end_move(ctx, st, a.unit, a.path.back()); !e) return e;
    u.hex = a.path.back();
  } else if (!a.exit_map) {
    return refuse(ctx, RuleId::HexToHex, "a move names at least one hex");
  } else if (auto s = can_start_move(ctx, st.pos, board, a.unit, opt); !s) {
    return s.error();
  }
  u.set(kMoved);
  report.mp = opt.entry_cost + spent;
  report.path = a.path;
  if (!a.exit_map) return ok_status();
  const bool exit_hex =
      ctx.scenario ? ctx.scenario->is_exit(ctx, st, a.unit, u.hex) : ctx.map->is_exit(u.hex);
  if (!exit_hex)
    return refuse(ctx, RuleId::ExitAtExitHex, "units may leave the map only at its exit hexes");
  rebuild();
  if (board.enemy_zoc(def(a.unit).side, u.hex))
    return refuse(ctx, RuleId::StopInEnemyZoc,
                  "a unit that enters an enemy-controlled hex stops there");
  if (spent + 1 > movement_allowance(ctx, a.unit, opt))
    return refuse(ctx, RuleId::ExitCost, "exiting the map costs one Movement Point more");
  u.status = UnitStatus::Exited;  // removed from play; hex keeps the exit used
  report.mp = opt.entry_cost + spent + 1;
  rebuild();
  return ok_status();
}

// Reinforcement entry: whether reinforcement u may enter by `entry` now, and with what
// Movement Points (the k-th pair of a column pays k MP to enter).
Result<Resolver::EntryPlan> Resolver::plan_entry(UnitIndex unit, HexId entry) {
  const RulesConfig& r = rules();
  if (st.phase != Phase::Movement)
    return refuse(ctx, RuleId::ReinforcementPhase,
                  "reinforcements enter during their owner's Movement Phase");
  if (unit >= st.pos.count) return Error{"", "unknown unit"};
  const UnitDef& d = def(unit);
  if (d.side != st.phasing)
    return refuse(ctx, RuleId::ReinforcementPhase,
                  "only the phasing player's reinforcements may enter");
  const UnitState& u = st.pos.units[unit];
  // A unit that left the map may come back if the scenario's rules say so.
  const bool reentry =
      u.status == UnitStatus::Exited && ctx.scenario && ctx.scenario->may_reenter(ctx, st, unit);
  if (!reentry && (u.status != UnitStatus::OffMap || d.arrival_turn <= 0))
    return refuse(ctx, RuleId::ReinforcementArrival,
                  d.id + " is not a reinforcement waiting to enter");
  const int arrival = ctx.scenario ? ctx.scenario->arrival_turn(ctx, st, unit) : d.arrival_turn;
  if (st.turn < arrival)
    return refuse(ctx, RuleId::ReinforcementArrival,
                  d.id + " arrives on Game-Turn " + std::to_string(arrival));
  if (ctx.scenario)
    if (Status s = ctx.scenario->may_move(ctx, st, unit); !s) return s.error();
  if (entry == kNoHex) return refuse(ctx, RuleId::ReinforcementEntryHex, "name the entry hex");
  const std::vector<HexId> hexes =
      ctx.scenario ? ctx.scenario->entry_hexes(ctx, st, unit) : d.entry_hexes;
  if (std::find(hexes.begin(), hexes.end(), entry) == hexes.end())
    return refuse(ctx, RuleId::ReinforcementEntryHex, d.id + " may not enter by that hex");
  if (board.occupied_by(other(d.side), entry))
    return refuse(ctx, RuleId::ReinforcementEnemyHex,
                  "reinforcements may not enter a hex an enemy unit occupies");
  if (ctx.scenario) {
    if (auto s = ctx.scenario->check_entry(ctx, st, board, unit, entry); !s) return s.error();
    if (ctx.scenario->forbids(ctx, st, unit, entry))
      return ctx.scenario->forbid_reason(ctx, st, unit, entry);
  }
  if (board.no_passage(entry))
    return refuse(ctx, RuleId::NoPassThrough,
                  "no unit may move through " + closing_unit_name(ctx, st.pos, entry) + "'s hex");
  if (d.no_pass_through && !board.empty(entry))
    return refuse(ctx, RuleId::NoPassThrough,
                  d.id + " may not move through a hex other units occupy");
  if (r.is_night(st.turn) && board.enemy_zoc(d.side, entry))
    return refuse(ctx, RuleId::NightNoEnterZoc,
                  "units may not enter enemy-controlled hexes at night");
  EntryPlan plan;
  if (!st.entries.room_for(entry)) return no_entry_slot();
  const int before = st.entries.entered_by(entry);
  MoveOptions& opt = plan.opt;
  opt.night = r.is_night(st.turn);
  opt.state = &st;
  const int pair = before / 2 + 1;
  opt.entry_cost = pair;
  if (ctx.scenario) {
    const MoveBonus bonus = ctx.scenario->bonus_mp(ctx, st, unit, pair);
    opt.bonus_mp = bonus.mp;
    opt.bonus_not_into_zoc = bonus.not_into_enemy_zoc;
  }
  MoveOptions allowance;
  allowance.bonus_mp = opt.bonus_mp;
  if (opt.entry_cost > movement_allowance(ctx, unit, allowance))
    return refuse(ctx, RuleId::ReinforcementColumn,
                  "the column is too long: no Movement Points are left to enter");
  return plan;
}

Status Resolver::do_enter(const Action& a) {
  const RulesConfig& r = rules();
  auto plan = plan_entry(a.unit, a.path.empty() ? kNoHex : a.path[0]);
  if (!plan) return plan.error();
  const HexId entry = a.path[0];
  const MoveOptions& opt = plan->opt;
  const UnitDef& d = def(a.unit);
  UnitState& u = st.pos.units[a.unit];
  const auto slot = st.entries.open(entry);  // plan_entry made sure of room
  if (!slot) return no_entry_slot();
  st.entries.counts[*slot]++;
  u.status = UnitStatus::OnMap;
  u.hex = entry;
  u.set(kEverEntered);
  rebuild();
  Action rest = a;
  rest.path.clear();
  for (size_t i = 1; i < a.path.size(); ++i) rest.path.push_back(a.path[i]);
  if (rest.path.empty() && !rest.exit_map) {
    // The unit stops on the entry hex: it must be allowed to end there.
    const Terrain t = ctx.map->terrain(entry);
    if (t == Terrain::River || t == Terrain::Ferry)
      return refuse(ctx, RuleId::River,
                    "units may never end their movement in a river or ferry hex");
    if (board.sole(entry) && !d.sole_occupant)
      return refuse(ctx, RuleId::SoleOccupant,
                    "no unit may stack with " + closing_unit_name(ctx, st.pos, entry));
    if (d.sole_occupant && board.units(d.side, entry) > 1)
      return refuse(ctx, RuleId::SoleOccupant, d.id + " may not stack with any other unit");
    if (r.dg() && !d.free_stacking && board.stacked(d.side, entry) > 2)
      return refuse(ctx, RuleId::StackingLimit, "at most two units may end their move in a hex");
    u.set(kMoved);
    report.mp = opt.entry_cost;
    report.path = a.path;
    return ok_status();
  }
  if (auto s = move_unit(rest, opt); !s) return s.error();
  report.path = a.path;
  return ok_status();
}

Status Resolver::do_end() {
  if (!st.pending.empty())
    return refuse(ctx, RuleId::ResolveCombatFirst,
                  "a " + std::string(pending_name(st.pending.front().kind)) +
                      " decision is pending; it must be made before the phase ends");
  if (st.phase == Phase::Movement) return end_movement_phase();
  return end_combat_phase();
}

Status Resolver::end_movement_phase() {
  const RulesConfig& r = rules();
  const Map& map = *ctx.map;
  if (ctx.scenario)
    if (Status s = ctx.scenario->may_end_movement(ctx, st); !s) return s;
  // 5.32: at most two units of a side in a hex when a phase ends.
  for (HexId h : map.hexes()) {
    if (board.stacked(st.phasing, h) > 2)
      return refuse(ctx, RuleId::StackingLimit,
                    map.label_text(h) + " holds " + std::to_string(board.stacked(st.phasing, h)) +
                        " units; at most two may end a phase stacked");
  }
  if (r.is_night(st.turn)) {
    next_player_turn();  // 10.0: no Combat Phase at night
    return ok_status();
  }
  st.phase = Phase::Combat;
  st.attack_hexes.clear();
  if (r.ae()) {
    for (int u = 0; u < st.pos.count; ++u) {
      UnitState& s = st.pos.units[u];
      const UnitDef& d = def(static_cast<UnitIndex>(u));
      s.set(kEzocAtCombat, s.on_map() && d.side == st.phasing && s.has(kIneffective) &&
                               board.enemy_zoc(d.side, s.hex));
    }
  }
  phase_started();
  return ok_status();
}

Status Resolver::combat_obligations_met() const {
  const Map& map = *ctx.map;
  const Obligations ob = obligations(ctx, st);
  std::string must_attack, must_be_attacked;
  // The first hex 7.12 obliges; hexes only the exclusive rules oblige
  // (Obligations::ordered) are refused under their own rule below.
  HexId first_zoc = kNoHex;
  for (HexId h : ob.attackers)
    if (first_zoc == kNoHex && !ob.ordered.contains(h)) first_zoc = h;
  auto attacker_in = [&](HexId h) {
    std::string who;
    for (int u = 0; u < st.pos.count; ++u)
      if (st.pos.units[u].on_map() && st.pos.units[u].hex == h &&
          can_attack_now(ctx, st, static_cast<UnitIndex>(u)))
        who = def(static_cast<UnitIndex>(u)).id;
    return who + " in " + map.label_text(h);
  };
  if (first_zoc != kNoHex)
    must_attack = attacker_in(first_zoc) + " is in an enemy Zone of Control and must attack";
  if (first_zoc == kNoHex && !ob.ordered.empty() && ob.defenders.empty())
    return refuse(ctx, RuleId::OrderedAttack,
                  attacker_in(ob.ordered[0]) + " is ordered to attack and is adjacent to an enemy");
  if (!ob.defenders.empty())
    must_be_attacked = "the enemy in " + map.label_text(ob.defenders[0]) +
                       " has friendly units in its Zone of Control and must be attacked";
  // R-CMB-OBLIGATION-CITES: when both obligations are owed the refusal cites 7.12 as its
  // rule (the protocol's `rule` is one case) and names 7.11 in its message.
  if (!must_attack.empty() && !must_be_attacked.empty()) {
    const std::string also = cite(ctx, RuleId::MustBeAttacked);
    const std::string first = cite(ctx, RuleId::MustAttack);
    return refuse(
        ctx, RuleId::MustAttack,
        must_attack + ", and " + (also == first ? "" : "(" + also + ") ") + must_be_attacked);
  }
  if (!must_attack.empty()) return refuse(ctx, RuleId::MustAttack, must_attack);
  if (!must_be_attacked.empty()) return refuse(ctx, RuleId::MustBeAttacked, must_be_attacked);
  return ok_status();
}

Status Resolver::end_combat_phase() {
  if (Status s = combat_obligations_met(); !s) return s;
  if (rules().ae() && !st.closing) {
    // 11.31 / DG 10.2: ineffective units that began the phase in an enemy ZOC
    // and are still in one retreat now; no enemy may advance after them.
    for (int u = 0; u < st.pos.count; ++u) {
      const UnitState& s = st.pos.units[u];
      if (s.on_map() && s.has(kEzocAtCombat) &&
          board.enemy_zoc(def(static_cast<UnitIndex>(u)).side, s.hex))
        st.pending.push_back(Pending{PendingKind::Retreat, st.phasing, static_cast<UnitIndex>(u),
                                     RetreatCause::Ineffective, false});
    }
    if (!st.pending.empty()) {
      st.closing = true;
      settle();
      return ok_status();
    }
  }
  finish_combat_phase();
  return ok_status();
}

void Resolver::finish_combat_phase() {
  next_player_turn();
}

void Resolver::next_player_turn() {
  const RulesConfig& r = rules();
  constexpr uint16_t kPhaseFlags =
      kMoved | kAttacked | kDefended | kAdvanced | kNoFire | kEzocAtCombat | kDisplaced;
  for (int u = 0; u < st.pos.count; ++u)
    st.pos.units[u].flags = static_cast<uint16_t>(st.pos.units[u].flags & ~kPhaseFlags);
  st.attack_hexes.clear();
  st.entries.clear();
  st.closing = false;
  st.combat = CombatRecord{};
  st.phase = Phase::Movement;
  if (st.phasing == r.first) {
    st.phasing = other(r.first);
    phase_started();
    return;
  }
  if (r.is_night(st.turn)) {
    // 11.4 / DG 10.4: every unit recovers at the end of a night turn.
    for (int u = 0; u < st.pos.count; ++u) st.pos.units[u].set(kIneffective, false);
  }
  if (ctx.scenario) ctx.scenario->on_game_turn_end(ctx, st);
  st.phasing = r.first;
  if (st.turn >= r.turns) {
    st.phase = Phase::Over;  // 4.0: the Victory Conditions are consulted
    return;
  }
  st.turn++;
  phase_started();
}

// A scenario may add decisions when a phase begins (e.g. a unit that must fall
// back from the enemy); units that then have no retreat are eliminated at once.
void Resolver::phase_started() {
  if (!ctx.scenario) return;
  rebuild();
  ctx.scenario->on_phase_start(ctx, st);
  rebuild();
  if (!st.pending.empty()) settle();
}

}  // namespace bg::core
