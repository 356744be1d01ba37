// Hot seat with secrets ("a hot-seat hand-over screen"): when the
// title declares a secret decision, the one screen both players share is
// covered whenever the side to act changes, until the player taking over
// says so, and each side's secret choices are taken out of the view drawn
// for the other side (the server shows the hot seat everything: the seat is
// both players). Which decisions are secret is the title's declaration.
import { sideName } from './describe';
import { h } from './html';
import { mySide } from './seat';
import type { GameView, Side } from './types';

// Whether this page is the hot seat of a game with secrets to keep.
export function keepsSecrets(v: GameView): boolean {
  return v.seat === 'hotseat' && v.ui.decisions.some((d) => d.secret);
}

// The view as `me` may see it: the other side's secret choices (the values in
// the log, the decision's choices, and the arrivals they set) taken out.
export function maskedFor(v: GameView, me: Side | null): GameView {
  const theirs = v.ui.decisions.filter((d) => d.secret && d.side !== me);
  if (!theirs.length) return v;
  const units = new Set(theirs.flatMap((d) => d.units));
  const kinds = new Set<string>(theirs.map((d) => d.action));
  return {
    ...v,
    ui: { ...v.ui, decisions: v.ui.decisions.map((d) => (theirs.includes(d) ? { ...d, chosen: undefined } : d)) },
    log: v.log.map((i) =>
      kinds.has(i.action.kind) && i.action.unit && units.has(i.action.unit)
        ? { ...i, action: { kind: i.action.kind, unit: i.action.unit, hidden: true } }
        : i,
    ),
    state: {
      ...v.state,
      units: v.state.units.map((u) => (units.has(u.id) && u.status === 'off-map' ? { ...u, arrival: undefined } : u)),
    },
  };
}

// Covers the page for the hand-over; `done` when the player taking over has
// the screen. Returns the side the screen was handed to.
export function showHandover(box: HTMLElement, v: GameView, done: (side: Side | null) => void): void {
  const side = mySide(v);
  box.innerHTML = `<div class="card handover" role="dialog" aria-modal="true" aria-labelledby="handover-title">
    <h2 id="handover-title">Hand the screen to the ${h(sideName(side))} player</h2>
    <p>The board is hidden so that neither side sees the other's secret choices. The ${h(sideName(side))} player continues.</p>
    <button id="btn-handover">I am the ${h(sideName(side))} player: show the board</button></div>`;
  box.hidden = false;
  const button = box.querySelector('#btn-handover') as HTMLButtonElement;
  button.onclick = () => {
    box.hidden = true;
    done(side);
  };
  button.focus();
}
