// The "Now" section (what this seat may do at this moment, the last combat,
// why the last try did nothing) and the end-of-game summary.
import { h } from './html';
import { sideName } from './describe';
import { lastCombat } from './log_panel';
import { decisionForm, pendingPrompt } from './panels';
import { mySide, myPending, myTurn } from './seat';
import type { GameView, Side } from './types';

// `rule`: the case an engine refusal in `notice` cites (a button opens it).
export function nowPanel(v: GameView, notice: string, mover: string | null, rule = ''): string {
  const st = v.state;
  const me = mySide(v);
  const mine = myTurn(v);
  const out: string[] = [];
  const fight = lastCombat(v.log, v.ui.decisions);
  if (fight) out.push(`<p class="result" id="last-result">Last combat: ${h(fight)}</p>`);
  if (notice)
    out.push(`<p class="refusal" id="notice" role="status">${h(notice)}${rule ? ` <button id="btn-rule" data-rule="${h(rule)}">Rule ${h(rule)}</button>` : ''}</p>`);
  if (v.undo.request && v.undo.request !== me && me) {
    out.push(`<p>${sideName(v.undo.request)} asks to take back its last move (5.17).</p>
      <button data-undo="accept">Allow</button> <button data-undo="refuse">Refuse</button>`);
  }
  if (v.computer_error)
    out.push(`<p class="refusal" id="computer-error">The computer player chose an action the engine refused (a bug in the player; the game waits): ${h(v.computer_error.error)}</p>`);
  if (!me) out.push('<p>You are watching. The page follows the game live.</p>');
  else if (st.phase !== 'over' && !mine) out.push(`<p class="wait">Waiting for the ${sideName(st.to_act)} player&hellip;</p>`);
  const p = mine ? myPending(v) : undefined;
  if (p) out.push(pendingPrompt(p, st.units));
  else if (mine && st.phase === 'movement') {
    out.push(mover
      ? `<p>${h(mover)} selected: click a shaded hex to move there (the number is the Movement Points it costs), Esc to cancel.</p>`
      : '<p>Movement Phase: click one of your units (or press Tab) to see where it may go.</p>');
  }
  // Reinforcements due and not yet entered, while they still may be.
  const due = mine && me && st.phase === 'movement' && !p
    ? st.units.filter((u) => u.side === me && u.status === 'off-map' && (u.arrival ?? Infinity) <= st.turn)
    : [];
  if (due.length)
    out.push(`<p id="due-reminder" class="wait">Reinforcements due and not yet entered: ${due.map((u) => `<b>${h(u.id)}</b>${u.arrival !== undefined && u.arrival < st.turn ? ` <small>(held since Game-Turn ${u.arrival})</small>` : ''}`).join(', ')}. "Enter&hellip;" under Reinforcements brings one in; ending the phase holds them back.</p>`);
  if (mine)
    out.push(`<p><label>Hex <input id="hex-input" size="5" maxlength="4" placeholder="XXYY" inputmode="numeric"></label>
      <kbd>G</kbd>: type a hex and Enter to click it without the mouse.</p>`);
  for (const d of v.ui.decisions) out.push(decisionForm(d, me));
  return `<section class="prompts"><h2>Now</h2>${out.join('')}</section>`;
}

type VictoryLine = GameView['state']['victory']['lines'][number];

// The words the lines of a group share ("eliminated" of "eliminated 1/V (5)" and
// "eliminated 2/V (7)"); a group of one keeps its whole line.
function sharedWords(whats: string[]): string {
  if (whats.length === 1) return whats[0];
  const words = whats.map((w) => w.split(' '));
  const out: string[] = [];
  for (let i = 0; words.every((w) => i < w.length && w[i] === words[0][i]); ++i) out.push(words[0][i]);
  return out.join(' ');
}

// The score at a glance: the lines summed by side, rule and the kind of line (its
// first word: "eliminated", "exited"...), each side's largest first. A title scores
// a line per unit eliminated, so a game's 60-odd lines would bury the few that
// decided it.
function summaryTotals(lines: VictoryLine[]): string {
  const groups = new Map<string, { side: Side; rule: string; whats: string[]; points: number }>();
  for (const l of lines) {
    const key = `${l.side}|${l.rule}|${l.what.split(' ')[0]}`;
    const g = groups.get(key) ?? { side: l.side, rule: l.rule, whats: [], points: 0 };
    g.whats.push(l.what);
    g.points += l.points;
    groups.set(key, g);
  }
  const rows = [...groups.values()]
    .sort((a, b) => (a.side === b.side ? b.points - a.points : a.side === 'union' ? -1 : 1))
    .map((g) => `<tr><td>${sideName(g.side)}</td><td>${g.points}</td><td>${h(sharedWords(g.whats))}${g.whats.length > 1 ? ` <small>(${g.whats.length} lines)</small>` : ''}</td><td>${h(g.rule)}</td></tr>`)
    .join('');
  return `<table class="vp" id="summary-totals"><tr><th>side</th><th>VP</th><th>for</th><th>rule</th></tr>${rows}</table>`;
}

// The victory lines the score is made of, each with its rule: the totals, then
// every line, folded.
function summaryLines(vic: GameView['state']['victory']): string {
  if (!vic.lines.length) return '';
  const rows = vic.lines
    .map((l) => `<tr><td>${sideName(l.side)}</td><td>${l.points}</td><td>${h(l.what)}</td><td>${h(l.rule)}</td></tr>`)
    .join('');
  return `${summaryTotals(vic.lines)}
    <details id="summary-detail"><summary>Every victory line (${vic.lines.length})</summary>
    <table class="vp" id="summary-lines"><tr><th>side</th><th>VP</th><th>for</th><th>rule</th></tr>${rows}</table></details>`;
}

// The summary over the page once the game is over (hidden before).
export function showSummary(box: HTMLElement, v: GameView): void {
  const st = v.state;
  if (st.phase !== 'over') {
    box.hidden = true;
    return;
  }
  const vic = st.victory;
  const lost = (s: Side) => st.units.filter((u) => u.side === s && u.status === 'eliminated').reduce((a, u) => a + u.strength, 0);
  box.innerHTML = `<div class="card"><h2>The game is over</h2>
    <p class="winner">${vic.winner ? `${sideName(vic.winner)} victory` : 'A draw'}</p>
    <p>Union ${vic.union} VP - Confederate ${vic.confederate} VP</p>
    ${summaryLines(vic)}
    <p>Strength eliminated: Union ${lost('union')}, Confederate ${lost('confederate')}</p>
    <button id="btn-close-summary">Close</button></div>`;
  box.hidden = false;
  (box.querySelector('#btn-close-summary') as HTMLButtonElement).onclick = () => (box.hidden = true);
}
