#include "content/text_file.h"

#include <fstream>
#include <sstream>

namespace bg::content {

core::Result<std::string> read_text_file(const std::string& path, size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::error("", path + ": cannot read the file");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (max_bytes > 0 && ss.str().size() > max_bytes)
    return core::error("", path + ": larger than " + std::to_string(max_bytes / 1024) + " KiB");
  return ss.str();
}

}  // namespace bg::content
