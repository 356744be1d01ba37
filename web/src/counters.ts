// Counters drawn as render_svg.cpp draws them: a square in the side's colour,
// the designation on top, the NATO-style type box, the strength below. An
// ineffective unit (11.0) is shown flipped: paler, with the hatched pattern.
import type { Unit } from './types';

const NS = 'http://www.w3.org/2000/svg';

export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

export function drawCounter(parent: Element, u: Unit, cx: number, cy: number, s: number): SVGGElement {
  const w = s * 0.9;
  const union = u.side === 'union';
  const ineffective = !u.effective;
  const fill = ineffective ? (union ? '#b4c3d8' : '#d2d2d2') : union ? '#4a6fa5' : '#9a9a9a';
  const ink = union && !ineffective ? '#ffffff' : '#151515';
  const g = el('g', { class: `counter ${u.side}${ineffective ? ' ineffective' : ''}`, 'data-unit': u.id }, parent);
  const box = { x: cx - w / 2, y: cy - w / 2, width: w, height: w, rx: s * 0.05 };
  el('rect', { ...box, fill, stroke: '#151515', 'stroke-width': s * 0.035, class: 'counter-box' }, g);
  if (ineffective) el('rect', { ...box, fill: 'url(#u-ineffective)' }, g);
  const label = el('text', { x: cx, y: cy - w * 0.3, 'font-size': s * 0.16, 'text-anchor': 'middle', fill: ink }, g);
  label.textContent = u.id.length > 9 ? u.id.slice(0, 9) : u.id;
  typeSymbol(g, u.type, cx, cy - w * 0.04, s, ink);
  const str = el('text', {
    x: cx,
    y: cy + w * 0.42,
    'font-size': s * 0.24,
    'font-weight': 'bold',
    'text-anchor': 'middle',
    fill: ink,
  }, g);
  str.textContent = String(u.strength);
  const title = el('title', {}, g);
  title.textContent = `${u.id}: ${u.side} ${typeName(u)}, strength ${u.strength}${ineffective ? ', ineffective (11.0)' : ''}${u.moved ? ', moved' : ''}${u.attacked ? ', attacked' : ''}`;
  return g;
}

export function typeName(u: Pick<Unit, 'type' | 'kind'>): string {
  return u.kind ?? { inf: 'infantry', cav: 'cavalry', art: 'artillery', special: 'special unit' }[u.type];
}

function typeSymbol(g: Element, t: Unit['type'], cx: number, cy: number, s: number, ink: string): void {
  const w = s * 0.46;
  const h = s * 0.28;
  const l = cx - w / 2, r = cx + w / 2, top = cy - h / 2, bot = cy + h / 2;
  const st = { stroke: ink, 'stroke-width': s * 0.03 };
  el('rect', { x: l, y: top, width: w, height: h, fill: 'none', ...st }, g);
  if (t === 'inf') {
    el('line', { x1: l, y1: top, x2: r, y2: bot, ...st }, g);
    el('line', { x1: l, y1: bot, x2: r, y2: top, ...st }, g);
  } else if (t === 'cav') {
    el('line', { x1: l, y1: bot, x2: r, y2: top, ...st }, g);
  } else if (t === 'art') {
    el('circle', { cx, cy, r: s * 0.06, fill: ink }, g);
  } else {
    el('line', { x1: l, y1: cy, x2: r, y2: cy, ...st }, g);
    el('circle', { cx: l + w * 0.25, cy: bot, r: s * 0.04, fill: ink }, g);
    el('circle', { cx: r - w * 0.25, cy: bot, r: s * 0.04, fill: ink }, g);
  }
}
