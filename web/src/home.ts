// The front page: start a game (against the computer, hot seat, or two
// browsers with a secret link each) and resume stored games. The choices of a
// new game (titles, their scenarios, parameters and optional rules, the
// Standard Rules' editions and options) are the server's (GET /api/titles):
// this page knows no title.
import { api, ApiError, knownSeats, rememberSeat, type ListedGame } from './api';
import { skirmishSetup } from './skirmish';
import { importCard, wireImport } from './game_files';
import type { ScenarioSpec, Side, TitleSpec, Titles } from './types';

const h = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// A free map's size and calendar as the sample skirmish needs them (the
// skirmish is this page's own sample set-up, not a title).
const SKIRMISH = { cols: 14, rows: 12, turns: 8, night: '5' };

export async function homePage(root: HTMLElement): Promise<void> {
  root.innerHTML = `
    <header class="bar"><a class="home" href="/">bluegray</a><span>SPI's Blue &amp; Gray system</span></header>
    <main class="home-page">
      <section class="card">
        <h1>New game</h1>
        <form id="new-game">
          <div id="choices">loading&hellip;</div>
          <fieldset><legend>Players</legend>
            <label><input type="radio" name="mode" value="computer" checked> Against the computer, playing the
              <select name="human" id="human"><option value="union">Union</option><option value="confederate">Confederate</option></select></label><br>
            <fieldset id="computer-choice"><legend>The computer</legend>
              <label>Level <select name="level" id="level"></select></label>
              <p class="note" id="level-note"></p>
              <div id="posture-choice" hidden>
                <label><span id="posture-side">Its posture</span> <select name="posture" id="posture"></select></label>
                <p class="note" id="posture-note"></p>
              </div>
            </fieldset>
            <label><input type="radio" name="mode" value="hotseat"> Hot seat: both sides at this screen</label><br>
            <label><input type="radio" name="mode" value="two-seat"> Two browsers: a secret link for each side</label><br>
            <label title="The server commits to a secret seed; each side's page adds its own random value; at the end the seed is revealed and bluegray verify proves every roll"><input type="checkbox" name="fair_dice" id="fair-dice"> Fair dice (two browsers): commit-reveal, provable after the game</label>
          </fieldset>
          <label>Seed <input name="seed" type="number" min="0" value="${Math.floor(Math.random() * 1e6)}"></label>
          <button type="submit" id="btn-start" disabled>Start the game</button>
        </form>
        <div id="links"></div>
        <p class="refusal" id="new-error" role="alert"></p>
      </section>
      <section class="card">
        <h1>Stored games</h1>
        <div id="games">loading&hellip;</div>
        <form id="resume">
          <label>Resume from another browser: paste your seat's link
            <input id="resume-link" size="40" placeholder="${h(location.origin)}/g/&lt;game&gt;#&lt;seat token&gt;" autocomplete="off"></label>
          <button type="submit" id="btn-resume">Resume</button>
          <p class="refusal" id="resume-error" role="alert"></p>
        </form>
      </section>
      ${importCard()}
    </main>`;
  const form = root.querySelector('#new-game') as HTMLFormElement;
  wireImport(root);
  let titles: Titles | null = null;
  try {
    titles = await api.titles();
    buildChoices(form, titles);
    buildComputerChoice(form, titles);
    (root.querySelector('#btn-start') as HTMLButtonElement).disabled = false;
  } catch (err) {
    root.querySelector('#choices')!.textContent = `The server's titles cannot be read: ${String(err)}`;
  }
  form.onsubmit = async (e) => {
    e.preventDefault();
    if (!titles) return;
    const f = new FormData(form);
    const mode = String(f.get('mode'));
    const body: Record<string, unknown> = { mode, human: f.get('human'), ...newGame(form, titles) };
    if (mode === 'computer') {
      body.level = f.get('level');
      // "" is the title's default posture: the server plays it when none is named.
      if (f.get('posture')) body.posture = f.get('posture');
    }
    if (mode === 'two-seat' && f.get('fair_dice')) body.fair_dice = true;
    try {
      const c = await api.create(body);
      for (const [seat, s] of Object.entries(c.seats)) rememberSeat(c.id, seat, s.token);
      if (mode !== 'two-seat') {
        const mine = Object.entries(c.seats).find(([seat]) => seat !== 'spectator')!;
        location.href = mine[1].url;
        return;
      }
      const links = Object.entries(c.seats)
        .map(([seat, s]) => `<li><b>${h(seat)}</b>: <a class="seat-link" data-seat="${h(seat)}" href="${h(s.url)}">${h(location.origin + s.url)}</a></li>`)
        .join('');
      root.querySelector('#links')!.innerHTML = `<p>Give each player their own link; anyone with a side's link plays that side.</p><ul>${links}</ul>`;
    } catch (err) {
      root.querySelector('#new-error')!.textContent = err instanceof ApiError ? `Refused: ${err.message}` : String(err);
    }
  };
  const resume = root.querySelector('#resume') as HTMLFormElement;
  resume.onsubmit = (e) => {
    e.preventDefault();
    const url = seatUrl((root.querySelector('#resume-link') as HTMLInputElement).value);
    if (url) location.href = url;
    else root.querySelector('#resume-error')!.textContent = 'That is not a seat link: it reads /g/<game>#<seat token>.';
  };
  await listGames(root, titles);
}

