// The game a batch command (tournament, tune, match) plays, as the options
// --title/--edition/--options/--param describe it. The description is made into
// the protocol's own `new` line and parsed there, so the three commands accept
// exactly what `new` accepts and say why in its words when they do not.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ai/tuned_weights.h"
#include "core/game.h"
#include "core/result.h"
#include "protocol/command_parser.h"

namespace bg::cli {

struct GameChoice {
  std::string title;  // empty: the registry's default title
  std::string edition = "spi1977";
  std::string options;              // comma-separated `new ... options=` names
  std::vector<std::string> params;  // the title's key=value parameters
};

// Adds --title, --edition, --options and --param to a subcommand.
void add_game_choice_options(CLI::App& cmd, GameChoice& choice);

struct ChosenGame {
  std::string new_line;  // "new TITLE edition=E ...", what an engine is sent
  std::string rules;     // "TITLE edition=E ...", what the reports print
  protocol::NewParams params;
  // A game of this description dealt from `seed`.
  std::function<core::Result<core::Game>(uint64_t seed)> seeded() const;
};

// The chosen game, parsed and set up once to prove it can be; nullopt after
// printing "bluegray: <why>" to stderr.
std::optional<ChosenGame> choose_game(const GameChoice& choice);

// A weights file (ai/tuned_weights.h); nullopt after printing why it cannot be used.
std::optional<ai::TunedWeights> load_weights_file(const std::string& path);

}  // namespace bg::cli
