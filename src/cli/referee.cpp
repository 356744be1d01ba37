#include "cli/referee.h"

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/engine_process.h"
#include "protocol/action_json.h"
#include "protocol/command_parser.h"
#include "protocol/engine_session.h"
#include "study/tournament_report.h"

namespace bg::cli {

using namespace bg::core;
using Json = nlohmann::json;

std::optional<int> MatchGame::winning_engine() const {
  if (!result.winner || !result.error.empty()) return std::nullopt;
  const int union_won = *result.winner == Side::Union ? 1 : 0;
  return union_won ? union_engine : 1 - union_engine;
}

namespace {

// The verbs an engine may answer `ai move` with: the actions of play.
bool play_verb(protocol::Verb v) {
  using protocol::Verb;
  switch (v) {
    case Verb::Move:
    case Verb::Enter:
    case Verb::Attack:
    case Verb::Retreat:
    case Verb::Advance:
    case Verb::Lose:
    case Verb::Evade:
    case Verb::End:
    case Verb::Decide:
      return true;
    default:
      return false;
  }
}

// Whether every unit the action names is `side`'s (the core checks whose turn
// or decision it is, not who sent it: an engine must not move the enemy's
// units in the enemy's name, for instance make the enemy's secret choice).
bool own_units(const Game& g, const Action& a, Side side) {
  auto mine = [&](UnitIndex u) { return u == kNoUnit || g.context().def(u).side == side; };
  if (!mine(a.unit) || !mine(a.displace)) return false;
  for (UnitIndex u : a.units)
    if (!mine(u)) return false;
  return true;
}

std::string short_text(const std::string& s) {
  return s.size() > 200 ? s.substr(0, 200) + "..." : s;
}

// One game: the referee's session, the two engines, and who has lost by forfeit.
class Referee {
 public:
  Referee(const MatchSpec& spec, MatchGame& out) : spec_(spec), out_(out) {}
  void play();

 private:
  // The engine playing `side` (0: A, 1: B).
  int engine_of(Side side) const {
    return side == Side::Union ? out_.union_engine : 1 - out_.union_engine;
  }
  Side side_of(int engine) const {
    return engine == out_.union_engine ? Side::Union : Side::Confederate;
  }
  void forfeit(int engine, const std::string& why) {
    out_.forfeit = side_of(engine);
    out_.reason =
        (engine == 0 ? "A (" : "B (") + std::string(side_name(side_of(engine))) + "): " + why;
  }
  // Sends a line; true if the engine answered {"ok":true,...}.
  bool tell(int engine, const std::string& line, Json* reply = nullptr);
  bool start_engines(const std::string& new_engine);
  bool one_action();

