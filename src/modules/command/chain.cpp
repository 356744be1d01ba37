#include "modules/command/chain.h"

#include "content/statements.h"

#include <array>
#include <charconv>

namespace bg::modules {

using namespace core;

namespace {
constexpr std::array<std::string_view, 6> kEchelons = {
    "army-group", "army", "grand-division", "corps", "cavalry-corps", "division"};

std::optional<int> number(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || v < 0 || v > 99) return std::nullopt;
  return v;
}

std::optional<Judgment> parse_judgment(std::string_view s) {
  Judgment j;
  if (!s.empty() && s.back() == 'f') {
    j.foolhardy = true;
    s.remove_suffix(1);
  }
  const auto v = number(s);
  if (!v || *v < 1 || *v > 6) return std::nullopt;
  j.rating = *v;
  return j;
}

// One key=value option of an hq or unit line into spec / cmd.
Status option(std::string_view w, HqSpec* spec, UnitCommand* cmd) {
  if (w == "assumed") {
    (spec ? spec->assumed : cmd->assumed) = true;
    return ok_status();
  }
  const size_t eq = w.find('=');
  if (eq == std::string_view::npos)
    return Error{"", "expected key=value, got '" + std::string(w) + "'"};
  const std::string_view key = w.substr(0, eq), val = w.substr(eq + 1);
  if (key == "judgment") {
    const auto j = parse_judgment(val);
    if (!j) return Error{"", "a judgment rating is 1 to 6, with f if foolhardy"};
    (spec ? spec->judgment : cmd->judgment) = j;
    return ok_status();
  }
  if (cmd && key == "hq") {
    cmd->hq = std::string(val);
    return ok_status();
  }
  if (spec && key == "parent") {
    spec->parent = std::string(val);
    return ok_status();
  }
  if (spec && (key == "radius" || key == "rally" || key == "offensive" || key == "defensive")) {
    const auto v = number(val);
    if (!v) return Error{"", std::string(key) + " is a number 0 to 99"};
    (key == "radius"      ? spec->radius
     : key == "rally"     ? spec->rally
     : key == "offensive" ? spec->offensive
                          : spec->defensive) = *v;
    return ok_status();
  }
  return Error{"", "unknown option '" + std::string(key) + "'"};
}
}  // namespace

std::string_view echelon_name(Echelon e) {
  return kEchelons[static_cast<size_t>(e)];
}

std::optional<Echelon> parse_echelon(std::string_view s) {
  for (size_t i = 0; i < kEchelons.size(); ++i)
    if (kEchelons[i] == s) return static_cast<Echelon>(i);
  return std::nullopt;
}

int HqSpec::rally_radius() const {
  if (rally >= 0) return rally;
  return echelon == Echelon::Division ? 0 : radius;  // FR 7 note
}

int CommandChain::find(std::string_view unit) const {
  if (unit.empty()) return -1;
  for (size_t i = 0; i < hqs.size(); ++i)
    if (hqs[i].unit == unit) return static_cast<int>(i);
  return -1;
}

