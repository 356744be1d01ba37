// Module "orders" (src/modules/command/orders_module.h): Four Roads rule 8,
// Following Orders, with rulings R-FR-8-OUT-OF-RANGE, R-FR-8-FOOLHARDY,
// R-FR-8-FIRST-TURN and R-FR-8-REPLACE. The dice are forced before the End
// that begins the Union's player-turn; the rolls come in chain order.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/legal_actions.h"
#include "modules_command_fixture.h"

namespace bg::test {
namespace {

constexpr const char* kChain = R"(
hq Army army radius=4
hq Grand grand-division parent=Army radius=4 judgment=5
hq Corps corps parent=Grand radius=4 judgment=4
hq Div division parent=Corps radius=4
hq Far corps parent=Army radius=4 judgment=3
hq Cav cavalry-corps parent=Army radius=4
hq Stuart cavalry-corps parent=Army radius=8 judgment=6f
unit Inf hq=Corps
unit DivMan hq=Div
unit Rider hq=Cav judgment=2
unit Trooper hq=Cav judgment=5
unit Raider hq=Stuart
unit Distant hq=Stuart
)";

// Plays to the Union's second player-turn, the dice forced for its rolls.
void union_turn_with(CommandBox& b, std::initializer_list<int> dice) {
  b->advance_to(Side::Confederate, Phase::Combat);
  b->dice(dice);
  ASSERT_TRUE(b->end().ok());
  ASSERT_EQ(b->state().phasing, Side::Union);
  ASSERT_EQ(b->state().phase, Phase::Movement);
}

// Answers every pending decision with the first legal action.
void settle_pending(CommandBox& b) {
  for (int i = 0; i < 8 && !b->state().pending.empty(); ++i) {
    std::vector<Action> legal;
    legal_actions(b->game(), legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(b->game().apply(legal.front()).ok());
  }
}

const modules::OrdersState& orders(CommandBox& b) {
  return *b.module<modules::OrdersModule>("orders").orders_state(b->state());
}

bool can_move(CommandBox& b, const std::string& u) {
  return b->game().can_move(b->id(u), false).ok();
}

// Army at 0101; Grand 0303; Corps 0305; Div 0306; units beside them.
void chain_on_map(CommandBox& b) {
  b.hq("Army", Side::Union, "0101");
  b.hq("Grand", Side::Union, "0303");
  b.hq("Corps", Side::Union, "0305");
  b.hq("Div", Side::Union, "0306");
  b->inf("Inf", Side::Union, 3, "0405");
  b->inf("DivMan", Side::Union, 3, "0406");
}

TEST(FR_8, ARollAboveJudgmentFreezesTheHeadquartersAndEverySubordinate) {
  CommandBox b(kChain, {"orders"});
  chain_on_map(b);
  union_turn_with(b, {2, 5});  // Grand rolls 2 (<= 5), Corps rolls 5 (> 4)
  ASSERT_EQ(orders(b).rolls.size(), 2u);
  EXPECT_EQ(orders(b).rolls[0].unit, b->id("Grand"));
  EXPECT_TRUE(orders(b).rolls[1].frozen);
  EXPECT_REFUSED(*b, b->move("Corps", {"0304"}), "FR 8");
  EXPECT_REFUSED(*b, b->move("Inf", {"0404"}), "FR 8");
  EXPECT_REFUSED(*b, b->move("DivMan", {"0407"}), "FR 8");  // under Div, under Corps
  EXPECT_TRUE(b->reach("Inf").empty());
  EXPECT_TRUE(b->move("Grand", {"0302"}).ok());
  EXPECT_TRUE(b->move("Army", {"0102"}).ok());
  std::vector<Action> legal;
  legal_actions(b->game(), legal);
  for (const Action& a : legal)
    EXPECT_FALSE(a.kind == ActionKind::Move && a.unit == b->id("Inf")) << "Inf is frozen";
}

TEST(FR_8, ARollEqualToJudgmentLetsTheCommandMove) {
  CommandBox b(kChain, {"orders"});
  chain_on_map(b);
  union_turn_with(b, {5, 4});
  EXPECT_FALSE(orders(b).rolls[1].frozen);
  EXPECT_TRUE(b->move("Inf", {"0404"}).ok());
}

TEST(FR_8, AFrozenParentFreezesItsChildrenWithoutARoll) {
  CommandBox b(kChain, {"orders"});
  chain_on_map(b);
  union_turn_with(b, {6, 1});  // Grand rolls 6 > 5: Corps does not roll
  ASSERT_EQ(orders(b).rolls.size(), 1u);
  EXPECT_EQ(b->state().dice.forced_left(), 1u);
  EXPECT_REFUSED(*b, b->move("Inf", {"0404"}), "FR 8");
}

TEST(FR_8, FrozenUnitsStillAttack) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Grand", Side::Union, "0303");
  b.hq("Corps", Side::Union, "0305");
  b->unit("Inf", Side::Union, UnitType::Artillery, 3, "0405");  // bombards from 2 hexes
  b->inf("Reb", Side::Confederate, 1, "0403");
  union_turn_with(b, {2, 6});
  EXPECT_FALSE(can_move(b, "Inf"));
  ASSERT_TRUE(b->end().ok());
  b->dice({1});
  EXPECT_TRUE(b->attack({"Inf"}, {"0403"}).ok());
}

TEST(R_FR_8_OUT_OF_RANGE, AHeadquartersOutOfItsParentsRadiusDoesNotRollNorMove) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Grand", Side::Union, "0303");
  b.hq("Corps", Side::Union, "0310");  // 7 hexes from Grand (radius 4)
  b->inf("Inf", Side::Union, 3, "0410");
  union_turn_with(b, {1, 1});
  ASSERT_EQ(orders(b).rolls.size(), 1u);  // Grand only
  EXPECT_REFUSED(*b, b->move("Corps", {"0309"}), "FR 8");
  EXPECT_REFUSED(*b, b->move("Inf", {"0409"}), "FR 8");
  EXPECT_EQ(b.module<modules::OrdersModule>("orders").status_of(b->state(), b->id("Inf")),
            modules::OrderStatus::OutOfRange);
}

