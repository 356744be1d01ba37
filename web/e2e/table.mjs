// End-to-end tests of the game page as a player at the table meets it:
// stacks, reinforcement costs, refusals in words, the banner and
// the side panel, the full log, what a reload keeps, the stored games list and
// the phone size. Each test makes its own game through the API (actions the
// page is not being tested on are sent there too) and opens its own page.

import { pageKit } from './pages.mjs';

// The page's JSON API, as a test drives it.
export function apiClient(base) {
  const call = async (method, path, token, body) => {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers['X-Bluegray-Token'] = token;
    const send = () => fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let res;
    try {
      res = await send();
    } catch (e) {
      // A pooled keep-alive connection the server closed as it was reused
      // (the request never reached it) is tried once more on a new one;
      // anything else is thrown with its cause, for the report.
      const code = e?.cause?.code ?? '';
      if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw new Error(`${method} ${path}: ${e.message} (${e?.cause?.message ?? 'no cause'})`);
      res = await send();
    }
    return { status: res.status, json: await res.json() };
  };
  return {
    async create(body) {
      const r = await call('POST', '/api/games', undefined, body);
      if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json;
    },
    view: async (id, token) => (await call('GET', `/api/games/${id}`, token)).json,
    act: (id, token, action) => call('POST', `/api/games/${id}/actions`, token, { action }),
    reach: async (id, token, unit) => (await call('GET', `/api/games/${id}/reach?unit=${encodeURIComponent(unit)}`, token)).json,
    undo: (id, token, answer) => call('POST', `/api/games/${id}/undo`, token, answer ? { answer } : {}),
  };
}

// A sandbox game on a small free map with the given units (setup rows).
export function sandbox(units, { mode = 'hotseat', edition = 'spi1977', turns = 4, cols = 10, rows = 10 } = {}) {
  return {
    new: { scenario: 'sandbox', cols, rows, turns, edition, seed: 7 },
    mode,
    setup: units.map(([id, side, type, strength, hex, more]) => ({ kind: 'unit', id, side, type, strength, defense: strength, hex, ...(more ?? {}) })),
  };
}

const unit = (id, side, strength, hex, more) => [id, side, 'inf', strength, hex, more];

