// The app as an operator runs it (docs/operations.md, decision 045): NODE_ENV=production behind
// Debian's Caddy with the Caddyfile of deploy/ (its site address swapped for
// https://localhost:<port> and `tls internal`), mail to a real SMTP server. A newcomer registers,
// confirms the email from the mail, joins a caucus of their district, chats and casts the vote
// that elects its Delegate, all over https://. The browser trusts Caddy's local CA by the public
// keys of its certificates (--ignore-certificate-errors-spki-list), nothing wider.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { openDatabase, type Database } from '../../src/server/db/client';
import { caucusMembers, votes } from '../../src/server/db/schema/caucuses';
import { users } from '../../src/server/db/schema/auth';
import { addVotingMembers, createCaucusRow } from '../../src/server/test/caucus-factories';
import { freePort } from '../../src/server/test/free-port';
import { startSmtpSink } from '../../src/server/test/smtp-sink';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { appAdopted, firstUrl, logInThroughForm } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

// A first visit to each page over TLS loads its code: a busy CI machine may take longer than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A child process in its own process group (the app forks PostgreSQL; Caddy is one process). */
interface Started {
  child: ChildProcess;
  output: () => string;
}

function startGroup(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (e) => keep(Buffer.from(`${command}: ${e.message}\n`)));
  return { child, output: () => output };
}

/** SIGTERM to the whole group, then (if it has not ended within the bound) SIGKILL. */
async function stopGroup(started: Started | undefined, timeoutMs = 20_000): Promise<void> {
  const child = started?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }, timeoutMs);
  await exited;
  clearTimeout(timer);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
}

/** One request outside the browser: http:// to the app itself, https:// to Caddy with its CA. */
function get(url: string, options: { ca?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const done = (res: import('node:http').IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders }));
    };
    const req = u.protocol === 'https:' ? httpsRequest(u, { ca: options.ca, headers: { 'accept-encoding': 'br, gzip' } }, done) : httpRequest(u, done);
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url} in 10 s`)));
    req.end();
  });
}

/** Whether `url` answers 200 now (false while it cannot be reached). */
const answers200 = (url: string, options: { ca?: string } = {}) => get(url, options).then((a) => a.status === 200, () => false);

/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what Chromium's SPKI list takes. */
function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/**
 * deploy/Caddyfile with the changes a test needs, and only those: the site address becomes
 * https://localhost:<port> with Caddy's own CA (`tls internal`), the upstream the app's port;
 * Caddy's admin endpoint is off, it installs its CA nowhere, and listens on free ports.
 */
function testCaddyfile(deployed: string, ports: { https: number; http: number; app: number }): string {
  const swap = (text: string, from: RegExp | string, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/Caddyfile no longer has ${String(from)}: update production-https.spec.ts`);
    return next;
  };
  let caddyfile = swap(deployed, /^\{[^}]*\}/m, `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n}`);
  caddyfile = swap(caddyfile, /^caucus\.example\.org \{/m, `https://localhost:${ports.https} {\n\ttls internal`);
  caddyfile = swap(caddyfile, 'reverse_proxy 127.0.0.1:3000 {', `reverse_proxy 127.0.0.1:${ports.app} {`);
  return caddyfile;
}

const REPO = path.resolve(import.meta.dirname, '../..');

let folder = '';
let app: Started | undefined;
let caddy: Started | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
let database: Database | undefined;
let browser: Browser | undefined;
let baseURL = '';
let caRoot = '';
let appPort = 0;

