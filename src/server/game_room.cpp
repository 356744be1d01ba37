// The room's game and its log: the game rebuilt from its parameters and
// stored actions, each action applied with the note every seat reads of it,
// and the modes a game is played in. Creating a room is in
// game_room_create.cpp, what each request does in the other game_room_*.cpp.
#include "server/game_room.h"

#include "protocol/action_json.h"
#include "protocol/json_view.h"
#include "protocol/ui_json.h"
#include "server/action_note.h"

namespace bg::server {

using core::ActionKind;
using core::Error;

bool is_setup_kind(ActionKind k) {
  return k == ActionKind::SetTerrain || k == ActionKind::AddHexside || k == ActionKind::PlaceUnit ||
         k == ActionKind::MarkExit;
}

std::string_view mode_name(Mode m) {
  switch (m) {
    case Mode::Hotseat:
      return "hotseat";
    case Mode::Computer:
      return "computer";
    case Mode::TwoSeat:
      return "two-seat";
  }
  return "hotseat";
}

std::optional<Mode> parse_mode(std::string_view s) {
  for (Mode m : {Mode::Hotseat, Mode::Computer, Mode::TwoSeat})
    if (mode_name(m) == s) return m;
  return std::nullopt;
}

core::Result<std::vector<Json>> GameRoom::stored_entries(const StoredGame& stored) {
  std::vector<Json> entries;
  for (const std::string& text : stored.actions) {
    Json e = Json::parse(text, nullptr, false);
    if (e.is_discarded()) return Error{"", "stored game " + stored.id + ": a damaged action"};
    entries.push_back(std::move(e));
  }
  return entries;
}

std::vector<titles::UiZone>& GameRoom::armed_now() {
  if (armed_at_ != game_->log().size()) {
    armed_ = protocol::armed_triggers(*game_);
    armed_at_ = game_->log().size();
  }
  return armed_;
}

// What the action just applied set off of the title's armed trigger zones
// (early arrival, say), noted with its log entry so that every seat reads it.
void GameRoom::note_fired(Json& note, const core::Game& g) {
  Json fired = protocol::fired_triggers(g, armed_);
  armed_at_ = g.log().size();
  if (!fired.empty()) note["triggered"] = std::move(fired);
}

core::Result<core::Report> GameRoom::apply_one(const core::Action& a) {
  core::Game& g = *game_;
  const auto side = g.actor_of(a);
  const int turn = g.state().turn;
  const std::string phase(core::phase_name(g.state().phase));
  armed_now();
  // Where a move starts and where the attackers stand, for a page that draws
  // the action (a trail, the attack's arrows): the report has only the hexes
  // entered.
  const core::Position before = g.state().pos;
  auto r = g.apply(a);
  if (!r) return r;
  entries_.push_back(protocol::log_entry_json(g, g.log().back()));
  Json note = report_json(g, a, *r);
  add_from(note, g, before, a);
  note["side"] = side ? Json(side_str(*side)) : Json(nullptr);
  note["turn"] = turn;
  note["phase"] = phase;
  note_fired(note, g);
  notes_.push_back(std::move(note));
  return r;
}

core::Result<GameRoom::Built> GameRoom::build(const protocol::NewParams& params,
                                              const std::vector<Json>& entries, bool check_rolls,
                                              const std::optional<core::DiceKey>& key) {
  auto made = protocol::make_game(params);
  if (!made) return made.error();
  GameRoom tmp;
  tmp.game_.emplace(std::move(*made));
  // The actions before both contributions roll nothing (fair_dice_gate), so
  // keying the die first replays the game exactly.
  if (key)
    if (auto s = tmp.game_->commit_dice(*key); !s) return s.error();
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string where = "stored action " + std::to_string(i + 1) + ": ";
    auto a = protocol::action_from_json(*tmp.game_, entries[i]);
    if (!a) return Error{"", where + a.error().message};
    auto r = tmp.apply_one(*a);
    if (!r) return Error{"", where + "the engine refused it: " + r.error().message};
    if (check_rolls) {
      auto rolls = protocol::rolls_from_json(entries[i]);
      if (!rolls) return Error{"", where + rolls.error().message};
      const auto& rolled = tmp.game_->log().back().rolls;
      bool same = rolled.size() == rolls->size();
      for (size_t k = 0; same && k < rolled.size(); ++k) same = rolled[k] == (*rolls)[k];
      if (!same) return Error{"", where + "the dice rolled differ from the stored dice"};
    }
  }
  return Built{std::move(*tmp.game_), std::move(tmp.entries_), std::move(tmp.notes_)};
}

// Rebuilt from the first `keep` entries (rare, so no copy of the game is kept
// on the hot path).
void GameRoom::roll_back(size_t keep) {
  entries_.resize(keep);
  if (auto built = build(params_, entries_, false, dice_key())) {
    game_.emplace(std::move(built->game));
    notes_ = std::move(built->notes);
  }
}

}  // namespace bg::server
