// The first load of a phone: the JS it must fetch before the app runs stays within the budget
// of issue 12 (measured on the build these tests run against), and the index.html sent for a
// page lists that page's own code for preloading. The timings are in `npm run bench:web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VISIT_BUDGET, INITIAL_JS_BUDGET, initialJs } from '../../scripts/bench/initial-js';
import { expect, test } from './support/fixtures';

const DIST = path.join(import.meta.dirname, '../../dist/web');

test('the initial JS of the build is within the budget, gzipped as served', () => {
  const js = initialJs(DIST);
  expect(js.files.length).toBeGreaterThan(0);
  expect(js.gzip, `initial JS: ${js.files.join(', ')}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  // zod is not in it: the pages that validate bring it.
  expect(js.files.some((f) => /schemas|zod/.test(f))).toBe(false);
  // Nor the movement's map and charts (d3-geo, topojson, Chart.js): only its pages load them.
  expect(js.files.some((f) => /movement-map|progress-charts|states-10m/.test(f))).toBe(false);
});

test('the first visit to / transfers at most 200 kB, and fetches the side menu and the toaster only when wanted', async ({ browser }) => {
  // As `npm run bench:web` loads it: a phone, an empty cache, until the network is quiet.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const urls = new Map<string, string>();
    const loads: Array<{ url: string; bytes: number }> = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => loads.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength }));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to a better way to choose who represents you.' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = loads.reduce((sum, l) => sum + l.bytes, 0);
    const listing = loads.map((l) => `${l.bytes} ${new URL(l.url).pathname}`).join('\n');
    expect(total, `transferred by the first visit to /:\n${listing}`).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
    // What it does not draw stays on the server: every lucide icon, the UI kit with sonner and Radix.
    expect(loads.map((l) => new URL(l.url).pathname).filter((p) => /\/assets\/(icons|ui|mobile-menu|toaster)-/.test(p))).toEqual([]);

    // Reaching for the menu fetches it, and it opens; a press brings the toaster.
    const menuCode = page.waitForResponse((r) => /\/assets\/mobile-menu-/.test(r.url()));
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menuCode;
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => loads.some((l) => /\/assets\/toaster-/.test(l.url))).toBe(true);
  } finally {
    await context.close();
  }
});

test('index.html preloads the code of the page asked for, and only that page', async ({ request }) => {
  const preloads = async (url: string) => {
    const html = await (await request.get(url)).text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  };
  const landing = await preloads('/');
  const caucus = await preloads('/caucus/00000000-0000-0000-0000-000000000000');
  expect(landing.some((f) => f.includes('landing-page'))).toBe(true);
  expect(caucus.some((f) => f.includes('caucus-detail'))).toBe(true);
  expect(caucus.some((f) => f.includes('landing-page'))).toBe(false);
});

test("no page's code brings another page's: each route preloads at most one page chunk", () => {
  // The bundler once put the form data the schemas share into the /auth page's chunk, and
  // /profile, /security and every page that validates fetched the sign-in page with their own.
  const preloads = JSON.parse(readFileSync(path.join(DIST, 'route-preloads.json'), 'utf8')) as Record<string, string[]>;
  expect(Object.keys(preloads).length).toBeGreaterThan(10);
  const pageChunk = /-pages?-[A-Za-z0-9_-]{8}\.js$/;
  const crowded = Object.entries(preloads)
    .map(([route, files]) => [route, files.filter((f) => pageChunk.test(f))] as const)
    .filter(([, pages]) => pages.length !== 1);
  expect(crowded).toEqual([]);
});

test('a page whose code is preloaded draws without a loading skeleton', async ({ page }) => {
  const skeletons: number[] = [];
  await page.exposeFunction('reportSkeleton', (n: number) => skeletons.push(n));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const n = document.querySelectorAll('main [role="status"][aria-label="Loading"]').length;
      if (n) (window as unknown as { reportSkeleton(n: number): void }).reportSkeleton(n);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to a better way to choose who represents you.' })).toBeVisible();
  expect(skeletons).toEqual([]);
});