// A seat's page from the link a player kept (this browser's or another's):
// only the game and the token are taken from it, never the host.
export function seatUrl(text: string): string | null {
  const m = text.trim().match(/\/g\/([0-9a-f]{16})#([0-9a-f]+)$/);
  return m ? `/g/${m[1]}#${m[2]}` : null;
}

const SIDE: Record<string, string> = { union: 'Union', confederate: 'Confederate' };

// Who plays a stored game, in words (which computer: its level and posture).
function players(g: ListedGame): string {
  if (g.mode === 'computer' && g.computer) {
    const human = g.computer === 'union' ? 'confederate' : 'union';
    const who = g.summary.computer_label ?? g.computer_player;
    return `${SIDE[human]} vs the computer (${SIDE[g.computer] ?? g.computer}${who ? `: ${who}` : ''})`;
  }
  if (g.mode === 'hotseat') return 'hot seat (both sides at one screen)';
  if (g.mode === 'two-seat') return 'two browsers (a link each)';
  return g.mode;
}

function selected(form: HTMLFormElement, titles: Titles): TitleSpec {
  const name = (form.querySelector('#title') as HTMLSelectElement).value;
  return titles.titles.find((t) => t.name === name) ?? titles.titles[0];
}

// The form's title-dependent part: the title and scenario, the edition, the
// title's parameters, the optional rules, and a free map's size and calendar.
function buildChoices(form: HTMLFormElement, titles: Titles): void {
  const box = form.querySelector('#choices') as HTMLElement;
  const titleOptions = titles.titles
    .map((t) => `<option value="${h(t.name)}" ${t.name === titles.default ? 'selected' : ''}>${h(t.display)}</option>`)
    .join('');
  const editions = titles.editions.map((e) => `<option value="${h(e.name)}">${h(e.display)}</option>`).join('');
  box.innerHTML = `
    <label>Battle <select name="title" id="title">${titleOptions}</select></label>
    <p class="note" id="title-summary"></p>
    <label>Scenario <select name="scenario" id="scenario"></select></label>
    <p class="note" id="scenario-summary"></p>
    <label>Rules <select name="edition" id="edition">${editions}</select></label>
    <div id="params"></div>
    <fieldset id="options"><legend>Optional rules</legend><div id="standard-options"></div><div id="title-options"></div></fieldset>
    <fieldset id="free-map" hidden><legend>Map and calendar</legend>
      <label>Set-up <select name="setup" id="setup">
        <option value="skirmish">the sample skirmish (four units a side, needs 14 x 12)</option>
        <option value="empty">an empty map</option></select></label>
      <label>Columns <input name="cols" type="number" min="1" max="99" value="${SKIRMISH.cols}"></label>
      <label>Rows <input name="rows" type="number" min="1" max="99" value="${SKIRMISH.rows}"></label>
      <label>Game-Turns <input name="turns" type="number" min="1" max="63" value="${SKIRMISH.turns}"></label>
      <label>Night Game-Turns <input name="night" placeholder="5,13" value="${SKIRMISH.night}"></label>
      <label>First player <select name="first"><option value="union">Union</option><option value="confederate">Confederate</option></select></label>
    </fieldset>`;
  const titleSelect = box.querySelector('#title') as HTMLSelectElement;
  const edition = box.querySelector('#edition') as HTMLSelectElement;
  titleSelect.onchange = () => showTitle(form, titles);
  edition.onchange = () => showStandardOptions(form, titles);
  (box.querySelector('#scenario') as HTMLSelectElement).onchange = () => showScenario(form, titles);
  showTitle(form, titles);
}

function showTitle(form: HTMLFormElement, titles: Titles): void {
  const t = selected(form, titles);
  form.querySelector('#title-summary')!.textContent = t.summary;
  const scenario = form.querySelector('#scenario') as HTMLSelectElement;
  scenario.innerHTML = t.scenarios.map((s) => `<option value="${h(s.name)}">${h(s.display)}</option>`).join('');
  form.querySelector('#params')!.innerHTML = t.params
    .map((p) => `<label>${h(p.key)} <select class="param" name="param-${h(p.key)}" data-key="${h(p.key)}">${p.choices
      .map((c) => `<option value="${h(c)}" ${c === p.default ? 'selected' : ''}>${h(c)}</option>`)
      .join('')}</select> <small>${h(p.help)}</small></label>`)
    .join('');
  form.querySelector('#title-options')!.innerHTML = t.options
    .map((o) => `<label><input type="checkbox" class="title-option" value="${h(o.name)}" data-implies="${h(o.implies.join(','))}"> ${h(o.name)}: <small>${h(o.help)}</small></label>`)
    .join('');
  // An option standing for several (e.g. a set of tournament rules) ticks them.
  for (const box of form.querySelectorAll<HTMLInputElement>('input.title-option')) {
    box.onchange = () => {
      for (const name of (box.dataset.implies ?? '').split(',').filter(Boolean)) {
        const other = form.querySelector<HTMLInputElement>(`input.title-option[value="${CSS.escape(name)}"]`);
        if (other) other.checked = box.checked;
      }
    };
  }
  (form.querySelector('#free-map') as HTMLElement).hidden = !t.free_map;
  showScenario(form, titles);
  showStandardOptions(form, titles);
}

function selectedScenario(form: HTMLFormElement, titles: Titles): ScenarioSpec {
  const t = selected(form, titles);
  const name = (form.querySelector('#scenario') as HTMLSelectElement | null)?.value;
  return t.scenarios.find((x) => x.name === name) ?? t.scenarios[0];
}

// The computer's level (each with its line) and, when the scenario declares
// postures for the computer's side, the posture it plays: the title's default
// unless one is picked. Offered only for a game against the computer.
function buildComputerChoice(form: HTMLFormElement, titles: Titles): void {
  const level = form.querySelector('#level') as HTMLSelectElement;
  level.innerHTML = titles.computer.levels
    .map((l) => `<option value="${h(l.name)}" ${l.name === titles.computer.default_level ? 'selected' : ''}>${h(l.name)}</option>`)
    .join('');
  const note = (): void => {
    const l = titles.computer.levels.find((x) => x.name === level.value);
    form.querySelector('#level-note')!.textContent = l ? l.description : '';
  };
  level.onchange = note;
  note();
  (form.querySelector('#human') as HTMLSelectElement).addEventListener('change', () => showPostures(form, titles));
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="mode"]'))
    radio.addEventListener('change', () => showPostures(form, titles));
  (form.querySelector('#posture') as HTMLSelectElement).onchange = () => postureNote(form, titles);
  showPostures(form, titles);
}

