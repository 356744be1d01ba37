// A stack in words: every unit of the hex the player last clicked, each a
// button that picks it as a click on its counter would (a stack's lower
// counters are small on the map; the list never hides one).
import { typeName } from './counters';
import { h } from './html';
import { sideName } from './describe';
import type { Unit } from './types';


export function unitStatus(u: Unit): string {
  const bits: string[] = [];
  if (!u.effective) bits.push('ineffective (11.0)');
  if (u.moved) bits.push('moved');
  if (u.attacked) bits.push('attacked');
  return bits.join(', ');
}

export function stackPanel(hex: string | null, units: Unit[], selected: Set<string>): string {
  if (!hex) return '';
  const here = units.filter((u) => u.status === 'map' && u.hex === hex);
  if (here.length < 2) return '';
  const rows = here
    .map((u, k) => {
      const status = unitStatus(u);
      return `<li class="${u.side}"><button data-pick="${h(u.id)}" data-hex="${h(hex)}" class="${selected.has(u.id) ? 'on' : ''}">${h(u.id)}</button>
        ${h(sideName(u.side))} ${h(typeName(u))} ${u.strength}${status ? ` <small>(${h(status)})</small>` : ''}${k === here.length - 1 ? ' <small>top</small>' : ''}</li>`;
    })
    .join('');
  return `<section id="stack-section"><h2>Stack in ${h(hex)} (${here.length} units)</h2><ul id="stack" class="stack">${rows}</ul></section>`;
}
