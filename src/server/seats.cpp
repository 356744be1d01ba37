#include "server/seats.h"

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <random>
#include <stdexcept>

namespace bg::server {

std::string_view seat_name(Seat s) {
  switch (s) {
    case Seat::Union:
      return "union";
    case Seat::Confederate:
      return "confederate";
    case Seat::Spectator:
      return "spectator";
    case Seat::Hotseat:
      return "hotseat";
  }
  return "spectator";
}

std::optional<Seat> parse_seat(std::string_view name) {
  for (Seat s : {Seat::Union, Seat::Confederate, Seat::Spectator, Seat::Hotseat})
    if (seat_name(s) == name) return s;
  return std::nullopt;
}

std::optional<core::Side> seat_side(Seat s) {
  if (s == Seat::Union) return core::Side::Union;
  if (s == Seat::Confederate) return core::Side::Confederate;
  return std::nullopt;
}

Seat side_seat(core::Side s) {
  return s == core::Side::Union ? Seat::Union : Seat::Confederate;
}

namespace {

std::string random_hex(size_t bytes) {
  std::array<uint8_t, 32> buf{};
  size_t got = 0;
  while (got < bytes) {
    const ssize_t n = ::getrandom(buf.data() + got, bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      // No kernel randomness at all: fall back to random_device (also kernel
      // backed on Linux); never to a predictable generator.
      std::random_device rd;
      for (; got < bytes; ++got) buf[got] = static_cast<uint8_t>(rd());
      break;
    }
    got += static_cast<size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < bytes; ++i) {
    out += kHex[buf[i] >> 4];
    out += kHex[buf[i] & 15];
  }
  return out;
}

}  // namespace

std::string random_token() {
  return random_hex(16);
}

std::string random_game_id() {
  return random_hex(8);
}

bool tokens_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned diff = 0;
  for (size_t i = 0; i < a.size(); ++i)
    diff |= static_cast<unsigned>(static_cast<uint8_t>(a[i]) ^ static_cast<uint8_t>(b[i]));
  return diff == 0;
}

}  // namespace bg::server
