// Unit abilities are data on UnitDef, not unit types: a title gives its units
// the abilities its rules describe (Road to Richmond's Train: never attacks,
// no ZOC, stacks with nothing, nothing passes through it, roads only), and the
// core enforces each one separately. In the sandbox a refusal cites the
// ability's key (R-SANDBOX-CITE); under a title's rules, the title's case.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sandbox.h"
#include "titles/road_to_richmond/road_to_richmond.h"

namespace bg::test {
namespace {

constexpr Side U = Side::Union;

// Places a Union special unit with the given abilities in hex h.
void place_special(Sandbox& s, const std::string& id, const std::string& h, bool sole,
                   bool no_pass) {
  auto d = std::make_shared<UnitDef>();
  d->id = id;
  d->side = U;
  d->type = UnitType::Special;
  d->strength = d->defense = 1;
  d->can_attack = false;
  d->sole_occupant = sole;
  d->no_pass_through = no_pass;
  Action a;
  a.kind = ActionKind::PlaceUnit;
  a.hex = s.hex(h);
  a.def = d;
  auto r = s.game().apply(a);
  ASSERT_TRUE(r.ok()) << r.error().message;
}

TEST(Abilities, ASoleOccupantMayBePassedThroughButNotJoined) {
  Sandbox s;
  place_special(s, "W", "0505", true, false);
  s.inf("A", U, 3, "0504");
  s.inf("B", U, 3, "0503");
  EXPECT_REFUSED(s, s.move("A", {"0505"}), "sole-occupant");
  EXPECT_TRUE(s.move("B", {"0504", "0505", "0506"}).ok()) << "passing through is allowed";
}

TEST(Abilities, NoPassThroughClosesTheHexToMovementNotToSetUp) {
  Sandbox s;
  place_special(s, "W", "0505", false, true);
  s.inf("A", U, 3, "0504");
  EXPECT_REFUSED(s, s.move("A", {"0505", "0506"}), "no-pass-through");
  Reach reach;
  s.game().reach(s.id("A"), false, reach);
  EXPECT_FALSE(reach.contains(s.hex("0505")));
  // W itself moves through no occupied hex.
  s.inf("B", U, 3, "0506");
  EXPECT_REFUSED(s, s.move("W", {"0506", "0507"}), "no-pass-through");
  // It does not stack alone: a unit may be set up with it.
  s.inf("C", U, 3, "0505");
  EXPECT_EQ(s.where("C"), "0505");
}

TEST(Abilities, ATitleCitesItsOwnCaseForAnAbility) {
  titles::rtr::RtrOptions o;
  o.exclusive = titles::rtr::ExclusiveEdition::Revised;
  Sandbox s(rules_1977(), std::make_shared<titles::rtr::RoadToRichmond>(Map(12, 12), Roster{}, o));
  place_special(s, "W", "0505", true, true);
  s.inf("A", U, 3, "0504");
  EXPECT_REFUSED(s, s.move("A", {"0505", "0506"}), "21.14");  // revised 21.14, 1977 20.22
}

}  // namespace
}  // namespace bg::test
