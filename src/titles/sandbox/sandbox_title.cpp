#include "titles/sandbox/sandbox_title.h"

namespace bg::titles::sandbox {

namespace {

class Sandbox final : public Title {
 public:
  Sandbox() {
    info_.name = "sandbox";
    info_.display = "Sandbox";
    info_.summary = "An empty map of any size: place terrain and units to try out the rules.";
    info_.scenarios = {ScenarioSpec{"sandbox", "Sandbox", info_.summary, Calendar{}, ""}};
    info_.free_map = true;
  }
  const TitleInfo& info() const override { return info_; }
  bool owns(const core::Game& g) const override { return g.is_sandbox(); }
  core::Result<core::Game> make(const NewParams& p) const override {
    return core::Game::sandbox(p.cols, p.rows, p.rules());
  }

 private:
  TitleInfo info_;
};

}  // namespace

const Title& title() {
  static const Sandbox kTitle;
  return kTitle;
}

}  // namespace bg::titles::sandbox
