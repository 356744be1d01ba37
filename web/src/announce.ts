// Words for people who do not see the map: the aria-live log that reads out
// each event as it happens (whoever made it: this seat, the other, the
// computer), and the units on the map as text, the map's description.
import { describe, sideName } from './describe';
import { typeName } from './counters';
import type { GameView } from './types';

const KEEP = 30;  // the announcements kept in the region

export function announceChanges(box: HTMLElement, before: GameView, after: GameView): void {
  const lines: string[] = [];
  if (after.log.length < before.log.length) lines.push('The last move was taken back.');
  for (const item of after.log.slice(before.log.length)) lines.push(describe(item, after.ui.decisions));
  const st = after.state;
  const was = before.state;
  if (st.phase !== was.phase || st.turn !== was.turn || st.phasing !== was.phasing)
    lines.push(st.phase === 'over' ? 'The game is over.' : `Turn ${st.turn}: ${sideName(st.phasing)} ${st.phase} phase.`);
  for (const text of lines) {
    const p = document.createElement('p');
    p.textContent = text;
    box.appendChild(p);
  }
  while (box.childElementCount > KEEP) box.firstElementChild?.remove();
}

export function boardWords(v: GameView): string {
  const st = v.state;
  const side = (s: 'union' | 'confederate') => {
    const on = st.units.filter((u) => u.side === s && u.status === 'map');
    return `${sideName(s)}: ${on.length ? on.map((u) => `${u.id} (${typeName(u)} ${u.strength}${u.effective ? '' : ', ineffective'}) in ${u.hex}`).join('; ') : 'no units on the map'}.`;
  };
  return `Turn ${st.turn} of ${st.turns}, ${sideName(st.phasing)} ${st.phase} phase. ${side('union')} ${side('confederate')}`;
}
