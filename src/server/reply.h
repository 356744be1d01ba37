// What a route answers: an HTTP status and a JSON body. Refusals carry the
// plain message and, when a rule governs them, the rule case, exactly as the
// engine protocol's error replies do.
#pragma once

#include <string>

#include "core/result.h"
#include "protocol/game_setup.h"

namespace bg::server {

using Json = protocol::Json;

struct Reply {
  int status = 200;
  Json body;
};

inline Reply ok(Json body, int status = 200) {
  body["ok"] = true;
  return Reply{status, std::move(body)};
}

inline Reply refuse(int status, const core::Error& e) {
  Json j = Json::object();
  j["ok"] = false;
  j["error"] = e.message.empty() ? std::string("refused") : e.message;
  if (!e.rule.empty()) j["rule"] = e.rule;
  return Reply{status, std::move(j)};
}

inline Reply refuse(int status, std::string message, std::string rule = "") {
  return refuse(status, core::Error{std::move(rule), std::move(message)});
}

}  // namespace bg::server
