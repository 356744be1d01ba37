// Exiting the map for victory points (Four Roads rule 4).
//
// Each side has exit hexes worth points per combat factor, and may have a map
// edge where it exits for no points; leaving costs one Movement Point from
// the exit hex, in the Movement Phase only (the core's ExitAtExitHex and
// ExitCost). Points are scored when the unit leaves if the side's route is
// clear: a generic chain of legs the title gives (along roads to listed
// hexes or to a map edge, across an emplaced pontoon beside the hexes
// reached), every hex of it free of enemy units and enemy Zones of Control
// (R-FR4-ROUTE). An exited unit may come back on at its exit hex in a later
// Game-Turn, as a reinforcement enters (not onto an enemy unit; the hex counts
// against its allowance); its points are revoked until it exits again.
// Units forced off the map by combat are eliminated: the core never retreats a
// unit off the map (7.72: a unit with no retreat is eliminated).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "modules/map_edges.h"
#include "modules/module.h"

namespace bg::modules {

class PontoonsModule;

struct ExitPoint {
  core::HexId hex = core::kNoHex;
  int points_per_factor = 0;
};

// One leg of a route traced from the exit hex (R-FR4-ROUTE).
struct RouteLeg {
  enum class Kind : uint8_t {
    RoadToHexes,    // along roads to any of `hexes` (then through them)
    RoadToEdge,     // along roads to any hex of `edge`
    AcrossPontoon,  // across an emplaced pontoon beside the hexes reached
  };
  Kind kind = Kind::RoadToHexes;
  std::vector<core::HexId> hexes;
  Edge edge = Edge::North;
};

struct SideExits {
  std::vector<ExitPoint> scoring;  // exit hexes worth points
  std::optional<Edge> free_edge;   // any hex of this edge: exit for no points
  std::vector<RouteLeg> route;     // what must be clear to score; empty: nothing
};

struct ExitsData {
  std::array<SideExits, 2> sides;  // Union, Confederate
};

struct ExitRecord {
  core::UnitIndex unit = core::kNoUnit;
  core::HexId hex = core::kNoHex;
  int points = 0;
  int turn = 0;  // the Game-Turn it left
  friend bool operator==(const ExitRecord&, const ExitRecord&) = default;
};

struct ExitsState {
  std::vector<ExitRecord> exited;
  friend bool operator==(const ExitsState&, const ExitsState&) = default;
};

class ExitsModule final : public Module {
 public:
  // `pontoons` (may be null): where the routes find emplaced pontoons.
  explicit ExitsModule(ExitsData data, const PontoonsModule* pontoons = nullptr);

  std::string_view key() const override { return "exits"; }
  core::TitleState initial_state(const core::Context& ctx) const override;
  std::string_view cite(core::RuleId id) const override;
  bool is_exit(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
               core::HexId h) const override;
  bool may_reenter(const core::Context& ctx, const core::GameState& st,
                   core::UnitIndex u) const override;
  core::Status check_entry(const core::Context& ctx, const core::GameState& st,
                           const core::Board& board, core::UnitIndex u,
                           core::HexId entry) const override;
  void adjust_entry_hexes(const core::Context& ctx, const core::GameState& st, core::UnitIndex u,
                          std::vector<core::HexId>& hexes) const override;
  void after_action(const core::Context& ctx, core::GameState& st,
                    const core::Action& a) const override;
  void add_victory(const core::Context& ctx, const core::GameState& st,
                   core::VictoryReport& report) const override;
  void markers(const core::Context& ctx, const core::GameState& st,
               std::vector<Marker>& out) const override;

  // Whether side s could trace its scoring route from exit hex h now.
  bool route_clear(const core::Context& ctx, const core::GameState& st, core::Side s,
                   core::HexId h) const;
  const ExitRecord* record(const core::GameState& st, core::UnitIndex u) const;
  const ExitsData& data() const { return data_; }

 private:
  ExitsData data_;
  const PontoonsModule* pontoons_;
};

}  // namespace bg::modules
