// Who this page is at the table: its seat's side (a hot seat plays the side
// to act), whether it may act now, its pending decision, in words.
import { sideName } from './describe';
import type { GameView, Pending, Side } from './types';

export function mySide(v: GameView): Side | null {
  const s = v.seat;
  if (s === 'union' || s === 'confederate') return s;
  if (s === 'hotseat') return v.state.to_act ?? v.state.phasing;
  return null;
}

export function myTurn(v: GameView): boolean {
  const me = mySide(v);
  return me !== null && v.state.to_act === me && v.computer !== me;
}

export function myPending(v: GameView): Pending | undefined {
  const me = mySide(v);
  return v.state.pending.find((p) => p.side === me);
}

// Why this page may not act now, in words.
export function notYours(v: GameView): string {
  const st = v.state;
  if (st.phase === 'over') return 'The game is over.';
  if (!mySide(v)) return 'You are watching: only the players act.';
  return `It is the ${sideName(st.to_act)} player's turn to act.`;
}

export function seatWords(v: GameView): string {
  if (v.seat === 'spectator') return 'watching';
  if (v.seat === 'hotseat') return 'hot seat';
  return `${sideName(v.seat)}${v.computer ? ' vs computer' : ''}`;
}

// Which computer plays, in a game against it ("" otherwise): its level and
// the posture its side plays, as the server says them.
export function computerWords(v: GameView): string {
  if (!v.computer || !v.computer_player) return '';
  return `The computer plays the ${sideName(v.computer)}: ${v.computer_player.label}.`;
}
