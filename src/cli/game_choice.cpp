#include "cli/game_choice.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "protocol/game_setup.h"
#include "titles/registry.h"

namespace bg::cli {

void add_game_choice_options(CLI::App& cmd, GameChoice& choice) {
  cmd.add_option("--edition", choice.edition, "standard rules: spi1977 | dg2016");
  cmd.add_option("--title", choice.title,
                 "the title to play (`bluegray engine`'s `titles` lists them)");
  cmd.add_option("--param", choice.params,
                 "a title parameter as key=value, repeatable (e.g. exclusive=revised)");
  cmd.add_option("--options", choice.options,
                 "optional rules, comma-separated (attack-effectiveness, tournament, ...)");
}

std::function<core::Result<core::Game>(uint64_t)> ChosenGame::seeded() const {
  return [p = params](uint64_t seed) {
    protocol::NewParams q = p;
    q.seed = seed;
    return protocol::make_game(q);
  };
}

std::optional<ChosenGame> choose_game(const GameChoice& choice) {
  std::string rules = "edition=" + choice.edition;
  if (!choice.options.empty()) rules += " options=" + choice.options;
  for (const std::string& kv : choice.params) rules += " " + kv;
  const std::string title =
      choice.title.empty() ? titles::default_title().info().name : choice.title;
  ChosenGame out;
  out.new_line = "new " + title + " " + rules;
  out.rules = title + " " + rules;
  auto parsed = protocol::parse_command(out.new_line);
  if (!parsed) {
    std::cerr << "bluegray: " << parsed.error().message << "\n";
    return std::nullopt;
  }
  out.params = parsed->params;
  if (auto probe = protocol::make_game(out.params); !probe.ok()) {
    std::cerr << "bluegray: " << probe.error().message << "\n";
    return std::nullopt;
  }
  return out;
}

std::optional<ai::TunedWeights> load_weights_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "bluegray: cannot read weights file " << path << "\n";
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto w = ai::parse_weights(text.str());
  if (!w) {
    std::cerr << "bluegray: " << path << ": " << w.error().message << "\n";
    return std::nullopt;
  }
  return *w;
}

}  // namespace bg::cli
