// Who acts, and who must agree: the parts of the rules that say which player
// makes an action and whose consent taking a move back needs (5.17). Front
// ends (the server's seats, the protocol) ask these; they hold no such policy.
#include "core/game.h"
#include "core/rule_id.h"

namespace bg::core {

std::optional<Side> Game::actor_of(const Action& a) const {
  switch (a.kind) {
    case ActionKind::SetTerrain:
    case ActionKind::AddHexside:
    case ActionKind::MarkExit:
    case ActionKind::PlaceUnit:
      return std::nullopt;  // the set-up of a sandbox: no player's move
    default:
      break;
  }
  if (over()) return std::nullopt;
  if (a.kind == ActionKind::Scenario && scenario_)
    if (auto side = scenario_->decision_side(context(), st_, a)) return side;
  return to_act();
}

Result<Side> Game::take_back(Side mover) const {
  const Error final_move =
      refuse(context(), RuleId::MoveOnce,
             "only the last move of this Movement Phase can be taken back, and only by its mover");
  if (log_.empty() || st_.phase != Phase::Movement || st_.phasing != mover) return final_move;
  // Only the phasing player moves or enters in a Movement Phase, and the
  // phase changes only by a logged `end`: a last action that is a move or an
  // entry is the mover's, made in this very phase.
  const ActionKind last = log_.back().action.kind;
  if (last != ActionKind::Move && last != ActionKind::Enter) return final_move;
  return other(mover);
}

}  // namespace bg::core
