// End-to-end tests in real headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). Starts the built `bluegray serve` on a free
// loopback port with a fresh database, then plays through the browser: start
// a two-seat game, move a unit, make an attack and see its result, reload and
// find the state intact, and watch the other seat's page update live.
// Screenshots go to a temporary folder, or to $BLUEGRAY_SCREENSHOTS (e.g.
// docs/screenshots, to refresh the README's pictures), so running the tests
// leaves the source tree untouched. Prints "N passed, N failed".
//
//   BLUEGRAY_BINARY=../build/release/bluegray npm test
//   BLUEGRAY_SCREENSHOTS=../docs/screenshots npm test
//   BLUEGRAY_E2E_ONLY='stacks' npm test
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tableTests } from './table.mjs';
import { moduleTests } from './modules.mjs';
import { atHandTests } from './at_hand.mjs';
import { typesTests } from './types_check.mjs';
import { replayTests } from './replay.mjs';
import { correspondenceTests } from './correspondence.mjs';
import { atTableTests } from './at_table.mjs';
import { computerChoiceTests } from './computer_choice.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..');
const repo = resolve(web, '..');
const shots = process.env.BLUEGRAY_SCREENSHOTS
  ? resolve(process.env.BLUEGRAY_SCREENSHOTS)
  : mkdtempSync(join(tmpdir(), 'bluegray-shots-'));
const binary = process.env.BLUEGRAY_BINARY
  ? resolve(process.env.BLUEGRAY_BINARY)
  : [join(repo, 'build/release/bluegray'), join(repo, 'build-server/bluegray'), join(repo, 'build/asan/bluegray')].find(existsSync);
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const STEP_TIMEOUT = 15000;
// BLUEGRAY_E2E_ONLY=<regular expression>: run only the tests whose names
// match (the tests in table.mjs make their own games and stand alone).
const only = process.env.BLUEGRAY_E2E_ONLY ? new RegExp(process.env.BLUEGRAY_E2E_ONLY) : null;

let passed = 0;
let failed = 0;
const results = [];

function startServer(db) {
  return new Promise((resolvePort, reject) => {
    // One client (this run) creates some sixty games in a few minutes: more
    // than the default rate a real client is allowed (30 a minute, docs/server.md),
    // which the C++ tests (ServerLimits) cover.
    const args = ['serve', '--port', '0', '--db', db, '--web-root', join(web, 'dist'), '--rate-create', '600'];
    const proc = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' },
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start: ' + out)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolvePort({ proc, base: `http://127.0.0.1:${m[1]}` });
      }
    });
    proc.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

async function test(name, fn) {
  if (only && !only.test(name)) return;
  const t0 = Date.now();
  try {
    await fn();
    passed++;
    results.push(`ok   ${name} (${Date.now() - t0} ms)`);
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    results.push(`FAIL ${name}: ${e.stack ?? e}`);
    console.log(`FAIL ${name}: ${e.stack ?? e}`);
  }
}

function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

async function shot(page, name) {
  await page.screenshot({ path: join(shots, name), type: 'png' });
}

// Answers every decision this page is asked (retreat, advance, exchange) with
// its first choice, so a combat of any result resolves.
async function answerPending(page) {
  await page.bringToFront();
  for (let i = 0; i < 10; i++) {
    const choice = page.locator('[data-choice="1"], [data-choice="s"]').first();
    if (!(await choice.count())) return;
    const before = await page.evaluate(() => document.body.dataset.version);
    if ((await page.locator('input.lose').count()) > 0) await page.locator('input.lose').first().check();
    await choice.click();
    await page.waitForFunction((v) => document.body.dataset.version !== v, before, { timeout: STEP_TIMEOUT });
  }
}

