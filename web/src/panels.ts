// The side panel's parts that only show the game (no state of the page's
// own): the turn track, a pending decision's choices, a title's decision
// form, the title's map notes and the victory points.
import { h } from './html';
import { sideName } from './describe';
import type { GameView, Pending, Side, UiDecision, UiSpec, Unit, Victory } from './types';

export function turnTrack(v: GameView): string {
  const st = v.state;
  const night = new Set((v.new.night as number[]) ?? []);
  let cells = '';
  for (let t = 1; t <= st.turns; t++)
    cells += `<li class="${night.has(t) ? 'night' : ''}${t === st.turn ? ' now' : ''}" title="Game-Turn ${t}${night.has(t) ? ' (night)' : ''}">${t}</li>`;
  const phases = ['movement', 'combat'].map((ph) => `<span class="${st.phase === ph ? 'now' : ''}">${sideName(st.phasing)} ${ph}</span>`).join(' &rarr; ');
  return `<section><h2>Turn track</h2><ol class="track">${cells}</ol><p class="phases">${phases}</p></section>`;
}

export function pendingPrompt(p: Pending, units: Unit[]): string {
  let n = 0;
  const choice = (label: string, action: unknown) =>
    `<button data-action='${h(JSON.stringify(action))}' data-choice="${++n}"><kbd>${n}</kbd> ${h(label)}</button>`;
  const stand = (label: string, action: unknown) =>
    `<button data-action='${h(JSON.stringify(action))}' data-choice="s"><kbd>S</kbd> ${h(label)}</button>`;
  if (p.kind === 'retreat') {
    const opts = (p.options ?? []).map((o) =>
      choice(`Retreat ${p.unit} to ${o.hex}${o.displace.length ? ` (displacing ${o.displace[0]})` : ''}`, {
        kind: 'retreat', unit: p.unit, hex: o.hex, displace: o.displace[0] ?? null,
      }));
    if (p.optional) opts.push(stand(`${p.unit} stays (8.16)`, { kind: 'retreat', unit: p.unit, hex: null }));
    return `<div class="pending"><p><b>${h(p.unit)}</b> must retreat: choose a hex (shaded on the map).</p>${opts.join(' ')}</div>`;
  }
  if (p.kind === 'advance') {
    const opts: string[] = [];
    for (const u of p.units ?? []) for (const x of p.hexes ?? []) opts.push(choice(`${u} advances into ${x}`, { kind: 'advance', unit: u, hex: x }));
    opts.push(stand('No advance', { kind: 'advance', unit: null, hex: null }));
    return `<div class="pending"><p>The defenders' hex is empty: advance after combat?</p>${opts.join(' ')}</div>`;
  }
  if (p.kind === 'lose') {
    const boxes = (p.units ?? []).map((u) => {
      const s = units.find((x) => x.id === u)?.strength ?? 0;
      return `<label><input type="checkbox" class="lose" value="${h(u)}"> ${h(u)} (${s})</label>`;
    });
    return `<div class="pending"><p>Exchange: give up at least <b>${p.required}</b> strength points.</p>${boxes.join(' ')}
      <button id="btn-lose" data-choice="1"><kbd>1</kbd> Give up the units ticked</button></div>`;
  }
  return `<div class="pending"><p>${h(p.unit)} may fall back before combat (DG 11.2).</p>
    ${stand(`${p.unit} stands`, { kind: 'evade', unit: p.unit, path: [] })}
    <label>or fall back to <input id="evade-path" placeholder="0405,0404" size="10"></label> <button id="btn-evade">Fall back</button></div>`;
}

// A title's own decision (ui.decisions), as the title declares it: for its
// side while it is open, one choice per unit; the other side is told only
// that it is being made (its values never reach this page).
export function decisionForm(d: UiDecision, me: Side | null): string {
  if (!d.open) return '';
  if (me !== d.side)
    return `<p class="note">The ${sideName(d.side)} player may make a ${d.secret ? 'secret ' : ''}choice before play: ${h(d.label)} (${h(d.rule)}).</p>`;
  const rows = d.units.map((u) => {
    const now = d.chosen?.[u];
    const opts = d.choices.map((c) => `<option value="${c.value}" ${now === c.value ? 'selected' : ''}>${h(c.label)}</option>`).join('');
    return `<label>${h(u)} <select class="decision" data-decision="${h(d.name)}" data-kind="${h(d.action)}" data-unit="${h(u)}">${opts}</select></label>`;
  });
  return `<div class="secret" data-decision="${h(d.name)}"><h3>${h(d.label)} (${h(d.rule)})</h3>
    <p>${h(d.help)}</p>${rows.join('<br>')}</div>`;
}

// The title's zones that matter now and its special hexes, in words.
export function mapPanel(ui: UiSpec): string {
  const zones = ui.zones.filter((z) => z.active);
  if (!zones.length && !ui.hexes.length) return '';
  const zl = zones.map((z) => `<li class="zone-note zone-${z.style}" data-zone="${h(z.name)}"><b>${h(z.rule)}</b> ${h(z.label)}${z.consequence ? `<br><span class="consequence">Entering it sets off ${h(z.consequence)}; you are asked first.</span>` : ''}</li>`).join('');
  const kinds = [...new Set(ui.hexes.map((x) => x.kind))];
  const hl = kinds.map((k) => `<li><b>${h(k)}</b>: ${ui.hexes.filter((x) => x.kind === k).map((x) => `<span title="${h(x.label)}">${h(x.hex)}</span>`).join(', ')}</li>`).join('');
  return `<section id="map-notes"><h2>On the map</h2><ul class="map-notes">${zl}${hl}</ul></section>`;
}

export function victoryPanel(vic: Victory): string {
  const lines = vic.lines.map((l) => `<tr><td>${sideName(l.side)}</td><td>${l.points}</td><td>${h(l.what)}${l.at_end ? ' (at the end)' : ''}</td><td>${h(l.rule)}</td></tr>`).join('');
  return `<section><h2>Victory points</h2>
    <p id="vp">Union <b>${vic.union}</b> - Confederate <b>${vic.confederate}</b>
    (if the game ended now: ${vic.projected.union} - ${vic.projected.confederate})</p>
    ${lines ? `<table class="vp"><tr><th>side</th><th>VP</th><th>for</th><th>rule</th></tr>${lines}</table>` : ''}</section>`;
}