export async function tableTests({ test: run, assert, base, context, shot, phone, timeout }) {
  const api = apiClient(base);
  const { test, blank, open } = pageKit({ test: run, shot, base, context, timeout });
  const version = (page) => page.evaluate(() => Number(document.body.dataset.version));
  // Waits until the page shows at least the game's current version.
  const caughtUp = async (page, id, token) => {
    const v = (await api.view(id, token)).version;
    await page.waitForFunction((x) => Number(document.body.dataset.version) >= x, v);
  };

  await test('8.42: one unit of a stack attacks while the other sits out', async () => {
    const c = await api.create(sandbox([
      unit('A1', 'union', 6, '0505'), unit('A2', 'union', 6, '0505'),
      unit('B1', 'confederate', 2, '0506'), unit('B2', 'confederate', 2, '0604'),
    ], { edition: 'dg2016' }));
    const t = c.seats.hotseat.token;
    await api.act(c.id, t, { kind: 'end' });
    const page = await open(c.seats.hotseat.url);
    await page.locator('#phase', { hasText: 'combat' }).waitFor();
    await page.locator('.counter[data-unit="A2"]').click();
    await page.locator('#attackers', { hasText: 'A2' }).waitFor();
    assert((await page.locator('#attackers').textContent()) === 'A2', `attackers: ${await page.locator('#attackers').textContent()}`);
    await page.locator('.counter[data-unit="B1"]').click();
    await page.locator('.counter[data-unit="B2"]').click();
    await page.locator('#preview').waitFor();
    assert((await page.locator('#preview').textContent()).includes('(6 to 4'), 'A2 alone attacks with 6');
    await page.keyboard.press('a');
    await page.locator('#log li', { hasText: 'A2 attack' }).first().waitFor();
    const log = (await api.view(c.id, t)).log.find((i) => i.action.kind === 'attack');
    assert(JSON.stringify(log.action.units) === '["A2"]', `the attack the engine took: ${JSON.stringify(log.action)}`);
  });

  await test('a reinforcement shows what the engine will charge, the column included', async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', seed: 3 }, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    // Eight units in by one hex: the next pair pays 5 MP to enter (15.0).
    const column = (await api.view(c.id, t)).state.units.filter((u) => u.status === 'off-map' && u.side === 'confederate' && u.arrival === 1);
    for (const u of column.slice(0, 8)) {
      const r = await api.act(c.id, t, { kind: 'enter', unit: u.id, path: [u.entry[0]] });
      assert(r.status === 200, `${u.id} enters: ${JSON.stringify(r.json)}`);
    }
    const next = column[8];
    const entry = next.entry[0];
    const reach = await api.reach(c.id, t, next.id);
    const page = await open(c.seats.hotseat.url);
    await page.locator(`[data-enter="${next.id}"]`).click();
    const at = page.locator(`.shade.entry[data-hex="${entry}"] text`);
    await at.waitFor();
    const own = reach.entries[0].hexes[entry];
    assert((await at.textContent()).includes(String(own)), `the entry hex shows ${await at.textContent()}, the engine charges ${own}`);
    const [hex, mp] = Object.entries(reach.entries[0].hexes).find(([x]) => x !== entry);
    const label = await page.locator(`.shade.reach[data-hex="${hex}"] text`).first().textContent();
    assert(label === String(mp), `${hex} is shaded ${label}, the engine says ${mp}`);
    await page.locator('#hex-input').fill(hex);
    await page.locator('#hex-input').press('Enter');
    await page.locator('#log li', { hasText: `${next.id} enters` }).waitFor();
    const charged = (await api.view(c.id, t)).log.at(-1).mp;
    assert(charged === mp, `shaded ${mp}, charged ${charged}`);
  });

  await test('silent failures are said, with the rule when the engine refuses', async () => {
    const c = await api.create(sandbox([
      unit('U', 'union', 4, '0202'), unit('V', 'union', 4, '0404'), unit('K', 'confederate', 2, '0809'),
    ]));
    const t = c.seats.hotseat.token;
    const page = await open(c.seats.hotseat.url);
    // A hex that is not shaded: the page says so instead of dropping the unit.
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('.shade.reach').first().waitFor();
    await page.locator('#hex-input').fill('1010');
    await page.locator('#hex-input').press('Enter');
    await page.locator('#notice', { hasText: '1010' }).waitFor();
    assert((await page.locator('.counter.selected').getAttribute('data-unit')) === 'U', 'U stays selected');
    // A unit that may not move: the engine's reason, with its rule, stays in view.
    await api.act(c.id, t, { kind: 'move', unit: 'V', path: ['0405'] });
    await caughtUp(page, c.id, t);
    await page.locator('.counter[data-unit="V"]').click();
    await page.locator('#notice', { hasText: 'already moved' }).waitFor();
    const now = await page.locator('.prompts').textContent();
    assert(!now.includes('click a shaded hex'), `the prompt still says: ${now}`);
    assert(/\(rule [^)]+\)/.test(await page.locator('#notice').textContent()), 'the refusal cites its rule');
  });

  await test('E while a decision is pending says why', async () => {
    // A seed whose first die makes the defender retreat.
    let c = null;
    for (let seed = 1; seed < 40 && !c; seed++) {
      const body = sandbox([unit('U', 'union', 4, '0505'), unit('K', 'confederate', 4, '0506')]);
      body.new.seed = seed;
      const g = await api.create(body);
      const t = g.seats.hotseat.token;
      await api.act(g.id, t, { kind: 'end' });
      await api.act(g.id, t, { kind: 'attack', units: ['U'], hexes: ['0506'] });
      if ((await api.view(g.id, t)).state.pending[0]?.kind === 'retreat') c = g;
    }
    assert(c, 'no seed gives a retreat');
    const page = await open(c.seats.hotseat.url);
    await page.locator('[data-choice="1"]').first().waitFor();
    await page.locator('#map').focus();
    await page.keyboard.press('e');
    await page.locator('#notice', { hasText: 'pending' }).waitFor();
    assert(/\(rule [^)]+\)/.test(await page.locator('#notice').textContent()), 'the refusal cites its rule');
  });

  await test('a refused take-back is told to the side that asked', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')], { mode: 'two-seat' }));
    const t = c.seats.union.token;
    await api.act(c.id, t, { kind: 'move', unit: 'U', path: ['0203'] });
    const page = await open(c.seats.union.url);
    await page.locator('#log li', { hasText: 'U moves' }).waitFor();
    await page.locator('#btn-undo').click();
    await page.locator('#toast', { hasText: 'Asked' }).waitFor();
    await caughtUp(page, c.id, t);
    const r = await api.undo(c.id, c.seats.confederate.token, 'refuse');
    assert(r.json.refused, `the Confederate refuses: ${JSON.stringify(r.json)}`);
    await page.locator('#notice', { hasText: 'refused' }).waitFor();
  });

  await test('the "Last combat" banner follows attacks made elsewhere', async () => {
    const c = await api.create(sandbox([
      unit('U1', 'union', 4, '0505'), unit('K1', 'confederate', 4, '0506'),
      unit('U2', 'union', 4, '0202'), unit('K2', 'confederate', 4, '0203'),
    ], { mode: 'two-seat' }));
    const t = c.seats.union.token;
    await api.act(c.id, t, { kind: 'end' });
    const page = await open(c.seats.union.url);
    await page.locator('#phase', { hasText: 'combat' }).waitFor();
    await page.locator('.counter[data-unit="U1"]').click();
    await page.locator('.counter[data-unit="K1"]').click();
    await page.locator('#preview').waitFor();
    await page.keyboard.press('a');
    await page.locator('#last-result').waitFor();
    await answerAll(api, c);
    const r = await api.act(c.id, t, { kind: 'attack', units: ['U2'], hexes: ['0203'] });
    assert(r.status === 200, `U2 attacks: ${JSON.stringify(r.json)}`);
    await caughtUp(page, c.id, t);
    await page.locator('#last-result', { hasText: '0203' }).waitFor();
  });

  await test('a new prompt scrolls into view; "Enter" shows the entry hex', async () => {
    const rein = Array.from({ length: 30 }, (_, i) => unit(`R${i}`, 'union', 2, null, { arrival: 1, entry: ['1010'] }));
    const c = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909'), ...rein], { cols: 12, rows: 12 }));
    const page = await open(c.seats.hotseat.url);
    await page.locator('#side').evaluate((e) => (e.scrollTop = e.scrollHeight));
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('.prompts', { hasText: 'U selected' }).waitFor();
    const inView = () => page.evaluate(() => {
      const side = document.querySelector('#side').getBoundingClientRect();
      const p = document.querySelector('.prompts').getBoundingClientRect();
      return p.top >= side.top - 1 && p.top < side.bottom;
    });
    assert(await inView(), 'the prompt is scrolled out of view');
    // Zoomed in on the north-west corner, "Enter" brings the entry hex into view.
    await page.locator('#map').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('+');
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowUp');
    await page.locator('[data-enter="R0"]').click();
    const hex = page.locator('.shade.entry[data-hex="1010"]');
    await hex.waitFor();
    const shown = await page.evaluate(() => {
      const m = document.querySelector('#map').getBoundingClientRect();
      const h = document.querySelector('.shade.entry[data-hex="1010"]').getBoundingClientRect();
      return h.left >= m.left && h.right <= m.right && h.top >= m.top && h.bottom <= m.bottom;
    });
    assert(shown, 'the entry hex is off the visible map');
  });

  await test('the log is complete, grouped by turn and phase', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')], { turns: 12 }));
    const t = c.seats.hotseat.token;
    for (let i = 0; i < 36; i++) await api.act(c.id, t, { kind: 'end' });
    const page = await open(c.seats.hotseat.url);
    const items = (await api.view(c.id, t)).log.filter((i) => i.side !== null);
    await page.locator('#log li').nth(items.length - 1).waitFor();
    const n = await page.locator('#log li').count();
    assert(n === items.length, `the log shows ${n} of ${items.length}`);
    const groups = await page.locator('#log .log-group').count();
    assert(groups === 36, `${groups} turn-and-phase groups for 36 phases`);
    assert((await page.locator('#log .log-group').first().textContent()).includes('Turn 9'), 'the newest turn comes first');
  });

  await test('zoom and hex numbers survive a reload; numbers on by default', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')]));
    const page = await open(c.seats.hotseat.url);
    const numbers = () => page.evaluate(() => !document.querySelector('svg.board').classList.contains('hide-numbers'));
    assert(await numbers(), 'hex numbers are off by default');
    await page.locator('#map').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('n');
    const box = await page.locator('svg.board').getAttribute('viewBox');
    assert(!(await numbers()), 'N turns the numbers off');
    await page.reload();
    await page.locator('.counter').first().waitFor();
    assert((await page.locator('svg.board').getAttribute('viewBox')) === box, 'the zoom is lost on reload');
    assert(!(await numbers()), 'the hex-number choice is lost on reload');
  });

  await test('stored games: plain labels, no watch link for two seats, resume by link', async () => {
    const vs = await api.create({ ...sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')]), mode: 'computer', human: 'confederate' });
    const two = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')], { mode: 'two-seat' }));
    const listed = (await (await fetch(base + '/api/games')).json()).games;
    assert(!listed.find((g) => g.id === two.id).watch, 'the public list gives a two-seat game a watch link');
    const page = await blank();
    await page.goto(base + '/');
    await page.evaluate(() => localStorage.clear());  // another browser
    await page.reload();
    const row = page.locator(`tr[data-game="${vs.id}"]`);
    await row.waitFor();
    const players = await row.locator('td.players').textContent();
    assert(players.includes('Confederate') && players.includes('computer') && !players.includes('computer (computer'), `players: ${players}`);
    assert((await page.locator(`tr[data-game="${two.id}"] a`, { hasText: 'watch' }).count()) === 0, 'a watch link for a two-seat game');
    await page.locator('#resume-link').fill(base + two.seats.confederate.url);
    await page.locator('#btn-resume').click();
    await page.locator('.counter[data-unit="K"]').waitFor();
    assert((await page.locator('#title').textContent()).includes('Confederate'), 'resumed as the Confederate');
    await page.goto(base + '/');
    await page.locator(`tr[data-game="${two.id}"] a`, { hasText: 'resume as confederate' }).waitFor();
  });

  await test('stacks: a badge, the list, the lower counter clickable', async () => {
    const c = await api.create(sandbox([unit('A1', 'union', 4, '0505'), unit('A2', 'union', 3, '0505'), unit('K', 'confederate', 4, '0909')]));
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator('.stack-badge[data-hex="0505"]').textContent()).trim() === '2', 'a badge counts the stack');
    await page.locator('.counter[data-unit="A1"]').click();  // the lower counter, by a plain click
    await page.locator('.prompts', { hasText: 'A1 selected' }).waitFor();
    const list = page.locator('#stack li');
    assert((await list.count()) === 2, 'the stack is listed');
    await page.locator('#stack [data-pick="A2"]').click();
    await page.locator('.prompts', { hasText: 'A2 selected' }).waitFor();
  });

  await test('a phone (390 x 844): map first, the header fits, touch selects, pinch zooms', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0505'), unit('K', 'confederate', 4, '0909')]));
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(base + c.seats.hotseat.url);
      await page.locator('.counter[data-unit="U"]').waitFor();
      const box = (sel) => page.locator(sel).evaluate((e) => e.getBoundingClientRect().toJSON());
      assert((await page.evaluate(() => document.body.scrollWidth)) <= 390, 'the page is wider than the phone');
      const map = await box('#map');
      const side = await box('#side');
      assert(map.width >= 380 && map.height >= 300, `the map gets ${map.width} x ${map.height}`);
      assert(map.bottom <= side.top + 1, 'the map comes first, the panel under it');
      for (const sel of ['#title', '#phase', '#btn-end', '#btn-undo', '#btn-numbers', '#btn-zoom-in', '#btn-zoom-out', '#btn-panel']) {
        const b = await box(sel);
        assert(b.width > 0 && b.left >= 0 && b.right <= 390 && b.bottom <= map.top + 1, `${sel} is off-screen: ${JSON.stringify(b)}`);
      }
      const u = await box('.counter[data-unit="U"]');
      await page.touchscreen.tap(u.x + u.width / 2, u.y + u.height / 2);
      await page.locator('.counter.selected[data-unit="U"]').waitFor();
      await page.locator('.shade.reach').first().waitFor();
      const now = await box('.prompts');
      assert(now.top >= side.top - 1 && now.top < 844, 'what to do now is in view');
      // Two fingers spread apart: the map zooms in.
      const width = async () => Number((await page.locator('svg.board').getAttribute('viewBox')).split(' ')[2]);
      const before = await width();
      const cdp = await ctx.newCDPSession(page);
      const cx = map.x + map.width / 2, cy = map.y + map.height / 2;
      const fingers = (d) => [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
      for (const d of [40, 60, 80, 100]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const after = await width();
      assert(after < before * 0.6, `a pinch zooms: ${before} -> ${after}`);
      await page.locator('#btn-panel').tap();
      assert((await box('#side')).height > side.height * 1.5, 'Panel opens the sheet further');
      await shot(page, 'phone.png');
    } finally {
      await browser.close();
    }
  });

  await test('an action with an irreversible consequence the title declares is confirmed first, then logged', async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', seed: 3 }, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    const v = await api.view(c.id, t);
    const zone = v.ui.zones.find((z) => z.style === 'trigger' && z.consequence && z.active);
    assert(zone, 'the title declares a trigger zone with its consequence');
    // A unit of the zone's side that may enter the zone now, and a hex of it.
    let pick = null;
    for (const u of v.state.units.filter((x) => x.side === zone.side && x.status === 'off-map' && x.arrival === 1)) {
      const r = await api.reach(c.id, t, u.id);
      const hex = Object.keys(r.entries?.[0]?.hexes ?? {}).find((x) => zone.hexes.includes(x));
      if (hex) {
        pick = { unit: u.id, hex };
        break;
      }
    }
    assert(pick, 'no unit reaches the zone');
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator(`.zone[data-zone="${zone.name}"] polygon`).count()) === zone.hexes.length, 'the zone is drawn');
    const go = async () => {
      await page.locator(`[data-enter="${pick.unit}"]`).click();
      await page.locator('.shade.entry').first().waitFor();
      await page.locator('#hex-input').fill(pick.hex);
      await page.locator('#hex-input').press('Enter');
      await page.locator('#confirm .card').waitFor();
      assert((await page.locator('#confirm').textContent()).includes(zone.consequence), 'the dialog says what it sets off');
    };
    await go();
    await shot(page, 'confirm-consequence.png');
    await page.locator('#btn-cancel').click();
    await page.locator('#notice', { hasText: 'Not sent' }).waitFor();
    assert(!(await api.view(c.id, t)).log.some((i) => i.action.unit === pick.unit), 'a cancelled action was sent');
    // A fresh page: the cancelled move's entry shading is still drawn, and
    // under load go() would find it before the new selection's reach arrives.
    await page.reload();
    await page.locator('.counter').first().waitFor();
    await go();
    await page.locator('#btn-confirm').click();
    await page.locator('#log li', { hasText: 'set off' }).waitFor();
    const after = await api.view(c.id, t);
    const item = after.log.at(-1);
    assert(item.action.unit === pick.unit && item.triggered?.[0]?.zone === zone.name, `the log notes it: ${JSON.stringify(item)}`);
    assert(!after.ui.zones.find((z) => z.name === zone.name).active, 'the zone is set off');
  });
}

// Answers every pending decision through the API with its first choice (a
// retreat to its first hex, no advance, the first units of an exchange).
async function answerAll(api, c) {
  for (let i = 0; i < 10; i++) {
    const seat = Object.keys(c.seats).find((s) => s !== 'spectator');
    const v = await api.view(c.id, c.seats[seat].token);
    const p = v.state.pending[0];
    if (!p) return;
    const token = c.seats[p.side]?.token ?? c.seats.hotseat.token;
    const action = p.kind === 'retreat' ? { kind: 'retreat', unit: p.unit, hex: p.options[0]?.hex ?? null, displace: p.options[0]?.displace[0] ?? null }
      : p.kind === 'advance' ? { kind: 'advance', unit: null, hex: null }
      : p.kind === 'lose' ? { kind: 'lose', units: p.units }
      : { kind: 'evade', unit: p.unit, path: [] };
    await api.act(c.id, token, action);
  }
}
