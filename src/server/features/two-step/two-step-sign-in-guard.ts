import type { MiddlewareHandler } from 'hono';
import { TWO_STEP_MESSAGES } from '../../../domain/accounts/two-step';

/** better-auth's cookie of a sign-in waiting for its code (`__Secure-` on https). */
const PENDING_SIGN_IN = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/;

/**
 * In front of the code step (decision 050): without the cookie a right password sets there is no
 * sign-in to finish; 400 with words to start over, instead of better-auth's 401 (which would ask a
 * visitor to sign in, when signing in is exactly what they are doing).
 */
export const pendingSignInGuard: MiddlewareHandler = async (c, next) => {
  if (!PENDING_SIGN_IN.test(c.req.header('cookie') ?? '')) {
    return c.json({ error: { code: 'two_step_expired', message: TWO_STEP_MESSAGES.signInExpired } }, 400);
  }
  await next();
};
