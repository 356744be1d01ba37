#include "protocol/save_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "protocol/action_json.h"
#include "protocol/fair_dice_save.h"
#include "protocol/json_input.h"
#include "protocol/json_view.h"

namespace bg::protocol {

using core::Error;
using core::Result;

namespace {
constexpr std::streamoff kMaxSaveBytes = 64ll << 20;

std::string sys_error(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}
// Whether every value the saved snapshot holds is the replayed view's: keys in
// any order (a tool that reorders keys does not damage a save), and fields a
// later engine adds to the view (a title's new field) do not make older saves
// look damaged. Arrays must match element by element.
bool snapshot_matches(const Json& saved, const Json& replayed) {
  if (saved.is_object()) {
    if (!replayed.is_object()) return false;
    for (const auto& [key, value] : saved.items())
      if (!replayed.contains(key) || !snapshot_matches(value, replayed.at(key))) return false;
    return true;
  }
  if (saved.is_array()) {
    if (!replayed.is_array() || saved.size() != replayed.size()) return false;
    for (size_t i = 0; i < saved.size(); ++i)
      if (!snapshot_matches(saved[i], replayed[i])) return false;
    return true;
  }
  return saved == replayed;
}

}  // namespace

Json save_json(const core::Game& g, const NewParams& params, const FairDiceRecord* fair) {
  Json j = Json::object();
  j["format"] = kSaveFormat;
  j["version"] = kSaveVersion;
  j["new"] = to_json(params);
  Json log = Json::array();
  for (const core::LogEntry& e : g.log()) log.push_back(log_entry_json(g, e));
  j["log"] = std::move(log);
  j["snapshot"] = state_json(g);
  if (fair) j["fair_dice"] = fair_dice_json(*fair);
  return j;
}

Result<Loaded> restore(const Json& save) {
  try {
    if (!save.is_object()) return Error{"", "not a bluegray save file (not a JSON object)"};
    if (!save.contains("format") || save.at("format") != kSaveFormat)
      return Error{"", "not a bluegray save file (format is not \"bluegray-save\")"};
    if (!save.contains("version") || !save.at("version").is_number_integer())
      return Error{"", "save file has no version"};
    if (save.at("version") != kSaveVersion)
      return Error{"", "save file version " + save.at("version").dump() +
                           " is not supported (this engine reads version 1)"};
    if (!save.contains("new")) return Error{"", "save file has no \"new\" parameters"};
    auto params = new_params_from_json(save.at("new"));
    if (!params) return Error{"", "save file \"new\": " + params.error().message};
    if (!save.contains("log") || !save.at("log").is_array())
      return Error{"", "save file has no \"log\" array"};
    if (!save.contains("snapshot") || !save.at("snapshot").is_object())
      return Error{"", "save file has no \"snapshot\" object"};
    auto made = make_game(*params);
    if (!made) return made.error();
    core::Game g = std::move(*made);
    // Committed dice: the rolls replay only from the revealed seed and both
    // contributions (bluegray verify says in detail what is wrong).
    std::optional<FairDiceRecord> fair;
    if (save.contains("fair_dice")) {
      auto record = fair_dice_from_json(save.at("fair_dice"));
      if (!record) return Error{"", "save file " + record.error().message};
      auto key = fair_dice_key(*record);
      if (!key) return Error{"", "save file fair_dice: " + key.error().message};
      if (auto s = g.commit_dice(*key); !s) return s.error();
      fair = std::move(*record);
    }
    size_t index = 0;
    for (const Json& entry : save.at("log")) {
      const std::string where = "log entry " + std::to_string(index + 1) + ": ";
      auto action = action_from_json(g, entry);
      if (!action) return Error{"", where + action.error().message};
      auto rolls = rolls_from_json(entry);
      if (!rolls) return Error{"", where + rolls.error().message};
      auto r = g.apply(*action);
      if (!r) return Error{"", where + "the game refused it: " + r.error().message};
      const auto& rolled = g.log().back().rolls;
      bool same = rolled.size() == rolls->size();
      for (size_t i = 0; same && i < rolled.size(); ++i) same = rolled[i] == (*rolls)[i];
      if (!same) return Error{"", where + "the dice rolled differ from the recorded dice"};
      ++index;
    }
    if (!snapshot_matches(save.at("snapshot"), state_json(g)))
      return Error{"", "the replayed game does not match the saved snapshot (damaged file?)"};
    return Loaded{std::move(g), std::move(*params), std::move(fair)};
  } catch (const std::exception& e) {
    return Error{"", std::string("save file could not be read: ") + e.what()};
  }
}

core::Status write_save(const std::string& path, const Json& save) {
  return write_file_atomically(path, dump_line(save) + "\n");
}

core::Status write_file_atomically(const std::string& path, const std::string& text) {
  if (path.empty()) return Error{"", "no file named"};
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"", sys_error("cannot create", tmp)};
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      Error e{"", sys_error("cannot write", tmp)};
      ::close(fd);
      ::unlink(tmp.c_str());
      return e;
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) {
    Error e{"", sys_error("cannot sync", tmp)};
    ::close(fd);
    ::unlink(tmp.c_str());
    return e;
  }
  if (::close(fd) != 0) {
    Error e{"", sys_error("cannot close", tmp)};
    ::unlink(tmp.c_str());
    return e;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    Error e{"", sys_error("cannot rename to", path)};
    ::unlink(tmp.c_str());
    return e;
  }
  // Make the rename itself durable.
  const size_t slash = path.find_last_of('/');
  const std::string dir =
      slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    (void)::fsync(dfd);
    ::close(dfd);
  }
  return core::ok_status();
}

Result<Loaded> read_save(const std::string& path) {
  auto doc = read_save_json(path);
  if (!doc) return doc.error();
  return restore(*doc);
}

Result<Json> read_save_json(const std::string& path) {
  if (path.empty()) return Error{"", "no file named"};
  struct stat sb {};
  if (::stat(path.c_str(), &sb) != 0) return Error{"", sys_error("cannot read", path)};
  if (!S_ISREG(sb.st_mode)) return Error{"", "cannot read " + path + ": not a regular file"};
  if (sb.st_size > kMaxSaveBytes) return Error{"", "cannot read " + path + ": file too large"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"", sys_error("cannot read", path)};
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) return Error{"", sys_error("cannot read", path)};
  auto doc = parse_json_input(buf.str());
  if (!doc) return Error{"", path + ": " + doc.error().message + " (not a bluegray save file)"};
  return doc;
}

}  // namespace bg::protocol
