// Turn files (docs/server.md, "Turn files"): a player's actions since a point
// of the game, as a file the other player imports, so that a game can be
// played by exchanging files (over mail, say) as well as on a server.
//
// A file is bound to its game and to the exact history it continues by a
// hash chain over the game's log, and to the side that made it by an HMAC
// keyed with that side's seat token (which only that player and the server
// hold):
//
//   c_0     = SHA-256("bluegray-turn-v1" 0x00 game-id 0x00 new-params)
//   c_(i+1) = SHA-256(c_i || entry_i)        (entries as stored, one line of JSON)
//   mac     = HMAC-SHA-256(SHA-256("bluegray-turn-key-v1" 0x00 token),
//                          "bluegray-turn-v1" 0x00 game 0x00 side 0x00 from 0x00 to 0x00 base 0x00
//                          head)
//
// with base = c_from and head = c_to. Whoever holds the game can recompute
// the chain; only the side's seat (or the server) can make the MAC.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

#include "protocol/json_view.h"

namespace bg::protocol {

inline constexpr const char* kTurnFileFormat = "bluegray-turn-v1";

// The chain's start for a game, and one step of it (hex digests).
std::string turn_chain_start(const std::string& game_id, const Json& new_params);
std::string turn_chain_next(const std::string& previous, const Json& entry);
// c_n over the first n entries.
std::string turn_chain(const std::string& game_id, const Json& new_params,
                       const std::vector<Json>& entries, size_t n);

// The MAC of a file's binding fields (game, side, from, to, base, head),
// keyed with the side's seat token.
std::string turn_file_mac(const std::string& seat_token, const Json& file);

// The turn file of entries [from, entries.size()) of a game, made by `side`
// ("union" or "confederate") whose seat token is `token`.
Json make_turn_file(const std::string& game_id, const Json& new_params,
                    const std::vector<Json>& entries, size_t from, const std::string& side,
                    const std::string& token);

// Why a turn file is refused (the server answers each with its own status).
enum class TurnRefusal {
  Malformed,     // not a turn file, a field missing or of the wrong type
  WrongGame,     // made for another game
  BadSignature,  // the MAC is not the side's
  Replayed,      // continues from an earlier point: imported before, or the game went on
  Missing,       // continues from a later point: an earlier file is missing
  Fork,          // its base is not this game's history
  Edited,        // an action changed since the file was made (the chain misses its head)
  Illegal,       // an action the engine refuses, of the other side, or set-up
  Dice,          // the engine rolls or records an action otherwise than the file says
};
struct TurnProblem {
  TurnRefusal kind;
  core::Error error;
  std::optional<size_t> action;  // the action's number in the game's log, if one is at fault
};

// Checks everything but the actions' legality of file `f` against a game
// (id, `new` parameters, its log so far): form, game, signature (only when
// `sender_token` is given: offline the receiver does not hold the sender's
// token), continuity (from = the log's length, base = its chain) and the
// chain from base to head. On success `side` is the file's side.
std::optional<TurnProblem> check_turn_file(const Json& f, const std::string& game_id,
                                           const Json& new_params, const std::vector<Json>& entries,
                                           const std::string* sender_token, core::Side& side);

// Applies a checked file's actions to `g` (offline: `bluegray turn-file
// import`): each must be the file's side's, legal, and recorded by the engine
// exactly as in the file (its dice). On a problem `g` is partly changed:
// the caller drops it.
std::optional<TurnProblem> apply_turn_actions(core::Game& g, const Json& actions, core::Side side);

}  // namespace bg::protocol
