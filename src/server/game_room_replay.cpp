// Replay and analysis: the position after any number of a game's
// actions, the computer's hint there, a branch into a new game from there,
// and a game made from an imported save file. Everything is a replay of the
// stored actions through Game::apply on a fresh game: the engine decides, as
// in play, and the views are the seat's (state_json(game, side)), so neither
// a replayed position nor a branch reveals what the seat may not see.
#include <algorithm>
#include <cctype>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "protocol/save_file.h"
#include "protocol/ui_json.h"
#include "server/game_room.h"

namespace bg::server {

using core::Error;
using core::Side;

namespace {

// The history of a game held for a replay outside the game's lock: a long
// replay does not hold up the players of the game itself.
struct Prefix {
  protocol::NewParams params;
  std::vector<Json> entries;
  std::optional<core::DiceKey> key;
  size_t total = 0;
  bool over = false;  // the stored game is over: nothing in it is secret any more
};

}  // namespace

Reply GameRoom::parse_at(const std::string& text, size_t max, size_t& at) {
  const bool digits =
      !text.empty() && text.size() <= 9 && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      });
  if (!digits) return refuse(400, "\"at\" must be a number of actions (0 or more)");
  at = static_cast<size_t>(std::stoul(text));
  if (at > max) return refuse(400, "the game has " + std::to_string(max) + " actions, not " + text);
  return ok(Json::object());
}

Reply GameRoom::secrets_gate(Seat seat, size_t n, bool hotseat_ok, const std::string& what) const {
  if (game_->over() || (hotseat_ok && seat == Seat::Hotseat)) return ok(Json::object());
  for (size_t i = 0; i < n && i < entries_.size(); ++i)
    if (hidden_from(i, seat))
      return refuse(403, "action " + std::to_string(i + 1) +
                             " is a secret decision this seat may not see; " + what +
                             " would hold it, so it is given once the game is over");
  return ok(Json::object());
}

namespace {

// The replay's answer for a game at a position, as `seat` sees it (the hot
// seat: the side to act then, as in play).
Json replay_json(const core::Game& g, Seat seat, size_t at, size_t total) {
  const auto own = seat_side(seat);
  const Side v = own                     ? *own
                 : seat == Seat::Hotseat ? g.to_act().value_or(Side::Union)
                                         : Side::Union;
  Json j = Json::object();
  j["at"] = at;
  j["actions"] = total;
  j["viewer"] = seat == Seat::Spectator ? "spectator" : std::string(core::side_name(v));
  j["state"] = protocol::state_json(g, v);
  j["ui"] = protocol::ui_json(g, v);
  return j;
}

}  // namespace

Reply GameRoom::replay(Seat seat, const std::string& at_text) {
  Prefix p;
  size_t at = 0;
  {
    std::lock_guard lock(mu_);
    if (Reply r = refresh(); r.status != 200) return r;
    if (Reply r = parse_at(at_text, entries_.size(), at); r.status != 200) return r;
    // The latest position (where a replay opens) is the game itself.
    if (at == entries_.size()) return ok(replay_json(*game_, seat, at, at));
    p.params = params_;
    p.entries.assign(entries_.begin(), entries_.begin() + static_cast<long>(at));
    p.key = dice_key();
    p.total = entries_.size();
  }
  auto built = build(p.params, p.entries, /*check_rolls=*/false, p.key);
  if (!built) return refuse(500, built.error());
  return ok(replay_json(built->game, seat, at, p.total));
}

