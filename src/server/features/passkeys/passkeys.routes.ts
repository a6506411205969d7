import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  addPasskeySchema,
  ceremonyOptionsSchema,
  challengeCookieName,
  PASSKEY_MESSAGES,
  passkeyAssertionSchema,
  passkeySchema,
  renamePasskeySchema,
  type Ceremony,
} from '../../../domain/accounts/passkeys';
import { documented } from '../../http/api-docs';
import { forbidden } from '../../http/app-error';
import { markSessionProven, requireRecentProof } from '../../http/recent-proof';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as service from './passkeys.service';

const TAGS = ['Passkeys'];
const idParam = z.object({ id: z.uuid({ error: PASSKEY_MESSAGES.notFound }) });

export interface PasskeyRouteDeps extends service.PasskeyDeps {
  /** ACCOUNT_RECENT_PROOF_MINUTES: adding a passkey needs a proof that recent (a stolen session cannot plant one). */
  recentProofMinutes: number;
  /** The challenge cookie is Secure when the app is served over https. */
  secureCookies: boolean;
}

/** Binds a ceremony's challenge to this browser: an HttpOnly cookie with the challenge row's id, as long-lived as the challenge. */
export function setChallengeCookie(c: Context, ceremony: Ceremony, challengeId: string, deps: Pick<PasskeyRouteDeps, 'secureCookies' | 'limits'>) {
  setCookie(c, challengeCookieName(ceremony), challengeId, { httpOnly: true, sameSite: 'Strict', secure: deps.secureCookies, path: '/api', maxAge: deps.limits.challengeSeconds });
}

/** The challenge id this browser holds for a ceremony; the cookie is cleared (a challenge is used once). */
export function takeChallengeCookie(c: Context, ceremony: Ceremony): string | undefined {
  const id = getCookie(c, challengeCookieName(ceremony));
  if (id !== undefined) deleteCookie(c, challengeCookieName(ceremony), { path: '/api' });
  return id;
}

/** /api/passkeys: a person's own passkeys (issue 32, decision 049), and asking again with one. */
export function passkeyRoutes(deps: PasskeyRouteDeps) {
  const app = new Hono<AppEnv>();
  const recentProof = requireRecentProof(deps.recentProofMinutes);

  app.get('/passkeys', documented({ summary: 'List your passkeys', tags: TAGS, responses: { 200: z.array(passkeySchema) } }), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await service.listPasskeys(deps, requireUser(c).id));
  });

  app.post(
    '/passkeys/register-options',
    documented({ summary: 'Start adding a passkey: the options for the browser (needs a recent proof of who you are)', tags: TAGS, responses: { 200: ceremonyOptionsSchema, 403: apiErrorSchema, 409: apiErrorSchema } }),
    recentProof,
    async (c) => {
      const user = requireUser(c);
      const { options, challengeId } = await service.registrationOptions(deps, user);
      setChallengeCookie(c, 'register', challengeId, deps);
      c.header('Cache-Control', 'private, no-store');
      return c.json(options);
    },
  );

  app.post(
    '/passkeys',
    documented({ summary: "Add a passkey: the browser's answer, verified against this browser's challenge", tags: TAGS, responses: { 201: passkeySchema, 403: apiErrorSchema, 409: apiErrorSchema } }),
    recentProof,
    validate('json', addPasskeySchema),
    async (c) => {
      const body = c.req.valid('json');
      const passkey = await service.addPasskey(deps, requireUser(c).id, takeChallengeCookie(c, 'register'), { name: body.name, response: body.response as RegistrationResponseJSON });
      return c.json(passkey, 201);
    },
  );

  app.patch(
    '/passkeys/:id',
    documented({ summary: 'Rename one of your passkeys', tags: TAGS, responses: { 200: passkeySchema } }),
    validate('param', idParam),
    validate('json', renamePasskeySchema),
    async (c) => c.json(await service.renamePasskey(deps, requireUser(c).id, c.req.valid('param').id, c.req.valid('json').name)),
  );

  app.delete(
    '/passkeys/:id',
    documented({ summary: 'Remove one of your passkeys (your password and its reset by mail stay)', tags: TAGS, responses: { 200: z.object({ removed: z.literal(true) }) } }),
    validate('param', idParam),
    async (c) => {
      await service.removePasskey(deps, requireUser(c).id, c.req.valid('param').id);
      return c.json({ removed: true as const });
    },
  );

  app.post(
    '/passkeys/confirm-options',
    documented({ summary: "Confirm it's you with a passkey: the options for the browser (your own passkeys)", tags: TAGS, responses: { 200: ceremonyOptionsSchema } }),
    async (c) => {
      const { options, challengeId } = await service.assertionOptions(deps, 'confirm', requireUser(c).id);
      setChallengeCookie(c, 'confirm', challengeId, deps);
      c.header('Cache-Control', 'private, no-store');
      return c.json(options);
    },
  );

  app.post(
    '/passkeys/confirm',
    documented({ summary: "Confirm it's you with a passkey: records the proof on this session", tags: TAGS, responses: { 200: z.object({ confirmed: z.literal(true) }), 403: apiErrorSchema } }),
    validate('json', passkeyAssertionSchema),
    async (c) => {
      const user = requireUser(c);
      if (!user.sessionId) throw forbidden('forbidden', PASSKEY_MESSAGES.notYours);
      await service.verifyAssertion(deps, 'confirm', takeChallengeCookie(c, 'confirm'), c.req.valid('json').response as AuthenticationResponseJSON, user.id);
      await markSessionProven(deps.db, user.sessionId, new Date());
      return c.json({ confirmed: true as const });
    },
  );

  return app;
}
