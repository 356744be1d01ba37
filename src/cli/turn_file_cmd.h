// `bluegray turn-file export|import`: turn files on save files, for a game
// played by exchanging files without a server (docs/server.md, "Turn
// files"). The same files `bluegray serve` exports and imports.
#pragma once

#include <CLI/CLI.hpp>

namespace bg::cli {

void add_turn_file_command(CLI::App& app);

}  // namespace bg::cli
