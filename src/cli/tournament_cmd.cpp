#include "cli/tournament_cmd.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "ai/ai_player.h"
#include "ai/player_factory.h"
#include "ai/player_settings.h"
#include "ai/tuned_weights.h"
#include "protocol/command_parser.h"
#include "protocol/game_setup.h"
#include "protocol/save_file.h"
#include "study/tournament.h"
#include "study/tournament_merge.h"
#include "study/tournament_report.h"
#include "titles/registry.h"

namespace bg::cli {

void add_tournament_command(CLI::App& app) {
  auto args = std::make_shared<TournamentArgs>();
  TournamentArgs& a = *args;
  auto* t =
      app.add_subcommand("tournament", "play games of a title between two players (docs/ai.md)");
  const std::string players = std::string(ai::player_names()) +
                              " (a suffix :NAME plays a posture the "
                              "title declares for that side, e.g. :stand; a suffix "
                              "@key=value,... changes an ai-* level's settings: " +
                              std::string(ai::settings_help()) + ")";
  t->add_option("--union", a.union_player, "Union player: " + players);
  t->add_option("--confederate", a.confederate_player, "Confederate player: " + players);
  t->add_option("--games", a.games, "number of games (default 10)")->check(CLI::Range(1, 1000000));
  t->add_option("--jobs", a.jobs, "games played in parallel (default 1)")->check(CLI::Range(1, 64));
  add_game_choice_options(*t, a.game);
  t->add_option("--seed", a.seed, "match seed (each game's seed derives from it)");
  t->add_option("--budget", a.budget,
                "AI nodes per movement phase (default: the level's; ref-2026 keeps its own)");
  t->add_option("--shard", a.shard,
                "K/N: play only the games i with i % N == K - 1 (merge the shards' folders "
                "with `tournament merge`)");
  t->add_option("--weights", a.weights,
                "a weights file (`bluegray tune`'s weights.txt) for the ai-* players of both "
                "sides (ref-2026 and the baselines keep theirs)");
  t->add_option("--out", a.out, "folder for results.csv, results.json and the SVG charts");
  t->add_flag("--quiet", a.quiet, "no progress bar");
  auto margs = std::make_shared<MergeArgs>();
  auto* m = t->add_subcommand("merge",
                              "combine the folders of a match's shards into the report of one run");
  m->add_option("dirs", margs->dirs, "the shards' --out folders")->required();
  m->add_option("--out", margs->out, "folder for the merged report");
  m->callback([margs] {
    if (const int rc = run_merge(*margs); rc != 0) throw CLI::RuntimeError(rc);
  });
  t->callback([args, m] {
    if (m->parsed()) return;
    if (const int rc = run_tournament(*args); rc != 0) throw CLI::RuntimeError(rc);
  });
}

namespace {

void progress_bar(int done, int total) {
  const int width = 40;
  const int filled = total ? done * width / total : width;
  std::cerr << "\r[" << std::string(static_cast<size_t>(filled), '#')
            << std::string(static_cast<size_t>(width - filled), ' ') << "] " << done << "/" << total
            << std::flush;
  if (done == total) std::cerr << "\n";
}

}  // namespace

int write_reports(const study::TournamentResult& r, const std::string& out);

int run_tournament(const TournamentArgs& a) {
  for (const std::string* p : {&a.union_player, &a.confederate_player})
    if (const std::string why = ai::match_player_error(*p); !why.empty()) {
      std::cerr << "bluegray: " << why << "\n";
      return 2;
    }
  const std::optional<ChosenGame> game = choose_game(a.game);
  if (!game) return 2;
  // Postures are the title's: check the names against a game of it.
  if (auto probe = protocol::make_game(game->params); probe.ok()) {
    const std::pair<core::Side, const std::string*> players[] = {
        {core::Side::Union, &a.union_player}, {core::Side::Confederate, &a.confederate_player}};
    for (const auto& [side, spec] : players) {
      const ai::PlayerSpec p = ai::parse_player_spec(*spec);
      if (!p.has_posture) continue;
      if (std::string why = ai::posture_error(*probe, side, p.posture); !why.empty()) {
        std::cerr << "bluegray: player '" << *spec << "': " << why << "\n";
        return 2;
      }
    }
  }
  study::TournamentSpec spec;
  if (!study::parse_shard(a.shard, spec.shard, spec.shards)) {
    std::cerr << "bluegray: --shard must be K/N with 1 <= K <= N (got '" << a.shard << "')\n";
    return 2;
  }
  spec.union_player = a.union_player;
  spec.confederate_player = a.confederate_player;
  spec.games = a.games;
  spec.jobs = a.jobs;
  spec.seed = a.seed;
  spec.node_budget = a.budget;
  spec.rules = game->rules;
  if (!a.weights.empty()) {
    const std::optional<ai::TunedWeights> w = load_weights_file(a.weights);
    if (!w) return 2;
    spec.weights = {w->union_side, w->confederate_side};
  }
  spec.make_game = game->seeded();
  if (!a.quiet) spec.progress = progress_bar;
  return write_reports(study::run_tournament(spec), a.out);
}

int run_merge(const MergeArgs& a) {
  std::vector<study::TournamentResult> shards;
  for (const std::string& dir : a.dirs) {
    const std::string path = (std::filesystem::path(dir) / "results.json").string();
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << "bluegray: cannot read " << path << "\n";
      return 1;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto r = study::parse_results_json(text.str());
    if (!r) {
      std::cerr << "bluegray: " << path << ": " << r.error().message << "\n";
      return 1;
    }
    shards.push_back(std::move(*r));
  }
  auto merged = study::merge_shards(shards);
  if (!merged) {
    std::cerr << "bluegray: " << merged.error().message << "\n";
    return 1;
  }
  return write_reports(*merged, a.out);
}

int write_reports(const study::TournamentResult& r, const std::string& out) {
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::cerr << "bluegray: cannot create " << out << ": " << ec.message() << "\n";
    return 1;
  }
  const std::pair<const char*, std::string> files[] = {
      {"results.csv", study::results_csv(r)},
      {"results.json", study::results_json(r)},
      {"vp_histogram.svg", study::vp_histogram_svg(r)},
      {"win_rates.svg", study::win_rates_svg(r)}};
  for (const auto& [name, text] : files) {
    const std::string path = (std::filesystem::path(out) / name).string();
    if (auto st = protocol::write_file_atomically(path, text); !st.ok()) {
      std::cerr << "bluegray: " << st.error().message << "\n";
      return 1;
    }
  }
  std::cout << study::summary_text(r) << "  files in " << out << "/\n";
  return 0;
}

}  // namespace bg::cli
