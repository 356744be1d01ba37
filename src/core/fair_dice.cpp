#include "core/fair_dice.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <stdexcept>

namespace bg::core {

namespace {

void put_u64(std::string& out, uint64_t v) {
  for (int i = 7; i >= 0; --i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void put_bytes(std::string& out, const Digest& d) {
  out.append(reinterpret_cast<const char*>(d.data()), d.size());
}

Digest sha256_bytes(const std::string& bytes) {
  Digest out{};
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), out.data());
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Digest sha256(const Digest& bytes) {
  Digest out{};
  SHA256(bytes.data(), bytes.size(), out.data());
  return out;
}

Digest contributions_digest(std::string_view union_seed, std::string_view confederate_seed) {
  std::string msg(kFairDiceScheme);
  msg.push_back('\0');
  for (std::string_view c : {union_seed, confederate_seed}) {
    put_u64(msg, c.size());
    msg.append(c);
  }
  return sha256_bytes(msg);
}

DiceKey dice_key(const Digest& seed, std::string_view union_seed,
                 std::string_view confederate_seed) {
  return DiceKey{seed, contributions_digest(union_seed, confederate_seed)};
}

int fair_roll(const DiceKey& key, uint64_t k) {
  // Rejecting bytes >= 252 keeps the six faces equally likely; a block of 32
  // bytes all rejected has probability (4/256)^32, and then the next block
  // (j + 1) is drawn, so the result is always defined.
  for (uint64_t j = 0;; ++j) {
    std::string msg(kFairDiceScheme);
    put_bytes(msg, key.mix);
    put_u64(msg, k);
    put_u64(msg, j);
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (HMAC(EVP_sha256(), key.seed.data(), static_cast<int>(key.seed.size()),
             reinterpret_cast<const unsigned char*>(msg.data()), msg.size(), mac, &len) == nullptr)
      throw std::runtime_error("HMAC-SHA-256 failed (libcrypto)");
    for (unsigned int i = 0; i < len; ++i)
      if (mac[i] < 252) return mac[i] % 6 + 1;
  }
}

std::string to_hex(const Digest& d) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (uint8_t b : d) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0xF]);
  }
  return out;
}

std::optional<Digest> digest_from_hex(std::string_view hex) {
  if (hex.size() != 64) return std::nullopt;
  Digest d{};
  for (size_t i = 0; i < 32; ++i) {
    const int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    d[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return d;
}

bool valid_contribution(std::string_view s) {
  if (s.empty() || s.size() > kMaxContribution) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '-'))
      return false;
  return true;
}

}  // namespace bg::core
