// Module "command" (src/modules/command): headquarters units and Four
// Roads rule 7 (an ineffective unit in its corps or army headquarters' radius
// recovers at the start of its player-turn), with rulings R-FR-7-RADIUS,
// R-FR-HQ-UNITS and R-FR-HQ-ALONE. Each test plays a sandbox game.
#include <gtest/gtest.h>

#include "modules_command_fixture.h"

namespace bg::test {
namespace {

constexpr const char* kChain = R"(
# a Union army, one corps, one division
hq Army army radius=4
hq Corps corps parent=Army radius=4 judgment=4
hq Div division parent=Corps radius=4
unit Near hq=Corps
unit Far hq=Corps
unit DivMan hq=Div
unit ArmyMan hq=Army
)";

// Ends phases until Union's next Movement Phase begins (a new player-turn).
void next_union_turn(CommandBox& b) {
  ASSERT_TRUE(b->end().ok());
  b->advance_to(Side::Union, Phase::Movement);
}

TEST(FR_7, IneffectiveUnitWithinItsCorpsRadiusRecoversAtTheStartOfItsPlayerTurn) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Union, "0505");
  b.hq("Army", Side::Union, "1111");
  b->inf("Near", Side::Union, 3, "0508");  // 3 hexes from Corps
  b->inf("Far", Side::Union, 3, "0510");   // 5 hexes: out of its radius 4
  b.set_ineffective("Near");
  b.set_ineffective("Far");
  next_union_turn(b);
  EXPECT_FALSE(b.ineffective("Near"));
  EXPECT_TRUE(b.ineffective("Far"));
  const auto* s = b.module<modules::CommandModule>("command").command_state(b->state());
  ASSERT_EQ(s->rallied.size(), 1u);
  EXPECT_EQ(s->rallied[0], b->id("Near"));
}

TEST(FR_7, ArmyHeadquartersRalliesWithinItsOwnRadiusDivisionalOnesDoNot) {
  CommandBox b(kChain, {"command"});
  b.hq("Army", Side::Union, "0202");
  b.hq("Corps", Side::Union, "1201");  // 9 or more hexes from DivMan
  b.hq("Div", Side::Union, "0809");
  b->inf("ArmyMan", Side::Union, 3, "0205");  // 3 from Army (radius 4)
  b->inf("DivMan", Side::Union, 3, "0810");   // next to its division HQ, far from Corps and Army
  b.set_ineffective("ArmyMan");
  b.set_ineffective("DivMan");
  next_union_turn(b);
  EXPECT_FALSE(b.ineffective("ArmyMan"));
  EXPECT_TRUE(b.ineffective("DivMan"));  // FR 7 note: no divisional radius
}

TEST(FR_7, UnitsOfADivisionRecoverInTheirCorpsRadius) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Union, "0505");
  b->inf("DivMan", Side::Union, 3, "0606");
  b.set_ineffective("DivMan");
  next_union_turn(b);
  EXPECT_FALSE(b.ineffective("DivMan"));
}

TEST(R_FR_7_RADIUS, RadiusIsCountedInHexesWhateverLiesBetween) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Union, "0505");
  b->inf("Near", Side::Union, 3, "0508");
  b->terrain("0506", Terrain::River);  // no path of 3 hexes: the radius needs none
  b->terrain("0507", Terrain::Forest);
  b.set_ineffective("Near");
  next_union_turn(b);
  EXPECT_FALSE(b.ineffective("Near"));
}

TEST(FR_7, OnlyThePhasingSidesUnitsRecover) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Union, "0505");
  b->inf("Near", Side::Union, 3, "0506");
  b.set_ineffective("Near");
  b->advance_to(Side::Confederate, Phase::Movement);
  EXPECT_TRUE(b.ineffective("Near"));  // the Confederate player-turn began
  b->advance_to(Side::Union, Phase::Movement);
  EXPECT_FALSE(b.ineffective("Near"));
}

TEST(R_FR_HQ_UNITS, HeadquartersStackFreelyInBothEditions) {
  for (RulesConfig r : {CommandBox::ae_rules(), rules_dg()}) {
    CommandBox b(kChain, {"command"}, r);
    b->inf("Near", Side::Union, 3, "0505");
    b->inf("Far", Side::Union, 3, "0505");
    b.hq("Corps", Side::Union, "0505");  // a third counter, placed
    b.hq("Army", Side::Union, "0506");
    ASSERT_TRUE(b->move("Army", {"0505"}).ok());  // a fourth, moved in (DG 6.0 checks now)
    EXPECT_TRUE(b->end().ok());                   // 5.32 checks at the phase's end
    EXPECT_EQ(b->game().board().stacked(Side::Union, b->hex("0505")), 2);
  }
}

