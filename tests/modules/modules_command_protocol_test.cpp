// The protocol's views of the command modules (src/protocol/module_view.h):
// the chain, the orders rolled (FR 8) and the tactical die modifier (FR 9)
// as `state`, `end` and `preview` show them.
#include <gtest/gtest.h>

#include "modules_command_fixture.h"
#include "protocol/json_view.h"
#include "protocol/module_view.h"

namespace bg::test {
namespace {

constexpr const char* kChain = R"(
hq Army army radius=4
hq Corps corps parent=Army radius=4 judgment=4 offensive=2
unit Inf hq=Corps
)";

TEST(FR_8, StateShowsTheChainTheRollsAndTheFrozenCommands) {
  CommandBox b(kChain, {"command", "orders", "tactics"});
  b.hq("Army", Side::Union, "0101");
  b.hq("Corps", Side::Union, "0303");
  b->inf("Inf", Side::Union, 3, "0304");
  const protocol::Json before = protocol::state_json(b->game());
  EXPECT_TRUE(before["orders"].is_null());  // the first player-turn rolls none
  ASSERT_EQ(before["command"]["hqs"].size(), 2u);
  EXPECT_EQ(before["command"]["hqs"][0]["radius"], "unlimited");
  EXPECT_EQ(before["command"]["hqs"][1]["judgment"], 4);
  EXPECT_EQ(before["command"]["hqs"][1]["offensive"], 2);
  EXPECT_EQ(before["command"]["units"][0]["hq"], "Corps");
  b->advance_to(Side::Confederate, Phase::Combat);
  b->dice({6});
  ASSERT_TRUE(b->end().ok());
  const protocol::Json j = protocol::state_json(b->game());
  const protocol::Json& o = j["orders"];
  ASSERT_TRUE(o.is_object());
  EXPECT_EQ(o["rule"], "FR 8");
  ASSERT_EQ(o["rolls"].size(), 1u);
  EXPECT_EQ(o["rolls"][0]["unit"], "Corps");
  EXPECT_EQ(o["rolls"][0]["die"], 6);
  EXPECT_EQ(o["rolls"][0]["frozen"], true);
  ASSERT_EQ(o["may_not_move"].size(), 2u);  // Corps and Inf
  EXPECT_EQ(o["may_not_move"][1]["unit"], "Inf");
  EXPECT_EQ(o["may_not_move"][1]["status"], "frozen");
  EXPECT_EQ(protocol::orders_json(b->game()), o);
}

TEST(FR_9, PreviewShowsTheModifierAndTheChangedChances) {
  CommandBox b(kChain, {"tactics"});
  b.hq("Corps", Side::Union, "0505");
  b->inf("Inf", Side::Union, 4, "0505");
  b->inf("Reb", Side::Confederate, 2, "0506");
  b->advance_to(Side::Union, Phase::Combat);
  Action a;
  a.kind = ActionKind::Attack;
  a.units.push_back(b->id("Inf"));
  a.hexes.push_back(b->hex("0506"));
  auto plan = b->game().preview_attack(a);
  ASSERT_TRUE(plan.ok());
  protocol::Json out = protocol::Json::object();
  protocol::add_plan(out, b->game(), *plan);
  EXPECT_EQ(out["die_modifier"], -2);
  EXPECT_EQ(out["modifier_rule"], "FR 9");
  // 2-1: without, Dr on 1-4 and Ar on 5-6; with -2 the faces read rows 1-4: Dr on all six.
  EXPECT_EQ(out["chances"]["without"]["Dr"], 4);
  EXPECT_EQ(out["chances"]["without"]["Ar"], 2);
  EXPECT_EQ(out["chances"]["with_modifier"]["Dr"], 6);
  EXPECT_EQ(out["chances"]["with_modifier"]["Ar"], 0);
}

// The web page's preview (the server's /preview) reads each die face on the
// row the modifier moves it to, and keeps the chances without it beside.
TEST(FR_9, ThePagesPreviewReadsTheCrtRowWithTheModifier) {
  CommandBox b(kChain, {"tactics"});
  b.hq("Corps", Side::Union, "0505");
  b->inf("Inf", Side::Union, 4, "0505");
  b->inf("Reb", Side::Confederate, 2, "0506");
  b->advance_to(Side::Union, Phase::Combat);
  Action a;
  a.kind = ActionKind::Attack;
  a.units.push_back(b->id("Inf"));
  a.hexes.push_back(b->hex("0506"));
  auto plan = b->game().preview_attack(a);
  ASSERT_TRUE(plan.ok());
  protocol::Json out = protocol::Json::object();
  protocol::add_plan(out, b->game(), *plan);
  protocol::add_crt_row(out, *plan);
  EXPECT_EQ(out["die_modifier"], -2);
  ASSERT_EQ(out["outcomes"].size(), 6u);
  // 2-1: a 5 read two rows up is a 3: Dr where the plain 5 is Ar.
  EXPECT_EQ(out["outcomes"][4]["die"], 5);
  EXPECT_EQ(out["outcomes"][4]["modified_die"], 3);
  EXPECT_EQ(out["outcomes"][4]["result"], "Dr");
  EXPECT_EQ(out["outcomes"][0]["modified_die"], 1);  // held to 1..6
  EXPECT_DOUBLE_EQ(out["chances"]["Dr"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(out["chances_without"]["Dr"].get<double>(), 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(out["chances_without"]["Ar"].get<double>(), 2.0 / 6.0);
  // Without a modifier the row is the plain one and nothing is added.
  CommandBox plain(kChain, {"tactics"});
  plain->inf("Inf", Side::Union, 4, "0505");
  plain->inf("Reb", Side::Confederate, 2, "0506");
  plain->advance_to(Side::Union, Phase::Combat);
  a.units[0] = plain->id("Inf");
  a.hexes[0] = plain->hex("0506");
  auto p2 = plain->game().preview_attack(a);
  ASSERT_TRUE(p2.ok());
  protocol::Json o2 = protocol::Json::object();
  protocol::add_crt_row(o2, *p2);
  EXPECT_FALSE(o2.contains("chances_without"));
  EXPECT_FALSE(o2["outcomes"][4].contains("modified_die"));
  EXPECT_EQ(o2["outcomes"][4]["result"], "Ar");
}

}  // namespace
}  // namespace bg::test
