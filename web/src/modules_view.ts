// What a game's rule modules show (docs/protocol.md, `state.modules`,
// `state.command`, `state.orders`), drawn generically: a marker by its kind,
// a headquarters' command radius, the units whose command is frozen and the
// turn's judgment rolls. Nothing here knows a title: every word of a marker's
// tooltip comes from the marker itself.
import { centre, hexesWithin, type Geometry } from './hexgeo';
import { el } from './counters';
import { h } from './html';
import { sideName } from './describe';
import type { CommandHq, ModuleDecision, ModuleMarker, Preview, Side, State, Unit } from './types';

// A marker in words, from what the protocol gives: its label and rule when
// the module names them, else its kind, state, side, unit and value.
export function markerWords(m: ModuleMarker & { label?: string; rule?: string }): string {
  const what = m.label ?? `${m.kind}${m.state ? ` (${m.state})` : ''}`;
  const side = m.side ? `, ${sideName(m.side)}` : '';
  const unit = m.unit ? `, ${m.unit}` : '';
  const value = m.value !== undefined ? `, value ${m.value}` : '';
  const rule = m.rule ? ` (${m.rule})` : '';
  return `${m.hex ?? '-'}: ${what}${side}${unit}${value}${rule} [module ${m.module}]`;
}

// Draws each marker at its hex: a symbol by kind (a fort, a bridge, a ford,
// an exit ring, a boat), dashed when it is only ordered, with its words as
// the tooltip. A kind this page does not know gets a lettered disc.
export function drawMarkers(layer: SVGGElement, geo: Geometry, markers: ModuleMarker[]): void {
  layer.replaceChildren();
  const s = geo.hex_size;
  for (const m of markers) {
    if (!m.hex) continue;
    const c = centre(geo, m.hex);
    const cls = `module-marker marker-${m.kind}${m.state ? ` state-${m.state.replace(/\W+/g, '-')}` : ''}${m.side ? ` ${m.side}` : ''}`;
    const g = el('g', { class: cls, 'data-hex': m.hex, 'data-kind': m.kind, ...(m.state ? { 'data-state': m.state } : {}) }, layer);
    el('title', {}, g).textContent = markerWords(m);
    symbol(g, m, c.x, c.y, s);
  }
}

function symbol(g: SVGGElement, m: ModuleMarker, x: number, y: number, s: number): void {
  const k = m.kind;
  if (k === 'fort') {
    // A bastioned outline round the hex's lower half, under the counters.
    const r = s * 0.78;
    const pts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? r * 0.82 : r;
      pts.push(`${(x + rr * Math.cos(a)).toFixed(2)},${(y + rr * Math.sin(a)).toFixed(2)}`);
    }
    el('polygon', { points: pts.join(' ') }, g);
  } else if (k === 'pontoon') {
    // A bridge across the river hex: two rails and the boats under them.
    const w = s * 0.7, d = s * 0.16;
    el('line', { x1: x - w, y1: y - d, x2: x + w, y2: y - d }, g);
    el('line', { x1: x - w, y1: y + d, x2: x + w, y2: y + d }, g);
    for (let i = -2; i <= 2; i++) el('line', { x1: x + i * w * 0.4, y1: y - d, x2: x + i * w * 0.4, y2: y + d }, g);
  } else if (k === 'exit' || k === 'exited') {
    el('circle', { cx: x, cy: y, r: s * 0.72 }, g);
    const t = el('text', { x, y: y + s * 0.62, 'font-size': s * 0.22, 'text-anchor': 'middle' }, g);
    t.textContent = k === 'exit' ? `exit ${m.value ?? ''}` : `${m.unit ?? ''} ${m.value ?? 0}`;
  } else {
    el('circle', { cx: x + s * 0.55, cy: y + s * 0.45, r: s * 0.18 }, g);
    const t = el('text', { x: x + s * 0.55, y: y + s * 0.52, 'font-size': s * 0.2, 'text-anchor': 'middle' }, g);
    t.textContent = k.slice(0, 1).toUpperCase();
  }
}

// A tactical rating as a die modifier: +1, 0, -1.
const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

// The headquarters' entry of the chain of command, if `unit` is one.
function hqOf(st: State, unit: string | null | undefined): CommandHq | undefined {
  return unit ? st.command?.hqs.find((q) => q.id === unit) : undefined;
}

// The headquarters whose command the page shows: the unit selected if it is
// one, else the first in the hex last clicked (either side's).
export function selectedHq(st: State, mover: string | null, focus: Unit[]): CommandHq | undefined {
  return hqOf(st, mover) ?? hqOf(st, focus.find((u) => hqOf(st, u.id))?.id);
}

