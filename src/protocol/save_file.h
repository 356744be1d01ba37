// Save files: the parameters of `new`, the log of every action with the dice
// it rolled, and a snapshot of the state. Loading rebuilds the game by
// replaying the log through the core and checks the dice and the snapshot.
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "core/result.h"
#include "protocol/fair_dice_save.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

inline constexpr const char* kSaveFormat = "bluegray-save";
inline constexpr int kSaveVersion = 1;

// {"format":"bluegray-save","version":1,"new":{..},"log":[..],"snapshot":{..}},
// with "fair_dice" (protocol/fair_dice_save.h) when the game's dice were committed.
Json save_json(const core::Game& g, const NewParams& params, const FairDiceRecord* fair = nullptr);

// Rebuilds a game from a save document: replays the log and verifies it.
struct Loaded {
  core::Game game;
  NewParams params;
  std::optional<FairDiceRecord> fair;  // a fair-dice game's record, written back on save
};
core::Result<Loaded> restore(const Json& save);

// Writes atomically: <path>.tmp.<pid> in the same directory, fsync, rename.
core::Status write_save(const std::string& path, const Json& save);
core::Status write_file_atomically(const std::string& path, const std::string& text);
// Reads, parses and restores a save file. Never throws.
core::Result<Loaded> read_save(const std::string& path);
// Reads and parses a save file without restoring it (bluegray verify).
core::Result<Json> read_save_json(const std::string& path);

}  // namespace bg::protocol
