// The side panel's combat and reinforcement sections: what the page is
// planning (the attack being built, the reinforcement selected) comes in as
// arguments; the rest is the game's view.
import { describe, RESULT_WORDS } from './describe';
import { typeName } from './counters';
import { modifierLines } from './modules_view';
import { h } from './html';
import type { GameView, Preview, ReachReply, Side } from './types';

export interface AttackPlan {
  planning: boolean; // this seat builds an attack now
  attackers: string[];
  defenders: string[];
  preview: Preview | null;
  previewError: string;
  previewRule: string;
}

function previewHtml(p: Preview): string {
  const rows = p.multipliers.map((m) => `<tr><td>${m.hex}</td><td>${m.strength}</td><td>&times;${m.multiplier}</td><td>${h(m.why || 'no terrain effect')}</td></tr>`).join('');
  const outcomes = p.outcomes.map((o) => `<td title="${RESULT_WORDS[o.result]}${o.modified_die !== undefined ? ` (read as a ${o.modified_die})` : ''}">${o.result}</td>`).join('');
  const chances = Object.entries(p.chances).filter(([, c]) => c > 0).map(([r, c]) => `${r} ${Math.round(c * 100)}%`).join(', ');
  const cols = ['1-5', '1-4', '1-3', '1-2', '1-1', '2-1', '3-1', '4-1', '5-1', '6-1'];
  const lower = cols.slice(0, cols.indexOf(p.computed) + 1).reverse();
  return `<div class="preview" id="preview"><p>Odds <b id="odds">${p.odds}</b> (${p.attack} to ${p.defence}${p.odds !== p.computed ? `, reduced from ${p.computed}` : ''})
    <button id="btn-preview-crt" title="The Combat Results Table with this column marked (C)">table</button>
    <label>use <select id="odds-choice">${lower.map((c) => `<option ${c === p.odds ? 'selected' : ''}>${c}</option>`).join('')}</select> (7.9)</label></p>
    <table class="mult"><tr><th>hex</th><th>defence</th><th>terrain</th><th>why</th></tr>${rows}</table>
    <table class="crt"><tr><th>die</th>${p.outcomes.map((o) => `<th>${o.die}</th>`).join('')}</tr><tr><th>result</th>${outcomes}</tr></table>
    <p>Chances: ${chances}</p>${modifierLines(p)}
    <button id="btn-attack"><kbd>A</kbd> Attack</button></div>`;
}

export function combatPanel(v: GameView, plan: AttackPlan): string {
  const st = v.state;
  if (st.phase !== 'combat') return '';
  const ob = st.obligations;
  const unitsIn = (hex: string) => st.units.filter((u) => u.status === 'map' && u.hex === hex);
  const list = (xs: string[]) => (xs.length ? xs.map((x) => `<li>${x}: ${unitsIn(x).map((u) => h(u.id)).join(', ')}</li>`).join('') : '<li>none</li>');
  let html = `<section><h2>Combat</h2>
    <h3>Mandatory attacks still owed (7.1)</h3>
    <div class="owed"><div><b>Must attack</b><ul>${list(ob.attackers)}</ul></div><div><b>Must be attacked</b><ul>${list(ob.defenders)}</ul></div></div>`;
  if (plan.planning) {
    html += `<p>Click your units to attack with (a counter: that unit; beside the counters: the stack), then enemy hexes to attack; <kbd>A</kbd> rolls.</p>
      <p>Attackers: <b id="attackers">${plan.attackers.join(', ') || '-'}</b><br>Defending hexes: <b id="defenders">${plan.defenders.join(', ') || '-'}</b></p>`;
    if (plan.preview) html += previewHtml(plan.preview);
    else if (plan.previewError)
      html += `<p class="refusal" id="preview-error">This attack is not allowed: ${h(plan.previewError)}${plan.previewRule ? ` <button id="btn-rule" data-rule="${h(plan.previewRule)}">Rule ${h(plan.previewRule)}</button>` : ''}</p>`;
  }
  const fights = v.log.filter((i) => i.die);
  html += `<h3>Combat log</h3><ol class="combat-log" id="combat-log">${fights
    .slice(-12)
    .reverse()
    .map((i) => `<li>T${i.turn} ${h(describe(i, v.ui.decisions))}</li>`)
    .join('') || '<li>no combat yet</li>'}</ol></section>`;
  return html;
}

// `reach`: the selected reinforcement's entries, if one is selected; its
// entry hexes' costs are the engine's (the column's place included).
export function reinforcementPanel(v: GameView, me: Side | null, myTurn: boolean, reach: ReachReply | null): string {
  const st = v.state;
  const off = st.units.filter((u) => u.status === 'off-map');
  if (!off.length) return '';
  const columns = Object.entries(v.entry_columns);
  const rows = off
    .sort((a, b) => (a.arrival ?? 0) - (b.arrival ?? 0))
    .map((u) => {
      const can = myTurn && st.phase === 'movement' && u.side === me && (u.arrival ?? 99) <= st.turn;
      return `<tr class="${u.side}"><td>${h(u.id)}</td><td>${h(typeName(u))} ${u.strength}</td><td>${u.arrival}</td><td>${(u.entry ?? []).join(', ')}</td>
        <td>${can ? `<button data-enter="${h(u.id)}">Enter&hellip;</button>` : ''}</td></tr>`;
    })
    .join('');
  const costs = reach?.entries
    ? `<p id="entry-costs">${h(reach.unit)} enters ${reach.entries.map((e) => `by ${h(e.hex)} for ${e.hexes[e.hex] ?? '?'} MP`).join(', ')} (the column's cost, as the engine will charge it).</p>`
    : '';
  return `<section><h2>Reinforcements</h2>
    <table class="rein"><tr><th>unit</th><th></th><th>turn</th><th>entry</th><th></th></tr>${rows}</table>
    ${columns.length ? `<p>Entry columns this phase: ${columns.map(([x, n]) => `${h(x)}: ${n} entered`).join('; ')}.</p>` : ''}
    ${costs}
    <p class="note">A reinforcement may be held back: simply do not enter it.</p></section>`;
}
