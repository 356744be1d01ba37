// The map's live layers for one view of the game: what the title declares
// (zones, special hexes), the rule modules' markers, then this page's own
// marks (reach and entry costs, obligations, retreat and advance choices, the
// attack being built) and the counters.
import type { Board } from './board';
import { entryCosts, type Plan } from './plan';
import { frozenUnits, radiusShade } from './modules_view';
import type { CommandHq, GameView, Pending } from './types';

// `allZones`: the Zones overlay is on (the zones not in force drawn too).
export function drawLayers(board: Board, v: GameView, plan: Plan, pending: Pending | undefined, hq: CommandHq | undefined, allZones = false): void {
  const st = v.state;
  board.drawZones(v.ui.zones, allZones);
  board.drawSpecialHexes(v.ui.hexes);
  board.drawModuleMarkers(st.modules?.markers ?? []);
  board.clearShade();
  board.clearMarks();
  if (hq) board.shade(radiusShade(v.geometry, st, hq), 'command-radius');
  if (plan.reach?.hexes) board.shade(plan.reach.hexes, 'reach');
  if (plan.reach?.entries) {
    // The engine's cost, the column's included; where two entry hexes reach
    // a hex, the cheaper (the one a click takes).
    const costs = entryCosts(plan.reach);
    for (const e of plan.reach.entries) delete costs[e.hex];
    board.shade(costs, 'reach');
    board.shade(Object.fromEntries(plan.reach.entries.map((e) => [e.hex, `E ${e.hexes[e.hex] ?? ''}`])), 'entry');
  }
  if (st.phase === 'combat') {
    board.mark(st.obligations.attackers, 'must-attack');
    board.mark(st.obligations.defenders, 'must-be-attacked');
  }
  if (pending?.kind === 'retreat') board.shade(Object.fromEntries((pending.options ?? []).map((o) => [o.hex, ''])), 'choice');
  if (pending?.kind === 'advance') board.shade(Object.fromEntries((pending.hexes ?? []).map((x) => [x, ''])), 'choice');
  board.mark(plan.defenders, 'defender');
  board.drawUnits(st.units, plan.selected(), new Set(plan.defenders));
  board.markCommand(st, frozenUnits(st));
}
