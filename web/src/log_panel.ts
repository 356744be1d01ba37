// The game's log as a player reads it: every entry (none left out), grouped
// by Game-Turn and phase, newest first; and the last combat, wherever it was
// made (this page, the other seat, the computer), for the banner.
import { describe, sideName } from './describe';
import { h } from './html';
import type { LogItem, UiDecision } from './types';


interface Group {
  turn: number;
  phase: string;
  items: LogItem[];
}

// Consecutive entries of one Game-Turn and phase form a group.
function groups(items: LogItem[]): Group[] {
  const out: Group[] = [];
  for (const i of items) {
    const g = out[out.length - 1];
    if (g && g.turn === i.turn && g.phase === i.phase) g.items.push(i);
    else out.push({ turn: i.turn, phase: i.phase, items: [i] });
  }
  return out;
}

// A combat's answers (retreats, exchanges, falling back) come from the side
// not phasing; anything else from the phasing side.
const ANSWERS = new Set(['retreat', 'lose', 'evade']);
function phasingSide(g: Group): string {
  const own = g.items.find((i) => !ANSWERS.has(i.action.kind));
  if (own) return sideName(own.side);
  return sideName(g.items[0].side === 'union' ? 'confederate' : 'union');
}

export function logPanel(log: LogItem[], decisions: UiDecision[]): string {
  const played = log.filter((i) => i.side !== null);
  if (!played.length) return '<section><h2>Log</h2><div class="log" id="log"><p>nothing yet</p></div></section>';
  // Numbered from the first move (a set-up's entries are not counted).
  const number = new Map(played.map((i, k) => [i, k + 1]));
  const html = groups(played)
    .reverse()
    .map((g) => {
      const lines = [...g.items].reverse().map((i) => `<li value="${number.get(i)}">${h(describe(i, decisions))}</li>`).join('');
      return `<div class="log-group" data-turn="${g.turn}" data-phase="${h(g.phase)}"><h3>Turn ${g.turn}: ${h(phasingSide(g))} ${h(g.phase)}</h3><ol reversed>${lines}</ol></div>`;
    })
    .join('');
  return `<section><h2>Log <small>(${played.length} entries, newest first)</small></h2><div class="log" id="log">${html}</div></section>`;
}

// The newest combat in the log, in words, or '' before the first.
export function lastCombat(log: LogItem[], decisions: UiDecision[]): string {
  for (let k = log.length - 1; k >= 0; k--) {
    const i = log[k];
    if (i.action.kind === 'attack' || (i.action.kind === 'evade' && i.die)) return `Turn ${i.turn}, ${describe(i, decisions)}`;
  }
  return '';
}
