// The game page: one seat's view of one game. The server decides everything;
// this page shows the state, asks the engine's queries (reach, preview) and
// proposes actions. It refetches its view whenever the game's event stream
// says the version moved (the other seat, or the computer, acted).
//
// By concern: the map view is board.ts (with counters.ts, map_layers.ts and
// modules_view.ts), the side panels are panels.ts, side_panels.ts,
// now_panel.ts, log_panel.ts, stack_panel.ts and fair_dice_panel.ts, the
// input is input.ts, the plan being built is plan.ts, the seat seat.ts.
import { api, ApiError, rememberSeat } from './api';
import { Board } from './board';
import { sideName } from './describe';
import { h } from './html';
import { logPanel } from './log_panel';
import { announceChanges, boardWords } from './announce';
import { loadPrefs, savePrefs } from './view_prefs';
import { stackPanel } from './stack_panel';
import { unitCard } from './unit_card';
import { confirmConsequences, consequencesOf } from './confirm';
import { combatPanel, reinforcementPanel } from './side_panels';
import { mapPanel, turnTrack, victoryPanel } from './panels';
import { modulesPanel, selectedHq } from './modules_view';
import { drawLayers } from './map_layers';
import { contribute, fairDicePanel, needsContribution } from './fair_dice_panel';
import { NotifyBox } from './notify_panel';
import { keepsSecrets, maskedFor, showHandover } from './handover';
import { nowPanel, showSummary } from './now_panel';
import { clickHex, onKey, wirePanel, type Table } from './input';
import { Plan, type Action } from './plan';
import { computerWords, myPending, mySide, myTurn, notYours, seatWords } from './seat';
import { chartsHtml } from './charts_panel';
import { battery, overlayBar, OverlayState, OVERLAYS, type OverlayName } from './overlays';
import type { Charts, GameView, Side } from './types';

import { drawLastTurn, lastTurnPanel } from './trails';
import { replayUrl } from './replay';
import { downloadSave } from './game_files';
import { hintPanel } from './hint_panel';

export class GamePage implements Table {
  view!: GameView;
  board!: Board;
  readonly plan = new Plan();
  private numbers = true;
  // Why the last thing the player tried did nothing (a refusal, a hex out of
  // reach), kept in the "Now" panel until the next step.
  private notice = '';
  // The rule case the notice cites, if the engine refused (a button opens it).
  private noticeRule = '';
  // The hex last clicked: its stack is listed beside the map.
  focusHex: string | null = null;
  private lastPrompt = '';
  private events: EventSource | null = null;
  private queue: Promise<void> = Promise.resolve();
  confirming = false;
  private contributing = false;
  private charts: Charts | null = null;
  private chartsRule = '';  // the refusal's case the charts were opened for
  private overlays = new OverlayState();
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private notify: NotifyBox | null = null;
  // Hot seat with secrets: the side the screen was last handed to (the one
  // who opened the page has it).
  private handedTo: Side | null | undefined = undefined;

  constructor(
    readonly root: HTMLElement,
    private id: string,
    private token: string,
  ) {}

