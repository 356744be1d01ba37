// bluegray: `bluegray engine` speaks the JSON line protocol (docs/protocol.md);
// `bluegray play` offers the same commands to a person at a terminal.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "cli/match_cmd.h"
#include "cli/serve_cmd.h"
#include "cli/tournament_cmd.h"
#include "cli/tune_cmd.h"
#include "cli/turn_file_cmd.h"
#include "content/map_file.h"
#include "protocol/engine_session.h"
#include "protocol/fair_dice_save.h"
#include "protocol/save_file.h"
#include "protocol/text_view.h"
#include "render/render_svg.h"
#include "server/http_server.h"

namespace {

int run_engine(const std::string& player) {
  bg::protocol::EngineSession session;
  if (!session.set_default_player(player)) {
    std::cerr << "bluegray: no AI player '" << player << "'\n";
    return 2;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    std::cout << session.handle_line(line) << '\n' << std::flush;
    if (session.quit_requested()) break;
  }
  return 0;
}

int run_play() {
  bg::protocol::EngineSession session;
  std::cout << "bluegray " << bg::protocol::kVersion
            << " - Blue & Gray. Type help for the commands, show for a map, quit to leave.\n"
            << "Start with: new sandbox\n";
  std::string line;
  while (true) {
    std::cout << "> " << std::flush;
    if (!std::getline(std::cin, line)) {
      std::cout << '\n';
      break;
    }
    const size_t first = line.find_first_not_of(" \t\r");
    const std::string word = first == std::string::npos
                                 ? ""
                                 : line.substr(first, line.find_first_of(" \t\r", first) - first);
    if (word.empty()) continue;
    if (word == "show") {
      if (session.game() == nullptr) {
        std::cout << "No game yet: start one with new sandbox\n";
      } else {
        std::cout << bg::protocol::render_board(*session.game()) << '\n';
      }
      continue;
    }
    std::cout << bg::protocol::render_text(line, session.handle(line)) << '\n';
    if (session.quit_requested()) break;
  }
  std::cout << std::flush;
  return 0;
}

struct RenderArgs {
  std::string map;
  std::string save;
  std::string out = "map.svg";
  bool no_numbers = false;
};

// Draws a map file, or a saved game's map with its counters, as SVG.
int run_render(const RenderArgs& a) {
  std::string svg;
  bg::render::RenderOptions opt;
  opt.hex_numbers = !a.no_numbers;
  if (!a.save.empty()) {
    auto loaded = bg::protocol::read_save(a.save);
    if (!loaded) {
      std::cerr << "bluegray: " << loaded.error().message << '\n';
      return 1;
    }
    svg = bg::render::render_svg(loaded->game.map(), opt, &loaded->game);
  } else {
    auto map = bg::content::load_map(a.map);
    if (!map) {
      std::cerr << "bluegray: " << map.error().message << '\n';
      return 1;
    }
    svg = bg::render::render_svg(**map, opt);
  }
  if (auto s = bg::protocol::write_file_atomically(a.out, svg); !s) {
    std::cerr << "bluegray: " << s.error().message << '\n';
    return 1;
  }
  std::cout << "wrote " << a.out << '\n';
  return 0;
}

// Proves a fair-dice game's rolls (docs/protocol.md, "bluegray verify").
int run_verify(const std::string& path) {
  const bg::protocol::Verdict v = bg::protocol::verify_file(path);
  std::cout << (v.ok ? "OK: " : "FAILED: ") << v.message << '\n';
  return v.ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"bluegray: an engine for SPI's Blue & Gray wargame system"};
  app.set_version_flag("--version", std::string("bluegray ") + bg::protocol::kVersion);
  app.require_subcommand(1);
  auto* engine = app.add_subcommand("engine", "speak the JSON line protocol on stdin/stdout");
  std::string engine_player = "ai-normal";
  engine->add_option("--player", engine_player,
                     "the AI player of `ai`, `ai move` and `ai hint` when they name none: "
                     "ai-easy, ai-normal (default), ai-hard, ref-2026");
  auto* play = app.add_subcommand("play", "play at a terminal with the same commands");
  RenderArgs render_args;
  auto* render = app.add_subcommand("render-map", "draw a map (or a saved game) as SVG");
  auto* map_opt =
      render->add_option("--map", render_args.map, "map data file")->check(CLI::ExistingFile);
  render->add_option("--save", render_args.save, "saved game: draw its map and counters")
      ->check(CLI::ExistingFile)
      ->excludes(map_opt);
  render->add_option("-o,--out", render_args.out, "SVG file to write (default map.svg)");
  render->add_flag("--no-numbers", render_args.no_numbers, "hide hex numbers");
  bg::server::ServeOptions serve_opt;
  auto* serve = app.add_subcommand("serve", "serve the web UI and the game API (docs/server.md)");
  serve->add_option("--port", serve_opt.port, "TCP port (default 8080; 0: any free port)")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--bind", serve_opt.bind, "address to listen on (default 127.0.0.1)");
  serve->add_option("--db", serve_opt.db,
                    "SQLite file of the stored games (default games.sqlite), or a "
                    "postgresql://... URI: a PostgreSQL database several servers share");
  serve->add_option("--web-root", serve_opt.web_root,
                    "folder of the built web UI (default web/dist)");
  serve->add_flag("--test", serve_opt.test_mode, "accept forced dice (end-to-end tests only)");
  serve
      ->add_option("--computer", serve_opt.computer,
                   "the computer player: random, greedy, ai-easy, ai-normal (default), ai-hard, "
                   "ref-2026")
      ->check(CLI::IsMember({"random", "greedy", "ai-easy", "ai-normal", "ai-hard", "ref-2026"}));
  bg::cli::ServeLimitArgs limits;
  bg::cli::add_serve_limits(*serve, serve_opt, limits);
  std::string verify_path;
  auto* verify = app.add_subcommand(
      "verify", "check a fair-dice save: seed against commitment, every roll, the replay");
  verify->add_option("save", verify_path, "the save file")->required();
  bg::cli::add_tournament_command(app);
  bg::cli::add_match_command(app);
  bg::cli::add_turn_file_command(app);
  bg::cli::add_tune_command(app);
  CLI11_PARSE(app, argc, argv);
  if (engine->parsed()) return run_engine(engine_player);
  if (play->parsed()) return run_play();
  if (serve->parsed()) {
    bg::cli::apply_serve_limits(limits, serve_opt);
    if (!serve_opt.mail.smtp.empty() && serve_opt.mail.from.empty()) {
      std::cerr << "bluegray serve: --smtp needs --mail-from (the mails' sender address)\n";
      return 2;
    }
    return bg::server::serve(serve_opt);
  }
  if (verify->parsed()) return run_verify(verify_path);
  if (render->parsed()) {
    if (render_args.map.empty() && render_args.save.empty()) {
      std::cerr << "bluegray: render-map needs --map FILE or --save FILE\n";
      return 2;
    }
    return run_render(render_args);
  }
  return 0;
}
