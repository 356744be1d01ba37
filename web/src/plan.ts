// What the player is planning and has not sent yet: the unit selected and
// where the engine says it may go (movement), the attack being built and the
// engine's preview of it (combat).
import type { Preview, ReachReply } from './types';

export type Action = Record<string, unknown>;

export class Plan {
  mover: string | null = null;
  reach: ReachReply | null = null;
  attackers: string[] = [];
  defenders: string[] = [];
  odds: string | null = null;
  preview: Preview | null = null;
  previewError = '';
  previewRule = '';  // the case the engine cites when it refuses the attack

  reset(): void {
    this.mover = null;
    this.reach = null;
    this.attackers = [];
    this.defenders = [];
    this.preview = null;
    this.previewError = '';
    this.previewRule = '';
    this.odds = null;
  }

  // Units added to the attack, or taken out if all of them already are in it.
  toggleAttackers(ids: string[]): void {
    const all = ids.every((i) => this.attackers.includes(i));
    this.attackers = all ? this.attackers.filter((a) => !ids.includes(a)) : [...new Set([...this.attackers, ...ids])];
  }

  toggleDefender(hex: string): void {
    this.defenders = this.defenders.includes(hex) ? this.defenders.filter((d) => d !== hex) : [...this.defenders, hex];
  }

  selected(): Set<string> {
    return new Set([...(this.mover ? [this.mover] : []), ...this.attackers]);
  }

  // The move or entry that ends in `hex` for the selected unit, if any.
  destination(hex: string): Action | null {
    const r = this.reach;
    if (!r || !this.mover) return null;
    if (r.paths?.[hex]) return { kind: 'move', unit: this.mover, path: r.paths[hex] };
    if (r.entries) {
      const entry = r.entries.find((e) => e.hex === hex);
      if (entry) return { kind: 'enter', unit: this.mover, path: [hex] };
      let best: { cost: number; path: string[] } | null = null;
      for (const e of r.entries) {
        const c = e.hexes[hex];
        if (c !== undefined && (!best || c < best.cost)) best = { cost: c, path: e.paths[hex] };
      }
      if (best) return { kind: 'enter', unit: this.mover, path: best.path };
    }
    return null;
  }
}

// The cheapest cost of each hex a reinforcement may reach, over its entry hexes.
export function entryCosts(r: ReachReply): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of r.entries ?? []) for (const [hex, c] of Object.entries(e.hexes)) if (out[hex] === undefined || c < out[hex]) out[hex] = c;
  return out;
}
