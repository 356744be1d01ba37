#include "cli/tune_cmd.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "ai/ai_player.h"
#include "ai/reference.h"
#include "ai/tuner.h"
#include "cli/tournament_cmd.h"
#include "protocol/save_file.h"

namespace bg::cli {

void add_tune_command(CLI::App& app) {
  auto args = std::make_shared<TuneArgs>();
  TuneArgs& a = *args;
  auto* t = app.add_subcommand(
      "tune", "tune the AI's evaluation weights by self-play (SPSA; docs/ai.md, \"Tuning\")");
  t->add_option("--player", a.player, "the level tuned: ai-normal (default), ai-hard, ai-easy");
  t->add_option("--against", a.against,
                "the fixed opponent: " + std::string(ai::player_names()) + " (default ref-2026)");
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
  t->add_option("--out", a.out, "folder for weights.txt and tune_log.csv (default tune)");
  t->add_flag("--quiet", a.quiet, "no progress lines");
  t->callback([args] {
    if (const int rc = run_tune(*args); rc != 0) throw CLI::RuntimeError(rc);
  });
}

namespace {

bool write(const std::string& dir, const char* name, const std::string& text) {
  const std::string path = (std::filesystem::path(dir) / name).string();
  if (auto st = protocol::write_file_atomically(path, text); !st.ok()) {
    std::cerr << "bluegray: " << st.error().message << "\n";
    return false;
  }
  return true;
}

}  // namespace

int run_tune(const TuneArgs& a) {
  ai::TuneSpec spec;
  if (a.player != "ai-easy" && a.player != "ai-normal" && a.player != "ai-hard") {
    std::cerr << "bluegray: --player must be ai-easy, ai-normal or ai-hard\n";
    return 2;
  }
  if (!ai::valid_player_spec(a.against) || a.against.find(':') != std::string::npos) {
    std::cerr << "bluegray: unknown opponent '" << a.against << "' (" << ai::player_names()
              << ")\n";
    return 2;
  }
  if (a.side == "union" || a.side == "confederate")
    spec.sides = {*core::parse_side(a.side)};
  else if (a.side == "both")
    spec.sides = {core::Side::Union, core::Side::Confederate};
  else {
    std::cerr << "bluegray: --side must be union, confederate or both\n";
    return 2;
  }
  const std::optional<ChosenGame> game = choose_game(a.game);
  if (!game) return 2;
  spec.start = ai::shipped_weights();
  if (!a.start.empty()) {
    const std::optional<ai::TunedWeights> w = load_weights_file(a.start);
    if (!w) return 2;
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
  std::error_code ec;
  std::filesystem::create_directories(a.out, ec);
  if (ec) {
    std::cerr << "bluegray: cannot create " << a.out << ": " << ec.message() << "\n";
    return 1;
  }
  char head[200];
  std::snprintf(head, sizeof head, "%s vs %s, %s, %d games x %d iterations, seed %llu, a %g c %g",
                a.player.c_str(), a.against.c_str(), a.side.c_str(), a.games, a.iterations,
                static_cast<unsigned long long>(a.seed), a.a, a.c);
  const std::string comment = "bluegray tune: " + std::string(head) + "; " + game->rules;
  std::string log = ai::tune_log_header(spec.sides);
  bool ok = true;
  ai::run_tune(spec, [&](const ai::TuneRow& row, const ai::TunedWeights& w) {
    log += ai::tune_log_line(row);
    ok = ok && write(a.out, "tune_log.csv", log) &&
         write(a.out, "weights.txt",
               ai::format_weights(
                   w, comment + " (after iteration " + std::to_string(row.iteration) + ")"));
    if (!a.quiet)
      std::cerr << "iteration " << row.iteration << "/" << a.iterations << ": score "
                << row.score_plus << " / " << row.score_minus << "\n";
  });
  if (!ok) return 1;
  std::cout << "tuned weights in " << a.out << "/weights.txt, log in " << a.out
            << "/tune_log.csv\n";
  return 0;
}

}  // namespace bg::cli
