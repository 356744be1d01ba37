#include "study/tournament_merge.h"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>

namespace bg::study {

using namespace bg::core;
using Json = nlohmann::json;

namespace {

Error bad(const std::string& what) {
  return Error{"", "results.json: " + what};
}

GameResult game_from_json(const Json& j) {
  GameResult g;
  g.index = j.at("game").get<int>();
  g.seed = j.at("seed").get<uint64_t>();
  const std::string w = j.at("winner").get<std::string>();
  if (w != "draw") g.winner = parse_side(w);
  g.vp = {j.at("vp").at(0).get<int>(), j.at("vp").at(1).get<int>()};
  g.turn = j.at("turn").get<int>();
  g.actions = j.at("actions").get<int>();
  g.refused = j.at("refused").get<int>();
  g.seconds = j.at("seconds").get<double>();
  for (const Json& l : j.at("lines")) {
    VpLine v;
    v.side = parse_side(l.at("side").get<std::string>()).value_or(Side::Union);
    v.rule = l.at("rule").get<std::string>();
    v.what = l.at("what").get<std::string>();
    v.points = l.at("points").get<int>();
    v.at_end = l.at("at_end").get<bool>();
    g.lines.push_back(std::move(v));
  }
  g.error = j.value("error", std::string());
  g.first_refusal = j.value("first_refusal", std::string());
  return g;
}

}  // namespace

bool parse_shard(const std::string& text, int& k, int& n) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  auto num = [](std::string_view s, int& out) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && !s.empty();
  };
  const std::string_view t(text);
  if (!num(t.substr(0, slash), k) || !num(t.substr(slash + 1), n)) return false;
  return n >= 1 && n <= 100000 && k >= 1 && k <= n;
}

Result<TournamentResult> parse_results_json(const std::string& text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad("not JSON");
  try {
    TournamentResult r;
    r.spec.union_player = j.at("union_player").get<std::string>();
    r.spec.confederate_player = j.at("confederate_player").get<std::string>();
    r.spec.rules = j.at("rules").get<std::string>();
    r.spec.seed = j.at("seed").get<uint64_t>();
    r.spec.node_budget = j.at("node_budget").get<int>();
    if (!j.contains("games_total") || !j.contains("shard"))
      return bad("no games_total or shard (written before shards existed?)");
    r.spec.games = j.at("games_total").get<int>();
    if (!parse_shard(j.at("shard").get<std::string>(), r.spec.shard, r.spec.shards))
      return bad("shard must be K/N");
    r.seconds = j.at("seconds").get<double>();
    for (const Json& g : j.at("games")) r.games.push_back(game_from_json(g));
    return r;
  } catch (const std::exception& e) {
    return bad(std::string("a field is missing or of the wrong type (") + e.what() + ")");
  }
}

Result<TournamentResult> merge_shards(const std::vector<TournamentResult>& shards) {
  if (shards.empty()) return Error{"", "nothing to merge"};
  TournamentResult out;
  out.spec = shards.front().spec;
  out.spec.shard = 1;
  out.spec.shards = 1;
  for (const TournamentResult& s : shards) {
    const TournamentSpec& a = s.spec;
    const TournamentSpec& b = out.spec;
    if (a.union_player != b.union_player || a.confederate_player != b.confederate_player ||
        a.rules != b.rules || a.seed != b.seed || a.node_budget != b.node_budget ||
        a.games != b.games)
      return Error{"",
                   "the shards are not of one match (players, rules, seed, budget or games "
                   "differ)"};
    out.seconds += s.seconds;
    for (const GameResult& g : s.games) out.games.push_back(g);
  }
  std::sort(out.games.begin(), out.games.end(),
            [](const GameResult& x, const GameResult& y) { return x.index < y.index; });
  for (size_t i = 0; i < out.games.size(); ++i) {
    const int want = static_cast<int>(i);
    if (out.games[i].index != want) {
      const bool dup = i > 0 && out.games[i].index == out.games[i - 1].index;
      return Error{
          "", std::string(dup ? "game " + std::to_string(out.games[i].index) + " is in two shards"
                              : "game " + std::to_string(want) + " is in no shard")};
    }
    if (out.games[i].seed != game_seed(out.spec.seed, want))
      return Error{"", "game " + std::to_string(want) + " has a seed the match would not give it"};
  }
  if (static_cast<int>(out.games.size()) != out.spec.games)
    return Error{"", "game " + std::to_string(out.games.size()) + " is in no shard (they hold " +
                         std::to_string(out.games.size()) + " of " +
                         std::to_string(out.spec.games) + " games)"};
  return out;
}

}  // namespace bg::study
