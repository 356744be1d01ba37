// What each seat sees of the game: which seat a token opens, the side whose
// view it gets, the log with the other side's secret decisions hidden, the
// summary for the games list, and the view itself, cached per seat while
// pages listen.
#include "protocol/json_view.h"
#include "protocol/ui_json.h"
#include "server/game_room.h"
#include "server/map_svg_cache.h"

namespace bg::server {

using core::Side;
using protocol::hex_name;

std::optional<Seat> GameRoom::seat_for(std::string_view token) const {
  if (token.empty()) return std::nullopt;
  for (const auto& [seat, t] : tokens_)
    if (tokens_equal(t, token)) return seat;
  return std::nullopt;
}

Side GameRoom::viewer(Seat seat) const {
  if (auto s = seat_side(seat)) return *s;
  // Hot seat: the side at the keyboard is the side that must act. Spectators
  // get the Union's view: the only secret in play is the Confederate's.
  if (seat == Seat::Hotseat) return game_->to_act().value_or(Side::Union);
  return Side::Union;
}

bool GameRoom::hidden_from(size_t i, Seat seat) const {
  const bool secret = entries_[i].value("kind", "") == "scenario";
  const Json& side = notes_[i]["side"];
  const bool own = seat != Seat::Spectator && side.is_string() &&
                   side.get<std::string>() == side_str(viewer(seat));
  return secret && !own;
}

Json GameRoom::log_item(size_t i, Seat seat) const {
  Json item = notes_[i];
  const Json& entry = entries_[i];
  if (hidden_from(i, seat)) {
    // A secret decision: the opponent learns that a choice was made, never what it was.
    Json hidden = Json::object();
    hidden["kind"] = "scenario";
    hidden["hidden"] = true;
    item["action"] = std::move(hidden);
  } else {
    item["action"] = entry;
  }
  item["n"] = i;
  return item;
}

Json GameRoom::summary() const {
  const core::Game& g = *game_;
  Json j = Json::object();
  j["scenario"] = params_.scenario;
  j["turn"] = g.state().turn;
  j["turns"] = g.rules().turns;
  j["phase"] = std::string(core::phase_name(g.state().phase));
  j["phasing"] = side_str(g.state().phasing);
  j["over"] = g.over();
  j["actions"] = entries_.size();
  // Whose turn it is, for the games list (correspondence play).
  j["to_act"] = g.to_act() && !g.over() ? Json(side_str(*g.to_act())) : Json(nullptr);
  // Which computer plays, for the games list ("ai-hard, stand and fight").
  if (computer_) {
    j["computer_player"] = player_;
    j["computer_label"] = player_json_["label"];
  }
  return j;
}

Reply GameRoom::view(Seat seat) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  const core::Game& g = *game_;
  const Side v = viewer(seat);
  Json j = Json::object();
  j["id"] = id_;
  j["seat"] = std::string(seat_name(seat));
  j["viewer"] = seat == Seat::Spectator ? "spectator" : side_str(v);
  j["mode"] = std::string(mode_name(mode_));
  j["computer"] = computer_ ? Json(side_str(*computer_)) : Json(nullptr);
  j["computer_player"] = player_json_;
  j["version"] = version_.load();
  j["new"] = protocol::to_json(params_);
  j["state"] = protocol::state_json(g, v);
  Json log = Json::array();
  for (size_t i = 0; i < entries_.size(); ++i) log.push_back(log_item(i, seat));
  j["log"] = std::move(log);
  // The column of stacks at each entry hex this Movement Phase (the
  // next pair pays one Movement Point more than the last to enter).
  Json columns = Json::object();
  const auto& st = g.state();
  for (size_t i = 0; i < st.entries.size(); ++i)
    columns[hex_name(g.map(), st.entries.hexes[i])] = st.entries.counts[i];
  j["entry_columns"] = std::move(columns);
  Json undo = Json::object();
  const auto mover = seat_side(seat)         ? seat_side(seat)
                     : seat == Seat::Hotseat ? std::optional<Side>(g.state().phasing)
                                             : std::nullopt;
  undo["can"] = mover && g.take_back(*mover).ok();
  undo["needs_consent"] = mode_ == Mode::TwoSeat;
  undo["request"] = undo_request_ ? Json(side_str(undo_request_->side)) : Json(nullptr);
  j["undo"] = std::move(undo);
  Json geo = Json::object();
  geo["cols"] = g.map().cols();
  geo["rows"] = g.map().rows();
  // The map's numbering (docs/data-formats.md): the page turns printed hex
  // numbers into positions the way the server's renderer does.
  geo["first_col"] = g.map().first_col();
  geo["first_row"] = g.map().first_row();
  geo["rows_north"] = g.map().numbering().rows_north;
  geo["hex_size"] = kMapHexSize;
  geo["margin"] = kMapMargin;
  j["geometry"] = std::move(geo);
  // What the title asks the page to draw and offer, as this seat may know it.
  j["ui"] = protocol::ui_json(g, v);
  j["computer_error"] = computer_error_ ? *computer_error_ : Json(nullptr);
  j["fair_dice"] = fair_ ? fair_dice_view() : Json(nullptr);
  return ok(std::move(j));
}

std::shared_ptr<const std::string> GameRoom::view_text(Seat seat) {
  {
    std::lock_guard lock(mu_);
    auto it = views_.find(seat);
    if (it != views_.end() && it->second.version == version_) return it->second.text;
  }
  const Reply r = view(seat);
  auto text = std::make_shared<const std::string>(protocol::dump_line(r.body));
  const uint64_t seen = r.body.value("version", uint64_t{0});
  const bool watched = env_.hub != nullptr && env_.hub->listeners(id_) > 0;
  std::lock_guard lock(mu_);
  if (watched && seen == version_)
    views_[seat] = CachedView{seen, text};
  else
    views_.erase(seat);
  return text;
}

uint64_t GameRoom::version() {
  std::lock_guard lock(mu_);
  return version_;
}

}  // namespace bg::server
