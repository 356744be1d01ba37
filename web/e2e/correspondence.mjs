// End-to-end tests of correspondence play in the page (the server's
// side is docs/server.md, "Correspondence play"): the stored-games list asks
// the server whose turn it is with this browser's seat tokens and puts the
// games waiting for it first, and a side's page of a two-seat game registers
// or clears its "your turn" address, the server's refusal shown.
import { createHash } from 'node:crypto';
import { apiClient, sandbox } from './table.mjs';
import { DESKTOP, pageKit } from './pages.mjs';

const unit = (id, side, strength, hex) => [id, side, 'inf', strength, hex];
const units = () => [unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')];

export async function correspondenceTests({ test: run, assert, base, context, shot, phone, timeout }) {
  const api = apiClient(base);
  const { test, blank, open } = pageKit({ test: run, shot, base, context, timeout });
  const desktop = () => blank(DESKTOP);
  // The sides' moves through the API until `side` is to act.
  const playUntil = async (id, token, side) => {
    for (let i = 0; i < 6 && (await api.view(id, token)).state.to_act !== side; i++) await api.act(id, token, { kind: 'end' });
    assert((await api.view(id, token)).state.to_act === side, `${side} is not to act`);
  };
  // This browser holds the given seats (as if it had opened their links).
  const holdSeats = (page, seats) =>
    page.evaluate((s) => localStorage.setItem('bluegray.seats', JSON.stringify(s)), seats);

  await test('correspondence: the stored games say "your turn" for the seats this browser holds, those first', async () => {
    const waiting = await api.create(sandbox(units(), { mode: 'two-seat' }));   // the Union is to act
    const other = await api.create(sandbox(units(), { mode: 'two-seat' }));     // newer: listed first by the server
    assert((await api.view(waiting.id, waiting.seats.union.token)).state.to_act === 'union', 'the Union acts first');
    const page = await desktop();
    const sent = [];
    page.on('request', (r) => { if (r.url().endsWith('/api/games')) sent.push(r.headers()['x-bluegray-token'] ?? ''); });
    await page.goto(base + '/');
    await holdSeats(page, {
      [waiting.id]: { union: waiting.seats.union.token },
      [other.id]: { confederate: other.seats.confederate.token, spectator: other.seats.spectator.token },
      bogus: { union: 'not-a-token' },  // a damaged entry is not sent (the server would refuse the list)
    });
    await page.reload();
    const row = (g) => page.locator(`tr[data-game="${g.id}"]`);
    await row(waiting).waitFor();
    const tokens = sent.at(-1).split(',');
    assert(tokens.length === 2 && tokens.includes(waiting.seats.union.token) && tokens.includes(other.seats.confederate.token),
      `the list asks with the sides' tokens only: ${sent.at(-1)}`);
    assert((await row(waiting).locator('.your-turn').textContent()) === 'your turn', 'the waiting game has no badge');
    assert((await row(other).locator('.your-turn').count()) === 0, "the opponent's turn is marked as ours");
    const order = await page.locator('tr[data-game]').evaluateAll((rows) => rows.map((r) => r.dataset.game));
    assert(order.indexOf(waiting.id) < order.indexOf(other.id), `the waiting game is not first: ${order}`);
    await shot(page, 'your-turn.png');
    // The Union hands the other game over: both wait for this browser now.
    await playUntil(other.id, other.seats.union.token, 'confederate');
    await page.reload();
    await row(other).locator('.your-turn').waitFor();
    // On a phone the badge is on the screen.
    const { browser, ctx } = await phone();
    try {
      const p = await ctx.newPage();
      p.setDefaultTimeout(timeout);
      await p.goto(base + '/');
      await holdSeats(p, { [waiting.id]: { union: waiting.seats.union.token } });
      await p.reload();
      const badge = p.locator(`tr[data-game="${waiting.id}"] .your-turn`);
      await badge.waitFor();
      const b = await badge.evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(b.width > 0 && b.left >= 0 && b.right <= 390, `the badge is off-screen on a phone: ${JSON.stringify(b)}`);
    } finally {
      await browser.close();
    }
  });

  await test('correspondence: a side registers and clears its "your turn" address; a refused address is said', async () => {
    const c = await api.create(sandbox(units(), { mode: 'two-seat' }));
    const t = c.seats.confederate.token;
    const stored = async () => (await (await fetch(`${base}/api/games/${c.id}/notify`, { headers: { 'X-Bluegray-Token': t } })).json()).email;
    const page = await desktop();
    await page.goto(base + c.seats.confederate.url);
    await page.locator('.counter').first().waitFor();
    const email = page.locator('#notify-email');
    await email.waitFor();
    await email.fill('grey at example');
    await page.locator('#btn-notify').click();
    await page.locator('#notify-error', { hasText: 'Refused' }).waitFor();
    assert((await stored()) === null, 'a refused address is stored');
    assert((await email.inputValue()) === 'grey at example', 'what was typed is gone after a refusal');
    await email.fill('grey@example.org');
    await page.locator('#btn-notify').click();
    await page.locator('#notify-now', { hasText: 'grey@example.org' }).waitFor();
    assert((await stored()) === 'grey@example.org', 'the address is not stored');
    assert((await page.locator('#notify-error').textContent()) === '', 'the old refusal stays');
    // A move of the opponent redraws the panel; the address is still there.
    await api.act(c.id, c.seats.union.token, { kind: 'end' });
    await page.waitForFunction((v) => Number(document.body.dataset.version) >= v, (await api.view(c.id, t)).version);
    await page.locator('#notify-now', { hasText: 'grey@example.org' }).waitFor();
    await page.reload();
    await page.locator('#notify-now', { hasText: 'grey@example.org' }).waitFor();
    await page.locator('#btn-notify-clear').click();
    await page.locator('#notify-said', { hasText: 'Cleared' }).waitFor();
    assert((await stored()) === null, 'the address is not cleared');
    // No other seat is offered the form (the server refuses them).
    const hot = await api.create(sandbox(units()));
    await page.goto(base + hot.seats.hotseat.url);
    await page.locator('.counter').first().waitFor();
    assert((await page.locator('#notify').count()) === 0, 'a hot-seat game offers the mail form');
    await page.goto(base + c.seats.spectator.url);
    await page.locator('.counter').first().waitFor();
    assert((await page.locator('#notify').count()) === 0, 'the spectator is offered the mail form');
  });

  // Remote players cannot see each other's dice ("Fair dice"): each
  // side's page shows the server's commitment, adds its own random value, and
  // once both ask, the seed revealed is the one committed to.
  await test('fair dice: each side\'s page shows the commitment, adds its own value, and the revealed seed hashes to it', async () => {
    const c = await api.create({ ...sandbox(units(), { mode: 'two-seat' }), fair_dice: true });
    const committed = (await api.view(c.id, c.seats.union.token)).fair_dice.commitment;
    assert(/^[0-9a-f]{64}$/.test(committed), `commitment: ${committed}`);
    const pages = {};
    for (const side of ['union', 'confederate']) {
      const page = await open(c.seats[side].url, DESKTOP);
      const shown = await page.locator('#fair-commitment code').getAttribute('title');
      assert(shown === committed, `${side}'s page shows ${shown}, the server committed to ${committed}`);
      await page.locator('#fair-dice', { hasText: 'is the one the server lists for you' }).waitFor();
      pages[side] = page;
    }
    const listed = (await api.view(c.id, c.seats.union.token)).fair_dice.contributions;
    assert(listed.union && listed.confederate && listed.union !== listed.confederate, `contributions: ${JSON.stringify(listed)}`);
    await pages.union.locator('#btn-reveal').click();
    await pages.union.locator('#btn-reveal:disabled').waitFor();
    await pages.confederate.locator('#fair-dice', { hasText: 'Your opponent has asked' }).waitFor();
    await pages.confederate.locator('#btn-reveal').click();
    // The page shows the seed once the server has answered the click; only
    // then is it revealed to every reader (asked earlier, under load, the
    // server had not yet had the request and answered null).
    const shown = await pages.confederate.waitForFunction(() => document.querySelector('#fair-seed code')?.getAttribute('title'));
    const seed = (await api.view(c.id, c.seats.union.token)).fair_dice.seed;
    assert((await shown.jsonValue()) === seed, `the page shows the seed ${await shown.jsonValue()}, the server revealed ${seed}`);
    const hashed = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    assert(hashed === committed, `SHA-256 of the revealed seed ${seed} is ${hashed}, not the commitment ${committed}`);
  });
}
