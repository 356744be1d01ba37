// The server's charts and overlays routes (docs/server.md): the engine
// protocol's `charts` and `overlays`, the charts public like the map, the
// overlays for a seat's token.
#include <gtest/gtest.h>

#include "protocol/engine_session.h"
#include "server_test_util.h"

namespace {

using bg::server::test::Json;
using bg::server::test::Res;
using bg::server::test::skirmish;
using bg::server::test::TestServer;

TEST(ServerApi, ChartsAndOverlaysAreTheEngineProtocols) {
  TestServer s;
  Res r = s.post("/api/games", skirmish("two-seat"));
  ASSERT_EQ(r.status, 201) << r.body.dump();
  const std::string path = "/api/games/" + r.body["id"].get<std::string>();
  const std::string token = r.body["seats"]["union"]["token"];
  bg::protocol::EngineSession e;
  for (const char* line :
       {"new sandbox cols=10 rows=10 seed=7", "unit A union inf 13 0403", "unit C union inf 5 0303",
        "unit B confederate inf 4 0406", "unit D confederate inf 6 0809"})
    ASSERT_EQ(e.handle(line)["ok"], true) << line;

  // The charts: no token needed (the same for every seat), the engine's.
  const Res charts = s.get(path + "/charts");
  ASSERT_EQ(charts.status, 200) << charts.body.dump();
  const Json engine = e.handle("charts");
  EXPECT_EQ(charts.body["crt"], engine["crt"]);
  EXPECT_EQ(charts.body["tec"], engine["tec"]);
  EXPECT_EQ(s.get("/api/games/nosuchgame/charts").status, 404);

  // The overlays: a seat's token, either side's units, the engine's.
  EXPECT_EQ(s.get(path + "/overlays").status, 401);
  EXPECT_EQ(s.get(path + "/overlays", "not-a-token").status, 403);
  const Res o = s.get(path + "/overlays?unit=B", token);
  ASSERT_EQ(o.status, 200) << o.body.dump();
  EXPECT_EQ(o.body["zoc"], e.handle("overlays")["zoc"]);
  EXPECT_TRUE(o.body["artillery"].is_null());  // B is infantry
  EXPECT_EQ(s.get(path + "/overlays?unit=Nobody", token).status, 404);
}

}  // namespace
