// The unit card ("a unit card on click"): the unit selected, or the
// one in the hex last clicked, in words: designation, side, type, strength,
// where it is, its status this phase, the Movement Points it has left in its
// Movement Phase, and where it may go (the engine's reach,
// the hexes shaded on the map) when it is the one selected to move.
import { typeName } from './counters';
import { h } from './html';
import { sideName } from './describe';
import { unitStatus } from './stack_panel';
import { entryCosts } from './plan';
import type { ReachReply, Unit } from './types';

export function unitCard(units: Unit[], focusHex: string | null, mover: string | null, reach: ReachReply | null): string {
  const here = units.filter((u) => u.status === 'map' && u.hex === focusHex);
  const u = (mover ? units.find((x) => x.id === mover) : undefined) ?? (here.length === 1 ? here[0] : undefined);
  if (!u) return '';
  const where = u.status === 'map' ? `in ${h(u.hex ?? '')}` : u.status === 'off-map' ? `a reinforcement${u.arrival ? `, due Game-Turn ${u.arrival}` : ''}` : h(u.status);
  const status = unitStatus(u) || (u.status === 'map' ? 'fresh: has not moved or attacked this player-turn' : '');
  // Movement Points left, as the engine counts them (docs/protocol.md): only
  // for the phasing side's units in its Movement Phase. `why` is the engine's
  // refusal, its case included.
  const mp = u.mp
    ? `<dt>Movement Points</dt><dd id="card-mp">${u.mp.left} of ${u.mp.allowance} left${u.mp.left === 0 && u.mp.why ? ` <small>(${h(u.mp.why)})</small>` : ''}</dd>`
    : '';
  let go = '';
  if (u.id === mover && reach) {
    const costs = reach.entries ? entryCosts(reach) : (reach.hexes ?? {});
    const n = Object.keys(costs).length;
    const most = n ? Math.max(...Object.values(costs)) : 0;
    go = n
      ? `<dt>May go to</dt><dd id="card-reach">${n} hex${n === 1 ? '' : 'es'} (shaded on the map), the farthest for ${most} MP</dd>`
      : '<dt>May go to</dt><dd id="card-reach">nowhere this phase</dd>';
  }
  return `<section id="unit-card" class="unit-card ${u.side}"><h2>${h(u.id)}</h2><dl>
    <dt>Side</dt><dd>${h(sideName(u.side))}</dd>
    <dt>Type</dt><dd>${h(typeName(u))}</dd>
    <dt>Strength</dt><dd id="card-strength">${u.strength}</dd>
    <dt>Where</dt><dd>${where}</dd>
    ${status ? `<dt>Status</dt><dd id="card-status">${h(status)}</dd>` : ''}
    ${mp}${go}</dl></section>`;
}
