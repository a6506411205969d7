// npx tsx scripts/bench/web-why.ts [--pages REGEX] [--runs N] [--trace PREFIX] [--compare DIR]
//
// Why a page's Largest Contentful Paint lands when it does: loads each page of `npm run bench:web`
// once (or --runs times) under the same slow-4G profile and prints, for each load, every LCP
// candidate (when, how large, which element), the first paint, and when each file arrived;
// --trace also writes each load's Chromium trace (PREFIX-page-run.json: the main thread's tasks).
// --compare DIR runs a second checkout (built, with node_modules) beside this one and loads each
// page from both in turn, printing only the LCPs: on a machine shared with other work, the two
// meet the same load. A diagnosis aid beside bench:web (which keeps the figures); it starts the
// built app on a fresh data folder the same way (run `npx vite build` first, in both).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { openAppDatabase } from '../../src/server/db/app-database';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../src/server/test/caucus-factories';
import { addTextResponse, createDebateRow } from '../../src/server/test/debate-factories';
import { createUser, DEFAULT_PASSWORD } from '../../src/server/test/factories';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium';
import { freePort, startApp, stopApp } from './app-process';

const PROFILE = { latencyMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };
const { values: args } = parseArgs({ options: { pages: { type: 'string', default: '.' }, runs: { type: 'string', default: '1' }, trace: { type: 'string' }, compare: { type: 'string' } } });
const pattern = new RegExp(args.pages!);

type Cookie = { name: string; value: string; url: string };

async function sessionCookies(base: string, email: string): Promise<Cookie[]> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return res.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1), url: base };
  });
}

async function explain(browser: Browser, url: string, cookies: Cookie[] = [], tracePath?: string, quiet = false): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (cookies.length > 0) await context.addCookies(cookies);
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') console.log(`    console.${m.type()}: ${m.text().slice(0, 200)}`);
    });
    // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
    await page.addInitScript(`
      window.__lcp = []; window.__paint = [];
      const describe = (el) => {
        if (!el) return '(removed)';
        const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
        return '<' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' class="' + (el.getAttribute('class') || '').slice(0, 60) + '"> "' + text + '" connected=' + el.isConnected;
      };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: describe(e.element), url: e.url });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__paint.push({ name: e.name, t: Math.round(e.startTime) });
      }).observe({ type: 'paint', buffered: true });
    `);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PROFILE.latencyMs, downloadThroughput: (PROFILE.downKbps * 1024) / 8, uploadThroughput: (PROFILE.upKbps * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
    const sizes = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => sizes.set(urls.get(e.requestId) ?? e.requestId, e.encodedDataLength));
    if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: true, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8.execute', 'disabled-by-default-devtools.timeline.frame'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('status', { name: 'Loading', exact: true }).waitFor({ state: 'detached', timeout: 60_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    if (tracePath) await browser.stopTracing();
    const report = await page.evaluate(() => {
      const w = window as unknown as { __lcp: unknown[]; __paint: unknown[] };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        name: r.name.replace(location.origin, ''),
        start: Math.round(r.startTime),
        end: Math.round(r.responseEnd),
        type: r.initiatorType,
      }));
      const marks = performance.getEntriesByType('mark').map((m) => ({ name: m.name, t: Math.round(m.startTime) }));
      return { lcp: w.__lcp, paint: w.__paint, html: { firstByte: Math.round(nav.responseStart), end: Math.round(nav.responseEnd), dcl: Math.round(nav.domContentLoadedEventEnd) }, resources, marks };
    });
    const candidates = report.lcp as Array<{ t: number; size: number; el: string; url: string }>;
    if (quiet) return candidates.at(-1)?.t ?? 0;
    console.log(`  html: first byte ${report.html.firstByte} ms, last ${report.html.end} ms (${sizes.get(url) ?? '?'} B), DOMContentLoaded ${report.html.dcl} ms`);
    console.log(`  paint: ${JSON.stringify(report.paint)}  marks: ${JSON.stringify(report.marks)}`);
    for (const c of candidates) console.log(`  LCP candidate at ${c.t} ms, ${c.size} px²: ${c.el}${c.url ? ` ${c.url}` : ''}`);
    for (const r of report.resources) console.log(`    ${String(r.start).padStart(5)}–${String(r.end).padStart(5)} ms ${r.type.padEnd(8)} ${r.name.slice(0, 90)} ${sizes.get(new URL(r.name, url).href) ?? ''}`);
    return candidates.at(-1)?.t ?? 0;
  } finally {
    await context.close();
  }
}

