// A match's results as files: every game's result and VP breakdown (CSV and
// JSON) and two SVG charts (the VP distribution per side, the win rates with
// 95% Wilson intervals). Pure text; the caller writes the files atomically.
#pragma once

#include <string>

#include "study/tournament.h"

namespace bg::study {

struct MatchSummary {
  Proportion union_wins, confederate_wins, draws;
  double mean_vp[2] = {0, 0};
  double sd_vp[2] = {0, 0};
  double mean_margin = 0;  // Union minus Confederate
  int refused = 0;
  int errors = 0;
};

MatchSummary summarise(const TournamentResult& r);
std::string results_csv(const TournamentResult& r);
std::string results_json(const TournamentResult& r);
std::string vp_histogram_svg(const TournamentResult& r);
std::string win_rates_svg(const TournamentResult& r);
// A few lines for the terminal.
std::string summary_text(const TournamentResult& r);

}  // namespace bg::study
