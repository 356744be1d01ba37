// `bluegray serve`'s limits as command-line flags (defaults and meaning in
// docs/server.md, "Limits").
#pragma once

#include <CLI/CLI.hpp>

#include "server/http_server.h"

namespace bg::cli {

// The flags in the units an operator thinks in; turned into ServeOptions
// after parsing.
struct ServeLimitArgs {
  double create_per_minute = 30;
  double actions_per_second = 20;
  double token_failures_per_minute = 20;
  long header_timeout = 10;
  long body_timeout = 30;
  long idle_evict = 600;
};

void add_serve_limits(CLI::App& serve, server::ServeOptions& opt, ServeLimitArgs& args);
void apply_serve_limits(const ServeLimitArgs& args, server::ServeOptions& opt);

}  // namespace bg::cli
