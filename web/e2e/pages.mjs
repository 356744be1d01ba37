// The pages a suite of end-to-end tests opens, shared by every suite: each
// test's pages are closed when it ends, passed or failed (an open page keeps
// its event stream, and Chromium allows six connections a host), and a failed
// test leaves a screenshot of each.
export const DESKTOP = { width: 1600, height: 1000 };

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