function computerSide(form: HTMLFormElement): Side {
  return (form.querySelector('#human') as HTMLSelectElement).value === 'union' ? 'confederate' : 'union';
}

function showPostures(form: HTMLFormElement, titles: Titles): void {
  const box = form.querySelector('#computer-choice') as HTMLFieldSetElement | null;
  if (!box) return;  // the titles are not read yet
  box.disabled = (form.querySelector('input[name="mode"]:checked') as HTMLInputElement | null)?.value !== 'computer';
  const side = computerSide(form);
  const postures = selectedScenario(form, titles).postures[side];
  const select = form.querySelector('#posture') as HTMLSelectElement;
  const def = postures.find((p) => p.default);
  select.innerHTML =
    `<option value="">the title's default${def ? ` (${h(def.display)})` : ''}</option>` +
    postures.map((p) => `<option value="${h(p.name)}">${h(p.display)}</option>`).join('');
  form.querySelector('#posture-side')!.textContent = `The ${SIDE[side]} posture`;
  (form.querySelector('#posture-choice') as HTMLElement).hidden = postures.length === 0;
  postureNote(form, titles);
}

function postureNote(form: HTMLFormElement, titles: Titles): void {
  const postures = selectedScenario(form, titles).postures[computerSide(form)];
  const name = (form.querySelector('#posture') as HTMLSelectElement).value;
  const p = postures.find((x) => (name ? x.name === name : x.default));
  form.querySelector('#posture-note')!.textContent = p ? `${p.display}: ${p.description} (rule ${p.rule})` : '';
}

function showScenario(form: HTMLFormElement, titles: Titles): void {
  const t = selected(form, titles);
  const s = selectedScenario(form, titles);
  const night = s.calendar.night.length ? `, night Game-Turns ${s.calendar.night.join(', ')}` : '';
  form.querySelector('#scenario-summary')!.textContent = t.free_map
    ? s.summary
    : `${s.summary} ${s.calendar.first === 'union' ? 'Union' : 'Confederate'} first, ${s.calendar.turns} Game-Turns${night}.`;
  showPostures(form, titles);
}

