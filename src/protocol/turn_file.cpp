#include "protocol/turn_file.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <stdexcept>

#include "core/fair_dice.h"

namespace bg::protocol {

namespace {

core::Digest sha256_of(const std::string& bytes) {
  core::Digest d{};
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), d.data());
  return d;
}

std::string sep(const std::string& a) {
  return a + std::string(1, '\0');
}

}  // namespace

std::string turn_chain_start(const std::string& game_id, const Json& new_params) {
  return core::to_hex(sha256_of(sep(kTurnFileFormat) + sep(game_id) + dump_line(new_params)));
}

std::string turn_chain_next(const std::string& previous, const Json& entry) {
  return core::to_hex(sha256_of(previous + dump_line(entry)));
}

std::string turn_chain(const std::string& game_id, const Json& new_params,
                       const std::vector<Json>& entries, size_t n) {
  std::string c = turn_chain_start(game_id, new_params);
  for (size_t i = 0; i < n && i < entries.size(); ++i) c = turn_chain_next(c, entries[i]);
  return c;
}

std::string turn_file_mac(const std::string& seat_token, const Json& file) {
  const core::Digest key = sha256_of(sep("bluegray-turn-key-v1") + seat_token);
  auto field = [&](const char* name) {
    const Json& v = file.contains(name) ? file.at(name) : Json();
    return v.is_string() ? v.get<std::string>() : dump_line(v);
  };
  const std::string message = sep(kTurnFileFormat) + sep(field("game")) + sep(field("side")) +
                              sep(field("from")) + sep(field("to")) + sep(field("base")) +
                              field("head");
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
           reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac,
           &len) == nullptr ||
      len != 32)
    throw std::runtime_error("HMAC-SHA-256 failed (libcrypto)");
  core::Digest d{};
  std::copy(mac, mac + 32, d.begin());
  return core::to_hex(d);
}

Json make_turn_file(const std::string& game_id, const Json& new_params,
                    const std::vector<Json>& entries, size_t from, const std::string& side,
                    const std::string& token) {
  Json f = Json::object();
  f["format"] = kTurnFileFormat;
  f["game"] = game_id;
  f["side"] = side;
  f["from"] = from;
  f["to"] = entries.size();
  std::string c = turn_chain(game_id, new_params, entries, from);
  f["base"] = c;
  Json actions = Json::array();
  for (size_t i = from; i < entries.size(); ++i) {
    c = turn_chain_next(c, entries[i]);
    actions.push_back(entries[i]);
  }
  f["actions"] = std::move(actions);
  f["head"] = c;
  f["mac"] = turn_file_mac(token, f);
  return f;
}

}  // namespace bg::protocol