// The hexes a headquarters commands (its movement radius) as shading, none
// for an army's unlimited one (the panel says so) or an HQ off the map.
export function radiusShade(geo: Geometry, st: State, hq: CommandHq): Record<string, string> {
  const u = st.units.find((x) => x.id === hq.id);
  if (!u?.hex || u.status !== 'map' || hq.radius === 'unlimited') return {};
  return Object.fromEntries(hexesWithin(geo, u.hex, hq.radius).map((x) => [x, '']));
}

// The units whose command may not move this player-turn (FR 8), by id, with
// the protocol's status (frozen, parent-frozen, out-of-range...).
export function frozenUnits(st: State): Map<string, string> {
  const o = st.orders;
  if (!o || o.turn !== st.turn || o.side !== st.phasing) return new Map();
  return new Map(o.may_not_move.map((x) => [x.unit, x.status]));
}

// Marks frozen counters: a class and a bar across the counter, its status in
// the tooltip.
export function markFrozen(layer: SVGGElement, frozen: Map<string, string>): void {
  for (const g of layer.querySelectorAll<SVGGElement>('.counter')) {
    const status = frozen.get(g.dataset.unit ?? '');
    if (!status) continue;
    g.classList.add('frozen');
    g.dataset.frozen = status;
    const box = g.querySelector('rect.counter-box');
    if (box) {
      const x = Number(box.getAttribute('x')), y = Number(box.getAttribute('y')), w = Number(box.getAttribute('width'));
      el('line', { x1: x, y1: y + w, x2: x + w, y2: y, class: 'frozen-bar' }, g);
    }
    const title = g.querySelector('title');
    if (title) title.textContent += `; may not move this player-turn: ${status}`;
  }
}

// Who is looking: the side this page plays and whether it may act now.
export interface Seat {
  me: Side | null;
  myTurn: boolean;
}

// The decisions the engine lists as open (state.modules.decisions), for the
// side that may make them: a button each, in the module's words with its
// rule, that sends the listed action as it is (the page's data-action
// buttons); a refusal comes back with its rule like any other. Grouped by
// the module's key, in the engine's order.
export function decisionButtons(st: State, seat: Seat): string {
  const open = (st.modules?.decisions ?? []).filter((d) => seat.myTurn && d.side === seat.me);
  if (!open.length) return '';
  const keys = [...new Set(open.map((d) => d.key))];
  const button = (d: ModuleDecision) =>
    `<li><button class="module-decision" data-key="${h(d.key)}" data-unit="${h(d.unit)}" data-value="${d.value}"${d.hex ? ` data-hex="${h(d.hex)}"` : ''} data-action="${h(JSON.stringify(d.action))}" title="${h(d.command)}">${h(d.label)} <small>(${h(d.rule)})</small></button></li>`;
  const groups = keys.map((k) => `<li data-key="${h(k)}"><b>${h(k)}</b><ul>${open.filter((d) => d.key === k).map(button).join('')}</ul></li>`);
  return `<h3>Decisions open now</h3><ul class="module-decisions" id="module-decisions">${groups.join('')}</ul>`;
}

// Units that left the map and that a rule module lets come back now (their
// `reenter` hexes): a button each that selects the unit as a reinforcement
// is selected (the page's data-enter buttons), so its entry hexes are shown
// and a click on one brings it back.
export function reentryButtons(st: State, seat: Seat): string {
  const back = st.units.filter((u) => u.status === 'exited' && u.reenter?.length);
  if (!back.length) return '';
  const can = seat.myTurn && st.phase === 'movement';
  const rows = back.map(
    (u) => `<li data-unit="${h(u.id)}">${h(u.id)} (${sideName(u.side)}), exited by ${h(u.exit_hex ?? '-')}: may come back by ${u.reenter!.map(h).join(', ')}${can && u.side === seat.me ? ` <button class="reenter" data-enter="${h(u.id)}">Re-enter&hellip;</button>` : ''}</li>`,
  );
  return `<h3>Exited units</h3><ul class="reentry" id="reentry">${rows.join('')}</ul>`;
}

// The odds preview's lines for a rule module's die modifier (FR 9): how much
// and whose, and the chances with it beside those without it.
export function modifierLines(p: Preview): string {
  if (p.die_modifier === undefined) return '';
  const chances = (c: Record<string, number> | undefined) =>
    Object.entries(c ?? {})
      .filter(([, x]) => x > 0)
      .map(([r, x]) => `${r} ${Math.round(x * 100)}%`)
      .join(', ');
  return `<p id="die-modifier">Die modifier <b>${signed(p.die_modifier)}</b>${p.modifier ? `: ${h(p.modifier)}` : ''}${p.modifier_rule ? ` (${h(p.modifier_rule)})` : ''}; the row above reads each die so moved, held to 1-6.</p>
    <p id="chances-without">Without it: ${chances(p.chances_without)}.</p>`;
}

