// Tournaments that scale out: each shard (`tournament --shard K/N`) writes the
// results of its slice of the games; `tournament merge DIR...` reads the
// shards' results.json back and puts the match together again, so that the
// report of the merged match is the report one run would have written (the
// run times aside: each game's are the shard's own, the match's their sum).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "study/tournament.h"

namespace bg::study {

// A match's (or a shard's) results.json as written by results_json().
core::Result<TournamentResult> parse_results_json(const std::string& text);

// The shards of one match as one match: the same players, rules, seed, budget
// and number of games; every game exactly once. Refused otherwise, with why.
core::Result<TournamentResult> merge_shards(const std::vector<TournamentResult>& shards);

// "K/N" with 1 <= K <= N <= 100000.
bool parse_shard(const std::string& text, int& k, int& n);

}  // namespace bg::study
