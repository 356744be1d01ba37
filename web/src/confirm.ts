// Actions with a consequence the title declares scored or irreversible (a
// trigger zone's `consequence`): which zones an action would set off, and a
// dialog that asks the player before it is sent.
import { h } from './html';
import type { Side, UiZone } from './types';

// The hexes an action puts a unit into: a move's or entry's path, a retreat's
// or advance's hex.
function hexesEntered(action: Record<string, unknown>): string[] {
  const path = action.path;
  if (Array.isArray(path)) return path.filter((x): x is string => typeof x === 'string');
  return typeof action.hex === 'string' ? [action.hex] : [];
}

export function consequencesOf(action: Record<string, unknown>, zones: UiZone[], side: Side): UiZone[] {
  const hexes = hexesEntered(action);
  if (!hexes.length) return [];
  return zones.filter((z) => z.active && z.consequence && z.side === side && hexes.some((x) => z.hexes.includes(x)));
}

// Shows the consequences in `box` (a modal) and resolves true on "Go ahead",
// false on "Cancel" or Esc. The page ignores its keys while it is open.
export function confirmConsequences(box: HTMLElement, zones: UiZone[], what: string): Promise<boolean> {
  box.innerHTML = `<div class="card" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
    <h2 id="confirm-title">This cannot be taken back</h2>
    <div id="confirm-text"><p>${h(what)}:</p><ul>${zones.map((z) => `<li data-zone="${h(z.name)}">${h(z.consequence ?? '')}</li>`).join('')}</ul></div>
    <button id="btn-confirm">Go ahead</button> <button id="btn-cancel">Cancel</button></div>`;
  box.hidden = false;
  const ok = box.querySelector<HTMLButtonElement>('#btn-confirm')!;
  const cancel = box.querySelector<HTMLButtonElement>('#btn-cancel')!;
  cancel.focus();
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      box.hidden = true;
      box.innerHTML = '';
      resolve(answer);
    };
    ok.onclick = () => done(true);
    cancel.onclick = () => done(false);
    box.onkeydown = (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        done(false);
      }
    };
  });
}
