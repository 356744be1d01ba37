#include "protocol/engine_session.h"

#include <memory>
#include <utility>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/reference.h"
#include "core/rule_id.h"
#include "core/unit_reach.h"
#include "protocol/action_json.h"
#include "protocol/charts_json.h"
#include "protocol/json_view.h"
#include "protocol/module_view.h"
#include "protocol/save_file.h"

namespace bg::protocol {

using namespace bg::core;

Json EngineSession::handle(std::string_view line) {
  try {
    auto cmd = parse_command(line);
    if (!cmd) return error_reply(cmd.error());
    return dispatch(*cmd);
  } catch (const std::exception& e) {
    return error_reply(Error{"", std::string("internal error: ") + e.what()});
  } catch (...) {
    return error_reply(Error{"", "internal error"});
  }
}

std::string EngineSession::handle_line(std::string_view line) {
  return dump_line(handle(line));
}

Result<UnitIndex> EngineSession::unit(const std::string& id) const {
  auto u = game_->find_unit(id);
  if (!u) return Error{"", "unknown unit " + quote(id)};
  return *u;
}

Result<HexId> EngineSession::hex(HexCoord c) const {
  auto h = game_->map().find_label(c);
  if (!h)
    return Error{"", "hex " + format_hex(c) + " is not on the map (" +
                         std::to_string(game_->map().cols()) + " columns, " +
                         std::to_string(game_->map().rows()) + " rows)"};
  return *h;
}

namespace {

// An ok reply carrying body's keys.
Json ok_with(const Json& body) {
  Json j = ok_reply();
  for (const auto& [k, v] : body.items()) j[k] = v;
  return j;
}

}  // namespace

EngineSession::Handler EngineSession::handler_for(Verb verb) {
  static const std::pair<Verb, Handler> kTable[] = {{Verb::Terrain, &EngineSession::cmd_setup},
                                                    {Verb::Hexside, &EngineSession::cmd_setup},
                                                    {Verb::Unit, &EngineSession::cmd_setup},
                                                    {Verb::Reinforce, &EngineSession::cmd_setup},
                                                    {Verb::ExitHex, &EngineSession::cmd_setup},
                                                    {Verb::Dice, &EngineSession::cmd_dice},
                                                    {Verb::Map, &EngineSession::cmd_map},
                                                    {Verb::Victory, &EngineSession::cmd_victory},
                                                    {Verb::Charts, &EngineSession::cmd_charts},
                                                    {Verb::Overlays, &EngineSession::cmd_overlays},
                                                    {Verb::Ai, &EngineSession::cmd_ai},
                                                    {Verb::Decide, &EngineSession::cmd_decide},
                                                    {Verb::State, &EngineSession::cmd_state},
                                                    {Verb::Reach, &EngineSession::cmd_reach},
                                                    {Verb::Move, &EngineSession::cmd_move},
                                                    {Verb::Enter, &EngineSession::cmd_enter},
                                                    {Verb::Attack, &EngineSession::cmd_attack},
                                                    {Verb::Preview, &EngineSession::cmd_preview},
                                                    {Verb::Retreat, &EngineSession::cmd_decision},
                                                    {Verb::Advance, &EngineSession::cmd_decision},
                                                    {Verb::Lose, &EngineSession::cmd_decision},
                                                    {Verb::Evade, &EngineSession::cmd_decision},
                                                    {Verb::End, &EngineSession::cmd_end},
                                                    {Verb::Save, &EngineSession::cmd_save}};
  for (const auto& [v, h] : kTable)
    if (v == verb) return h;
  return nullptr;
}

// The commands that need no game first; then, with a game, the table's.
Json EngineSession::dispatch(const Command& c) {
  switch (c.verb) {
    case Verb::Help:
      return ok_with(Json{{"commands", usage_lines()}});
    case Verb::Quit:
      quit_ = true;
      return ok_with(Json{{"quit", true}});
    case Verb::Titles:
      return ok_with(Json{{"titles", titles_json()}});
    case Verb::New:
      return cmd_new(c);
    case Verb::Load:
      return cmd_load(c);
    default:
      break;
  }
  if (!game_) return error_reply(Error{"", "no game yet: start one with new sandbox"});
  const Handler h = handler_for(c.verb);
  if (!h) return error_reply(Error{"", "command not handled"});
  return (this->*h)(c);
}

Json EngineSession::cmd_dice(const Command& c) {
  Action a;
  a.kind = ActionKind::Dice;
  for (int d : c.dice) a.dice.push_back(static_cast<uint8_t>(d));
  auto r = game_->apply(a);
  if (!r) return error_reply(r.error());
  Json j = ok_reply();
  j["dice_queue"] = game_->state().dice.forced_queue();
  return j;
}

Json EngineSession::cmd_map(const Command&) {
  return ok_with(map_json(*game_));
}

Json EngineSession::cmd_victory(const Command&) {
  return ok_with(victory_json(*game_));
}

Json EngineSession::cmd_charts(const Command&) {
  return ok_with(charts_json(*game_));
}

Json EngineSession::cmd_overlays(const Command& c) {
  std::optional<UnitIndex> which;
  if (!c.units.empty()) {
    auto u = unit(c.units[0]);
    if (!u) return error_reply(u.error());
    which = *u;
  }
  return ok_with(overlays_json(*game_, which));
}

Json EngineSession::cmd_decide(const Command& c) {
  Action a;
  a.kind = ActionKind::Scenario;
  if (!c.units[0].empty()) {
    auto u = unit(c.units[0]);
    if (!u) return error_reply(u.error());
    a.unit = *u;
  }
  a.value = static_cast<int16_t>(c.turn);
  if (!c.decision.empty()) {
    const core::ScenarioRules* rules = game_->scenario();
    const std::optional<int> d = rules ? rules->parse_decision_key(c.decision) : std::nullopt;
    if (!d) return error_reply(Error{"", "this game has no decision '" + c.decision + "'"});
    a.decision = static_cast<uint8_t>(*d);
  }
  return apply_and_report(a);
}

Json EngineSession::cmd_state(const Command& c) {
  return ok_with(c.viewer ? state_json(*game_, std::optional<Side>(c.side)) : state_json(*game_));
}

Json EngineSession::cmd_attack(const Command& c) {
  return attack(c, false);
}

Json EngineSession::cmd_preview(const Command& c) {
  return attack(c, true);
}

Json EngineSession::cmd_new(const Command& c) {
  auto g = make_game(c.params);
  if (!g) return error_reply(g.error());
  game_.emplace(std::move(*g));
  params_ = c.params;
  fair_.reset();
  mover_.reset();
  Json j = ok_reply();
  j["new"] = to_json(params_);
  return j;
}

Json EngineSession::cmd_setup(const Command& c) {
  Action a;
  if (c.verb == Verb::Reinforce) {
    // An off-map unit: no hex now, its entry hexes in the def.
    a.kind = ActionKind::PlaceUnit;
    auto d = std::make_shared<UnitDef>();
    d->id = c.units.at(0);
    d->side = c.side;
    d->type = c.type;
    d->strength = c.strength;
    d->defense = c.strength;
    d->arrival_turn = c.turn;
    for (HexCoord hc : c.hexes) {
      auto h = hex(hc);
      if (!h) return error_reply(h.error());
      d->entry_hexes.push_back(*h);
    }
    a.def = std::move(d);
    auto r = game_->apply(a);
    if (!r) return error_reply(r.error());
    return ok_reply();
  }
  auto h = hex(c.hexes.at(0));
  if (!h) return error_reply(h.error());
  a.hex = *h;
  if (c.verb == Verb::Terrain) {
    a.kind = ActionKind::SetTerrain;
    a.terrain = c.terrain;
  } else if (c.verb == Verb::Hexside) {
    a.kind = ActionKind::AddHexside;
    auto h2 = hex(c.hexes.at(1));
    if (!h2) return error_reply(h2.error());
    a.hex2 = *h2;
    a.bits = c.feature;
  } else if (c.verb == Verb::ExitHex) {
    a.kind = ActionKind::MarkExit;
  } else {
    a.kind = ActionKind::PlaceUnit;
    auto d = std::make_shared<UnitDef>();
    d->id = c.units.at(0);
    d->side = c.side;
    d->type = c.type;
    d->strength = c.strength;
    d->defense = c.strength;
    a.def = std::move(d);
  }
  auto r = game_->apply(a);
  if (!r) return error_reply(r.error());
  return ok_reply();
}

// One reach for every front end (core::unit_reach): the MP are spent from the
// start of the move, a reinforcement's entry cost included.
Json EngineSession::cmd_reach(const Command& c) {
  auto u = unit(c.units.at(0));
  if (!u) return error_reply(u.error());
  auto r = unit_reach(*game_, *u, c.strategic);
  if (!r) return error_reply(r.error());
  auto mp_of = [&](const std::vector<ReachTarget>& targets) {
    Json hexes = Json::object();
    for (const ReachTarget& t : targets) hexes[hex_name(game_->map(), t.hex)] = t.mp;
    return hexes;
  };
  Json j = ok_reply();
  if (r->entering) {
    Json out = Json::object();
    for (const EntryReach& e : r->entries) out[hex_name(game_->map(), e.entry)] = mp_of(e.targets);
    j["entries"] = std::move(out);
  } else {
    j["hexes"] = mp_of(r->targets);
  }
  return j;
}

Json EngineSession::cmd_move(const Command& c) {
  auto u = unit(c.units.at(0));
  if (!u) return error_reply(u.error());
  Action a;
  a.kind = ActionKind::Move;
  a.unit = *u;
  a.strategic = c.strategic;
  a.exit_map = c.exit_map;
  for (HexCoord hc : c.hexes) {
    auto h = hex(hc);
    if (!h) return error_reply(h.error());
    a.path.push_back(*h);
  }
  if (a.path.size() == 1) {
    // One hex: the cheapest legal path there; otherwise the core's own reason
    // for refusing the one-step move, or "not reachable" for a distant hex.
    const HexId target = a.path[0];
    Reach reach;
    game_->reach(*u, c.strategic, reach);
    if (reach.contains(target)) {
      a.path = reach.path_to(target);
    } else {
      auto r = game_->apply(a);
      if (r) return move_reply(*u, *r);
      const UnitState& us = game_->position().units[*u];
      const bool adjacent = us.on_map() && game_->map().direction(us.hex, target).has_value();
      const Error& e = r.error();
      if (!adjacent && e.rule == cite(game_->context(), RuleId::HexToHex) &&
          e.message.find("adjacent") != std::string::npos)
        return error_reply(refuse(game_->context(), RuleId::MovementAllowance,
                                  hex_name(game_->map(), target) + " is not reachable"));
      return error_reply(e);
    }
  }
  auto r = game_->apply(a);
  if (!r) return error_reply(r.error());
  return move_reply(*u, *r);
}

Json EngineSession::move_reply(UnitIndex u, const Report& r) const {
  Json j = ok_reply();
  j["unit"] = unit_id(*game_, u);
  Json path = Json::array();
  for (HexId h : r.path) path.push_back(hex_name(game_->map(), h));
  j["path"] = std::move(path);
  j["mp"] = r.mp;
  j["exited"] = game_->position().units[u].status == UnitStatus::Exited;
  return j;
}

Json EngineSession::cmd_enter(const Command& c) {
  auto u = unit(c.units.at(0));
  if (!u) return error_reply(u.error());
  Action a;
  a.kind = ActionKind::Enter;
  a.unit = *u;
  a.exit_map = c.exit_map;
  for (HexCoord hc : c.hexes) {
    auto h = hex(hc);
    if (!h) return error_reply(h.error());
    a.path.push_back(*h);
  }
  auto r = game_->apply(a);
  if (!r) return error_reply(r.error());
  return move_reply(*u, *r);
}

Json EngineSession::attack(const Command& c, bool preview) {
  Action a;
  a.kind = ActionKind::Attack;
  for (const std::string& id : c.units) {
    auto u = unit(id);
    if (!u) return error_reply(u.error());
    a.units.push_back(*u);
  }
  for (HexCoord hc : c.hexes) {
    auto h = hex(hc);
    if (!h) return error_reply(h.error());
    a.hexes.push_back(*h);
  }
  a.column = static_cast<int8_t>(c.column);
  if (preview) {
    auto plan = game_->preview_attack(a);
    if (!plan) return error_reply(plan.error());
    Json j = ok_reply();
    add_plan(j, *game_, *plan);
    return j;
  }
  return apply_and_report(a);
}

Json EngineSession::cmd_decision(const Command& c) {
  Action a;
  if (!c.units.empty()) {
    auto u = unit(c.units.at(0));
    if (!u) return error_reply(u.error());
    a.unit = *u;
  }
  switch (c.verb) {
    case Verb::Retreat:
      a.kind = ActionKind::Retreat;
      if (!c.none) {
        auto h = hex(c.hexes.at(0));
        if (!h) return error_reply(h.error());
        a.hex = *h;
      }
      if (!c.displace.empty()) {
        auto d = unit(c.displace);
        if (!d) return error_reply(d.error());
        a.displace = *d;
      }
      break;
    case Verb::Advance:
      a.kind = ActionKind::Advance;
      if (!c.none) {
        auto h = hex(c.hexes.at(0));
        if (!h) return error_reply(h.error());
        a.hex = *h;
      }
      break;
    case Verb::Lose:
      a.kind = ActionKind::Lose;
      a.unit = kNoUnit;
      for (const std::string& id : c.units) {
        auto u = unit(id);
        if (!u) return error_reply(u.error());
        a.units.push_back(*u);
      }
      break;
    default:
      a.kind = ActionKind::Evade;
      for (HexCoord hc : c.hexes) {
        auto h = hex(hc);
        if (!h) return error_reply(h.error());
        if (a.path.full()) return error_reply(Error{"", "too many hexes"});
        a.path.push_back(*h);
      }
      break;
  }
  return apply_and_report(a);
}

Json EngineSession::apply_and_report(const Action& a) {
  auto r = game_->apply(a);
  if (!r) return error_reply(r.error());
  Json j = ok_reply();
  if (r->combat && (a.kind == ActionKind::Attack || r->combat->rolled))
    add_combat(j, *game_, *r->combat);
  j["eliminated"] = eliminated_json(*game_, *r);
  j["pending"] = pending_json(*game_);
  return j;
}

// The computer plays the side to act until another side must act (its whole
// player-turn, or the pending decision asked of it), on that side's view of the
// game (it never sees the other side's secrets).
bool EngineSession::set_default_player(const std::string& name) {
  if (!ai::named_ai_config(name, 1)) return false;
  default_player_ = name;
  return true;
}

Result<ai::AiConfig> EngineSession::ai_config(const Command& c) const {
  // Deterministic: the same game and command give the same play.
  const uint64_t seed = c.seed ? c.seed : game_->rules().seed * 1000003ull + game_->log().size();
  const std::string name = !c.player.empty()  ? c.player
                           : !c.level.empty() ? "ai-" + c.level
                                              : default_player_;
  auto cfg = ai::named_ai_config(name, seed);
  if (!cfg)
    return Error{"", "no AI player " + quote(name) + " (ai-easy, ai-normal, ai-hard, " +
                         std::string(ai::kReference2026) + ")"};
  if (!c.posture.empty()) {
    // A posture the title declares; one of the other side's leaves the side
    // to act on its default (a client may name the posture it wants once).
    const auto actor = game_->to_act();
    if (!ai::posture_declared(*game_, c.posture))
      return Error{"", ai::posture_error(*game_, actor ? *actor : Side::Union, c.posture)};
    cfg->posture = c.posture;
  }
  if (c.nodes) cfg->node_budget = c.nodes;
  return *cfg;
}

// The computer plays the side to act until another side must act (its whole
// player-turn, or the pending decision asked of it), on that side's view of the
// game (it never sees the other side's secrets).
Json EngineSession::cmd_ai(const Command& c) {
  if (game_->over())
    return error_reply(refuse(game_->context(), RuleId::GameOver, "the game is over"));
  if (c.mode == "move") return cmd_ai_one(c, false);
  if (c.mode == "hint") return cmd_ai_one(c, true);
  auto made = ai_config(c);
  if (!made) return error_reply(made.error());
  const ai::AiConfig cfg = *made;
  const size_t before = game_->log().size();
  const auto actor = game_->to_act();
  const ai::TurnOutcome out = ai::play_turn(*game_, cfg);
  Json j = ok_reply();
  Json actions = Json::array();
  for (size_t i = before; i < game_->log().size(); ++i)
    actions.push_back(log_entry_json(*game_, game_->log()[i]));
  j["side"] = actor ? Json(std::string(side_name(*actor))) : Json(nullptr);
  j["actions"] = std::move(actions);
  j["nodes"] = out.nodes;
  if (c.explain) j["explain"] = out.explanation.lines;
  if (out.refused) j["stopped"] = out.error;  // an engine refusal: a bug in the AI
  const GameState& st = game_->state();
  j["turn"] = st.turn;
  j["phase"] = std::string(phase_name(st.phase));
  j["phasing"] = std::string(side_name(st.phasing));
  j["pending"] = pending_json(*game_);
  if (st.phase == Phase::Over) j["victory"] = victory_json(*game_);
  return j;
}

// One action for the side to act, not applied: `ai move` (what an engine
// answers a match's referee, docs/protocol.md) and `ai hint` (a suggestion for
// a person, with why). `ai move` keeps its player between calls, so a Movement
// Phase is planned once and its orders come one by one, exactly as the same
// player plays a tournament; `ai hint` plans afresh on the position as it is.
Json EngineSession::cmd_ai_one(const Command& c, bool hint) {
  const auto actor = game_->to_act();
  if (!actor) return error_reply(Error{"", "no side is to act"});
  auto made = ai_config(c);
  if (!made) return error_reply(made.error());
  std::unique_ptr<ai::AiPlayer> fresh;
  ai::AiPlayer* player = nullptr;
  if (hint) {
    fresh = std::make_unique<ai::AiPlayer>(*made);
    player = fresh.get();
  } else {
    // A new player when the settings change; the seed is the first call's.
    const std::string key = (c.player.empty() ? c.level : c.player) + "|" + c.posture + "|" +
                            std::to_string(c.nodes) + "|" + std::to_string(c.seed) + "|" +
                            default_player_;
    if (!mover_ || key != mover_key_) {
      mover_ = std::make_unique<ai::AiPlayer>(*made);
      mover_key_ = key;
    }
    player = mover_.get();
  }
  Json j = ok_reply();
  const Json suggestion = ai_suggestion(*game_, *player, hint || c.explain);
  for (const auto& [k, v] : suggestion.items()) j[k] = v;
  return j;
}

Json ai_suggestion(const Game& g, ai::AiPlayer& player, bool explain) {
  player.clear_explanation();
  const auto side = g.to_act();
  const Action a = player.choose(g);
  Json j = Json::object();
  j["side"] = side ? Json(std::string(side_name(*side))) : Json(nullptr);
  j["command"] = command_text(g, a);
  j["action"] = log_entry_json(g, LogEntry{a, {}});
  j["action"].erase("rolls");
  if (explain) j["explain"] = player.explanation().lines;
  return j;
}

Json EngineSession::cmd_end(const Command&) {
  Action a;
  a.kind = ActionKind::End;
  auto r = game_->apply(a);
  if (!r) return error_reply(r.error());
  const GameState& st = game_->state();
  Json j = ok_reply();
  j["turn"] = st.turn;
  j["phase"] = std::string(phase_name(st.phase));
  j["phasing"] = std::string(side_name(st.phasing));
  j["pending"] = pending_json(*game_);
  if (!r->eliminated.empty()) j["eliminated"] = eliminated_json(*game_, *r);
  // A player-turn began: the orders rolled for it (FR 8), for both players to see.
  if (st.phase == Phase::Movement)
    if (Json o = orders_json(*game_); !o.is_null()) j["orders"] = std::move(o);
  if (st.phase == Phase::Over) j["victory"] = victory_json(*game_);
  return j;
}

Json EngineSession::cmd_save(const Command& c) {
  // A loaded fair-dice game keeps its record: its rolls replay only from it.
  if (auto s = write_save(c.file, save_json(*game_, params_, fair_ ? &*fair_ : nullptr)); !s)
    return error_reply(s.error());
  Json j = ok_reply();
  j["file"] = c.file;
  j["actions"] = game_->log().size();
  return j;
}

Json EngineSession::cmd_load(const Command& c) {
  auto loaded = read_save(c.file);
  if (!loaded) return error_reply(loaded.error());
  game_.emplace(std::move(loaded->game));
  params_ = std::move(loaded->params);
  fair_ = std::move(loaded->fair);
  mover_.reset();
  const GameState& st = game_->state();
  Json j = ok_reply();
  j["file"] = c.file;
  j["actions"] = game_->log().size();
  j["turn"] = st.turn;
  j["phase"] = std::string(phase_name(st.phase));
  j["phasing"] = std::string(side_name(st.phasing));
  return j;
}

}  // namespace bg::protocol
