import { spoken } from '../../http/translated-errors';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  MODERATION_MESSAGES,
  moderationActionSchema,
  REPORT_ITEM_KINDS,
  REPORTS_PER_HOUR,
  reportSchema,
  suspendUserSchema,
} from '../../../domain/moderation/moderation-rules';
import {
  adminLogPageSchema,
  liftSuspensionResultSchema,
  moderationDecisionSchema,
  moderationQueueItemSchema,
  reportAnswerSchema,
  suspensionResultSchema,
  userStandingSchema,
} from '../../../domain/moderation/moderation-types';
import { multiLineText } from '../../../domain/text/text-schema';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { documented } from '../../http/api-docs';
import { notFound } from '../../http/app-error';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import { requireAdministrator } from '../../http/administrator-guard';
import { listAdminLog } from '../admin/admin-log.service';
import * as moderation from './moderation.service';

export interface ModerationRouteDeps extends moderation.ModerationDeps {
  /** Reports per user and hour (default REPORTS_PER_HOUR). */
  reportLimit?: { max: number; windowSeconds: number };
  /** ACCOUNT_RECENT_PROOF_MINUTES: an administrator's writes need a proof of who they are this recent (issue 32). */
  recentProofMinutes: number;
}

const itemParam = zValidator('param', z.object({ kind: z.enum(REPORT_ITEM_KINDS), id: z.uuid() }), (result) => {
  if (!result.success) throw notFound(MODERATION_MESSAGES.itemNotFound);
});
const userParam = zValidator('param', z.object({ id: z.uuid() }), (result) => {
  if (!result.success) throw notFound(MODERATION_MESSAGES.userNotFound);
});
export const liftSuspensionBody = z.object({
  reason: multiLineText({ error: MODERATION_MESSAGES.reasonRequired }).trim().min(1, { error: MODERATION_MESSAGES.reasonRequired }).max(500, { error: MODERATION_MESSAGES.reasonTooLong }),
});
export const adminLogQuery = z.object({ cursor: z.string().max(100).optional() });

/** Reports from everyone; the moderation queue, decisions, suspensions and the admin log for administrators. */
export function moderationRoutes(deps: ModerationRouteDeps) {
  const app = new Hono<AppEnv>();
  const limit = deps.reportLimit ?? { max: REPORTS_PER_HOUR, windowSeconds: 3600 };
  // Every /admin route: an administrator with a second factor; writes also a recent proof (issue 32).
  const administrator = requireAdministrator({ db: deps.db, recentProofMinutes: deps.recentProofMinutes });

  app.post(
    '/reports',
    documented({ summary: 'Reports a profile, a message, a debate or a caucus for review', tags: ['Moderation'], responses: { 201: reportAnswerSchema, 409: apiErrorSchema } }),
    signedIn,
    userRateLimit({ db: deps.db, clock: deps.clock, name: 'reports', max: limit.max, windowSeconds: limit.windowSeconds }),
    validate('json', reportSchema),
    async (c) => {
      const user = requireUser(c);
      const result = await moderation.fileReport(deps, user.id, c.req.valid('json'));
      return c.json(spoken(c, { ...result, message: MODERATION_MESSAGES.reported }), 201);
    },
  );

  app.get(
    '/admin/moderation',
    documented({ summary: 'The moderation queue of reported items (administrators)', tags: ['Moderation'], responses: { 200: z.array(moderationQueueItemSchema) } }),
    administrator,
    async (c) => c.json(await moderation.moderationQueue(deps, requireUser(c).id)),
  );

  app.post(
    '/admin/moderation/:kind/:id',
    documented({ summary: "Decides about a reported item or its author (administrators)", tags: ['Moderation'], responses: { 200: moderationDecisionSchema, 409: apiErrorSchema } }),
    administrator,
    itemParam,
    validate('json', moderationActionSchema),
    async (c) => {
    const user = requireUser(c);
    const { kind, id } = c.req.valid('param');
    return c.json(await moderation.moderateItem(deps, user.id, kind, id, c.req.valid('json')));
    },
  );

  app.get(
    '/admin/users/:id/standing',
    documented({ summary: "A person's standing: suspended until when, and whether they can be (administrators)", tags: ['Moderation'], responses: { 200: userStandingSchema } }),
    administrator,
    userParam,
    async (c) => c.json(await moderation.userStanding(deps, requireUser(c).id, c.req.valid('param').id)),
  );

  app.post(
    '/admin/users/:id/suspension',
    documented({ summary: 'Suspends a user for a number of days (administrators)', tags: ['Moderation'], responses: { 200: suspensionResultSchema, 409: apiErrorSchema } }),
    administrator,
    userParam,
    validate('json', suspendUserSchema),
    async (c) => {
    const user = requireUser(c);
    return c.json(await moderation.suspendUser(deps, user.id, c.req.valid('param').id, c.req.valid('json')));
    },
  );

  app.post(
    '/admin/users/:id/suspension/lift',
    documented({ summary: "Lifts a user's suspension before its end (administrators)", tags: ['Moderation'], responses: { 200: liftSuspensionResultSchema } }),
    administrator,
    userParam,
    validate('json', liftSuspensionBody),
    async (c) => {
    const user = requireUser(c);
    return c.json(await moderation.liftSuspension(deps, user.id, c.req.valid('param').id, c.req.valid('json').reason));
    },
  );

  app.get(
    '/admin/log',
    documented({ summary: 'The admin log, newest first, a page at a time (administrators)', tags: ['Moderation'], responses: { 200: adminLogPageSchema } }),
    administrator,
    validate('query', adminLogQuery),
    async (c) => {
    const user = requireUser(c);
    await moderation.assertAdministrator(deps.db, user.id);
    return c.json(await listAdminLog(deps, c.req.valid('query').cursor ?? null));
    },
  );

  return app;
}
