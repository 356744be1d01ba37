// The computer player a game is created with (docs/server.md, "The computer
// player"): a level a person picks (ai-easy, ai-normal, ai-hard) and a
// posture the game's title declares for the computer's side, checked before
// anything is created, stored with the game, and said in its view, summary
// and the games list. A game that names neither plays the server's
// --computer.
#include <algorithm>

#include "ai/ai_player.h"
#include "ai/levels.h"
#include "ai/player_factory.h"
#include "server/game_room.h"
#include "titles/registry.h"

namespace bg::server {

using core::Side;

namespace {

// "ai-hard:stand" -> "ai-hard" and "stand" ("" when no posture is named).
std::pair<std::string, std::string> split_spec(const std::string& spec) {
  const size_t colon = spec.find(':');
  if (colon == std::string::npos) return {spec, ""};
  return {spec.substr(0, colon), spec.substr(colon + 1)};
}

bool is_level(const std::string& name) {
  const auto& levels = ai::player_levels();
  return std::any_of(levels.begin(), levels.end(),
                     [&](const ai::LevelChoice& l) { return l.name == name; });
}

std::string level_list() {
  std::string out;
  const auto& levels = ai::player_levels();
  for (size_t i = 0; i < levels.size(); ++i)
    out += std::string(i == 0                   ? ""
                       : i + 1 == levels.size() ? " or "
                                                : ", ") +
           std::string(levels[i].name);
  return out;
}

}  // namespace

Json computer_choices(const std::string& default_spec) {
  Json levels = Json::array();
  for (const ai::LevelChoice& l : ai::player_levels())
    levels.push_back(Json{{"name", l.name}, {"description", l.description}});
  Json j = Json::object();
  j["levels"] = std::move(levels);
  j["default"] = default_spec;
  // The level offered first: the default's when it is one a person may pick.
  const std::string level = split_spec(default_spec).first;
  j["default_level"] = is_level(level) ? level : "ai-normal";
  return j;
}

Reply GameRoom::parse_player(const Json& body, Mode mode, std::optional<Side> computer,
                             const core::Game& g, const RoomEnv& env, std::string& spec) {
  spec = mode == Mode::Computer ? env.computer : "";
  const bool has_level = body.contains("level"), has_posture = body.contains("posture");
  if (!has_level && !has_posture) return ok(Json::object());
  if (mode != Mode::Computer || !computer)
    return refuse(400,
                  "\"level\" and \"posture\" choose the computer player: only a game "
                  "against the computer (\"mode\": \"computer\") has one");
  std::string level = split_spec(env.computer).first;
  if (has_level) {
    const Json& l = body.at("level");
    if (!l.is_string() || !is_level(l.get<std::string>()))
      return refuse(400, "\"level\" must be " + level_list());
    level = l.get<std::string>();
  }
  std::string posture;
  if (has_posture) {
    const Json& p = body.at("posture");
    if (!p.is_string() || p.get<std::string>().empty())
      return refuse(400, "\"posture\" must be the name of a posture the title declares");
    posture = p.get<std::string>();
    // The baselines (random, greedy) and the frozen reference play no posture.
    if (!is_level(level))
      return refuse(400, "a posture is played by the " + level_list() +
                             " levels; this server's computer is " + level + ": name a \"level\"");
    if (std::string why = ai::posture_error(g, *computer, posture); !why.empty())
      return refuse(400, why);
  }
  spec = posture.empty() ? level : level + ":" + posture;
  if (!ai::valid_player_spec(spec)) return refuse(400, "no computer player " + spec);
  return ok(Json::object());
}

void GameRoom::set_player(const std::string& spec) {
  player_ = computer_ ? spec : "";
  player_json_ = nullptr;
  if (!computer_) return;
  const auto [level, named] = split_spec(player_);
  Json j = Json::object();
  j["spec"] = player_;
  j["level"] = level;
  std::string label = level;
  // The posture played: the one named, else the title's default for the side
  // (a posture of the other side plays the default too, as make_player does).
  // The baselines play none.
  bool shown = false;
  if (level != "random" && level != "greedy") {
    const titles::AiKnowledge know =
        titles::title_of(*game_).ai_knowledge(game_->view_for(*computer_));
    const titles::AiPosture* p = know.posture(*computer_, named);
    if (p == nullptr && !named.empty()) p = know.posture(*computer_, "");
    if (p != nullptr) {
      j["posture"] = p->name;
      j["posture_display"] = p->display;
      label += ", " + p->display + (named.empty() ? " (the title's default)" : "");
      shown = true;
    }
  }
  if (!shown) {
    j["posture"] = nullptr;
    j["posture_display"] = nullptr;
  }
  j["label"] = label;
  player_json_ = std::move(j);
}

}  // namespace bg::server
