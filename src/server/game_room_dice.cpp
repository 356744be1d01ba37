// Fair dice by commit-reveal (docs/server.md, "Fair dice"): a two-seat game
// created with "fair_dice":true gets a secret seed whose SHA-256 is published
// at once; play waits for both seats' contributions; the seed is shown when
// the game is over or both seats ask for it (which closes the game: known
// dice would let either side foresee every later roll).
#include "core/fair_dice.h"
#include "protocol/json_view.h"
#include "protocol/save_file.h"
#include "server/game_room.h"

namespace bg::server {

namespace {

// 256 random bits from the kernel (random_token: 128 bits each).
std::string random_seed_hex() {
  return random_token() + random_token();
}

}  // namespace

Reply GameRoom::make_fair_dice(const Json& body, Mode mode, std::optional<StoredFairDice>& out) {
  out.reset();
  if (!body.contains("fair_dice")) return ok(Json::object());
  const Json& f = body.at("fair_dice");
  if (!f.is_boolean()) return refuse(400, "\"fair_dice\" must be true or false");
  if (!f.get<bool>()) return ok(Json::object());
  // Against the computer or at one screen there is nobody to distrust.
  if (mode != Mode::TwoSeat) return refuse(400, "fair dice are for two-seat games");
  StoredFairDice d;
  d.seed = random_seed_hex();
  d.commitment = core::to_hex(core::sha256(*core::digest_from_hex(d.seed)));
  out = std::move(d);
  return ok(Json::object());
}

std::optional<core::DiceKey> GameRoom::dice_key() const {
  if (!fair_ || fair_->union_seed.empty() || fair_->confederate_seed.empty()) return std::nullopt;
  return core::dice_key(*core::digest_from_hex(fair_->seed), fair_->union_seed,
                        fair_->confederate_seed);
}

bool GameRoom::seed_revealed() const {
  return fair_ && (fair_->revealed || game_->over());
}

Reply GameRoom::fair_dice_gate() const {
  if (!fair_) return ok(Json::object());
  if (fair_->revealed)
    return refuse(409,
                  "the dice seed has been revealed at both seats' request; the game is closed");
  if (!dice_key())
    return refuse(409,
                  "fair dice: both seats must contribute (POST /contribute) before play begins");
  return ok(Json::object());
}

protocol::FairDiceRecord GameRoom::fair_record() const {
  protocol::FairDiceRecord r;
  r.commitment = fair_->commitment;
  r.union_seed = fair_->union_seed;
  r.confederate_seed = fair_->confederate_seed;
  if (seed_revealed()) r.seed = fair_->seed;
  return r;
}

Json GameRoom::fair_dice_view() const {
  Json j = protocol::fair_dice_json(fair_record());
  Json asked = Json::object();
  asked["union"] = fair_->reveal_union;
  asked["confederate"] = fair_->reveal_confederate;
  j["reveal_requested"] = std::move(asked);
  j["revealed"] = seed_revealed();
  return j;
}

Reply GameRoom::changed(Json reply) {
  env_.hub->publish(id_, ++version_);
  reply["version"] = version_.load();
  reply["fair_dice"] = fair_dice_view();
  return ok(std::move(reply));
}

Reply GameRoom::store_fair(StoredFairDice next) {
  auto w = env_.store->update_fair_dice(id_, rev_, next);
  if (!w) return refuse(503, w.error());
  stored(*w);
  if (w->stale)  // another server changed the game: fresh() reloads it
    return refuse(409, "another server changed the game meanwhile; it shows the game anew");
  fair_ = std::move(next);
  return ok(Json::object());
}

Reply GameRoom::contribute(Seat seat, const Json& body) {
  return fresh([&] { return contribute_locked(seat, body); });
}

Reply GameRoom::contribute_locked(Seat seat, const Json& body) {
  if (!fair_) return refuse(409, "this game's dice are not committed (it has no fair dice)");
  const auto side = seat_side(seat);
  if (!side) return refuse(403, "only the Union and Confederate seats contribute to the dice");
  if (!body.is_object() || !body.contains("seed") || !body.at("seed").is_string() ||
      !core::valid_contribution(body.at("seed").get<std::string>()))
    return refuse(400, "\"seed\" must be 1 to 64 characters from A-Z a-z 0-9 _ -");
  const std::string value = body.at("seed").get<std::string>();
  std::string& mine = *side == core::Side::Union ? fair_->union_seed : fair_->confederate_seed;
  if (mine == value) return ok(Json::object());  // a page sending it again
  if (!mine.empty())
    return refuse(409, "this seat has already contributed; a contribution cannot change");
  StoredFairDice next = *fair_;
  (*side == core::Side::Union ? next.union_seed : next.confederate_seed) = value;
  if (Reply r = store_fair(next); r.status != 200) return r;
  // Both in: every roll from now on comes from the committed key. Nothing has
  // rolled yet (play waited for this), so commit_dice cannot refuse.
  if (auto key = dice_key())
    if (auto s = game_->commit_dice(*key); !s) return refuse(500, s.error());
  return changed(Json::object());
}

Reply GameRoom::reveal(Seat seat) {
  return fresh([&] { return reveal_locked(seat); });
}

Reply GameRoom::reveal_locked(Seat seat) {
  if (!fair_) return refuse(409, "this game's dice are not committed (it has no fair dice)");
  const auto side = seat_side(seat);
  if (!side) return refuse(403, "only the Union and Confederate seats may ask for the seed");
  if (seed_revealed()) return changed(Json::object());
  StoredFairDice next = *fair_;
  (*side == core::Side::Union ? next.reveal_union : next.reveal_confederate) = true;
  next.revealed = next.reveal_union && next.reveal_confederate;
  if (Reply r = store_fair(next); r.status != 200) return r;
  return changed(Json::object());
}

Reply GameRoom::save(Seat seat) {
  std::lock_guard lock(mu_);
  if (Reply r = refresh(); r.status != 200) return r;
  // The save holds the whole log, secret decisions included. A fair-dice
  // game's is handed out once the game can no longer go on (over, or closed by
  // revealing the seed: the file would let anyone foresee the rolls); any
  // other game's once nothing in its log is hidden from the seat (a side's own
  // secrets are its own; the other side's wait for the end of the game).
  const bool finished = game_->over() || (fair_ && fair_->revealed);
  if (fair_ && !finished)
    return refuse(409, "the save file is available once the game is over or its seed revealed");
  if (!fair_)
    if (Reply r = secrets_gate(seat, entries_.size(), false, "the save file"); r.status != 200)
      return r;
  std::optional<protocol::FairDiceRecord> record;
  if (fair_) record = fair_record();
  // The body is the save file itself (no "ok"), ready for bluegray verify.
  return Reply{200, protocol::save_json(*game_, params_, record ? &*record : nullptr)};
}

}  // namespace bg::server
