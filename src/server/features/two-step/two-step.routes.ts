import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { recoveryCodesSchema, twoStepConfirmSchema, twoStepPasswordSchema, twoStepSetupSchema, twoStepStatusSchema } from '../../../domain/accounts/two-step';
import { documented } from '../../http/api-docs';
import { requireRecentProof } from '../../http/recent-proof';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import * as twoStep from './two-step.service';

const TAGS = ['Account'];
const REFUSALS = { 400: apiErrorSchema, 409: apiErrorSchema };

/** The cookies better-auth set (the session it replaced after a change) onto this answer. */
function passCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

/**
 * /api/me/two-step: turning two-step sign-in on and off, and new recovery codes (issue 32,
 * decision 050). Browser sessions only: an API token never writes, and reads nothing here.
 * The code step of a sign-in is better-auth's own (/api/auth/two-factor/verify-*, AUTH_ENDPOINTS).
 */
export function twoStepRoutes(deps: twoStep.TwoStepDeps & { recentProofMinutes: number }) {
  const app = new Hono<AppEnv>();

  app.get('/me/two-step', documented({ summary: 'Whether two-step sign-in is on, and how many recovery codes are left', tags: TAGS, responses: { 200: twoStepStatusSchema } }), signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await twoStep.twoStepStatus(deps, requireUser(c).id));
  });

  app.post(
    '/me/two-step/setup',
    documented({ summary: 'Start turning on two-step sign-in: the password → a new authenticator key (not on until confirmed)', tags: TAGS, responses: { 200: twoStepSetupSchema, ...REFUSALS } }),
    signedIn,
    validate('json', twoStepPasswordSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await twoStep.startSetup(deps, requireUser(c), c.req.raw.headers, c.req.valid('json').password));
    },
  );

  app.post(
    '/me/two-step/confirm',
    documented({ summary: 'Turn on two-step sign-in with the first code from the app; the answer is the only time the recovery codes are shown', tags: TAGS, responses: { 200: recoveryCodesSchema, ...REFUSALS } }),
    signedIn,
    validate('json', twoStepConfirmSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      const done = await twoStep.confirmSetup(deps, requireUser(c).id, c.req.raw.headers, c.req.valid('json').code);
      passCookies(c, done.headers);
      return c.json(done.value);
    },
  );

  app.post(
    '/me/two-step/recovery-codes',
    documented({ summary: 'Ten new recovery codes (the old ones stop working); shown once', tags: TAGS, responses: { 200: recoveryCodesSchema, ...REFUSALS } }),
    signedIn,
    validate('json', twoStepPasswordSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await twoStep.newRecoveryCodes(deps, requireUser(c), c.req.raw.headers, c.req.valid('json').password));
    },
  );

  app.post(
    '/me/two-step/disable',
    documented({ summary: 'Turn off two-step sign-in (the password, and a proof of who you are from the last minutes)', tags: TAGS, responses: { 200: z.object({ enabled: z.literal(false) }), 403: apiErrorSchema, ...REFUSALS } }),
    signedIn,
    requireRecentProof(deps.recentProofMinutes),
    validate('json', twoStepPasswordSchema),
    async (c) => {
      const done = await twoStep.turnOff(deps, requireUser(c), c.req.raw.headers, c.req.valid('json').password);
      passCookies(c, done.headers);
      return c.json(done.value);
    },
  );

  return app;
}