TEST(R_FR_HQ_UNITS, HeadquartersNeverAttackAndExertNoZoc) {
  CommandBox b(kChain, {"command"});
  b.hq("Army", Side::Union, "0303");
  EXPECT_EQ(b->game().board().zoc(Side::Union, b->hex("0304")), 0);
  b.hq("Corps", Side::Union, "0505");
  b->inf("Near", Side::Union, 3, "0505");
  b->inf("Reb", Side::Confederate, 3, "0506");
  b->advance_to(Side::Union, Phase::Combat);
  EXPECT_REFUSED(*b, b->attack({"Corps"}, {"0506"}), "never-attacks");
  EXPECT_TRUE(b->attack({"Near"}, {"0506"}).ok());
}

TEST(R_FR_HQ_ALONE, ALoneHeadquartersIsNeverAttacked) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Union, "0505");
  b->unit("Guns", Side::Confederate, UnitType::Artillery, 2, "0507");  // 2 hexes: no ZOC on 0505
  b->advance_to(Side::Confederate, Phase::Combat);
  EXPECT_EQ(b->where("Corps"), "0505");
  EXPECT_REFUSED(*b, b->attack({"Guns"}, {"0505"}), "R-FR-HQ-ALONE");
}

TEST(R_FR_HQ_ALONE, ALoneHeadquartersInTheEnemysZocIsCapturedWhenTheEnemyActs) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Confederate, "0505");
  b->inf("Yank", Side::Union, 3, "0508");
  ASSERT_TRUE(b->move("Yank", {"0507", "0506"}).ok());
  EXPECT_EQ(b->where("Corps"), "eliminated");
  EXPECT_EQ(b->state().vp[0], 0);  // no strength, no points
  const auto* s = b.module<modules::CommandModule>("command").command_state(b->state());
  ASSERT_EQ(s->captured.size(), 1u);
}

TEST(R_FR_HQ_ALONE, AHeadquartersWithACombatUnitIsNotCaptured) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Confederate, "0505");
  b->inf("Reb", Side::Confederate, 3, "0505");
  b->inf("Yank", Side::Union, 3, "0508");
  ASSERT_TRUE(b->move("Yank", {"0507", "0506"}).ok());
  EXPECT_EQ(b->where("Corps"), "0505");
}

TEST(R_FR_HQ_ALONE, ThePhasingPlayersOwnHeadquartersIsTakenOnlyWhenTheEnemyActs) {
  CommandBox b(kChain, {"command"});
  b.hq("Corps", Side::Union, "0508");
  b->inf("Reb", Side::Confederate, 3, "0505");
  ASSERT_TRUE(b->move("Corps", {"0507", "0506"}).ok());
  EXPECT_EQ(b->where("Corps"), "0506");  // its own player-turn: it could still be joined
  b->advance_to(Side::Confederate, Phase::Movement);
  EXPECT_EQ(b->where("Corps"), "eliminated");
}

TEST(R_FR_HQ_UNITS, ChainTextFormatReadsAndRefusesBadData) {
  auto ok = modules::parse_command_chain(kChain);
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->hqs.size(), 3u);
  EXPECT_EQ(ok->hqs[1].judgment->rating, 4);
  EXPECT_EQ(ok->hqs[2].rally_radius(), 0);  // division
  EXPECT_EQ(ok->hqs[0].rally_radius(), 4);
  auto f = modules::parse_command_chain("hq Stuart cavalry-corps judgment=6f offensive=1\n");
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->hqs[0].judgment->foolhardy);
  EXPECT_EQ(f->hqs[0].offensive, 1);
  EXPECT_FALSE(f->hqs[0].assumed);
  // R-FR-HQ-RATINGS: ratings the documents do not give are marked assumed.
  auto a = modules::parse_command_chain("hq Couch corps judgment=4 assumed\n");
  ASSERT_TRUE(a.ok()) << a.error().message;
  EXPECT_TRUE(a->hqs[0].assumed);
  auto u = modules::parse_command_chain("unit U hq=X judgment=4 assumed\nhq X corps\n");
  ASSERT_TRUE(u.ok()) << u.error().message;
  EXPECT_TRUE(u->units[0].assumed);
  for (const char* bad : {"hq X regiment\n", "hq X corps parent=Nobody\n",
                          "hq X corps parent=Y\nhq Y corps parent=X\n", "unit U\n",
                          "unit U hq=Nobody\n", "hq X corps judgment=7\n", "hq X corps radius=-1\n",
                          "hq X corps\nhq X army\n", "frobnicate\n"})
    EXPECT_FALSE(modules::parse_command_chain(bad).ok()) << bad;
  auto line = modules::parse_command_chain("\n\nhq X corps judgment=9\n");
  ASSERT_FALSE(line.ok());
  EXPECT_NE(line.error().message.find("line 3"), std::string::npos);
}

}  // namespace
}  // namespace bg::test
