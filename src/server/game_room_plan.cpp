// What a seat may ask before it acts, with nothing applied: where a unit may
// move or enter, what an attack would give, and the computer's hint.
#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "core/unit_reach.h"
#include "protocol/action_json.h"
#include "protocol/engine_session.h"
#include "protocol/json_view.h"
#include "server/game_room.h"

namespace bg::server {

using core::Side;
using protocol::hex_name;

namespace {

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

}  // namespace

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

}  // namespace bg::server
