#include "server/game_room.h"

#include <iostream>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "content/render_svg.h"
#include "core/crt.h"
#include "core/rule_id.h"
#include "core/unit_reach.h"
#include "protocol/action_json.h"
#include "protocol/charts_json.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "protocol/ui_json.h"
#include "server/computer_player.h"

namespace bg::server {

using core::ActionKind;
using core::Error;
using core::RuleId;
using core::Side;
using protocol::hex_name;
using protocol::unit_id;

bool is_setup_kind(ActionKind k) {
  return k == ActionKind::SetTerrain || k == ActionKind::AddHexside || k == ActionKind::PlaceUnit ||
         k == ActionKind::MarkExit;
}

namespace {

constexpr size_t kMaxSetupActions = 5000;
// A computer turn is a few dozen actions; this only stops a runaway loop.
constexpr int kMaxComputerActions = 5000;
constexpr double kHexSize = 36.0;
constexpr double kMargin = 24.0;

std::string side_str(Side s) {
  return std::string(core::side_name(s));
}

std::string other_side_name(Side s) {
  return s == Side::Union ? "Confederate" : "Union";
}

std::string side_title(Side s) {
  return s == Side::Union ? "Union" : "Confederate";
}

Json report_json(const core::Game& g, const core::Action& a, const core::Report& r) {
  Json j = Json::object();
  if (a.kind == ActionKind::Move || a.kind == ActionKind::Enter) {
    j["unit"] = unit_id(g, a.unit);
    Json path = Json::array();
    for (core::HexId h : r.path) path.push_back(hex_name(g.map(), h));
    j["path"] = std::move(path);
    j["mp"] = r.mp;
    j["exited"] = a.exit_map;
  }
  if (r.combat) protocol::add_combat(j, g, *r.combat);
  j["eliminated"] = protocol::eliminated_json(g, r);
  return j;
}

// Where a unit may end its move (core::unit_reach): the MP spent from the
// start of the move, and the path a move or enter action takes there.
void add_targets(Json& j, const core::Game& g, const std::vector<core::ReachTarget>& targets) {
  Json hexes = Json::object(), paths = Json::object();
  for (const core::ReachTarget& t : targets) {
    const std::string at = hex_name(g.map(), t.hex);
    hexes[at] = t.mp;
    Json path = Json::array();
    for (core::HexId h : t.path) path.push_back(hex_name(g.map(), h));
    paths[at] = std::move(path);
  }
  j["hexes"] = std::move(hexes);
  j["paths"] = std::move(paths);
}

// The hex a moving unit leaves, or the hexes of an attack's units, as they
// stand before the action; null for any other action.
Json where_from(const core::Game& g, const core::Position& before, const core::Action& a) {
  const auto& units = before.units;
  auto hex_of = [&](core::UnitIndex u) {
    return u < units.size() && units[u].on_map() ? Json(hex_name(g.map(), units[u].hex))
                                                 : Json(nullptr);
  };
  if (a.kind == ActionKind::Move) return hex_of(a.unit);
  if (a.kind != ActionKind::Attack) return nullptr;
  Json hexes = Json::array();
  for (core::UnitIndex u : a.units) {
    Json at = hex_of(u);
    if (!at.is_null() && std::find(hexes.begin(), hexes.end(), at) == hexes.end())
      hexes.push_back(std::move(at));
  }
  return hexes;
}

void add_from(Json& note, const core::Game& g, const core::Position& before,
              const core::Action& a) {
  Json from = where_from(g, before, a);
  if (!from.is_null())
    note[a.kind == ActionKind::Attack ? "attacker_hexes" : "from"] = std::move(from);
}

core::Result<std::vector<Json>> stored_entries(const StoredGame& stored) {
  std::vector<Json> entries;
  for (const std::string& text : stored.actions) {
    Json e = Json::parse(text, nullptr, false);
    if (e.is_discarded()) return Error{"", "stored game " + stored.id + ": a damaged action"};
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace

std::string_view mode_name(Mode m) {
  switch (m) {
    case Mode::Hotseat:
      return "hotseat";
    case Mode::Computer:
      return "computer";
    case Mode::TwoSeat:
      return "two-seat";
  }
  return "hotseat";
}

std::optional<Mode> parse_mode(std::string_view s) {
  for (Mode m : {Mode::Hotseat, Mode::Computer, Mode::TwoSeat})
    if (mode_name(m) == s) return m;
  return std::nullopt;
}

// ---- building and replaying ---------------------------------------------------

std::vector<titles::UiZone>& GameRoom::armed_now() {
  if (armed_at_ != game_->log().size()) {
    armed_ = protocol::armed_triggers(*game_);
    armed_at_ = game_->log().size();
  }
  return armed_;
}

// What the action just applied set off of the title's armed trigger zones
// (early arrival, say), noted with its log entry so that every seat reads it.
void GameRoom::note_fired(Json& note, const core::Game& g) {
  Json fired = protocol::fired_triggers(g, armed_);
  armed_at_ = g.log().size();
  if (!fired.empty()) note["triggered"] = std::move(fired);
}

core::Result<core::Report> GameRoom::apply_one(const core::Action& a) {
  core::Game& g = *game_;
  const auto side = g.actor_of(a);
  const int turn = g.state().turn;
  const std::string phase(core::phase_name(g.state().phase));
  armed_now();
  // Where a move starts and where the attackers stand, for a page that draws
  // the action (a trail, the attack's arrows): the report has only the hexes
  // entered.
  const core::Position before = g.state().pos;
  auto r = g.apply(a);
  if (!r) return r;
  entries_.push_back(protocol::log_entry_json(g, g.log().back()));
  Json note = report_json(g, a, *r);
  add_from(note, g, before, a);
  note["side"] = side ? Json(side_str(*side)) : Json(nullptr);
  note["turn"] = turn;
  note["phase"] = phase;
  note_fired(note, g);
  notes_.push_back(std::move(note));
  return r;
}

core::Result<GameRoom::Built> GameRoom::build(const protocol::NewParams& params,
                                              const std::vector<Json>& entries, bool check_rolls,
                                              const std::optional<core::DiceKey>& key) {
  auto made = protocol::make_game(params);
  if (!made) return made.error();
  GameRoom tmp;
  tmp.game_.emplace(std::move(*made));
  // The actions before both contributions roll nothing (fair_dice_gate), so
  // keying the die first replays the game exactly.
  if (key)
    if (auto s = tmp.game_->commit_dice(*key); !s) return s.error();
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string where = "stored action " + std::to_string(i + 1) + ": ";
    auto a = protocol::action_from_json(*tmp.game_, entries[i]);
    if (!a) return Error{"", where + a.error().message};
    auto r = tmp.apply_one(*a);
    if (!r) return Error{"", where + "the engine refused it: " + r.error().message};
    if (check_rolls) {
      auto rolls = protocol::rolls_from_json(entries[i]);
      if (!rolls) return Error{"", where + rolls.error().message};
      const auto& rolled = tmp.game_->log().back().rolls;
      bool same = rolled.size() == rolls->size();
      for (size_t k = 0; same && k < rolled.size(); ++k) same = rolled[k] == (*rolls)[k];
      if (!same) return Error{"", where + "the dice rolled differ from the stored dice"};
    }
  }
  return Built{std::move(*tmp.game_), std::move(tmp.entries_), std::move(tmp.notes_)};
}

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

// ---- seats and views ----------------------------------------------------------

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
  geo["hex_size"] = kHexSize;
  geo["margin"] = kMargin;
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

namespace {

// The drawn maps, keyed by the map they were drawn from. Weak on both sides:
// an entry lives while some game holds its SVG and its map still exists (a
// sandbox game's map dies with the game, and its address may be reused).
struct SvgCache {
  struct Entry {
    std::weak_ptr<const core::Map> map;
    std::weak_ptr<const std::string> svg;
  };
  std::mutex mu;
  std::map<const core::Map*, Entry> entries;

  std::shared_ptr<const std::string> get(const core::Game& g) {
    const std::shared_ptr<const core::Map>& map = g.shared_map();
    std::lock_guard lock(mu);
    if (auto it = entries.find(map.get()); it != entries.end())
      if (it->second.map.lock() == map)
        if (auto svg = it->second.svg.lock()) return svg;
    std::erase_if(entries, [](const auto& e) { return e.second.svg.expired(); });
    content::RenderOptions opt;
    opt.hex_size = kHexSize;
    opt.margin = kMargin;
    opt.units = false;  // the page draws the counters, so they stay live
    auto svg = std::make_shared<const std::string>(content::render_svg(*map, opt, nullptr));
    entries[map.get()] = Entry{map, svg};
    return svg;
  }
};

}  // namespace

std::shared_ptr<const std::string> GameRoom::map_svg() {
  static SvgCache cache;
  std::lock_guard lock(mu_);
  if (!svg_) svg_ = cache.get(*game_);
  return svg_;
}

Reply GameRoom::charts() {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  return ok(protocol::charts_json(*game_));
}

Reply GameRoom::overlays(const std::string& unit) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  std::optional<core::UnitIndex> which;
  if (!unit.empty()) {
    which = game_->find_unit(unit);
    if (!which) return refuse(404, "no unit " + unit + " in this game");
  }
  return ok(protocol::overlays_json(*game_, which));
}

// ---- acting ---------------------------------------------------------------------

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

// Rebuilt from the first `keep` entries (rare, so no copy of the game is kept
// on the hot path).
void GameRoom::roll_back(size_t keep) {
  entries_.resize(keep);
  if (auto built = build(params_, entries_, false, dice_key())) {
    game_.emplace(std::move(built->game));
    notes_ = std::move(built->notes);
  }
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

Reply GameRoom::reach(Seat seat, const std::string& unit, bool strategic) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  const core::Game& g = *game_;
  auto u = g.find_unit(unit);
  if (!u) return refuse(404, "no unit " + unit + " in this game");
  const Side side = g.roster()[*u].side;
  // Only a unit's own side may ask: an off-map reinforcement's entry choices
  // would otherwise reveal the other side's secrets (e.g. a written choice).
  const bool allowed = seat == Seat::Hotseat ? computer_ != side : seat_side(seat) == side;
  if (!allowed) return refuse(403, "a seat may only ask about its own side's units");
  auto r = core::unit_reach(g, *u, strategic);
  if (!r) return refuse(422, r.error());
  Json j = Json::object();
  j["unit"] = unit;
  if (!r->entering) {
    add_targets(j, g, r->targets);
    return ok(std::move(j));
  }
  Json entries = Json::array();
  for (const core::EntryReach& e : r->entries) {
    Json ej = Json::object();
    ej["hex"] = hex_name(g.map(), e.entry);
    add_targets(ej, g, e.targets);
    entries.push_back(std::move(ej));
  }
  j["entries"] = std::move(entries);
  return ok(std::move(j));
}

Reply GameRoom::hint(Seat seat) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  const core::Game& g = *game_;
  const auto side = g.to_act();
  if (g.over() || !side) return refuse(409, "the game is over");
  // Only for the side to act, and only by its own seat: a hint is planned on
  // that side's view, which the other seat may not see.
  const bool allowed = seat == Seat::Hotseat ? computer_ != *side : seat_side(seat) == *side;
  if (!allowed) return refuse(403, "a hint is for the side to act, asked from its own seat");
  auto cfg = ai::named_ai_config("ai-normal", g.rules().seed * 1000003ull + g.log().size());
  ai::AiPlayer player(*cfg);
  return ok(protocol::ai_suggestion(g, player, true));
}

Reply GameRoom::preview(Seat seat, const Json& body) {
  if (!body.is_object()) return refuse(400, "the request must be a JSON object");
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  const core::Game& g = *game_;
  if (seat == Seat::Spectator) return refuse(403, "a spectator's link cannot plan attacks");
  Json aj = body;
  aj["kind"] = "attack";
  auto a = protocol::action_from_json(g, aj);
  if (!a) return refuse(400, a.error());
  auto plan = g.preview_attack(*a);
  if (!plan) return refuse(422, plan.error());
  Json j = Json::object();
  protocol::add_plan(j, g, *plan);
  protocol::add_crt_row(j, *plan);
  return ok(std::move(j));
}

// ---- undo (5.17) --------------------------------------------------------------

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

// ---- several servers on one store ------------------------------------------------

Reply GameRoom::fresh(const std::function<Reply()>& op) {
  std::lock_guard lock(mu_);
  // Each round either succeeds or finds that another server wrote the game
  // in between; three such races in a row are answered 409 (the page shows
  // the game anew and its player tries again).
  for (int attempt = 0;; ++attempt) {
    if (Reply r = refresh(); r.status != 200) return r;
    stale_write_ = false;
    Reply r = op();
    if (!stale_write_ || attempt == 2) return r;
  }
}

Reply GameRoom::refresh() {
  const bool unsure = unsure_.exchange(false);
  if (newest_rev_.load() <= rev_ && !unsure) return ok(Json::object());
  Reply r = reload();
  if (r.status != 200 && unsure) unsure_ = true;  // still to be checked
  return r;
}

Reply GameRoom::reload() {
  auto loaded = env_.store->load(id_);
  if (!loaded) return refuse(503, loaded.error());
  if (!*loaded) return refuse(404, "no game " + id_);
  auto entries = stored_entries(**loaded);
  if (!entries) return refuse(500, entries.error());
  std::optional<StoredFairDice> fair = (*loaded)->fair_dice;
  std::swap(fair, fair_);  // dice_key() reads fair_
  auto built = build(params_, *entries, /*check_rolls=*/true, dice_key());
  if (!built) {
    std::swap(fair, fair_);
    return refuse(500, "stored game " + id_ + ": " + built.error().message);
  }
  game_.emplace(std::move(built->game));
  entries_ = std::move(built->entries);
  notes_ = std::move(built->notes);
  // What another server had in hand (a pending take-back request, the
  // computer's refused action) did not survive its change of the game.
  undo_request_.reset();
  computer_error_.reset();
  // Another server may have taken back and replayed to the same length: the
  // armed trigger zones are asked again of the reloaded game.
  armed_at_ = SIZE_MAX;
  rev_ = (*loaded)->rev;
  Written w;
  w.rev = rev_;
  stored(w);
  return ok(Json::object());
}

void GameRoom::stored(const Written& w) {
  if (!w.stale) rev_ = w.rev;
  int64_t seen = newest_rev_.load();
  while (w.rev > seen && !newest_rev_.compare_exchange_weak(seen, w.rev)) {
  }
  stale_write_ = w.stale;
  if (w.stale) announce(w.rev);
  // This copy's own writes are announced by the caller's version step.
  else if (int64_t a = announced_rev_.load(); w.rev > a)
    announced_rev_.compare_exchange_strong(a, w.rev);
}

void GameRoom::announce(int64_t rev) {
  int64_t a = announced_rev_.load();
  while (rev > a)
    if (announced_rev_.compare_exchange_weak(a, rev)) {
      env_.hub->publish(id_, ++version_);
      return;
    }
}

void GameRoom::note_stored(int64_t rev) {
  if (rev < 0) {
    // Unknown: the next request reloads, and the pages look again now.
    unsure_ = true;
    env_.hub->publish(id_, ++version_);
    return;
  }
  int64_t seen = newest_rev_.load();
  while (rev > seen && !newest_rev_.compare_exchange_weak(seen, rev)) {
  }
  announce(rev);
}

}  // namespace bg::server
