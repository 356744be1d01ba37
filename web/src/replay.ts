// The replay and analysis board: any stored game stepped through
// from its start, as the seat whose link opened it may see it. First, back,
// forward, last, a slider and the log (grouped by Game-Turn and phase, the
// current entry marked, each entry a jump) move through the game; "Play"
// steps on at a chosen speed. Each position is the server's replay of the
// first N actions (GET /replay?at=N), so the board is the engine's, never
// reconstructed here. From any position: ask the computer for a hint, play
// on in a new hot-seat game ("what if"), or download the save file.
// Opened as /g/<id>?replay[=N]#<token>.
import { api, ApiError, call, rememberSeat } from './api';
import type { HintReply, MadeGame, ReplayReply } from './analysis_types';
import { Board } from './board';
import { describe, sideName } from './describe';
import { downloadSave } from './game_files';
import { hintHtml } from './hint_panel';
import { h } from './html';
import { drawTrails, playerTurnAround } from './trails';
import type { GameView, LogItem } from './types';

const analysis = {
  replay: (id: string, token: string, at: number) => call<ReplayReply>('GET', `/api/games/${id}/replay?at=${at}`, token),
  hint: (id: string, token: string, at: number) => call<HintReply>('GET', `/api/games/${id}/hint?at=${at}`, token),
  branch: (id: string, token: string, at: number) => call<MadeGame>('POST', `/api/games/${id}/branch`, token, { at }),
};

// The link that opens a game's replay at a position (after `at` actions).
export function replayUrl(id: string, token: string, at?: number): string {
  return `/g/${id}?replay${at === undefined ? '' : `=${at}`}#${token}`;
}

const SPEEDS: [string, number][] = [['0.5 s', 500], ['1 s', 1000], ['2 s', 2000], ['0.2 s', 200]];

export class ReplayPage {
  private view!: GameView;
  private board!: Board;
  private first = 0;  // the set-up's actions, before the first move
  private at = 0;
  private shown: ReplayReply | null = null;
  private cache = new Map<number, ReplayReply>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wanted = 0;  // the last position asked for (a quick series of steps shows the last)
  private hintText = '';
  private error = '';

  constructor(
    private root: HTMLElement,
    private id: string,
    private token: string,
  ) {}

  async start(at: number | null): Promise<void> {
    this.root.innerHTML = `
      <header class="bar">
        <a class="home" href="/">bluegray</a>
        <span id="title"></span>
        <span id="phase" aria-live="polite"></span>
        <span class="spacer"></span>
        <a id="back-to-game" class="btn-link" href="/g/${h(this.id)}#${h(this.token)}">Back to the game</a>
      </header>
      <nav class="replay-bar" aria-label="replay controls">
        <button id="rp-first" title="The start (Home)" aria-label="first">&#x2502;&#x25C0;</button>
        <button id="rp-prev" title="One action back (Left arrow)" aria-label="previous">&#x25C0;</button>
        <button id="rp-play" title="Play on at the chosen speed (Space)">Play</button>
        <button id="rp-next" title="One action on (Right arrow)" aria-label="next">&#x25B6;</button>
        <button id="rp-last" title="The latest position (End)" aria-label="last">&#x25B6;&#x2502;</button>
        <input id="rp-slider" type="range" min="0" max="0" value="0" aria-label="jump to an action">
        <span id="rp-pos" aria-live="polite"></span>
        <label><span class="long">Speed </span><select id="rp-speed" aria-label="seconds per action">${SPEEDS.map(([l, ms]) => `<option value="${ms}">${l}</option>`).join('')}</select></label>
      </nav>
      <main class="game">
        <div id="map" class="map" tabindex="0"></div>
        <aside id="side" class="side"></aside>
      </main>`;
    this.view = await api.view(this.id, this.token);
    rememberSeat(this.id, this.view.seat, this.token);
    const svg = await api.mapSvg(this.id);
    this.board = new Board(this.$('#map'), svg, this.view.geometry, () => {});
    this.first = this.view.log.findIndex((i) => i.side !== null);
    if (this.first < 0) this.first = this.view.log.length;
    const slider = this.$('#rp-slider') as HTMLInputElement;
    slider.min = String(this.first);
    slider.max = String(this.view.log.length);
    slider.oninput = () => void this.go(Number(slider.value));
    this.$('#rp-first').onclick = () => void this.go(this.first);
    this.$('#rp-prev').onclick = () => void this.go(this.wanted - 1);
    this.$('#rp-next').onclick = () => void this.go(this.wanted + 1);
    this.$('#rp-last').onclick = () => void this.go(this.view.log.length);
    this.$('#rp-play').onclick = () => this.togglePlay();
    document.addEventListener('keydown', (e) => this.key(e));
    await this.go(at ?? this.view.log.length);
  }