  const MatchSpec& spec_;
  MatchGame& out_;
  protocol::EngineSession game_;
  std::array<std::unique_ptr<EngineProcess>, 2> engines_;
};

bool Referee::tell(int engine, const std::string& line, Json* reply) {
  std::string text, error;
  if (!engines_[static_cast<size_t>(engine)]->ask(line, spec_.timeout_s, text, error)) {
    forfeit(engine, "'" + line + "': " + error);
    return false;
  }
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    forfeit(engine, "'" + line + "' answered with something not JSON: " + short_text(text));
    return false;
  }
  if (!j.value("ok", false)) {
    forfeit(engine, "'" + line + "' was refused: " + j.value("error", std::string("?")));
    return false;
  }
  if (reply) *reply = std::move(j);
  return true;
}

bool Referee::start_engines(const std::string& new_engine) {
  for (int e = 0; e < 2; ++e) {
    engines_[static_cast<size_t>(e)] = std::make_unique<EngineProcess>();
    std::string error;
    if (!engines_[static_cast<size_t>(e)]->start(spec_.engines[static_cast<size_t>(e)], error)) {
      forfeit(e, "cannot start: " + error);
      return false;
    }
  }
  for (int e = 0; e < 2; ++e)
    if (!tell(e, new_engine)) return false;
  return true;
}

// Asks the side to act for its action, applies it and feeds it to both
// engines. False when the game ended by forfeit.
bool Referee::one_action() {
  const Game& g = *game_.game();
  const Side side = *g.to_act();
  const int e = engine_of(side);
  // The players' seeds are the tournament's (tournament.cpp), so two
  // `bluegray engine`s play exactly the games `bluegray tournament` plays.
  const uint64_t player_seed = out_.result.seed * 2 + (side == Side::Union ? 1 : 2);
  Json reply;
  if (!tell(e, "ai move seed=" + std::to_string(player_seed), &reply)) return false;
  if (!reply.contains("command") || !reply["command"].is_string()) {
    forfeit(e, "the answer to 'ai move' has no \"command\": " + short_text(reply.dump()));
    return false;
  }
  const std::string command = reply["command"].get<std::string>();
  auto parsed = protocol::parse_command(command);
  if (!parsed || !play_verb(parsed->verb)) {
    forfeit(e, "'" + short_text(command) + "' is not an action of play");
    return false;
  }
  const size_t before = g.log().size();
  const Json applied = game_.handle(command);
  if (!applied.value("ok", false)) {
    forfeit(e, "illegal action '" + command + "': " + applied.value("error", std::string("?")));
    return false;
  }
  for (size_t i = before; i < g.log().size(); ++i) {
    const LogEntry& entry = g.log()[i];
    if (!own_units(g, entry.action, side)) {
      forfeit(e, "'" + command + "' names a unit of the other side");
      return false;
    }
    const std::string text = protocol::command_text(g, entry.action);
    std::string dice;
    for (uint8_t r : entry.rolls) dice += " " + std::to_string(static_cast<int>(r));
    for (int k = 0; k < 2; ++k) {
      if (!dice.empty() && !tell(k, "dice" + dice)) return false;
      if (!tell(k, text)) return false;
    }
    ++out_.result.actions;
  }
  return true;
}

void Referee::play() {
  study::GameResult& res = out_.result;
  const std::string new_game = spec_.new_line + " seed=" + std::to_string(res.seed);
  const Json made = game_.handle(new_game);
  if (!made.value("ok", false)) {
    res.error = "the referee cannot start the game: " + made.value("error", std::string("?"));
    return;
  }
  // The engines' own dice are never used (every roll is fed to them), and are
  // seeded apart from the referee's so that no engine knows a die in advance.
  const uint64_t engine_seed = (res.seed ^ 0x2545F4914F6CDD1Dull) & 0x1FFFFFFFFFFFFFull;
  if (start_engines(spec_.new_line + " seed=" + std::to_string(engine_seed ? engine_seed : 1))) {
    while (!game_.game()->over() && game_.game()->to_act()) {
      if (res.actions >= 20000) {
        res.error = "stuck: 20000 actions";
        break;
      }
      if (!one_action()) break;
    }
  }
  for (auto& e : engines_)
    if (e) e->stop();
  const Game& g = *game_.game();
  const VictoryReport v = g.victory();
  res.vp = v.total;
  res.winner = v.winner;
  res.lines = v.lines;
  res.turn = g.state().turn;
  if (out_.forfeit) res.winner = other(*out_.forfeit);
}

}  // namespace

MatchGame referee_game(const MatchSpec& spec, int index) {
  MatchGame m;
  m.result.index = index;
  m.result.seed = study::game_seed(spec.seed, index / 2);
  m.union_engine = index % 2;
  const auto start = std::chrono::steady_clock::now();
  Referee(spec, m).play();
  m.result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return m;
}

MatchResult run_match(const MatchSpec& spec) {
  MatchResult r;
  r.spec = spec;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < spec.games; ++i) {
    r.games.push_back(referee_game(spec, i));
    if (spec.progress) spec.progress(i + 1, spec.games);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace bg::cli
