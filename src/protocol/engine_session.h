// The session behind both front ends: owns the Game, parses each line and
// dispatches it to the core, and answers with one JSON object. `bluegray
// engine` prints the object as one line; `bluegray play` renders it as text.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/ai_player.h"
#include "core/game.h"
#include "protocol/command_parser.h"
#include "protocol/fair_dice_save.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

// The action `player` chooses for the side to act in g, not applied:
// {"side","command","action"} (and "explain", the player's lines for it, when
// asked). `ai move`, `ai hint` and the server's hint answer with it.
Json ai_suggestion(const core::Game& g, ai::AiPlayer& player, bool explain);

class EngineSession {
 public:
  // Handles one input line. Never throws; always returns an object with "ok".
  Json handle(std::string_view line);
  // The same, as exactly one line of JSON (no newline).
  std::string handle_line(std::string_view line);

  bool quit_requested() const { return quit_; }
  // The AI player `ai` plays when the command names none (`bluegray engine
  // --player NAME`); default ai-normal. False if no such AI player.
  bool set_default_player(const std::string& name);
  // The current game, if `new` or `load` has made one.
  const core::Game* game() const { return game_ ? &*game_ : nullptr; }
  const NewParams& params() const { return params_; }

 private:
  Json dispatch(const Command& c);
  // The handler of a command that needs a game (null: none).
  using Handler = Json (EngineSession::*)(const Command& c);
  static Handler handler_for(Verb verb);
  Json cmd_new(const Command& c);
  Json cmd_setup(const Command& c);
  Json cmd_dice(const Command& c);
  Json cmd_map(const Command& c);
  Json cmd_victory(const Command& c);
  Json cmd_charts(const Command& c);
  Json cmd_overlays(const Command& c);
  Json cmd_decide(const Command& c);
  Json cmd_state(const Command& c);
  Json cmd_reach(const Command& c);
  Json cmd_move(const Command& c);
  Json cmd_enter(const Command& c);
  Json cmd_attack(const Command& c);
  Json cmd_preview(const Command& c);
  Json attack(const Command& c, bool preview);
  Json cmd_decision(const Command& c);
  Json cmd_end(const Command& c);
  Json cmd_ai(const Command& c);
  Json cmd_ai_one(const Command& c, bool hint);
  // The configuration `ai` asks for (player, level, posture, nodes, seed).
  core::Result<ai::AiConfig> ai_config(const Command& c) const;
  Json cmd_save(const Command& c);
  Json cmd_load(const Command& c);

  core::Result<core::UnitIndex> unit(const std::string& id) const;
  core::Result<core::HexId> hex(core::HexCoord c) const;
  // Applies a decision (or any action) and shapes the common reply.
  Json apply_and_report(const core::Action& a);
  Json move_reply(core::UnitIndex u, const core::Report& r) const;

  std::optional<core::Game> game_;
  NewParams params_;
  std::optional<FairDiceRecord> fair_;  // a loaded fair-dice game's record
  bool quit_ = false;
  std::string default_player_ = "ai-normal";
  // `ai move`'s player, kept from one call to the next (it plans a Movement
  // Phase once and then gives its orders one by one), with what made it.
  std::unique_ptr<ai::AiPlayer> mover_;
  std::string mover_key_;
};

}  // namespace bg::protocol
