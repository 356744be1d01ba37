// bluegray: `bluegray engine` speaks the JSON line protocol (docs/protocol.md);
// `bluegray play` offers the same commands to a person at a terminal.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "protocol/engine_session.h"
#include "protocol/text_view.h"

namespace {

int run_engine() {
  bg::protocol::EngineSession session;
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"bluegray: an engine for SPI's Blue & Gray wargame system"};
  app.set_version_flag("--version", std::string("bluegray ") + bg::protocol::kVersion);
  app.require_subcommand(1);
  auto* engine = app.add_subcommand("engine", "speak the JSON line protocol on stdin/stdout");
  auto* play = app.add_subcommand("play", "play at a terminal with the same commands");
  CLI11_PARSE(app, argc, argv);
  if (engine->parsed()) return run_engine();
  if (play->parsed()) return run_play();
  return 0;
}
