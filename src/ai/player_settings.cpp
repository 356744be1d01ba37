#include "ai/player_settings.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace bg::ai {

namespace {

bool to_int(std::string_view s, int lo, int hi, int& out) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool to_double(std::string_view s, double lo, double hi, double& out) {
  // strtod needs a terminated string; a setting's value is short.
  if (s.empty() || s.size() > 32) return false;
  const std::string text(s);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v) || v < lo || v > hi) return false;
  out = v;
  return true;
}

std::optional<AttackPlanning> to_planning(std::string_view s) {
  if (s == "best-first") return AttackPlanning::BestFirst;
  if (s == "coordinated") return AttackPlanning::Coordinated;
  return std::nullopt;
}

// One "key=value"; "" or why not.
std::string apply_one(std::string_view key, std::string_view value, AiConfig& c) {
  auto bad = [&](std::string_view takes) {
    return "setting '" + std::string(key) + "' takes " + std::string(takes) + " (got '" +
           std::string(value) + "')";
  };
  // The ranges keep a screening run within reason: the largest budget plans
  // a Movement Phase in seconds, and the time cap stops it anyway.
  if (key == "nodes") return to_int(value, 1, 1000000, c.node_budget) ? "" : bad("1 to 1000000");
  if (key == "candidates") return to_int(value, 1, 32, c.candidates) ? "" : bad("1 to 32");
  if (key == "population") return to_int(value, 4, 64, c.population) ? "" : bad("4 to 64");
  if (key == "replies") return to_int(value, 0, 64, c.replies) ? "" : bad("0 to 64");
  if (key == "reply-nodes")
    return to_int(value, 0, 100000, c.reply_nodes) ? "" : bad("0 to 100000");
  if (key == "reply-weight") return to_double(value, 0, 10, c.reply_weight) ? "" : bad("0 to 10");
  if (key == "rollouts") return to_int(value, 0, 16, c.rollouts) ? "" : bad("0 to 16");
  if (key == "rollout-turns") return to_int(value, 1, 4, c.rollout_turns) ? "" : bad("1 to 4");
  if (key == "columns") return to_int(value, 0, 1, c.columns) ? "" : bad("0 or 1");
  if (key == "rollout-halving") return to_int(value, 0, 1, c.rollout_halving) ? "" : bad("0 or 1");
  if (key == "rollout-dice") return to_int(value, 0, 1, c.rollout_dice) ? "" : bad("0 or 1");
  if (key == "rollout-luck") return to_double(value, 0, 2, c.rollout_luck) ? "" : bad("0 to 2");
  if (key == "rollout-seed") return to_int(value, 0, 1, c.rollout_seed) ? "" : bad("0 or 1");
  if (key == "rollout-nodes")
    return to_int(value, 1, 100000, c.rollout_nodes) ? "" : bad("1 to 100000");
  if (key == "combat-look") return to_int(value, 0, 8, c.combat_look) ? "" : bad("0 to 8");
  if (key == "title-weights") return to_int(value, 0, 1, c.title_weights) ? "" : bad("0 or 1");
  if (key == "zone-timing") return to_int(value, 0, 1, c.zone_timing) ? "" : bad("0 or 1");
  if (key == "guard") return to_double(value, 0, 1, c.line_guard) ? "" : bad("0 to 1");
  if (key == "reopen") return to_double(value, 0, 1, c.line_reopen) ? "" : bad("0 to 1");
  if (key == "anytime") return to_int(value, 0, 1, c.anytime) ? "" : bad("0 or 1");
  if (key == "time-cap") return to_double(value, 0.01, 60, c.time_cap_s) ? "" : bad("0.01 to 60 s");
  if (key == "attack-planning") {
    const auto p = to_planning(value);
    if (!p) return bad("best-first or coordinated");
    c.attack_planning = *p;
    return "";
  }
  return "no setting '" + std::string(key) + "' (" + std::string(settings_help()) + ")";
}

}  // namespace

PlayerSpec parse_player_spec(std::string_view spec) {
  PlayerSpec p;
  const size_t at = spec.find('@');
  p.has_settings = at != std::string_view::npos;
  if (p.has_settings) p.settings = spec.substr(at + 1);
  const std::string_view head = spec.substr(0, at);
  const size_t colon = head.find(':');
  p.has_posture = colon != std::string_view::npos;
  p.base = head.substr(0, colon);
  if (p.has_posture) p.posture = head.substr(colon + 1);
  return p;
}

std::string apply_settings(std::string_view settings, AiConfig& cfg) {
  if (settings.empty()) return "no settings after '@'";
  AiConfig c = cfg;
  size_t from = 0;
  while (from <= settings.size()) {
    const size_t comma = std::min(settings.find(',', from), settings.size());
    const std::string_view item = settings.substr(from, comma - from);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      return "a setting is key=value (got '" + std::string(item) + "')";
    if (std::string why = apply_one(item.substr(0, eq), item.substr(eq + 1), c); !why.empty())
      return why;
    from = comma + 1;
  }
  cfg = c;
  return "";
}

std::string_view settings_help() {
  return "nodes, candidates, population, replies, reply-nodes, reply-weight, rollouts, "
         "rollout-nodes, rollout-turns, rollout-halving, "
         "rollout-dice, rollout-luck, rollout-seed, columns, guard, reopen, anytime, "
         "attack-planning, combat-look, title-weights, zone-timing, time-cap";
}

}  // namespace bg::ai
