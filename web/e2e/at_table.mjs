// End-to-end tests of "what a wargamer expects at the table": the
// unit card with the Movement Points left, what each counter did this phase
// marked on it, the reminder of reinforcements due, and the end-of-game
// summary (of a sandbox, and of a real Road to Richmond game the engine's AI
// played to one action before its end); at desktop (1600 x 1000) and phone
// (390 x 844) sizes. Each test makes its own game through the API (the last
// from a save file `bluegray engine` writes).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { apiClient, sandbox } from './table.mjs';
import { DESKTOP, pageKit } from './pages.mjs';

// `bluegray engine` driven line by line (docs/protocol.md): one JSON reply a command.
function engine(binary) {
  const proc = spawn(binary, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' } });
  const waiting = [];
  createInterface({ input: proc.stdout }).on('line', (line) => waiting.shift()?.(JSON.parse(line)));
  return {
    ask: (line) => new Promise((resolve) => {
      waiting.push(resolve);
      proc.stdin.write(line + '\n');
    }),
    close: () => proc.stdin.end(),
  };
}

// A Road to Richmond save one action before the game ends, played by the
// computer for both sides (the engine's own AI, level easy): every Game-Turn
// but the last by \`ai\`, the last one action at a time by \`ai move\`, saving
// before each end of a Combat Phase until one ends the game. The page then
// makes that last action itself.
async function saveBeforeTheEnd(binary, seed) {
  const dir = mkdtempSync(join(tmpdir(), 'bluegray-end-'));
  const e = engine(binary);
  try {
    const started = await e.ask(`new road-to-richmond seed=${seed}`);
    if (!started.ok) throw new Error(`new: ${JSON.stringify(started)}`);
    for (let st = await e.ask('state'); st.turn < st.turns; st = await e.ask('state')) {
      const r = await e.ask('ai level=easy');
      if (!r.ok) throw new Error(`ai: ${JSON.stringify(r)}`);
    }
    const file = join(dir, 'before-the-end.json');
    for (let i = 0; i < 2000; i++) {
      const st = await e.ask('state');
      if (st.phase === 'over') return JSON.parse(readFileSync(file, 'utf8'));
      const m = await e.ask('ai move level=easy');
      if (!m.ok) throw new Error(`ai move: ${JSON.stringify(m)}`);
      if (m.command === 'end' && st.phase === 'combat' && !st.pending.length) await e.ask(`save ${file}`);
      const r = await e.ask(m.command);
      if (!r.ok) throw new Error(`${m.command}: ${JSON.stringify(r)}`);
    }
    throw new Error('the last Game-Turn did not end');
  } finally {
    e.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const unit = (id, side, strength, hex) => [id, side, 'inf', strength, hex];

export async function atTableTests({ test: run, assert, base, context, shot, phone, timeout, binary }) {
  const api = apiClient(base);
  const kit = pageKit({ test: run, shot, base, context, timeout });
  const { test } = kit;
  const open = (url) => kit.open(url, DESKTOP);
  const caughtUp = async (page, id, token) => {
    const v = (await api.view(id, token)).version;
    await page.waitForFunction((x) => Number(document.body.dataset.version) >= x, v);
  };

  await test('a unit card on click; moved and attacked marked on the counters (desktop and phone)', async () => {
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
  });

  await test('movement points left on the unit card, as the engine counts them (desktop and phone)', async () => {
    // U free to move; Z next to K, in its Zone of Control (5.13); K the enemy's.
    const c = await api.create(sandbox([unit('U', 'union', 4, '0303'), unit('Z', 'union', 6, '0606'), unit('K', 'confederate', 2, '0607')]));
    const t = c.seats.hotseat.token;
    const served = (id, v) => v.state.units.find((u) => u.id === id).mp;
    let v = await api.view(c.id, t);
    assert(served('U', v).left === 6 && served('U', v).allowance === 6, `U: ${JSON.stringify(served('U', v))}`);
    assert(served('Z', v).left === 0 && served('Z', v).rule, `Z: ${JSON.stringify(served('Z', v))}`);
    assert(served('K', v) === undefined, 'the enemy unit carries MP');
    const page = await open(c.seats.hotseat.url);
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('#card-mp', { hasText: '6 of 6 left' }).waitFor();
    await page.locator('#card-reach').waitFor();
    await shot(page, 'unit-card.png');
    await page.keyboard.press('Escape');
    await page.locator('.counter[data-unit="Z"]').click();
    const z = page.locator('#card-mp');
    await z.locator('small').waitFor();
    assert((await z.textContent()).includes(`0 of 6 left`) && (await z.textContent()).includes(served('Z', v).rule), `Z's card: ${await z.textContent()}`);
    // U moves: none left, and the card says why (5.17).
    await page.keyboard.press('Escape');
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('.shade.reach[data-hex="0304"]').click();
    await page.locator('.counter[data-unit="U"] .moved-mark').waitFor();
    v = await api.view(c.id, t);
    assert(served('U', v).left === 0, `U after its move: ${JSON.stringify(served('U', v))}`);
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('#card-mp', { hasText: '0 of 6 left' }).waitFor();
    assert((await page.locator('#card-mp').textContent()).includes(served('U', v).rule), 'the card cites the rule');
    // A phone: the same line in the card after a tap.
    const { browser, ctx } = await phone();
    try {
      const p = await ctx.newPage();
      p.setDefaultTimeout(timeout);
      await p.goto(base + c.seats.hotseat.url);
      await p.locator('.counter[data-unit="U"] .moved-mark').waitFor();
      await p.locator('.counter[data-unit="Z"]').tap();
      await p.locator('#card-mp', { hasText: '0 of 6 left' }).waitFor({ state: 'attached' });
      await p.locator('#btn-panel').tap();
      await p.locator('#unit-card').scrollIntoViewIfNeeded();
      const b = await p.locator('#card-mp').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(b.left >= 0 && b.right <= 390, `the MP line is off-screen: ${JSON.stringify(b)}`);
      await p.locator('#toast').waitFor({ state: 'hidden' });  // the refused selection's toast (6 s)
      await shot(p, 'phone-unit-card.png');
    } finally {
      await browser.close();
    }
    // Out of the Movement Phase no unit has MP to show.
    await api.act(c.id, t, { kind: 'end' });
    await caughtUp(page, c.id, t);
    v = await api.view(c.id, t);
    assert(v.state.units.every((u) => u.mp === undefined), 'MP in the Combat Phase');
    await page.locator('.counter[data-unit="U"]').click();
    await page.locator('#unit-card h2', { hasText: 'U' }).waitFor();
    assert((await page.locator('#card-mp').count()) === 0, 'the card shows MP in the Combat Phase');
  });

  await test('reinforcements due and not yet entered are recalled in "Now" (desktop and phone)', async () => {
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

  await test("hot seat: a hand-over screen, and one side's secret choice hidden from the other", async () => {
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

  await test('the end-of-game summary: the winner, the score and what was lost', async () => {
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

  await test("the end of a real game: the summary's victory lines and winner, as the title scores them (desktop and phone)", async () => {
    const save = await saveBeforeTheEnd(binary, 5);
    const c = await api.create({ save, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    let v = await api.view(c.id, t);
    assert(v.state.turn === v.state.turns && v.state.phase === 'combat' && v.state.phase !== 'over', `the save is at ${v.state.turn}/${v.state.phase}`);
    const page = await open(c.seats.hotseat.url);
    const summary = page.locator('#summary');
    assert(await summary.isHidden(), 'a summary before the end');
    if (await page.locator('#handover').isVisible()) await page.locator('#btn-handover').click();
    // The last action, made in the page: E ends the last Combat Phase.
    await page.locator('#map').focus();
    await page.keyboard.press('e');
    await summary.locator('.winner').waitFor();
    v = await api.view(c.id, t);
    const vic = v.state.victory;
    assert(v.state.phase === 'over' && vic.final, 'the game is not over');
    const text = await summary.textContent();
    const name = (s) => (s === 'union' ? 'Union' : 'Confederate');
    assert(text.includes(vic.winner ? `${name(vic.winner)} victory` : 'A draw'), `the winner: ${text}`);
    assert(vic.winner === (vic.union > vic.confederate ? 'union' : vic.confederate > vic.union ? 'confederate' : null), 'the winner is the side with more points');
    assert(text.includes(`Union ${vic.union} VP`) && text.includes(`Confederate ${vic.confederate} VP`), `the score: ${text}`);
    // Every line of the title's breakdown, in order, with its points and rule;
    // and they add up to the score.
    assert(vic.lines.length > 0, 'Road to Richmond scored no line');
    const rows = await page.locator('#summary-lines tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert(rows.length === vic.lines.length, `${rows.length} lines shown, ${vic.lines.length} scored`);
    vic.lines.forEach((l, i) => assert(JSON.stringify(rows[i]) === JSON.stringify([name(l.side), String(l.points), l.what, l.rule]), `line ${i}: ${rows[i]} for ${JSON.stringify(l)}`));
    for (const side of ['union', 'confederate'])
      assert(vic.lines.filter((l) => l.side === side).reduce((a, l) => a + l.points, 0) === vic[side], `${side}'s lines add up to ${vic[side]}`);
    // At a glance: the lines summed by side, rule and kind (first word), largest first,
    // adding up to the score; every line folded below them.
    const groups = new Map();
    for (const l of vic.lines) {
      const key = `${name(l.side)}|${l.rule}|${l.what.split(' ')[0]}`;
      groups.set(key, { n: (groups.get(key)?.n ?? 0) + 1, points: (groups.get(key)?.points ?? 0) + l.points });
    }
    const totals = await page.locator('#summary-totals tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert(totals.length === groups.size, `${totals.length} totals for ${groups.size} kinds of line`);
    for (const [side, points, what, rule] of totals) {
      const g = groups.get(`${side}|${rule}|${what.split(' ')[0]}`);
      assert(g && String(g.points) === points, `the total ${side} ${what} ${rule}: ${points}, summed ${g?.points}`);
      assert(g.n === 1 || what.endsWith(`(${g.n} lines)`), `the total ${what} does not count its ${g.n} lines`);
    }
    for (const side of ['union', 'confederate']) {
      const mine = totals.filter((r) => r[0] === name(side)).map((r) => Number(r[1]));
      assert(mine.reduce((a, x) => a + x, 0) === vic[side], `${side}'s totals add up to ${vic[side]}`);
      assert(mine.every((x, i) => i === 0 || mine[i - 1] >= x), `${side}'s totals are not largest first: ${mine}`);
    }
    assert(await page.locator('#summary-lines').isHidden(), 'every line is shown unfolded');
    // The summary's top (the winner) is on screen, the lines scroll inside it.
    const top = await summary.locator('.winner').evaluate((e) => e.getBoundingClientRect().toJSON());
    assert(top.top >= 0 && top.bottom <= 1000, `the winner is off-screen: ${JSON.stringify(top)}`);
    await shot(page, 'game-over.png');
    await page.locator('#summary-detail > summary').click();
    assert(await page.locator('#summary-lines').isVisible(), 'the lines do not unfold');
    // A phone: the summary fits the screen.
    const { browser, ctx } = await phone();
    try {
      const p = await ctx.newPage();
      p.setDefaultTimeout(timeout);
      await p.goto(base + c.seats.hotseat.url);
      await p.locator('#summary .winner').waitFor();
      const b = await p.locator('#summary .card').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(b.left >= 0 && b.right <= 390, `the summary on a phone: ${JSON.stringify(b)}`);
      const w = await p.locator('#summary .winner').evaluate((e) => e.getBoundingClientRect().toJSON());
      assert(w.top >= 0 && w.bottom <= 844, `the winner is off-screen on a phone: ${JSON.stringify(w)}`);
      await shot(p, 'phone-game-over.png');
    } finally {
      await browser.close();
    }
  });
}
