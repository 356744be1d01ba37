// Several servers on one store (docs/server.md, "PostgreSQL"): a request
// runs on an up-to-date copy of the game, a write that finds the stored game
// moved on is taken again after the other server's, and the pages are told
// of every revision, whichever server stored it.
#include "server/game_room.h"

namespace bg::server {

Reply GameRoom::fresh(const std::function<Reply()>& op) {
  std::lock_guard lock(mu_);
  // Each round either succeeds or finds that another server wrote the game
  // in between; three such races in a row are answered 409 (the page shows
  // the game anew and its player tries again).
  for (int attempt = 0;; ++attempt) {
    if (Reply r = refresh(); r.status != 200) return r;
    stale_write_ = false;
    Reply r = op();
    if (!stale_write_ || attempt == 2) return r;
  }
}

Reply GameRoom::refresh() {
  const bool unsure = unsure_.exchange(false);
  if (newest_rev_.load() <= rev_ && !unsure) return ok(Json::object());
  Reply r = reload();
  if (r.status != 200 && unsure) unsure_ = true;  // still to be checked
  return r;
}

Reply GameRoom::reload() {
  auto loaded = env_.store->load(id_);
  if (!loaded) return refuse(503, loaded.error());
  if (!*loaded) return refuse(404, "no game " + id_);
  auto entries = stored_entries(**loaded);
  if (!entries) return refuse(500, entries.error());
  std::optional<StoredFairDice> fair = (*loaded)->fair_dice;
  std::swap(fair, fair_);  // dice_key() reads fair_
  auto built = build(params_, *entries, /*check_rolls=*/true, dice_key());
  if (!built) {
    std::swap(fair, fair_);
    return refuse(500, "stored game " + id_ + ": " + built.error().message);
  }
  game_.emplace(std::move(built->game));
  entries_ = std::move(built->entries);
  notes_ = std::move(built->notes);
  // What another server had in hand (a pending take-back request, the
  // computer's refused action) did not survive its change of the game.
  undo_request_.reset();
  computer_error_.reset();
  // Another server may have taken back and replayed to the same length: the
  // armed trigger zones are asked again of the reloaded game.
  armed_at_ = SIZE_MAX;
  rev_ = (*loaded)->rev;
  Written w;
  w.rev = rev_;
  stored(w);
  return ok(Json::object());
}

void GameRoom::stored(const Written& w) {
  if (!w.stale) rev_ = w.rev;
  int64_t seen = newest_rev_.load();
  while (w.rev > seen && !newest_rev_.compare_exchange_weak(seen, w.rev)) {
  }
  stale_write_ = w.stale;
  if (w.stale) announce(w.rev);
  // This copy's own writes are announced by the caller's version step.
  else if (int64_t a = announced_rev_.load(); w.rev > a)
    announced_rev_.compare_exchange_strong(a, w.rev);
}

void GameRoom::announce(int64_t rev) {
  int64_t a = announced_rev_.load();
  while (rev > a)
    if (announced_rev_.compare_exchange_weak(a, rev)) {
      env_.hub->publish(id_, ++version_);
      return;
    }
}

void GameRoom::note_stored(int64_t rev) {
  if (rev < 0) {
    // Unknown: the next request reloads, and the pages look again now.
    unsure_ = true;
    env_.hub->publish(id_, ++version_);
    return;
  }
  int64_t seen = newest_rev_.load();
  while (rev > seen && !newest_rev_.compare_exchange_weak(seen, rev)) {
  }
  announce(rev);
}

}  // namespace bg::server
