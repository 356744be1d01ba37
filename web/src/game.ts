// The game page: one seat's view of one game. The server decides everything;
// this page shows the state, asks the engine's queries (reach, preview) and
// proposes actions. It refetches its view whenever the game's event stream
// says the version moved (the other seat, or the computer, acted).
import { api, ApiError, rememberSeat } from './api';
import { Board } from './board';
import { sideName } from './describe';
import { lastCombat, logPanel } from './log_panel';
import { loadPrefs, savePrefs } from './view_prefs';
import { stackPanel } from './stack_panel';
import { confirmConsequences, consequencesOf } from './confirm';
import { combatPanel, reinforcementPanel } from './side_panels';
import type { GameView, Pending, Preview, ReachReply, Side, Unit } from './types';

import { h } from './html';
import { decisionForm, mapPanel, pendingPrompt, turnTrack, victoryPanel } from './panels';
import { frozenUnits, modulesPanel, radiusShade, selectedHq } from './modules_view';

export class GamePage {
  private view!: GameView;
  private board!: Board;
  private numbers = true;
  // Movement: the unit selected and where it may go.
  private mover: string | null = null;
  private reach: ReachReply | null = null;
  // Combat: the attack being built.
  private attackers: string[] = [];
  private defenders: string[] = [];
  private odds: string | null = null;
  private preview: Preview | null = null;
  private previewError = '';
  // Why the last thing the player tried did nothing (a refusal, a hex out of
  // reach), kept in the "Now" panel until the next step.
  private notice = '';
  // The hex last clicked: its stack is listed beside the map.
  private focusHex: string | null = null;
  private lastPrompt = '';
  private events: EventSource | null = null;
  private queue: Promise<void> = Promise.resolve();
  private confirming = false;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private root: HTMLElement,
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
        <button id="btn-numbers" title="Hex numbers (N)">Hex<span class="long"> numbers</span> <kbd>N</kbd></button>
        <button id="btn-zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
        <button id="btn-zoom-out" title="Zoom out (-)" aria-label="Zoom out">&minus;</button>
        <button id="btn-panel" title="The panel: more or less of it beside the map" aria-controls="side" aria-expanded="false">Panel</button>
      </header>
      <main class="game">
        <div id="map" class="map" tabindex="0"></div>
        <aside id="side" class="side"></aside>
      </main>
      <div id="toast" class="toast" role="alert" hidden></div>
      <div id="summary" class="modal" hidden></div>
      <div id="confirm" class="modal" hidden></div>`;
    this.view = await api.view(this.id, this.token);
    rememberSeat(this.id, this.view.seat, this.token);
    const svg = await api.mapSvg(this.id);
    this.board = new Board(this.$('#map'), svg, this.view.geometry, (hex, unit) => void this.click(hex, unit));
    const prefs = loadPrefs(this.id);
    if (prefs.box) this.board.setView(prefs.box);
    this.setNumbers(prefs.numbers);
    this.board.onViewChange = () => this.savePrefs();
    this.$('#btn-end').onclick = () => void this.endPhase();
    this.$('#btn-undo').onclick = () => void this.undo();
    this.$('#btn-numbers').onclick = () => this.toggleNumbers();
    this.$('#btn-zoom-in').onclick = () => this.board.zoom(1 / 1.25);
    this.$('#btn-zoom-out').onclick = () => this.board.zoom(1.25);
    // On a phone the panel is a sheet under the map: this opens it further.
    this.$('#btn-panel').onclick = () => {
      const open = this.$('main.game').classList.toggle('sheet-open');
      this.$('#btn-panel').setAttribute('aria-expanded', String(open));
    };
    document.addEventListener('keydown', (e) => this.key(e));
    this.listen();
    this.render();
  }

  private $(sel: string): HTMLElement {
    return this.root.querySelector(sel) as HTMLElement;
  }

  // ---- who am I -------------------------------------------------------------

  private mySide(): Side | null {
    const s = this.view.seat;
    if (s === 'union' || s === 'confederate') return s;
    if (s === 'hotseat') return this.view.state.to_act ?? this.view.state.phasing;
    return null;
  }

  private myTurn(): boolean {
    const me = this.mySide();
    return me !== null && this.view.state.to_act === me && this.view.computer !== me;
  }

  private units(): Unit[] {
    return this.view.state.units;
  }

  private unitsIn(hex: string): Unit[] {
    return this.units().filter((u) => u.status === 'map' && u.hex === hex);
  }

  private myPending(): Pending | undefined {
    const me = this.mySide();
    return this.view.state.pending.find((p) => p.side === me);
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
      const before = this.view;
      this.view = await api.view(this.id, this.token);
      if (this.view.version !== before.version) {
        this.resetPlan();
        this.notice = this.undoAnswer(before) ?? '';
      }
      this.render();
    } catch (e) {
      this.toast(e);
    }
  }

  // A take-back this seat asked for and the opponent answered (5.17): the
  // request is gone; the log is as long as before if it was refused.
  private undoAnswer(before: GameView): string | null {
    const me = this.mySide();
    if (!me || before.undo.request !== me || this.view.undo.request === me) return null;
    const other = sideName(me === 'union' ? 'confederate' : 'union');
    return this.view.log.length >= before.log.length
      ? `The ${other} player refused to let you take back your last move (5.17).`
      : `The ${other} player let you take back your last move (5.17).`;
  }

  private resetPlan(): void {
    this.notice = '';
    this.mover = null;
    this.reach = null;
    this.attackers = [];
    this.defenders = [];
    this.preview = null;
    this.previewError = '';
    this.odds = null;
  }

  // ---- acting ---------------------------------------------------------------

  // One action at a time, in the order asked: an action asked for while the
  // last is on its way (a key pressed twice, E after a move) is sent after it,
  // on the view it produced, never dropped.
  private act(action: Record<string, unknown>): Promise<void> {
    const run = this.queue.then(() => this.send(action));
    this.queue = run.catch(() => {});
    return run;
  }

  private async send(action: Record<string, unknown>): Promise<void> {
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
  private async confirmed(action: Record<string, unknown>): Promise<boolean> {
    const me = this.mySide();
    const zones = me ? consequencesOf(action, this.view.ui.zones, me) : [];
    if (!zones.length) return true;
    this.confirming = true;
    const unit = typeof action.unit === 'string' ? action.unit : 'this unit';
    const ok = await confirmConsequences(this.$('#confirm'), zones, `Moving ${unit} there sets off`).finally(() => (this.confirming = false));
    if (!ok) this.say(`Not sent: ${unit} stays where it was; nothing was set off.`);
    return ok;
  }

  private async endPhase(): Promise<void> {
    if (!this.myTurn()) return this.say(this.notYours());
    await this.act({ kind: 'end' });
  }

  // Why this page may not act now, in words.
  private notYours(): string {
    const st = this.view.state;
    if (st.phase === 'over') return 'The game is over.';
    if (!this.mySide()) return 'You are watching: only the players act.';
    return `It is the ${sideName(st.to_act)} player's turn to act.`;
  }

  private say(text: string): void {
    this.notice = text;
    this.render();
  }

  private async undo(): Promise<void> {
    try {
      const r = await api.undo(this.id, this.token);
      if (r.requested) this.toast('Asked the opponent to let you take back your last move (5.17).', false);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  private async answerUndo(answer: 'accept' | 'refuse'): Promise<void> {
    try {
      await api.undo(this.id, this.token, answer);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  private toast(e: unknown, isError = true): void {
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
      if (this.view) this.render();
    }
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (t.hidden = true), 6000);
  }

  // ---- the map ----------------------------------------------------------------

  private async click(hex: string, unitId: string | null): Promise<void> {
    const st = this.view.state;
    const me = this.mySide();
    this.focusHex = hex;  // its stack is listed, whoever's turn it is
    if (!this.myTurn() || !me) return this.say(this.notYours());
    const p = this.myPending();
    if (p) return this.clickPending(p, hex, unitId);
    const here = this.unitsIn(hex);
    if (st.phase === 'movement') {
      const dest = this.destination(hex);
      if (this.mover && dest) return this.act(dest);
      if (this.mover && this.reach && !here.some((u) => u.side === me))
        return this.say(`${hex} is not shaded: ${this.mover} cannot end its move there this phase (out of its Movement Points, or terrain, units or Zones of Control bar the way). Choose a shaded hex, or Esc.`);
      const mine = here.filter((u) => u.side === me);
      if (mine.length) {
        let pick = mine.find((u) => u.id === unitId) ?? mine[0];
        if (this.mover && mine.some((u) => u.id === this.mover) && !unitId) {
          const i = mine.findIndex((u) => u.id === this.mover);
          pick = mine[(i + 1) % mine.length];
        }
        return this.select(pick.id);
      }
      this.resetPlan();
      this.render();
      return;
    }
    if (st.phase === 'combat') {
      const mine = here.filter((u) => u.side === me && !u.attacked);
      if (mine.length) {
        // A counter clicked is that unit alone (a stacked unit may sit out,
        // DG 8.42, if the engine allows it); the hex around it, the stack.
        const one = mine.find((u) => u.id === unitId);
        const ids = one ? [one.id] : mine.map((u) => u.id);
        const all = ids.every((i) => this.attackers.includes(i));
        this.attackers = all ? this.attackers.filter((a) => !ids.includes(a)) : [...new Set([...this.attackers, ...ids])];
      } else if (here.some((u) => u.side !== me)) {
        this.defenders = this.defenders.includes(hex) ? this.defenders.filter((d) => d !== hex) : [...this.defenders, hex];
      }
      await this.updatePreview();
    }
  }

  // The move or entry that ends in `hex` for the selected unit, if any.
  private destination(hex: string): Record<string, unknown> | null {
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

  private async select(unit: string): Promise<void> {
    this.resetPlan();
    this.mover = unit;
    try {
      this.reach = await api.reach(this.id, this.token, unit);
      if (this.reach.entries) this.board.show(this.reach.entries.map((e) => e.hex));
    } catch (e) {
      this.reach = null;
      this.mover = null;
      this.toast(e);
      this.notice = `${unit} cannot move now: ${this.notice}`;
    }
    this.render();
  }

  private async clickPending(p: Pending, hex: string, unitId: string | null): Promise<void> {
    if (p.kind === 'retreat') {
      const o = p.options?.find((x) => x.hex === hex);
      if (o) await this.act({ kind: 'retreat', unit: p.unit, hex: o.hex, displace: o.displace[0] ?? null });
    } else if (p.kind === 'advance') {
      if (unitId && p.units?.includes(unitId)) {
        this.mover = unitId;
        this.render();
      } else if (p.hexes?.includes(hex)) {
        await this.act({ kind: 'advance', unit: this.mover && p.units?.includes(this.mover) ? this.mover : p.units?.[0], hex });
      }
    }
  }

  private async updatePreview(): Promise<void> {
    this.preview = null;
    this.previewError = '';
    if (this.attackers.length && this.defenders.length) {
      try {
        this.preview = await api.preview(this.id, this.token, this.attackers, this.defenders, this.odds);
      } catch (e) {
        this.previewError = e instanceof ApiError ? `${e.rule ? `(${e.rule}) ` : ''}${e.reason}` : String(e);
      }
    }
    this.render();
  }

  private async attack(): Promise<void> {
    if (!this.attackers.length || !this.defenders.length) return;
    await this.act({ kind: 'attack', units: this.attackers, hexes: this.defenders, odds: this.odds });
  }

  // ---- keyboard -----------------------------------------------------------------

  private key(e: KeyboardEvent): void {
    if (this.confirming) return;
    const target = e.target as HTMLElement;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (target?.tagName === 'BUTTON' && (k === 'Enter' || k === ' ')) return;
    const p = this.myTurn() ? this.myPending() : undefined;
    if (k === 'g' || k === 'G') {
      const input = this.root.querySelector<HTMLInputElement>('#hex-input');
      if (input) {
        e.preventDefault();
        input.focus();
      }
      return;
    }
    if (k === 'e' || k === 'E') void this.endPhase();
    else if (k === 'u' || k === 'U') void this.undo();
    else if (k === 'n' || k === 'N') this.toggleNumbers();
    else if (k === '+' || k === '=') this.board.zoom(1 / 1.25);
    else if (k === '-') this.board.zoom(1.25);
    else if (k === '0') this.board.reset();
    else if (k === 'ArrowLeft') this.board.pan(-1, 0);
    else if (k === 'ArrowRight') this.board.pan(1, 0);
    else if (k === 'ArrowUp') this.board.pan(0, -1);
    else if (k === 'ArrowDown') this.board.pan(0, 1);
    else if (k === 'Escape') {
      this.resetPlan();
      this.render();
    } else if ((k === 'a' || k === 'A' || k === 'Enter') && this.view.state.phase === 'combat' && !p) void this.attack();
    else if (k === 'Tab' || k === ']') {
      e.preventDefault();
      this.nextUnit();
      return;
    } else if (/^[1-9]$/.test(k)) {
      (this.root.querySelector(`[data-choice="${k}"]`) as HTMLButtonElement | null)?.click();
    } else if (k === 's' || k === 'S') {
      (this.root.querySelector('[data-choice="s"]') as HTMLButtonElement | null)?.click();
    } else return;
    e.preventDefault();
  }

  // Tab: the next of my units that may still move (movement) or attack (combat).
  private nextUnit(): void {
    const me = this.mySide();
    if (!me || !this.myTurn()) return;
    const combat = this.view.state.phase === 'combat';
    const list = this.units().filter((u) => u.side === me && u.status === 'map' && (combat ? !u.attacked : !u.moved));
    if (!list.length) return;
    const i = list.findIndex((u) => u.id === this.mover);
    const next = list[(i + 1) % list.length];
    this.board.centreOn(next.hex!);
    if (combat) void this.click(next.hex!, next.id);
    else void this.select(next.id);
  }

  private toggleNumbers(): void {
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
    savePrefs(this.id, { box: this.board.viewBox(), numbers: this.numbers });
  }

  // ---- drawing --------------------------------------------------------------------

  render(): void {
    const v = this.view;
    const st = v.state;
    const me = this.mySide();
    this.$('#title').textContent = `${v.ui.display} - ${seatWords(v)}`;
    this.$('#phase').innerHTML =
      st.phase === 'over'
        ? 'Game over'
        : `Turn ${st.turn}/${st.turns}${st.night ? ' (night)' : ''} - ${sideName(st.phasing)} ${st.phase} phase - <b>${st.to_act ? `${sideName(st.to_act)} to act` : ''}</b>`;
    (this.$('#btn-end') as HTMLButtonElement).disabled = !this.myTurn() || st.pending.length > 0;
    (this.$('#btn-undo') as HTMLButtonElement).disabled = !v.undo.can;
    document.body.dataset.version = String(v.version);

    // Map layers: what the title declares, then this page's own marks.
    this.board.drawZones(v.ui.zones);
    this.board.drawSpecialHexes(v.ui.hexes);
    this.board.drawModuleMarkers(st.modules?.markers ?? []);
    this.board.clearShade();
    this.board.clearMarks();
    const hq = selectedHq(st, this.mover, this.unitsIn(this.focusHex ?? ''));
    if (hq) this.board.shade(radiusShade(v.geometry, st, hq), 'command-radius');
    if (this.reach?.hexes) this.board.shade(this.reach.hexes, 'reach');
    if (this.reach?.entries) {
      // The engine's cost, the column's included; where two entry hexes reach
      // a hex, the cheaper (the one a click takes).
      const costs = entryCosts(this.reach);
      for (const e of this.reach.entries) delete costs[e.hex];
      this.board.shade(costs, 'reach');
      this.board.shade(Object.fromEntries(this.reach.entries.map((e) => [e.hex, `E ${e.hexes[e.hex] ?? ''}`])), 'entry');
    }
    if (st.phase === 'combat') {
      this.board.mark(st.obligations.attackers, 'must-attack');
      this.board.mark(st.obligations.defenders, 'must-be-attacked');
    }
    const p = this.myTurn() ? this.myPending() : undefined;
    if (p?.kind === 'retreat') this.board.shade(Object.fromEntries((p.options ?? []).map((o) => [o.hex, ''])), 'choice');
    if (p?.kind === 'advance') this.board.shade(Object.fromEntries((p.hexes ?? []).map((x) => [x, ''])), 'choice');
    this.board.mark(this.defenders, 'defender');
    const selected = new Set([...(this.mover ? [this.mover] : []), ...this.attackers]);
    this.board.drawUnits(st.units, selected, new Set(this.defenders));
    this.board.markCommand(st, frozenUnits(st));

    const now = this.prompts(me);
    this.$('#side').innerHTML = [
      turnTrack(this.view),
      now,
      stackPanel(this.focusHex, st.units, selected),
      this.fairDicePanel(me),
      combatPanel(v, {
        planning: this.myTurn() && !this.myPending(),
        attackers: this.attackers,
        defenders: this.defenders,
        preview: this.preview,
        previewError: this.previewError,
      }),
      reinforcementPanel(v, me, this.myTurn(), this.mover ? this.reach : null),
      modulesPanel(st, hq, { me, myTurn: this.myTurn() }),
      mapPanel(v.ui),
      victoryPanel(st.victory),
      logPanel(v.log, v.ui.decisions),
    ].join('');
    this.wirePanel();
    // A new prompt is brought into view (the panel keeps its scroll otherwise).
    if (now !== this.lastPrompt) this.root.querySelector('.prompts')?.scrollIntoView({ block: 'nearest' });
    this.lastPrompt = now;
    this.summary();
  }

  // Fair dice: the commitment, each seat's contribution (this page makes its
  // own, random, once), and the seed once revealed, with how to check it.
  private fairDicePanel(me: Side | null): string {
    const f = this.view.fair_dice;
    if (!f) return '';
    if (me && !f.contributions[me]) void this.contribute();
    const short = (x: string) => `<code title="${h(x)}">${h(x.slice(0, 16))}&hellip;</code>`;
    const lines = [`<p id="fair-commitment">Dice commitment (SHA-256 of the server's seed): ${short(f.commitment)}</p>`];
    const sent = me ? localStorage.getItem(`bluegray.dice.${this.id}.${me}`) : null;
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

  private contributing = false;
  private async contribute(): Promise<void> {
    if (this.contributing) return;
    this.contributing = true;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const seed = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    try {
      await api.contribute(this.id, this.token, seed);
      // Kept so that the page can check the server lists what it sent.
      if (this.mySide()) localStorage.setItem(`bluegray.dice.${this.id}.${this.mySide()}`, seed);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  private async revealSeed(): Promise<void> {
    try {
      await api.reveal(this.id, this.token);
      await this.refresh();
    } catch (e) {
      this.toast(e);
    }
  }

  private async downloadSave(): Promise<void> {
    try {
      const save = await api.save(this.id, this.token);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([JSON.stringify(save)], { type: 'application/json' }));
      a.download = `bluegray-${this.id}.json`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      this.toast(e);
    }
  }

  private prompts(me: Side | null): string {
    const v = this.view;
    const st = v.state;
    const out: string[] = [];
    const fight = lastCombat(v.log, v.ui.decisions);
    if (fight) out.push(`<p class="result" id="last-result">Last combat: ${h(fight)}</p>`);
    if (this.notice) out.push(`<p class="refusal" id="notice" role="status">${h(this.notice)}</p>`);
    if (v.undo.request && v.undo.request !== me && me) {
      out.push(`<p>${sideName(v.undo.request)} asks to take back its last move (5.17).</p>
        <button data-undo="accept">Allow</button> <button data-undo="refuse">Refuse</button>`);
    }
    if (v.computer_error)
      out.push(`<p class="refusal" id="computer-error">The computer player chose an action the engine refused (a bug in the player; the game waits): ${h(v.computer_error.error)}</p>`);
    if (!me) out.push('<p>You are watching. The page follows the game live.</p>');
    else if (st.phase !== 'over' && !this.myTurn()) out.push(`<p class="wait">Waiting for the ${sideName(st.to_act)} player&hellip;</p>`);
    const p = this.myTurn() ? this.myPending() : undefined;
    if (p) out.push(pendingPrompt(p, this.units()));
    else if (this.myTurn() && st.phase === 'movement') {
      out.push(this.mover
        ? `<p>${h(this.mover)} selected: click a shaded hex to move there (the number is the Movement Points it costs), Esc to cancel.</p>`
        : '<p>Movement Phase: click one of your units (or press Tab) to see where it may go.</p>');
    }
    if (this.myTurn())
      out.push(`<p><label>Hex <input id="hex-input" size="5" maxlength="4" placeholder="XXYY" inputmode="numeric"></label>
        <kbd>G</kbd>: type a hex and Enter to click it without the mouse.</p>`);
    for (const d of v.ui.decisions) out.push(decisionForm(d, me));
    return `<section class="prompts"><h2>Now</h2>${out.join('')}</section>`;
  }

  private summary(): void {
    const box = this.$('#summary');
    const st = this.view.state;
    if (st.phase !== 'over') {
      box.hidden = true;
      return;
    }
    const vic = st.victory;
    const lost = (s: Side) => st.units.filter((u) => u.side === s && u.status === 'eliminated').reduce((a, u) => a + u.strength, 0);
    box.innerHTML = `<div class="card"><h2>The game is over</h2>
      <p class="winner">${vic.winner ? `${sideName(vic.winner)} victory` : 'A draw'}</p>
      <p>Union ${vic.union} VP - Confederate ${vic.confederate} VP</p>
      <p>Strength eliminated: Union ${lost('union')}, Confederate ${lost('confederate')}</p>
      <button id="btn-close-summary">Close</button></div>`;
    box.hidden = false;
    this.$('#btn-close-summary').onclick = () => (box.hidden = true);
  }

  private wirePanel(): void {
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-action]')) b.onclick = () => void this.act(JSON.parse(b.dataset.action!) as Record<string, unknown>);
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-undo]')) b.onclick = () => void this.answerUndo(b.dataset.undo as 'accept' | 'refuse');
    const reveal = this.root.querySelector<HTMLButtonElement>('#btn-reveal');
    if (reveal) reveal.onclick = () => void this.revealSeed();
    const save = this.root.querySelector<HTMLButtonElement>('#btn-save');
    if (save) save.onclick = () => void this.downloadSave();
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-enter]')) b.onclick = () => void this.select(b.dataset.enter!);
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-pick]')) b.onclick = () => void this.click(b.dataset.hex!, b.dataset.pick!);
    for (const s of this.root.querySelectorAll<HTMLSelectElement>('select.decision'))
      s.onchange = () => void this.act({ kind: s.dataset.kind, unit: s.dataset.unit, value: Number(s.value) });
    const lose = this.root.querySelector<HTMLButtonElement>('#btn-lose');
    if (lose)
      lose.onclick = () => {
        const units = [...this.root.querySelectorAll<HTMLInputElement>('input.lose:checked')].map((i) => i.value);
        void this.act({ kind: 'lose', units });
      };
    const evade = this.root.querySelector<HTMLButtonElement>('#btn-evade');
    if (evade)
      evade.onclick = () => {
        const p = this.myPending();
        const path = (this.root.querySelector<HTMLInputElement>('#evade-path')?.value ?? '').split(',').map((x) => x.trim()).filter(Boolean);
        void this.act({ kind: 'evade', unit: p?.unit, path });
      };
    const hexInput = this.root.querySelector<HTMLInputElement>('#hex-input');
    if (hexInput)
      hexInput.onkeydown = (e) => {
        if (e.key === 'Escape') hexInput.blur();
        if (e.key !== 'Enter') return;
        e.preventDefault();
        const hex = hexInput.value.trim();
        if (/^\d{4}$/.test(hex)) {
          this.board.centreOn(hex);
          void this.click(hex, null);
        } else this.toast('A hex is four digits, XXYY', true);
      };
    const atk = this.root.querySelector<HTMLButtonElement>('#btn-attack');
    if (atk) atk.onclick = () => void this.attack();
    const odds = this.root.querySelector<HTMLSelectElement>('#odds-choice');
    if (odds)
      odds.onchange = () => {
        this.odds = odds.value === this.preview?.computed ? null : odds.value;
        void this.updatePreview();
      };
  }
}

// The cheapest cost of each hex a reinforcement may reach, over its entry hexes.
function entryCosts(r: ReachReply): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of r.entries ?? []) for (const [hex, c] of Object.entries(e.hexes)) if (out[hex] === undefined || c < out[hex]) out[hex] = c;
  return out;
}

function seatWords(v: GameView): string {
  if (v.seat === 'spectator') return 'watching';
  if (v.seat === 'hotseat') return 'hot seat';
  return `${sideName(v.seat)}${v.computer ? ' vs computer' : ''}`;
}