// The Standard Rules' optional rules: each offered in the editions where
// choosing it changes the game.
function showStandardOptions(form: HTMLFormElement, titles: Titles): void {
  const edition = (form.querySelector('#edition') as HTMLSelectElement).value;
  const ticked = new Set([...form.querySelectorAll<HTMLInputElement>('input.std-option:checked')].map((i) => i.value));
  form.querySelector('#standard-options')!.innerHTML = titles.standard_options
    .map((o) => {
      const offered = o.editions.includes(edition);
      return `<label class="${offered ? '' : 'unavailable'}"><input type="checkbox" class="std-option" value="${h(o.name)}" ${offered ? '' : 'disabled'} ${offered && ticked.has(o.name) ? 'checked' : ''}> ${h(o.name)}: <small>${h(o.help)}</small></label>`;
    })
    .join('');
}

// The "new" object of POST /api/games (docs/server.md), and a free map's set-up.
function newGame(form: HTMLFormElement, titles: Titles): Record<string, unknown> {
  const t = selected(form, titles);
  const f = new FormData(form);
  const options = [...form.querySelectorAll<HTMLInputElement>('input.std-option:checked, input.title-option:checked')]
    .filter((i) => !i.disabled)
    .map((i) => i.value);
  const game: Record<string, unknown> = {
    title: t.name,
    scenario: f.get('scenario'),
    edition: f.get('edition'),
    seed: Number(f.get('seed') || 1),
    options,
  };
  for (const p of form.querySelectorAll<HTMLSelectElement>('select.param')) game[p.dataset.key!] = p.value;
  if (!t.free_map) return { new: game };
  game.cols = Number(f.get('cols'));
  game.rows = Number(f.get('rows'));
  game.turns = Number(f.get('turns'));
  game.night = String(f.get('night') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map(Number);
  game.first = f.get('first');
  return f.get('setup') === 'skirmish' ? { new: game, setup: skirmishSetup() } : { new: game };
}

// The sides' tokens this browser holds (a spectator never has a turn), well
// formed only: the server refuses the whole list for one malformed token.
function sideTokens(known: Record<string, Record<string, string>>): string[] {
  return Object.values(known)
    .flatMap((seats) => Object.entries(seats).filter(([seat]) => seat !== 'spectator').map(([, t]) => t))
    .filter((t) => /^[0-9a-f]{32}$/.test(t))
    .slice(-100);  // the newest seats (kept in the order opened)
}

async function listGames(root: HTMLElement, titles: Titles | null): Promise<void> {
  // A stored game's title by name, for people ("scenario" names it in games
  // saved before titles had scenarios).
  const display = (name: string): string => {
    for (const t of titles?.titles ?? []) {
      if (t.name === name) return t.display;
      const s = t.scenarios.find((x) => x.name === name);
      if (s) return s.display;
    }
    return name;
  };
  try {
    const known = knownSeats();
    const { games } = await api.list(sideTokens(known));
    // The games waiting for this browser come first (the list is otherwise
    // newest change first; sort is stable).
    games.sort((a, b) => Number(!!b.your_turn) - Number(!!a.your_turn));
    root.querySelector('#games')!.innerHTML = games.length
      ? `<table class="games"><tr><th>game</th><th>players</th><th>turn</th><th></th></tr>${games
          .map((g) => {
            const seats = known[g.id] ?? {};
            const resume = Object.entries(seats)
              .filter(([seat]) => seat !== 'spectator')
              .map(([seat, t]) => `<a href="/g/${g.id}#${t}">resume as ${h(seat)}</a>`)
              .join(' ');
            const s = g.summary;
            // A two-seat game's players share its watch link themselves.
            const watch = g.watch && g.mode !== 'two-seat' ? `<a href="${h(g.watch)}">watch</a> <a class="replay" href="${h(g.watch.replace('#', '?replay#'))}">replay</a>` : '';
            const turn = g.your_turn ? ' <span class="your-turn">your turn</span>' : '';
            return `<tr data-game="${h(g.id)}"${g.your_turn ? ' class="mine"' : ''}><td>${h(display(s.scenario))} <small>${h(g.id)}</small>${turn}</td><td class="players">${h(players(g))}</td>
              <td>${s.over ? 'over' : `${s.turn}/${s.turns} ${h(s.phasing)} ${h(s.phase)}`}</td>
              <td>${resume} ${watch}</td></tr>`;
          })
          .join('')}</table>`
      : '<p>No games yet.</p>';
  } catch (err) {
    root.querySelector('#games')!.textContent = String(err);
  }
}
