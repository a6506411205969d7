// The real app as a child process, for the tests that need one (crash recovery, the restore
// drills, the failover drill): `node scripts/start.mjs` itself (no npm or npx wrapper, so the pid
// we signal is the app's), the built web app not rebuilt (SKIP_WEB_BUILD=1), on a free port of
// 127.0.0.1, its output in a log file; healthy when GET /api/health answers 200; stopped with
// SIGTERM, then SIGKILL when it does not stop in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  dataDir: string;
  logFile: string;
  /** Everything the app printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface AppProcessOptions {
  /** The app's DATA_DIR (the embedded PostgreSQL's home when no DATABASE_URL is given). */
  dataDir: string;
  /** DATABASE_URL; empty or absent: the embedded PostgreSQL. */
  databaseUrl?: string;
  /** More settings; they win over the defaults below. */
  env?: Record<string, string>;
  /** Where its output goes (default: app-<port>.log in dataDir). */
  logFile?: string;
  port?: number;
}

export const hasExited = (app: Pick<AppProcess, 'child'>) => app.child.exitCode !== null || app.child.signalCode !== null;

/** Spawns the app and returns at once (see startApp to wait until it answers). */
export async function spawnApp(options: AppProcessOptions): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = options.logFile ?? path.join(options.dataDir, `app-${port}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  return { child, port, baseUrl, dataDir: options.dataDir, logFile, output, exited };
}

/** The last lines the app printed. */
export function outputTail(app: Pick<AppProcess, 'output'>, lines = 30): string {
  return app.output().trimEnd().split('\n').slice(-lines).join('\n');
}

/** Whether GET /api/health answers 200 now; fails when the app exited. */
export async function isHealthy(app: AppProcess): Promise<boolean> {
  if (hasExited(app)) throw new Error(`the app exited (${app.child.exitCode ?? app.child.signalCode}) before it was healthy:\n${outputTail(app)}`);
  try {
    const res = await fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** Waits until the app answers GET /api/health with 200; fails when it exits or after `timeoutMs`. */
export async function waitHealthy(app: AppProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const exited = app.exited.then(() => undefined);
  for (;;) {
    if (await isHealthy(app)) return;
    if (Date.now() > deadline) throw new Error(`the app did not answer GET /api/health within ${timeoutMs / 1000} s:\n${outputTail(app)}`);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
  }
}

/** Spawns the app and waits until it is healthy (a loaded machine takes long to compile the server on a first start). */
export async function startApp(options: AppProcessOptions, timeoutMs = 180_000): Promise<AppProcess> {
  const app = await spawnApp(options);
  try {
    await waitHealthy(app, timeoutMs);
  } catch (error) {
    await stopApp(app);
    throw error;
  }
  return app;
}

/** SIGTERM (the app closes its server and pools, and stops its embedded PostgreSQL), SIGKILL after `graceMs`. */
export async function stopApp(app: AppProcess, graceMs = 20_000): Promise<void> {
  if (hasExited(app)) return;
  app.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([app.exited.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
  clearTimeout(timer);
  if (!stopped && !hasExited(app)) {
    app.child.kill('SIGKILL');
    await app.exited;
  }
}
