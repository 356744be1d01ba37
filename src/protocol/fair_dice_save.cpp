#include "protocol/fair_dice_save.h"

#include "protocol/action_json.h"
#include "protocol/save_file.h"

namespace bg::protocol {

using core::Error;

namespace {

Json contribution_json(const std::string& c) {
  return c.empty() ? Json(nullptr) : Json(c);
}

core::Result<std::string> contribution_from(const Json& contributions, const char* side) {
  if (!contributions.contains(side) || contributions.at(side).is_null()) return std::string();
  const Json& c = contributions.at(side);
  if (!c.is_string() || !core::valid_contribution(c.get<std::string>()))
    return Error{"", std::string("fair_dice: the ") + side +
                         " contribution must be 1 to 64 characters from A-Z a-z 0-9 _ -"};
  return c.get<std::string>();
}

Verdict failed(std::string why) {
  return Verdict{false, std::move(why)};
}

// Every roll of the log against the roll the key gives, in order. Forced
// dice (a testing tool) are not drawn from the seed, so a log with any is not
// a fair game.
std::optional<std::string> check_rolls(const Json& log, const core::DiceKey& key, uint64_t& k) {
  size_t n = 0;
  for (const Json& entry : log) {
    ++n;
    const std::string kind = entry.is_object() ? entry.value("kind", "") : "";
    const std::string where = "log entry " + std::to_string(n) + " (" + kind + ")";
    if (kind == "dice")
      return where + ": forced dice (a testing tool); the rolls after it are not the seed's";
    auto rolls = rolls_from_json(entry);
    if (!rolls) return where + ": " + rolls.error().message;
    for (size_t i = 0; i < rolls->size(); ++i, ++k) {
      const int expected = core::fair_roll(key, k);
      if ((*rolls)[i] != expected)
        return where + ": the log says die " + std::to_string((*rolls)[i]) +
               ", but the seed and the contributions give " + std::to_string(expected) + " (roll " +
               std::to_string(k + 1) + " of the game)";
    }
  }
  return std::nullopt;
}

}  // namespace

Json fair_dice_json(const FairDiceRecord& r) {
  Json j = Json::object();
  j["scheme"] = std::string(core::kFairDiceScheme);
  j["commitment"] = r.commitment;
  Json c = Json::object();
  c["union"] = contribution_json(r.union_seed);
  c["confederate"] = contribution_json(r.confederate_seed);
  j["contributions"] = std::move(c);
  j["seed"] = r.seed ? Json(*r.seed) : Json(nullptr);
  return j;
}

core::Result<FairDiceRecord> fair_dice_from_json(const Json& j) {
  if (!j.is_object()) return Error{"", "fair_dice must be an object"};
  if (j.value("scheme", "") != core::kFairDiceScheme)
    return Error{"", "fair_dice: unknown scheme (this engine knows " +
                         std::string(core::kFairDiceScheme) + ")"};
  FairDiceRecord r;
  if (!j.contains("commitment") || !j.at("commitment").is_string() ||
      !core::digest_from_hex(j.at("commitment").get<std::string>()))
    return Error{"", "fair_dice: the commitment must be 64 hex digits"};
  r.commitment = j.at("commitment").get<std::string>();
  const Json none = Json::object();
  const Json& c = j.contains("contributions") ? j.at("contributions") : none;
  if (!c.is_object()) return Error{"", "fair_dice: contributions must be an object"};
  auto u = contribution_from(c, "union");
  if (!u) return u.error();
  auto cf = contribution_from(c, "confederate");
  if (!cf) return cf.error();
  r.union_seed = *u;
  r.confederate_seed = *cf;
  if (j.contains("seed") && !j.at("seed").is_null()) {
    const Json& s = j.at("seed");
    if (!s.is_string() || !core::digest_from_hex(s.get<std::string>()))
      return Error{"", "fair_dice: the seed must be 64 hex digits"};
    r.seed = s.get<std::string>();
  }
  return r;
}

core::Result<core::DiceKey> fair_dice_key(const FairDiceRecord& r) {
  if (!r.seed) return Error{"", "the seed is not revealed yet: the rolls cannot be recomputed"};
  const core::Digest seed = *core::digest_from_hex(*r.seed);
  const std::string hashed = core::to_hex(core::sha256(seed));
  if (hashed != core::to_hex(*core::digest_from_hex(r.commitment)))
    return Error{"", "the seed does not match the commitment: SHA-256(seed) is " + hashed +
                         ", the commitment is " + r.commitment};
  if (!r.contributed())
    return Error{"", "a seat's contribution is missing: the rolls cannot be recomputed"};
  return core::dice_key(seed, r.union_seed, r.confederate_seed);
}

Verdict verify_save(const Json& save) {
  if (!save.is_object() || save.value("format", "") != kSaveFormat)
    return failed("not a bluegray save file");
  if (!save.contains("fair_dice"))
    return failed(
        "no commitment: this game's dice were not committed (a save from before fair dice, "
        "or a game not started with them), so there is nothing to verify");
  auto record = fair_dice_from_json(save.at("fair_dice"));
  if (!record) return failed(record.error().message);
  auto key = fair_dice_key(*record);
  if (!key) return failed(key.error().message);
  if (!save.contains("log") || !save.at("log").is_array())
    return failed("save file has no \"log\" array");
  uint64_t rolls = 0;
  if (auto bad = check_rolls(save.at("log"), *key, rolls)) return failed(*bad);
  auto replayed = restore(save);
  if (!replayed) return failed("the game does not replay: " + replayed.error().message);
  return Verdict{true, "SHA-256(seed) matches the commitment " + record->commitment + "; all " +
                           std::to_string(rolls) +
                           " rolls follow from the seed and both contributions; the game "
                           "replays to its snapshot"};
}

Verdict verify_file(const std::string& path) {
  auto doc = read_save_json(path);
  if (!doc) return failed(doc.error().message);
  return verify_save(*doc);
}

}  // namespace bg::protocol
