// What a title asks a front end to draw and offer beyond the Standard Rules:
// zones of its map (with whether they matter now), its special hexes with
// what they are for, and its own decisions (the values a player may choose
// for some units, sent as a `scenario` action with unit and value). The web
// page draws whatever a title declares here and knows no title itself; the
// protocol serialises it (protocol/ui_json.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/map.h"
#include "core/unit.h"

namespace bg::titles {

// How a zone looks; a front end knows these few looks, not the zones.
enum class ZoneStyle {
  Closed,   // some units may not enter it now (`side`: whose)
  Trigger,  // a unit of `side` entering it sets something off
  Area,     // an area the rules name, for reference
};

struct UiZone {
  std::string name;   // stable, for front ends and tests: "ccz"
  std::string label;  // for people: what it is and why it matters
  std::string rule;   // the case, as the game's editions number it
  std::vector<core::HexId> hexes;
  ZoneStyle style = ZoneStyle::Area;
  std::optional<core::Side> side;  // the side it concerns, if one
  bool active = true;              // whether it matters now (drawn when it does)
  // A Trigger zone's consequence, when it is scored or cannot be taken back:
  // what a unit of `side` entering it while active sets off, in words with
  // its cases. A front end asks the player to confirm such an action first,
  // and the server notes in the log the action that set it off (a Trigger
  // zone stops being active once set off). Empty: nothing to confirm.
  std::string consequence;
};

struct UiHex {
  core::HexId hex = core::kNoHex;
  std::string kind;   // "victory", "exit", "entry", ...
  std::string label;  // for people
  std::optional<core::Side> side;
};

struct UiChoice {
  int value = 0;
  std::string label;
};

// A title's own decision: for each of `units`, one of `choices`, made by
// `side` as a `scenario` action {unit, value}.
struct UiDecision {
  std::string name;
  std::string label;
  std::string rule;
  std::string help;
  core::Side side = core::Side::Union;
  bool secret = false;  // the other side never learns the values chosen
  bool open = false;    // it may be made now
  std::vector<core::UnitIndex> units;
  std::vector<UiChoice> choices;
  // The value in force for each unit, for the deciding side's view (and a
  // view for everyone); empty otherwise. Never filled for the other side of
  // a secret decision (the serialiser enforces it too).
  std::vector<int> chosen;
};

// A line the title's rules trace (a line of communications, a supply line):
// whether `side` traces it now and, if it does, one path that traces it, hex
// by hex, as the title's victory rules find it. A front end draws it on
// demand.
struct UiLine {
  std::string name;   // stable: "loc-union"
  std::string label;  // for people
  std::string rule;
  core::Side side = core::Side::Union;
  bool traced = false;
  std::vector<core::HexId> hexes;  // empty unless traced
};

struct UiSpec {
  std::string display;  // the title (and scenario) for people
  std::vector<UiZone> zones;
  std::vector<UiHex> hexes;
  std::vector<UiDecision> decisions;
  std::vector<UiLine> lines;
};

}  // namespace bg::titles