TEST(FR_8, TheArmysRadiusIsUnlimitedForMovement) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Far", Side::Union, "1112");  // far beyond the army's 4
  union_turn_with(b, {3});
  ASSERT_EQ(orders(b).rolls.size(), 1u);
  EXPECT_TRUE(b->move("Far", {"1111"}).ok());
}

TEST(FR_8, CavalryRollsUnitByUnitWithItsOwnRating) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Cav", Side::Union, "0808");
  b->unit("Rider", Side::Union, UnitType::Cavalry, 1, "0909");
  b->unit("Trooper", Side::Union, UnitType::Cavalry, 1, "0910");
  union_turn_with(b, {3, 3});  // Cav has no rating: the riders roll, 3 > 2, 3 <= 5
  ASSERT_EQ(orders(b).rolls.size(), 2u);
  EXPECT_EQ(orders(b).rolls[0].unit, b->id("Rider"));
  EXPECT_REFUSED(*b, b->move("Rider", {"0908"}), "FR 8");
  EXPECT_TRUE(b->move("Trooper", {"0911"}).ok());
  EXPECT_TRUE(b->move("Cav", {"0807"}).ok());
}

TEST(R_FR_8_FOOLHARDY, AFoolhardyOneOrdersEverySubordinateInItsRadiusToAttack) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Stuart", Side::Union, "0202");
  b->unit("Raider", Side::Union, UnitType::Cavalry, 2, "0203");
  b->unit("Distant", Side::Union, UnitType::Cavalry, 2, "1212");  // beyond Stuart's 8
  b->inf("Reb", Side::Confederate, 1, "0207");
  union_turn_with(b, {1});
  ASSERT_TRUE(orders(b).rolls[0].attack_ordered);
  const auto& mod = b.module<modules::OrdersModule>("orders");
  EXPECT_TRUE(mod.must_attack(b->game().context(), b->state(), b->id("Raider")));
  EXPECT_FALSE(mod.must_attack(b->game().context(), b->state(), b->id("Distant")));
  // It can reach the enemy: its move must end next to it, and the phase waits for it.
  EXPECT_REFUSED(*b, b->move("Raider", {"0204"}), "FR 8");
  EXPECT_REFUSED(*b, b->end(), "FR 8");
  const auto reach = b->reach("Raider");
  EXPECT_TRUE(reach.count("0206"));
  EXPECT_FALSE(reach.count("0204"));               // passed through, not a place to stop
  EXPECT_TRUE(b->move("Distant", {"1211"}).ok());  // out of Stuart's radius: free
  ASSERT_TRUE(b->move("Raider", {"0204", "0205", "0206"}).ok());  // next to Reb
  ASSERT_TRUE(b->end().ok());                                     // combat: 7.12 binds it too
  b->dice({1});
  ASSERT_TRUE(b->attack({"Raider"}, {"0207"}).ok());
  settle_pending(b);
  EXPECT_TRUE(b->end().ok());
}

