import { Hono } from 'hono';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { changePasswordSchema, passwordChangedSchema } from '../../../domain/accounts/password-change';
import { documented } from '../../http/api-docs';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import { changePassword, type PasswordDeps } from './account-password.service';

/** POST /api/me/password: change one's password with the current one (issue 32). */
export function passwordRoutes(deps: PasswordDeps) {
  const app = new Hono<AppEnv>();

  app.post(
    '/me/password',
    documented({
      summary: 'Change your password with your current one; every other device is signed out',
      description:
        'A wrong current password counts as a failed sign-in of the account (the same back-off, 429 with Retry-After). The new password must be 8 to 128 characters and not a common or breached one (400 `PASSWORD_TOO_COMMON`). This session stays signed in; a notice is mailed.',
      tags: ['Account'],
      responses: { 200: passwordChangedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    }),
    validate('json', changePasswordSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      // Too many wrong current passwords: TooManyAttempts, answered 429 by the error handler.
      return c.json(await changePassword(deps, requireUser(c), c.req.valid('json'), c.req.header('user-agent')));
    },
  );

  return app;
}
