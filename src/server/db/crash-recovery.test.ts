// The real app as a process on its own data folder: killed mid-write it loses no
// acknowledged row and starts again over the PostgreSQL it left running; a second process
// on the same folder is refused; SIGTERM stops the app and its PostgreSQL.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { users } from './schema/auth';
import { isHealthy, spawnApp, stopApp, waitHealthy, type AppProcess } from '../test/app-process';
import { isAlive } from './embedded';
import { waitUntil } from '../test/wait-until';

const started: AppProcess[] = [];
const dataDirs: string[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'caucus-crash-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach the folder
  dataDirs.push(dir);
  return dir;
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) ? pid : undefined;
}

/** The app on `dataDir`'s embedded PostgreSQL, spawned (not waited for). */
async function startApp(dataDir: string): Promise<AppProcess> {
  const app = await spawnApp({ dataDir });
  started.push(app);
  return app;
}

async function startHealthyApp(dataDir: string): Promise<AppProcess> {
  const app = await startApp(dataDir);
  await waitHealthy(app, 90_000);
  return app;
}

/** One sign-up through HTTP; true when the app acknowledged it (200). */
async function signUp(app: AppProcess, email: string): Promise<boolean> {
  const res = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({
      email,
      password: 'a long password',
      name: 'Crash Tester',
      politicalAlignment: 'Independent',
      state: 'CA',
      district: 12,
      callbackURL: '/auth?confirmed=1',
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return true;
}

afterAll(async () => {
  for (const app of started) await stopApp(app);
  for (const dir of dataDirs) {
    const pid = postmasterPid(dir);
    if (pid !== undefined && isAlive(pid)) {
      process.kill(pid, 'SIGINT'); // a PostgreSQL our killed app left behind: fast shutdown
      await waitUntil(`PostgreSQL ${pid} to stop`, () => !isAlive(pid), 20_000).catch(() => {
        if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

describe('the app process and its data folder', () => {
  it('killed with SIGKILL during writes, it starts again on the same folder and keeps every acknowledged row', async () => {
    const dataDir = newDataDir();
    const first = await startHealthyApp(dataDir);

    const acknowledged: string[] = [];
    const failures: unknown[] = [];
    let killed = false;
    const writer = async (loop: number) => {
      for (let n = 0; !killed; n++) {
        const email = `crash-${loop}-${n}-${Date.now()}@example.test`;
        try {
          if (await signUp(first, email)) acknowledged.push(email);
        } catch (e) {
          if (!killed) failures.push(e);
          return;
        }
      }
    };
    const writers = Array.from({ length: 20 }, (_, i) => writer(i));

    // Kill while writes are in flight, once a fair number have been acknowledged.
    await waitUntil('40 acknowledged sign-ups', () => acknowledged.length >= 40 || failures.length > 0, 60_000, { intervalMs: 20 });
    expect(failures).toEqual([]);
    killed = true;
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(writers);
    const countAtKill = acknowledged.length;

    // The crash left PostgreSQL running on the folder: the case the next start must handle.
    const leftover = postmasterPid(dataDir);
    expect(leftover, 'postmaster.pid after the app was killed').toBeDefined();
    expect(isAlive(leftover!)).toBe(true);

    const second = await startHealthyApp(dataDir);
    expect(isAlive(leftover!), 'the PostgreSQL left running was replaced').toBe(false);

    const database = openDatabase({ host: path.join(dataDir, 'postgres'), port: 5433, user: 'postgres', database: 'caucus' }, { max: 1 });
    try {
      const rows = await database.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
      expect(acknowledged.length).toBe(countAtKill);
      expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await database.close();
    }

    // And the restarted app serves writes again.
    expect(await signUp(second, `after-crash-${Date.now()}@example.test`)).toBe(true);
  }, 240_000);

  it('refuses a second app process on the same data folder with exit code 3', async () => {
    const dataDir = newDataDir();
    const running = await startHealthyApp(dataDir);

    const intruder = await startApp(dataDir);
    const { code } = await intruder.exited;
    expect(code).toBe(3);
    expect(intruder.output()).toContain(`Another caucus app process (pid ${running.child.pid}) is already using the data folder`);

    // The running app is untouched.
    expect(await isHealthy(running)).toBe(true);
  }, 180_000);

  it('SIGTERM stops the app and its PostgreSQL', async () => {
    const dataDir = newDataDir();
    const app = await startHealthyApp(dataDir);
    const pgPid = postmasterPid(dataDir);
    expect(pgPid).toBeDefined();
    expect(isAlive(pgPid!)).toBe(true);

    app.child.kill('SIGTERM');
    const exit = await app.exited;
    expect(exit, app.output()).toEqual({ code: 0, signal: null });

    await waitUntil('PostgreSQL to stop', () => !isAlive(pgPid!), 20_000);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'app.pid'))).toBe(false);
  }, 180_000);
});