TEST(R_FR_8_FOOLHARDY, AnOrderedUnitNextToAnEnemyWithoutAZocMustStillAttackIt) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Stuart", Side::Union, "0202");
  b->unit("Raider", Side::Union, UnitType::Cavalry, 2, "0203");
  auto d = std::make_shared<UnitDef>();
  d->id = "Wagons";  // a unit with a defence and no Zone of Control: 7.12 does not bind
  d->side = Side::Confederate;
  d->type = UnitType::Special;
  d->strength = 0;
  d->defense = 1;
  d->can_attack = false;
  d->exerts_zoc = false;
  Action place;
  place.kind = ActionKind::PlaceUnit;
  place.hex = b->hex("0204");
  place.def = d;
  ASSERT_TRUE(b->game().apply(place).ok());
  union_turn_with(b, {1});
  ASSERT_TRUE(b->end().ok());  // Raider stays: already in an attacking position
  EXPECT_REFUSED(*b, b->end(), "FR 8");
  b->dice({1});
  ASSERT_TRUE(b->attack({"Raider"}, {"0204"}).ok());
  settle_pending(b);
  EXPECT_TRUE(b->end().ok());
}

TEST(R_FR_8_FOOLHARDY, AnOrderedUnitThatCannotReachTheEnemyIsFree) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Stuart", Side::Union, "0202");
  b->unit("Raider", Side::Union, UnitType::Cavalry, 2, "0203");
  b->inf("Reb", Side::Confederate, 1, "1212");
  union_turn_with(b, {1});
  ASSERT_TRUE(b->move("Raider", {"0204"}).ok());  // not toward the enemy: nothing forbids it
  ASSERT_TRUE(b->end().ok());
  EXPECT_TRUE(b->end().ok());  // nothing adjacent to attack: no obligation
}

// An attack position already holding two units is no place to stop (5.32):
// an ordered unit whose only reachable attack positions are full is free.
TEST(R_FR_8_FOOLHARDY, AFullHexIsNoAttackPositionForAnOrderedUnit) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Stuart", Side::Union, "0202");
  b->unit("Raider", Side::Union, UnitType::Cavalry, 2, "0206");
  for (const char* h : {"0106", "0107", "0108", "0109", "0306", "0307", "0308", "0309", "0209"})
    b->terrain(h, Terrain::River);
  union_turn_with(b, {1});
  ASSERT_TRUE(orders(b).rolls[0].attack_ordered);
  // Placed now, so no earlier phase owes their attack (7.12).
  b->inf("F1", Side::Union, 2, "0207");
  b->inf("F2", Side::Union, 2, "0207");
  b->inf("Reb", Side::Confederate, 1, "0208");
  EXPECT_TRUE(b.module<modules::OrdersModule>("orders").must_attack(b->game().context(), b->state(),
                                                                    b->id("Raider")));
  // 0207, the one hex next to Reb it reaches, is full: it may stay where it is.
  EXPECT_TRUE(b->end().ok());
}