Reply GameRoom::hint_at(Seat seat, const std::string& at_text) {
  if (at_text.empty()) return hint(seat);
  Prefix p;
  size_t at = 0;
  std::optional<Side> computer;
  {
    std::lock_guard lock(mu_);
    if (Reply r = refresh(); r.status != 200) return r;
    if (Reply r = parse_at(at_text, entries_.size(), at); r.status != 200) return r;
    p.params = params_;
    p.entries.assign(entries_.begin(), entries_.begin() + static_cast<long>(at));
    p.key = dice_key();
    p.over = game_->over();
    computer = computer_;
  }
  auto built = build(p.params, p.entries, /*check_rolls=*/false, p.key);
  if (!built) return refuse(500, built.error());
  const core::Game& g = built->game;
  const auto side = g.to_act();
  if (!side) return refuse(409, "the game is over at that point");
  // Planned on the view of the side to act then: asked by that side's seat (the
  // hot seat for either human side), or by anyone once the game is over.
  const bool allowed =
      p.over || (seat == Seat::Hotseat ? computer != *side : seat_side(seat) == *side);
  if (!allowed)
    return refuse(403, "a hint at that point is for the " + std::string(core::side_name(*side)) +
                           " side, asked from its own seat (or by anyone once the game is over)");
  auto cfg = ai::named_ai_config("ai-normal", g.rules().seed * 1000003ull + g.log().size());
  ai::AiPlayer player(*cfg);
  Json j = protocol::ai_suggestion(g, player, true);
  j["at"] = at;
  return ok(std::move(j));
}

Reply GameRoom::branch_source(Seat seat, const Json& body, protocol::NewParams& params,
                              std::vector<Json>& entries) {
  if (!body.is_object() || !body.contains("at") || !body.at("at").is_number_unsigned())
    return refuse(400, "a branch is {\"at\":N}: the number of actions it keeps");
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  const uint64_t at = body.at("at").get<uint64_t>();
  if (at > entries_.size())
    return refuse(400, "the game has " + std::to_string(entries_.size()) + " actions, not " +
                           std::to_string(at));
  if (fair_)
    return refuse(409,
                  "a fair-dice game is not branched: its dice come from the seed both players "
                  "committed to, which a new game would not have");
  if (Reply r = secrets_gate(seat, static_cast<size_t>(at), true, "a branch"); r.status != 200)
    return r;
  params = params_;
  entries.assign(entries_.begin(), entries_.begin() + static_cast<long>(at));
  return ok(Json::object());
}

Reply GameRoom::create_played(const protocol::NewParams& params, const std::vector<Json>& entries,
                              const Json& body, const RoomEnv& env,
                              std::shared_ptr<GameRoom>& out) {
  Mode mode = Mode::Hotseat;
  std::optional<Side> computer;
  if (Reply r = parse_seating(body, mode, computer); r.status != 200) return r;
  if (body.contains("fair_dice"))
    return refuse(400, "a game played on from a branch or a save file has no committed dice");
  for (size_t i = 0; i < entries.size(); ++i)
    if (!env.test_mode && entries[i].is_object() && entries[i].value("kind", "") == "dice")
      return refuse(400, "action " + std::to_string(i + 1) +
                             " forces the dice, a testing tool this server does not accept");
  // Every action replayed through the engine, every die checked (as a stored
  // game is loaded).
  auto built = build(params, entries, /*check_rolls=*/true, std::nullopt);
  if (!built) return refuse(400, built.error());
  std::string player;
  if (Reply r = parse_player(body, mode, computer, built->game, env, player); r.status != 200)
    return r;
  auto room = std::shared_ptr<GameRoom>(new GameRoom());
  room->id_ = random_game_id();
  room->params_ = params;
  room->mode_ = mode;
  room->computer_ = computer;
  room->env_ = env;
  room->game_.emplace(std::move(built->game));
  room->set_player(player);
  room->entries_ = std::move(built->entries);
  room->notes_ = std::move(built->notes);
  return open_seats(std::move(room), env, out);
}

Reply GameRoom::create_from_save(const Json& body, const RoomEnv& env,
                                 std::shared_ptr<GameRoom>& out) {
  const Json& save = body.at("save");
  if (save.is_object() && save.contains("fair_dice"))
    return refuse(400,
                  "a fair-dice save is checked with bluegray verify; it is not played on (its "
                  "dice come from the revealed seed)");
  // Every check of the engine's `load`: format, version, parameters, each
  // action replayed with its dice, and the snapshot.
  auto loaded = protocol::restore(save);
  if (!loaded) return refuse(400, "this save file cannot be played: " + loaded.error().message);
  std::vector<Json> entries(save.at("log").begin(), save.at("log").end());
  return create_played(loaded->params, entries, body, env, out);
}

}  // namespace bg::server
