// Taking back a move (case 5.17): the room rebuilds the game without the
// move, once the consent the core asks for (Game::take_back) is given.
#include "protocol/json_view.h"
#include "server/game_room.h"

namespace bg::server {

using core::Side;

Reply GameRoom::do_undo() {
  const size_t keep = entries_.size() - 1;
  std::vector<Json> kept(entries_.begin(), entries_.begin() + static_cast<long>(keep));
  auto built = build(params_, kept, true, dice_key());
  if (!built) return refuse(500, built.error());
  core::Game old_game = std::move(*game_);
  std::vector<Json> old_entries = std::move(entries_), old_notes = std::move(notes_);
  game_.emplace(std::move(built->game));
  entries_ = std::move(built->entries);
  notes_ = std::move(built->notes);
  auto w = env_.store->truncate(id_, rev_, keep, protocol::dump_line(summary()));
  if (!w || w->stale) {
    game_.emplace(std::move(old_game));
    entries_ = std::move(old_entries);
    notes_ = std::move(old_notes);
    if (!w) return refuse(503, w.error());
    stored(*w);  // another server changed the game: fresh() reloads it
    return refuse(409, "another server changed the game meanwhile; it shows the game anew");
  }
  stored(*w);
  undo_request_.reset();
  env_.hub->publish(id_, ++version_);
  Json j = Json::object();
  j["undone"] = true;
  j["version"] = version_.load();
  return ok(std::move(j));
}

// Who may take back what, and whose consent it needs, is the core's
// (Game::take_back, 5.17); the server only asks for that consent: the
// computer gives it, and at one screen both players are there to agree.
Reply GameRoom::undo(Seat seat, const Json& body) {
  return fresh([&] { return undo_locked(seat, body); });
}

Reply GameRoom::undo_locked(Seat seat, const Json& body) {
  const core::Game& g = *game_;
  if (seat == Seat::Spectator) return refuse(403, "a spectator's link cannot act");
  const std::string answer =
      body.is_object() && body.contains("answer") && body.at("answer").is_string()
          ? body.at("answer").get<std::string>()
          : std::string();
  if (mode_ != Mode::TwoSeat) {
    const Side mover = seat == Seat::Hotseat ? g.state().phasing : *seat_side(seat);
    if (auto consent = g.take_back(mover); !consent) return refuse(409, consent.error());
    return do_undo();
  }
  const Side me = *seat_side(seat);
  if (answer.empty()) {
    auto consent = g.take_back(me);
    if (!consent) return refuse(409, consent.error());
    undo_request_ = UndoRequest{me, *consent, entries_.size()};
    env_.hub->publish(id_, ++version_);
    Json j = Json::object();
    j["requested"] = true;
    j["version"] = version_.load();
    return ok(std::move(j));
  }
  if (!undo_request_ || undo_request_->consent != me || undo_request_->log_size != entries_.size())
    return refuse(409, "there is no request from the opponent to take back a move");
  if (answer == "accept") {
    if (auto again = g.take_back(undo_request_->side); !again) return refuse(409, again.error());
    return do_undo();
  }
  if (answer != "refuse") return refuse(400, "\"answer\" must be accept or refuse");
  undo_request_.reset();
  env_.hub->publish(id_, ++version_);
  Json j = Json::object();
  j["refused"] = true;
  j["version"] = version_.load();
  return ok(std::move(j));
}

}  // namespace bg::server
