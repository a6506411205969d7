// npm run bench:web -- [--runs 5] [--skip-build] [--out docs/benchmarks.md]
//
// What a phone on a slow network meets on its first visit: builds the web app (unless
// --skip-build), starts the real app on a fresh data folder, makes a caucus and a debate, then
// loads /, /auth, /caucus/{id} and /debate/{id} in Debian's Chromium (signed out, then the last two
// as a member of the caucus), and the pages a member opens most once signed in (/home,
// /my-caucuses, /notifications: issue 33), each time in a new browser context (an empty cache), under the
// "slow 4G" profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4x). For each page it records the bytes transferred and the
// Largest Contentful Paint, takes the median of the runs, prints a table and writes it into
// docs/benchmarks.md between the bench:web markers, with the initial JS of the build (the
// entry and what it preloads, gzipped) next to its budget.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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
import { FIRST_VISIT_BUDGET, INITIAL_JS_BUDGET, initialJs } from './initial-js';

const MARK_START = '<!-- bench:web:start -->';
const MARK_END = '<!-- bench:web:end -->';
/** Issue 33: the pages a newcomer meets first (drawn by the server) within 1 s, the signed-in ones within 1.5 s. */
const LCP_BUDGET_MS = { firstVisit: 1000, signedIn: 1500 } as const;
/** Lighthouse's "slow 4G" (its mobile default): 150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x. */
const PROFILE = { latencyMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'skip-build': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('Usage: npm run bench:web -- [--runs N] [--skip-build] [--out FILE]');
  process.exit(0);
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error('--runs must be a whole number from 1 to 50');
  process.exit(2);
}

const log = (line: string) => console.log(`[bench:web] ${line}`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Load {
  lcpMs: number;
  /** When the app had drawn or adopted the page and answered input (the layout's `app-ready` mark). */
  readyMs: number;
  transferred: number;
  js: number;
  requests: number;
}

/** A session cookie of `email` (signed in through the API, as the browser would). */
async function sessionCookies(base: string, email: string): Promise<Cookie[]> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1), url: base };
  });
}

type Cookie = { name: string; value: string; url: string };

async function loadOnce(browser: Browser, url: string, cookies: Cookie[] = []): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (cookies.length > 0) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: (PROFILE.downKbps * 1024) / 8,
      uploadThroughput: (PROFILE.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
    const types = new Map<string, string>();
    let transferred = 0;
    let js = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      // A stream (the chat's Server-Sent Events) never finishes: it is not part of the load.
      requests += 1;
      transferred += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') js += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load' });
    // Drawn: a heading in <main>, nothing loading, and the network quiet.
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('status', { name: 'Loading', exact: true }).waitFor({ state: 'detached', timeout: 60_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    const readyMs = await page.evaluate(() => performance.getEntriesByName('app-ready')[0]?.startTime ?? 0);
    return { lcpMs, readyMs, transferred, js, requests };
  } finally {
    await context.close();
  }
}

function writeResults(markdown: string): void {
  const file = args.out!;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${MARK_START}\n${markdown}\n${MARK_END}`;
  const start = text.indexOf(MARK_START);
  const end = text.indexOf(MARK_END);
  const next = start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + MARK_END.length) : `${text.trimEnd()}\n\n## The first visit on a slow phone (npm run bench:web)\n\n${block}\n`;
  writeFileSync(file, next);
}

