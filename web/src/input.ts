// The player's input: a click (or tap) on the map, the keys, and the side
// panel's buttons, turned into the page's steps (select, plan an attack,
// act). The page (game.ts) owns the state; this file decides what an input
// means.
import type { Board } from './board';
import { myPending, mySide, myTurn, notYours } from './seat';
import type { Action, Plan } from './plan';
import type { GameView, Pending } from './types';
import type { OverlayName } from './overlays';

// What the input may ask of the page.
export interface Table {
  readonly view: GameView;
  readonly plan: Plan;
  readonly board: Board;
  readonly root: HTMLElement;
  readonly confirming: boolean;
  focusHex: string | null;
  act(action: Action): Promise<void>;
  say(text: string): void;
  toast(e: unknown, isError?: boolean): void;
  render(): void;
  select(unit: string): Promise<void>;
  updatePreview(): Promise<void>;
  attack(): Promise<void>;
  endPhase(): Promise<void>;
  undo(): Promise<void>;
  answerUndo(answer: 'accept' | 'refuse'): Promise<void>;
  toggleNumbers(): void;
  toggleCharts(rule?: string): Promise<void>;
  toggleOverlay(name: OverlayName): void;
  chartsOpen(): boolean;
  closeCharts(): void;
  revealSeed(): Promise<void>;
  downloadSave(): Promise<void>;
}

const unitsIn = (v: GameView, hex: string) => v.state.units.filter((u) => u.status === 'map' && u.hex === hex);

export async function clickHex(t: Table, hex: string, unitId: string | null): Promise<void> {
  const v = t.view;
  const st = v.state;
  const me = mySide(v);
  const plan = t.plan;
  t.focusHex = hex;  // its stack is listed, whoever's turn it is
  if (!myTurn(v) || !me) return t.say(notYours(v));
  const p = myPending(v);
  if (p) return clickPending(t, p, hex, unitId);
  const here = unitsIn(v, hex);
  if (st.phase === 'movement') {
    const dest = plan.destination(hex);
    if (plan.mover && dest) return t.act(dest);
    if (plan.mover && plan.reach && !here.some((u) => u.side === me))
      return t.say(`${hex} is not shaded: ${plan.mover} cannot end its move there this phase (out of its Movement Points, or terrain, units or Zones of Control bar the way). Choose a shaded hex, or Esc.`);
    const mine = here.filter((u) => u.side === me);
    if (mine.length) {
      let pick = mine.find((u) => u.id === unitId) ?? mine[0];
      if (plan.mover && mine.some((u) => u.id === plan.mover) && !unitId) {
        const i = mine.findIndex((u) => u.id === plan.mover);
        pick = mine[(i + 1) % mine.length];
      }
      return t.select(pick.id);
    }
    plan.reset();
    t.render();
    return;
  }
  if (st.phase === 'combat') {
    const mine = here.filter((u) => u.side === me && !u.attacked);
    if (mine.length) {
      // A counter clicked is that unit alone (a stacked unit may sit out,
      // DG 8.42, if the engine allows it); the hex around it, the stack.
      const one = mine.find((u) => u.id === unitId);
      plan.toggleAttackers(one ? [one.id] : mine.map((u) => u.id));
    } else if (here.some((u) => u.side !== me)) {
      plan.toggleDefender(hex);
    }
    await t.updatePreview();
  }
}

async function clickPending(t: Table, p: Pending, hex: string, unitId: string | null): Promise<void> {
  const plan = t.plan;
  if (p.kind === 'retreat') {
    const o = p.options?.find((x) => x.hex === hex);
    if (o) await t.act({ kind: 'retreat', unit: p.unit, hex: o.hex, displace: o.displace[0] ?? null });
  } else if (p.kind === 'advance') {
    if (unitId && p.units?.includes(unitId)) {
      plan.mover = unitId;
      t.render();
    } else if (p.hexes?.includes(hex)) {
      await t.act({ kind: 'advance', unit: plan.mover && p.units?.includes(plan.mover) ? plan.mover : p.units?.[0], hex });
    }
  }
}

// Tab: the next of my units that may still move (movement) or attack (combat).
// False after the last one (or with none): Tab then moves the focus on, so
// the map is no keyboard trap.
function nextUnit(t: Table, wrap: boolean): boolean {
  const v = t.view;
  const me = mySide(v);
  if (!me || !myTurn(v) || myPending(v)) return false;
  const combat = v.state.phase === 'combat';
  const list = v.state.units.filter((u) => u.side === me && u.status === 'map' && (combat ? !u.attacked : !u.moved));
  if (!list.length) return false;
  // The unit last picked: the one selected, or in combat the last attacker.
  const current = t.plan.mover ?? t.plan.attackers.at(-1);
  const i = list.findIndex((u) => u.id === current);
  if (!wrap && i === list.length - 1) return false;
  const next = list[(i + 1) % list.length];
  t.board.centreOn(next.hex!);
  if (combat) void clickHex(t, next.hex!, next.id);
  else void t.select(next.id);
  return true;
}

const onMap = (target: HTMLElement | null) => !target || target === document.body || target.id === 'map' || !!target.closest?.('#map');

