// The charts at hand: the Combat Results Table (the column of the attack
// being previewed marked) and the Terrain Effects Chart, both as the engine
// sends them for this game's edition and title (nothing here knows a number
// of either chart). Shown in a dialog opened by the Charts button or C.
import { h } from './html';
import type { Charts, CrtChart, TerrainChart } from './types';

const times = (n: number) => (n > 1 ? `&times;${n}` : '&mdash;');

function crtTable(c: CrtChart, column: string | null): string {
  const mark = (col: string) => (col === column ? ' class="now"' : '');
  const head = c.columns.map((col) => `<th scope="col" data-column="${h(col)}"${mark(col)}>${h(col)}</th>`).join('');
  const rows = c.rows
    .map((r) => `<tr><th scope="row">${r.die}</th>${r.results
      .map((x, k) => `<td data-column="${h(c.columns[k])}"${mark(c.columns[k])} title="${h(c.legend[x] ?? x)}">${h(x)}</td>`)
      .join('')}</tr>`)
    .join('');
  const legend = Object.entries(c.legend).map(([k, v]) => `<b>${h(k)}</b> ${h(v)}`).join('; ');
  return `<h3>Combat Results Table (${h(c.rule)})</h3>
    ${column ? `<p id="crt-now">The attack being planned is resolved on the <b>${h(column)}</b> column (marked).</p>` : ''}
    <table class="chart crt-chart" id="crt-chart"><caption>Die roll (rows) against odds (columns)</caption>
    <tr><th scope="col">die</th>${head}</tr>${rows}</table><p class="note">${legend}.</p>`;
}

function tecTables(t: TerrainChart): string {
  const head = t.crossings.map((c) => `<th scope="col">${c === 'none' ? 'no feature' : h(c)}</th>`).join('');
  const rows = t.terrain
    .map((r) => `<tr data-terrain="${h(r.terrain)}"><th scope="row">${h(r.terrain)}</th>${r.mp
      .map((x) => `<td>${x === null ? '<span title="prohibited">P</span>' : x}</td>`)
      .join('')}<td>${times(r.defence)}</td><td>${r.blocks_los ? 'blocks' : '&mdash;'}</td><td>${r.may_end_move ? '' : 'never ends a move there'}</td></tr>`)
    .join('');
  const sides = t.hexsides
    .map((r) => `<tr data-hexside="${h(r.hexside)}"><th scope="row">${h(r.hexside)}</th><td>${r.passable ? 'crossed' : 'not crossed, no attack across'}</td><td>${r.passable ? times(r.defence) : '&mdash;'}</td></tr>`)
    .join('');
  const features = t.features
    .map((f) => `<tr data-feature="${h(f.feature)}"><th scope="row">${h(f.feature)}</th><td class="mp">${f.mp === null ? 'as its terrain' : `${f.mp} MP`}</td><td>${h(f.movement)}</td><td class="defence">${times(f.defence)}${f.defence_rough ? ` (${times(f.defence_rough)} with rough)` : ''}</td><td>${h(f.combat)}</td><td>${h(f.rule)}</td></tr>`)
    .join('');
  const featureTable = features
    ? `<div class="chart-scroll"><table class="chart" id="tec-features"><caption>This game's own terrain: what its rules add to the chart</caption>
    <tr><th scope="col">feature</th><th scope="col">to enter</th><th scope="col">movement</th><th scope="col">defender</th><th scope="col">combat</th><th scope="col">rule</th></tr>${features}</table></div>`
    : '';
  return `<h3>Terrain Effects Chart: movement (${h(t.movement_rule)}) and combat (${h(t.combat_rule)})</h3>
    <p class="note">Movement Points to enter a hex of the row's terrain across a hexside with the column's feature (P: prohibited); the defender's multiplier in such a hex; Line of Sight.</p>
    <div class="chart-scroll"><table class="chart tec-chart" id="tec-chart"><tr><th scope="col">terrain</th>${head}<th scope="col">defender</th><th scope="col">Line of Sight</th><th scope="col"></th></tr>${rows}</table></div>
    <table class="chart" id="tec-hexsides"><caption>Hexsides in combat: the defender's multiplier when every attacker attacks across one</caption>
    <tr><th scope="col">hexside</th><th scope="col">units</th><th scope="col">defender</th></tr>${sides}</table>${featureTable}`;
}

// A refusal's case, opened from its "Rule" button: the chart that is that
// case, or why its text is not at hand.
function ruleNote(c: Charts, rule: string): string {
  if (!rule) return '';
  const charts = [c.crt.rule, c.tec.movement_rule, c.tec.combat_rule];
  const which = rule === c.crt.rule ? 'the Combat Results Table' : 'the Terrain Effects Chart';
  const text = charts.includes(rule)
    ? `Case ${h(rule)} is ${which}, below.`
    : `Case ${h(rule)} of the rules in play. The engine carries the case numbers, not the rule books' text (the publishers' own); docs/rules-coverage.md lists each case with its gist and the tests that check it.`;
  return `<p id="rule-note" class="result">${text}</p>`;
}

export function chartsHtml(c: Charts, column: string | null, rule = ''): string {
  return `<div class="card charts-card" role="dialog" aria-modal="true" aria-labelledby="charts-title">
    <h2 id="charts-title">Charts <small>(${h(c.edition)})</small></h2>
    <button id="btn-close-charts" class="close">Close <kbd>Esc</kbd></button>
    ${ruleNote(c, rule)}${crtTable(c.crt, column)}${tecTables(c.tec)}</div>`;
}
