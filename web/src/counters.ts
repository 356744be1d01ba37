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
  const hq = isHq(u);
  const g = el('g', { class: `counter ${u.side}${ineffective ? ' ineffective' : ''}${hq ? ' hq' : ''}`, 'data-unit': u.id }, parent);
  const box = { x: cx - w / 2, y: cy - w / 2, width: w, height: w, rx: s * 0.05 };
  el('rect', { ...box, fill, stroke: '#151515', 'stroke-width': s * 0.035, class: 'counter-box' }, g);
  // A headquarters: a second, inner frame, so it reads apart from the line.
  if (hq) el('rect', { x: box.x + s * 0.06, y: box.y + s * 0.06, width: w - s * 0.12, height: w - s * 0.12, rx: s * 0.04, fill: 'none', stroke: ink, 'stroke-width': s * 0.02, class: 'hq-frame' }, g);
  if (ineffective) el('rect', { ...box, fill: 'url(#u-ineffective)' }, g);
  const label = el('text', { x: cx, y: cy - w * 0.3, 'font-size': s * 0.16, 'text-anchor': 'middle', fill: ink }, g);
  label.textContent = u.id.length > 9 ? u.id.slice(0, 9) : u.id;
  typeSymbol(g, u, cx, cy - w * 0.04, s, ink);
  const str = el('text', {
    x: cx,
    y: cy + w * 0.42,
    'font-size': s * 0.24,
    'font-weight': 'bold',
    'text-anchor': 'middle',
    fill: ink,
    class: 'strength',
  }, g);
  str.textContent = String(u.strength);
  // What the unit did this phase, on the counter itself: a corner tab, M for
  // moved and A for attacked (the tooltip says it in words).
  const done = [...(u.moved ? ['M'] : []), ...(u.attacked ? ['A'] : [])];
  done.forEach((letter, k) => {
    const x = box.x + w - s * 0.2 * (k + 1), y = box.y;
    el('rect', { x, y, width: s * 0.2, height: s * 0.2, fill: '#f5e27a', stroke: '#151515', 'stroke-width': s * 0.015, class: letter === 'M' ? 'moved-mark' : 'attacked-mark' }, g);
    const t = el('text', { x: x + s * 0.1, y: y + s * 0.16, 'font-size': s * 0.15, 'font-weight': 'bold', 'text-anchor': 'middle', fill: '#151515' }, g);
    t.textContent = letter;
  });
  const title = el('title', {}, g);
  title.textContent = `${u.id}: ${u.side} ${typeName(u)}, strength ${u.strength}${ineffective ? ', ineffective (11.0)' : ''}${u.moved ? ', moved' : ''}${u.attacked ? ', attacked' : ''}`;
  return g;
}

const TYPE_NAMES: Record<string, string> = { inf: 'infantry', cav: 'cavalry', art: 'artillery' };

// The unit's type in words: the combat arms by name, a title's special unit
// by the kind its data gives it.
export function typeName(u: Pick<Unit, 'type' | 'kind'>): string {
  return TYPE_NAMES[u.type] ?? u.kind ?? u.type;
}

// A headquarters (docs/protocol.md: units of kind "hq").
export function isHq(u: Pick<Unit, 'type' | 'kind'>): boolean {
  return u.kind === 'hq' || u.type === 'hq';
}

function typeSymbol(g: Element, u: Unit, cx: number, cy: number, s: number, ink: string): void {
  const t = u.type;
  const w = s * 0.46;
  const h = s * 0.28;
  const l = cx - w / 2, r = cx + w / 2, top = cy - h / 2, bot = cy + h / 2;
  const st = { stroke: ink, 'stroke-width': s * 0.03 };
  if (isHq(u)) {
    // The headquarters flag: a staff and a pennant, no type box.
    el('line', { x1: l + w * 0.2, y1: bot, x2: l + w * 0.2, y2: top - h * 0.2, ...st }, g);
    el('polygon', { points: `${l + w * 0.2},${top - h * 0.2} ${r},${top + h * 0.15} ${l + w * 0.2},${top + h * 0.5}`, fill: ink, class: 'hq-flag' }, g);
    return;
  }
  el('rect', { x: l, y: top, width: w, height: h, fill: 'none', ...st }, g);
  if (t === 'inf') {
    el('line', { x1: l, y1: top, x2: r, y2: bot, ...st }, g);
    el('line', { x1: l, y1: bot, x2: r, y2: top, ...st }, g);
  } else if (t === 'cav') {
    el('line', { x1: l, y1: bot, x2: r, y2: top, ...st }, g);
  } else if (t === 'art') {
    el('circle', { cx, cy, r: s * 0.06, fill: ink }, g);
  } else {
    // A special unit: its kind written in the box, as far as it fits.
    const word = typeName(u);
    const label = el('text', {
      x: cx,
      y: cy + h * 0.2,
      'font-size': s * 0.11,
      'text-anchor': 'middle',
      fill: ink,
      class: 'kind',
    }, g);
    label.textContent = word.length > 7 ? word.slice(0, 7) : word;
  }
}
