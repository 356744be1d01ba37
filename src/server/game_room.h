// One live game on the server: the engine's Game rebuilt from the store, the
// seats' tokens, and a mutex that serialises everything done to it (two seats
// acting at the same moment are taken one after the other, never interleaved).
// The engine is the only authority: every proposed action goes through
// Game::apply, and only accepted actions are stored, before the reply.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_player.h"
#include "core/game.h"
#include "protocol/fair_dice_save.h"
#include "protocol/game_setup.h"
#include "server/game_store.h"
#include "server/live_hub.h"
#include "server/mailer.h"
#include "server/reply.h"
#include "server/seats.h"
#include "titles/ui_spec.h"

namespace bg::server {

enum class Mode { Hotseat, Computer, TwoSeat };
// The computer levels a new game may choose, each with its line for people,
// and the player of a game that chooses none (`default_spec`, the server's
// --computer): {"levels":[{"name","description"}],"default","default_level"}
// (game_room_player.cpp).
Json computer_choices(const std::string& default_spec);
// Terrain, hexsides, units, exit hexes: accepted only when a game is created.
bool is_setup_kind(core::ActionKind k);
std::string_view mode_name(Mode m);
std::optional<Mode> parse_mode(std::string_view s);

// Where the room writes and whom it tells.
struct RoomEnv {
  GameStore* store = nullptr;
  LiveHub* hub = nullptr;
  bool test_mode = false;  // accept forced dice (a testing tool)
  // The computer player of a game that names none (bg::ai::make_player
  // spec): the server's --computer. A game may choose its own (POST
  // /api/games "level" and "posture"), stored with it.
  std::string computer = "ai-normal";
  // Makes the computer player instead of `computer` (tests script one here).
  std::function<std::unique_ptr<ai::Player>(uint64_t seed)> computer_player;
  Mailer* mailer = nullptr;  // "your turn" mails (two-seat games); null: none
};

class GameRoom {
 public:
  // Creates a game from a POST /api/games body and stores it. On success the
  // reply (201) holds the id and the seats' tokens, and `out` the room.
  static Reply create(const Json& body, const RoomEnv& env, std::shared_ptr<GameRoom>& out);
  // Rebuilds a stored game by replaying its actions (checking every die).
  // `version` continues the numbering of a copy evicted from memory, so a
  // page never sees a version number twice for two different states.
  static core::Result<std::shared_ptr<GameRoom>> restore(const StoredGame& stored,
                                                         const RoomEnv& env, uint64_t version = 1);

  const std::string& id() const { return id_; }
  // The seat a token opens, if any.
  std::optional<Seat> seat_for(std::string_view token) const;

