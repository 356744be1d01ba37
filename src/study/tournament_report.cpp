#include "study/tournament_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace bg::study {

using namespace bg::core;

namespace {

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o += buf;
    } else {
      o += c;
    }
  }
  return o;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string o = "\"";
  for (char c : s) o += c == '"' ? std::string("\"\"") : std::string(1, c);
  return o + "\"";
}

std::string winner_name(const GameResult& g) {
  return g.winner ? std::string(side_name(*g.winner)) : std::string("draw");
}

std::string num(double v, const char* f = "%.3f") {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

MatchSummary summarise(const TournamentResult& r) {
  MatchSummary s;
  int n = 0, wu = 0, wc = 0, dr = 0;
  double sum[2] = {0, 0}, sq[2] = {0, 0}, margin = 0;
  for (const GameResult& g : r.games) {
    s.refused += g.refused;
    if (!g.error.empty()) {
      ++s.errors;
      continue;
    }
    ++n;
    if (!g.winner)
      ++dr;
    else if (*g.winner == Side::Union)
      ++wu;
    else
      ++wc;
    for (size_t k = 0; k < 2; ++k) {
      sum[k] += g.vp[k];
      sq[k] += static_cast<double>(g.vp[k]) * g.vp[k];
    }
    margin += g.vp[0] - g.vp[1];
  }
  s.union_wins = wilson(wu, n);
  s.confederate_wins = wilson(wc, n);
  s.draws = wilson(dr, n);
  for (size_t k = 0; k < 2; ++k) {
    s.mean_vp[k] = n ? sum[k] / n : 0;
    s.sd_vp[k] = n > 1 ? std::sqrt(std::max(0.0, (sq[k] - sum[k] * sum[k] / n) / (n - 1))) : 0;
  }
  s.mean_margin = n ? margin / n : 0;
  return s;
}

std::string results_csv(const TournamentResult& r) {
  std::ostringstream o;
  o << "game,seed,union_player,confederate_player,rules,winner,union_vp,confederate_vp,turn,"
       "actions,refused,seconds,breakdown,error\n";
  for (const GameResult& g : r.games) {
    std::string breakdown;
    for (const VpLine& l : g.lines) {
      if (!breakdown.empty()) breakdown += "; ";
      breakdown += std::string(side_name(l.side)) + " " + l.rule + " " + std::to_string(l.points) +
                   " " + l.what;
    }
    o << g.index << ',' << g.seed << ',' << csv_field(r.spec.union_player) << ','
      << csv_field(r.spec.confederate_player) << ',' << csv_field(r.spec.rules) << ','
      << winner_name(g) << ',' << g.vp[0] << ',' << g.vp[1] << ',' << g.turn << ',' << g.actions
      << ',' << g.refused << ',' << num(g.seconds) << ',' << csv_field(breakdown) << ','
      << csv_field(g.error) << '\n';
  }
  return o.str();
}

std::string results_json(const TournamentResult& r) {
  const MatchSummary s = summarise(r);
  auto prop = [](const Proportion& p) {
    return "{\"wins\":" + std::to_string(p.k) + ",\"games\":" + std::to_string(p.n) +
           ",\"rate\":" + num(p.p, "%.4f") + ",\"ci95\":[" + num(p.lo, "%.4f") + "," +
           num(p.hi, "%.4f") + "]}";
  };
  std::ostringstream o;
  o << "{\"union_player\":\"" << json_escape(r.spec.union_player) << "\",\"confederate_player\":\""
    << json_escape(r.spec.confederate_player) << "\",\"rules\":\"" << json_escape(r.spec.rules)
    << "\",\"seed\":" << r.spec.seed << ",\"node_budget\":" << r.spec.node_budget
    << ",\"games_total\":" << r.spec.games << ",\"shard\":\"" << r.spec.shard << "/"
    << r.spec.shards << "\""
    << ",\"seconds\":" << num(r.seconds) << ",\n\"summary\":{\"union\":" << prop(s.union_wins)
    << ",\"confederate\":" << prop(s.confederate_wins) << ",\"draw\":" << prop(s.draws)
    << ",\"mean_vp\":[" << num(s.mean_vp[0], "%.2f") << "," << num(s.mean_vp[1], "%.2f")
    << "],\"sd_vp\":[" << num(s.sd_vp[0], "%.2f") << "," << num(s.sd_vp[1], "%.2f")
    << "],\"refused\":" << s.refused << ",\"errors\":" << s.errors << "},\n\"games\":[";
  for (size_t i = 0; i < r.games.size(); ++i) {
    const GameResult& g = r.games[i];
    o << (i ? ",\n" : "\n") << "{\"game\":" << g.index << ",\"seed\":" << g.seed << ",\"winner\":\""
      << winner_name(g) << "\",\"vp\":[" << g.vp[0] << "," << g.vp[1] << "],\"turn\":" << g.turn
      << ",\"actions\":" << g.actions << ",\"refused\":" << g.refused
      << ",\"seconds\":" << num(g.seconds) << ",\"lines\":[";
    for (size_t k = 0; k < g.lines.size(); ++k) {
      const VpLine& l = g.lines[k];
      o << (k ? "," : "") << "{\"side\":\"" << side_name(l.side) << "\",\"rule\":\""
        << json_escape(l.rule) << "\",\"what\":\"" << json_escape(l.what)
        << "\",\"points\":" << l.points << ",\"at_end\":" << (l.at_end ? "true" : "false") << "}";
    }
    o << "]";
    if (!g.error.empty()) o << ",\"error\":\"" << json_escape(g.error) << "\"";
    if (!g.first_refusal.empty())
      o << ",\"first_refusal\":\"" << json_escape(g.first_refusal) << "\"";
    o << "}";
  }
  o << "\n]}\n";
  return o.str();
}

std::string vp_histogram_svg(const TournamentResult& r) {
  // Two overlaid histograms (Union blue, Confederate grey) over shared bins.
  int lo = 0, hi = 10;
  for (const GameResult& g : r.games)
    for (int v : g.vp) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  const int bins = 20;
  const double width = std::max(1.0, std::ceil((hi - lo + 1) / static_cast<double>(bins)));
  std::vector<int> count[2] = {std::vector<int>(bins, 0), std::vector<int>(bins, 0)};
  int top = 1;
  for (const GameResult& g : r.games) {
    if (!g.error.empty()) continue;
    for (size_t k = 0; k < 2; ++k) {
      const int b = std::min(bins - 1, static_cast<int>((g.vp[k] - lo) / width));
      top = std::max(top, ++count[k][static_cast<size_t>(b)]);
    }
  }
  const double W = 640, H = 360, L = 50, B = 40, T = 40, R = 20;
  const double pw = W - L - R, ph = H - T - B, bw = pw / bins;
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
       "fill=\"white\"/>\n<text x=\""
    << W / 2 << "\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">Victory points: "
    << json_escape(r.spec.union_player) << " (Union) vs " << json_escape(r.spec.confederate_player)
    << " (Confederate), " << r.games.size() << " games</text>\n";
  const char* colour[2] = {"#3060c0", "#808080"};
  for (size_t k = 0; k < 2; ++k)
    for (int b = 0; b < bins; ++b) {
      const double h = ph * count[k][static_cast<size_t>(b)] / top;
      o << "<rect x=\"" << num(L + b * bw + (k ? bw / 2 : 0), "%.1f") << "\" y=\""
        << num(T + ph - h, "%.1f") << "\" width=\"" << num(bw / 2 - 1, "%.1f") << "\" height=\""
        << num(h, "%.1f") << "\" fill=\"" << colour[k] << "\"/>\n";
    }
  o << "<line x1=\"" << L << "\" y1=\"" << T + ph << "\" x2=\"" << L + pw << "\" y2=\"" << T + ph
    << "\" stroke=\"black\"/>\n";
  for (int b = 0; b <= bins; b += 4)
    o << "<text x=\"" << num(L + b * bw, "%.1f") << "\" y=\"" << T + ph + 15
      << "\" text-anchor=\"middle\">" << num(lo + b * width, "%.0f") << "</text>\n";
  o << "<text x=\"" << L + pw / 2 << "\" y=\"" << H - 5
    << "\" text-anchor=\"middle\">final victory points</text>\n";
  o << "<text x=\"" << L - 5 << "\" y=\"" << T + 5 << "\" text-anchor=\"end\">" << top
    << "</text>\n<text x=\"" << L - 5 << "\" y=\"" << T + ph << "\" text-anchor=\"end\">0</text>\n";
  o << "<rect x=\"" << W - 170 << "\" y=\"32\" width=\"10\" height=\"10\" fill=\"" << colour[0]
    << "\"/><text x=\"" << W - 155 << "\" y=\"41\">Union</text>\n<rect x=\"" << W - 100
    << "\" y=\"32\" width=\"10\" height=\"10\" fill=\"" << colour[1] << "\"/><text x=\"" << W - 85
    << "\" y=\"41\">Confederate</text>\n</svg>\n";
  return o.str();
}

std::string win_rates_svg(const TournamentResult& r) {
  const MatchSummary s = summarise(r);
  const Proportion* p[3] = {&s.union_wins, &s.confederate_wins, &s.draws};
  const char* label[3] = {"Union wins", "Confederate wins", "draws"};
  const char* colour[3] = {"#3060c0", "#808080", "#c0a040"};
  const double W = 520, H = 300, L = 60, T = 40, B = 40;
  const double ph = H - T - B, bw = 90;
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
       "fill=\"white\"/>\n<text x=\""
    << W / 2 << "\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">Win rates with 95% Wilson "
    << "intervals (n=" << s.union_wins.n << ")</text>\n";
  for (int t = 0; t <= 4; ++t) {
    const double y = T + ph - ph * t / 4.0;
    o << "<line x1=\"" << L << "\" y1=\"" << y << "\" x2=\"" << W - 20 << "\" y2=\"" << y
      << "\" stroke=\"#ddd\"/><text x=\"" << L - 5 << "\" y=\"" << y + 4
      << "\" text-anchor=\"end\">" << t * 25 << "%</text>\n";
  }
  for (int i = 0; i < 3; ++i) {
    const double x = L + 30 + i * (bw + 50);
    const double h = ph * p[i]->p;
    o << "<rect x=\"" << x << "\" y=\"" << num(T + ph - h, "%.1f") << "\" width=\"" << bw
      << "\" height=\"" << num(h, "%.1f") << "\" fill=\"" << colour[i] << "\"/>\n";
    const double cx = x + bw / 2, ylo = T + ph - ph * p[i]->lo, yhi = T + ph - ph * p[i]->hi;
    o << "<line x1=\"" << cx << "\" y1=\"" << num(ylo, "%.1f") << "\" x2=\"" << cx << "\" y2=\""
      << num(yhi, "%.1f") << "\" stroke=\"black\" stroke-width=\"2\"/>\n";
    for (double y : {ylo, yhi})
      o << "<line x1=\"" << cx - 8 << "\" y1=\"" << num(y, "%.1f") << "\" x2=\"" << cx + 8
        << "\" y2=\"" << num(y, "%.1f") << "\" stroke=\"black\" stroke-width=\"2\"/>\n";
    o << "<text x=\"" << cx << "\" y=\"" << H - 22 << "\" text-anchor=\"middle\">" << label[i]
      << "</text><text x=\"" << cx << "\" y=\"" << H - 8 << "\" text-anchor=\"middle\">"
      << num(100 * p[i]->p, "%.1f") << "% [" << num(100 * p[i]->lo, "%.0f") << ", "
      << num(100 * p[i]->hi, "%.0f") << "]</text>\n";
  }
  o << "</svg>\n";
  return o.str();
}

std::string summary_text(const TournamentResult& r) {
  const MatchSummary s = summarise(r);
  auto pct = [](const Proportion& p) {
    return num(100 * p.p, "%.1f") + "% [" + num(100 * p.lo, "%.1f") + ", " +
           num(100 * p.hi, "%.1f") + "]";
  };
  std::string o;
  o += "Union " + r.spec.union_player + " vs Confederate " + r.spec.confederate_player + ", " +
       std::to_string(s.union_wins.n) + " games (" + r.spec.rules + ")\n";
  o += "  Union wins       " + pct(s.union_wins) + "\n";
  o += "  Confederate wins " + pct(s.confederate_wins) + "\n";
  o += "  draws            " + pct(s.draws) + "\n";
  o += "  mean VP          Union " + num(s.mean_vp[0], "%.1f") + " (sd " + num(s.sd_vp[0], "%.1f") +
       "), Confederate " + num(s.mean_vp[1], "%.1f") + " (sd " + num(s.sd_vp[1], "%.1f") + ")\n";
  o += "  refused actions  " + std::to_string(s.refused) + ", errors " + std::to_string(s.errors) +
       ", " + num(r.seconds, "%.1f") + " s\n";
  return o;
}

}  // namespace bg::study