  async start(): Promise<void> {
    this.root.innerHTML = `
      <header class="bar">
        <a class="home" href="/">bluegray</a>
        <span id="title"></span>
        <span id="phase" aria-live="polite"></span>
        <span class="spacer"></span>
        <button id="btn-end" title="End the phase (E)">End<span class="long"> phase</span> <kbd>E</kbd></button>
        <button id="btn-undo" title="Take back the last move (U)">Undo <kbd>U</kbd></button>
        <button id="btn-charts" title="The Combat Results Table and the Terrain Effects Chart (C)" aria-controls="charts" aria-expanded="false">Charts <kbd>C</kbd></button>
        <button id="btn-numbers" title="Hex numbers (N)">Hex<span class="long"> numbers</span> <kbd>N</kbd></button>
        <button id="btn-zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
        <button id="btn-zoom-out" title="Zoom out (-)" aria-label="Zoom out">&minus;</button>
        <a id="btn-replay" class="btn-link" href="${replayUrl(this.id, this.token)}" title="Step through the game, branch a what-if, ask for a hint">Replay</a>
        <button id="btn-save-file" title="Download the game's save file">Save<span class="long"> file</span></button>
        <button id="btn-panel" title="The panel: more or less of it beside the map" aria-controls="side" aria-expanded="false">Panel</button>
      </header>
      <main class="game">
        <div id="overlay-bar" class="overlay-bar" role="toolbar" aria-label="Map overlays"></div>
        <div id="map" class="map" tabindex="0" aria-label="The map: arrow keys pan, + and - zoom, Tab picks your next unit, G types a hex"></div>
        <aside id="side" class="side"></aside>
      </main>
      <div id="announce" class="sr-only" role="log" aria-live="polite" aria-label="What happens in the game"></div>
      <p id="board-words" class="sr-only"></p>
      <div id="toast" class="toast" role="alert" hidden></div>
      <div id="summary" class="modal" hidden></div>
      <div id="confirm" class="modal" hidden></div>
      <div id="charts" class="modal" hidden></div>
      <div id="handover" class="modal handover-cover" hidden></div>`;
    // Marks for e2e/load_bench.mjs: where a cold load spends its time.
    performance.mark('bg-start');
    // The map's SVG (the same for every seat, cached by the browser) is asked
    // for at once, not after the view.
    const svgText = api.mapSvg(this.id);
    svgText.catch(() => {});  // an error is reported by the await below
    this.view = await api.view(this.id, this.token);
    performance.mark('bg-view');
    rememberSeat(this.id, this.view.seat, this.token);
    const svg = await svgText;
    performance.mark('bg-svg');
    this.board = new Board(this.$('#map'), svg, this.view.geometry, (hex, unit) => void clickHex(this, hex, unit));
    performance.mark('bg-board');
    const prefs = loadPrefs(this.id);
    if (prefs.box) this.board.setView(prefs.box);
    this.setNumbers(prefs.numbers);
    this.overlays = new OverlayState(prefs.overlays);
    this.board.onViewChange = () => this.savePrefs();
    this.$('#btn-end').onclick = () => void this.endPhase();
    this.$('#btn-undo').onclick = () => void this.undo();
    this.$('#btn-numbers').onclick = () => this.toggleNumbers();
    this.$('#btn-charts').onclick = () => void this.toggleCharts();
    this.$('#btn-save-file').onclick = () => void this.downloadSave();
    this.$('#btn-zoom-in').onclick = () => this.board.zoom(1 / 1.25);
    this.$('#btn-zoom-out').onclick = () => this.board.zoom(1.25);
    // On a phone the panel is a sheet under the map: this opens it further.
    this.$('#btn-panel').onclick = () => {
      const open = this.$('main.game').classList.toggle('sheet-open');
      this.$('#btn-panel').setAttribute('aria-expanded', String(open));
    };
    document.addEventListener('keydown', (e) => onKey(this, e));
    this.listen();
    this.render();
    performance.mark('bg-drawn');
    // The frame after the first render: the map laid out and painted.
    requestAnimationFrame(() => setTimeout(() => performance.mark('bg-painted'), 0));
  }

  private $(sel: string): HTMLElement {
    return this.root.querySelector(sel) as HTMLElement;
  }

  // ---- live updates ---------------------------------------------------------

  private listen(): void {
    this.events = new EventSource(`/api/games/${this.id}/events?token=${encodeURIComponent(this.token)}`);
    this.events.addEventListener('version', (e) => {
      const v = JSON.parse((e as MessageEvent).data).version as number;
      if (v !== this.view.version) void this.refresh();
    });
  }

  async refresh(): Promise<void> {
    try {
      const next = await api.view(this.id, this.token);
      // Two refreshes may cross (an action's reply and the event stream's
      // notice): the view already shown is `before`, and an older one is dropped.
      const before = this.view;
      if (next.version < before.version) return;
      this.view = next;
      if (this.view.version !== before.version) {
        this.resetPlan();
        this.notice = this.undoAnswer(before) ?? '';
        announceChanges(this.$('#announce'), before, this.view);
      }
      this.render();
    } catch (e) {
      this.toast(e);
    }
  }

