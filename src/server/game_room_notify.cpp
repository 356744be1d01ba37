// Correspondence play (docs/server.md): the seat whose turn the new actions
// made it is told by mail, at the address its seat registered.
#include "server/game_room.h"

namespace bg::server {

// Correspondence play: when the actions just stored (from `first` on) end
// with the other side to act, that side's seat is told by mail, once per
// hand-over however many actions the turn took (docs/server.md).
void GameRoom::hand_over(size_t first) {
  if (mode_ != Mode::TwoSeat || !env_.mailer || first >= notes_.size()) return;
  const core::Game& g = *game_;
  const auto next = g.to_act();
  if (g.over() || !next) return;
  const Json& acted = notes_[first]["side"];
  if (acted.is_string() && acted.get<std::string>() == side_str(*next)) return;
  TurnNotice n;
  n.game_id = id_;
  n.seat = side_str(*next);
  n.token = tokens_.at(side_seat(*next));
  n.title = params_.scenario;
  n.turn = g.state().turn;
  n.phase = std::string(core::phase_name(g.state().phase));
  n.actions = entries_.size();
  env_.mailer->notify(std::move(n));
}

Reply GameRoom::notify_get(Seat seat) {
  if (seat != Seat::Union && seat != Seat::Confederate)
    return refuse(403, "only a side's seat of a two-seat game is notified of its turn");
  auto e = env_.store->email(id_, std::string(seat_name(seat)));
  if (!e) return refuse(503, e.error());
  Json j = Json::object();
  j["email"] = e->empty() ? Json(nullptr) : Json(*e);
  j["mail"] = env_.mailer != nullptr && env_.mailer->enabled();
  return ok(std::move(j));
}

Reply GameRoom::notify_set(Seat seat, const Json& body) {
  if (seat != Seat::Union && seat != Seat::Confederate)
    return refuse(403, "only a side's seat of a two-seat game is notified of its turn");
  if (!body.is_object() || !body.contains("email") ||
      !(body.at("email").is_string() || body.at("email").is_null()))
    return refuse(400, "the request must be {\"email\":\"<address>\"} or {\"email\":null}");
  const std::string email = body.at("email").is_null() ? "" : body.at("email").get<std::string>();
  if (!email.empty() && !valid_email(email))
    return refuse(400,
                  "not an e-mail address this server sends to (local@domain.example, at most "
                  "254 characters)");
  if (auto s = env_.store->set_email(id_, std::string(seat_name(seat)), email); !s)
    return refuse(503, s.error());
  return notify_get(seat);
}

}  // namespace bg::server
