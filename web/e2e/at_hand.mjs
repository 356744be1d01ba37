// End-to-end tests of what a player keeps at hand at the table:
// the charts, with the planned attack's column marked. Each test makes its
// own game through the API and opens its own page, as table.mjs does.
import { apiClient, sandbox } from './table.mjs';
import { axeViolations, DESKTOP, pageKit } from './pages.mjs';

const unit = (id, side, strength, hex, more) => [id, side, 'inf', strength, hex, more];

export async function atHandTests({ test: run, assert, base, context, shot, phone, timeout }) {
  const api = apiClient(base);
  const kit = pageKit({ test: run, shot, base, context, timeout });
  const { test } = kit;
  const open = (url) => kit.open(url, DESKTOP);
  const charts = async (id) => (await fetch(`${base}/api/games/${id}/charts`)).json();

  // A combat phase with one attack to plan: U (6) next to K (2) in rough.
  const combatGame = async (edition) => {
    const body = sandbox([unit('U', 'union', 6, '0505'), unit('K', 'confederate', 2, '0506')], { edition });
    const c = await api.create(body);
    await api.act(c.id, c.seats.hotseat.token, { kind: 'end' });
    return c;
  };

  for (const edition of ['spi1977', 'dg2016']) {
    await test(`charts at hand: the engine's CRT with the previewed column marked, and its TEC (${edition})`, async () => {
      const c = await combatGame(edition);
      const served = await charts(c.id);
      assert(served.ok && served.edition === edition, `the server's charts: ${JSON.stringify(served).slice(0, 200)}`);
      const page = await open(c.seats.hotseat.url);
      await page.locator('#phase', { hasText: 'combat' }).waitFor();
      await page.locator('.counter[data-unit="U"]').click();
      await page.locator('.counter[data-unit="K"]').click();
      await page.locator('#preview').waitFor();
      const odds = await page.locator('#odds').textContent();
      await page.locator('#map').focus();
      await page.keyboard.press('c');
      await page.locator('#crt-chart').waitFor();
      // The table drawn is the engine's, cell by cell.
      const cells = await page.locator('#crt-chart tr').evaluateAll((rows) => rows.slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
      assert(JSON.stringify(cells) === JSON.stringify(served.crt.rows.map((r) => r.results)), `CRT drawn ${JSON.stringify(cells)}`);
      assert((await page.locator('#charts-title').textContent()).includes(edition), 'the charts name the edition');
      assert((await page.locator('#charts').textContent()).includes(`(${served.crt.rule})`), 'the CRT cites its case');
      // The planned attack's column, and only it, is marked.
      const marked = await page.locator('#crt-chart th.now').allTextContents();
      assert(JSON.stringify(marked) === JSON.stringify([odds]), `marked ${marked}, odds ${odds}`);
      assert((await page.locator(`#crt-chart td.now[data-column="${odds}"]`).count()) === 6, 'the six cells of the column are marked');
      // The TEC: a row per terrain, a column per crossing, the engine's costs.
      const tec = await page.locator('#tec-chart tr[data-terrain]').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
      assert(tec.length === served.tec.terrain.length, `${tec.length} TEC rows`);
      served.tec.terrain.forEach((row, i) => row.mp.forEach((mp, k) => assert(tec[i][k] === (mp === null ? 'P' : String(mp)), `${row.terrain} across ${served.tec.crossings[k]}: ${tec[i][k]} drawn, ${mp} served`)));
      assert((await page.locator('#tec-hexsides tr[data-hexside]').count()) === served.tec.hexsides.length, 'a row per hexside');
      if (edition === 'spi1977') await shot(page, 'charts.png');
      await page.keyboard.press('Escape');
      await page.locator('#charts').waitFor({ state: 'hidden' });
      // The preview's "table" button opens the same charts.
      await page.locator('#btn-preview-crt').click();
      await page.locator('#crt-chart th.now').waitFor();
      await page.locator('#btn-close-charts').click();
      await page.locator('#charts').waitFor({ state: 'hidden' });
    });
  }

  await test("charts at hand: the TEC lists the title's own terrain, Four Roads' pontoons, fords and forts (C; desktop and phone)", async () => {
    const c = await api.create({ new: { title: 'four-roads' }, mode: 'hotseat' });
    const served = (await charts(c.id)).tec.features;
    for (const f of ['pontoon bridge', 'ford', 'fort'])
      assert(served.some((x) => x.feature === f), `the server's Four Roads chart lacks ${f}: ${JSON.stringify(served)}`);
    const page = await open(c.seats.hotseat.url);
    await page.locator('#map').focus();
    await page.keyboard.press('c');
    const table = page.locator('#tec-features');
    await table.waitFor();
    const rows = await table.locator('tr[data-feature]').evaluateAll((trs) => trs.map((tr) => ({
      feature: tr.getAttribute('data-feature'), mp: tr.querySelector('td.mp').textContent, defence: tr.querySelector('td.defence').textContent,
      text: tr.textContent,
    })));
    assert(rows.length === served.length, `${rows.length} rows drawn, ${served.length} served`);
    served.forEach((f, i) => {
      const r = rows[i];
      assert(r.feature === f.feature, `row ${i}: ${r.feature}`);
      assert(r.mp === (f.mp === null ? 'as its terrain' : `${f.mp} MP`), `${f.feature}: ${r.mp} drawn, ${f.mp} served`);
      assert(f.defence === 1 ? r.defence.startsWith('\u2014') : r.defence.startsWith(`\u00d7${f.defence}`), `${f.feature}'s defender: ${r.defence}`);
      assert(r.text.includes(f.rule), `${f.feature} cites ${f.rule}`);
    });
    const byName = Object.fromEntries(rows.map((r) => [r.feature, r]));
    assert(byName['pontoon bridge'].mp === '1 MP' && byName.ford.mp === '2 MP', 'pontoon 1 MP, ford 2 MP (R-FR-PONTOON, R-FR-FORD)');
    assert(byName.fort.defence.includes('\u00d72') && byName.fort.defence.includes('\u00d73 with rough'), `a fort: ${byName.fort.defence} (FR 6)`);
    await table.scrollIntoViewIfNeeded();
    await shot(page, 'four-roads-tec.png');
    await page.keyboard.press('Escape');
    // Road to Richmond declares none of them: no such table.
    const rtr = await api.create({ new: { title: 'road-to-richmond', seed: 3 }, mode: 'hotseat' });
    assert((await charts(rtr.id)).tec.features.length === 0, 'Road to Richmond serves features');
    const p2 = await open(rtr.seats.hotseat.url);
    await p2.locator('#map').focus();
    await p2.keyboard.press('c');
    await p2.locator('#tec-chart').waitFor();
    assert((await p2.locator('#tec-features').count()) === 0, 'Road to Richmond shows a features table');
    // A phone: the table scrolls inside the dialog, the page no wider than the screen.
    const { browser, ctx } = await phone();
    try {
      const ph = await ctx.newPage();
      ph.setDefaultTimeout(timeout);
      await ph.goto(base + c.seats.hotseat.url);
      await ph.locator('.counter').first().waitFor();
      await ph.locator('#btn-charts').tap();
      await ph.locator('#tec-features tr[data-feature="fort"]').scrollIntoViewIfNeeded();
      assert((await ph.evaluate(() => document.body.scrollWidth)) <= 390, 'the page is wider than the phone');
      const card = await ph.locator('.charts-card').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(card.left >= 0 && card.right <= 390, `the charts card: ${JSON.stringify(card)}`);
    } finally {
      await browser.close();
    }
  });

  await test("a refusal's rule is one click away: its case, and the chart when it is one", async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('V', 'union', 4, '0404'), unit('K', 'confederate', 2, '0909')]));
    await api.act(c.id, c.seats.hotseat.token, { kind: 'move', unit: 'V', path: ['0405'] });
    const page = await open(c.seats.hotseat.url);
    await page.locator('.counter[data-unit="V"]').click();
    const button = page.locator('#notice #btn-rule');
    await button.waitFor();
    const rule = await button.getAttribute('data-rule');
    assert((await page.locator('#notice').textContent()).includes(`(rule ${rule})`), 'the button is the refusal\'s own case');
    await button.click();
    await page.locator('#rule-note').waitFor();
    const note = await page.locator('#rule-note').textContent();
    assert(note.includes(`Case ${rule}`) && note.includes('rules-coverage'), `the note: ${note}`);
    await page.keyboard.press('Escape');
    // An attack across a creek: refused under the Terrain Effects Chart's case.
    const body = sandbox([unit('U', 'union', 4, '0505'), unit('K', 'confederate', 2, '0506')]);
    body.setup.unshift({ kind: 'hexside', a: '0505', b: '0506', features: ['creek'] });
    const g = await api.create(body);
    await api.act(g.id, g.seats.hotseat.token, { kind: 'end' });
    const tec = (await charts(g.id)).tec;
    const p2 = await open(g.seats.hotseat.url);
    await p2.locator('#phase', { hasText: 'combat' }).waitFor();
    await p2.locator('.counter[data-unit="U"]').click();
    await p2.locator('.counter[data-unit="K"]').click();
    await p2.locator('#preview-error #btn-rule').click();
    await p2.locator('#rule-note', { hasText: 'Terrain Effects Chart' }).waitFor();
    assert([tec.movement_rule, tec.combat_rule].includes(await p2.locator('#preview-error #btn-rule').getAttribute('data-rule')), 'the case is the TEC\'s');
  });

  await test('charts at hand on a phone (390 x 844): the Charts button fits and the dialog scrolls inside the screen', async () => {
    const c = await combatGame('spi1977');
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(base + c.seats.hotseat.url);
      await page.locator('.counter[data-unit="U"]').waitFor();
      const b = await page.locator('#btn-charts').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(b.width > 0 && b.left >= 0 && b.right <= 390, `the Charts button is off-screen: ${JSON.stringify(b)}`);
      await page.locator('#btn-charts').tap();
      await page.locator('#crt-chart').waitFor();
      const card = await page.locator('.charts-card').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(card.left >= 0 && card.right <= 390 && card.bottom <= 844, `the charts card: ${JSON.stringify(card)}`);
      assert((await page.evaluate(() => document.body.scrollWidth)) <= 390, 'the page is wider than the phone');
      await shot(page, 'phone-charts.png');
      await page.locator('#btn-close-charts').tap();
      await page.locator('#charts').waitFor({ state: 'hidden' });
    } finally {
      await browser.close();
    }
  });


  await test('overlays on demand: Zones of Control, a battery\'s range and Line of Sight, from the engine (Z, R)', async () => {
    const body = sandbox([
      ['G', 'union', 'art', 4, '0505'], unit('I', 'union', 4, '0202'),
      unit('K', 'confederate', 2, '0502'), unit('L', 'confederate', 2, '0808'),
    ]);
    body.setup.unshift({ kind: 'terrain', hex: '0503', terrain: 'forest' });
    const c = await api.create(body);
    const t = c.seats.hotseat.token;
    const get = async (u) => (await fetch(`${base}/api/games/${c.id}/overlays${u ? `?unit=${u}` : ''}`, { headers: { 'X-Bluegray-Token': t } })).json();
    const served = await get('G');
    const page = await open(c.seats.hotseat.url);
    const drawn = (sel) => page.locator(sel).evaluateAll((els) => els.map((e) => e.getAttribute('data-hex')).sort());
    const same = (a, b) => JSON.stringify(a) === JSON.stringify([...b].sort());
    await page.locator('#map').focus();
    await page.keyboard.press('z');
    await page.locator('.ov-zoc.union polygon').first().waitFor();
    assert(same(await drawn('.ov-zoc.union polygon'), served.zoc.union), 'the Union ZOC drawn is the engine\'s');
    assert(same(await drawn('.ov-zoc.confederate polygon'), served.zoc.confederate), 'the Confederate ZOC drawn is the engine\'s');
    assert((await page.locator('[data-overlay="zoc"]').first().getAttribute('aria-pressed')) === 'true', 'the ZOC button is pressed');
    await page.keyboard.press('z');
    await page.locator('.ov-zoc').first().waitFor({ state: 'detached' });
    // The battery: select it, then R.
    await page.locator('.counter[data-unit="G"]').click();
    await page.locator('.prompts', { hasText: 'G selected' }).waitFor();
    await page.keyboard.press('r');
    await page.locator('.ov-sight polygon').first().waitFor();
    assert(same(await drawn('.ov-sight polygon'), served.artillery.in_sight), 'in sight as the engine says');
    const blind = served.artillery.in_range.filter((x) => !served.artillery.in_sight.includes(x));
    assert(blind.includes('0502'), 'the forest hides 0502');
    assert(same(await drawn('.ov-range polygon'), blind), 'in range, out of sight, as the engine says');
    await page.locator('#range-words', { hasText: 'Line of Sight' }).waitFor();
    await shot(page, 'overlays.png');
    // Kept over a reload.
    await page.reload();
    await page.locator('.counter').first().waitFor();
    assert((await page.locator('[data-overlay="artillery"]').first().getAttribute('aria-pressed')) === 'true', 'the Range overlay is kept on reload');
    // The bar's buttons do what the keys do.
    await page.locator('#overlay-bar [data-overlay="zoc"]').click();
    await page.locator('.ov-zoc.union polygon').first().waitFor();
  });

  await test("overlays on demand: every zone the title declares, those not in force too (T)", async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', seed: 5 }, mode: 'hotseat' });
    const v = await api.view(c.id, c.seats.hotseat.token);
    const page = await open(c.seats.hotseat.url);
    const count = () => page.locator('.zone').count();
    assert((await count()) === v.ui.zones.filter((z) => z.active).length, 'only the zones in force by default');
    await page.locator('#map').focus();
    await page.keyboard.press('t');
    await page.waitForFunction((n) => document.querySelectorAll('.zone').length === n, v.ui.zones.length);
    for (const z of v.ui.zones)
      assert((await page.locator(`.zone[data-zone="${z.name}"] polygon`).count()) === z.hexes.length, `${z.name} drawn whole`);
    assert((await page.locator('.zone.zone-inactive').count()) === v.ui.zones.filter((z) => !z.active).length, 'the zones not in force are marked so');
    await page.keyboard.press('t');
    await page.waitForFunction((n) => document.querySelectorAll('.zone').length === n, v.ui.zones.filter((z) => z.active).length);
  });

  await test("overlays on demand: the title's lines of communication as its rules trace them (L)", async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', seed: 5 }, mode: 'hotseat' });
    const v = await api.view(c.id, c.seats.hotseat.token);
    assert(v.ui.lines.length === 2, `the title declares ${v.ui.lines.length} lines`);
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator('.ov-line').count()) === 0, 'no line before it is asked for');
    await page.locator('#map').focus();
    await page.keyboard.press('l');
    await page.locator('#lines-words').waitFor();
    for (const l of v.ui.lines) {
      const drawn = page.locator(`.ov-line[data-line="${l.name}"] polyline`);
      assert((await drawn.count()) === (l.traced ? 1 : 0), `${l.name}: drawn only when traced`);
      if (l.traced) assert((await drawn.getAttribute('data-hexes')) === l.hexes.join(','), `${l.name} follows the title's path`);
      assert((await page.locator(`#lines-words [data-line="${l.name}"]`).getAttribute('data-traced')) === String(l.traced), `${l.name} in words`);
    }
    await shot(page, 'overlay-lines.png');
    await page.keyboard.press('l');
    await page.locator('.ov-line').first().waitFor({ state: 'detached' });
  });

  await test('overlays on a phone (390 x 844): the bar fits and a tap toggles', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0505'), unit('K', 'confederate', 4, '0909')]));
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(base + c.seats.hotseat.url);
      await page.locator('.counter[data-unit="U"]').waitFor();
      const bar = await page.locator('#overlay-bar').evaluate((e) => e.getBoundingClientRect().toJSON());
      const map = await page.locator('#map').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(bar.left >= 0 && bar.right <= 390 && bar.top >= map.top - 1, `the overlay bar: ${JSON.stringify(bar)}`);
      await page.locator('#overlay-bar [data-overlay="zoc"]').tap();
      await page.locator('.ov-zoc.union polygon').first().waitFor();
    } finally {
      await browser.close();
    }
  });

  await test('accessibility: axe-core finds no serious or critical violation on the desktop pages', async () => {
    const page = await kit.blank(DESKTOP);
    await page.goto(base + '/');
    await page.locator('#btn-start:enabled').waitFor();
    const found = { front: await axeViolations(page) };
    const c = await combatGame('spi1977');
    const game = await open(c.seats.hotseat.url);
    await game.locator('#phase', { hasText: 'combat' }).waitFor();
    await game.locator('.counter[data-unit="U"]').click();
    await game.locator('.counter[data-unit="K"]').click();
    await game.locator('#preview').waitFor();
    found.game = await axeViolations(game);
    await game.keyboard.press('c');
    await game.locator('#crt-chart').waitFor();
    found.charts = await axeViolations(game);
    const bad = Object.entries(found).filter(([, v]) => v.length);
    assert(!bad.length, `violations: ${JSON.stringify(bad, null, 1)}`);
  });

  await test('accessibility: axe-core finds no serious or critical violation on the phone page', async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', seed: 3 }, mode: 'hotseat' });
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(base + c.seats.hotseat.url);
      await page.locator('.counter').first().waitFor();
      const found = await axeViolations(page);
      assert(!found.length, `violations: ${JSON.stringify(found, null, 1)}`);
    } finally {
      await browser.close();
    }
  });

  await test('accessibility: a turn played by the keyboard alone, each event read out (aria-live)', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 6, '0505'), unit('V', 'union', 4, '0202'), unit('K', 'confederate', 2, '0507')]));
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator('#announce[aria-live]').count()) === 1, 'a live region');
    assert((await page.locator('#board-words').textContent()).includes('U (infantry 6) in 0505'), 'the board in words');
    await page.locator('#map').focus();
    // Tab from the map: the next unit that may move; G and a hex: the move.
    await page.keyboard.press('Tab');
    await page.locator('.shade.reach').first().waitFor();
    const mover = await page.locator('.counter.selected').first().getAttribute('data-unit');
    const to = mover === 'U' ? '0506' : '0203';
    await page.keyboard.press('g');
    await page.keyboard.type(to);
    await page.keyboard.press('Enter');
    await page.locator('#announce p', { hasText: `${mover} moves to ${to}` }).waitFor();
    // E ends the phase: the new phase is read out.
    await page.locator('#map').focus();
    await page.keyboard.press('e');
    await page.locator('#announce p', { hasText: 'combat phase' }).waitFor();
    // Charts by C, closed by Esc; the overlay toggles by their keys.
    await page.keyboard.press('c');
    await page.locator('#crt-chart').waitFor();
    assert(await page.evaluate(() => document.activeElement?.id === 'btn-close-charts'), 'the dialog takes the focus');
    await page.keyboard.press('Escape');
    await page.locator('#charts').waitFor({ state: 'hidden' });
    // An attack by keys: the attacker's hex and the defender's hex by G.
    if (mover === 'U') {
      for (const hex of ['0506', '0507']) {
        await page.keyboard.press('g');
        await page.keyboard.type(hex);
        await page.keyboard.press('Enter');
      }
      await page.locator('#preview').waitFor();
      await page.locator('#map').focus();
      await page.keyboard.press('a');
      await page.locator('#announce p', { hasText: 'attack' }).waitFor();
    }
    // Tab from the map cycles through the units that may act, then leaves the
    // map for the side panel's controls (no keyboard trap).
    await page.locator('#map').focus();
    let left = false;
    for (let i = 0; i < 10 && !left; i++) {
      await page.keyboard.press('Tab');
      left = await page.evaluate(() => !!document.activeElement?.closest('#side'));
    }
    assert(left, 'Tab never leaves the map');
    // And the header's and the overlay bar's controls are reached by Shift+Tab.
    const seen = new Set();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Shift+Tab');
      seen.add(await page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-overlay') || ''));
    }
    for (const id of ['btn-charts', 'btn-numbers', 'btn-zoom-in', 'zoc', 'artillery', 'zones'])
      assert(seen.has(id), `${id} is not reached by the keyboard: ${[...seen]}`);
  });
}
