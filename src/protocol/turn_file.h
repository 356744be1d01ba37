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
#include <string>
#include <vector>

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

}  // namespace bg::protocol