Status CommandChain::validate() const {
  if (hqs.size() >= kNoHq) return Error{"", "too many headquarters"};
  for (size_t i = 0; i < hqs.size(); ++i) {
    const HqSpec& h = hqs[i];
    if (find(h.unit) != static_cast<int>(i)) return Error{"", h.unit + " is listed twice"};
    if (!h.parent.empty() && find(h.parent) < 0)
      return Error{"", h.unit + "'s parent " + h.parent + " is not a headquarters"};
    int at = static_cast<int>(i);
    for (size_t steps = 0; at >= 0; ++steps) {
      if (steps > hqs.size()) return Error{"", h.unit + "'s chain of command loops"};
      at = parent(at);
    }
  }
  for (const UnitCommand& u : units) {
    if (find(u.hq) < 0) return Error{"", u.unit + "'s headquarters " + u.hq + " is not listed"};
    if (find(u.unit) >= 0) return Error{"", u.unit + " is a headquarters; give it a parent"};
  }
  for (size_t i = 0; i < units.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (units[i].unit == units[j].unit) return Error{"", units[i].unit + " is listed twice"};
  return ok_status();
}

Result<CommandChain> parse_command_chain(std::string_view text) {
  CommandChain chain;
  const Status read = content::for_each_statement(
      text, [&](int line_no, const std::vector<std::string_view>& w) -> Status {
        auto fail = [&](const std::string& why) {
          return Error{"", "line " + std::to_string(line_no) + ": " + why};
        };
        size_t first_option = 2;
        HqSpec spec;
        UnitCommand cmd;
        const bool hq = w[0] == "hq";
        if (hq && w.size() >= 3) {
          const auto e = parse_echelon(w[2]);
          if (!e) return fail("unknown echelon '" + std::string(w[2]) + "'");
          spec.unit = std::string(w[1]);
          spec.echelon = *e;
          first_option = 3;
        } else if (w[0] == "unit" && w.size() >= 3) {
          cmd.unit = std::string(w[1]);
        } else {
          return fail("expected 'hq <unit> <echelon> ...' or 'unit <unit> hq=<unit> ...'");
        }
        for (size_t i = first_option; i < w.size(); ++i)
          if (auto s = option(w[i], hq ? &spec : nullptr, hq ? nullptr : &cmd); !s)
            return fail(s.error().message);
        if (hq) {
          chain.hqs.push_back(std::move(spec));
          return ok_status();
        }
        if (cmd.hq.empty()) return fail("a unit line names its hq=");
        chain.units.push_back(std::move(cmd));
        return ok_status();
      });
  if (!read) return read.error();
  if (auto s = chain.validate(); !s) return s.error();
  return chain;
}

ChainIndex index_chain(const CommandChain& chain, const Context& ctx) {
  ChainIndex x;
  const Roster& roster = *ctx.roster;
  x.roster_size = static_cast<uint16_t>(roster.size());
  x.hq_unit.assign(chain.hqs.size(), kNoUnit);
  x.hq_spec.assign(roster.size(), kNoHq);
  x.commander.assign(roster.size(), kNoHq);
  x.own_judgment.assign(roster.size(), kNoHq);
  for (size_t u = 0; u < roster.size(); ++u) {
    const int h = chain.find(roster[u].id);
    if (h >= 0) {
      x.hq_unit[static_cast<size_t>(h)] = static_cast<UnitIndex>(u);
      x.hq_spec[u] = static_cast<uint8_t>(h);
      const int p = chain.parent(h);
      x.commander[u] = p < 0 ? kNoHq : static_cast<uint8_t>(p);
      continue;
    }
    for (size_t c = 0; c < chain.units.size(); ++c) {
      if (chain.units[c].unit != roster[u].id) continue;
      x.commander[u] = static_cast<uint8_t>(chain.find(chain.units[c].hq));
      if (chain.units[c].judgment) x.own_judgment[u] = static_cast<uint8_t>(c);
    }
  }
  return x;
}

const ChainIndex& fresh_index(const CommandChain& chain, const Context& ctx,
                              const ChainIndex* cached) {
  if (cached && cached->fresh(ctx)) return *cached;
  thread_local ChainIndex scratch;
  thread_local const Roster* scratch_roster = nullptr;
  thread_local const CommandChain* scratch_chain = nullptr;
  if (scratch_roster != ctx.roster || scratch_chain != &chain || !scratch.fresh(ctx)) {
    scratch = index_chain(chain, ctx);
    scratch_roster = ctx.roster;
    scratch_chain = &chain;
  }
  return scratch;
}

int hex_distance(const Context& ctx, const Position& pos, UnitIndex a, UnitIndex b) {
  return distance(ctx.map->coord(pos.units[a].hex), ctx.map->coord(pos.units[b].hex));
}

}  // namespace bg::modules
