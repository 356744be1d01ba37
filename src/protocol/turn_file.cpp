#include "protocol/turn_file.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <stdexcept>

#include "core/fair_dice.h"
#include "protocol/action_json.h"

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

namespace {

// A turn file holds one player's turn: a few dozen actions.
constexpr size_t kMaxTurnFileActions = 2000;

std::string side_word(core::Side s) {
  return s == core::Side::Union ? "Union" : "Confederate";
}

TurnProblem problem(TurnRefusal kind, std::string message) {
  return TurnProblem{kind, core::Error{"", std::move(message)}, std::nullopt};
}

bool setup_kind(core::ActionKind k) {
  return k == core::ActionKind::SetTerrain || k == core::ActionKind::AddHexside ||
         k == core::ActionKind::PlaceUnit || k == core::ActionKind::MarkExit;
}

}  // namespace

std::optional<TurnProblem> check_turn_file(const Json& f, const std::string& game_id,
                                           const Json& new_params, const std::vector<Json>& entries,
                                           const std::string* sender_token, core::Side& side) {
  using R = TurnRefusal;
  if (!f.is_object() || f.value("format", "") != kTurnFileFormat)
    return problem(R::Malformed,
                   std::string("not a turn file (\"format\":\"") + kTurnFileFormat + "\")");
  for (const char* key : {"game", "side", "base", "head", "mac"})
    if (!f.contains(key) || !f.at(key).is_string())
      return problem(R::Malformed, std::string("a turn file needs \"") + key + "\"");
  if (!f.contains("from") || !f.at("from").is_number_unsigned() || !f.contains("to") ||
      !f.at("to").is_number_unsigned() || !f.contains("actions") || !f.at("actions").is_array())
    return problem(R::Malformed, "a turn file needs \"from\", \"to\" and \"actions\"");
  const Json& actions = f.at("actions");
  if (actions.empty() || actions.size() > kMaxTurnFileActions)
    return problem(R::Malformed,
                   "a turn file carries 1 to " + std::to_string(kMaxTurnFileActions) + " actions");
  const std::string game = f.at("game").get<std::string>();
  if (game != game_id)
    return problem(R::WrongGame, "this turn file is for game " + game + ", not " + game_id);
  const auto s = core::parse_side(f.at("side").get<std::string>());
  if (!s) return problem(R::Malformed, "a turn file's \"side\" is union or confederate");
  side = *s;
  // Made by that side's seat: only it (and the server) holds the key.
  if (sender_token && turn_file_mac(*sender_token, f) != f.at("mac").get<std::string>())
    return problem(R::BadSignature,
                   "the turn file's signature does not match: it was not made "
                   "by the " +
                       side_word(side) + " seat of this game, or it was changed since");
  const uint64_t from = f.at("from").get<uint64_t>(), to = f.at("to").get<uint64_t>();
  if (to != from + actions.size())
    return problem(R::Malformed, "the turn file's \"to\" is not \"from\" plus its actions");
  const uint64_t now = entries.size();
  if (from < now)
    return problem(R::Replayed, "the turn file continues the game from action " +
                                    std::to_string(from) + ", but it has " + std::to_string(now) +
                                    " already: it was imported before, or the game went on "
                                    "without it");
  if (from > now)
    return problem(R::Missing, "the turn file continues the game from action " +
                                   std::to_string(from) + ", but it has only " +
                                   std::to_string(now) +
                                   ": a file before it is missing (import them in order)");
  if (turn_chain(game_id, new_params, entries, entries.size()) != f.at("base"))
    return problem(R::Fork,
                   "the turn file does not continue this game's history (its hash chain differs)");
  std::string c = f.at("base").get<std::string>();
  for (const Json& e : actions) c = turn_chain_next(c, e);
  if (c != f.at("head"))
    return problem(R::Edited,
                   "an action of the turn file was changed after the file was made "
                   "(its hash chain does not end at the file's head)");
  return std::nullopt;
}

std::optional<TurnProblem> apply_turn_actions(core::Game& g, const Json& actions, core::Side side) {
  const size_t first = g.log().size();
  for (size_t k = 0; k < actions.size(); ++k) {
    auto fail = [&](TurnRefusal kind, core::Error e) {
      return TurnProblem{kind, std::move(e), first + k};
    };
    const Json& aj = actions[k];
    if (!aj.is_object() || aj.value("kind", "") == "dice")
      return fail(TurnRefusal::Illegal, core::Error{"", "not an action a turn file may carry"});
    auto a = action_from_json(g, aj);
    if (!a) return fail(TurnRefusal::Illegal, a.error());
    if (setup_kind(a->kind))
      return fail(TurnRefusal::Illegal,
                  core::Error{"3.0", "3.0: set-up actions are made only when the game is created"});
    if (g.actor_of(*a) != side)
      return fail(TurnRefusal::Illegal, core::Error{"4.0", "4.0: it is not the " + side_word(side) +
                                                               " player's action to make"});
    if (auto r = g.apply(*a); !r) return fail(TurnRefusal::Illegal, r.error());
    const Json made = log_entry_json(g, g.log().back());
    if (dump_line(made) != dump_line(aj))
      return fail(TurnRefusal::Dice, core::Error{"",
                                                 "the engine rolls or records it otherwise "
                                                 "than the file says (" +
                                                     dump_line(made) + ")"});
  }
  return std::nullopt;
}

}  // namespace bg::protocol
