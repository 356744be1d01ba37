#include "ai/tuned_weights.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace bg::ai {

using core::error;
using core::Side;

std::span<const WeightParam> tuned_params() {
  // Bounds keep every term's sign (a tuner must not turn risk into a
  // reward) and within a range where the term still means what it says.
  static constexpr WeightParam kParams[] = {
      {"risk_factor", &Weights::risk_factor, 0.25, 3.0, 0.25},
      {"combat_factor", &Weights::combat_factor, 0.25, 3.0, 0.25},
      {"approach_factor", &Weights::approach_factor, 0.0, 4.0, 0.25},
      {"anchor_factor", &Weights::anchor_factor, 0.0, 4.0, 0.25},
      {"run_factor", &Weights::run_factor, 0.25, 3.0, 0.25},
      {"presence", &Weights::presence, 0.0, 1.5, 0.1},
      {"zone", &Weights::zone, 0.25, 3.0, 0.25},
      {"objective", &Weights::objective, 0.0, 3.0, 0.2},
      {"cohesion", &Weights::cohesion, 0.0, 0.5, 0.03},
  };
  return kParams;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// A finite number spelling the whole of s.
bool parse_number(std::string_view s, double& out) {
  if (s.empty() || s.size() > 40) return false;
  const std::string z(s);
  char* end = nullptr;
  out = std::strtod(z.c_str(), &end);
  return end == z.c_str() + z.size() && std::isfinite(out);
}

const Side kSides[] = {Side::Union, Side::Confederate};

}  // namespace

std::string format_weights(const TunedWeights& w, std::string_view comment) {
  std::string out = "# bluegray evaluation weights (docs/ai.md, \"Tuning\")\n";
  if (!comment.empty()) out += "# " + std::string(comment) + "\n";
  out += "format = 1\n";
  for (Side s : kSides)
    for (const WeightParam& p : tuned_params()) {
      char buf[48];
      // %.17g round-trips a double exactly.
      std::snprintf(buf, sizeof buf, "%.17g", w.of(s).*p.field);
      out += std::string(core::side_name(s)) + "." + std::string(p.name) + " = " + buf + "\n";
    }
  return out;
}

core::Result<TunedWeights> parse_weights(std::string_view text) {
  TunedWeights w;
  std::set<std::string> seen;
  bool format = false;
  int line_no = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    const std::string at = "line " + std::to_string(line_no) + ": ";
    if (const size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos) return error("", at + "expected `name = value`");
    const std::string key(trim(line.substr(0, eq)));
    double v = 0;
    if (!parse_number(trim(line.substr(eq + 1)), v))
      return error("", at + "'" + key + "' is not given a finite number");
    if (!seen.insert(key).second) return error("", at + "'" + key + "' is given twice");
    if (key == "format") {
      if (v != 1) return error("", at + "unknown format (this program reads format 1)");
      format = true;
      continue;
    }
    const size_t dot = key.find('.');
    const auto side = core::parse_side(key.substr(0, dot == std::string::npos ? 0 : dot));
    const WeightParam* param = nullptr;
    if (side)
      for (const WeightParam& p : tuned_params())
        if (key.substr(dot + 1) == p.name) param = &p;
    if (!param) return error("", at + "unknown weight '" + key + "'");
    if (v < param->lo || v > param->hi)
      return error("", at + "'" + key + "' must lie in [" + std::to_string(param->lo) + ", " +
                           std::to_string(param->hi) + "]");
    w.of(*side).*param->field = v;
  }
  if (!format) return error("", "no `format = 1` line: not a weights file");
  for (Side s : kSides)
    for (const WeightParam& p : tuned_params()) {
      const std::string key = std::string(core::side_name(s)) + "." + std::string(p.name);
      if (!seen.count(key)) return error("", "'" + key + "' is missing");
    }
  return w;
}

}  // namespace bg::ai
