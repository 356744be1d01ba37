#include "cli/tune_cmd.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/reference.h"
#include "cli/tournament_cmd.h"
#include "protocol/json_input.h"
#include "protocol/save_file.h"
#include "study/tuner.h"

namespace bg::cli {

void add_tune_command(CLI::App& app) {
  auto args = std::make_shared<TuneArgs>();
  TuneArgs& a = *args;
  auto* t = app.add_subcommand(
      "tune", "tune the AI's evaluation weights by self-play (SPSA; docs/ai.md, \"Tuning\")");
  t->add_option("--player", a.player, "the level tuned: ai-normal (default), ai-hard, ai-easy");
  t->add_option("--against", a.against,
                "the fixed opponent: " + std::string(ai::player_names()) +
                    " (default ref-2026); repeated, a pool that shares each side's games");
  t->add_option("--side", a.side, "whose weights are tuned: union (default), confederate, both");
  t->add_option("--games", a.games, "games per candidate, side and iteration (default 16)")
      ->check(CLI::Range(1, 100000));
  t->add_option("--iterations", a.iterations, "SPSA iterations (default 20)")
      ->check(CLI::Range(1, 100000));
  t->add_option("--jobs", a.jobs, "games played in parallel (default 1)")->check(CLI::Range(1, 64));
  t->add_option("--seed", a.seed, "tuning seed (perturbations and every game's seed)");
  t->add_option("--budget", a.budget, "AI nodes per movement phase (default: the level's)");
  t->add_option("--a", a.a, "SPSA step gain, in steps per unit of fitness (default 8)")
      ->check(CLI::Range(0.0, 1000.0));
  t->add_option("--c", a.c, "SPSA perturbation, in steps (default 1)")
      ->check(CLI::Range(0.01, 100.0));
  t->add_option("--start", a.start, "a weights file to start from (default: the shipped weights)");
  add_game_choice_options(*t, a.game);
  t->add_option("--out", a.out,
                "folder for weights.txt, tune_log.csv and tune_state.json (default tune)");
  t->add_flag("--resume", a.resume,
              "continue the stopped run in --out (the same settings; --jobs may differ)");
  t->add_option("--stop-after", a.stop_after,
                "play at most this many iterations now (--resume continues; default: all)")
      ->check(CLI::Range(1, 100000));
  t->add_flag("--quiet", a.quiet, "no progress lines");
  t->callback([args] {
    if (const int rc = run_tune(*args); rc != 0) throw CLI::RuntimeError(rc);
  });
}

namespace {

using Json = nlohmann::json;

constexpr const char* kStateFile = "tune_state.json";
constexpr const char* kStateFormat = "bluegray-tune-state";
constexpr std::uintmax_t kMaxStateBytes = 64u << 20;

// The opponent, or the pool as "ref-2026 + ai-normal" (a player's spec has no spaces).
std::string pool_name(const std::vector<std::string>& pool) {
  std::string out;
  for (const std::string& p : pool) out += (out.empty() ? "" : " + ") + p;
  return out;
}

// What makes two invocations the same run: everything the iterations depend
// on (not --jobs, which changes no result).
Json run_settings(const TuneArgs& a, const study::TuneSpec& spec, const std::string& rules) {
  return Json{{"player", a.player},
              {"against", pool_name(a.against)},
              {"side", a.side},
              {"games", a.games},
              {"iterations", a.iterations},
              {"seed", a.seed},
              {"budget", a.budget},
              {"a", a.a},
              {"c", a.c},
              {"rules", rules},
              {"start", ai::format_weights(spec.start)}};
}

// How a person gave the setting `key` of run_settings().
std::string setting_name(const std::string& key) {
  if (key == "rules") return "the game and rules";
  if (key == "start") return "the --start weights";
  return "--" + key;
}

// The iterations played so far: each one's log line and theta after it.
struct Played {
  std::vector<std::string> lines;
  std::vector<std::vector<double>> history;
};

std::string state_text(const Json& run, const Played& p) {
  Json rows = Json::array();
  for (size_t i = 0; i < p.lines.size(); ++i)
    rows.push_back(Json{{"log", p.lines[i]}, {"theta", p.history[i]}});  // line without its \n
  return Json{{"format", kStateFormat}, {"version", 1}, {"run", run}, {"rows", rows}}.dump(1) +
         "\n";
}

// The stopped run in `dir`, checked against this invocation's settings; the
// reason on stderr when it cannot be resumed. Each iterate's size and bounds
// are Spsa::resume's to check.
std::optional<Played> read_state(const std::string& dir, const Json& run) {
  const std::filesystem::path path = std::filesystem::path(dir) / kStateFile;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxStateBytes) {
    std::cerr << "bluegray: no tuning run to resume in " << dir << " (" << path.string()
              << (ec ? " cannot be read" : " is too large") << ")\n";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Bounded first, as all JSON from outside (protocol/json_input.h): deep
  // nesting would overflow the stack while the library builds the value.
  const Json st = protocol::json_depth(text, protocol::kMaxJsonDepth) > protocol::kMaxJsonDepth
                      ? Json()
                      : Json::parse(text, nullptr, false);
  auto bad = [&](const std::string& why) {
    std::cerr << "bluegray: " << path.string() << ": " << why << "\n";
    return std::nullopt;
  };
  // Never .value() or [] on what may not be there or be of another type: a
  // damaged file is refused, not thrown on.
  auto field = [](const Json& obj, const std::string& key) {
    return obj.is_object() && obj.contains(key) ? obj.at(key) : Json();
  };
  if (st.is_discarded() || field(st, "format") != kStateFormat || field(st, "version") != 1 ||
      !field(st, "rows").is_array())
    return bad("not a bluegray tuning state (format 1)");
  const Json was = field(st, "run");
  for (const auto& [key, value] : run.items())
    if (field(was, key) != value)
      return bad("the run was started with " + setting_name(key) + " " + field(was, key).dump() +
                 "; resume it with the settings it was started with");
  if (was != run) return bad("the run's settings differ");
  Played p;
  for (const Json& row : st["rows"]) {
    if (!row.is_object() || !row.contains("log") || !row["log"].is_string() ||
        row["log"].get<std::string>().find('\n') != std::string::npos || !row.contains("theta") ||
        !row["theta"].is_array())
      return bad("row " + std::to_string(p.lines.size() + 1) + " is malformed");
    std::vector<double> theta;
    for (const Json& v : row["theta"]) {
      if (!v.is_number()) return bad("row " + std::to_string(p.lines.size() + 1) + " is malformed");
      theta.push_back(v.get<double>());
    }
    p.lines.push_back(row["log"].get<std::string>());
    p.history.push_back(std::move(theta));
  }
  return p;
}

bool write(const std::string& dir, const char* name, const std::string& text) {
  const std::string path = (std::filesystem::path(dir) / name).string();
  if (auto st = protocol::write_file_atomically(path, text); !st.ok()) {
    std::cerr << "bluegray: " << st.error().message << "\n";
    return false;
  }
  return true;
}

// The tuning the arguments ask for; the reason on stderr if they are refused.
std::optional<study::TuneSpec> make_spec(const TuneArgs& a, std::string& rules) {
  study::TuneSpec spec;
  if (a.player != "ai-easy" && a.player != "ai-normal" && a.player != "ai-hard") {
    std::cerr << "bluegray: --player must be ai-easy, ai-normal or ai-hard\n";
    return std::nullopt;
  }
  for (const std::string& op : a.against)
    if (!ai::valid_player_spec(op) || op.find(':') != std::string::npos) {
      std::cerr << "bluegray: unknown opponent '" << op << "' (" << ai::player_names() << ")\n";
      return std::nullopt;
    }
  if (a.against.empty() || static_cast<size_t>(a.games) < a.against.size()) {
    std::cerr << "bluegray: each opponent in the pool needs a game: --games at least "
              << a.against.size() << "\n";
    return std::nullopt;
  }
  if (a.side == "union" || a.side == "confederate")
    spec.sides = {*core::parse_side(a.side)};
  else if (a.side == "both")
    spec.sides = {core::Side::Union, core::Side::Confederate};
  else {
    std::cerr << "bluegray: --side must be union, confederate or both\n";
    return std::nullopt;
  }
  const std::optional<ChosenGame> game = choose_game(a.game);
  if (!game) return std::nullopt;
  rules = game->rules;
  spec.start = ai::shipped_weights();
  if (!a.start.empty()) {
    const std::optional<ai::TunedWeights> w = load_weights_file(a.start);
    if (!w) return std::nullopt;
    spec.start = *w;
  }
  spec.player = a.player;
  spec.against = a.against;
  spec.games = a.games;
  spec.iterations = a.iterations;
  spec.jobs = a.jobs;
  spec.seed = a.seed;
  spec.node_budget = a.budget;
  spec.spsa.a = a.a;
  spec.spsa.c = a.c;
  spec.spsa.A = std::max(1.0, a.iterations / 10.0);
  spec.make_game = game->seeded();
  return spec;
}

}  // namespace

int run_tune(const TuneArgs& a) {
  std::string rules;
  std::optional<study::TuneSpec> made = make_spec(a, rules);
  if (!made) return 2;
  study::TuneSpec& spec = *made;
  std::error_code ec;
  std::filesystem::create_directories(a.out, ec);
  if (ec) {
    std::cerr << "bluegray: cannot create " << a.out << ": " << ec.message() << "\n";
    return 1;
  }
  const Json run = run_settings(a, spec, rules);
  Played played;
  if (a.resume) {
    std::optional<Played> p = read_state(a.out, run);
    if (!p) return 2;
    played = std::move(*p);
    spec.history = played.history;
  } else if (std::filesystem::exists(std::filesystem::path(a.out) / kStateFile)) {
    std::cerr << "bluegray: " << a.out
              << " holds a tuning run: --resume continues it, another --out starts anew\n";
    return 2;
  }
  if (played.history.size() >= static_cast<size_t>(a.iterations)) {
    std::cout << "the run in " << a.out << " is complete (" << a.iterations << " iterations)\n";
    return 0;
  }
  spec.stop_after = a.stop_after;
  std::ostringstream head;
  head << a.player << " vs " << pool_name(a.against) << ", " << a.side << ", " << a.games
       << " games x " << a.iterations << " iterations, seed " << a.seed << ", a " << a.a << " c "
       << a.c;
  const std::string comment = "bluegray tune: " + head.str() + "; " + rules;
  std::string log = study::tune_log_header(spec.sides);
  for (const std::string& l : played.lines) log += l + "\n";
  bool ok = true;
  const core::Result<study::TuneResult> r =
      study::run_tune(spec, [&](const study::TuneRow& row, const ai::TunedWeights& w) {
        std::string line = study::tune_log_line(row);
        log += line;
        line.pop_back();  // its '\n'
        played.lines.push_back(std::move(line));
        played.history.push_back(row.theta);
        // The state last: a stop between the writes replays the iteration.
        ok = ok && write(a.out, "tune_log.csv", log) &&
             write(a.out, "weights.txt",
                   ai::format_weights(
                       w, comment + " (after iteration " + std::to_string(row.iteration) + ")")) &&
             write(a.out, kStateFile, state_text(run, played));
        if (!a.quiet)
          std::cerr << "iteration " << row.iteration << "/" << a.iterations << ": score "
                    << row.score_plus << " / " << row.score_minus << "\n";
      });
  if (!r) {
    std::cerr << "bluegray: cannot resume the run in " << a.out << ": " << r.error().message
              << "\n";
    return 2;
  }
  if (!ok) return 1;
  std::cout << "tuned weights in " << a.out << "/weights.txt, log in " << a.out << "/tune_log.csv";
  if (played.history.size() < static_cast<size_t>(a.iterations))
    std::cout << " (" << played.history.size() << " of " << a.iterations
              << " iterations: --resume continues)";
  std::cout << "\n";
  return 0;
}

}  // namespace bg::cli
