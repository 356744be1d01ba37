// The "exits" module (Four Roads rule 4; rulings
// R-FR4-ROUTE and R-FR4-REENTRY), on a sandbox map: a river along row 06
// with an emplaced pontoon at 0606; a road from the Union's scoring exit
// 0612 on the south edge north to the town 0607, and from 0605 north to the
// north edge at 0601. The Union scores 4 a factor at 0612 if it can trace
// exit -> road -> town -> pontoon beside the town -> road -> north edge, and
// exits anywhere on the south edge for nothing. The Confederates score 5 a
// factor at 0301 and exit on the north edge for nothing.
#include <gtest/gtest.h>

#include "modules/exits.h"
#include "modules/pontoons.h"
#include "modules_fixture.h"

namespace bg::test {
namespace {

using modules::Edge;
using modules::ExitsData;
using modules::ExitsModule;
using modules::PontoonsData;
using modules::PontoonsModule;
using modules::RouteLeg;

ExitsData four_roads_like() {
  ExitsData d;
  auto& u = d.sides[0];
  u.scoring.push_back({hex_of("0612"), 4});
  u.free_edge = Edge::South;
  RouteLeg town;
  town.kind = RouteLeg::Kind::RoadToHexes;
  town.hexes = {hex_of("0607")};
  RouteLeg bridge;
  bridge.kind = RouteLeg::Kind::AcrossPontoon;
  RouteLeg north;
  north.kind = RouteLeg::Kind::RoadToEdge;
  north.edge = Edge::North;
  u.route = {town, bridge, north};
  auto& c = d.sides[1];
  c.scoring.push_back({hex_of("0301"), 5});
  c.free_edge = Edge::North;
  return d;
}

struct Exits {
  explicit Exits(bool pontoon = true, RulesConfig cfg = rules_1977()) {
    PontoonsData pd;
    if (pontoon) pd.emplaced.push_back({hex_of("0606"), Side::Union});
    auto p = std::make_unique<PontoonsModule>(pd);
    auto e = std::make_unique<ExitsModule>(four_roads_like(), p.get());
    exits = e.get();
    mod = std::make_unique<ModBox>(module_list(std::move(p), std::move(e)), cfg);
    for (int c = 1; c <= 12; ++c)
      box().terrain((c < 10 ? "0" : "") + std::to_string(c) + "06", Terrain::River);
    box().terrain("0607", Terrain::Town);
    const char* south[] = {"0612", "0611", "0610", "0609", "0608", "0607"};
    for (int i = 0; i + 1 < 6; ++i) box().side(south[i], south[i + 1], kRoad);
    const char* north[] = {"0605", "0604", "0603", "0602", "0601"};
    for (int i = 0; i + 1 < 5; ++i) box().side(north[i], north[i + 1], kRoad);
  }
  Sandbox& box() { return mod->box; }
  Result<Report> exit_by(const std::string& u, std::initializer_list<std::string> path) {
    Action a;
    a.kind = ActionKind::Move;
    a.unit = box().id(u);
    a.exit_map = true;
    for (const auto& h : path) a.path.push_back(box().hex(h));
    return box().game().apply(a);
  }
  int exit_points(Side s) {
    int total = 0;
    for (const VpLine& l : box().game().victory().lines)
      if (l.side == s && l.rule == "FR 4") total += l.points;
    return total;
  }
  const ExitsModule* exits = nullptr;
  std::unique_ptr<ModBox> mod;
};

TEST(FR_4_Exiting, LeavingByAScoringExitWithTheRouteClearScoresFourAFactor) {
  Exits x;
  x.box().inf("U", Side::Union, 3, "0611");
  x.box().inf("C", Side::Confederate, 2, "1101");
  auto r = x.exit_by("U", {"0612"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 2);  // one to enter 0612, one to leave (FR 4)
  EXPECT_EQ(x.box().where("U"), "exited");
  EXPECT_EQ(x.exit_points(Side::Union), 12);
  EXPECT_EQ(x.box().game().victory().total[0], 12);  // scored when the unit leaves
}

TEST(R_FR4_ROUTE, AnEnemyZoneOfControlOnTheRouteCostsThePoints) {
  Exits x;
  x.box().inf("U", Side::Union, 3, "0611");
  x.box().inf("C", Side::Confederate, 2, "0704");  // controls 0603 and 0604 on the road
  ASSERT_TRUE(x.exit_by("U", {"0612"}).ok());
  EXPECT_EQ(x.box().where("U"), "exited");  // it still leaves, for nothing
  EXPECT_EQ(x.exit_points(Side::Union), 0);
}

TEST(R_FR4_ROUTE, WithoutAnEmplacedPontoonBesideTheTownThereAreNoPoints) {
  Exits x(false);
  x.box().inf("U", Side::Union, 3, "0611");
  x.box().inf("C", Side::Confederate, 2, "1101");
  ASSERT_TRUE(x.exit_by("U", {"0612"}).ok());
  EXPECT_EQ(x.exit_points(Side::Union), 0);
}

TEST(FR_4_Exiting, TheSouthEdgeIsAnExitForNoPoints) {
  Exits x;
  x.box().inf("U", Side::Union, 3, "0311");
  x.box().inf("C", Side::Confederate, 2, "1101");
  ASSERT_TRUE(x.exit_by("U", {"0312"}).ok());
  EXPECT_EQ(x.box().where("U"), "exited");
  EXPECT_EQ(x.exit_points(Side::Union), 0);
  ASSERT_NE(x.exits->record(x.box().state(), x.box().id("U")), nullptr);
}

TEST(FR_4_Exiting, OnlyTheSidesOwnExitsAndLeavingCostsOneMovementPoint) {
  Exits x;
  x.box().inf("U", Side::Union, 3, "0302");
  x.box().inf("W", Side::Union, 3, "0210");
  x.box().inf("C", Side::Confederate, 2, "1101");
  x.box().terrain("0211", Terrain::Forest);
  x.box().terrain("0212", Terrain::Forest);
  // 0301 is the Confederates' exit; the north edge is theirs too.
  EXPECT_REFUSED(x.box(), x.exit_by("U", {"0301"}), "FR 4");
  // Six MP to reach the edge through forest leaves none to leave by.
  EXPECT_REFUSED(x.box(), x.exit_by("W", {"0211", "0212"}), "FR 4");
}

TEST(FR_4_Exiting, TheConfederatesScoreFiveAFactorAtTheirExitWithNoRouteToTrace) {
  Exits x;
  x.box().inf("C", Side::Confederate, 2, "0302");
  x.box().inf("U", Side::Union, 2, "1112");
  x.box().advance_to(Side::Confederate, Phase::Movement);
  ASSERT_TRUE(x.exit_by("C", {"0301"}).ok());
  EXPECT_EQ(x.exit_points(Side::Confederate), 10);
}

TEST(R_FR4_REENTRY, AnExitedUnitComesBackAtItsExitHexLaterAndItsPointsAreRevoked) {
  Exits x;
  x.box().inf("U", Side::Union, 3, "0611");
  x.box().inf("C", Side::Confederate, 2, "1101");
  ASSERT_TRUE(x.exit_by("U", {"0612"}).ok());
  ASSERT_EQ(x.exit_points(Side::Union), 12);
  // Not in the Game-Turn it left.
  EXPECT_REFUSED(x.box(), x.box().enter("U", {"0612"}), "FR 4");
  to_turn(x.box(), 2, Side::Union);
  EXPECT_EQ(x.box().game().entry_options(x.box().id("U")), std::vector<HexId>{x.box().hex("0612")});
  auto r = x.box().enter("U", {"0612", "0611"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->mp, 2);  // the exit hex counts against the allowance (FR 5)
  EXPECT_EQ(x.box().where("U"), "0611");
  EXPECT_EQ(x.exit_points(Side::Union), 0);
  EXPECT_EQ(x.exits->record(x.box().state(), x.box().id("U")), nullptr);
}

TEST(R_FR4_REENTRY, NotOnTopOfAnEnemyUnit) {
  Exits x;
  x.box().inf("U", Side::Union, 3, "0611");
  x.box().inf("C", Side::Confederate, 2, "0710");
  ASSERT_TRUE(x.exit_by("U", {"0612"}).ok());
  to_turn(x.box(), 1, Side::Confederate);
  ASSERT_TRUE(x.box().move("C", {"0711", "0712", "0612"}).ok());
  to_turn(x.box(), 2, Side::Union);
  EXPECT_TRUE(x.box().game().entry_options(x.box().id("U")).empty());
  EXPECT_REFUSED(x.box(), x.box().enter("U", {"0612"}), "reinforcement-enemy-hex");
}

TEST(FR_4_Exiting, ARandomLegalGameRunsToTheEnd) {
  int decisions = 0;
  int exited = 0, reentered = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    RulesConfig cfg = rules_1977();
    cfg.turns = 6;
    cfg.seed = seed;
    Exits x(true, cfg);
    x.box().inf("U1", Side::Union, 4, "0610");
    x.box().inf("U2", Side::Union, 3, "0411");
    x.box().inf("U3", Side::Union, 2, "0909");
    x.box().inf("C1", Side::Confederate, 4, "0303");
    x.box().inf("C2", Side::Confederate, 3, "0802");
    x.box().inf("C3", Side::Confederate, 2, "1004");
    const std::string e = play_random(x.box().game(), seed, decisions);
    ASSERT_EQ(e, "") << "seed " << seed;
    for (const LogEntry& l : x.box().game().log()) {
      exited += l.action.exit_map;
      // Every unit here starts on the map: an entry is a re-entry (FR 4).
      reentered += l.action.kind == ActionKind::Enter;
    }
  }
  EXPECT_GT(exited, 0);     // the random player did leave the map
  EXPECT_GT(reentered, 0);  // and came back
}

}  // namespace
}  // namespace bg::test
