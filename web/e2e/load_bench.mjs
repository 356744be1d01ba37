// A benchmark, not a test: how long a cold game page takes to draw in
// Debian's Chromium, and where the time goes. Starts `bluegray serve` on a
// free port, makes a Road to Richmond game, then loads its page N times,
// each in a fresh browser context (an empty cache: a cold load), and prints
// the median of: navigation to the first counter drawn; the page's own marks
// (bg-start: the script runs; bg-view: the seat's view parsed; bg-svg: the
// map's SVG fetched; bg-board: the SVG in the document; bg-drawn: the first
// render done; bg-painted: the next frame painted); and the size and time of each resource.
//
//   cd web && npm run build && BLUEGRAY_BINARY=../build/release/bluegray node e2e/load_bench.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..');
const repo = resolve(web, '..');
const binary = process.env.BLUEGRAY_BINARY
  ? resolve(process.env.BLUEGRAY_BINARY)
  : [join(repo, 'build/release/bluegray'), join(repo, 'build/dev/bluegray')].find(existsSync);
const runs = Number(process.argv[2] ?? 7);
const title = process.env.BLUEGRAY_BENCH_TITLE ?? 'road-to-richmond';

function startServer(db) {
  return new Promise((ok, fail) => {
    const proc = spawn(binary, ['serve', '--port', '0', '--db', db, '--web-root', join(web, 'dist')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) ok({ proc, base: `http://127.0.0.1:${m[1]}` });
    });
    proc.on('exit', (code) => fail(new Error(`the server exited (${code}): ${out}`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const tmp = mkdtempSync(join(tmpdir(), 'bluegray-bench-'));
const { proc, base } = await startServer(join(tmp, 'games.sqlite'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const res = await fetch(base + '/api/games', { method: 'POST', body: JSON.stringify({ new: { title }, mode: 'hotseat' }) });
  const game = await res.json();
  const url = base + game.seats.hotseat.url;
  const totals = [];
  const marks = {};
  const resources = {};
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('.counter').first().waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('bg-painted').length > 0);
    totals.push(Math.round(await page.evaluate(() => performance.getEntriesByName('bg-painted')[0].startTime)));
    const perf = await page.evaluate(() => ({
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
      resources: performance.getEntriesByType('resource').map((r) => [r.name.replace(location.origin, '').replace(/\?.*/, ''), r.duration, r.transferSize]),
      nav: performance.getEntriesByType('navigation').map((n) => [n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd])[0],
    }));
    for (const [name, t] of [...perf.marks, ['responseEnd', perf.nav[0]], ['domContentLoaded', perf.nav[1]], ['load', perf.nav[2]]]) (marks[name] ??= []).push(t);
    for (const [name, d, size] of perf.resources) {
      const key = name.replace(/\/api\/games\/[^/]+/, '/api/games/<id>').replace(/-[\w-]{8}\.(js|css)$/, '.$1');
      (resources[key] ??= { d: [], size }).d.push(d);
    }
    await ctx.close();
  }
  console.log(`Cold load of a ${title} game page, ${runs} runs, ${cpus().length} cores (${cpus()[0].model}):`);
  console.log(`  navigation start to the first frame painted after the first render (bg-painted): median ${median(totals)} ms (min ${Math.min(...totals)}, max ${Math.max(...totals)})`);
  console.log('  page marks (ms since navigation start, median):');
  for (const [name, ts] of Object.entries(marks).sort((a, b) => median(a[1]) - median(b[1]))) console.log(`    ${name.padEnd(18)} ${median(ts).toFixed(0)}`);
  console.log('  resources (median ms, bytes transferred in the last run):');
  for (const [name, r] of Object.entries(resources)) console.log(`    ${name.padEnd(36)} ${median(r.d).toFixed(0).padStart(5)} ms ${String(r.size).padStart(8)} B`);
} finally {
  await browser.close();
  proc.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
