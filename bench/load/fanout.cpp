// bluegray_fanout: how long an action made through one server takes to reach
// a page open on another server on the same PostgreSQL (the target: a page
// open on one instance sees an action made through the other within
// 100 ms; docs/server.md, "PostgreSQL"). A measurement, not a test.
//
//   bluegray_fanout --act-port A --watch-port B [--host 127.0.0.1] [--actions 200]
//
// Creates a hot-seat sandbox game through A, opens its event stream on B as
// a page does, then N times: a move through A, and when B's page has heard
// of it, its undo. For each change it takes the time from sending the
// request to A until B's event arrives, and from A's answer until then.
// Start both servers with --rate-actions 0 (the default rate allows 20
// actions a second per client).
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

void report(const char* what, const std::vector<double>& v) {
  std::printf("%-34s n=%zu p50=%.2f ms p95=%.2f ms p99=%.2f ms max=%.2f ms\n", what, v.size(),
              percentile(v, 0.50), percentile(v, 0.95), percentile(v, 0.99),
              v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
}

// The page on B: counts the events of its stream and when each came.
struct Page {
  std::mutex mu;
  std::condition_variable cv;
  int events = 0;
  Clock::time_point last;
  std::string buffer;

  void feed(const char* data, size_t n) {
    std::lock_guard lock(mu);
    buffer.append(data, n);
    size_t end;
    while ((end = buffer.find("\n\n")) != std::string::npos) {
      if (buffer.compare(0, 6, "event:") == 0 || buffer.find("data:") < end) {
        if (buffer.substr(0, end).find("version") != std::string::npos) {
          ++events;
          last = Clock::now();
        }
      }
      buffer.erase(0, end + 2);
    }
    cv.notify_all();
  }
  // Waits for event number `n`; its arrival time, or nothing after 5 s.
  bool wait(int n, Clock::time_point& at) {
    std::unique_lock lock(mu);
    if (!cv.wait_for(lock, std::chrono::seconds(5), [&] { return events >= n; })) return false;
    at = last;
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1";
  std::map<std::string, int> opt = {{"--act-port", 0}, {"--watch-port", 0}, {"--actions", 200}};
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--host" && i + 1 < argc) {
      host = argv[++i];
    } else if (opt.count(k) && i + 1 < argc) {
      opt[k] = std::stoi(argv[++i]);
    } else {
      std::cerr << "usage: bluegray_fanout --act-port A --watch-port B [--host H] [--actions N]\n";
      return 2;
    }
  }
  if (opt["--act-port"] <= 0 || opt["--watch-port"] <= 0) {
    std::cerr << "bluegray_fanout: --act-port and --watch-port are required\n";
    return 2;
  }
  httplib::Client a(host, opt["--act-port"]);
  const Json unit = {{"kind", "unit"}, {"id", "A"},    {"side", "union"}, {"type", "inf"},
                     {"strength", 5},  {"defense", 5}, {"hex", "0505"}};
  const Json body = {{"new", {{"scenario", "sandbox"}, {"cols", 10}, {"rows", 10}, {"seed", 1}}},
                     {"mode", "hotseat"},
                     {"setup", Json::array({unit})}};
  auto made = a.Post("/api/games", body.dump(), "application/json");
  if (!made || made->status != 201) {
    std::cerr << "bluegray_fanout: cannot create a game on port " << opt["--act-port"] << "\n";
    return 1;
  }
  const Json g = Json::parse(made->body);
  const std::string path = "/api/games/" + g["id"].get<std::string>();
  const std::string token = g["seats"]["hotseat"]["token"];
  const httplib::Headers h{{"X-Bluegray-Token", token}};

  Page page;
  httplib::Client b(host, opt["--watch-port"]);
  b.set_read_timeout(30, 0);
  std::thread reader([&] {
    b.Get((path + "/events?token=" + token).c_str(), [&](const char* data, size_t n) {
      page.feed(data, n);
      return true;
    });
  });
  Clock::time_point at;
  if (!page.wait(1, at)) {
    std::cerr << "bluegray_fanout: the page on port " << opt["--watch-port"] << " heard nothing\n";
    b.stop();
    reader.join();
    return 1;
  }
  std::vector<double> from_send, from_answer, round_trip;
  int seen = 1, lost = 0;
  const std::string move =
      Json{{"action", {{"kind", "move"}, {"unit", "A"}, {"path", {"0506"}}}}}.dump();
  for (int i = 0; i < opt["--actions"]; ++i) {
    const bool undo = i % 2 == 1;
    const auto sent = Clock::now();
    auto r = undo ? a.Post((path + "/undo").c_str(), h, "{}", "application/json")
                  : a.Post((path + "/actions").c_str(), h, move, "application/json");
    const auto answered = Clock::now();
    if (!r || r->status != 200) {
      std::cerr << "bluegray_fanout: action " << i << " answered "
                << (r ? std::to_string(r->status) + " " + r->body : std::string("nothing")) << "\n";
      break;
    }
    round_trip.push_back(ms(answered - sent));
    if (!page.wait(++seen, at)) {
      ++lost;
      seen = page.events;
      continue;
    }
    from_send.push_back(ms(at - sent));
    from_answer.push_back(ms(at - answered));
  }
  b.stop();
  reader.join();
  report("action round trip on A", round_trip);
  report("A's request -> B's page event", from_send);
  report("A's answer -> B's page event", from_answer);
  if (lost) std::printf("changes B's page never heard of within 5 s: %d\n", lost);
  return lost ? 1 : 0;
}
