// Hostile input and operator mistakes. Hostile JSON:
// deep nesting is refused before the JSON
// library, which recurses, ever sees it — in request bodies, save files and
// `render-map --save` — and the process answers instead of crashing.
#include "protocol/json_input.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "protocol/engine_session.h"
#include "server_test_util.h"

namespace bg::test {
namespace {

namespace fs = std::filesystem;
using protocol::Json;

// `{"new":` then n nested arrays, closed: the body that crashed the server.
std::string nested_body(int n) {
  return "{\"new\":" + std::string(static_cast<size_t>(n), '[') +
         std::string(static_cast<size_t>(n), ']') + "}";
}

TEST(JsonInput, DepthCountsBracketsOutsideStringsOnly) {
  EXPECT_EQ(protocol::json_depth(R"({"a":[1,{"b":[]}]})", 64), 4);
  EXPECT_EQ(protocol::json_depth(R"({"a":"[[[[{{{{"})", 64), 1);
  EXPECT_EQ(protocol::json_depth(R"({"a":"\"[[[["})", 64), 1);  // an escaped quote
  EXPECT_EQ(protocol::json_depth("[[[[[[", 3), 4);              // stops past the limit
}

TEST(JsonInput, NestingDeeperThanTheLimitIsRefusedUnparsed) {
  auto deep = protocol::parse_json_input(nested_body(100000));
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().message.find("nested more than 64"), std::string::npos);
  EXPECT_TRUE(protocol::parse_json_input(nested_body(60)).ok());
  EXPECT_FALSE(protocol::parse_json_input("{\"a\":").ok());
}

TEST(JsonInput, ServerAnswersADeeplyNestedBodyWith400AndKeepsServing) {
  server::test::TestServer srv;
  ASSERT_TRUE(srv.running());
  const auto r = srv.post("/api/games", nested_body(100000));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.dump().find("nested"), std::string::npos) << r.body.dump();
  EXPECT_EQ(srv.get("/api/games").status, 200) << "the server still answers";
}

TEST(JsonInput, SaveFileWithADeepSnapshotIsRefusedByLoadAndRenderMap) {
  const fs::path dir =
      fs::temp_directory_path() / ("bluegray_json_input_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path save = dir / "deep.json";
  {
    std::ofstream out(save);
    out << R"({"format":"bluegray-save","version":1,"new":{},"log":[],"snapshot":)"
        << std::string(100000, '[') << std::string(100000, ']') << "}";
  }
  protocol::EngineSession s;
  const Json r = s.handle("load " + save.string());
  EXPECT_FALSE(r["ok"].get<bool>());
  EXPECT_NE(r["error"].get<std::string>().find("nested"), std::string::npos) << r.dump();
  const std::string cmd = std::string(BLUEGRAY_BINARY) + " render-map --save " + save.string() +
                          " -o " + (dir / "out.svg").string() + " >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc)) << "render-map was killed by a signal";
  EXPECT_NE(WEXITSTATUS(rc), 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bg::test

namespace bg::test {
namespace {

// A second server on a port in use refuses to start, with
// a message, instead of sharing the port with the first.
TEST(ServerStart, ASecondServerOnABusyPortRefusesToStart) {
  server::test::TestServer first;
  ASSERT_TRUE(first.running());
  server::ServeOptions opt;
  opt.port = first.port();
  opt.db = server::test::temp_db("second.sqlite");
  opt.web_root = "/nonexistent";
  auto second = server::HttpServer::start(opt);
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().message.find("another server"), std::string::npos)
      << second.error().message;
  EXPECT_EQ(first.get("/api/games").status, 200);
}

}  // namespace
}  // namespace bg::test

namespace bg::test {
namespace {

// A second server on a database another running server
// holds refuses to start; once the first stops, the database is free again.
TEST(ServerStart, ASecondServerOnAHeldDatabaseRefusesToStart) {
  auto first = std::make_unique<server::test::TestServer>();
  ASSERT_TRUE(first->running());
  server::ServeOptions opt;
  opt.port = 0;
  opt.db = first->db();
  opt.web_root = "/nonexistent";
  auto second = server::HttpServer::start(opt);
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().message.find("held by another running bluegray server"),
            std::string::npos)
      << second.error().message;
  first->stop();
  auto third = server::HttpServer::start(opt);
  EXPECT_TRUE(third.ok()) << (third.ok() ? "" : third.error().message);
}

}  // namespace
}  // namespace bg::test
