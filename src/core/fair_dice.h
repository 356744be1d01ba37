// Commit-reveal dice for remote play (docs/server.md, "Fair dice"). The server
// draws a secret seed S and publishes its commitment H = SHA-256(S) before
// either player contributes; each seat then contributes a value of its own.
// Roll k is drawn from HMAC-SHA-256(S, "bluegray-dice-v1" || D || k || j),
// where D = SHA-256 of both contributions: the server cannot choose S after
// seeing the contributions (it committed to it), and no player can steer the
// HMAC without knowing S. Once S is revealed anyone can recompute every roll.
//
// SHA-256 and HMAC are OpenSSL's libcrypto (Debian's libssl-dev): cryptography
// is not something to write by hand.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bg::core {

using Digest = std::array<uint8_t, 32>;

// What the committed dice are drawn from: the server's seed and the digest of
// both seats' contributions. Secret until the seed is revealed.
struct DiceKey {
  Digest seed{};
  Digest mix{};
  friend bool operator==(const DiceKey&, const DiceKey&) = default;
};

inline constexpr std::string_view kFairDiceScheme = "bluegray-dice-v1";
inline constexpr size_t kMaxContribution = 64;

Digest sha256(const Digest& bytes);
// SHA-256 of the scheme name and both contributions, each length-prefixed so
// that no two pairs of contributions give the same bytes.
Digest contributions_digest(std::string_view union_seed, std::string_view confederate_seed);
DiceKey dice_key(const Digest& seed, std::string_view union_seed,
                 std::string_view confederate_seed);
// The k-th committed roll (k from 0), 1 to 6, unbiased: bytes of the HMAC
// blocks are taken in turn and those >= 252 (= 42 x 6) are rejected.
int fair_roll(const DiceKey& key, uint64_t k);

std::string to_hex(const Digest& d);
// 64 hex digits (either case), else nothing.
std::optional<Digest> digest_from_hex(std::string_view hex);
// A contribution is 1 to 64 characters from A-Z a-z 0-9 _ - (a browser sends
// random hex; a person may type a word).
bool valid_contribution(std::string_view s);

}  // namespace bg::core
