// How the lock positions in tests/locks/positions/ were made. NOT part
// of the normal run: the committed save files ARE the lock, and regenerating
// them after a change to the rules would hide exactly what they are there to
// catch. To remake them on purpose (a new position, or a deliberate change of
// play that makes an old save unloadable):
//
//   BLUEGRAY_WRITE_POSITIONS=1 build/dev/bluegray_protocol_tests
//       --gtest_also_run_disabled_tests --gtest_filter='LockGen.*'
//
// then review the diff and rewrite tests/locks/rtr_counts.txt
// (BLUEGRAY_WRITE_LOCKS=1, see locks_test.cpp).
//
// Each Road to Richmond position is the first one of a seeded random-legal game
// (ai::RandomPlayer) where a condition holds; the condition says what the
// position is there to cover. The sandbox position is a short scripted session.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "ai/random_player.h"
#include "protocol/command_parser.h"
#include "protocol/engine_session.h"
#include "protocol/save_file.h"

namespace bg::test {
namespace {

using namespace bg::core;
namespace fs = std::filesystem;

fs::path positions_dir() {
  return fs::path(BLUEGRAY_SOURCE_DIR) / "tests" / "locks" / "positions";
}

using Condition = std::function<bool(const Game&)>;

struct Spec {
  std::string name;         // the file name, without .json
  std::string new_command;  // the engine's `new` line
  uint64_t player_seed = 1;
  Condition stop;                    // the first position where this holds is saved
  ai::PlayerOptions player{};        // how eagerly the random player moves and attacks
  std::vector<std::string> defer{};  // 22.3 written choices, "Unit:15" or "Unit:18"
};

// --- conditions -------------------------------------------------------------

bool at(const Game& g, int turn, Side s, Phase p) {
  const GameState& st = g.state();
  return st.turn == turn && st.phasing == s && st.phase == p && st.pending.empty();
}

bool pending(const Game& g, PendingKind k) {
  for (const Pending& p : g.state().pending)
    if (p.kind == k) return true;
  return false;
}

// Reinforcements of the phasing side that may enter now.
int may_enter(const Game& g) {
  int n = 0;
  for (int u = 0; u < g.position().count; ++u)
    if (g.position().units[u].status == UnitStatus::OffMap)
      n += !g.entry_options(static_cast<UnitIndex>(u)).empty();
  return n;
}

// --- playing ----------------------------------------------------------------

Action defer_action(const Game& g, const std::string& choice) {
  const size_t colon = choice.find(':');
  Action a;
  a.kind = ActionKind::Scenario;
  a.unit = g.find_unit(choice.substr(0, colon)).value_or(kNoUnit);
  a.value = static_cast<int16_t>(std::stoi(choice.substr(colon + 1)));
  return a;
}

// Plays until the condition holds (checked before each action); false if the
// game ended or ran past the limit first.
bool play_until(Game& g, const Spec& spec) {
  ai::RandomPlayer player(spec.player);
  ai::Rng rng(spec.player_seed);
  int refused = 0;
  while (g.log().size() < 3000) {
    if (spec.stop(g)) return true;
    if (g.over()) return false;
    const Action a = refused >= 8 ? Action{} : player.choose(g, rng);  // Action{}: End
    refused = g.apply(a).ok() ? 0 : refused + 1;
    if (refused > 16) return false;
  }
  return false;
}

// A fresh game of the spec with its written choices made.
Game start(const Spec& spec, const protocol::NewParams& params) {
  auto made = protocol::make_game(params);
  EXPECT_TRUE(made.ok()) << made.error().message;
  Game g = std::move(*made);
  for (const std::string& d : spec.defer) EXPECT_TRUE(g.apply(defer_action(g, d)).ok()) << d;
  return g;
}

// Tries the spec's player seed and the next ones until a game reaches the
// condition (the search is deterministic, so the same files come out).
void write_position(Spec spec) {
  SCOPED_TRACE(spec.name);
  const auto cmd = protocol::parse_command(spec.new_command);
  ASSERT_TRUE(cmd.ok()) << cmd.error().message;
  for (int attempt = 0; attempt < 50; ++attempt, ++spec.player_seed) {
    Game g = start(spec, cmd->params);
    if (!play_until(g, spec)) continue;
    const fs::path file = positions_dir() / (spec.name + ".json");
    ASSERT_TRUE(protocol::write_save(file.string(), protocol::save_json(g, cmd->params)).ok());
    const GameState& st = g.state();
    std::printf("%-42s player seed %3llu: %4zu actions, turn %d %s %s, pending %zu\n",
                spec.name.c_str(), static_cast<unsigned long long>(spec.player_seed),
                g.log().size(), st.turn, std::string(side_name(st.phasing)).c_str(),
                std::string(phase_name(st.phase)).c_str(), st.pending.size());
    return;
  }
  ADD_FAILURE() << "no game reached the condition";
}

int moved(const Game& g) {
  int n = 0;
  for (int u = 0; u < g.position().count; ++u) n += g.position().units[u].has(kMoved);
  return n;
}

bool any_ineffective(const Game& g) {
  for (int u = 0; u < g.position().count; ++u)
    if (g.position().units[u].on_map() && g.position().units[u].has(kIneffective)) return true;
  return false;
}

bool retreat_with_displacement(const Game& g) {
  for (const Pending& p : g.state().pending)
    if (p.kind == PendingKind::Retreat)
      for (const RetreatOption& o : g.retreat_options(p.unit))
        if (!o.displace.empty()) return true;
  return false;
}

ai::PlayerOptions slow() {
  ai::PlayerOptions o;
  o.move = 0.6;
  return o;
}

// Turn One: the Confederates have nothing on the map, and the random player
// ends its phase whenever it does not pick a reinforcement to enter.
ai::PlayerOptions eager() {
  ai::PlayerOptions o;
  o.move = 0.97;
  o.enter = 1.0;
  return o;
}

constexpr Side U = Side::Union;
constexpr Side C = Side::Confederate;
constexpr Phase kMove = Phase::Movement;

// What each position covers is in its name and in tests/locks/README.md.
std::vector<Spec> specs() {
  const std::string r1977 = "new road-to-richmond exclusive=1977 seed=";
  const std::string revised = "new road-to-richmond exclusive=revised seed=";
  const std::string dg =
      "new road-to-richmond exclusive=revised edition=dg2016 "
      "options=strategic-movement,cavalry-retreat seed=";
  const std::string tournament =
      "new road-to-richmond exclusive=1977 options=tournament,attack-effectiveness seed=";
  std::vector<Spec> s;
  s.push_back({"rtr1977_t1_confederate_entering", r1977 + "11", 1,
               [](const Game& g) { return at(g, 1, C, kMove) && moved(g) >= 5; }, eager()});
  s.push_back({"rtr_revised_t1_confederate_entering", revised + "12", 2,
               [](const Game& g) { return at(g, 1, C, kMove) && moved(g) >= 6; }, eager()});
  s.push_back({"rtr1977_t2_union_reinforcements", r1977 + "13", 3, [](const Game& g) {
                 return at(g, 2, U, kMove) && moved(g) >= 3 && may_enter(g) >= 2;
               }});
  s.push_back({"rtr1977_t5_night_union", r1977 + "14", 4, [](const Game& g) {
                 return at(g, 5, U, kMove) && moved(g) >= 2 && may_enter(g) >= 1;
               }});
  s.push_back({"rtr1977_combat_obligations", r1977 + "15", 5, [](const Game& g) {
                 return g.state().phase == Phase::Combat && g.state().pending.empty() &&
                        g.obligations().attackers.size() >= 2;
               }});
  s.push_back({"rtr1977_pending_retreat", r1977 + "16", 6,
               [](const Game& g) { return pending(g, PendingKind::Retreat); }});
  s.push_back({"rtr1977_pending_advance", r1977 + "17", 7,
               [](const Game& g) { return pending(g, PendingKind::Advance); }});
  s.push_back({"rtr1977_pending_exchange", r1977 + "18", 8,
               [](const Game& g) { return pending(g, PendingKind::Lose); }});
  s.push_back({"rtr_revised_retreat_displacing", revised + "19", 9, retreat_with_displacement});
  s.push_back({"rtr_dg2016_t3_union_strategic", dg + "20", 10, [](const Game& g) {
                 return at(g, 3, U, kMove) && moved(g) >= 2 && may_enter(g) >= 1;
               }});
  s.push_back({"rtr_dg2016_pending_evade", dg + "21", 11,
               [](const Game& g) { return pending(g, PendingKind::Evade); }});
  s.push_back({"rtr1977_tournament_t10_ineffective", tournament + "22", 12, [](const Game& g) {
                 return g.state().turn >= 10 && at(g, g.state().turn, U, kMove) &&
                        any_ineffective(g);
               }});
  s.push_back({"rtr1977_tournament_defer_t18_confederate",
               tournament + "23",
               13,
               [](const Game& g) { return at(g, 18, C, kMove) && moved(g) >= 1; },
               slow(),
               {"Pickett:15", "Wilcox:18", "Pryor:18"}});
  s.push_back({"rtr_revised_over", revised + "24", 14, [](const Game& g) { return g.over(); }});
  return s;
}

// A sandbox game saved after a few moves and an attack (its retreat and
// advance answered): the oldest save format the sandbox writes, kept loading.
void write_sandbox() {
  protocol::EngineSession s;
  for (const char* line : {"new sandbox cols=10 rows=10 seed=7",
                           "terrain 0407 forest",
                           "terrain 0506 rough",
                           "hexside 0303 0304 road",
                           "hexside 0606 0607 stream",
                           "unit A union inf 13 0403",
                           "unit C union inf 5 0303",
                           "unit G union art 4 0304",
                           "unit B confederate inf 4 0406",
                           "unit D confederate cav 3 0608",
                           "reinforce R union inf 3 2 0101",
                           "exit-hex 0505",
                           "move A 0405",
                           "move C 0306",
                           "end",
                           "dice 4",
                           "attack A,C,G 0406",
                           "retreat B 0407",
                           "advance A 0406",
                           "end",
                           "move D 0607"}) {
    const protocol::Json r = s.handle(line);
    ASSERT_TRUE(r.value("ok", false)) << line << " -> " << r.dump();
  }
  const fs::path file = positions_dir() / "sandbox_attack.json";
  ASSERT_TRUE(protocol::write_save(file.string(), protocol::save_json(*s.game(), s.params())).ok());
}

TEST(LockGen, DISABLED_WritePositions) {
  if (!std::getenv("BLUEGRAY_WRITE_POSITIONS")) GTEST_SKIP() << "set BLUEGRAY_WRITE_POSITIONS=1";
  fs::create_directories(positions_dir());
  for (const Spec& spec : specs()) write_position(spec);
  write_sandbox();
}

}  // namespace
}  // namespace bg::test