  private $(sel: string): HTMLElement {
    return this.root.querySelector(sel) as HTMLElement;
  }

  private clamp(n: number): number {
    return Math.max(this.first, Math.min(this.view.log.length, n));
  }

  // Shows the position after `n` actions (fetched once, then kept).
  async go(n: number): Promise<void> {
    n = this.clamp(n);
    this.wanted = n;
    try {
      let r = this.cache.get(n);
      if (!r) {
        r = await analysis.replay(this.id, this.token, n);
        this.cache.set(n, r);
      }
      if (this.wanted !== n) return;  // a later step was asked meanwhile
      this.at = n;
      this.shown = r;
      if (this.hintAt !== n) this.hintText = '';
      this.error = '';
      history.replaceState(null, '', replayUrl(this.id, this.token, n));
      this.render();
    } catch (e) {
      this.stop();
      this.error = e instanceof ApiError ? `Refused: ${e.reason}` : String(e);
      this.render();
    }
  }

  private togglePlay(): void {
    if (this.timer !== undefined) return this.stop();
    if (this.wanted >= this.view.log.length) void this.go(this.first);
    this.$('#rp-play').textContent = 'Pause';
    const tick = () => {
      const ms = Number((this.$('#rp-speed') as HTMLSelectElement).value);
      this.timer = setTimeout(async () => {
        if (this.wanted >= this.view.log.length) return this.stop();
        await this.go(this.wanted + 1);
        if (this.wanted >= this.view.log.length) this.stop();
        else if (this.timer !== undefined) tick();
      }, ms);
    };
    tick();
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.$('#rp-play').textContent = 'Play';
  }

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowLeft') void this.go(this.wanted - 1);
    else if (e.key === 'ArrowRight') void this.go(this.wanted + 1);
    else if (e.key === 'Home') void this.go(this.first);
    else if (e.key === 'End') void this.go(this.view.log.length);
    else if (e.key === ' ' && target?.tagName !== 'BUTTON') this.togglePlay();
    else if (e.key === '+' || e.key === '=') this.board.zoom(1 / 1.25);
    else if (e.key === '-') this.board.zoom(1.25);
    else return;
    e.preventDefault();
  }

  private render(): void {
    const r = this.shown;
    if (!r) return;
    const st = r.state;
    const log = this.view.log;
    const played = this.at - this.first;
    this.$('#title').textContent = `${r.ui.display} - replay`;
    this.$('#phase').textContent =
      st.phase === 'over' ? 'Game over' : `Turn ${st.turn}/${st.turns} - ${sideName(st.phasing)} ${st.phase}${st.to_act ? ` - ${sideName(st.to_act)} to act` : ''}`;
    this.$('#rp-pos').textContent = `action ${played} of ${log.length - this.first}`;
    (this.$('#rp-slider') as HTMLInputElement).value = String(this.at);
    document.body.dataset.replayAt = String(this.at);

    this.board.drawZones(r.ui.zones);
    this.board.drawSpecialHexes(r.ui.hexes);
    this.board.drawModuleMarkers(st.modules?.markers ?? []);
    this.board.clearShade();
    this.board.clearMarks();
    this.board.drawUnits(st.units, new Set(), new Set());
    // Each counter says where it stands (the page is read by tests and
    // assistive tools as well as seen).
    for (const u of st.units)
      if (u.status === 'map' && u.hex) this.board.svg.querySelector(`.layer-units [data-unit="${CSS.escape(u.id)}"]`)?.setAttribute('data-hex', u.hex);
    // The player-turn being stepped through, up to the action just played.
    const current = this.at > this.first ? log[this.at - 1] : null;
    if (current) {
      const turn = playerTurnAround(log, this.at - 1);
      drawTrails(this.board.svg, this.view.geometry, log.slice(turn.first, this.at), current);
    } else drawTrails(this.board.svg, this.view.geometry, []);

    const kept = this.root.querySelector<HTMLElement>('.replay-log-box')?.scrollTop ?? 0;
    this.$('#side').innerHTML = [this.nowPanel(current), this.logPanel()].join('');
    this.wire();
    // The current entry brought into view inside the log's own box (the
    // position's panel above it stays in view).
    const box = this.root.querySelector<HTMLElement>('.replay-log-box');
    const li = this.root.querySelector<HTMLElement>('.replay-log li.current');
    if (box) box.scrollTop = kept;
    if (box && li && (li.offsetTop < box.scrollTop || li.offsetTop + li.offsetHeight > box.scrollTop + box.clientHeight))
      box.scrollTop = li.offsetTop - box.clientHeight / 2;
  }

  private nowPanel(current: LogItem | null): string {
    const st = this.shown!.state;
    const decisions = this.view.ui.decisions;
    const out: string[] = [];
    out.push(current
      ? `<p id="rp-current">Action ${this.at - this.first}: Turn ${current.turn}, ${h(current.phase)}: ${h(describe(current, decisions))}</p>`
      : '<p id="rp-current">The start of the game, before the first action.</p>');
    out.push(`<p>Victory points: Union ${st.victory.union}, Confederate ${st.victory.confederate}.</p>`);
    if (this.error) out.push(`<p class="refusal" id="rp-error" role="alert">${h(this.error)}</p>`);
    const open = st.phase !== 'over' && st.to_act;
    out.push(`<p>
      <button id="rp-hint" ${open ? '' : 'disabled'}>Ask the computer for a hint here</button>
      <button id="rp-branch" ${open ? '' : 'disabled'}>What if? Play on from here</button>
      <button id="rp-save">Download the save file</button></p>
      <p class="note">"Play on" starts a new hot-seat game at this position; this game is not changed.</p>`);
    if (this.hintText) out.push(this.hintText);
    return `<section class="prompts"><h2>Position</h2>${out.join('')}</section>`;
  }

  // The whole log, oldest first, grouped by Game-Turn and phase; each entry
  // jumps to the position after it.
  private logPanel(): string {
    const log = this.view.log;
    const decisions = this.view.ui.decisions;
    const parts: string[] = [];
    let group = '';
    let start = 0;  // the number of the group's first entry
    let items: string[] = [];
    const flush = () => {
      if (items.length) parts.push(`<div class="log-group"><h3>${group}</h3><ol start="${start}">${items.join('')}</ol></div>`);
      items = [];
    };
    for (let k = this.first; k < log.length; k++) {
      const i = log[k];
      const g = `Turn ${i.turn}: ${h(i.phase)}`;
      if (g !== group) {
        flush();
        group = g;
        start = k - this.first + 1;
      }
      const cur = k === this.at - 1 ? ' class="current" aria-current="step"' : '';
      items.push(`<li${cur}><button data-at="${k + 1}">${h(describe(i, decisions))}</button></li>`);
    }
    flush();
    return `<section class="replay-log"><h2>Log <small>(${log.length - this.first} actions; click one to go there)</small></h2><div class="replay-log-box">${parts.join('') || '<p>nothing yet</p>'}</div></section>`;
  }

  private hintAt = -1;
  private async hint(): Promise<void> {
    const at = this.at;
    try {
      const r = await analysis.hint(this.id, this.token, at);
      this.hintAt = at;
      this.hintText = `<div id="rp-hint-out">${hintHtml(r, false)}</div>`;
      this.error = '';
    } catch (e) {
      this.error = e instanceof ApiError ? `Refused: ${e.reason}` : String(e);
    }
    if (this.at === at) this.render();
  }

  private async branch(): Promise<void> {
    try {
      const made = await analysis.branch(this.id, this.token, this.at);
      const seat = made.seats.hotseat;
      rememberSeat(made.id, 'hotseat', seat.token);
      location.href = seat.url;
    } catch (e) {
      this.error = e instanceof ApiError ? `Refused: ${e.reason}` : String(e);
      this.render();
    }
  }

  private wire(): void {
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('.replay-log [data-at]')) b.onclick = () => void this.go(Number(b.dataset.at));
    this.$('#rp-hint').onclick = () => void this.hint();
    this.$('#rp-branch').onclick = () => void this.branch();
    this.$('#rp-save').onclick = () =>
      void downloadSave(this.id, this.token).catch((e: unknown) => {
        this.error = e instanceof ApiError ? `Refused: ${e.reason}` : String(e);
        this.render();
      });
  }
}