  Reply view(Seat seat);
  // The view as sent (200), shared by every page of the same seat while the
  // game's version stays the same: one change makes every open page fetch its
  // view at once, and pages of one seat then cost one view, not one each.
  // Kept only while some page listens (a cached view is memory per game).
  std::shared_ptr<const std::string> view_text(Seat seat);
  Reply act(Seat seat, const Json& body);
  Reply reach(Seat seat, const std::string& unit, bool strategic);
  Reply preview(Seat seat, const Json& body);
  // The computer's suggestion for the seat's side when it is to act (ai-normal,
  // the protocol's `ai hint`): the action and why. Nothing is applied.
  Reply hint(Seat seat);
  Reply undo(Seat seat, const Json& body);
  // Replay and analysis (game_room_replay.cpp, docs/server.md "Replay,
  // branches and save files"). `at` is the number of actions played, as the
  // query string gives it. The position after the first `at` actions as the
  // seat may see it:
  Reply replay(Seat seat, const std::string& at);
  // The computer's hint at that position (hint() when `at` is empty).
  Reply hint_at(Seat seat, const std::string& at);
  // The parameters and first `at` actions ({"at":N}) of a branch; refused when
  // they hold the other side's secret decisions and the game goes on.
  Reply branch_source(Seat seat, const Json& body, protocol::NewParams& params,
                      std::vector<Json>& entries);
  // A new game played up to `entries` (a branch, an imported save), seated as
  // `body` asks (mode, human) and stored.
  static Reply create_played(const protocol::NewParams& params, const std::vector<Json>& entries,
                             const Json& body, const RoomEnv& env, std::shared_ptr<GameRoom>& out);
  // Fair dice (game_room_dice.cpp, docs/server.md "Fair dice"): a seat's
  // contribution, a seat's request to reveal the seed, the save file once
  // the seed is revealed.
  Reply contribute(Seat seat, const Json& body);
  Reply reveal(Seat seat);
  Reply save(Seat seat);
  // Correspondence play: the seat's own e-mail address for "your turn"
  // mails (two-seat games' side seats only; never shown to anyone else).
  Reply notify_get(Seat seat);
  Reply notify_set(Seat seat, const Json& body);
  // Turn files (game_room_turns.cpp, docs/server.md "Turn files"): the
  // seat's own actions from `from` (default: its last turn) as a file bound
  // to this game; and a file of the other side's applied, every check passed,
  // or refused with the reason and the game unchanged.
  Reply turn_file(Seat seat, const std::string& from);
  Reply import_turn_file(Seat seat, const Json& file);
  // The map as render-map draws it, without counters (the page adds them).
  // Drawn once per map and shared by every game on that map (a Road to
  // Richmond map is ~218 KB of SVG).
  std::shared_ptr<const std::string> map_svg();
  // The Combat Results Table and Terrain Effects Chart of this game's rules
  // (protocol::charts_json): public, as the map is.
  Reply charts();
  // Both sides' Zones of Control and, for an artillery unit on the map (any
  // side's: what the board shows), its range and Line of Sight.
  Reply overlays(const std::string& unit);
  uint64_t version();
  // Another server stored revision `rev` of this game (-1: it may have;
  // GameStore::watch). The pages are told at once; the copy here is reloaded
  // from the store before it is next shown or acted on. Any thread; takes no
  // lock but the hub's.
  void note_stored(int64_t rev);

 private:
  GameRoom() = default;
  // A game rebuilt from its parameters and log entries (build()).
  struct Built {
    core::Game game;
    std::vector<Json> entries;
    std::vector<Json> notes;
  };
  // `key`: the committed dice, once both seats have contributed.
  static core::Result<Built> build(const protocol::NewParams& params,
                                   const std::vector<Json>& entries, bool check_rolls,
                                   const std::optional<core::DiceKey>& key);
  // The stored log entries, parsed.
  static core::Result<std::vector<Json>> stored_entries(const StoredGame& stored);
  // Applies one action, recording its log entry and note. Caller holds mu_.
  core::Result<core::Report> apply_one(const core::Action& a);
  core::Side viewer(Seat seat) const;
  // Whether log entry i is the other side's secret decision for this seat.
  bool hidden_from(size_t i, Seat seat) const;
  // Refused while the first `n` actions hold a decision hidden from the seat
  // and the game goes on (a branch or a save file would carry it in full).
  // `hotseat_ok`: the hot seat, both players at one screen, may (a branch is
  // again a hot-seat game whose views hide it as this one does).
  Reply secrets_gate(Seat seat, size_t n, bool hotseat_ok, const std::string& what) const;
  // Creating a game (game_room_create.cpp): the seating a body asks for, and the
  // seats' tokens, the computer's first moves and the store, for a room built.
  static Reply parse_seating(const Json& body, Mode& mode, std::optional<core::Side>& computer);
  // The computer player a body asks for ("level", "posture"; the server's
  // default when neither), checked against the title of `g` (game_room_player.cpp).
  static Reply parse_player(const Json& body, Mode mode, std::optional<core::Side> computer,
                            const core::Game& g, const RoomEnv& env, std::string& spec);
  // Sets the computer player (the room's game made): its spec and how the
  // view, the summary and the games list say it
  // ({"spec","level","posture","posture_display","label"}; null if no computer).
  void set_player(const std::string& spec);
  static Reply open_seats(std::shared_ptr<GameRoom> room, const RoomEnv& env,
                          std::shared_ptr<GameRoom>& out);
  static Reply create_from_save(const Json& body, const RoomEnv& env,
                                std::shared_ptr<GameRoom>& out);
  // Parses `at` (0 to `max` actions), or says why not.
  static Reply parse_at(const std::string& text, size_t max, size_t& at);
  Json log_item(size_t i, Seat seat) const;
  Json summary() const;
  Reply do_undo();
  void roll_back(size_t keep);  // the game as it was with its first `keep` entries
  Reply import_locked(Seat seat, const Json& file);
  Reply check_turn_file(const Json& file, core::Side& side) const;  // all but the actions' legality
  void hand_over(size_t first);  // mails the seat whose turn the new actions made it
  // Stores the actions from `first` on and tells the pages; on a storage
  // failure the game goes back to its first `first` actions.
  Reply commit(size_t first, Json reply, Seat seat);
  void run_computer();
  // Fair dice (game_room_dice.cpp). Callers hold mu_.
  static Reply make_fair_dice(const Json& body, Mode mode, std::optional<StoredFairDice>& out);
  std::optional<core::DiceKey> dice_key() const;
  bool seed_revealed() const;    // both seats asked, or the game is over
  Reply fair_dice_gate() const;  // why no action may be played now (fair dice), or ok
  protocol::FairDiceRecord fair_record() const;
  Json fair_dice_view() const;
  Reply changed(Json reply);  // version + 1, pages told

