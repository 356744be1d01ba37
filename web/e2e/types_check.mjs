// The page's types (web/src/types.ts) checked against what the server really
// sends: the test plays a few games through the API (a sandbox battle with a
// combat and its decisions, Road to Richmond's seats, Four Roads with its rule
// modules, a fair-dice game), keeps every kind of reply, writes them as typed
// constants into a TypeScript file and runs tsc on it. A field the server
// sends that types.ts lacks (an object literal's excess property), a field
// types.ts requires that the server leaves out, or a value of another type
// fails the test: the types cannot drift from the protocol unnoticed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient, sandbox } from './table.mjs';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const unit = (id, side, strength, hex, more) => [id, side, 'inf', strength, hex, more];

export async function typesTests({ test, assert, base }) {
  const api = apiClient(base);
  const get = async (path, token) => (await fetch(base + path, { headers: token ? { 'X-Bluegray-Token': token } : {} })).json();
  const post = async (path, token, body) =>
    (await fetch(base + path, { method: 'POST', headers: { 'X-Bluegray-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();

  await test('shared types: every kind of server reply type-checks against web/src/types.ts', async () => {
    const samples = [];  // [type, json]
    const keep = (type, json) => {
      assert(json && json.ok !== false, `${type}: the server refused: ${JSON.stringify(json)}`);
      samples.push([type, json]);
    };
    keep('Titles', await get('/api/titles'));
    // A sandbox battle: reach, a reinforcement's entries, a preview, an attack
    // and its decisions (seeds until one leaves a retreat pending).
    for (let seed = 1; seed < 30; seed++) {
      const body = sandbox([
        unit('U', 'union', 6, '0505'), ['G', 'union', 'art', 3, '0404'], unit('K', 'confederate', 3, '0506'),
        unit('R', 'union', 2, null, { arrival: 1, entry: ['0101'] }),
      ]);
      body.new.seed = seed;
      const c = await api.create(body);
      const t = c.seats.hotseat.token;
      keep('ReachReply', await get(`/api/games/${c.id}/reach?unit=G`, t));
      keep('ReachReply', await get(`/api/games/${c.id}/reach?unit=R`, t));
      keep('Overlays', await get(`/api/games/${c.id}/overlays?unit=G`, t));
      keep('Charts', await get(`/api/games/${c.id}/charts`));
      keep('ActReply', await post(`/api/games/${c.id}/actions`, t, { action: { kind: 'end' } }));
      keep('Preview', await post(`/api/games/${c.id}/preview`, t, { units: ['U'], hexes: ['0506'], odds: null }));
      keep('ActReply', await post(`/api/games/${c.id}/actions`, t, { action: { kind: 'attack', units: ['U'], hexes: ['0506'], odds: null } }));
      const v = await api.view(c.id, t);
      keep('GameView', v);
      if (v.state.pending.some((p) => p.kind === 'retreat')) break;
    }
    // Road to Richmond: each seat's view (the secret choice made), a spectator's.
    const rtr = await api.create({ new: { title: 'road-to-richmond', exclusive: 'revised', seed: 4, options: ['variable-reinforcements'] }, mode: 'two-seat' });
    const conf = rtr.seats.confederate.token;
    const choice = (await api.view(rtr.id, conf)).ui.decisions[0];
    if (choice) await api.act(rtr.id, conf, { kind: 'scenario', unit: choice.units[0], value: choice.choices.at(-1).value });
    for (const seat of ['union', 'confederate', 'spectator']) keep('GameView', await api.view(rtr.id, rtr.seats[seat].token));
    // Four Roads with its rule modules (command, orders, forts, exits...).
    const titles = await get('/api/titles');
    const fr = titles.titles.find((x) => x.name === 'four-roads');
    for (const s of fr.scenarios) {
      const g = await api.create({ new: { title: 'four-roads', scenario: s.name, options: fr.options.map((o) => o.name) }, mode: 'hotseat' });
      keep('GameView', await api.view(g.id, g.seats.hotseat.token));
      keep('Charts', await get(`/api/games/${g.id}/charts`));  // the title's own terrain rows
    }
    // Against the computer with its level and posture (which the view, the
    // summary and the games list state).
    const vsComputer = await api.create({ new: { title: 'road-to-richmond', seed: 6 }, mode: 'computer', human: 'confederate', level: 'ai-easy', posture: 'stand' });
    keep('GameView', await api.view(vsComputer.id, vsComputer.seats.confederate.token));
    // Fair dice, and the stored games list.
    const fair = await api.create({ ...sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')], { mode: 'two-seat' }), fair_dice: true });
    keep('GameView', await api.view(fair.id, fair.seats.union.token));
    keep('GamesPage', await get('/api/games'));
    // With seat tokens: `seats` and `your_turn`; and a seat's mail address.
    const two = await api.create(sandbox([unit('U', 'union', 4, '0202'), unit('K', 'confederate', 4, '0909')], { mode: 'two-seat' }));
    keep('GamesPage', await get('/api/games', two.seats.union.token));
    keep('Notify', await get(`/api/games/${two.id}/notify`, two.seats.union.token));

    const dir = mkdtempSync(join(tmpdir(), 'bluegray-types-'));
    try {
      const types = [...new Set(samples.map(([type]) => type.replace(/[{}[\]:]/g, ' ').split(/\s+/)).flat())].filter((x) => /^[A-Z]/.test(x));
      const fromApi = ['ListedGame', 'GamesPage', 'Notify'];
      const fromTypes = types.filter((x) => !fromApi.includes(x));
      const lines = [
        `import type { ${fromTypes.join(', ')} } from '${join(web, 'src', 'types')}';`,
        `import type { ${fromApi.join(', ')} } from '${join(web, 'src', 'api')}';`,
        // Every reply carries "ok": true besides the body the page reads.
        'type Reply<T> = T & { ok?: true };',
        ...samples.map(([type, json], i) => `export const s${i}: Reply<${type}> = ${JSON.stringify(json)};`),
      ];
      writeFileSync(join(dir, 'samples.ts'), lines.join('\n') + '\n');
      if (process.env.BLUEGRAY_TYPES_SAMPLES) writeFileSync(process.env.BLUEGRAY_TYPES_SAMPLES, lines.join('\n') + '\n');
      const tsc = spawnSync(process.execPath, [join(web, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext',
        '--moduleResolution', 'bundler', '--skipLibCheck', '--lib', 'es2022,dom', join(dir, 'samples.ts')], { encoding: 'utf8' });
      const out = (tsc.stdout + tsc.stderr).replace(new RegExp(dir, 'g'), '').split('\n').filter(Boolean).slice(0, 20);
      assert(tsc.status === 0, `the server's replies do not fit types.ts (${samples.length} samples):\n${out.join('\n')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // No `any` in the page's sources.
    for (const f of readdirSync(join(web, 'src')).filter((x) => x.endsWith('.ts'))) {
      const code = readFileSync(join(web, 'src', f), 'utf8').replace(/\/\/.*$/gm, '');
      assert(!/(:|as|<)\s*any\b/.test(code), `${f} uses any`);
    }
  });
}