  // A take-back this seat asked for and the opponent answered (5.17): the
  // request is gone; the log is as long as before if it was refused.
  private undoAnswer(before: GameView): string | null {
    const me = mySide(this.view);
    if (!me || before.undo.request !== me || this.view.undo.request === me) return null;
    const other = sideName(me === 'union' ? 'confederate' : 'union');
    return this.view.log.length >= before.log.length
      ? `The ${other} player refused to let you take back your last move (5.17).`
      : `The ${other} player let you take back your last move (5.17).`;
  }

  private resetPlan(): void {
    this.notice = '';
    this.noticeRule = '';
    this.plan.reset();
  }

  // ---- acting ---------------------------------------------------------------

  // One action at a time, in the order asked: an action asked for while the
  // last is on its way (a key pressed twice, E after a move) is sent after it,
  // on the view it produced, never dropped.
  act(action: Action): Promise<void> {
    const run = this.queue.then(() => this.send(action));
    this.queue = run.catch(() => {});
    return run;
  }

  private async send(action: Action): Promise<void> {
    try {
      if (!(await this.confirmed(action))) return;
      await api.act(this.id, this.token, action, this.view.version);
      this.resetPlan();
      await this.refresh();
    } catch (e) {
      this.toast(e);
      if (e instanceof ApiError && e.status === 409) await this.refresh();
    }
  }

  // An action that sets off what the title declares scored or irreversible
  // is sent only once the player has said so.
  private async confirmed(action: Action): Promise<boolean> {
    const me = mySide(this.view);
    const zones = me ? consequencesOf(action, this.view.ui.zones, me) : [];
    if (!zones.length) return true;
    this.confirming = true;
    const unit = typeof action.unit === 'string' ? action.unit : 'this unit';
    const ok = await confirmConsequences(this.$('#confirm'), zones, `Moving ${unit} there sets off`).finally(() => (this.confirming = false));
    if (!ok) this.say(`Not sent: ${unit} stays where it was; nothing was set off.`);
    return ok;
  }

  async endPhase(): Promise<void> {
    if (!myTurn(this.view)) return this.say(notYours(this.view));
    await this.act({ kind: 'end' });
  }

  say(text: string): void {
    this.notice = text;
    this.noticeRule = '';
    this.render();
  }