  // ---- several servers on one store (docs/server.md, "PostgreSQL") ----------
  // Runs `op` under mu_ on an up-to-date copy of the game. A write that finds
  // the stored game moved on (another server wrote it) sets stale_write_ and
  // writes nothing; the game is then reloaded and `op` runs again: the request
  // is taken as if it had come after the other server's, never forking the
  // game's history.
  Reply fresh(const std::function<Reply()>& op);
  Reply refresh();  // reloads the copy if the store has a newer one; holds mu_
  Reply reload();   // holds mu_
  // A write of revision `w.rev` done (or found stale) by this copy. Holds mu_.
  void stored(const Written& w);
  void announce(int64_t rev);  // pages told of a revision not yet announced
  Reply act_locked(Seat seat, const Json& body);
  Reply undo_locked(Seat seat, const Json& body);
  Reply contribute_locked(Seat seat, const Json& body);
  Reply reveal_locked(Seat seat);
  Reply store_fair(StoredFairDice next);  // holds mu_

  std::string id_;
  protocol::NewParams params_;
  Mode mode_ = Mode::Hotseat;
  std::optional<core::Side> computer_;
  std::string player_;  // the computer player's spec (computer_ set)
  Json player_json_;    // set_player()
  std::map<Seat, std::string> tokens_;
  RoomEnv env_;

  std::mutex mu_;
  std::optional<core::Game> game_;
  std::vector<Json> entries_;  // stored log entries (save-file format)
  std::vector<Json> notes_;    // per entry: who acted, when, and what came of it
  // The title's armed trigger zones (protocol::armed_triggers) as of the game
  // with `armed_at_` log entries: each action then asks the title once, after
  // it. A game rebuilt by replay to the same length is the same game.
  std::vector<titles::UiZone> armed_;
  size_t armed_at_ = SIZE_MAX;
  std::vector<titles::UiZone>& armed_now();
  void note_fired(Json& note, const core::Game& g);
  // Atomic: note_stored() moves it on without mu_ (other changes hold mu_).
  std::atomic<uint64_t> version_{1};
  int64_t rev_ = 0;                        // the stored revision this copy is (mu_)
  std::atomic<int64_t> newest_rev_{0};     // the newest revision known stored
  std::atomic<int64_t> announced_rev_{0};  // the newest the pages were told of
  std::atomic<bool> unsure_{false};        // another server may have changed it
  bool stale_write_ = false;               // under mu_ (fresh())
  struct UndoRequest {
    core::Side side;     // the mover
    core::Side consent;  // whose consent it needs (Game::take_back, 5.17)
    size_t log_size;
  };
  std::optional<UndoRequest> undo_request_;
  // The engine refused an action the computer chose (a bug in the player):
  // {"error","rule","action"}, shown with the game until the computer plays on.
  std::optional<Json> computer_error_;
  std::shared_ptr<const std::string> svg_;
  struct CachedView {
    uint64_t version = 0;
    std::shared_ptr<const std::string> text;
  };
  std::map<Seat, CachedView> views_;    // under mu_
  std::optional<StoredFairDice> fair_;  // a fair-dice game's commitment and contributions
};

}  // namespace bg::server