async function main() {
  assert(binary && existsSync(binary), 'no bluegray binary: set BLUEGRAY_BINARY');
  assert(existsSync(join(web, 'dist', 'index.html')), 'the web UI is not built: npm run build');
  mkdirSync(shots, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'bluegray-e2e-'));
  const { proc, base } = await startServer(join(tmp, 'games.sqlite'));
  let context;
  try {
    // A fresh profile per run (playwright takes it as the persistent context's
    // folder rather than as a --user-data-dir argument).
    context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1100, height: 700 },
      timeout: 30000,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  } catch (e) {
    proc.kill('SIGTERM');
    throw e;
  }
  const union = context.pages()[0] ?? (await context.newPage());
  const conf = await context.newPage();
  union.setDefaultTimeout(STEP_TIMEOUT);
  conf.setDefaultTimeout(STEP_TIMEOUT);
  let links = {};
  let rtr = null;  // the Road to Richmond game the last tests share

  try {
    await test('the front page offers every title and scenario the server lists', async () => {
      await union.bringToFront();
      const t0 = Date.now();
      await union.goto(base + '/');
      await union.locator('#btn-start:enabled').waitFor();
      // A figure, not a verdict (timings never decide a test): e2e/load_bench.mjs measures.
      console.log(`     front page ready in ${Date.now() - t0} ms`);
      const listed = await (await fetch(base + '/api/titles')).json();
      const offered = await union.locator('#title option').evaluateAll((els) => els.map((e) => e.value));
      assert(JSON.stringify(offered) === JSON.stringify(listed.titles.map((t) => t.name)), `titles offered: ${offered}`);
      assert((await union.locator('#title').inputValue()) === listed.default, 'the server default is chosen');
      for (const t of listed.titles) {
        await union.locator('#title').selectOption(t.name);
        const scenarios = await union.locator('#scenario option').evaluateAll((els) => els.map((e) => e.value));
        assert(JSON.stringify(scenarios) === JSON.stringify(t.scenarios.map((x) => x.name)), `${t.name} scenarios: ${scenarios}`);
        for (const p of t.params) {
          const choice = union.locator(`select.param[data-key="${p.key}"]`);
          assert((await choice.inputValue()) === p.default, `${t.name} ${p.key} defaults to ${p.default}`);
          const values = await choice.locator('option').evaluateAll((els) => els.map((e) => e.value));
          assert(JSON.stringify(values) === JSON.stringify(p.choices), `${t.name} ${p.key} choices: ${values}`);
        }
        const options = await union.locator('input.title-option').evaluateAll((els) => els.map((e) => e.value));
        assert(JSON.stringify(options) === JSON.stringify(t.options.map((o) => o.name)), `${t.name} options: ${options}`);
        assert((await union.locator('#free-map').isVisible()) === t.free_map, `${t.name}: map size fields only for a free map`);
      }
      const std = await union.locator('input.std-option').evaluateAll((els) => els.map((e) => e.value));
      assert(JSON.stringify(std) === JSON.stringify(listed.standard_options.map((o) => o.name)), `standard options: ${std}`);
    });

    await test('the front page starts a two-seat sandbox game', async () => {
      await union.bringToFront();
      await union.locator('#title').selectOption('sandbox');
      await union.locator('input[name=mode][value="two-seat"]').check();
      await union.locator('input[name=seed]').fill('42');
      await shot(union, 'home.png');
      await union.locator('#btn-start').click();
      await union.locator('a.seat-link').first().waitFor();
      for (const a of await union.locator('a.seat-link').all()) links[await a.getAttribute('data-seat')] = await a.getAttribute('href');
      assert(links.union && links.confederate && links.spectator, 'three seat links');
    });

    await test('each seat opens its own page', async () => {
      const t0 = Date.now();
      await union.goto(base + links.union);
      await union.locator('.counter[data-unit="1/I"]').waitFor();
      console.log(`     game page drawn in ${Date.now() - t0} ms`);
      await conf.goto(base + links.confederate);
      await conf.locator('.counter[data-unit="Hill"]').waitFor();
      assert((await conf.locator('.wait').textContent()).includes('Union'), 'the Confederate waits for the Union');
    });

    await test('a selected unit shows its reachable hexes and moves by a click', async () => {
      await union.bringToFront();  // a background tab's frames are throttled
      await union.locator('.counter[data-unit="Cav"]').click();
      await union.locator('.shade.reach').first().waitFor();
      const n = await union.locator('.shade.reach').count();
      assert(n > 3, `reach shows ${n} hexes`);
      await shot(union, 'move-reach.png');
      const target = union.locator('.shade.reach[data-hex="0310"]');
      assert(await target.count(), '0310 is reachable for Cav');
      await target.locator('polygon').click({ force: true });
      await union.locator('#log li', { hasText: 'Cav moves to 0310' }).waitFor();
    });

    await test("the other seat's page updates live", async () => {
      await conf.locator('#log li', { hasText: 'Cav moves to 0310' }).waitFor();
      await shot(conf, 'second-seat-live.png');
    });

    await test('a move is taken back only with the opponent consent (5.17)', async () => {
      await union.keyboard.press('u');
      await conf.locator('[data-undo="accept"]').waitFor();
      await conf.bringToFront();
      await conf.locator('[data-undo="accept"]').click();
      await union.bringToFront();
      await union.waitForFunction(() => !document.querySelector('#log')?.textContent?.includes('Cav moves to 0310'));
      await union.locator('.counter[data-unit="Cav"]').click();
      await union.locator('.shade.reach[data-hex="0310"] polygon').click({ force: true });
      await union.locator('#log li', { hasText: 'Cav moves to 0310' }).waitFor();
    });

    await test('an illegal action is refused in plain words with the rule', async () => {
      await union.bringToFront();  // a background tab's frames are throttled
      await union.keyboard.press('e');  // to the Combat Phase
      await union.locator('#phase', { hasText: 'combat' }).waitFor();
      // 2/I is adjacent to Hill: an attack is owed, so ending is refused. The
      // page ignores the key until its view has caught up with the new phase,
      // so press again until the refusal shows (each press is refused alike),
      // for as long as a step may take: a loaded machine catches up slowly.
      const refusal = union.locator('#toast', { hasText: 'Refused (rule' });
      for (const until = Date.now() + STEP_TIMEOUT; Date.now() < until && !(await refusal.isVisible()); ) {
        await union.keyboard.press('e');
        await union.waitForTimeout(250);
      }
      await refusal.waitFor();
    });

    await test('an attack shows odds and chances, then its result', async () => {
      await union.bringToFront();  // a background tab's frames are throttled
      await union.locator('.counter[data-unit="2/I"]').click();
      await union.locator('.counter[data-unit="Hill"]').click();
      await union.locator('#preview').waitFor();
      const odds = await union.locator('#odds').textContent();
      assert(/^\d-\d$/.test(odds), `odds ${odds}`);
      assert((await union.locator('#preview').textContent()).includes('Chances'), 'chances shown');
      await shot(union, 'attack-preview.png');
      await union.keyboard.press('a');
      await union.locator('#last-result').waitFor();
      await union.locator('#combat-log li', { hasText: 'die' }).waitFor();
      await shot(union, 'attack-result.png');
      await answerPending(conf);
      await answerPending(union);
      await answerPending(conf);
      await union.bringToFront();
    });

    await test('a reload finds the state intact', async () => {
      await union.bringToFront();  // a background tab's frames are throttled
      // Both pages follow the game live: wait until they agree, then reload one.
      await union.waitForFunction(
        async (v) => document.body.dataset.version === v,
        await conf.evaluate(() => document.body.dataset.version),
      );
      const before = await union.evaluate(() => ({ v: document.body.dataset.version, log: document.querySelector('#log')?.textContent }));
      await union.reload();
      await union.locator('#log').waitFor();
      await union.waitForFunction((v) => document.body.dataset.version === v, before.v);
      const after = await union.evaluate(() => document.querySelector('#log')?.textContent);
      assert(after === before.log, 'the log after reload equals the log before');
      assert(after.includes('attack'), 'the attack is in the log');
    });

    await test('every Four Roads scenario starts from the front page, numbered as printed', async () => {
      await union.bringToFront();
      const listed = await (await fetch(base + '/api/titles')).json();
      const fr = listed.titles.find((t) => t.name === 'four-roads');
      assert(fr && fr.scenarios.length === 5, 'four-roads lists five scenarios');
      for (const s of fr.scenarios) {
        await union.goto(base + '/');
        await union.locator('#btn-start:enabled').waitFor();
        await union.locator('#title').selectOption('four-roads');
        await union.locator('#scenario').selectOption(s.name);
        await union.locator('input[name=mode][value="hotseat"]').check();
        await union.locator('#btn-start').click();
        await union.waitForURL(/\/g\//);
        await union.locator('.counter').first().waitFor();
        const title = await union.locator('#title').textContent();
        assert(title.includes(s.display), `${s.name}: the header names the scenario (${title})`);
        // The alternate map's printed numbers: columns from 00, rows counting north.
        const numbers = await union.locator('#map svg .hexnumbers text').evaluateAll((els) => els.map((e) => e.textContent));
        assert(numbers.includes('0001') && numbers.includes('4732') && !numbers.includes('0000'), `${s.name}: hex numbers as printed`);
        if (s.name === 'chancellorsville') await shot(union, 'four-roads.png');
      }
    });

    await test('a game against the computer: the computer answers at once', async () => {
      await union.bringToFront();  // a background tab's frames are throttled
      await union.goto(base + '/');
      await union.locator('#btn-start:enabled').waitFor();
      await union.locator('#title').selectOption('sandbox');
      await union.locator('input[name=mode][value="computer"]').check();
      await union.locator('#btn-start').click();
      await union.waitForURL(/\/g\//);
      await union.locator('.counter[data-unit="1/I"]').waitFor();
      // Keyboard alone: Tab selects a unit that may move, G and a hex moves it.
      await union.locator('#map').focus();
      await union.keyboard.press('Tab');
      await union.locator('.shade.reach').first().waitFor();
      const mover = await union.locator('.counter.selected').first().getAttribute('data-unit');
      // Westward, away from the enemy, so no new attack is owed.
      const hexes = await union.locator('.shade.reach').evaluateAll((els) => els.map((e) => e.getAttribute('data-hex')));
      const to = hexes.find((x) => Number(x.slice(0, 2)) <= 3) ?? hexes[0];
      await union.keyboard.press('g');
      await union.keyboard.type(to);
      await union.keyboard.press('Enter');
      await union.locator('#log li', { hasText: `${mover} moves to ${to}` }).waitFor();
      await union.keyboard.press('e');
      await union.locator('#phase', { hasText: 'combat' }).waitFor();
      // Attack what must be attacked, then end: the computer plays its turn.
      await union.locator('.counter[data-unit="2/I"]').click();
      await union.locator('.counter[data-unit="Hill"]').click();
      await union.locator('#preview').waitFor();
      await union.keyboard.press('a');
      await union.locator('#last-result').waitFor();
      await answerPending(union);
      // Until the computer's turn is over, however long a loaded machine takes
      // (a press before the page has caught up is ignored, like the one above).
      const turn2 = union.locator('#phase', { hasText: 'Turn 2/' });
      for (const until = Date.now() + STEP_TIMEOUT; Date.now() < until && !(await turn2.count()); ) {
        await union.keyboard.press('e');
        await union.waitForTimeout(300);
        await answerPending(union);
      }
      await turn2.waitFor();
      await shot(union, 'vs-computer.png');
    });

    await test('the end of the game shows a summary', async () => {
      const res = await fetch(base + '/api/games', {
        method: 'POST',
        body: JSON.stringify({
          new: { scenario: 'sandbox', cols: 6, rows: 6, turns: 1 },
          mode: 'hotseat',
          setup: [
            { kind: 'unit', id: 'U', side: 'union', type: 'inf', strength: 4, defense: 4, hex: '0202' },
            { kind: 'unit', id: 'K', side: 'confederate', type: 'cav', strength: 2, defense: 2, hex: '0505' },
          ],
        }),
      });
      const c = await res.json();
      await union.bringToFront();
      await union.goto(base + c.seats.hotseat.url);
      await union.locator('.counter[data-unit="K"]').waitFor();
      for (let i = 0; i < 4; i++) {
        const v = await union.evaluate(() => document.body.dataset.version);
        await union.keyboard.press('e');
        await union.waitForFunction((x) => document.body.dataset.version !== x, v);
      }
      await union.locator('#summary .winner').waitFor();
      assert((await union.locator('#summary').textContent()).includes('over'), 'the summary says the game is over');
    });

    await test("Road to Richmond: the page draws the zone the title declares", async () => {
      const res = await fetch(base + '/api/games', {
        method: 'POST',
        body: JSON.stringify({ new: { title: 'road-to-richmond', exclusive: 'revised', seed: 3 }, mode: 'two-seat' }),
      });
      assert(res.status === 201, `road-to-richmond: ${res.status}`);
      rtr = await res.json();
      await union.bringToFront();
      await union.goto(base + rtr.seats.union.url);
      await union.locator('.counter').first().waitFor();
      const ui = await union.evaluate(async (t) => (await (await fetch(location.pathname.replace('/g/', '/api/games/'), { headers: { 'X-Bluegray-Token': t } })).json()).ui, rtr.seats.union.token);
      const ccz = ui.zones.find((z) => z.name === 'ccz');
      assert(ccz && ccz.active && ccz.hexes.length > 0, 'the title declares the Command Control Zone, closed');
      const drawn = await union.locator('.zone[data-zone="ccz"] polygon').evaluateAll((els) => els.map((e) => e.getAttribute('data-hex')));
      assert(JSON.stringify(drawn) === JSON.stringify(ccz.hexes), `the zone drawn: ${drawn}`);
      assert((await union.locator('.zone[data-zone="ccz"] title').textContent()).includes(ccz.label), 'the zone says what it is');
      assert((await union.locator('#map-notes [data-zone="ccz"]').count()) === 1, 'the zone is explained beside the map');
      for (const z of ui.zones.filter((x) => !x.active))
        assert((await union.locator(`.zone[data-zone="${z.name}"]`).count()) === 0, `${z.name} is not drawn while inactive`);
      const special = ui.hexes[0];
      assert((await union.locator(`.special.special-${special.kind}[data-hex="${special.hex}"] title`).first().textContent()).includes(special.label), 'special hexes carry their labels');
      assert((await union.locator('#title').textContent()).startsWith(ui.display), 'the page names the title the server declares');
    });

    await test("Road to Richmond: the Confederate's secret choice never reaches the Union page", async () => {
      const c = rtr;
      await conf.bringToFront();
      const t0 = Date.now();
      await conf.goto(base + c.seats.confederate.url);
      await conf.locator('.counter').first().waitFor();
      console.log(`     Road to Richmond page drawn in ${Date.now() - t0} ms`);
      const choice = conf.locator('select.decision').first();
      await choice.waitFor();
      const unit = await choice.getAttribute('data-unit');
      await choice.selectOption('18');
      await conf.locator('#log li', { hasText: `${unit}: held for Game-Turn 18` }).waitFor();
      await shot(conf, 'rtr-secret-choice.png');
      await union.bringToFront();
      await union.goto(base + c.seats.union.url);
      await union.locator('#log li', { hasText: 'secret choice' }).waitFor();
      const view = JSON.parse(await union.evaluate(async (t) => (await fetch(location.pathname.replace('/g/', '/api/games/'), { headers: { 'X-Bluegray-Token': t } })).text(), c.seats.union.token));
      const u = view.state.units.find((x) => x.id === unit);
      assert(u.arrival !== 18, `the Union sees ${unit} held for turn 18`);
      assert(view.log.every((i) => i.action.value === undefined), 'the Union log contains the choice');
      assert(view.ui.decisions.every((d) => d.chosen === undefined), "the Union's ui declaration contains the choice");
      assert((await union.locator('select.decision').count()) === 0, 'the Union page offers the choice');
      const row = union.locator('table.rein tr', { hasText: unit }).first();
      assert((await row.locator('td').nth(2).textContent()) !== '18', 'the Union page shows the choice');
    });
    // A phone is a browser of its own (touch is set when a context is made).
    const phone = async () => {
      const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      return { browser, ctx };
    };
    await tableTests({ test, assert, base, context, shot, phone, timeout: STEP_TIMEOUT });
    await moduleTests({ test, assert, base, context, shot, timeout: STEP_TIMEOUT });
    await atHandTests({ test, assert, base, context, shot, phone, timeout: STEP_TIMEOUT });
    await typesTests({ test, assert, base });
    await replayTests({ test, assert, base, context, shot, phone, timeout: STEP_TIMEOUT });
    await atTableTests({ test, assert, base, context, shot, phone, timeout: STEP_TIMEOUT, binary });
    await correspondenceTests({ test, assert, base, context, shot, phone, timeout: STEP_TIMEOUT });
    await computerChoiceTests({ test, assert, base, context, shot, phone, timeout: STEP_TIMEOUT });
  } finally {
    await context.close();
    proc.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

main()
  .catch((e) => {
    failed++;
    console.log(`FAIL setup: ${e.stack ?? e}`);
  })
  .finally(() => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
