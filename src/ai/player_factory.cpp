#include "ai/player_factory.h"

#include <cctype>

#include "ai/player_settings.h"
#include "ai/reference.h"
#include "titles/registry.h"

namespace bg::ai {

using namespace bg::core;

namespace {

// A known player with a posture-like name, whatever settings follow it.
bool valid_player_form(const PlayerSpec& p) {
  if (p.has_posture) {
    // A posture's name: the title decides which exist (posture_error).
    if (p.posture.empty()) return false;
    for (char ch : p.posture)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') return false;
  }
  return p.base == "random" || p.base == "greedy" || named_ai_config(p.base, 1).has_value();
}

}  // namespace

bool valid_player_spec(const std::string& spec) {
  const PlayerSpec p = parse_player_spec(spec);
  // The server's players are the levels: no settings.
  return !p.has_settings && valid_player_form(p);
}

std::optional<AiConfig> named_ai_config(std::string_view name, uint64_t seed) {
  AiConfig cfg;
  cfg.seed = seed;
  if (name == kReference2026) return reference_2026(seed);
  if (name == "ai-easy")
    cfg.level = Level::Easy;
  else if (name == "ai-normal")
    cfg.level = Level::Normal;
  else if (name == "ai-hard")
    cfg.level = Level::Hard;
  else
    return std::nullopt;
  return cfg;
}

std::string_view player_names() {
  return "random, greedy, ai-easy, ai-normal, ai-hard, ref-2026";
}

std::string posture_error(const Game& g, Side side, std::string_view posture) {
  if (posture.empty()) return {};
  const titles::Title& title = titles::title_of(g);
  const titles::AiKnowledge know = title.ai_knowledge(g.view_for(side));
  if (know.posture(side, posture)) return {};
  auto names = [&](Side s) {
    std::string out;
    for (const titles::AiPosture& p : know.postures)
      if (p.side == s) out += (out.empty() ? "" : ", ") + p.name;
    return std::string(side_name(s)) + ": " + (out.empty() ? "none" : out);
  };
  const std::string what = "'" + std::string(posture) + "'";
  if (know.postures.empty())
    return "no posture " + what + ": " + title.info().name + " declares none";
  if (know.posture(other(side), posture))
    return what + " is a " + std::string(side_name(other(side))) + " posture in " +
           title.info().name + " (" + names(side) + ")";
  return "no posture " + what + " in " + title.info().name + " (" + names(Side::Union) + "; " +
         names(Side::Confederate) + ")";
}

bool posture_declared(const Game& g, std::string_view posture) {
  return titles::title_of(g).ai_knowledge(g).has_posture(posture);
}

std::unique_ptr<Player> make_player(const std::string& spec, uint64_t seed, int node_budget,
                                    const Weights* weights) {
  const PlayerSpec p = parse_player_spec(spec);
  const std::string base(p.base);
  if (base == "random") return std::make_unique<RandomAdapter>(seed);
  AiConfig cfg = named_ai_config(base, seed).value_or(AiConfig{});
  cfg.seed = seed;
  // The reference keeps its frozen budget whatever a match asks of the levels.
  if (base != kReference2026) cfg.node_budget = node_budget;
  cfg.posture = p.posture;
  if (weights && base != kReference2026 && base != "greedy") cfg.weights = *weights;
  // A match's settings (match_player_error has checked them): the levels only.
  if (p.has_settings && base != kReference2026 && base != "greedy" &&
      apply_settings(p.settings, cfg).empty())
    cfg.label = spec;
  return std::make_unique<AiPlayer>(cfg, base == "greedy");
}

std::string match_player_error(const std::string& spec) {
  const PlayerSpec p = parse_player_spec(spec);
  if (!valid_player_form(p))
    return "unknown player '" + spec + "' (" + std::string(player_names()) + ")";
  if (!p.has_settings) return {};
  if (p.base == kReference2026 || p.base == "greedy" || p.base == "random")
    return "player '" + spec + "': " + std::string(p.base) +
           " takes no settings (the reference is frozen; the baselines have none)";
  AiConfig probe;
  if (std::string why = apply_settings(p.settings, probe); !why.empty())
    return "player '" + spec + "': " + why;
  return {};
}

}  // namespace bg::ai
