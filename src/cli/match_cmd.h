// `bluegray match`: two engine processes play a title under the referee
// (cli/referee.h), paired seeds, with a report like the tournament's
// (docs/protocol.md, "Engine matches").
#pragma once

#include <CLI/CLI.hpp>

namespace bg::cli {

void add_match_command(CLI::App& app);

}  // namespace bg::cli
