// The pages a suite of end-to-end tests opens, shared by every suite: each
// test's pages are closed when it ends, passed or failed (an open page keeps
// its event stream, and Chromium allows six connections a host), and a failed
// test leaves a screenshot of each.
import { createRequire } from 'node:module';

export const DESKTOP = { width: 1600, height: 1000 };
export const PHONE = { width: 390, height: 844 };

// axe-core (a devDependency) checks a page against WCAG: the serious or
// critical violations it finds, in words (a test fails on any).
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export async function axeViolations(page) {
  await page.addScriptTag({ path: axePath });
  const r = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}

export function pageKit({ test: run, shot, base, context, timeout }) {
  const opened = [];
  const test = (name, fn) => run(name, async () => {
    try {
      await fn();
    } catch (e) {
      for (const [i, p] of opened.entries()) await shot(p, `failed-${name.replace(/\W+/g, '-').slice(0, 40)}-${i}.png`).catch(() => {});
      throw e;
    } finally {
      for (const p of opened.splice(0)) await p.close();
    }
  });
  // A blank page in front (a background tab's frames are throttled), at
  // `viewport` if given, else the context's.
  const blank = async (viewport) => {
    const page = await context.newPage();
    opened.push(page);
    page.setDefaultTimeout(timeout);
    if (viewport) await page.setViewportSize(viewport);
    await page.bringToFront();
    return page;
  };
  // A game page (a seat's or a watcher's link), once its counters are drawn.
  const open = async (url, viewport) => {
    const page = await blank(viewport);
    await page.goto(base + url);
    await page.locator('.counter').first().waitFor();
    return page;
  };
  return { test, blank, open, opened };
}
