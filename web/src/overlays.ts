// Overlays on demand: the Zones of Control of both sides, the range and Line
// of Sight of a battery, every zone the title declares (those not in force
// now too), the lines of communication the title traces (`ui.lines`). Each is the engine's data (GET .../overlays, the title's `ui`):
// nothing is worked out here. Toggled by the bar over the map or by keys.
import { api } from './api';
import { h } from './html';
import type { Board } from './board';
import type { GameView, Overlays, Unit } from './types';

export type OverlayName = 'zoc' | 'artillery' | 'zones' | 'lines';

export const OVERLAYS: { name: OverlayName; key: string; label: string; help: string }[] = [
  { name: 'zoc', key: 'Z', label: 'ZOC', help: 'Zones of Control of both sides' },
  { name: 'artillery', key: 'R', label: 'Range', help: "The selected battery's range and Line of Sight" },
  { name: 'zones', key: 'T', label: 'Zones', help: "Every zone the title declares, those not in force now too" },
  { name: 'lines', key: 'L', label: 'Lines', help: "The lines of communication the title's rules trace, and whether they are cut" },
];

export function overlayBar(on: Set<OverlayName>): string {
  return OVERLAYS.map((o) => `<button data-overlay="${o.name}" aria-pressed="${on.has(o.name)}" title="${o.help} (${o.key})">${o.label} <kbd>${o.key}</kbd></button>`).join('');
}

// The battery the artillery overlay is about: the unit selected, else an
// artillery unit of the attack being built, else one in the hex last clicked.
export function battery(v: GameView, selected: string[], focusHex: string | null): Unit | undefined {
  const arty = (u: Unit | undefined) => (u && u.type === 'art' && u.status === 'map' ? u : undefined);
  for (const id of selected) {
    const u = arty(v.state.units.find((x) => x.id === id));
    if (u) return u;
  }
  return v.state.units.find((u) => arty(u) && u.hex === focusHex);
}

export class OverlayState {
  readonly on = new Set<OverlayName>();
  private data: Overlays | null = null;
  private key = '';  // the game version and battery the data is for

  constructor(initial: OverlayName[] = []) {
    for (const o of initial) this.on.add(o);
  }

  toggle(name: OverlayName): void {
    if (this.on.has(name)) this.on.delete(name);
    else this.on.add(name);
  }

  // Fetches the engine's overlays if a toggled one needs them and they are
  // not already those of this version and battery. True if anything changed.
  async update(id: string, token: string, v: GameView, unit: string | null): Promise<boolean> {
    if (!this.on.has('zoc') && !this.on.has('artillery')) return false;
    const key = `${v.version}/${unit ?? ''}`;
    if (key === this.key) return false;
    this.key = key;
    this.data = await api.overlays(id, token, unit);
    return true;
  }

  draw(board: Board, v: GameView): void {
    board.clearOverlays();
    if (this.on.has('lines'))
      for (const l of v.ui.lines.filter((x) => x.traced)) board.line(l.hexes, `ov-line ${l.side}`, `${l.rule}: ${l.label}`, l.name);
    const d = this.data;
    if (!d) return;
    if (this.on.has('zoc')) {
      board.overlay(d.zoc.union, 'ov-zoc union', `Union Zone of Control (${d.zoc.rule})`);
      board.overlay(d.zoc.confederate, 'ov-zoc confederate', `Confederate Zone of Control (${d.zoc.rule})`);
    }
    const a = d.artillery;
    if (this.on.has('artillery') && a) {
      const sight = new Set(a.in_sight);
      board.overlay(a.in_range.filter((x) => !sight.has(x)), 'ov-range', `in range of ${a.unit} (${a.range} hexes, ${a.range_rule}) but out of its Line of Sight (${a.los_rule})`);
      board.overlay(a.in_sight, 'ov-sight', `${a.unit} may bombard: in range (${a.range_rule}) and in sight (${a.los_rule})`);
    }
  }

  // The lines in words: traced or cut (a cut line has nothing to draw).
  linesWords(v: GameView): string {
    if (!this.on.has('lines')) return '';
    if (!v.ui.lines.length) return 'This game declares no lines.';
    return v.ui.lines.map((l) => `<span data-line="${h(l.name)}" data-traced="${l.traced}">${h(l.label)} (${h(l.rule)})${l.traced ? '' : ': cut'}</span>`).join('; ');
  }

  // The artillery overlay in words, for the panel (why nothing is drawn).
  words(unit: Unit | undefined): string {
    if (!this.on.has('artillery')) return '';
    const a = this.data?.artillery;
    if (!unit || !a) return 'Range: select or click an artillery unit to see its range and Line of Sight.';
    return `${a.unit} in ${a.hex}: ${a.in_range.length} hexes within ${a.range} (${a.range_rule}), ${a.in_sight.length} of them in its Line of Sight (${a.los_rule}).`;
  }
}
