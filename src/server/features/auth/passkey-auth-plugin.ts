import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { challengeCookieName, PASSKEY_MESSAGES, passkeyAssertionSchema } from '../../../domain/accounts/passkeys';
import { AppError } from '../../http/app-error';
import { assertionOptions, verifyAssertion, type PasskeyDeps } from '../passkeys/passkeys.service';

const STATUS = { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT' } as const;

/** The app's refusal as better-auth's (its endpoints answer `{ code, message }`). */
function asApiError(error: unknown): unknown {
  if (error instanceof AppError) {
    return new APIError(STATUS[error.status as keyof typeof STATUS] ?? 'BAD_REQUEST', { code: error.code, message: error.message });
  }
  return error;
}

/**
 * Signing in with a passkey (issue 32, decision 049): a small better-auth plugin of the app, so
 * the session is better-auth's own (its cookie, its create hook that refuses a deleted account)
 * and the app's guards in front of /api/auth (rate limit, origin, input) apply.
 *
 * - POST /api/auth/passkey/sign-in-options: the options for navigator.credentials.get with no
 *   allowCredentials (the browser offers the passkeys it holds for this site, in its autofill
 *   too), the challenge bound to this browser by an HttpOnly cookie.
 * - POST /api/auth/sign-in/passkey { response }: verifies it (SimpleWebAuthn) and signs in. A
 *   passkey unlocked by the device (user verification) is two factors: no code step follows.
 */
export function passkeyAuthPlugin(deps: PasskeyDeps & { secureCookies: boolean }) {
  const cookieName = challengeCookieName('sign-in');
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure: deps.secureCookies, path: '/api' };
  return {
    id: 'caucus-passkey',
    endpoints: {
      passkeySignInOptions: createAuthEndpoint('/passkey/sign-in-options', { method: 'POST' }, async (ctx) => {
        const { options, challengeId } = await assertionOptions(deps, 'sign-in', null);
        ctx.setCookie(cookieName, challengeId, { ...cookieOptions, maxAge: deps.limits.challengeSeconds });
        ctx.setHeader('Cache-Control', 'private, no-store');
        return ctx.json(options);
      }),
      signInPasskey: createAuthEndpoint('/sign-in/passkey', { method: 'POST', body: passkeyAssertionSchema }, async (ctx) => {
        const challengeId = ctx.getCookie(cookieName) ?? undefined;
        ctx.setCookie(cookieName, '', { ...cookieOptions, maxAge: 0 });
        let userId: string;
        try {
          ({ userId } = await verifyAssertion(deps, 'sign-in', challengeId, ctx.body.response as AuthenticationResponseJSON, null));
        } catch (error) {
          throw asApiError(error);
        }
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) throw new APIError('BAD_REQUEST', { code: 'passkey_unknown', message: PASSKEY_MESSAGES.unknown });
        if (!user.emailVerified) throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: PASSKEY_MESSAGES.emailNotConfirmed });
        // The create hook (auth.ts) refuses a deleted account, as for the password.
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'Failed to create session' });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ redirect: false, token: session.token, user: { id: user.id, email: user.email, name: user.name } });
      }),
    },
  } satisfies BetterAuthPlugin;
}