  async undo(): Promise<void> {
    try {
      const r = await api.undo(this.id, this.token);
      if (r.requested) this.toast('Asked the opponent to let you take back your last move (5.17).', false);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  async answerUndo(answer: 'accept' | 'refuse'): Promise<void> {
    try {
      await api.undo(this.id, this.token, answer);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  toast(e: unknown, isError = true): void {
    const t = this.$('#toast');
    if (e instanceof ApiError) {
      t.textContent = `Refused${e.rule ? ` (rule ${e.rule})` : ''}: ${e.reason}`;
    } else {
      t.textContent = String(e instanceof Error ? e.message : e);
    }
    t.classList.toggle('error', isError);
    t.hidden = false;
    if (isError) {
      this.notice = t.textContent;
      this.noticeRule = e instanceof ApiError ? (e.rule ?? '') : '';
      if (this.view) this.render();
    }
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (t.hidden = true), 6000);
  }

  // ---- the engine's queries ------------------------------------------------------

  async select(unit: string): Promise<void> {
    this.resetPlan();
    this.plan.mover = unit;
    try {
      this.plan.reach = await api.reach(this.id, this.token, unit);
      if (this.plan.reach.entries) this.board.show(this.plan.reach.entries.map((e) => e.hex));
    } catch (e) {
      this.plan.reach = null;
      this.plan.mover = null;
      this.toast(e);
      this.notice = `${unit} cannot move now: ${this.notice}`;
    }
    this.render();
  }

  async updatePreview(): Promise<void> {
    const plan = this.plan;
    plan.preview = null;
    plan.previewError = '';
    plan.previewRule = '';
    if (plan.attackers.length && plan.defenders.length) {
      try {
        plan.preview = await api.preview(this.id, this.token, plan.attackers, plan.defenders, plan.odds);
      } catch (e) {
        plan.previewError = e instanceof ApiError ? `${e.rule ? `(${e.rule}) ` : ''}${e.reason}` : String(e);
        plan.previewRule = e instanceof ApiError ? (e.rule ?? '') : '';
      }
    }
    this.render();
  }

  async attack(): Promise<void> {
    const plan = this.plan;
    if (!plan.attackers.length || !plan.defenders.length) return;
    await this.act({ kind: 'attack', units: plan.attackers, hexes: plan.defenders, odds: plan.odds });
  }

  // ---- fair dice -------------------------------------------------------------------

  private async contribute(): Promise<void> {
    const me = mySide(this.view);
    if (this.contributing || !me) return;
    this.contributing = true;
    try {
      await contribute(this.id, this.token, me);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  async revealSeed(): Promise<void> {
    try {
      await api.reveal(this.id, this.token);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  async downloadSave(): Promise<void> {
    try {
      await downloadSave(this.id, this.token);
    } catch (e) {
      this.toast(e);
    }
  }

  // ---- charts ----------------------------------------------------------------------

  chartsOpen(): boolean {
    return !this.$('#charts').hidden;
  }

  // Opens the charts (fetched once: a game's rules never change) or closes them.
  async toggleCharts(rule = ''): Promise<void> {
    const box = this.$('#charts');
    if (!box.hidden) return this.closeCharts();
    this.chartsRule = rule;
    try {
      this.charts ??= await api.charts(this.id);
    } catch (e) {
      return this.toast(e);
    }
    box.hidden = false;
    this.$('#btn-charts').setAttribute('aria-expanded', 'true');
    this.drawCharts();
    this.$('#btn-close-charts').focus();
  }

  closeCharts(): void {
    this.$('#charts').hidden = true;
    this.$('#btn-charts').setAttribute('aria-expanded', 'false');
    this.$('#btn-charts').focus();
  }

  // The charts with the column of the attack being previewed marked.
  private drawCharts(): void {
    const box = this.$('#charts');
    if (box.hidden || !this.charts) return;
    box.innerHTML = chartsHtml(this.charts, this.plan.preview?.odds ?? null, this.chartsRule);
    this.$('#btn-close-charts').onclick = () => this.closeCharts();
  }

  // ---- overlays -------------------------------------------------------------------

  toggleOverlay(name: OverlayName): void {
    this.overlays.toggle(name);
    this.savePrefs();
    this.render();
  }

  // The battery the Range overlay is about, if any.
  private battery() {
    return battery(this.view, [...this.plan.selected()], this.focusHex);
  }

  // Asks the engine for the overlays toggled on when the game or the battery
  // changed, then draws them.
  private async updateOverlays(): Promise<void> {
    const unit = this.overlays.on.has('artillery') ? (this.battery()?.id ?? null) : null;
    try {
      if (await this.overlays.update(this.id, this.token, this.view, unit)) {
        this.overlays.draw(this.board, this.view);
        this.drawOverlayNotes();
      }
    } catch (e) {
      this.toast(e);
    }
  }

  private drawOverlayBar(): void {
    const bar = this.$('#overlay-bar');
    bar.innerHTML = overlayBar(this.overlays.on);
    for (const b of bar.querySelectorAll<HTMLButtonElement>('[data-overlay]')) b.onclick = () => this.toggleOverlay(b.dataset.overlay as OverlayName);
  }

  // What the overlays toggled on show, in words (and why Range shows nothing).
  private drawOverlayNotes(): void {
    const box = this.root.querySelector('#overlay-notes');
    if (!box) return;
    const on = OVERLAYS.filter((o) => this.overlays.on.has(o.name));
    const words = this.overlays.words(this.battery());
    const lines = this.overlays.linesWords(this.view);
    box.innerHTML = on.length
      ? `<h2>Overlays</h2><ul>${on.map((o) => `<li data-overlay="${o.name}"><b>${o.label}</b>: ${o.help}${o.name === 'artillery' && words ? `. <span id="range-words">${words}</span>` : ''}${o.name === 'lines' ? `. <span id="lines-words">${lines}</span>` : ''}</li>`).join('')}</ul>`
      : '';
  }

  // ---- view preferences ------------------------------------------------------------

  toggleNumbers(): void {
    this.setNumbers(!this.numbers);
    this.savePrefs();
  }

  private setNumbers(on: boolean): void {
    this.numbers = on;
    this.board.setHexNumbers(on);
    this.$('#btn-numbers').classList.toggle('on', on);
    this.$('#btn-numbers').setAttribute('aria-pressed', String(on));
  }

  private savePrefs(): void {
    savePrefs(this.id, { box: this.board.viewBox(), numbers: this.numbers, overlays: [...this.overlays.on] });
  }

  // ---- drawing --------------------------------------------------------------------

  // The view drawn: at a hot seat with secrets, as the side to act may see
  // it, the screen covered while it changes hands.
  private shown(): GameView {
    if (!keepsSecrets(this.view)) return this.view;
    const me = mySide(this.view);
    if (this.handedTo === undefined) this.handedTo = me;
    if (me !== this.handedTo && this.$('#handover').hidden)
      showHandover(this.$('#handover'), this.view, (side) => {
        this.handedTo = side;
        this.render();
      });
    return maskedFor(this.view, this.handedTo ?? null);
  }

  render(): void {
    const v = this.shown();
    const st = v.state;
    const me = mySide(v);
    const plan = this.plan;
    this.$('#title').textContent = `${v.ui.display} - ${seatWords(v)}`;
    this.$('#title').title = computerWords(v);
    this.$('#phase').innerHTML =
      st.phase === 'over'
        ? 'Game over'
        : `Turn ${st.turn}/${st.turns}${st.night ? ' (night)' : ''} - ${sideName(st.phasing)} ${st.phase} phase - <b>${st.to_act ? `${sideName(st.to_act)} to act` : ''}</b>`;
    (this.$('#btn-end') as HTMLButtonElement).disabled = !myTurn(v) || st.pending.length > 0;
    (this.$('#btn-undo') as HTMLButtonElement).disabled = !v.undo.can;
    document.body.dataset.version = String(v.version);
    this.$('#board-words').textContent = boardWords(v);

    const focus = st.units.filter((u) => u.status === 'map' && u.hex === (this.focusHex ?? ''));
    const hq = selectedHq(st, plan.mover, focus);
    drawLayers(this.board, v, plan, myTurn(v) ? myPending(v) : undefined, hq, this.overlays.on.has('zones'));
    this.overlays.draw(this.board, this.view);
    this.drawOverlayBar();
    drawLastTurn(this.board.svg, v.geometry, v.log, me);

    if (needsContribution(v.fair_dice, me)) void this.contribute();
    const now = nowPanel(v, this.notice, plan.mover, this.noticeRule);
    const typing = this.notify?.focused() ?? null;
    const computer = computerWords(v);
    this.$('#side').innerHTML = [
      computer ? `<p class="note" id="computer-player">${h(computer)}</p>` : '',
      turnTrack(v),
      now,
      '<section id="overlay-notes"></section>',
      unitCard(st.units, this.focusHex, plan.mover, plan.mover ? plan.reach : null),
      stackPanel(this.focusHex, st.units, plan.selected()),
      lastTurnPanel(v.log, me, (at) => replayUrl(this.id, this.token, at), v.ui.decisions),
      hintPanel(this.id, this.token, v.version, myTurn(v), (a) => void this.act(a)),
      fairDicePanel(v.fair_dice, this.id, me),
      combatPanel(v, {
        planning: myTurn(v) && !myPending(v),
        attackers: plan.attackers,
        defenders: plan.defenders,
        preview: plan.preview,
        previewError: plan.previewError,
        previewRule: plan.previewRule,
      }),
      reinforcementPanel(v, me, myTurn(v), plan.mover ? plan.reach : null),
      modulesPanel(st, hq, { me, myTurn: myTurn(v) }),
      mapPanel(v.ui),
      victoryPanel(st.victory),
      logPanel(v.log, v.ui.decisions),
    ].join('');
    if (NotifyBox.wanted(v)) (this.notify ??= new NotifyBox(this.id, this.token)).attach(this.$('#side'), typing);
    wirePanel(this);
    // A new prompt is brought into view (the panel keeps its scroll otherwise).
    if (now !== this.lastPrompt) this.root.querySelector('.prompts')?.scrollIntoView({ block: 'nearest' });
    this.lastPrompt = now;
    showSummary(this.$('#summary'), v);
    this.drawCharts();
    this.drawOverlayNotes();
    void this.updateOverlays();
  }
}
