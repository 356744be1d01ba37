// The computer's hint on the live page: asked by the side to act
// (GET /api/games/<id>/hint), shown with its explanation and a button that
// plays it (sent by the game page, as any action of its own).
// The answer is kept for the version it was asked at, so the page's redraws
// keep it until the game moves on.
import { call, ApiError } from './api';
import type { HintReply } from './analysis_types';
import { sideName } from './describe';
import { h } from './html';

let kept: { key: string; html: string } | null = null;
let wired = false;
let play: (action: Record<string, unknown>) => void = () => {};
let shown: Record<string, unknown> | null = null;

export function hintHtml(r: HintReply, playable: boolean): string {
  const why = r.explain.map((x) => `<li>${h(x)}</li>`).join('');
  const button = playable ? ' <button id="btn-play-hint">Play it</button>' : '';
  return `<div class="hint-out" role="status"><p>The computer (${sideName(r.side)}) would play: <code>${h(r.command)}</code>${button}</p><ul>${why}</ul></div>`;
}

// The panel's section; empty when this seat may not ask now.
// `send` plays the hint's action the way the page plays any.
export function hintPanel(id: string, token: string, version: number, mayAsk: boolean, send: (action: Record<string, unknown>) => void): string {
  play = send;
  if (!mayAsk) return '';
  const key = `${id}:${version}`;
  if (!wired) {
    wired = true;
    // One listener for the page's life: the panel is redrawn often.
    document.addEventListener('click', (e) => {
      const target = e.target as Element | null;
      const b = target?.closest('#btn-hint');
      if (b) void ask(b.getAttribute('data-id')!, b.getAttribute('data-token')!, b.getAttribute('data-key')!);
      if (target?.closest('#btn-play-hint') && shown) play(shown);
    });
  }
  const out = kept?.key === key ? kept.html : '';
  return `<section id="hint"><h2>Hint</h2><button id="btn-hint" data-id="${h(id)}" data-token="${h(token)}" data-key="${h(key)}">Ask the computer for a hint</button><div id="hint-out">${out}</div></section>`;
}

async function ask(id: string, token: string, key: string): Promise<void> {
  const out = document.getElementById('hint-out');
  if (out) out.innerHTML = '<p class="wait">The computer is thinking&hellip;</p>';
  let html: string;
  try {
    const r = await call<HintReply>('GET', `/api/games/${id}/hint`, token);
    html = hintHtml(r, true);
    kept = { key, html };
    shown = r.action;
  } catch (e) {
    html = `<p class="refusal">${e instanceof ApiError ? `Refused: ${h(e.reason)}` : h(String(e))}</p>`;
  }
  const now = document.getElementById('hint-out');
  if (now && document.getElementById('btn-hint')?.getAttribute('data-key') === key) now.innerHTML = html;
}
