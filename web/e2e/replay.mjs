// End-to-end tests of the replay and analysis board, game files and the
// computer's turn shown, at desktop (1600 x 1000) and phone
// (390 x 844) sizes. Each test makes its own games through the API and opens
// its own pages. The replay view's screenshot is docs/screenshots/replay.png
// (BLUEGRAY_SCREENSHOTS=../docs/screenshots BLUEGRAY_E2E_ONLY=replay npm test).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, sandbox } from './table.mjs';
import { DESKTOP, pageKit } from './pages.mjs';

const unit = (id, side, strength, hex) => [id, side, 'inf', strength, hex];

export async function replayTests({ test: run, assert, base, context, shot, phone, timeout }) {
  const api = apiClient(base);
  const files = mkdtempSync(join(tmpdir(), 'bluegray-files-'));
  const { test, blank } = pageKit({ test: run, shot, base, context, timeout });
  const desktop = () => blank(DESKTOP);
  const send = async (id, token, action) => {
    const r = await api.act(id, token, action);
    if (r.status !== 200) throw new Error(`${JSON.stringify(action)}: ${r.status} ${JSON.stringify(r.json)}`);
  };
  // A hot-seat sandbox game with a few moves: A 0505 -> 0506, B 0509 -> 0508
  // (the phases between them ended). Returns the game and its set-up's length.
  const played = async () => {
    const c = await api.create(sandbox([unit('A', 'union', 6, '0505'), unit('B', 'confederate', 4, '0509'), unit('K', 'confederate', 4, '0902')]));
    const t = c.seats.hotseat.token;
    const first = (await api.view(c.id, t)).log.length;
    await send(c.id, t, { kind: 'move', unit: 'A', path: ['0506'] });
    await send(c.id, t, { kind: 'end' });
    await send(c.id, t, { kind: 'end' });
    await send(c.id, t, { kind: 'move', unit: 'B', path: ['0508'] });
    return { c, t, first };
  };
  const hexOf = (page, id) => page.locator(`.layer-units [data-unit="${id}"]`).getAttribute('data-hex');
  const at = (page) => page.evaluate(() => Number(document.body.dataset.replayAt));
  const waitAt = (page, n) => page.waitForFunction((x) => Number(document.body.dataset.replayAt) === x, n);

  await test('replay: first, back, forward, last, slider, log and play show the board as it was', async () => {
    const { c, t, first } = await played();
    const total = first + 4;
    const page = await desktop();
    await page.goto(`${base}/g/${c.id}?replay=${first}#${t}`);
    await waitAt(page, first);
    assert((await hexOf(page, 'A')) === '0505', 'A stands where it started');
    await page.locator('#rp-next').click();
    await waitAt(page, first + 1);
    assert((await hexOf(page, 'A')) === '0506', `after the first action A is in ${await hexOf(page, 'A')}`);
    await page.locator('.trail.current[data-unit="A"]').waitFor();
    assert((await page.locator('#rp-current').textContent()).includes('A'), 'the action is described');
    assert((await page.locator('.replay-log li.current').count()) === 1, 'the current entry is marked in the log');
    // A log entry jumps to the position after it.
    await page.locator(`.replay-log [data-at="${total}"]`).click();
    await waitAt(page, total);
    assert((await hexOf(page, 'B')) === '0508', 'B moved in the last action');
    assert((await page.locator('.replay-log h3').count()) >= 3, 'the log is grouped by turn and phase');
    // Keys: Home, Right, End; the slider.
    await page.locator('#map').focus();
    await page.keyboard.press('Home');
    await waitAt(page, first);
    assert((await hexOf(page, 'B')) === '0509' && (await hexOf(page, 'A')) === '0505', 'Home is the start');
    await page.locator('#rp-slider').evaluate((e, v) => {
      e.value = String(v);
      e.dispatchEvent(new Event('input'));
    }, first + 3);
    await waitAt(page, first + 3);
    assert((await hexOf(page, 'A')) === '0506' && (await hexOf(page, 'B')) === '0509', 'the slider jumps');
    await page.locator('#rp-prev').click();
    await waitAt(page, first + 2);
    await page.locator('#rp-last').click();
    await waitAt(page, total);
    await page.locator('#rp-first').click();
    await waitAt(page, first);
    // Play at the fastest speed runs to the end.
    await page.locator('#rp-speed').selectOption('200');
    await page.locator('#rp-play').click();
    await waitAt(page, total);
    assert((await page.locator('#rp-play').textContent()) === 'Play', 'playing stops at the end');
    await page.locator(`.replay-log [data-at="${first + 1}"]`).click();
    await waitAt(page, first + 1);
    await shot(page, 'replay.png');
  });

  await test('replay at phone size (390 x 844): the controls fit and step the board', async () => {
    const { c, t, first } = await played();
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(`${base}/g/${c.id}?replay=${first}#${t}`);
      await waitAt(page, first);
      assert((await page.evaluate(() => document.body.scrollWidth)) <= 390, 'the page is wider than the phone');
      for (const sel of ['#rp-first', '#rp-prev', '#rp-play', '#rp-next', '#rp-last', '#rp-slider']) {
        const b = await page.locator(sel).evaluate((e) => e.getBoundingClientRect().toJSON());
        assert(b.width > 0 && b.left >= 0 && b.right <= 390 && b.bottom <= 844, `${sel} is off-screen: ${JSON.stringify(b)}`);
      }
      const map = await page.locator('#map').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(map.width >= 380 && map.height >= 250, `the map gets ${map.width} x ${map.height}`);
      await page.locator('#rp-next').tap();
      await waitAt(page, first + 1);
      assert((await hexOf(page, 'A')) === '0506', 'a tap steps the board');
      await shot(page, 'replay-phone.png');
    } finally {
      await browser.close();
    }
  });

  await test("a stored game's replay link opens its replay, as the spectator sees it", async () => {
    const { c, first } = await played();
    const page = await desktop();
    await page.goto(base + '/');
    await page.locator(`tr[data-game="${c.id}"] a.replay`).click();
    await waitAt(page, first + 4);
    assert((await hexOf(page, 'B')) === '0508', 'the replay opens at the latest position');
    await page.locator('#rp-first').click();
    await waitAt(page, first);
    assert((await hexOf(page, 'B')) === '0509', 'and steps back to the start');
  });

  await test('what if: a branch from a replayed position is a playable hot-seat game there', async () => {
    const { c, t, first } = await played();
    const page = await desktop();
    await page.goto(`${base}/g/${c.id}?replay=${first + 1}#${t}`);
    await waitAt(page, first + 1);
    await page.locator('#rp-branch').click();
    await page.waitForURL((u) => !u.pathname.endsWith(c.id) && !u.search.includes('replay'));
    await page.locator('.counter[data-unit="A"]').waitFor();
    const url = new URL(page.url());
    const id = url.pathname.split('/').pop();
    const token = url.hash.slice(1);
    const view = await api.view(id, token);
    assert(view.mode === 'hotseat', `the branch is ${view.mode}`);
    assert(view.log.length === first + 1, `the branch holds ${view.log.length} actions`);
    assert(view.state.units.find((u) => u.id === 'A').hex === '0506', 'A is where the replay showed it');
    assert(view.state.phase === 'movement', 'the branch is at the same phase');
    // Playable: end the phase by the page.
    await page.locator('#btn-end').click();
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, view.version);
    assert((await api.view(id, token)).state.phase === 'combat', 'the branch plays on');
    assert((await api.view(c.id, t)).log.length === first + 4, 'the original game is unchanged');
  });

  await test('hint: the computer suggests an action at a replayed position, with its reasons', async () => {
    const { c, t, first } = await played();
    const page = await desktop();
    await page.goto(`${base}/g/${c.id}?replay=${first}#${t}`);
    await waitAt(page, first);
    await page.locator('#rp-hint').click();
    const out = page.locator('#rp-hint-out');
    await out.waitFor();
    const command = (await out.locator('code').textContent()).trim();
    assert(/^(move|end|enter|attack)\b/.test(command), `the hint is ${command}`);
    assert((await out.locator('li').count()) > 0, 'the hint has its reasons');
    assert((await out.textContent()).includes('Union'), 'the hint names the side to act');
    // On the live page: asked by the side to act, and played by a click.
    const c2 = await api.create(sandbox([unit('A', 'union', 6, '0505'), unit('B', 'confederate', 4, '0509')]));
    await page.goto(base + c2.seats.hotseat.url);
    await page.locator('.counter').first().waitFor();
    await page.locator('#btn-hint').click();
    await page.locator('#hint-out code').waitFor();
    assert((await page.locator('#hint-out li').count()) > 0, 'the live hint has its reasons');
    const before = await page.evaluate(() => Number(document.body.dataset.version));
    await page.locator('#btn-play-hint').click();
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, before);
    assert((await api.view(c2.id, c2.seats.hotseat.token)).log.length > 2, 'the hint was played');
  });

  await test('game files: a save exported and imported is the same position; a damaged file is refused with the reason', async () => {
    const { c, t } = await played();
    const page = await desktop();
    await page.goto(`${base}${c.seats.hotseat.url}`);
    await page.locator('.counter').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#btn-save-file').click()]);
    const path = join(files, 'game.json');
    await download.saveAs(path);
    const save = JSON.parse(readFileSync(path, 'utf8'));
    assert(save.format === 'bluegray-save', 'the download is a bluegray save file');
    // Import it from the front page.
    await page.goto(base + '/');
    await page.locator('#import-file').setInputFiles(path);
    await page.locator('#btn-import').click();
    await page.waitForURL((u) => u.pathname.startsWith('/g/') && !u.pathname.endsWith(c.id));
    await page.locator('.counter').first().waitFor();
    const url = new URL(page.url());
    const copy = await api.view(url.pathname.split('/').pop(), url.hash.slice(1));
    const original = await api.view(c.id, t);
    assert(JSON.stringify(copy.state) === JSON.stringify(original.state), 'the imported game is at another position');
    assert(copy.log.length === original.log.length, 'the imported log differs');
    // Damaged: the snapshot no longer matches; not JSON at all.
    const refused = async (name, text, why) => {
      const p = join(files, name);
      writeFileSync(p, text);
      await page.goto(base + '/');
      await page.locator('#import-file').setInputFiles(p);
      await page.locator('#btn-import').click();
      await page.locator('#import-error', { hasText: 'Refused' }).waitFor();
      const said = await page.locator('#import-error').textContent();
      assert(said.includes(why), `refused with "${said}"`);
      assert(new URL(page.url()).pathname === '/', 'a refused file opened a game');
    };
    await refused('damaged.json', JSON.stringify({ ...save, snapshot: { ...save.snapshot, turn: 3 } }), 'snapshot');
    await refused('half.json', JSON.stringify(save).slice(0, 200), 'not JSON');
    await refused('other.json', JSON.stringify({ format: 'vassal', version: 1 }), 'not a bluegray save file');
  });

  await test("the computer's turn: trails for its moves, its attacks outlined, stepped through in the replay", async () => {
    // The computer moves first; its B starts next to A and may not leave
    // (5.13), so it must attack (7.11); K is free to move.
    const body = { ...sandbox([unit('A', 'union', 2, '0505'), unit('B', 'confederate', 8, '0506'), unit('K', 'confederate', 4, '0909')]), mode: 'computer', human: 'union' };
    body.new.first = 'confederate';
    const c = await api.create(body);
    const seat = c.seats.union;
    const view = await api.view(c.id, seat.token);
    const theirs = view.log.filter((i) => i.side === 'confederate');
    const moves = theirs.filter((i) => i.action.kind === 'move' || i.action.kind === 'enter').length;
    const attacks = theirs.filter((i) => i.action.kind === 'attack').length;
    assert(attacks >= 1, `the computer made ${attacks} attacks`);
    const page = await desktop();
    await page.goto(base + seat.url);
    await page.locator('.counter').first().waitFor();
    await page.locator('#last-turn').waitFor();
    assert((await page.locator('.layer-trails .trail').count()) === moves, `trails drawn for ${moves} moves`);
    assert((await page.locator('.layer-trails .attack-trail').count()) === attacks, 'each attack is outlined');
    assert((await page.locator('.layer-trails .attack-trail polygon.attacked[data-hex="0505"]').count()) === 1, "A's hex is outlined as attacked");
    await shot(page, 'computer-turn.png');
    await page.locator('#step-last-turn').click();
    await page.waitForURL((u) => u.search.includes('replay'));
    const start = view.log.findIndex((i) => i.side === 'confederate');
    await waitAt(page, start);
    for (let k = start; k < view.log.length; k++) {
      await page.locator('#rp-next').click();
      await waitAt(page, k + 1);
      const kind = view.log[k].action.kind;
      if (kind === 'move') await page.locator(`.trail.current[data-unit="${view.log[k].action.unit}"]`).waitFor();
      if (kind === 'attack') await page.locator('.attack-trail.current').waitFor();
    }
  });

  await test("at phone size (390 x 844): the computer's trails, the Replay and Save buttons, a hint, and a refused file", async () => {
    const body = { ...sandbox([unit('A', 'union', 2, '0505'), unit('B', 'confederate', 8, '0506'), unit('K', 'confederate', 4, '0909')]), mode: 'computer', human: 'union' };
    body.new.first = 'confederate';
    const c = await api.create(body);
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(base + c.seats.union.url);
      await page.locator('.counter').first().waitFor();
      assert((await page.locator('.layer-trails .attack-trail').count()) >= 1, 'the attack is outlined on the phone');
      assert((await page.evaluate(() => document.body.scrollWidth)) <= 390, 'the page is wider than the phone');
      const map = await page.locator('#map').evaluate((e) => e.getBoundingClientRect().toJSON());
      for (const sel of ['#btn-replay', '#btn-save-file']) {
        const b = await page.locator(sel).evaluate((e) => e.getBoundingClientRect().toJSON());
        assert(b.width > 0 && b.left >= 0 && b.right <= 390 && b.bottom <= map.top + 1, `${sel} is off-screen: ${JSON.stringify(b)}`);
      }
      // The Union answers the retreat, then asks for a hint at its turn.
      // The hint panel is there for the retreat too: wait for the one of the
      // position after it (its key names the version), or, under load, the
      // hint is asked at the retreat and dropped when the page moves on.
      const before = (await page.locator('#btn-hint').count()) ? await page.locator('#btn-hint').getAttribute('data-key') : '';
      await page.locator('[data-choice="1"]').first().tap();
      await page.locator(`#btn-hint:not([data-key="${before}"])`).waitFor();
      await page.locator('#btn-hint').tap();
      await page.locator('#hint-out code').waitFor();
      // A refused file on the phone's front page.
      const p = join(files, 'phone-bad.json');
      writeFileSync(p, '{"format":"bluegray-save","version":1}');
      await page.goto(base + '/');
      await page.locator('#import-file').setInputFiles(p);
      await page.locator('#btn-import').tap();
      await page.locator('#import-error', { hasText: 'Refused' }).waitFor();
      assert((await page.locator('#import-error').textContent()).includes('new'), 'the reason names what is missing');
    } finally {
      await browser.close();
    }
  });
}
