// The front page: start a game (against the computer, hot seat, or two
// browsers with a secret link each) and resume stored games.
import { api, ApiError, knownSeats, rememberSeat } from './api';
import { skirmishSetup } from './skirmish';

const h = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function homePage(root: HTMLElement): Promise<void> {
  root.innerHTML = `
    <header class="bar"><a class="home" href="/">bluegray</a><span>SPI's Blue &amp; Gray system</span></header>
    <main class="home-page">
      <section class="card">
        <h1>New game</h1>
        <form id="new-game">
          <label>Battle
            <select name="scenario" id="scenario">
              <option value="skirmish">Sandbox skirmish (small map, 4 units a side)</option>
              <option value="rtr-revised">Road to Richmond (revised exclusive rules)</option>
              <option value="rtr-1977">Road to Richmond (1977 exclusive rules)</option>
            </select></label>
          <fieldset><legend>Players</legend>
            <label><input type="radio" name="mode" value="computer" checked> Against the computer, playing the
              <select name="human" id="human"><option value="union">Union</option><option value="confederate">Confederate</option></select></label><br>
            <label><input type="radio" name="mode" value="hotseat"> Hot seat: both sides at this screen</label><br>
            <label><input type="radio" name="mode" value="two-seat"> Two browsers: a secret link for each side</label>
          </fieldset>
          <label>Rules <select name="edition"><option value="spi1977">SPI 1977 Standard Rules</option><option value="dg2016">Decision Games 2016</option></select></label>
          <label><input type="checkbox" name="ae"> Attack Effectiveness (11.0)</label>
          <label>Seed <input name="seed" type="number" min="0" value="${Math.floor(Math.random() * 1e6)}"></label>
          <button type="submit" id="btn-start">Start the game</button>
        </form>
        <div id="links"></div>
        <p class="refusal" id="new-error" role="alert"></p>
      </section>
      <section class="card">
        <h1>Stored games</h1>
        <div id="games">loading&hellip;</div>
      </section>
    </main>`;
  const form = root.querySelector('#new-game') as HTMLFormElement;
  form.onsubmit = async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const scenario = String(f.get('scenario'));
    const mode = String(f.get('mode'));
    const seed = Number(f.get('seed') || 1);
    const options = f.get('ae') ? ['attack-effectiveness'] : [];
    const body: Record<string, unknown> = { mode, human: f.get('human') };
    if (scenario === 'skirmish') {
      body.new = { scenario: 'sandbox', cols: 14, rows: 12, seed, edition: f.get('edition'), turns: 8, night: [5], options };
      body.setup = skirmishSetup();
    } else {
      body.new = {
        scenario: 'road-to-richmond', seed, edition: f.get('edition'), first: 'confederate', turns: 20, night: [5, 13],
        exclusive: scenario === 'rtr-1977' ? '1977' : 'revised', options,
      };
    }
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
  try {
    const { games } = await api.list();
    const known = knownSeats();
    root.querySelector('#games')!.innerHTML = games.length
      ? `<table class="games"><tr><th>game</th><th>players</th><th>turn</th><th></th></tr>${games
          .map((g) => {
            const seats = known[g.id] ?? {};
            const resume = Object.entries(seats)
              .filter(([seat]) => seat !== 'spectator')
              .map(([seat, t]) => `<a href="/g/${g.id}#${t}">resume as ${h(seat)}</a>`)
              .join(' ');
            const s = g.summary;
            return `<tr><td>${h(s.scenario)} <small>${h(g.id)}</small></td><td>${h(g.mode)}${g.computer ? ` (computer: ${h(g.computer)})` : ''}</td>
              <td>${s.over ? 'over' : `${s.turn}/${s.turns} ${h(s.phasing)} ${h(s.phase)}`}</td>
              <td>${resume} ${g.watch ? `<a href="${h(g.watch)}">watch</a>` : ''}</td></tr>`;
          })
          .join('')}</table>`
      : '<p>No games yet.</p>';
  } catch (err) {
    root.querySelector('#games')!.textContent = String(err);
  }
}
