// Plain words for log entries, phases and combat results.
import type { LogItem, Side, UiDecision } from './types';

export const sideName = (s: Side | null | undefined): string =>
  s === 'union' ? 'Union' : s === 'confederate' ? 'Confederate' : '-';

export const RESULT_WORDS: Record<string, string> = {
  Ae: 'attacker eliminated',
  Ar: 'attacker retreats',
  Ex: 'exchange',
  Dr: 'defender retreats',
  De: 'defender eliminated',
};

const last = (xs: string[] | undefined): string | undefined => (xs && xs.length ? xs[xs.length - 1] : undefined);

// A title's own decision in words, from what the title declares (its label
// and the label of the value chosen).
function decisionWords(who: string, item: LogItem, decisions: UiDecision[]): string {
  const a = item.action;
  const d = decisions.find((x) => a.unit && x.units.includes(a.unit)) ?? decisions[0];
  if (a.hidden) return `${who}: makes a secret choice${d ? ` (${d.rule})` : ''}`;
  const choice = d?.choices.find((c) => c.value === a.value);
  return `${who}: ${a.unit}: ${choice ? choice.label : `value ${a.value}`}${d ? ` (${d.rule})` : ''}`;
}

export function describe(item: LogItem, decisions: UiDecision[] = []): string {
  const set = (item.triggered ?? []).map((t) => `; this set off ${t.consequence}`).join('');
  return describeAction(item, decisions) + set;
}

function describeAction(item: LogItem, decisions: UiDecision[]): string {
  const a = item.action;
  const who = sideName(item.side);
  const elim = item.eliminated?.length ? `; eliminated ${item.eliminated.join(', ')}` : '';
  const units = (a.units ?? []).join(', ');
  const hexes = (a.hexes ?? []).join(', ');
  switch (a.kind) {
    case 'move':
      return `${who}: ${a.unit} moves to ${last(a.path) ?? a.unit}${a.exit ? ' and leaves the map' : ''} (${item.mp ?? '?'} MP)${elim}`;
    case 'enter':
      return `${who}: ${a.unit} enters at ${a.path?.[0]}${(a.path?.length ?? 0) > 1 ? ` and moves to ${last(a.path)}` : ''} (${item.mp ?? '?'} MP)`;
    case 'attack':
      return item.die
        ? `${who}: ${units} attack ${hexes} at ${item.odds} (${item.attack} to ${item.defence}): die ${item.die} = ${item.result} (${RESULT_WORDS[item.result ?? ''] ?? ''})${elim}`
        : `${who}: ${units} attack ${hexes} at ${item.odds}; cavalry may fall back first`;
    case 'retreat':
      return `${who}: ${a.unit} ${a.hex ? `retreats to ${a.hex}` : 'stays'}${a.displace ? `, displacing ${a.displace}` : ''}${elim}`;
    case 'advance':
      return a.unit ? `${who}: ${a.unit} advances into ${a.hex}` : `${who}: no advance`;
    case 'lose':
      return `${who}: gives up ${units} to the exchange`;
    case 'evade':
      return `${who}: ${a.unit} ${a.path?.length ? `falls back to ${last(a.path)}` : 'stands'}${item.die ? `; die ${item.die} = ${item.result}` : ''}${elim}`;
    case 'end':
      return `${who}: ends the ${item.phase} phase${elim}`;
    case 'scenario':
      return decisionWords(who, item, decisions);
    case 'dice':
      return `forced dice ${a.dice?.join(', ')}`;
    case 'unit':
      return `set-up: ${a.id} (${a.side} ${a.type} ${a.strength})${a.hex ? ` at ${a.hex}` : `, arrives turn ${a.arrival}`}`;
    default:
      return `set-up: ${a.kind}`;
  }
}
