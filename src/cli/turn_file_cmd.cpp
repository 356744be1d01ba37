#include "cli/turn_file_cmd.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/action_json.h"
#include "protocol/json_input.h"
#include "protocol/save_file.h"
#include "protocol/turn_file.h"

namespace bg::cli {

namespace {

struct TurnArgs {
  std::string save;
  std::string file;   // import: the turn file
  std::string game;   // the game's id (as on its server; any agreed 16 hex digits offline)
  std::string side;   // export: union or confederate
  std::string token;  // export: your seat token; import: the sender's, if you hold it
  size_t from = 0;
};

std::vector<protocol::Json> entries_of(const core::Game& g) {
  std::vector<protocol::Json> out;
  for (const core::LogEntry& e : g.log()) out.push_back(protocol::log_entry_json(g, e));
  return out;
}

int run_export(const TurnArgs& a) {
  auto loaded = protocol::read_save(a.save);
  if (!loaded) {
    std::cerr << "bluegray: " << a.save << ": " << loaded.error().message << '\n';
    return 1;
  }
  const auto entries = entries_of(loaded->game);
  if (a.from >= entries.size()) {
    std::cerr << "bluegray: --from must be below the log's " << entries.size() << " actions\n";
    return 2;
  }
  std::cout << protocol::dump_line(protocol::make_turn_file(
                   a.game, protocol::to_json(loaded->params), entries, a.from, a.side, a.token))
            << '\n';
  return 0;
}

// Checks the file against the save, replays its actions on the game and
// writes the save back; on any refusal the save is left as it was.
int run_import(const TurnArgs& a) {
  auto loaded = protocol::read_save(a.save);
  if (!loaded) {
    std::cerr << "bluegray: " << a.save << ": " << loaded.error().message << '\n';
    return 1;
  }
  std::ifstream in(a.file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  auto file = protocol::parse_json_input(text.str());
  if (!in || !file) {
    std::cerr << "bluegray: " << a.file << ": not readable JSON\n";
    return 1;
  }
  core::Side side = core::Side::Union;
  auto p = protocol::check_turn_file(*file, a.game, protocol::to_json(loaded->params),
                                     entries_of(loaded->game), a.token.empty() ? nullptr : &a.token,
                                     side);
  if (!p) p = protocol::apply_turn_actions(loaded->game, file->at("actions"), side);
  if (p) {
    std::cerr << "bluegray: turn file refused: " << p->error.message;
    if (p->action) std::cerr << " (action " << *p->action << ")";
    std::cerr << "; " << a.save << " is unchanged\n";
    return 1;
  }
  const auto* fair = loaded->fair ? &*loaded->fair : nullptr;
  if (auto s =
          protocol::write_save(a.save, protocol::save_json(loaded->game, loaded->params, fair));
      !s) {
    std::cerr << "bluegray: " << a.save << ": " << s.error().message << '\n';
    return 1;
  }
  std::cout << "imported " << file->at("actions").size() << " action(s) of the "
            << file->at("side").get<std::string>() << " side"
            << (a.token.empty() ? " (signature not checked: no --token of the sender)" : "")
            << '\n';
  return 0;
}

}  // namespace

void add_turn_file_command(CLI::App& app) {
  auto args = std::make_shared<TurnArgs>();
  auto* t = app.add_subcommand("turn-file", "export or import a turn file on a save file");
  t->require_subcommand(1);
  auto* ex = t->add_subcommand("export", "print your actions from --from on as a turn file");
  ex->add_option("save", args->save, "the save file")->required()->check(CLI::ExistingFile);
  ex->add_option("--game", args->game, "the game's id")->required();
  ex->add_option("--side", args->side, "your side")
      ->required()
      ->check(CLI::IsMember({"union", "confederate"}));
  ex->add_option("--token", args->token, "your seat token (the file's key)")->required();
  ex->add_option("--from", args->from, "the first action of the file (its number in the log)")
      ->required();
  auto* im = t->add_subcommand("import", "apply the other side's turn file to the save file");
  im->add_option("save", args->save, "the save file")->required()->check(CLI::ExistingFile);
  im->add_option("file", args->file, "the turn file")->required()->check(CLI::ExistingFile);
  im->add_option("--game", args->game, "the game's id")->required();
  im->add_option("--token", args->token,
                 "the sender's seat token, when you hold it: the signature is checked too");
  ex->callback([args] {
    if (const int rc = run_export(*args); rc != 0) throw CLI::RuntimeError(rc);
  });
  im->callback([args] {
    if (const int rc = run_import(*args); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace bg::cli
