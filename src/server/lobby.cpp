#include "server/lobby.h"

#include <algorithm>

namespace bg::server {

Reply Lobby::create(const Json& body) {
  std::shared_ptr<GameRoom> room;
  Reply r = GameRoom::create(body, env_, room);
  if (room) {
    std::lock_guard lock(mu_);
    rooms_[room->id()] = room;
  }
  return r;
}

Reply Lobby::list() {
  auto games = env_.store->list();
  if (!games) return refuse(503, games.error());
  Json out = Json::array();
  for (const GameSummary& s : *games) {
    Json j = Json::object();
    j["id"] = s.id;
    j["created"] = s.created;
    j["updated"] = s.updated;
    j["mode"] = s.mode;
    j["computer"] = s.computer.empty() ? Json(nullptr) : Json(s.computer);
    j["new"] = Json::parse(s.params, nullptr, false);
    j["summary"] = Json::parse(s.summary, nullptr, false);
    // Anyone who can see the list may watch: the spectator's view hides the
    // secrets of both sides' seats and cannot act.
    if (!s.spectator_token.empty()) j["watch"] = "/g/" + s.id + "#" + s.spectator_token;
    out.push_back(std::move(j));
  }
  Json j = Json::object();
  j["games"] = std::move(out);
  return ok(std::move(j));
}

std::shared_ptr<GameRoom> Lobby::find(const std::string& id, Reply& error) {
  const bool well_formed = id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
                             return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                           });
  if (!well_formed) {
    error = refuse(404, "no game " + id);
    return nullptr;
  }
  std::lock_guard lock(mu_);
  if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  auto stored = env_.store->load(id);
  if (!stored) {
    error = refuse(503, stored.error());
    return nullptr;
  }
  if (!*stored) {
    error = refuse(404, "no game " + id);
    return nullptr;
  }
  auto room = GameRoom::restore(**stored, env_);
  if (!room) {
    error = refuse(500, room.error());
    return nullptr;
  }
  rooms_[id] = *room;
  return *room;
}

}  // namespace bg::server