/** One checkout's app on a fresh data folder, with the bench's caucus, debate and member. */
async function startSide(cwd: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caucus-web-why-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const app = await startApp({ port, logFile: path.join(dataDir, 'app.log'), dataDir, env: { LOG_LEVEL: 'warn', NODE_ENV: 'development' }, cwd });
  const stop = async () => {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openAppDatabase({ settings: { dataDir }, whenAppRunning: 'attach', poolMax: 2 });
    const owner = await createUser(database.db, { name: 'Bench Organizer' });
    const caucus = await createCaucusRow(database.db, { name: 'Riverside Neighbours' });
    await addOrganizer(database.db, caucus.id, owner.id);
    const [member] = await addVotingMembers(database.db, caucus, 6);
    const debate = await createDebateRow(database.db, owner.id);
    for (let i = 0; i < 5; i += 1) {
      const voter = await createUser(database.db, { name: `Bench Voter ${i + 1}` });
      await addTextResponse(database.db, debate.id, voter.id, `Response ${i + 1}: a few sentences of argument, as people write them.`);
    }
    await database.close();
    const memberCookies = await sessionCookies(base, member!.email);
    const pages = [
      { name: '/', path: '/' },
      { name: '/auth', path: '/auth' },
      { name: '/caucus/{id}', path: `/caucus/${caucus.id}` },
      { name: '/debate/{id}', path: `/debate/${debate.id}` },
      { name: '/caucus/{id}, a member', path: `/caucus/${caucus.id}`, cookies: memberCookies },
      { name: '/debate/{id}, signed in', path: `/debate/${debate.id}`, cookies: memberCookies },
      { name: '/home, a member', path: '/home', cookies: memberCookies },
      { name: '/my-caucuses, a member', path: '/my-caucuses', cookies: memberCookies },
      { name: '/notifications, a member', path: '/notifications', cookies: memberCookies },
    ].filter((p) => pattern.test(p.name));
    return { base, pages, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const sides = [await startSide(undefined)];
  let browser: Browser | undefined;
  try {
    if (args.compare) sides.push(await startSide(path.resolve(args.compare)));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const [here, other] = sides;
    for (let p = 0; p < here!.pages.length; p += 1) {
      const target = here!.pages[p]!;
      if (!other) {
        await fetch(`${here!.base}${target.path}`); // warms the server
        for (let i = 0; i < Number(args.runs); i += 1) {
          console.log(`${target.name}:`);
          await explain(browser, `${here!.base}${target.path}`, target.cookies, args.trace ? `${args.trace}-${target.name.replace(/[^a-z]+/gi, '_')}-${i}.json` : undefined);
        }
        continue;
      }
      const theirs = other.pages[p]!;
      await explain(browser, `${here!.base}${target.path}`, target.cookies, undefined, true);
      await explain(browser, `${other.base}${theirs.path}`, theirs.cookies, undefined, true);
      const lcps: [number[], number[]] = [[], []];
      for (let i = 0; i < Number(args.runs); i += 1) {
        lcps[0].push(await explain(browser, `${here!.base}${target.path}`, target.cookies, undefined, true));
        lcps[1].push(await explain(browser, `${other.base}${theirs.path}`, theirs.cookies, undefined, true));
      }
      console.log(`${target.name}: LCP median ${median(lcps[0])} ms here, ${median(lcps[1])} ms in ${args.compare} (here ${lcps[0].join(' ')}; there ${lcps[1].join(' ')})`);
    }
  } finally {
    await browser?.close();
    for (const side of sides) await side.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