export function onKey(t: Table, e: KeyboardEvent): void {
  if (t.confirming) return;
  // The hot seat's hand-over cover takes no game keys (its button takes Enter).
  if (document.querySelector<HTMLElement>('#handover')?.hidden === false) return;
  const target = e.target as HTMLElement;
  // The charts dialog takes only its own keys: Esc or C closes it.
  if (t.chartsOpen()) {
    if (e.key === 'Escape' || e.key === 'c' || e.key === 'C') {
      e.preventDefault();
      t.closeCharts();
    }
    return;
  }
  if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  if (target?.tagName === 'BUTTON' && (k === 'Enter' || k === ' ')) return;
  const p = myTurn(t.view) ? myPending(t.view) : undefined;
  const board = t.board;
  if (k === 'g' || k === 'G') {
    const input = t.root.querySelector<HTMLInputElement>('#hex-input');
    if (input) {
      e.preventDefault();
      input.focus();
    }
    return;
  }
  if (k === 'e' || k === 'E') void t.endPhase();
  else if (k === 'u' || k === 'U') void t.undo();
  else if (k === 'n' || k === 'N') t.toggleNumbers();
  else if (k === 'c' || k === 'C') void t.toggleCharts();
  else if (k === 'z' || k === 'Z') t.toggleOverlay('zoc');
  else if (k === 'r' || k === 'R') t.toggleOverlay('artillery');
  else if (k === 't' || k === 'T') t.toggleOverlay('zones');
  else if (k === 'l' || k === 'L') t.toggleOverlay('lines');
  else if (k === '+' || k === '=') board.zoom(1 / 1.25);
  else if (k === '-') board.zoom(1.25);
  else if (k === '0') board.reset();
  else if (k === 'ArrowLeft') board.pan(-1, 0);
  else if (k === 'ArrowRight') board.pan(1, 0);
  else if (k === 'ArrowUp') board.pan(0, -1);
  else if (k === 'ArrowDown') board.pan(0, 1);
  else if (k === 'Escape') {
    t.plan.reset();
    t.say('');
  } else if ((k === 'a' || k === 'A' || k === 'Enter') && t.view.state.phase === 'combat' && !p) void t.attack();
  else if ((k === 'Tab' && !e.shiftKey && onMap(target)) || k === ']') {
    // Tab from the map picks the next unit (] cycles for ever); elsewhere,
    // and after the last unit, it moves the focus through the page's
    // controls as usual (every one stays reachable).
    if (nextUnit(t, k === ']')) e.preventDefault();
    return;
  } else if (/^[1-9]$/.test(k)) {
    (t.root.querySelector(`[data-choice="${k}"]`) as HTMLButtonElement | null)?.click();
  } else if (k === 's' || k === 'S') {
    (t.root.querySelector('[data-choice="s"]') as HTMLButtonElement | null)?.click();
  } else return;
  e.preventDefault();
}

// The side panel's buttons and fields, wired after each render.
export function wirePanel(t: Table): void {
  const root = t.root;
  const one = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel);
  for (const b of root.querySelectorAll<HTMLButtonElement>('[data-action]')) b.onclick = () => void t.act(JSON.parse(b.dataset.action!) as Action);
  for (const b of root.querySelectorAll<HTMLButtonElement>('[data-undo]')) b.onclick = () => void t.answerUndo(b.dataset.undo as 'accept' | 'refuse');
  const reveal = one<HTMLButtonElement>('#btn-reveal');
  if (reveal) reveal.onclick = () => void t.revealSeed();
  const save = one<HTMLButtonElement>('#btn-save');
  if (save) save.onclick = () => void t.downloadSave();
  for (const b of root.querySelectorAll<HTMLButtonElement>('[data-enter]')) b.onclick = () => void t.select(b.dataset.enter!);
  for (const b of root.querySelectorAll<HTMLButtonElement>('[data-pick]')) b.onclick = () => void clickHex(t, b.dataset.hex!, b.dataset.pick!);
  for (const s of root.querySelectorAll<HTMLSelectElement>('select.decision'))
    s.onchange = () => void t.act({ kind: s.dataset.kind, unit: s.dataset.unit, value: Number(s.value) });
  const lose = one<HTMLButtonElement>('#btn-lose');
  if (lose)
    lose.onclick = () => {
      const units = [...root.querySelectorAll<HTMLInputElement>('input.lose:checked')].map((i) => i.value);
      void t.act({ kind: 'lose', units });
    };
  const evade = one<HTMLButtonElement>('#btn-evade');
  if (evade)
    evade.onclick = () => {
      const p = myPending(t.view);
      const path = (one<HTMLInputElement>('#evade-path')?.value ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      void t.act({ kind: 'evade', unit: p?.unit, path });
    };
  const hexInput = one<HTMLInputElement>('#hex-input');
  if (hexInput)
    hexInput.onkeydown = (e) => {
      if (e.key === 'Escape') hexInput.blur();
      if (e.key !== 'Enter') return;
      e.preventDefault();
      const hex = hexInput.value.trim();
      if (/^\d{4}$/.test(hex)) {
        t.board.centreOn(hex);
        void clickHex(t, hex, null);
      } else t.toast('A hex is four digits, XXYY', true);
    };
  const rule = one<HTMLButtonElement>('#btn-rule');
  if (rule) rule.onclick = () => void t.toggleCharts(rule.dataset.rule);
  const crt = one<HTMLButtonElement>('#btn-preview-crt');
  if (crt) crt.onclick = () => void t.toggleCharts();
  const atk = one<HTMLButtonElement>('#btn-attack');
  if (atk) atk.onclick = () => void t.attack();
  const odds = one<HTMLSelectElement>('#odds-choice');
  if (odds)
    odds.onchange = () => {
      t.plan.odds = odds.value === t.plan.preview?.computed ? null : odds.value;
      void t.updatePreview();
    };
}
