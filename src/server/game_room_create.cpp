// Creating a game (POST /api/games): the seating the request asks for, a
// sandbox's set-up, the seats' tokens and the first store; and a stored game
// rebuilt as a room (the server started again, or a game evicted from
// memory and asked for anew).
#include "protocol/action_json.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "server/game_room.h"

namespace bg::server {

using core::Error;
using core::Side;

namespace {

constexpr size_t kMaxSetupActions = 5000;

}  // namespace

Reply GameRoom::parse_seating(const Json& body, Mode& mode, std::optional<Side>& computer) {
  mode = Mode::Hotseat;
  if (body.contains("mode")) {
    const Json& m = body.at("mode");
    auto pm = m.is_string() ? parse_mode(m.get<std::string>()) : std::nullopt;
    if (!pm) return refuse(400, "\"mode\" must be hotseat, computer or two-seat");
    mode = *pm;
  }
  computer.reset();
  if (mode == Mode::Computer) {
    Side human = Side::Union;
    if (body.contains("human")) {
      const Json& h = body.at("human");
      auto side = h.is_string() ? core::parse_side(h.get<std::string>()) : std::nullopt;
      if (!side) return refuse(400, "\"human\" must be union or confederate");
      human = *side;
    }
    computer = human == Side::Union ? Side::Confederate : Side::Union;
  }
  return ok(Json::object());
}

Reply GameRoom::create(const Json& body, const RoomEnv& env, std::shared_ptr<GameRoom>& out) {
  if (!body.is_object()) return refuse(400, "the request must be a JSON object");
  // An imported save file: a game played on from where the file stops.
  if (body.contains("save")) return create_from_save(body, env, out);
  auto params =
      protocol::new_params_from_json(body.contains("new") ? body.at("new") : Json::object());
  if (!params) return refuse(400, params.error());
  Mode mode = Mode::Hotseat;
  std::optional<Side> computer;
  if (Reply r = parse_seating(body, mode, computer); r.status != 200) return r;
  std::optional<StoredFairDice> fair;
  if (Reply r = make_fair_dice(body, mode, fair); r.status != 200) return r;
  auto made = protocol::make_game(*params);
  if (!made) return refuse(400, made.error());
  std::string player;
  if (Reply r = parse_player(body, mode, computer, *made, env, player); r.status != 200) return r;

  auto room = std::shared_ptr<GameRoom>(new GameRoom());
  room->id_ = random_game_id();
  room->params_ = *params;
  room->mode_ = mode;
  room->computer_ = computer;
  room->env_ = env;
  room->game_.emplace(std::move(*made));
  room->set_player(player);
  room->fair_ = fair;
  // The set-up of a sandbox game (terrain, hexsides, units, exit hexes) comes
  // with the request; after creation no seat may change the board that way.
  if (body.contains("setup")) {
    const Json& setup = body.at("setup");
    if (!setup.is_array()) return refuse(400, "\"setup\" must be an array of actions");
    if (setup.size() > kMaxSetupActions) return refuse(400, "\"setup\" has too many actions");
    for (size_t i = 0; i < setup.size(); ++i) {
      const std::string where = "setup action " + std::to_string(i + 1) + ": ";
      auto a = protocol::action_from_json(*room->game_, setup[i]);
      if (!a) return refuse(400, where + a.error().message);
      if (!is_setup_kind(a->kind))
        return refuse(400,
                      where + "only terrain, hexside, unit and exit-hex actions set up a game");
      auto r = room->apply_one(*a);
      if (!r) return refuse(422, Error{r.error().rule, where + r.error().message});
    }
  }
  return open_seats(std::move(room), env, out);
}

Reply GameRoom::open_seats(std::shared_ptr<GameRoom> room, const RoomEnv& env,
                           std::shared_ptr<GameRoom>& out) {
  const Mode mode = room->mode_;
  const std::optional<Side> computer = room->computer_;
  const std::optional<StoredFairDice>& fair = room->fair_;
  switch (mode) {
    case Mode::Hotseat:
      room->tokens_[Seat::Hotseat] = random_token();
      break;
    case Mode::Computer:
      room->tokens_[side_seat(*computer == Side::Union ? Side::Confederate : Side::Union)] =
          random_token();
      break;
    case Mode::TwoSeat:
      room->tokens_[Seat::Union] = random_token();
      room->tokens_[Seat::Confederate] = random_token();
      break;
  }
  room->tokens_[Seat::Spectator] = random_token();
  room->run_computer();  // the computer may have the first move

  StoredGame stored;
  stored.id = room->id_;
  stored.created = store_now();
  stored.params = protocol::dump_line(protocol::to_json(room->params_));
  stored.mode = std::string(mode_name(mode));
  stored.computer = computer ? side_str(*computer) : "";
  stored.computer_player = computer ? room->player_ : "";
  for (const auto& [seat, token] : room->tokens_)
    stored.seats[std::string(seat_name(seat))] = token;
  for (const Json& e : room->entries_) stored.actions.push_back(protocol::dump_line(e));
  stored.summary = protocol::dump_line(room->summary());
  stored.fair_dice = fair;
  if (auto s = env.store->create(stored); !s) return refuse(503, s.error());

  Json j = Json::object();
  j["id"] = room->id_;
  j["mode"] = stored.mode;
  Json seats = Json::object();
  for (const auto& [seat, token] : room->tokens_) {
    Json sj = Json::object();
    sj["token"] = token;
    sj["url"] = "/g/" + room->id_ + "#" + token;
    seats[std::string(seat_name(seat))] = std::move(sj);
  }
  j["seats"] = std::move(seats);
  // The commitment is published before any seat can contribute.
  if (fair) j["fair_dice"] = room->fair_dice_view();
  out = std::move(room);
  return ok(std::move(j), 201);
}

core::Result<std::shared_ptr<GameRoom>> GameRoom::restore(const StoredGame& stored,
                                                          const RoomEnv& env, uint64_t version) {
  const Json pj = Json::parse(stored.params, nullptr, false);
  if (pj.is_discarded()) return Error{"", "stored game " + stored.id + ": bad parameters"};
  auto params = protocol::new_params_from_json(pj);
  if (!params) return Error{"", "stored game " + stored.id + ": " + params.error().message};
  auto mode = parse_mode(stored.mode);
  if (!mode) return Error{"", "stored game " + stored.id + ": unknown mode"};
  auto entries = stored_entries(stored);
  if (!entries) return entries.error();
  auto room = std::shared_ptr<GameRoom>(new GameRoom());
  room->fair_ = stored.fair_dice;
  auto built = build(*params, *entries, /*check_rolls=*/true, room->dice_key());
  if (!built) return Error{"", "stored game " + stored.id + ": " + built.error().message};
  room->id_ = stored.id;
  room->params_ = *params;
  room->mode_ = *mode;
  if (!stored.computer.empty()) room->computer_ = core::parse_side(stored.computer);
  for (const auto& [name, token] : stored.seats)
    if (auto seat = parse_seat(name)) room->tokens_[*seat] = token;
  room->env_ = env;
  room->game_.emplace(std::move(built->game));
  // Stored before games had their own computer player: the server's.
  room->set_player(stored.computer_player.empty() ? env.computer : stored.computer_player);
  room->entries_ = std::move(built->entries);
  room->notes_ = std::move(built->notes);
  room->version_ = std::max<uint64_t>(1, version);
  room->rev_ = stored.rev;
  room->newest_rev_ = stored.rev;
  room->announced_rev_ = stored.rev;
  // A computer turn cut short by a crash between two commits goes on now.
  {
    std::lock_guard lock(room->mu_);
    const size_t first = room->entries_.size();
    room->run_computer();
    if (room->entries_.size() > first) {
      std::vector<std::string> rows;
      for (size_t i = first; i < room->entries_.size(); ++i)
        rows.push_back(protocol::dump_line(room->entries_[i]));
      auto w = env.store->append(room->id_, room->rev_, first, rows,
                                 protocol::dump_line(room->summary()));
      if (!w) return w.error();
      // Stale: another server went on meanwhile; the next request reloads.
      room->stored(*w);
    }
  }
  return room;
}

}  // namespace bg::server
