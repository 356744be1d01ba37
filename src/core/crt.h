// The Combat Results Table (7.6) and odds (7.0 procedure, 7.9; DG 8.1, 8.8).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bg::core {

enum class CombatResult : uint8_t { Ae, De, Ex, Ar, Dr };
inline constexpr int kResults = 5;
std::string_view result_name(CombatResult r);  // "Ae", "De", "Ex", "Ar", "Dr"

// Columns 0..9 are 1-5, 1-4, 1-3, 1-2, 1-1, 2-1, 3-1, 4-1, 5-1, 6-1.
inline constexpr int kColumns = 10;
std::string column_name(int column);                  // "3-1"
std::optional<int> parse_column(std::string_view s);  // "3-1" or "3:1"

// The odds column for attack strength a against defence d, rounded in the
// defender's favour and clamped to the table (worse than 1-5 is 1-5, better
// than 6-1 is 6-1). Both strengths must be positive.
int odds_column(int attack, int defence);

CombatResult crt(int column, int die);

// The face the table is read on when a rule module moves the die (FR 9's
// commanders' ratings): the roll plus the modifier, held to the table's 1..6.
// The engine, the computer's pricing of an attack and the odds a player is
// shown all read it here, so they cannot disagree on a face.
constexpr int modified_die(int die, int modifier) {
  return std::clamp(die + modifier, 1, 6);
}

// Of the die's six faces, how many give each result (indexed by CombatResult)
// on `column`, each face read where `modifier` moves it: the chances a player
// is shown before an attack and the ones the computer prices it by, counted
// in one place.
std::array<int, kResults> faces_by_result(int column, int modifier = 0);

}  // namespace bg::core
