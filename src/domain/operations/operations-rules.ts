import { z } from 'zod';

/**
 * The rules behind /metrics, GET /api/ready and GET /api/admin/system (issue 30, decision 042):
 * pure, so each is a table test.
 */

/** '2xx' … '5xx' for an HTTP status (anything outside 100–599 is 'other'). */
export function statusClass(status: number): string {
  return Number.isInteger(status) && status >= 100 && status <= 599 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** The label of a request no route of the app answered (never its raw path: a label per path is a label per id). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MatchedRoute {
  method: string;
  path: string;
}

/**
 * The route template a request is counted under: the first route matched for its method whose
 * pattern has no wildcard (`/api/caucuses/:id`), even when a guard in front of it answered (a
 * 401, a 403, a 429). Otherwise the wildcard route that answered (`/assets/*`, the pages' `*`),
 * unless the answer is a 404: a path nothing of the app serves is `unmatched`. HEAD is counted
 * under the GET route it runs.
 */
export function routeTemplate(method: string, matched: readonly MatchedRoute[], answered: MatchedRoute | null, status: number): string {
  const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
  const specific = matched.find((r) => wanted.includes(r.method) && !r.path.includes('*'));
  if (specific) return specific.path;
  if (answered && status !== 404 && answered.path !== '' && answered.method !== 'ALL') return answered.path;
  return UNMATCHED_ROUTE;
}

/**
 * Whether base backups are overdue: configured, and the last good one is older than twice the
 * schedule, or there is none. Without a backup tool nothing is overdue: nothing is expected.
 */
export function backupOverdue(options: { configured: boolean; lastOkAt: Date | null; scheduleHours: number; now: Date }): boolean {
  if (!options.configured) return false;
  if (!options.lastOkAt) return true;
  return options.now.getTime() - options.lastOkAt.getTime() > 2 * options.scheduleHours * 3600_000;
}

/** Seconds from `then` to `now` (never negative: clocks of two machines may differ a little), null without `then`. */
export function ageSeconds(then: Date | null, now: Date): number | null {
  if (!then) return null;
  return Math.max(0, (now.getTime() - then.getTime()) / 1000);
}

/** An error message as the administrators read it: its first line, without a stack, cut to `max` characters. */
export function shortError(message: string | null | undefined, max = 300): string | null {
  if (message === null || message === undefined) return null;
  const firstLine = message.split('\n').find((line) => line.trim() !== '' && !/^\s*at\s/.test(line))?.trim() ?? '';
  if (firstLine === '') return null;
  return firstLine.length > max ? `${firstLine.slice(0, max - 1)}…` : firstLine;
}

/** Readiness (GET /api/ready): what was checked, and whether all of it holds. */
export interface ReadinessChecks {
  database: boolean;
  migrations: boolean;
  jobs: boolean;
}

export function readiness(checks: ReadinessChecks): { status: 'ready' | 'not-ready'; checks: ReadinessChecks } {
  return { status: checks.database && checks.migrations && checks.jobs ? 'ready' : 'not-ready', checks };
}

/** GET /api/ready's answer: 200 when every check holds, 503 otherwise (naming the one that failed). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    /** PostgreSQL answered `select 1` within a couple of seconds. */
    database: z.boolean(),
    /** Every migration this version ships is applied. */
    migrations: z.boolean(),
    /** This process's job queue is started. */
    jobs: z.boolean(),
  }),
});
