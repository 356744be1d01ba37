// Acting: a seat's action checked against its seat and applied by the engine,
// the computer's turn played after it, and the new actions stored before the
// reply (not stored, not accepted: the game goes back).
#include <iostream>

#include "core/rule_id.h"
#include "protocol/action_json.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "server/action_note.h"
#include "server/computer_player.h"
#include "server/game_room.h"

namespace bg::server {

using core::ActionKind;
using core::RuleId;
using core::Side;

namespace {

// A computer turn is a few dozen actions; this only stops a runaway loop.
constexpr int kMaxComputerActions = 5000;

std::string other_side_name(Side s) {
  return s == Side::Union ? "Confederate" : "Union";
}

std::string side_title(Side s) {
  return s == Side::Union ? "Union" : "Confederate";
}

}  // namespace

Reply GameRoom::act(Seat seat, const Json& body) {
  if (!body.is_object() || !body.contains("action") || !body.at("action").is_object())
    return refuse(400, "the request must be {\"action\":{...}}");
  return fresh([&] { return act_locked(seat, body); });
}

Reply GameRoom::act_locked(Seat seat, const Json& body) {
  const Json& aj = body.at("action");
  core::Game& g = *game_;
  if (body.contains("version") && body.at("version") != version_.load())
    return refuse(409, "the game has changed since this page last looked; it shows the game anew");
  if (seat == Seat::Spectator) return refuse(403, "a spectator's link cannot act");
  const std::string kind = aj.contains("kind") && aj.at("kind").is_string()
                               ? aj.at("kind").get<std::string>()
                               : std::string();
  if (kind == "dice" && !env_.test_mode)
    return refuse(403, "forced dice are a testing tool; this server rolls its own dice");
  if (Reply gate = fair_dice_gate(); gate.status != 200) return gate;
  auto a = protocol::action_from_json(g, aj);
  if (!a) return refuse(400, a.error());
  if (is_setup_kind(a->kind))
    return refuse(403, "set-up actions are accepted only when the game is created (3.0)", "3.0");
  const auto side = g.actor_of(*a);
  if (!side) return refuse(409, core::refuse(g.context(), RuleId::GameOver, "the game is over"));
  const auto own = seat_side(seat);
  if (seat == Seat::Hotseat ? computer_ == side : own != side) {
    const std::string who = own ? side_title(*own) : "this";
    if (a->kind == ActionKind::Scenario)
      return refuse(
          403, "the " + who + " seat cannot make the " + side_title(*side) + " player's choice");
    return refuse(
        409, core::refuse(g.context(), RuleId::SequenceOfPlay,
                          "it is the " + side_title(*side) + " player's turn to act, not the " +
                              (own ? side_title(*own) : other_side_name(*side)) + " player's"));
  }
  const size_t first = entries_.size();
  auto r = apply_one(*a);
  if (!r) return refuse(422, r.error());
  Json reply = report_json(*game_, *a, *r);
  run_computer();
  return commit(first, std::move(reply), seat);
}

void GameRoom::run_computer() {
  if (!computer_ || game_->over() || game_->to_act() != computer_) return;
  armed_now();
  const Applied record = [&](const core::Game& g, const core::Report& r, int turn,
                             core::Phase phase, const core::Position& before) {
    // play_computer applied the action itself: record it as apply_one does.
    const core::LogEntry& e = g.log().back();
    entries_.push_back(protocol::log_entry_json(g, e));
    Json note = report_json(g, e.action, r);
    add_from(note, g, before, e.action);
    note["side"] = side_str(*computer_);
    note["turn"] = turn;
    note["phase"] = std::string(core::phase_name(phase));
    note_fired(note, g);
    notes_.push_back(std::move(note));
  };
  const ComputerTurn t =
      env_.computer_player
          ? play_computer(*game_, *computer_, *env_.computer_player(params_.seed),
                          kMaxComputerActions, record)
          : play_computer(*game_, *computer_, player_, params_.seed, kMaxComputerActions, record);
  computer_error_.reset();
  if (!t.refused) return;
  // A bug in the player, never papered over: logged, and shown with the game
  // (the computer's side stays to act, so the game waits rather than goes on
  // with a move nobody chose).
  Json e = protocol::error_reply(*t.refused);
  e.erase("ok");
  e["action"] = protocol::log_entry_json(*game_, core::LogEntry{t.action, {}});
  e["action"].erase("rolls");
  std::cerr << "bluegray serve: game " << id_ << ": the computer player (" << player_
            << ") chose an action the engine refused: " << protocol::dump_line(e) << std::endl;
  computer_error_ = std::move(e);
}

Reply GameRoom::commit(size_t first, Json reply, Seat seat) {
  std::vector<std::string> rows;
  for (size_t i = first; i < entries_.size(); ++i) rows.push_back(protocol::dump_line(entries_[i]));
  auto w = env_.store->append(id_, rev_, first, rows, protocol::dump_line(summary()));
  if (w && w->stale) {
    // Another server wrote the game first: fresh() reloads it and tries again.
    stored(*w);
    return refuse(409, "another server changed the game meanwhile; it shows the game anew");
  }
  if (!w) {
    // Not stored, so not accepted: the game goes back to where it was.
    roll_back(first);
    return refuse(503, "the game could not be stored (" + w.error().message + "); try again");
  }
  stored(*w);
  undo_request_.reset();
  env_.hub->publish(id_, ++version_);
  hand_over(first);
  Json applied = Json::array();
  for (size_t i = first; i < entries_.size(); ++i) applied.push_back(log_item(i, seat));
  reply["applied"] = std::move(applied);
  reply["version"] = version_.load();
  reply["to_act"] = game_->to_act() ? Json(side_str(*game_->to_act())) : Json(nullptr);
  reply["pending"] = protocol::pending_json(*game_);
  if (computer_error_) reply["computer_error"] = *computer_error_;
  return ok(std::move(reply));
}

}  // namespace bg::server