async function main() {
  if (!args['skip-build']) {
    log('Building the web app (vite build)…');
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const js = initialJs('dist/web');
  log(`Initial JS: ${js.files.length} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli (budget ${kb(INITIAL_JS_BUDGET)} gzip)`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caucus-bench-web-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const logFile = path.join(dataDir, 'app.log');
  log(`Starting the app on ${base} (fresh embedded PostgreSQL in ${dataDir})…`);
  const app = await startApp({ port, logFile, dataDir, env: { LOG_LEVEL: 'warn', NODE_ENV: 'development' } });
  let browser: Browser | undefined;
  try {
    const database = await openAppDatabase({ settings: { dataDir }, whenAppRunning: 'attach', poolMax: 2 });
    let pages: Array<{ name: string; path: string; cookies?: Cookie[]; budget: keyof typeof LCP_BUDGET_MS }>;
    try {
      const owner = await createUser(database.db, { name: 'Bench Organizer' });
      const caucus = await createCaucusRow(database.db, { name: 'Riverside Neighbours' });
      await addOrganizer(database.db, caucus.id, owner.id);
      const [member] = await addVotingMembers(database.db, caucus, 6);
      const memberCookies = await sessionCookies(base, member!.email);
      const debate = await createDebateRow(database.db, owner.id);
      for (let i = 0; i < 5; i += 1) {
        const voter = await createUser(database.db, { name: `Bench Voter ${i + 1}` });
        await addTextResponse(database.db, debate.id, voter.id, `Response ${i + 1}: a few sentences of argument, as people write them.`);
      }
      pages = [
        { name: '/', path: '/', budget: 'firstVisit' },
        { name: '/auth', path: '/auth', budget: 'firstVisit' },
        { name: '/caucus/{id}', path: `/caucus/${caucus.id}`, budget: 'firstVisit' },
        { name: '/debate/{id}', path: `/debate/${debate.id}`, budget: 'firstVisit' },
        { name: '/caucus/{id}, a member', path: `/caucus/${caucus.id}`, cookies: memberCookies, budget: 'signedIn' },
        { name: '/debate/{id}, signed in', path: `/debate/${debate.id}`, cookies: memberCookies, budget: 'signedIn' },
        { name: '/home, a member', path: '/home', cookies: memberCookies, budget: 'signedIn' },
        { name: '/my-caucuses, a member', path: '/my-caucuses', cookies: memberCookies, budget: 'signedIn' },
        { name: '/notifications, a member', path: '/notifications', cookies: memberCookies, budget: 'signedIn' },
      ];
    } finally {
      await database.close();
    }

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const rows: string[] = [];
    let allMet = js.gzip <= INITIAL_JS_BUDGET;
    for (const target of pages) {
      await loadOnce(browser, `${base}${target.path}`, target.cookies); // warms the server, not the browser (new context each time)
      const loads: Load[] = [];
      for (let i = 0; i < runs; i += 1) loads.push(await loadOnce(browser, `${base}${target.path}`, target.cookies));
      const lcp = median(loads.map((l) => l.lcpMs));
      const met = lcp > 0 && lcp <= LCP_BUDGET_MS[target.budget];
      allMet &&= met;
      // The first visit to / also has a budget of bytes on the wire (tests/e2e/first-load.spec.ts).
      if (target.path === '/') allMet &&= median(loads.map((l) => l.transferred)) <= FIRST_VISIT_BUDGET;
      const line = `| ${target.name} | ${Math.round(lcp)} ms ${met ? '✓' : '✗'} (≤ ${LCP_BUDGET_MS[target.budget]}) | ${Math.round(Math.min(...loads.map((l) => l.lcpMs)))}–${Math.round(Math.max(...loads.map((l) => l.lcpMs)))} ms | ${Math.round(median(loads.map((l) => l.readyMs)))} ms | ${kb(median(loads.map((l) => l.transferred)))} | ${kb(median(loads.map((l) => l.js)))} | ${median(loads.map((l) => l.requests))} |`;
      log(line);
      rows.push(line);
    }
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const markdown = [
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${cpu}, Chromium ${browser.version()}, ${runs} cold loads per page (median), a 360 px phone viewport, signed out unless the row says otherwise (a member of the caucus).`,
      `Profile: ${PROFILE.latencyMs} ms round trip, ${PROFILE.downKbps / 1024} Mbit/s down, ${PROFILE.upKbps} kbit/s up, CPU slowed ${PROFILE.cpuSlowdown}x.`,
      '',
      `Initial JS (index.html's entry and its modulepreloads, ${js.files.length} files): **${kb(js.gzip)} gzip** (${kb(js.brotli)} brotli, ${kb(js.raw)} raw); budget ${kb(INITIAL_JS_BUDGET)} gzip ${js.gzip <= INITIAL_JS_BUDGET ? '✓' : '✗'}.`,
      '',
      `| Page | LCP (median) | LCP range | App ready (median) | Transferred | of it JS | Requests |`,
      `|---|---|---|---|---|---|---|`,
      ...rows,
      '',
      `Goal (issue 33): LCP ≤ ${LCP_BUDGET_MS.firstVisit} ms on the pages a newcomer meets first and ≤ ${LCP_BUDGET_MS.signedIn} ms on the signed-in ones, initial JS ≤ ${kb(INITIAL_JS_BUDGET)} gzip and the first visit to / ≤ ${kb(FIRST_VISIT_BUDGET)} transferred: ${allMet ? 'met' : 'not met'}.`,
    ].join('\n');
    writeResults(markdown);
    log(`Written to ${args.out}.`);
    if (!allMet) process.exitCode = 1;
  } finally {
    await browser?.close();
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
