// End-to-end tests of choosing the computer opponent on the front page:
// its level, each with its line, and the posture the title
// declares for the computer's side (none offered where the title declares
// none); the choice stated on the game page and in the stored games list, and
// what the server plays. Desktop (1600 x 1000) and phone (390 x 844).
import { axeViolations, DESKTOP, pageKit } from './pages.mjs';

const RTR = 'road-to-richmond';

export async function computerChoiceTests({ test: run, assert, base, context, shot, phone, timeout }) {
  const kit = pageKit({ test: run, shot, base, context, timeout });
  const { test } = kit;
  const titles = async () => (await fetch(base + '/api/titles')).json();
  const listed = async (id) => (await (await fetch(base + '/api/games')).json()).games.find((g) => g.id === id);
  const gameId = (url) => url.match(/\/g\/([0-9a-f]{16})#/)[1];
  // The front page, ready, with a Road to Richmond game against the computer
  // chosen and the human playing the Confederates (the computer the Union).
  const front = async (page) => {
    await page.goto(base + '/');
    await page.locator('#btn-start:enabled').waitFor();
    await page.locator('#title').selectOption(RTR);
    await page.locator('input[name=mode][value="computer"]').check();
    await page.locator('#human').selectOption('confederate');
  };

  await test('the computer: level and posture picked by keyboard, stated on the game page and stored (desktop)', async () => {
    const t = await titles();
    const unionPostures = t.titles.find((x) => x.name === RTR).scenarios[0].postures.union;
    assert(unionPostures.length > 0, 'the title declares Union postures');
    const page = await kit.blank(DESKTOP);
    await front(page);
    const levels = await page.locator('#level option').evaluateAll((els) => els.map((e) => e.value));
    assert(JSON.stringify(levels) === JSON.stringify(t.computer.levels.map((l) => l.name)), `levels offered: ${levels}`);
    assert((await page.locator('#level').inputValue()) === t.computer.default_level, "the server's level is chosen first");
    // Keyboard: the level and the posture come after the side, labelled.
    await page.locator('#human').focus();
    await page.keyboard.press('Tab');
    assert((await page.evaluate(() => document.activeElement?.id)) === 'level', 'Tab from the side reaches the level');
    await page.locator('#level').selectOption('ai-hard');
    const hard = t.computer.levels.find((l) => l.name === 'ai-hard');
    await page.locator('#level-note', { hasText: hard.description }).waitFor();
    await page.keyboard.press('Tab');
    assert((await page.evaluate(() => document.activeElement?.id)) === 'posture', 'Tab from the level reaches the posture');
    const offered = await page.locator('#posture option').evaluateAll((els) => els.map((e) => e.value));
    assert(JSON.stringify(offered) === JSON.stringify(['', ...unionPostures.map((p) => p.name)]), `postures offered: ${offered}`);
    const def = unionPostures.find((p) => p.default);
    await page.locator('#posture-note', { hasText: def.display }).waitFor();
    const stand = unionPostures.find((p) => p.name === 'stand');
    await page.locator('#posture').selectOption('stand');
    await page.locator('#posture-note', { hasText: `${stand.display}: ${stand.description} (rule ${stand.rule})` }).waitFor();
    assert((await page.locator('label', { has: page.locator('#posture') }).textContent()).includes('Union posture'), 'the posture is labelled with its side');
    const found = await axeViolations(page);
    assert(!found.length, `violations: ${JSON.stringify(found, null, 1)}`);
    await shot(page, 'home-computer-choice.png');

    await page.locator('#btn-start').click();
    await page.waitForURL(/\/g\/[0-9a-f]{16}#/);
    await page.locator('.counter').first().waitFor();
    await page.locator('#computer-player', { hasText: `The computer plays the Union: ai-hard, ${stand.display}.` }).waitFor();
    // What the server plays: the game's own player, in its summary and list.
    const id = gameId(page.url());
    const g = await listed(id);
    assert(g.computer === 'union' && g.computer_player === 'ai-hard:stand', `listed: ${JSON.stringify(g)}`);
    assert(g.summary.computer_player === 'ai-hard:stand' && g.summary.computer_label === `ai-hard, ${stand.display}`, `summary: ${JSON.stringify(g.summary)}`);
    const token = page.url().split('#')[1];
    const view = await (await fetch(`${base}/api/games/${id}`, { headers: { 'X-Bluegray-Token': token } })).json();
    assert(view.computer_player.spec === 'ai-hard:stand' && view.computer_player.posture === 'stand', `view: ${JSON.stringify(view.computer_player)}`);
    // The stored games list says which computer plays.
    await page.goto(base + '/');
    await page.locator(`tr[data-game="${id}"] td.players`, { hasText: `Confederate vs the computer (Union: ai-hard, ${stand.display})` }).waitFor();
  });

  await test('the computer: no posture offered where the title declares none, no level for a game without a computer', async () => {
    const t = await titles();
    const none = t.titles.find((x) => x.scenarios.every((s) => !s.postures.union.length && !s.postures.confederate.length));
    assert(none, 'a title declaring no posture');
    const page = await kit.blank(DESKTOP);
    await front(page);
    assert(await page.locator('#posture-choice').isVisible(), 'Road to Richmond offers a Union posture');
    // Playing the Union: the computer's Confederates have the title's one posture.
    await page.locator('#human').selectOption('union');
    const conf = t.titles.find((x) => x.name === RTR).scenarios[0].postures.confederate;
    const offered = await page.locator('#posture option').evaluateAll((els) => els.map((e) => e.value));
    assert(JSON.stringify(offered) === JSON.stringify(['', ...conf.map((p) => p.name)]), `Confederate postures offered: ${offered}`);
    await page.locator('#title').selectOption(none.name);
    await page.locator('#posture-choice').waitFor({ state: 'hidden' });
    assert(await page.locator('#level').isEnabled(), 'the level is offered');
    await page.locator('input[name=mode][value="hotseat"]').check();
    assert(await page.locator('#level').isDisabled(), 'a hot-seat game has no computer level');
    await page.locator('input[name=mode][value="computer"]').check();
    assert(await page.locator('#level').isEnabled(), 'the level is offered again');
  });

  await test('the computer: level and posture chosen on a phone and stated on its game page (phone)', async () => {
    const t = await titles();
    const total = t.titles.find((x) => x.name === RTR).scenarios[0].postures.union.find((p) => p.name === 'total');
    const { browser, ctx } = await phone();
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(timeout);
      await front(page);
      await page.locator('#level').selectOption('ai-easy');
      await page.locator('#posture').selectOption('total');
      for (const sel of ['#level', '#posture']) {
        const b = await page.locator(sel).evaluate((e) => e.getBoundingClientRect().toJSON());
        assert(b.left >= 0 && b.right <= 390, `${sel} is off-screen: ${JSON.stringify(b)}`);
      }
      await page.locator('#btn-start').tap();
      await page.waitForURL(/\/g\/[0-9a-f]{16}#/);
      await page.locator('.counter').first().waitFor();
      await page.locator('#computer-player', { hasText: `ai-easy, ${total.display}` }).waitFor({ state: 'attached' });
      const g = await listed(gameId(page.url()));
      assert(g.computer_player === 'ai-easy:total', `listed: ${JSON.stringify(g)}`);
    } finally {
      await browser.close();
    }
  });
}
