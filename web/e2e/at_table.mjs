// End-to-end tests of "what a wargamer expects at the table" (issue 13): the
// unit card, what each counter did this phase marked on it, the reminder of
// reinforcements due, and the end-of-game summary; at desktop (1600 x 1000)
// and phone (390 x 844) sizes. Each test makes its own game through the API.
import { apiClient, sandbox } from './table.mjs';
import { DESKTOP, pageKit } from './pages.mjs';

const unit = (id, side, strength, hex) => [id, side, 'inf', strength, hex];

export async function atTableTests({ test: run, assert, base, context, shot, phone, timeout }) {
  const api = apiClient(base);
  const kit = pageKit({ test: run, shot, base, context, timeout });
  const { test } = kit;
  const open = (url) => kit.open(url, DESKTOP);
  const caughtUp = async (page, id, token) => {
    const v = (await api.view(id, token)).version;
    await page.waitForFunction((x) => Number(document.body.dataset.version) >= x, v);
  };

  await test('a unit card on click; moved and attacked marked on the counters (desktop and phone; issue 13)', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0505'), unit('V', 'union', 6, '0303'), unit('K', 'confederate', 2, '0707')]));
    const t = c.seats.hotseat.token;
    const page = await open(c.seats.hotseat.url);
    await page.locator('.counter[data-unit="U"]').click();
    const card = page.locator('#unit-card');
    await card.locator('h2', { hasText: 'U' }).waitFor();
    const text = await card.textContent();
    assert(/Union/.test(text) && /infantry/.test(text) && /0505/.test(text), `the card: ${text}`);
    assert((await page.locator('#card-strength').textContent()) === '4', 'the card gives the strength');
    assert(/fresh/.test(await page.locator('#card-status').textContent()), 'the card says the unit has not moved');
    const reach = await api.reach(c.id, t, 'U');
    const n = Object.keys(reach.hexes).length;
    await page.locator('#card-reach', { hasText: `${n} hexes` }).waitFor();
    assert((await page.locator('.shade.reach').count()) >= n, 'the card counts more hexes than are shaded');
    assert((await page.locator('.counter[data-unit="U"] .moved-mark').count()) === 0, 'a fresh unit is marked moved');
    // U moves to 0606 (next to K); the counter says so, and the card.
    await page.locator('.shade.reach[data-hex="0606"]').click();
    await page.locator('.counter[data-unit="U"] .moved-mark').waitFor();
    assert((await page.locator('.counter[data-unit="V"] .moved-mark').count()) === 0, 'a unit that did not move is marked');
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('#card-status', { hasText: 'moved' }).waitFor();
    // A phone: the same mark, and the card in the sheet after a tap.
    const { browser, ctx } = await phone();
    try {
      const p = await ctx.newPage();
      p.setDefaultTimeout(timeout);
      await p.goto(base + c.seats.hotseat.url);
      await p.locator('.counter[data-unit="U"] .moved-mark').waitFor();
      await p.locator('.counter[data-unit="V"]').tap();
      await p.locator('#unit-card h2', { hasText: 'V' }).waitFor({ state: 'attached' });
      const b = await p.locator('#unit-card').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(b.left >= 0 && b.right <= 390, `the card is off-screen: ${JSON.stringify(b)}`);
    } finally {
      await browser.close();
    }
    // Its attack, marked too.
    await api.act(c.id, t, { kind: 'end' });
    const r = await api.act(c.id, t, { kind: 'attack', units: ['U'], hexes: ['0707'] });
    assert(r.status === 200, `the attack: ${JSON.stringify(r.json)}`);
    await caughtUp(page, c.id, t);
    await page.locator('.counter[data-unit="U"] .attacked-mark').waitFor();
    await shot(page, 'unit-card.png');
  });

  await test('reinforcements due and not yet entered are recalled in "Now" (desktop and phone; issue 13)', async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', seed: 3 }, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    const v = await api.view(c.id, t);
    const me = v.state.to_act;
    const due = v.state.units.filter((u) => u.side === me && u.status === 'off-map' && u.arrival <= v.state.turn);
    assert(due.length >= 2, 'the scenario has reinforcements due now');
    const page = await open(c.seats.hotseat.url);
    const reminder = page.locator('#due-reminder');
    await reminder.waitFor();
    assert((await reminder.locator('b').count()) === due.length, `the reminder lists ${await reminder.locator('b').count()} of ${due.length}`);
    const first = due[0];
    const r = await api.act(c.id, t, { kind: 'enter', unit: first.id, path: [first.entry[0]] });
    assert(r.status === 200, `${first.id} enters: ${JSON.stringify(r.json)}`);
    await caughtUp(page, c.id, t);
    assert((await reminder.locator('b').count()) === due.length - 1, 'an entered unit is still recalled');
    assert(!(await reminder.textContent()).includes(`${first.id},`), `${first.id} is still listed`);
    const { browser, ctx } = await phone();
    try {
      const p = await ctx.newPage();
      p.setDefaultTimeout(timeout);
      await p.goto(base + c.seats.hotseat.url);
      await p.locator('#due-reminder').waitFor();
      const b = await p.locator('#due-reminder').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(b.left >= 0 && b.right <= 390 && b.top < 844, `the reminder is off-screen on a phone: ${JSON.stringify(b)}`);
    } finally {
      await browser.close();
    }
  });

  await test("hot seat: a hand-over screen, and one side's secret choice hidden from the other (issue 13)", async () => {
    const c = await api.create({ new: { title: 'road-to-richmond', exclusive: 'revised', seed: 3 }, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    const page = await open(c.seats.hotseat.url);
    assert(await page.locator('#handover').isHidden(), 'the player who opened the page is covered');
    const choice = page.locator('select.decision').first();
    await choice.waitFor();
    const chooser = (await api.view(c.id, t)).state.to_act;
    const unit = await choice.getAttribute('data-unit');
    await choice.selectOption('18');
    await page.locator('#log li', { hasText: `${unit}: held for Game-Turn 18` }).waitFor();
    // The chooser ends its player-turn; the other side is to act.
    for (let i = 0; i < 4 && (await api.view(c.id, t)).state.to_act === chooser; i++) {
      const r = await api.act(c.id, t, { kind: 'end' });
      assert(r.status === 200, `end: ${JSON.stringify(r.json)}`);
    }
    const other = (await api.view(c.id, t)).state.to_act;
    assert(other && other !== chooser, 'the turn did not pass');
    await caughtUp(page, c.id, t);
    const cover = page.locator('#handover');
    await cover.waitFor();
    const name = other === 'union' ? 'Union' : 'Confederate';
    assert((await cover.textContent()).includes(`${name} player`), `the cover: ${await cover.textContent()}`);
    await shot(page, 'handover.png');
    await page.locator('#btn-handover').click();
    assert(await cover.isHidden(), 'the cover stays');
    await page.locator('#log li', { hasText: 'secret choice' }).first().waitFor();
    const text = await page.locator('#side').textContent();
    assert(!text.includes('held for Game-Turn 18'), `the ${name} player sees the choice in the log`);
    const row = page.locator('table.rein tr', { hasText: unit }).first();
    if (await row.count()) assert((await row.locator('td').nth(2).textContent()) !== '18', `the ${name} player sees the arrival chosen`);
    assert((await page.locator('select.decision').count()) === 0, `the ${name} player is offered the other side's choice`);
  });

  await test('the end-of-game summary: the winner, the score and what was lost (issue 13)', async () => {
    const c = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 2, '0909')], { turns: 1 }));
    const t = c.seats.hotseat.token;
    for (let i = 0; i < 6 && (await api.view(c.id, t)).state.phase !== 'over'; i++) await api.act(c.id, t, { kind: 'end' });
    const v = await api.view(c.id, t);
    assert(v.state.phase === 'over', 'the game did not end');
    const page = await open(c.seats.hotseat.url);
    const summary = page.locator('#summary');
    await summary.locator('.winner').waitFor();
    const text = await summary.textContent();
    const winner = v.state.victory.winner ? `${v.state.victory.winner === 'union' ? 'Union' : 'Confederate'} victory` : 'A draw';
    assert(text.includes(winner), `the summary: ${text}`);
    assert(text.includes(`Union ${v.state.victory.union} VP`) && text.includes(`Confederate ${v.state.victory.confederate} VP`), `the score: ${text}`);
    assert((await page.locator('#summary-lines tr').count()) === (v.state.victory.lines.length ? v.state.victory.lines.length + 1 : 0), 'the victory lines');
    await page.locator('#btn-close-summary').click();
    assert(await summary.isHidden(), 'the summary does not close');
  });
}
