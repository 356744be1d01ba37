// Fair dice (docs/server.md, "Fair dice"): the commitment, each seat's
// contribution (this page makes its own, random, once, and checks the server
// lists what it sent), and the seed once revealed, with how to check it.
import { api } from './api';
import { h } from './html';
import type { FairDice, Side } from './types';

const sentKey = (id: string, side: Side) => `bluegray.dice.${id}.${side}`;

export function fairDicePanel(f: FairDice | null, id: string, me: Side | null): string {
  if (!f) return '';
  const short = (x: string) => `<code title="${h(x)}">${h(x.slice(0, 16))}&hellip;</code>`;
  const lines = [`<p id="fair-commitment">Dice commitment (SHA-256 of the server's seed): ${short(f.commitment)}</p>`];
  const sent = me ? localStorage.getItem(sentKey(id, me)) : null;
  const listed = me ? f.contributions[me] : null;
  if (sent && listed)
    lines.push(sent === listed
      ? `<p>Your page's contribution ${h(listed)} is the one the server lists for you.</p>`
      : `<p class="refusal">The server lists ${h(listed)} as your contribution, but this page sent ${h(sent)}.</p>`);
  if (!f.contributions.union || !f.contributions.confederate)
    lines.push('<p class="wait">Play begins once both sides\' pages have added their random value to the dice.</p>');
  if (f.seed) {
    lines.push(`<p id="fair-seed">Seed revealed: ${short(f.seed)}. Download the save file and run <code>bluegray verify &lt;file&gt;</code> to check every roll.</p>
      <button id="btn-save">Download the save file</button>`);
  } else if (me) {
    const asked = f.reveal_requested[me];
    const other = f.reveal_requested[me === 'union' ? 'confederate' : 'union'];
    lines.push(`<p>The seed is revealed when the game ends, or now if both sides ask (that closes the game).${other ? ' Your opponent has asked.' : ''}</p>
      <button id="btn-reveal" ${asked ? 'disabled' : ''}>${asked ? 'Asked to reveal' : 'Ask to reveal the seed'}</button>`);
  }
  return `<section id="fair-dice"><h2>Fair dice</h2>${lines.join('')}</section>`;
}

// This seat's random value for the dice, sent once and kept so that the page
// can check the server lists what it sent.
export function needsContribution(f: FairDice | null, me: Side | null): boolean {
  return !!f && !!me && !f.contributions[me];
}

export async function contribute(id: string, token: string, me: Side): Promise<void> {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const seed = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  await api.contribute(id, token, seed);
  localStorage.setItem(sentKey(id, me), seed);
}