test.beforeAll(async () => {
  test.setTimeout(150_000); // a first start: initdb and the migrations, then Caddy's CA
  const version = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error("Debian's Caddy is needed for this test: apt-get install -y caddy");
  folder = mkdtempSync(path.join(tmpdir(), 'caucus-https-'));
  chmodSync(folder, 0o755); // as root, PostgreSQL runs as the postgres user and must reach DATA_DIR
  const dataDir = path.join(folder, 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  smtp = await startSmtpSink();
  appPort = await freePort();
  const ports = { app: appPort, https: await freePort(), http: await freePort() };
  baseURL = `https://localhost:${ports.https}`;

  // The app as deploy/caucus.service runs it, with only what the environment file would hold.
  app = startGroup(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      HOME: folder,
      NODE_ENV: 'production',
      SKIP_WEB_BUILD: '1', // npm test builds the web app before the browser tests
      PORT: String(appPort),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      WORKERS: '1',
      AUTH_SECRET: 'an-operator-secret-of-at-least-32-characters-for-this-test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Caucus <no-reply@caucus.example.org>',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
  });
  await expect
    .poll(() => (app!.child.exitCode === null ? answers200(`http://127.0.0.1:${appPort}/api/health`) : Promise.reject(new Error(`the app ended:\n${app!.output()}`))), {
      message: 'the app answers /api/health',
      timeout: 120_000,
      intervals: [250, 500, 1000],
    })
    .toBe(true);

  const caddyDir = path.join(folder, 'caddy');
  mkdirSync(caddyDir);
  writeFileSync(path.join(caddyDir, 'Caddyfile'), testCaddyfile(readFileSync(path.join(REPO, 'deploy/Caddyfile'), 'utf8'), ports));
  // Caddy keeps its CA and certificates under XDG_DATA_HOME: in the test's folder, not root's.
  caddy = startGroup('caddy', ['run', '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
    cwd: caddyDir,
    env: { PATH: process.env.PATH, HOME: caddyDir, XDG_DATA_HOME: path.join(caddyDir, 'data'), XDG_CONFIG_HOME: path.join(caddyDir, 'config') },
  });
  const authority = path.join(caddyDir, 'data/caddy/pki/authorities/local');
  await expect
    .poll(() => (caddy!.child.exitCode === null ? existsSync(path.join(authority, 'intermediate.crt')) : Promise.reject(new Error(`Caddy ended:\n${caddy!.output()}`))), {
      message: "Caddy's local CA is made",
      timeout: 20_000,
    })
    .toBe(true);
  caRoot = readFileSync(path.join(authority, 'root.crt'), 'utf8');
  await expect.poll(() => answers200(`${baseURL}/api/health`, { ca: caRoot }), { message: 'the app answers through Caddy', timeout: 20_000 }).toBe(true);

  // Chromium accepts a chain that holds one of these keys (Caddy's root and intermediate), and no
  // other certificate error: a narrower trust than a context's ignoreHTTPSErrors.
  const spkiList = ['root.crt', 'intermediate.crt'].map((file) => spkiHash(readFileSync(path.join(authority, file), 'utf8')));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${spkiList.join(',')}`] });

  // The app's embedded PostgreSQL, by its Unix socket, to make the caucus the newcomer joins.
  database = openDatabase({ host: path.join(dataDir, 'postgres'), port: 5433, user: 'postgres', database: 'caucus' }, { max: 2 });
});

test.afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await stopGroup(caddy);
  await stopGroup(app); // the app stops its PostgreSQL on SIGTERM
  await smtp?.close().catch(() => undefined);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The newest mail the SMTP server received for `to` whose subject contains `subject` (polled, bounded). */
async function mailTo(to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = smtp!.received.filter((m) => m.subject?.includes(subject) && JSON.stringify(m.to).includes(to)).at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} about ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({ baseURL, serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

test('over https through Caddy: a newcomer registers, confirms by mail, joins a caucus, chats and elects its Delegate', async () => {
  test.setTimeout(300_000); // 2.5 to 3.6 minutes measured on 2 cores shared with a dozen busy processes
  const db = database!.db;
  const state = { code: 'CA', name: 'California', district: 12 };
  const caucus = await createCaucusRow(db, { name: 'Harbor Street', state: state.code, district: state.district, level: 1 });
  // Nine verified neighbours have joined already and voted for the first of them.
  const members = await addVotingMembers(db, caucus, 9);
  const delegate = members[0]!;
  await db.insert(votes).values(members.map((m) => ({ caucusId: caucus.id, voterId: m.id, candidateId: delegate.id })));

  const newcomer = { name: 'Nora Newcomer', email: `nora-${Date.now()}@example.test`, password: 'a long enough password' };
  const { context, page } = await newPage();

  await test.step('the certificate is not trusted by default: only the browser given its keys accepts it', async () => {
    await expect(get(`${baseURL}/api/health`)).rejects.toThrow(/self[- ]signed|unable to (get|verify)|certificate/i);
  });

  await test.step('the newcomer registers over https; the confirmation mail goes out by SMTP', async () => {
    const landing = await page.goto('/auth');
    expect(landing?.status()).toBe(200);
    const headers = await landing!.headersArray();
    // HSTS comes from the app (src/server/http/security.ts), once: Caddy adds none.
    expect(headers.filter((h) => h.name.toLowerCase() === 'strict-transport-security').map((h) => h.value)).toEqual(['max-age=15552000; includeSubDomains']);
    expect(headers.filter((h) => h.name.toLowerCase() === 'content-security-policy')).toHaveLength(1);
    // The page is compressed by the app and passes through Caddy as it is.
    expect(landing!.headers()['content-encoding']).toBe('br');

    await appAdopted(page); // the page drawn by the server is the app's from here on
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Name').fill(newcomer.name);
    await form.getByLabel('Email').fill(newcomer.email);
    await form.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await form.getByLabel('Confirm Password').fill(newcomer.password);
    await form.getByLabel('Political Alignment').selectOption('Independent');
    await form.getByLabel('State').selectOption({ label: state.name });
    await form.getByLabel('District').selectOption(String(state.district));
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toBeVisible();
  });

  await test.step('the link of the mail confirms the email and signs in with a Secure, HttpOnly cookie', async () => {
    const mail = await mailTo(newcomer.email, 'Confirm your email');
    const link = firstUrl(mail.text ?? '');
    expect(link.startsWith(`${baseURL}/`), `the link is on the https:// address: ${link}`).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    const session = (await context.cookies()).filter((c) => /session_token$/.test(c.name));
    expect(session.map((c) => c.name)).toEqual(['__Secure-better-auth.session_token']);
    expect(session[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', domain: 'localhost', path: '/' });
  });

  await test.step('in production without Stripe keys verification is unavailable, never the test mode', async () => {
    await page.goto('/verification');
    await expect(page.getByText('Verification is not available on this server right now.', { exact: false })).toBeVisible();
    await expect(page.getByText('Test mode', { exact: false })).toHaveCount(0);
    const started = await page.evaluate(() => fetch('/api/verification/payment', { method: 'POST' }).then((r) => r.status));
    expect(started).toBe(503);
    expect((await page.request.fetch(`${baseURL}/test-provider/checkout/x`, { failOnStatusCode: false, ignoreHTTPSErrors: true })).status()).toBe(404);
    // What Stripe's signed webhook would record for a paid fee and a passed identity check.
    await db.update(users).set({ verified: true }).where(eq(users.email, newcomer.email));
  });

  const delegatePage = await newPage();
  await test.step("a neighbour signs in through the form and opens the caucus' live chat", async () => {
    await delegatePage.page.goto('/auth');
    await appAdopted(delegatePage.page); // the form drawn by the server is the app's from here on
    await logInThroughForm(delegatePage.page, delegate);
    await expect(delegatePage.page).not.toHaveURL(/\/auth$/);
    await delegatePage.page.goto(`/caucus/${caucus.id}`);
    await expect(delegatePage.page.getByRole('heading', { level: 1, name: caucus.name })).toBeVisible();
    await expect(delegatePage.page.getByRole('region', { name: 'Caucus Chat' }).getByText('Live', { exact: true })).toBeVisible();
  });

  await test.step('the newcomer joins; a chat message reaches the neighbour live through Caddy (SSE)', async () => {
    await page.goto(`/caucus/${caucus.id}`);
    await expect(page.getByRole('heading', { level: 1, name: caucus.name })).toBeVisible();
    await appAdopted(page);
    await page.getByRole('button', { name: 'Join Caucus' }).click();
    await expect(page.getByText('You are a voting member of this caucus.')).toBeVisible();
    const [row] = await db.select().from(caucusMembers).where(eq(caucusMembers.userId, (await db.select({ id: users.id }).from(users).where(eq(users.email, newcomer.email)))[0]!.id));
    expect(row).toMatchObject({ caucusId: caucus.id, isVotingMember: true });

    await expect(page.getByRole('region', { name: 'Caucus Chat' }).getByText('Live', { exact: true })).toBeVisible();
    const hello = 'Hello neighbours, glad to join over https';
    await page.getByRole('textbox', { name: 'Chat message' }).fill(hello);
    await page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
    await expect(delegatePage.page.getByRole('log', { name: 'Chat messages' }).getByRole('listitem').filter({ hasText: hello })).toContainText(newcomer.name);
  });

  await test.step('the tenth vote elects the Delegate', async () => {
    const panel = page.getByRole('group', { name: 'Choose your Delegate' });
    await panel.getByRole('radio', { name: new RegExp(delegate.name) }).check();
    await page.getByRole('button', { name: 'Cast Vote' }).click();
    await expect(page.getByText('The election is finalized. No further voting.')).toBeVisible();
    await delegatePage.page.reload();
    await expect(delegatePage.page.getByText('Delegate Elected').first()).toBeVisible();
  });

  await test.step('the dev mailbox is gone and /metrics is not served through the proxy', async () => {
    expect((await page.goto('/dev/mailbox'))?.status()).toBe(404);
    const metrics = await get(`${baseURL}/metrics`, { ca: caRoot });
    expect(metrics.status).toBe(404);
    expect(metrics.headers.server).toBe('Caddy');
  });

  await delegatePage.context.close();
  await context.close();
});
