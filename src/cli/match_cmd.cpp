#include "cli/match_cmd.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/game_choice.h"
#include "cli/referee.h"
#include "protocol/command_parser.h"
#include "protocol/game_setup.h"
#include "protocol/save_file.h"
#include "study/tournament.h"
#include "titles/registry.h"

namespace bg::cli {

using namespace bg::core;
using Json = nlohmann::json;

namespace {

struct MatchArgs {
  std::string union_engine, confederate_engine;
  int games = 2;
  uint64_t seed = 1;
  GameChoice game;
  double timeout = 60;
  std::string out = "match";
  bool quiet = false;
};

std::string num(double v, const char* f) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

Json prop_json(const study::Proportion& p) {
  return Json{{"wins", p.k},
              {"games", p.n},
              {"rate", std::stod(num(p.p, "%.4f"))},
              {"ci95", {std::stod(num(p.lo, "%.4f")), std::stod(num(p.hi, "%.4f"))}}};
}

std::string pct(const study::Proportion& p) {
  return num(100 * p.p, "%.1f") + "% [" + num(100 * p.lo, "%.1f") + ", " + num(100 * p.hi, "%.1f") +
         "] of " + std::to_string(p.n);
}

// The figures of a match, from engine A's side.
struct Figures {
  study::Proportion a, b, draws, a_union, a_confederate;
  double a_score = 0;  // (wins + draws / 2) / games
  int forfeits[2] = {0, 0};
  int errors = 0;
};

Figures figures(const MatchResult& r) {
  Figures f;
  int n = 0, wa = 0, wb = 0, dr = 0, nu = 0, wu = 0, nc = 0, wc = 0;
  for (const MatchGame& g : r.games) {
    if (!g.result.error.empty()) {
      ++f.errors;
      continue;
    }
    if (g.forfeit) {
      const int loser = *g.forfeit == Side::Union ? g.union_engine : 1 - g.union_engine;
      ++f.forfeits[loser];
    }
    ++n;
    const auto w = g.winning_engine();
    if (!w) ++dr;
    if (w == 0) ++wa;
    if (w == 1) ++wb;
    if (g.union_engine == 0) {
      ++nu;
      wu += w == 0;
    } else {
      ++nc;
      wc += w == 0;
    }
  }
  f.a = study::wilson(wa, n);
  f.b = study::wilson(wb, n);
  f.draws = study::wilson(dr, n);
  f.a_union = study::wilson(wu, nu);
  f.a_confederate = study::wilson(wc, nc);
  f.a_score = n ? (wa + 0.5 * dr) / n : 0;
  return f;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string o = "\"";
  for (char c : s) o += c == '"' ? std::string("\"\"") : std::string(1, c);
  return o + "\"";
}

}  // namespace

std::string match_csv(const MatchResult& r) {
  std::ostringstream o;
  o << "game,seed,union_engine,confederate_engine,winner,winning_engine,union_vp,confederate_vp,"
       "turn,actions,forfeit,seconds,error\n";
  for (const MatchGame& g : r.games) {
    const study::GameResult& x = g.result;
    const auto w = g.winning_engine();
    o << x.index << ',' << x.seed << ',' << (g.union_engine ? "B" : "A") << ','
      << (g.union_engine ? "A" : "B") << ','
      << (x.winner ? std::string(side_name(*x.winner)) : std::string("draw")) << ','
      << (w ? (*w ? "B" : "A") : "") << ',' << x.vp[0] << ',' << x.vp[1] << ',' << x.turn << ','
      << x.actions << ',' << csv_field(g.reason) << ',' << num(x.seconds, "%.3f") << ','
      << csv_field(x.error) << '\n';
  }
  return o.str();
}

std::string match_json(const MatchResult& r) {
  const Figures f = figures(r);
  Json j;
  j["engines"] = {{"A", r.spec.engines[0]}, {"B", r.spec.engines[1]}};
  j["rules"] = r.spec.rules;
  j["seed"] = r.spec.seed;
  j["games_total"] = r.spec.games;
  j["summary"] = {{"A", prop_json(f.a)},
                  {"B", prop_json(f.b)},
                  {"draw", prop_json(f.draws)},
                  {"A_score", std::stod(num(f.a_score, "%.4f"))},
                  {"A_as_union", prop_json(f.a_union)},
                  {"A_as_confederate", prop_json(f.a_confederate)},
                  {"forfeits", {{"A", f.forfeits[0]}, {"B", f.forfeits[1]}}},
                  {"errors", f.errors}};
  Json games = Json::array();
  for (const MatchGame& g : r.games) {
    const study::GameResult& x = g.result;
    Json e = {{"game", x.index},
              {"seed", x.seed},
              {"union", g.union_engine ? "B" : "A"},
              {"winner", x.winner ? Json(std::string(side_name(*x.winner))) : Json("draw")},
              {"vp", {x.vp[0], x.vp[1]}},
              {"turn", x.turn},
              {"actions", x.actions}};
    if (g.forfeit) e["forfeit"] = {{"side", std::string(side_name(*g.forfeit))}, {"why", g.reason}};
    if (!x.error.empty()) e["error"] = x.error;
    Json lines = Json::array();
    for (const VpLine& l : x.lines)
      lines.push_back({{"side", std::string(side_name(l.side))},
                       {"rule", l.rule},
                       {"what", l.what},
                       {"points", l.points},
                       {"at_end", l.at_end}});
    e["lines"] = std::move(lines);
    games.push_back(std::move(e));
  }
  j["games"] = std::move(games);
  return j.dump() + "\n";
}

std::string match_summary(const MatchResult& r) {
  const Figures f = figures(r);
  std::string o;
  o += "A: " + r.spec.engines[0] + "\nB: " + r.spec.engines[1] + "\n";
  o += std::to_string(r.games.size()) + " games, paired seeds (" + r.spec.rules + ")\n";
  o += "  A wins          " + pct(f.a) + "\n";
  o += "  B wins          " + pct(f.b) + "\n";
  o += "  draws           " + pct(f.draws) + "\n";
  o += "  A's score       " + num(100 * f.a_score, "%.1f") + "% (a draw counts half)\n";
  o += "  A as Union      " + pct(f.a_union) + "\n";
  o += "  A as Confederate " + pct(f.a_confederate) + "\n";
  o += "  forfeits        A " + std::to_string(f.forfeits[0]) + ", B " +
       std::to_string(f.forfeits[1]) + "; voided games " + std::to_string(f.errors) + ", " +
       num(r.seconds, "%.1f") + " s\n";
  for (const MatchGame& g : r.games)
    if (g.forfeit) o += "  game " + std::to_string(g.result.index) + " forfeit: " + g.reason + "\n";
  return o;
}

namespace {

int run_match_cmd(const MatchArgs& a) {
  if (a.games % 2 != 0) {
    std::cerr << "bluegray: --games must be even (paired seeds: each seed once from each side)\n";
    return 2;
  }
  // The rules are checked once, before any engine starts.
  const std::optional<ChosenGame> game = choose_game(a.game);
  if (!game) return 2;
  MatchSpec spec;
  spec.engines = {a.union_engine, a.confederate_engine};
  spec.games = a.games;
  spec.seed = a.seed;
  spec.new_line = game->new_line;
  spec.rules = game->rules;
  spec.timeout_s = a.timeout;
  if (!a.quiet)
    spec.progress = [](int done, int total) {
      std::cerr << "\rgame " << done << "/" << total << std::flush;
      if (done == total) std::cerr << "\n";
    };
  const MatchResult r = run_match(spec);
  std::error_code ec;
  std::filesystem::create_directories(a.out, ec);
  if (ec) {
    std::cerr << "bluegray: cannot create " << a.out << ": " << ec.message() << "\n";
    return 1;
  }
  const std::pair<const char*, std::string> files[] = {{"results.csv", match_csv(r)},
                                                       {"results.json", match_json(r)}};
  for (const auto& [name, text] : files) {
    const std::string path = (std::filesystem::path(a.out) / name).string();
    if (auto st = protocol::write_file_atomically(path, text); !st.ok()) {
      std::cerr << "bluegray: " << st.error().message << "\n";
      return 1;
    }
  }
  std::cout << match_summary(r) << "  files in " << a.out << "/\n";
  return 0;
}

}  // namespace

void add_match_command(CLI::App& app) {
  auto args = std::make_shared<MatchArgs>();
  MatchArgs& a = *args;
  auto* m = app.add_subcommand(
      "match", "referee games between two engine programs over the protocol (docs/protocol.md)");
  m->add_option("--union", a.union_engine,
                "engine A's command (the Union in even games), e.g. \"bluegray engine --player "
                "ref-2026\"")
      ->required();
  m->add_option("--confederate", a.confederate_engine,
                "engine B's command (the Confederate in even games)")
      ->required();
  m->add_option("--games", a.games, "number of games, even: each seed once from each side")
      ->check(CLI::Range(2, 1000000));
  m->add_option("--seed", a.seed, "match seed (each pair's seed derives from it)");
  add_game_choice_options(*m, a.game);
  m->add_option("--timeout", a.timeout, "seconds an engine may take per answer (default 60)")
      ->check(CLI::Range(0.01, 86400.0));
  m->add_option("--out", a.out, "folder for results.csv and results.json");
  m->add_flag("--quiet", a.quiet, "no progress");
  m->callback([args] {
    if (const int rc = run_match_cmd(*args); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace bg::cli
