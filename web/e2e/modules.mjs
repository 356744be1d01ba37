// End-to-end tests of what the rule modules show on the game page:
// their markers drawn by kind with the module's own words, headquarters
// counters and their command radius, and the orders module's rolls and frozen
// commands. Each test starts a game of a title with modules through the API
// (its name is test data, never the page's: the page knows no title).
import { apiClient, sandbox } from './table.mjs';
import { pageKit } from './pages.mjs';

const TITLE = 'four-roads';

export async function moduleTests({ test: run, assert, base, context, shot, timeout }) {
  const api = apiClient(base);
  const { test, open } = pageKit({ test: run, shot, base, context, timeout });
  const game = (options = []) => api.create({ new: { title: TITLE, scenario: 'fredericksburg', seed: 3, options }, mode: 'hotseat' });

  await test('modules: every marker is drawn at its hex by kind, with the module\'s label and rule', async () => {
    const c = await game();
    const markers = (await api.view(c.id, c.seats.hotseat.token)).state.modules.markers.filter((m) => m.hex);
    const kinds = new Set(markers.map((m) => m.kind));
    assert(kinds.has('fort') && kinds.has('pontoon'), `the scenario's markers: ${[...kinds]}`);
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator('.module-marker').count()) === markers.length, `${await page.locator('.module-marker').count()} markers drawn, ${markers.length} in the state`);
    for (const m of markers) {
      const at = page.locator(`.module-marker.marker-${m.kind}[data-hex="${m.hex}"]${m.state ? `[data-state="${m.state}"]` : ''}`);
      assert((await at.count()) >= 1, `no ${m.kind} drawn at ${m.hex}`);
      const title = await at.first().locator('title').textContent();
      assert(m.label && title.includes(m.label), `${m.kind} at ${m.hex}: the tooltip "${title}" lacks the module's label "${m.label}"`);
      assert(m.rule && title.includes(`(${m.rule})`), `${m.kind} at ${m.hex}: the tooltip "${title}" lacks its rule ${m.rule}`);
    }
    const fort = markers.find((m) => m.kind === 'fort');
    const legend = page.locator('#marker-legend li[data-kind="fort"]');
    assert((await legend.textContent()).includes(fort.hex), `the legend's forts: ${await legend.textContent()}`);
    // A close look at a fort and the pontoons beside it (the hex box centres it).
    await page.locator('#hex-input').fill(fort.hex);
    await page.locator('#hex-input').press('Enter');
    await page.locator('#map').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('+');
    await shot(page, 'modules-markers.png');
  });

  await test('modules: HQ counters look like HQs and one selected shows its command radius', async () => {
    const c = await game();
    const st = (await api.view(c.id, c.seats.hotseat.token)).state;
    const hqs = st.units.filter((u) => u.kind === 'hq' && u.status === 'map');
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator('.counter.hq').count()) === hqs.length, `${await page.locator('.counter.hq').count()} HQ counters drawn, ${hqs.length} on the map`);
    assert((await page.locator('.counter:not(.hq) .hq-frame').count()) === 0, 'a combat unit is drawn as an HQ');
    // A corps-level HQ of the side to act (a move of its own selects it) and
    // one of the other side (its hex clicked): radius 4 and 8 here.
    // (The first HQ of its hex: a click on a hex shows that one.)
    const firstOfHex = (q) => hqs.find((u) => u.hex === hqs.find((x) => x.id === q.id)?.hex)?.id === q.id;
    for (const hq of st.command.hqs.filter((q) => q.radius !== 'unlimited' && firstOfHex(q)).filter((q, i, xs) => xs.findIndex((x) => x.radius === q.radius) === i)) {
      const u = hqs.find((x) => x.id === hq.id);
      await page.locator(`.counter[data-unit="${hq.id}"]`).click();
      await page.locator('#hq-info', { hasText: hq.id }).waitFor();
      assert((await page.locator('#hq-info').textContent()).includes(`command radius ${hq.radius} hexes`), `the panel: ${await page.locator('#hq-info').textContent()}`);
      const shaded = await page.locator('.shade.command-radius').evaluateAll((els) => els.map((e) => e.getAttribute('data-hex')));
      assert(shaded.includes(u.hex), `${hq.id}'s own hex ${u.hex} is not in its radius`);
      // A full ring of radius r holds 3r(r+1)+1 hexes; a map edge cuts some.
      const full = 3 * hq.radius * (hq.radius + 1) + 1;
      assert(shaded.length > full / 3 && shaded.length <= full, `${hq.id}: ${shaded.length} hexes shaded for radius ${hq.radius}`);
      // Two steps straight along the column stay in; radius + 1 is out.
      const col = u.hex.slice(0, 2), row = Number(u.hex.slice(2));
      const along = (d) => col + String(row + d).padStart(2, '0');
      assert(!shaded.includes(along(hq.radius + 1)) && !shaded.includes(along(-hq.radius - 1)), `${hq.id}: a hex ${hq.radius + 1} away is shaded`);
      const title = await page.locator(`.counter[data-unit="${hq.id}"] title`).textContent();
      assert(title.includes(`command radius ${hq.radius}`), `${hq.id}'s tooltip: ${title}`);
      await page.keyboard.press('Escape');
    }
    await shot(page, 'modules-hq-radius.png');
  });

  await test('orders: frozen commands are marked on their units and the rolls listed (FR 8)', async () => {
    const c = await game(['command']);
    const orders = (await api.view(c.id, c.seats.hotseat.token)).state.orders;
    assert(orders && orders.rule === 'FR 8' && orders.rolls.length > 0, `the orders: ${JSON.stringify(orders)}`);
    assert(orders.may_not_move.length > 0, 'this seed freezes no command (pick another seed for the test)');
    const page = await open(c.seats.hotseat.url);
    const frozen = await page.locator('.counter.frozen').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')).sort());
    const expected = orders.may_not_move.map((x) => x.unit).filter((id) => id).sort();
    const onMap = (await api.view(c.id, c.seats.hotseat.token)).state.units.filter((u) => u.status === 'map').map((u) => u.id);
    const want = expected.filter((id) => onMap.includes(id));
    assert(JSON.stringify(frozen) === JSON.stringify(want), `frozen counters ${frozen}, the state's ${want}`);
    const rows = page.locator('#order-rolls tr');
    assert((await rows.count()) === orders.rolls.length + 1, `${await rows.count()} rows for ${orders.rolls.length} rolls`);
    for (const r of orders.rolls) {
      const row = page.locator('#order-rolls tr', { hasText: r.unit }).first();
      const cells = await row.locator('td').allTextContents();
      assert(cells[1] === String(r.die) && cells[3] === (r.frozen ? 'frozen' : r.attack_ordered ? 'ordered to attack' : 'free'), `${r.unit}: ${cells}`);
    }
    const title = await page.locator(`.counter.frozen[data-unit="${want[0]}"] title`).textContent();
    assert(title.includes('may not move this player-turn'), `a frozen counter's tooltip: ${title}`);
    await shot(page, 'modules-orders.png');
  });

  // Hex steps on the Four Roads grid (odd columns half a hex north, rows
  // counted northward): how the test walks a unit to an exit.
  const steps = (a, b) => {
    const cube = (h) => {
      const c = Number(h.slice(0, 2)), r = Number(h.slice(2));
      const z = r - (c + (c & 1)) / 2;
      return [c, -c - z, z];
    };
    const x = cube(a), y = cube(b);
    return Math.max(...x.map((v, i) => Math.abs(v - y[i])));
  };
  const endPhases = async (id, token, n) => {
    for (let i = 0; i < n; i++) {
      const r = await api.act(id, token, { kind: 'end' });
      assert(r.status === 200, `end refused: ${JSON.stringify(r.json)}`);
    }
  };

  await test('decisions: the page offers the engine\'s module decisions; a pontoon emplaced, a refusal with its rule, a fort built', async () => {
    const c = await api.create({ new: { title: TITLE, scenario: 'chancellorsville', seed: 3 }, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    const st = (await api.view(c.id, t)).state;
    const open_ = st.modules.decisions.filter((d) => d.side === st.to_act);
    const d = open_.find((x) => x.key === 'emplace' && x.value !== 0);
    assert(d && d.hex && d.rule === 'R-FR-PONTOON', `the engine lists no pontoon to emplace: ${JSON.stringify(st.modules.decisions)}`);
    const page = await open(c.seats.hotseat.url);
    assert((await page.locator('.module-decision').count()) === open_.length, `${await page.locator('.module-decision').count()} decision buttons for ${open_.length} listed`);
    const btn = page.locator(`.module-decision[data-key="emplace"][data-unit="${d.unit}"][data-value="${d.value}"]`);
    assert((await btn.textContent()).includes(d.label), `the button says "${await btn.textContent()}", the module "${d.label}"`);
    await shot(page, 'modules-decisions.png');
    await btn.click();
    await page.locator(`.module-marker.marker-pontoon[data-state="ordered"][data-hex="${d.hex}"]`).waitFor();
    // The engine now lists the order's withdrawal, and the page offers it.
    await page.locator(`.module-decision[data-key="emplace"][data-unit="${d.unit}"][data-value="0"]`).waitFor();
    const log = (await api.view(c.id, t)).log;
    assert(log.some((i) => i.action.kind === 'scenario' && i.action.unit === d.unit && i.action.value === d.value), 'the order is not in the log');
    // A refusal comes back with the module's rule: another train's button made
    // to name a hex that is not beside it.
    const other = (await api.view(c.id, t)).state.modules.decisions.find((x) => x.key === 'emplace' && x.value !== 0 && x.unit !== d.unit);
    assert(other, 'no second pontoon train to refuse');
    const bad = page.locator(`.module-decision[data-unit="${other.unit}"][data-value="${other.value}"]`);
    await bad.evaluate((b) => {
      const a = JSON.parse(b.dataset.action);
      a.value = 101;
      b.dataset.action = JSON.stringify(a);
    });
    await bad.click();
    await page.locator('#toast', { hasText: 'rule R-FR-PONTOON' }).waitFor();
    // Two nights later (Game-Turn 7) every unit that stood still may build a
    // fort: the page offers it and the fort is built when the player-turn ends.
    await endPhases(c.id, t, 22);
    const fort = page.locator('.module-decision[data-key="fort"][data-value="1"]').first();
    await fort.waitFor();
    const unit = await fort.getAttribute('data-unit');
    const hex = await fort.getAttribute('data-hex');
    assert((await fort.textContent()).includes('build a fort'), await fort.textContent());
    await fort.click();
    await page.locator(`.module-marker.marker-fort[data-state="ordered"][data-hex="${hex}"]`).waitFor();
    await endPhases(c.id, t, 2);
    const markers = (await api.view(c.id, t)).state.modules.markers;
    assert(markers.some((m) => m.kind === 'fort' && m.hex === hex && !m.state), `no fort built at ${hex} for ${unit}`);
    await page.locator(`.module-marker.marker-fort:not([data-state])[data-hex="${hex}"]`).waitFor();
  });

  await test('decisions: an exited unit re-enters through the page by its exit hex (FR 4)', async () => {
    const c = await api.create({ new: { title: TITLE, scenario: 'spotsylvania-1', seed: 3 }, mode: 'hotseat' });
    const t = c.seats.hotseat.token;
    const exit = '4704';
    // Sent through the API: the Union's nearest cavalry rides for the exit
    // while everything else stands still.
    const st = (await api.view(c.id, t)).state;
    const rider = st.units.filter((u) => u.side === 'union' && u.status === 'map' && u.type === 'cav').sort((a, b) => steps(a.hex, exit) - steps(b.hex, exit))[0];
    let gone = false;
    for (let turn = 0; turn < 8 && !gone; turn++) {
      const at = (await api.view(c.id, t)).state.units.find((x) => x.id === rider.id).hex;
      if (at === exit) {
        gone = (await api.act(c.id, t, { kind: 'move', unit: rider.id, path: [], exit: true })).status === 200;
        if (gone) break;
      }
      const r = await api.reach(c.id, t, rider.id);
      if (r.paths?.[exit]) {
        const m = await api.act(c.id, t, { kind: 'move', unit: rider.id, path: r.paths[exit], exit: true });
        gone = m.status === 200;
      }
      if (!gone && r.hexes) {
        const best = Object.keys(r.hexes).sort((a, b) => steps(a, exit) - steps(b, exit) || r.hexes[a] - r.hexes[b])[0];
        if (best) await api.act(c.id, t, { kind: 'move', unit: rider.id, path: r.paths[best] });
      }
      await endPhases(c.id, t, 4);
    }
    assert(gone, `${rider.id} never left by ${exit}`);
    const before = (await api.view(c.id, t)).state;
    const u = before.units.find((x) => x.id === rider.id);
    assert(u.status === 'exited' && u.reenter?.includes(exit), `${rider.id}: ${JSON.stringify(u)}`);
    const page = await open(c.seats.hotseat.url);
    const back = page.locator(`#reentry [data-enter="${rider.id}"]`);
    await back.click();
    await page.locator(`.shade.entry[data-hex="${exit}"]`).waitFor();
    await page.locator('#hex-input').fill(exit);
    await page.locator('#hex-input').press('Enter');
    await page.locator(`.counter[data-unit="${rider.id}"]`).waitFor();
    const after = (await api.view(c.id, t)).state;
    const v = after.units.find((x) => x.id === rider.id);
    assert(v.status === 'map' && v.hex === exit, `${rider.id} after re-entry: ${JSON.stringify(v)}`);
    assert(!after.modules.markers.some((m) => m.kind === 'exited' && m.unit === rider.id), 'its exit marker (and points) stayed');
    assert((await page.locator(`#reentry [data-enter="${rider.id}"]`).count()) === 0, 'the page still offers its re-entry');
    await shot(page, 'modules-reentry.png');
  });

  // No Four Roads rating is other than an assumed 0 (R-FR-OOB-RATINGS) and the
  // server makes no sandbox game with modules, so no real attack here has a
  // die modifier: the C++ test FR_9.ThePagesPreviewReadsTheCrtRowWithTheModifier
  // proves what the server sends for one, and this test that the page shows
  // exactly that: the preview reply is the server's own with those fields added
  // as that test's sandbox HQ (rated 2) would make them.
  await test('FR 9: the odds preview shows the die modifier, whose it is, its rule and the chances without it', async () => {
    const c = await api.create(sandbox([
      ['A1', 'union', 'inf', 6, '0505'], ['B1', 'confederate', 'inf', 2, '0506'],
    ]));
    const t = c.seats.hotseat.token;
    await api.act(c.id, t, { kind: 'end' });
    const page = await open(c.seats.hotseat.url);
    let sent = null;
    await page.route('**/preview', async (route) => {
      const real = await (await route.fetch()).json();
      const mod = 2;
      const rows = real.outcomes.map((o) => ({ ...o, modified_die: Math.min(6, Math.max(1, o.die + mod)) }));
      // The row read for each face is the plain row's entry at the moved die.
      const at = (d) => real.outcomes.find((o) => o.die === d).result;
      const chances = {}, without = {};
      for (const o of rows) chances[at(o.modified_die)] = (chances[at(o.modified_die)] ?? 0) + 1 / 6;
      for (const o of real.outcomes) without[o.result] = (without[o.result] ?? 0) + 1 / 6;
      sent = { ...real, die_modifier: mod, modifier: 'Test HQ attacking: +2', modifier_rule: 'FR 9',
        outcomes: rows.map((o) => ({ ...o, result: at(o.modified_die) })), chances, chances_without: without };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(sent) });
    });
    await page.locator('#phase', { hasText: 'combat' }).waitFor();
    await page.locator('.counter[data-unit="A1"]').click();
    await page.locator('.counter[data-unit="B1"]').click();
    await page.locator('#die-modifier').waitFor();
    const line = await page.locator('#die-modifier').textContent();
    assert(line.includes('+2') && line.includes('Test HQ attacking') && line.includes('FR 9'), `modifier line: ${line}`);
    const plain = Object.entries(sent.chances_without).filter(([, x]) => x > 0).map(([r, x]) => `${r} ${Math.round(x * 100)}%`);
    const w = await page.locator('#chances-without').textContent();
    for (const p of plain) assert(w.includes(p), `"${p}" missing from: ${w}`);
    const cells = await page.locator('#preview td[title*="read as a"]').count();
    assert(cells === 6, `each of the six faces says which row it is read on (${cells})`);
    await page.unroute('**/preview');
  });
}
