// The fair dice of a save file (docs/protocol.md, "fair_dice") and
// `bluegray verify`: the commitment, both seats' contributions and, once
// revealed, the server's seed; from them every roll of the log is recomputed.
#pragma once

#include <optional>
#include <string>

#include "core/fair_dice.h"
#include "core/result.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

struct FairDiceRecord {
  std::string commitment;           // SHA-256(seed), 64 hex digits
  std::string union_seed;           // the Union seat's contribution ("" until made)
  std::string confederate_seed;     // the Confederate seat's
  std::optional<std::string> seed;  // the server's seed, 64 hex digits, once revealed
  bool contributed() const { return !union_seed.empty() && !confederate_seed.empty(); }
};

// {"scheme":"bluegray-dice-v1","commitment":..,"contributions":{"union":..,
//  "confederate":..},"seed":..|null}; a missing contribution is null.
Json fair_dice_json(const FairDiceRecord& r);
core::Result<FairDiceRecord> fair_dice_from_json(const Json& j);
// The key the rolls were drawn with: needs the revealed seed matching the
// commitment and both contributions; else why not.
core::Result<core::DiceKey> fair_dice_key(const FairDiceRecord& r);

struct Verdict {
  bool ok = false;
  std::string message;
};
// Checks a save document: the seed against the commitment, every roll of the
// log against the rolls the seed and contributions give, then the replay.
Verdict verify_save(const Json& save);
// Reads the file first (a missing or unreadable file is a failed verdict).
Verdict verify_file(const std::string& path);

}  // namespace bg::protocol
