// Turn files (docs/server.md, "Turn files"; the binding in
// protocol/turn_file.h): a two-seat game played by exchanging files. A seat
// exports its own actions since a point of the game; the other seat's import
// is applied only if the file is for this game, continues exactly from its
// current log, was made by the seat of the side whose actions it carries, and
// every action is legal and rolls the dice this game rolls. Any refusal
// leaves the game as it was, with the reason.
#include <algorithm>

#include "core/game.h"
#include "protocol/action_json.h"
#include "protocol/game_setup.h"
#include "protocol/turn_file.h"
#include "server/game_room.h"

namespace bg::server {

using core::Side;

namespace {

std::string side_word(Side s) {
  return s == Side::Union ? "Union" : "Confederate";
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 9 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

Reply GameRoom::turn_file(Seat seat, const std::string& from) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  const auto side = seat_side(seat);
  if (mode_ != Mode::TwoSeat || !side)
    return refuse(403, "turn files are exchanged by the two seats of a two-seat game");
  const std::string mine(core::side_name(*side));
  auto by_me = [&](size_t i) {
    const Json& s = notes_[i]["side"];
    return s.is_string() && s.get<std::string>() == mine;
  };
  size_t start = entries_.size();
  if (!from.empty()) {
    if (!all_digits(from) || std::stoul(from) > entries_.size())
      return refuse(400,
                    "from must be an action number from 0 to " + std::to_string(entries_.size()));
    start = std::stoul(from);
  } else {
    // The seat's last turn: its latest run of actions.
    size_t end = entries_.size();
    while (end > 0 && !by_me(end - 1)) --end;
    start = end;
    while (start > 0 && by_me(start - 1)) --start;
    if (end != entries_.size())
      return refuse(409,
                    "the other side has acted since your last turn: its actions are its own "
                    "to export (from=N exports yours from action N)");
  }
  if (start == entries_.size()) return refuse(409, "no actions of yours to export");
  for (size_t i = start; i < entries_.size(); ++i)
    if (!by_me(i))
      return refuse(409, "action " + std::to_string(i) +
                             " is not yours: a turn file carries one side's actions only");
  Json j = Json::object();
  j["file"] = protocol::make_turn_file(id_, protocol::to_json(params_), entries_, start, mine,
                                       tokens_.at(seat));
  return ok(std::move(j));
}

Reply GameRoom::check_turn_file(const Json& f, Side& side) const {
  using R = protocol::TurnRefusal;
  // The MAC is checked with the seat token of the side the file names.
  Side named = Side::Union;
  if (f.is_object() && f.contains("side") && f.at("side").is_string())
    if (auto s = core::parse_side(f.at("side").get<std::string>())) named = *s;
  const auto p = protocol::check_turn_file(f, id_, protocol::to_json(params_), entries_,
                                           &tokens_.at(side_seat(named)), side);
  if (!p) return ok(Json::object());
  switch (p->kind) {
    case R::Malformed:
      return refuse(400, p->error);
    case R::BadSignature:
      return refuse(403, p->error);
    case R::Edited:
      return refuse(422, p->error);
    default:  // another game, replayed, missing, a fork
      return refuse(409, p->error);
  }
}

Reply GameRoom::import_turn_file(Seat seat, const Json& file) {
  if (mode_ != Mode::TwoSeat || !seat_side(seat))
    return refuse(403, "turn files are exchanged by the two seats of a two-seat game");
  // The file as GET .../turn-file gave it ({"ok":true,"file":{..}}) or bare.
  const Json& f = file.is_object() && file.contains("file") ? file.at("file") : file;
  return fresh([&] { return import_locked(seat, f); });
}

Reply GameRoom::import_locked(Seat seat, const Json& f) {
  Side side = Side::Union;
  if (Reply r = check_turn_file(f, side); r.status != 200) return r;
  if (Reply gate = fair_dice_gate(); gate.status != 200) return gate;
  const Json& actions = f.at("actions");
  const size_t first = entries_.size();
  // The game goes back to where it was; the reply names the action refused
  // (its number in the game's log) beside the engine's reason.
  auto refused = [&](size_t k, int status, const core::Error& e) {
    roll_back(first);
    Reply r = refuse(status, e);
    r.body["action"] = first + k;
    return r;
  };
  for (size_t k = 0; k < actions.size(); ++k) {
    core::Game& g = *game_;
    const Json& aj = actions[k];
    if (!aj.is_object()) return refused(k, 400, core::Error{"", "not an action"});
    if (aj.value("kind", "") == "dice" && !env_.test_mode)
      return refused(k, 403, core::Error{"", "forced dice are a testing tool"});
    auto a = protocol::action_from_json(g, aj);
    if (!a) return refused(k, 400, a.error());
    if (is_setup_kind(a->kind))
      return refused(k, 403,
                     core::Error{"3.0",
                                 "3.0: set-up actions are accepted only when the "
                                 "game is created"});
    if (g.actor_of(*a) != side)
      return refused(
          k, 409,
          core::Error{"4.0", "4.0: it is not the " + side_word(side) + " player's action to make"});
    auto r = apply_one(*a);
    if (!r) return refused(k, 422, r.error());
    // The engine's own record of the action (its dice above all) must be
    // the file's: a file cannot choose its rolls.
    if (protocol::dump_line(entries_.back()) != protocol::dump_line(aj))
      return refused(k, 422,
                     core::Error{"",
                                 "the engine rolls or records it otherwise than the "
                                 "file says (" +
                                     protocol::dump_line(entries_.back()) + ")"});
  }
  Json reply = Json::object();
  reply["imported"] = actions.size();
  reply["side"] = std::string(core::side_name(side));
  return commit(first, std::move(reply), seat);
}

}  // namespace bg::server
