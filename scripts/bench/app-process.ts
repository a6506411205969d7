// Starting and stopping the real app for a bench: `node scripts/start.mjs` (the built web app,
// SKIP_WEB_BUILD=1) on a free port, its log in a file, ready when /api/health answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => server.close(r));
  return port;
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export interface AppProcessOptions {
  port: number;
  logFile: string;
  dataDir: string;
  databaseUrl?: string;
  /** More settings for the app (they win over the defaults here). */
  env?: Record<string, string>;
  /** The checkout to run (default: this one), e.g. another build to compare with. */
  cwd?: string;
}

export async function startApp({ port, logFile, dataDir, databaseUrl, env = {}, cwd }: AppProcessOptions): Promise<ChildProcess> {
  const out = openSync(logFile, 'w');
  // The real node process (no npx or npm wrapper), so stopping it stops the app and its PostgreSQL.
  // BENCH_APP_NODE_ARGS: options for the app's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a measured endpoint spends its time (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ...env,
    },
    stdio: ['ignore', out, out],
    cwd,
  });
  await answering(child, `http://127.0.0.1:${port}/api/health`, 180_000, () => `The app (its log:\n${tail(logFile)})`);
  return child;
}

/** Waits until `url` answers 2xx, or throws (stopping `child`) when it exits or `timeoutMs` passes. */
async function answering(child: ChildProcess, url: string, timeoutMs: number, what: () => string): Promise<void> {
  const exited = once(child, 'exit');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what()} exited (${child.exitCode ?? child.signalCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stopApp(child);
      throw new Error(`${what()} did not answer ${url} within ${timeoutMs / 1000} s`);
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 250))]);
  }
}

export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM'); // the app closes its server and pool, then stops its PostgreSQL
  const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    console.error(`The app (pid ${child.pid}) did not stop within 30 s: killing it.`);
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * The bare node:http server of the floor measurement (bare-http-floor.mjs) on `port`, with
 * `workers` processes and a pool of `poolMax` on the app's database; ready when it answers.
 */
export async function startBareFloor(options: { port: number; workers: number; connection: object; poolMax: number }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/bench/bare-http-floor.mjs'], {
    env: {
      ...process.env,
      BARE_FLOOR_PORT: String(options.port),
      BARE_FLOOR_WORKERS: String(options.workers),
      BARE_FLOOR_DB: JSON.stringify(options.connection),
      BARE_FLOOR_POOL: String(options.poolMax),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await answering(child, `http://127.0.0.1:${options.port}/`, 30_000, () => 'The bare floor server');
  return child;
}
