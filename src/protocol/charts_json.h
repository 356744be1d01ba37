// The charts of a game as JSON (the `charts` command, GET /api/games/<id>/charts):
// the Combat Results Table and the Terrain Effects Chart as the engine plays
// them (core/charts.h). docs/protocol.md, "charts".
#pragma once

#include <optional>

#include "core/game.h"
#include "protocol/game_setup.h"

namespace bg::protocol {

Json charts_json(const core::Game& g);

// The overlays a player may lay over the map (core/overlays.h), the `overlays`
// command and GET /api/games/<id>/overlays: both sides' Zones of Control and,
// for `unit` if it is artillery on the map, its range and Line of Sight.
// Public facts only (units on the map).
Json overlays_json(const core::Game& g, std::optional<core::UnitIndex> unit);

}  // namespace bg::protocol
