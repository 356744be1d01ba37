// Plain words for log entries, phases and combat results.
import type { LogItem, Side } from './types';

export const sideName = (s: Side | null | undefined): string =>
  s === 'union' ? 'Union' : s === 'confederate' ? 'Confederate' : '-';

export const RESULT_WORDS: Record<string, string> = {
  Ae: 'attacker eliminated',
  Ar: 'attacker retreats',
  Ex: 'exchange',
  Dr: 'defender retreats',
  De: 'defender eliminated',
};

export function describe(item: LogItem): string {
  const a = item.action as Record<string, any>;
  const who = sideName(item.side);
  const elim = item.eliminated?.length ? `; eliminated ${item.eliminated.join(', ')}` : '';
  switch (a.kind) {
    case 'move':
      return `${who}: ${a.unit} moves to ${a.path?.[a.path.length - 1] ?? a.unit}${a.exit ? ' and leaves the map' : ''} (${item.mp ?? '?'} MP)${elim}`;
    case 'enter':
      return `${who}: ${a.unit} enters at ${a.path?.[0]}${a.path?.length > 1 ? ` and moves to ${a.path[a.path.length - 1]}` : ''} (${item.mp ?? '?'} MP)`;
    case 'attack':
      return item.die
        ? `${who}: ${a.units.join(', ')} attack ${a.hexes.join(', ')} at ${item.odds} (${item.attack} to ${item.defence}): die ${item.die} = ${item.result} (${RESULT_WORDS[item.result ?? ''] ?? ''})${elim}`
        : `${who}: ${a.units.join(', ')} attack ${a.hexes.join(', ')} at ${item.odds}; cavalry may fall back first`;
    case 'retreat':
      return `${who}: ${a.unit} ${a.hex ? `retreats to ${a.hex}` : 'stays'}${a.displace ? `, displacing ${a.displace}` : ''}${elim}`;
    case 'advance':
      return a.unit ? `${who}: ${a.unit} advances into ${a.hex}` : `${who}: no advance`;
    case 'lose':
      return `${who}: gives up ${a.units.join(', ')} to the exchange`;
    case 'evade':
      return `${who}: ${a.unit} ${a.path?.length ? `falls back to ${a.path[a.path.length - 1]}` : 'stands'}${item.die ? `; die ${item.die} = ${item.result}` : ''}${elim}`;
    case 'end':
      return `${who}: ends the ${item.phase} phase${elim}`;
    case 'scenario':
      return a.hidden ? `${who}: writes down a secret choice (22.3)` : `${who}: ${a.unit} arrives on Game-Turn ${a.value}`;
    case 'dice':
      return `forced dice ${a.dice?.join(', ')}`;
    case 'unit':
      return `set-up: ${a.id} (${a.side} ${a.type} ${a.strength})${a.hex ? ` at ${a.hex}` : `, arrives turn ${a.arrival}`}`;
    default:
      return `set-up: ${a.kind}`;
  }
}