TEST(R_FR_8_REPLACE, UnitsOfAnEliminatedCorpsHeadquartersWaitForACavalryCorpsHeadquarters) {
  CommandBox b(kChain, {"orders"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Grand", Side::Union, "0303");
  b.hq("Corps", Side::Union, "0305");
  b.hq("Stuart", Side::Union, "0306");
  b->inf("Inf", Side::Union, 3, "0405");
  // The corps headquarters is lost (captured, say): eliminate it directly.
  const_cast<GameState&>(b->state()).pos.units[b->id("Corps")].status = UnitStatus::Eliminated;
  union_turn_with(b, {1, 1});  // Grand rolls, Stuart rolls
  EXPECT_REFUSED(*b, b->move("Inf", {"0404"}), "FR 8");
  const int corps = b.chain->find("Corps");
  Action a;
  a.kind = ActionKind::Scenario;
  a.decision = static_cast<uint8_t>(*b.rules_ptr->parse_decision_key("replace-hq"));
  a.unit = b->id("Stuart");
  a.value = static_cast<int16_t>(b.chain->find("Grand"));
  EXPECT_REFUSED(*b, b->game().apply(a), "FR 8");  // Grand is not eliminated
  a.value = static_cast<int16_t>(corps);
  ASSERT_TRUE(b->game().apply(a).ok());
  EXPECT_REFUSED(*b, b->game().apply(a), "FR 8");  // once
  union_turn_with(b, {2, 3});  // next Union turn: Grand, then Stuart acting for Corps
  EXPECT_EQ(orders(b).rolls.size(), 2u);
  EXPECT_EQ(orders(b).rolls[1].unit, b->id("Stuart"));
  EXPECT_TRUE(b->move("Inf", {"0404"}).ok());
}

// A title's game is made with its roster: the first player-turn rolls too.
TEST(R_FR_8_FIRST_TURN, AGameMadeWithItsUnitsRollsForTheFirstPlayerTurn) {
  auto chain = std::make_shared<modules::CommandChain>(*modules::parse_command_chain(kChain));
  std::vector<std::unique_ptr<modules::Module>> mods;
  mods.push_back(std::make_unique<modules::OrdersModule>(chain));
  auto rules = std::make_shared<modules::ModularRules>("orders-test", std::move(mods));
  auto map = std::make_shared<Map>(12, 12);
  auto roster = std::make_shared<Roster>();
  roster->push_back(modules::make_hq_def("Army", Side::Union));
  roster->push_back(modules::make_hq_def("Grand", Side::Union));
  UnitDef inf;
  inf.id = "Inf";  // under no headquarters of this chain's map: free
  roster->push_back(inf);
  Position start;
  start.count = 3;
  for (int i = 0; i < 3; ++i) {
    start.units[i].status = UnitStatus::OnMap;
    start.units[i].hex = map->id(*parse_hex(i == 0 ? "0101" : i == 1 ? "0303" : "0304"));
  }
  RulesConfig cfg;
  cfg.seed = 7;
  Game g(map, roster, cfg, start, false, rules);
  const auto& mod = *static_cast<const modules::OrdersModule*>(rules->find("orders"));
  ASSERT_TRUE(mod.current(g.state()));
  ASSERT_EQ(mod.orders_state(g.state())->rolls.size(), 1u);  // Grand, against the army
  EXPECT_EQ(mod.orders_state(g.state())->rolls[0].unit, 1);
  Game again(map, roster, cfg, start, false, rules);
  EXPECT_TRUE(again.state() == g.state());  // the game's dice: a replay rolls the same
}

TEST(FR_8, RollsAreInTheStateAndTheSameSeedGivesTheSameRolls) {
  std::vector<modules::OrderRoll> first;
  for (int run = 0; run < 2; ++run) {
    CommandBox b(kChain, {"orders"});
    chain_on_map(b);
    b->advance_to(Side::Confederate, Phase::Combat);
    ASSERT_TRUE(b->end().ok());
    if (run == 0)
      first = orders(b).rolls;
    else
      EXPECT_EQ(orders(b).rolls, first);
    EXPECT_EQ(orders(b).rolls.size(), orders(b).rolls[0].frozen ? 1u : 2u);
  }
}

}  // namespace
}  // namespace bg::test
