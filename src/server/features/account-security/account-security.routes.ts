import { Hono } from 'hono';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { CONFIRM_IDENTITY_MESSAGES, confirmedIdentitySchema, confirmIdentitySchema, signInMethodsSchema } from '../../../domain/accounts/confirm-identity';
import type { Clock } from '../../clock';
import { documented } from '../../http/api-docs';
import { AppError, forbidden } from '../../http/app-error';
import { tooManyAttempts } from '../../http/rate-limit';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as accountSecurity from './account-security.service';

const TAGS = ['Account security'];
const WRONG_ANSWER = { wrong_password: CONFIRM_IDENTITY_MESSAGES.wrongPassword, wrong_code: CONFIRM_IDENTITY_MESSAGES.wrongCode } as const;

/**
 * Asking again (issue 32): POST /api/me/confirm-identity records a proof of who the person is on
 * their browser session (the password or a two-step code; a passkey through the passkeys
 * feature), and GET /api/me/sign-in-methods tells what they can confirm with.
 */
export function accountSecurityRoutes(deps: accountSecurity.ConfirmIdentityDeps & { clock: Clock }) {
  const app = new Hono<AppEnv>();

  app.get(
    '/me/sign-in-methods',
    documented({ summary: 'What you can confirm it’s you with: a password, two-step sign-in, passkeys', tags: TAGS, responses: { 200: signInMethodsSchema } }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await accountSecurity.signInMethods(deps.db, requireUser(c).id));
    },
  );

  app.post(
    '/me/confirm-identity',
    documented({
      summary: 'Confirm it’s you (your password or a two-step code) before a sensitive action',
      description: 'A right answer lets sensitive actions through on this browser session for ACCOUNT_RECENT_PROOF_MINUTES. Wrong answers are slowed down per account as sign-in is.',
      tags: TAGS,
      responses: { 200: confirmedIdentitySchema, 400: apiErrorSchema, 429: apiErrorSchema },
    }),
    validate('json', confirmIdentitySchema),
    async (c) => {
      const user = requireUser(c);
      // Only a browser session can hold a proof (an API token never gets here: it cannot write).
      if (!user.sessionId || c.get('apiToken')) throw forbidden('browser_session_required', CONFIRM_IDENTITY_MESSAGES.browserOnly);
      c.header('Cache-Control', 'no-store');
      const outcome = await accountSecurity.confirmIdentity(deps, { userId: user.id, sessionId: user.sessionId }, c.req.valid('json'), deps.clock.now());
      if (outcome.ok) return c.json({ confirmed: true as const, provenAt: outcome.provenAt.toISOString() });
      if (outcome.reason === 'throttled') return tooManyAttempts(c, outcome.retryAfterSeconds);
      throw new AppError(400, outcome.reason, WRONG_ANSWER[outcome.reason]);
    },
  );

  return app;
}
