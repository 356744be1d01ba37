// The actions of a player-turn drawn on the map: each move and
// entry as a trail from where the unit stood to where it stopped, each attack
// as arrows from the attackers' hexes to the defenders', the defenders
// outlined. The live page draws the opponent's (the computer's) last turn;
// the replay draws the turn being stepped through, the current action bold.
import './analysis.css';
import { centre, corners, type Geometry } from './hexgeo';
import { el } from './counters';
import { describe, sideName } from './describe';
import { h } from './html';
import type { LogItem, Side, UiDecision } from './types';

// A log item as the server notes it, with where a move started and where an
// attack's units stood (docs/server.md, the view's `log`).
export type DrawnItem = LogItem;

// Whose player-turn each log item belongs to. A phase's own actions (move,
// enter, attack, end) are always the phasing side's; the answers in a combat
// (retreat, exchange losses, advance) may be either side's (an attacker
// retreats on Ar, gives up units to an exchange), so each run of items of one
// Game-Turn and phase takes the side of its own actions.
const OWN = new Set(['move', 'enter', 'attack', 'end']);
export function phasingSides(log: LogItem[]): (Side | null)[] {
  const out: (Side | null)[] = log.map(() => null);
  for (let a = 0; a < log.length; ) {
    let b = a;
    while (b + 1 < log.length && log[b + 1].turn === log[a].turn && log[b + 1].phase === log[a].phase) b++;
    const own = log.slice(a, b + 1).find((i) => i.side && OWN.has(i.action.kind));
    for (let k = a; k <= b; k++) out[k] = log[k].side ? (own?.side ?? log[k].side) : null;
    a = b + 1;
  }
  return out;
}

// The player-turn (one side's movement and combat phases of one Game-Turn)
// holding log index k: the indices [first, last] around it.
export function playerTurnAround(log: LogItem[], k: number, sides = phasingSides(log)): { first: number; last: number } {
  const same = (i: number) => i >= 0 && i < log.length && log[i].turn === log[k].turn && sides[i] === sides[k];
  let first = k;
  while (same(first - 1)) first--;
  let last = k;
  while (same(last + 1)) last++;
  return { first, last };
}

// The last player-turn of the side that is not `me` (of anyone for a
// spectator): where it starts and ends in the log, or null before it has played.
export function opponentsLastTurn(log: LogItem[], me: Side | null): { first: number; last: number; side: Side } | null {
  const sides = phasingSides(log);
  for (let k = log.length - 1; k >= 0; k--) {
    const side = sides[k];
    if (side && side !== me) return { ...playerTurnAround(log, k, sides), side };
  }
  return null;
}

function layer(svg: SVGSVGElement, geo: Geometry): SVGGElement {
  let g = svg.querySelector<SVGGElement>('g.layer-trails');
  if (!g) {
    g = el('g', { class: 'layer-trails' }, svg);
    const defs = el('defs', {}, g);
    // Sized in map units, whatever the line's width.
    const size = geo.hex_size * 0.4;
    const m = el('marker', { id: 'trail-head', viewBox: '0 0 10 10', refX: 8, refY: 5, markerUnits: 'userSpaceOnUse', markerWidth: size, markerHeight: size, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'trail-head' }, m);
  }
  // Kept above the counters (drawn after them) and never in the way of a click.
  svg.appendChild(g);
  return g;
}

// Draws `items` (clearing what was drawn before); `current` is drawn bold.
export function drawTrails(svg: SVGSVGElement, geo: Geometry, items: LogItem[], current: LogItem | null = null): void {
  const g = layer(svg, geo);
  for (const c of [...g.children]) if (c.tagName !== 'defs') c.remove();
  for (const it of items as DrawnItem[]) {
    const cls = it === current ? ' current' : '';
    const a = it.action;
    if ((a.kind === 'move' || a.kind === 'enter') && it.path?.length) {
      const hexes = [...(it.from ? [it.from] : []), ...it.path];
      const pts = hexes.map((x) => centre(geo, x)).map((p) => `${p.x},${p.y}`).join(' ');
      const t = el('g', { class: `trail ${it.side ?? ''}${cls}`, 'data-unit': String(a.unit ?? ''), 'data-n': it.n }, g);
      el('title', {}, t).textContent = `${sideName(it.side)}: ${a.unit} ${hexes.join(' → ')}`;
      if (hexes.length > 1) el('polyline', { points: pts, 'marker-end': 'url(#trail-head)' }, t);
      const start = centre(geo, hexes[0]);
      el('circle', { cx: start.x, cy: start.y, r: geo.hex_size * 0.15 }, t);
    } else if (a.kind === 'attack' && a.hexes?.length) {
      const t = el('g', { class: `attack-trail${cls}`, 'data-n': it.n }, g);
      el('title', {}, t).textContent = `${sideName(it.side)} attacks ${a.hexes.join(', ')}${it.odds ? ` at ${it.odds}` : ''}${it.result ? `: ${it.result}` : ''}`;
      for (const d of a.hexes) {
        el('polygon', { points: corners(geo, d, 0.9), class: 'attacked', 'data-hex': d }, t);
        const to = centre(geo, d);
        for (const from of it.attacker_hexes ?? []) {
          const p = centre(geo, from);
          // Stops short of the defender's centre, so the arrow's head shows.
          const x = p.x + (to.x - p.x) * 0.7;
          const y = p.y + (to.y - p.y) * 0.7;
          el('line', { x1: p.x, y1: p.y, x2: x, y2: y, 'marker-end': 'url(#trail-head)' }, t);
        }
      }
    }
  }
}

// The live page's words on the opponent's last turn, with the link that
// steps through it in the replay.
export function lastTurnPanel(log: LogItem[], me: Side | null, replayUrl: (at: number) => string, decisions: UiDecision[]): string {
  const t = opponentsLastTurn(log, me);
  if (!t) return '';
  const items = log.slice(t.first, t.last + 1);
  const moves = items.filter((i) => i.action.kind === 'move' || i.action.kind === 'enter').length;
  const attacks = items.filter((i) => i.action.kind === 'attack').length;
  const lines = items
    .filter((i) => i.action.kind !== 'end')
    .map((i) => `<li>${h(describe(i, decisions))}</li>`)
    .join('');
  return `<section id="last-turn"><h2>The ${sideName(t.side)}'s last turn (Turn ${items[0].turn})</h2>
    <p>${moves} move${moves === 1 ? '' : 's'} drawn as trails, ${attacks} attack${attacks === 1 ? '' : 's'} outlined in red.
    <a id="step-last-turn" href="${h(replayUrl(t.first))}">Step through it</a></p>
    <details><summary>Its actions</summary><ol class="log">${lines}</ol></details></section>`;
}

// The live page: the opponent's last player-turn on the map.
export function drawLastTurn(svg: SVGSVGElement, geo: Geometry, log: LogItem[], me: Side | null): void {
  const t = opponentsLastTurn(log, me);
  drawTrails(svg, geo, t ? log.slice(t.first, t.last + 1) : []);
}
