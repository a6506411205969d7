import { timingSafeEqual, createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { readinessSchema } from '../../../domain/operations/operations-rules';
import { systemStatusSchema } from '../../../domain/operations/system-status';
import { documented } from '../../http/api-docs';
import type { AddressAllowList } from '../../http/address-allow-list';
import { clientAddress } from '../../http/rate-limit';
import { type AppEnv, requireUser } from '../../http/session';
import type { Db } from '../../db/client';
import { assertAdministrator } from '../moderation/moderation.service';
import { checkReadiness, type ReadinessDeps } from './readiness.service';
import { metricsText, systemStatus, type OperationsDeps } from './operations.service';

/** GET /api/ready (public) and GET /api/admin/system (administrators), mounted under /api. */
export function operationsRoutes(deps: OperationsDeps & ReadinessDeps & { db: Db }) {
  const app = new Hono<AppEnv>();
  app.get(
    '/ready',
    documented({
      access: 'public',
      summary: 'Whether this process is ready for traffic: database reachable, migrations applied, job queue running',
      description: 'Readiness, for a load balancer or an orchestrator: 503 names the check that failed. `/api/health` stays the liveness check.',
      tags: ['App'],
      responses: { 200: readinessSchema, 503: readinessSchema },
    }),
    async (c) => {
      const answer = await checkReadiness(deps);
      return c.json(answer, answer.status === 'ready' ? 200 : 503);
    },
  );
  app.get(
    '/admin/system',
    documented({
      summary: "The app's health for the people who run it: version, database, backups, jobs, mail, live streams, disk (administrators)",
      tags: ['Operations'],
      responses: { 200: systemStatusSchema },
    }),
    async (c) => {
      await assertAdministrator(deps.db, requireUser(c).id);
      return c.json(await systemStatus(deps));
    },
  );
  return app;
}

export interface MetricsAccess {
  allow: AddressAllowList;
  /** METRICS_TOKEN; without it only the allowed addresses read /metrics. */
  token: string | null;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries the token (compared in constant time, whatever its length). */
function hasToken(c: Context, token: string | null): boolean {
  if (!token) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics (Prometheus' text format; not part of the API document). Anyone not allowed gets
 * the app's plain 404, as if the page did not exist: its figures say how the service is doing
 * and its routes, which is nobody else's business.
 */
export function metricsRoutes(deps: OperationsDeps & { access: MetricsAccess }) {
  const app = new Hono<AppEnv>();
  app.get('/metrics', async (c, next) => {
    if (!deps.access.allow.allows(clientAddress(c)) && !hasToken(c, deps.access.token)) return next();
    const { contentType, text } = await metricsText(deps);
    return c.body(text, 200, { 'content-type': contentType, 'cache-control': 'private, no-store' });
  });
  return app;
}