// The side panel's section: the selected headquarters' command, the rules'
// markers by kind, this player-turn's judgment rolls, and the decisions and
// re-entries open to the seat.
export function modulesPanel(st: State, selected: CommandHq | undefined, seat: Seat = { me: null, myTurn: false }): string {
  if (!st.modules && !st.command && !st.orders) return '';
  const parts: string[] = [];
  const decide = decisionButtons(st, seat) + reentryButtons(st, seat);
  if (decide) parts.push(decide);
  if (selected) {
    const r = selected.radius === 'unlimited' ? 'unlimited (it commands its whole army)' : `${selected.radius} hexes, shaded on the map`;
    parts.push(`<p id="hq-info"><b>${h(selected.id)}</b> (${h(selected.echelon)}${selected.parent ? ` under ${h(selected.parent)}` : ''}): command radius ${r}; rally radius ${selected.rally_radius}; judgment ${selected.judgment ?? '-'}${selected.foolhardy ? 'f' : ''}; tactics ${signed(selected.offensive)}/${signed(selected.defensive)}.</p>`);
  }
  const o = st.orders;
  if (o) {
    const rows = o.rolls
      .map((r) => `<tr class="${r.frozen ? 'frozen' : ''}"><td>${h(r.unit)}</td><td>${r.die}</td><td>${r.judgment}${r.foolhardy ? 'f' : ''}</td><td>${r.frozen ? 'frozen' : r.attack_ordered ? 'ordered to attack' : 'free'}</td></tr>`)
      .join('');
    const held = o.may_not_move.map((x) => `${h(x.unit)} (${h(x.status)})`).join(', ') || 'none';
    parts.push(`<h3>Orders (${h(o.rule)}): ${sideName(o.side)}, Game-Turn ${o.turn}</h3>
      <table class="rolls" id="order-rolls"><tr><th>HQ</th><th>die</th><th>judgment</th><th></th></tr>${rows}</table>
      <p id="may-not-move">May not move: ${held}.</p>
      ${o.must_attack.length ? `<p id="must-attack-ordered">Ordered to attack: ${o.must_attack.map(h).join(', ')}.</p>` : ''}`);
  }
  const markers = st.modules?.markers ?? [];
  if (markers.length) {
    const kinds = [...new Set(markers.map((m) => `${m.kind}${m.state ? ` (${m.state})` : ''}`))];
    const items = kinds.map((k) => {
      const here = markers.filter((m) => `${m.kind}${m.state ? ` (${m.state})` : ''}` === k);
      return `<li data-kind="${h(here[0].kind)}"><b>${h(k)}</b>: ${here.map((m) => `<span title="${h(markerWords(m))}">${h(m.hex ?? '-')}</span>`).join(', ')}</li>`;
    });
    parts.push(`<h3>Markers</h3><ul class="marker-legend" id="marker-legend">${items.join('')}</ul>`);
  }
  if (!parts.length) return '';
  return `<section id="modules"><h2>Rule modules${st.modules ? `: ${st.modules.keys.map(h).join(', ')}` : ''}</h2>${parts.join('')}</section>`;
}

// Headquarters counters carry their ratings where a combat unit shows its
// strength (they have none): judgment ("f" foolhardy), then the offensive and
// defensive tactical ratings; the tooltip spells them out.
export function markHqs(layer: SVGGElement, st: State): void {
  for (const q of st.command?.hqs ?? []) {
    const g = layer.querySelector<SVGGElement>(`.counter.hq[data-unit="${CSS.escape(q.id)}"]`);
    if (!g) continue;
    const str = g.querySelector('text.strength');
    if (str) str.textContent = `${q.judgment ?? '-'}${q.foolhardy ? 'f' : ''} ${q.offensive}/${q.defensive}`;
    const title = g.querySelector('title');
    const r = q.radius === 'unlimited' ? 'unlimited' : String(q.radius);
    if (title) title.textContent = `${q.id}: ${q.echelon} headquarters${q.parent ? ` under ${q.parent}` : ''}, command radius ${r}, judgment ${q.judgment ?? '-'}${q.foolhardy ? ' (foolhardy)' : ''}, tactics ${signed(q.offensive)} attacking / ${signed(q.defensive)} defending`;
  }
}
