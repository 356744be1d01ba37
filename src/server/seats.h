// Seats and their secret tokens. Each seat of a game has its own random token;
// the token alone decides what a request may see and do: a side's seat acts
// only for that side, a spectator never acts, and the hot-seat token (one
// browser playing both sides) acts for whichever side must act.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/unit.h"

namespace bg::server {

enum class Seat { Union, Confederate, Spectator, Hotseat };

std::string_view seat_name(Seat s);
std::optional<Seat> parse_seat(std::string_view name);
// The side a seat plays, if it is a side's seat.
std::optional<core::Side> seat_side(Seat s);
Seat side_seat(core::Side s);
// A side as the API names it ("union", "confederate").
inline std::string side_str(core::Side s) {
  return std::string(core::side_name(s));
}

// 128 random bits from the kernel as 32 lowercase hex digits.
std::string random_token();
// A shorter random id for a game (64 bits, 16 hex digits).
std::string random_game_id();
// Compares in time independent of where the strings differ.
bool tokens_equal(std::string_view a, std::string_view b);

}  // namespace bg::server
