import type { z } from 'zod';
import { BADGES } from '../../domain/badges/catalogue';
import { badgeNameParamSchema } from '../../domain/badges/badge-types';
import {
  castVoteSchema,
  chatMessageSchema,
  createCaucusSchema,
  inviteOrganizerSchema,
  inviteVoterByEmailSchema,
  inviteVoterSchema,
  joinCaucusSchema,
  platformLinkSchema,
  requiredMembersSchema,
  searchCaucusesSchema,
} from '../../domain/caucuses/caucus-schemas';
import { challengeChatMessageSchema, createChallengeSchema } from '../../domain/challenges/challenge-schemas';
import { createDebateSchema, inviteFriendsSchema, textContributionSchema, voteSchema } from '../../domain/debates/debate-rules';
import { giveBrownieSchema } from '../../domain/points/brownie-rules';
import { leaderboardQuerySchema } from '../../domain/points/leaderboards';
import { ALIGNMENTS } from '../../domain/profiles/alignment';
import { deleteProfileSchema, updateAlignmentSchema, updateBioSchema, updateLocationSchema, updateTaglineSchema } from '../../domain/profiles/profile-schemas';
import { WELCOME_VOUCHER_KEY } from '../../domain/rewards/reward-catalogue';
import { sendBroadcastSchema } from '../../domain/social/broadcasts';
import { respondFriendRequestSchema, sendFriendRequestSchema } from '../../domain/social/friends';
import { sendPrivateMessageSchema } from '../../domain/social/messages';
import { startIdentitySchema } from '../../domain/verification/verification-schemas';
import { codeParam } from '../features/caucuses/caucuses.routes';
import { searchQuery as friendSearchQuery } from '../features/friends/friends.routes';
import { shareImageParam } from '../features/link-previews/link-previews.routes';
import { nameQuery, organizerResponseSchema, userSearchQuery, voterResponseSchema } from '../features/invitations/invitations.routes';
import { listQuery, threadQuery } from '../features/messages/messages.routes';
import { preferenceBody as notificationPreferenceBody } from '../features/notifications/notification-settings.routes';
import { pageQuery as notificationPageQuery } from '../features/notifications/notifications.routes';
import { testSettings } from './test-app';
import { moderationActionSchema, reportSchema, suspendUserSchema } from '../../domain/moderation/moderation-rules';
import { blockBody } from '../features/blocks/blocks.routes';
import { adminLogQuery, liftSuspensionBody } from '../features/moderation/moderation.routes';
import { unsubscribeToken } from '../features/notifications/unsubscribe-token';
import { pushEndpointSchema, pushSubscriptionSchema } from '../features/push/push-subscriptions.service';
import { CAUCUS_A_CHAT, CAUCUS_A_PASSWORD, ROLES, type Role, type RouteWorld } from './route-world';
import { updatePreferencesSchema } from '../../domain/i18n/preferences-schema';
import { SUSPENSION_EXEMPT_PATHS } from '../http/request-guards';
import { createTokenSchema } from '../../domain/api/api-tokens';
import { addPasskeySchema, passkeyAssertionSchema, renamePasskeySchema } from '../../domain/accounts/passkeys';
import { changePasswordSchema } from '../../domain/accounts/password-change';
import { emailChangeTokenSchema, requestEmailChangeSchema } from '../../domain/accounts/email-change';
import { twoStepConfirmSchema, twoStepPasswordSchema } from '../../domain/accounts/two-step';
import { twoStepCodeBodySchema } from '../../domain/auth/auth-answers';
import { DEFAULT_PASSWORD } from './factories';
import { confirmIdentitySchema } from '../../domain/accounts/confirm-identity';
import { movementDistrictParamSchema, movementProgressQuerySchema, movementStateParamSchema } from '../../domain/movement/movement-answers';

/**
 * Every route the app mounts in tests, keyed "METHOD /path" exactly as Hono's `app.routes`
 * lists it (issue 11). Each row says who may use the route (the authorization matrix checks
 * it for every role), how to make a valid request in a RouteWorld, and the schemas of its
 * input (the fuzz test generates from them). A route added to the app without a row here
 * fails src/server/authorization-matrix.test.ts.
 */

/**
 * What a role must get:
 * - 'ok': the route served them: a 2xx, or a 4xx about the input or the state (400, 409,
 *   422, 429 and the row's `okAlso`), never 401/403/404;
 * - a status: 401 asked to sign in, 403 refused, 404 told the thing does not exist (for them),
 *   409 for a state the role cannot be in (leaving what one never joined).
 */
export type Expectation = 'ok' | number;

export interface RouteRequest {
  /** The concrete path, without the query. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** A multipart form: the field and the file's bytes. */
  file?: { field: string; bytes: Uint8Array; name: string; type: string };
}

export interface RouteRow {
  key: string;
  /** The rule in words (printed when a check fails). */
  rule: string;
  expect: Record<Role, Expectation>;
  /** More statuses that count as 'ok' for this route (a refusal about the state, not access). */
  okAlso?: number[];
  request: (world: RouteWorld, role: Role) => RouteRequest;
  /** The input schemas, for the fuzz test. */
  schemas?: { json?: z.ZodType; query?: z.ZodType; param?: z.ZodType };
  /** The body is multipart with this kind of file (the fuzz sends broken media). */
  upload?: 'image' | 'audio';
  /** Each allowed role needs a world of its own (the first one served changes what the next would see). */
  isolate?: boolean;
  /** A Server-Sent Events stream: 503 is its answer when the test app has no notification hub. */
  stream?: boolean;
  /** Text that must never appear in the answer to the roles of `hiddenFrom` (default: every role not 'ok'). */
  secrets?: (world: RouteWorld) => string[];
  hiddenFrom?: Role[];
}

export const METHOD_OF = (key: string) => key.slice(0, key.indexOf(' '));
export const PATH_OF = (key: string) => key.slice(key.indexOf(' ') + 1);

const everyone = (): Record<Role, Expectation> => Object.fromEntries(ROLES.map((r) => [r, 'ok'])) as Record<Role, Expectation>;
const signedIn = (): Record<Role, Expectation> => ({ ...everyone(), anonymous: 401, unconfirmed: 401 });
/** Signed-in users in `allowed` are served; every other signed-in user gets `refusal`. */
const only = (allowed: Role[], refusal: 403 | 404, exceptions: Partial<Record<Role, Expectation>> = {}): Record<Role, Expectation> => {
  const out = signedIn();
  for (const role of ROLES) if (role !== 'anonymous' && role !== 'unconfirmed' && !allowed.includes(role)) out[role] = refusal;
  return { ...out, ...exceptions };
};

/** A 1×1 PNG. */
const PNG_1X1 = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

let signUps = 0;

/** A well-formed WebAuthn assertion that verifies against nothing (no challenge is held). */
const PASSKEY_ASSERTION_SAMPLE = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } };

export const ROUTE_CATALOG: RouteRow[] = [
  // --- Platform -----------------------------------------------------------------------
  { key: 'GET /api/health', rule: 'public', expect: everyone(), request: () => ({ path: '/api/health' }) },
  { key: 'GET /api/config', rule: 'public', expect: everyone(), request: () => ({ path: '/api/config' }) },
  // Readiness (issue 30): 503 while this process's job queue is not running (the test app has none).
  { key: 'GET /api/ready', rule: 'public', expect: everyone(), okAlso: [503], request: () => ({ path: '/api/ready' }) },
  { key: 'GET /api/admin/system', rule: 'administrators', expect: only(['admin'], 403), request: () => ({ path: '/api/admin/system' }) },
  { key: 'GET /api/session', rule: 'public (null for a visitor)', expect: everyone(), request: () => ({ path: '/api/session' }) },
  { key: 'GET /api/stats/movement', rule: 'public', expect: everyone(), request: () => ({ path: '/api/stats/movement' }) },
  // The movement pages' figures (issue 18): public aggregates.
  { key: 'GET /api/movement/states', rule: 'public', expect: everyone(), request: () => ({ path: '/api/movement/states' }) },
  { key: 'GET /api/movement/states/:state', rule: 'public', expect: everyone(), schemas: { param: movementStateParamSchema }, request: () => ({ path: '/api/movement/states/OH' }) },
  {
    key: 'GET /api/movement/states/:state/districts/:district',
    rule: 'public',
    expect: everyone(),
    schemas: { param: movementDistrictParamSchema },
    request: () => ({ path: '/api/movement/states/OH/districts/3' }),
  },
  {
    key: 'GET /api/movement/progress',
    rule: 'public',
    expect: everyone(),
    schemas: { query: movementProgressQuerySchema },
    request: () => ({ path: '/api/movement/progress', query: { state: 'OH', district: '3' } }),
  },
  // The API's own description (issue 17).
  { key: 'GET /api/openapi.json', rule: 'public', expect: everyone(), request: () => ({ path: '/api/openapi.json' }) },
  { key: 'GET /api/docs', rule: 'public', expect: everyone(), request: () => ({ path: '/api/docs' }) },
  { key: 'GET /api/docs/:file', rule: 'public (its own files only)', expect: everyone(), request: () => ({ path: '/api/docs/initializer.js' }) },
  // Personal API tokens (issue 17): one's own only.
  { key: 'GET /api/me/tokens', rule: 'signed in (own tokens)', expect: signedIn(), request: () => ({ path: '/api/me/tokens' }) },
  {
    key: 'POST /api/me/tokens',
    rule: 'signed in (own tokens)',
    expect: signedIn(),
    okAlso: [409],
    schemas: { json: createTokenSchema },
    request: () => ({ path: '/api/me/tokens', json: { name: 'Matrix', scopes: ['caucuses:read'] } }),
  },
  {
    key: 'DELETE /api/me/tokens/:id',
    rule: "signed in (own tokens: someone else's is a 404)",
    expect: signedIn(),
    okAlso: [404],
    request: () => ({ path: '/api/me/tokens/00000000-0000-4000-8000-000000000000' }),
  },
  // Issue 32, A: one's own password and devices (sessions).
  {
    key: 'POST /api/me/password',
    rule: 'signed in (own password; a wrong current one is a 400)',
    expect: signedIn(),
    schemas: { json: changePasswordSchema },
    request: () => ({ path: '/api/me/password', json: { currentPassword: 'not the current password', newPassword: 'a brand new matrix passphrase' } }),
  },
  { key: 'GET /api/me/sessions', rule: 'signed in (own sessions)', expect: signedIn(), request: () => ({ path: '/api/me/sessions' }) },
  { key: 'POST /api/me/sessions/sign-out-others', rule: 'signed in (own sessions; this one stays)', expect: signedIn(), request: () => ({ path: '/api/me/sessions/sign-out-others', json: {} }) },
  {
    key: 'DELETE /api/me/sessions/:id',
    rule: "signed in (own sessions: someone else's is a 404)",
    expect: signedIn(),
    okAlso: [404],
    request: () => ({ path: '/api/me/sessions/00000000-0000-4000-8000-000000000000' }),
  },

  // Passkeys (issue 32, decision 049): one's own only; adding one needs a recent proof (a fresh sign-in is one).
  { key: 'GET /api/passkeys', rule: 'signed in (own passkeys)', expect: signedIn(), request: () => ({ path: '/api/passkeys' }) },
  { key: 'POST /api/passkeys/register-options', rule: 'signed in, recent proof', expect: signedIn(), request: () => ({ path: '/api/passkeys/register-options' }) },
  {
    key: 'POST /api/passkeys',
    rule: "signed in, recent proof (verified against this browser's challenge)",
    expect: signedIn(),
    schemas: { json: addPasskeySchema },
    request: () => ({ path: '/api/passkeys', json: { name: 'Matrix', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } } } }),
  },
  {
    key: 'PATCH /api/passkeys/:id',
    rule: "signed in (own passkeys: someone else's is a 404)",
    expect: signedIn(),
    okAlso: [404],
    schemas: { json: renamePasskeySchema },
    request: () => ({ path: '/api/passkeys/00000000-0000-4000-8000-000000000000', json: { name: 'Renamed' } }),
  },
  {
    key: 'DELETE /api/passkeys/:id',
    rule: "signed in (own passkeys: someone else's is a 404)",
    expect: signedIn(),
    okAlso: [404],
    request: () => ({ path: '/api/passkeys/00000000-0000-4000-8000-000000000000' }),
  },
  { key: 'POST /api/passkeys/confirm-options', rule: 'signed in (own passkeys; none is a 404)', expect: signedIn(), okAlso: [404], request: () => ({ path: '/api/passkeys/confirm-options' }) },
  {
    key: 'POST /api/passkeys/confirm',
    rule: 'signed in (own passkeys)',
    expect: signedIn(),
    schemas: { json: passkeyAssertionSchema },
    request: () => ({ path: '/api/passkeys/confirm', json: { response: PASSKEY_ASSERTION_SAMPLE } }),
  },

  // Changing one's email (issue 32, B): one's own; the mail links' buttons carry their own token.
  { key: 'GET /api/me/email', rule: 'signed in (own address)', expect: signedIn(), request: () => ({ path: '/api/me/email' }) },
  {
    key: 'POST /api/me/email',
    rule: 'signed in, with a recent proof (own address)',
    expect: signedIn(),
    schemas: { json: requestEmailChangeSchema },
    request: (_w, role) => ({ path: '/api/me/email', json: { newEmail: `matrix-${role}-${++signUps}-${Date.now()}@example.test` } }),
  },
  { key: 'DELETE /api/me/email/pending', rule: 'signed in (own change; none pending is a 409)', expect: signedIn(), request: () => ({ path: '/api/me/email/pending' }) },
  {
    key: 'POST /api/email-change/confirm',
    rule: "anyone with the mail's single-use token (a bad one is a 400)",
    expect: everyone(),
    schemas: { json: emailChangeTokenSchema },
    request: () => ({ path: '/api/email-change/confirm', json: { token: 'A'.repeat(43) } }),
  },
  {
    key: 'POST /api/email-change/undo',
    rule: "anyone with the mail's single-use token (a bad one is a 400)",
    expect: everyone(),
    schemas: { json: emailChangeTokenSchema },
    request: () => ({ path: '/api/email-change/undo', json: { token: 'A'.repeat(43) } }),
  },

  // Two-step sign-in (issue 32, decision 050): one's own only; the test world's people have it off.
  { key: 'GET /api/me/two-step', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/me/two-step' }) },
  {
    key: 'POST /api/me/two-step/setup',
    rule: 'signed in (own; the password)',
    expect: signedIn(),
    schemas: { json: twoStepPasswordSchema },
    request: () => ({ path: '/api/me/two-step/setup', json: { password: DEFAULT_PASSWORD } }),
  },
  {
    key: 'POST /api/me/two-step/confirm',
    rule: 'signed in (own; a setup started)',
    expect: signedIn(),
    schemas: { json: twoStepConfirmSchema },
    request: () => ({ path: '/api/me/two-step/confirm', json: { code: '123456' } }),
  },
  {
    key: 'POST /api/me/two-step/recovery-codes',
    rule: 'signed in (own; two-step on)',
    expect: signedIn(),
    schemas: { json: twoStepPasswordSchema },
    request: () => ({ path: '/api/me/two-step/recovery-codes', json: { password: DEFAULT_PASSWORD } }),
  },
  {
    key: 'POST /api/me/two-step/disable',
    rule: 'signed in (own; the password and a recent proof)',
    expect: signedIn(),
    schemas: { json: twoStepPasswordSchema },
    request: () => ({ path: '/api/me/two-step/disable', json: { password: DEFAULT_PASSWORD } }),
  },

  // Asking again (issue 32): one's own sign-in methods and proof.
  { key: 'GET /api/me/sign-in-methods', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/me/sign-in-methods' }) },
  {
    key: 'POST /api/me/confirm-identity',
    rule: 'signed in (own session; a wrong password is a 400)',
    expect: signedIn(),
    schemas: { json: confirmIdentitySchema },
    request: () => ({ path: '/api/me/confirm-identity', json: { password: 'not-the-password' } }),
  },

  // --- better-auth --------------------------------------------------------------------
  // Only the endpoints the pages use are routed (AUTH_ENDPOINTS in app.ts); every other path under
  // /api/auth answers 404 (auth-surface.test.ts sends each of them).
  { key: 'POST /api/auth/sign-out', rule: 'public (better-auth)', expect: everyone(), okAlso: [401], request: () => ({ path: '/api/auth/sign-out', json: {} }) },
  {
    key: 'GET /api/auth/verify-email',
    rule: 'public (token-checked; a bad token redirects with an error)',
    expect: everyone(),
    okAlso: [302, 401],
    request: () => ({ path: '/api/auth/verify-email', query: { token: 'not-a-token', callbackURL: '/auth' } }),
  },
  {
    key: 'GET /api/auth/reset-password/:token',
    rule: 'public (token-checked; a bad token redirects with an error)',
    expect: everyone(),
    okAlso: [302],
    request: () => ({ path: '/api/auth/reset-password/not-a-token', query: { callbackURL: '/auth' } }),
  },
  { key: 'POST /api/auth/passkey/sign-in-options', rule: 'public, rate limited', expect: everyone(), request: () => ({ path: '/api/auth/passkey/sign-in-options' }) },
  {
    key: 'POST /api/auth/sign-in/passkey',
    rule: 'public, rate limited (verified against this browser\'s challenge)',
    expect: everyone(),
    schemas: { json: passkeyAssertionSchema },
    request: () => ({ path: '/api/auth/sign-in/passkey', json: { response: PASSKEY_ASSERTION_SAMPLE } }),
  },
  {
    key: 'POST /api/auth/sign-in/email',
    rule: 'public, rate limited',
    expect: everyone(),
    request: (w) => ({ path: '/api/auth/sign-in/email', json: { email: w.users.spare.email, password: w.users.spare.password } }),
  },
  {
    key: 'POST /api/auth/sign-up/email',
    rule: 'public, rate limited',
    expect: everyone(),
    request: () => ({
      path: '/api/auth/sign-up/email',
      json: { email: `route-signup-${++signUps}-${Date.now()}@example.test`, password: 'a long enough password', name: 'New Voter', state: 'OH', district: 3, politicalAlignment: ALIGNMENTS[0] },
    }),
  },
  {
    key: 'POST /api/auth/request-password-reset',
    rule: 'public, rate limited',
    expect: everyone(),
    request: (w) => ({ path: '/api/auth/request-password-reset', json: { email: w.users.spare.email, redirectTo: '/reset-password' } }),
  },
  { key: 'POST /api/auth/reset-password', rule: 'public, rate limited (token-checked)', expect: everyone(), request: () => ({ path: '/api/auth/reset-password', json: { newPassword: 'another long password', token: 'not-a-token' } }) },
  // The code step of a sign-in: without the two_factor cookie of a password sign-in, 400 (start over).
  {
    key: 'POST /api/auth/two-factor/verify-totp',
    rule: 'public, rate limited (after the password)',
    expect: everyone(),
    okAlso: [401],
    schemas: { json: twoStepCodeBodySchema },
    request: () => ({ path: '/api/auth/two-factor/verify-totp', json: { code: '123456' } }),
  },
  {
    key: 'POST /api/auth/two-factor/verify-backup-code',
    rule: 'public, rate limited (after the password)',
    expect: everyone(),
    okAlso: [401],
    schemas: { json: twoStepCodeBodySchema },
    request: () => ({ path: '/api/auth/two-factor/verify-backup-code', json: { code: 'abcde-12345' } }),
  },
  {
    key: 'POST /api/auth/send-verification-email',
    rule: 'public, rate limited',
    expect: everyone(),
    request: (w) => ({ path: '/api/auth/send-verification-email', json: { email: w.users.unconfirmed.email } }),
  },

  // --- Profiles -----------------------------------------------------------------------
  { key: 'GET /api/me', rule: 'signed in', expect: signedIn(), request: () => ({ path: '/api/me' }) },
  { key: 'PATCH /api/me/tagline', rule: 'signed in (own profile)', expect: signedIn(), schemas: { json: updateTaglineSchema }, request: () => ({ path: '/api/me/tagline', json: { tagline: 'Hello there' } }) },
  { key: 'PATCH /api/me/preferences', rule: 'signed in (own profile)', expect: signedIn(), schemas: { json: updatePreferencesSchema }, request: () => ({ path: '/api/me/preferences', json: { language: 'es', theme: 'dark' } }) },
  { key: 'PATCH /api/me/bio', rule: 'signed in (own profile)', expect: signedIn(), schemas: { json: updateBioSchema }, request: () => ({ path: '/api/me/bio', json: { bio: 'Line one\nLine two' } }) },
  {
    key: 'PATCH /api/me/alignment',
    rule: 'signed in (own profile)',
    expect: signedIn(),
    schemas: { json: updateAlignmentSchema },
    request: () => ({ path: '/api/me/alignment', json: { alignment: ALIGNMENTS[0] } }),
  },
  {
    key: 'PATCH /api/me/location',
    rule: 'signed in (own profile; the location lock is a 4xx about the state)',
    expect: signedIn(),
    schemas: { json: updateLocationSchema },
    request: () => ({ path: '/api/me/location', json: { state: 'OH', district: 3 } }),
  },
  {
    key: 'POST /api/me/photo',
    rule: 'signed in (own profile)',
    expect: signedIn(),
    upload: 'image',
    request: () => ({ path: '/api/me/photo', file: { field: 'photo', bytes: PNG_1X1, name: 'me.png', type: 'image/png' } }),
  },
  { key: 'DELETE /api/me', rule: 'signed in (own profile)', expect: signedIn(), schemas: { json: deleteProfileSchema }, request: () => ({ path: '/api/me', json: { confirmation: 'delete' } }) },
  {
    key: 'GET /api/me/data',
    rule: 'signed in (own data only)',
    expect: signedIn(),
    request: () => ({ path: '/api/me/data' }),
    secrets: () => ['Private hello'],
    hiddenFrom: ['organizer', 'outsider', 'delegate', 'admin', 'suspended', 'unconfirmed', 'anonymous'],
  },
  { key: 'GET /api/profiles/:id', rule: 'public', expect: everyone(), request: (w) => ({ path: `/api/profiles/${w.users.member.id}` }) },
  { key: 'GET /api/profiles/:id/activities', rule: 'public', expect: everyone(), request: (w) => ({ path: `/api/profiles/${w.users.member.id}/activities` }) },
  { key: 'GET /api/profiles/:id/badges', rule: 'public', expect: everyone(), request: (w) => ({ path: `/api/profiles/${w.users.member.id}/badges` }) },
  { key: 'GET /api/photos/:id', rule: 'public', expect: everyone(), request: (w) => ({ path: `/api/photos/${w.photoId}` }) },

  // --- Caucuses -----------------------------------------------------------------------
  {
    key: 'GET /api/caucuses',
    rule: 'signed in',
    expect: signedIn(),
    schemas: { query: searchCaucusesSchema },
    request: () => ({ path: '/api/caucuses', query: { state: 'OH', district: '3', status: 'all' } }),
    // The results list caucus A: never with its password.
    secrets: () => [CAUCUS_A_PASSWORD],
    hiddenFrom: [...ROLES],
  },
  {
    key: 'POST /api/caucuses',
    rule: 'signed in (level 5 only administrators: a 4xx about the input)',
    expect: signedIn(),
    okAlso: [403],
    schemas: { json: createCaucusSchema },
    request: () => ({
      path: '/api/caucuses',
      json: { name: 'Organized caucus', membershipType: 'organizer', state: 'OH', district: 2, level: 1, politicalAlignment: ALIGNMENTS[0], accessType: 'open' },
    }),
  },
  {
    key: 'GET /api/caucus-codes/:code',
    rule: 'public (an invitation link opens before sign-in)',
    expect: everyone(),
    schemas: { param: codeParam },
    request: (w) => ({ path: `/api/caucus-codes/${w.caucusA.invitationCode}` }),
    secrets: () => [CAUCUS_A_PASSWORD],
    hiddenFrom: [...ROLES],
  },
  {
    key: 'GET /api/caucuses/by-code/:code',
    rule: 'public: the same as /api/caucus-codes/:code at its first address (an undocumented alias, decision 039)',
    expect: everyone(),
    schemas: { param: codeParam },
    request: (w) => ({ path: `/api/caucuses/by-code/${w.caucusA.invitationCode}` }),
    secrets: () => [CAUCUS_A_PASSWORD],
    hiddenFrom: [...ROLES],
  },
  {
    key: 'GET /api/caucuses/:id',
    rule: 'signed in; the password, members and votes only for its organizers and voting members',
    expect: signedIn(),
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}` }),
    // The private caucus's password, and member2 (named only in the member list and the tally).
    secrets: (w) => [CAUCUS_A_PASSWORD, w.users.member2.id],
    hiddenFrom: ['outsider', 'delegate', 'admin'],
  },
  {
    key: 'POST /api/caucuses/:id/join',
    rule: 'signed in (eligibility refusals are about the state)',
    expect: signedIn(),
    okAlso: [403],
    schemas: { json: joinCaucusSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA2.id}/join`, json: {} }),
  },
  {
    key: 'POST /api/caucuses/:id/leave',
    rule: 'its voting members (anyone else, organizers too, has no seat to leave: 409)',
    expect: only(['member'], 403, { organizer: 409, outsider: 409, delegate: 409, admin: 409 }),
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/leave` }),
  },
  {
    key: 'PUT /api/caucuses/:id/vote',
    rule: 'voting members of the caucus',
    expect: only(['member'], 403),
    schemas: { json: castVoteSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/vote`, json: { candidateId: w.users.member2.id } }),
  },
  {
    key: 'PATCH /api/caucuses/:id/platform-link',
    rule: 'organizers and voting members of the caucus',
    expect: only(['member', 'organizer'], 403),
    schemas: { json: platformLinkSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/platform-link`, json: { platformLink: 'https://example.org/platform' } }),
  },
  {
    key: 'PATCH /api/caucuses/:id/required-members',
    rule: 'administrators (then: level 5 only, a 4xx about the state)',
    expect: only(['admin'], 403),
    schemas: { json: requiredMembersSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/required-members`, json: { requiredVotingMembers: 10 } }),
  },
  {
    key: 'GET /api/caucuses/:id/record',
    rule: 'members and organizers of the caucus until it is finalized (then anyone)',
    expect: { ...only(['member', 'organizer'], 403), anonymous: 403, unconfirmed: 403 },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/record` }),
  },
  {
    key: 'GET /api/caucuses/:id/record.csv',
    rule: 'members and organizers of the caucus until it is finalized (then anyone)',
    expect: { ...only(['member', 'organizer'], 403), anonymous: 403, unconfirmed: 403 },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/record.csv` }),
  },
  { key: 'GET /api/my/caucuses', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/my/caucuses' }) },
  { key: 'GET /api/my/representation', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/my/representation' }) },

  // --- Caucus chat ----------------------------------------------------------------------
  {
    key: 'GET /api/caucuses/:id/chat',
    rule: 'organizers and voting members of the caucus',
    expect: only(['member', 'organizer'], 403),
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/chat` }),
    secrets: () => [CAUCUS_A_CHAT],
  },
  {
    key: 'POST /api/caucuses/:id/chat',
    rule: 'organizers and voting members of the caucus',
    expect: only(['member', 'organizer'], 403),
    schemas: { json: chatMessageSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/chat`, json: { message: 'Hello caucus' } }),
  },
  {
    key: 'GET /api/caucuses/:id/chat/stream',
    rule: 'organizers and voting members of the caucus',
    expect: only(['member', 'organizer'], 403),
    stream: true,
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/chat/stream` }),
  },

  // --- Invitations ----------------------------------------------------------------------
  {
    key: 'GET /api/caucuses/:id/invitable-voters',
    rule: 'organizers of the caucus',
    expect: only(['organizer'], 403),
    schemas: { query: nameQuery },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/invitable-voters`, query: { q: '' } }),
  },
  {
    key: 'POST /api/caucuses/:id/voter-invitations/email',
    rule: 'organizers of the caucus',
    expect: only(['organizer'], 403),
    isolate: true,
    schemas: { json: inviteVoterByEmailSchema },
    request: (w, role) => ({ path: `/api/caucuses/${w.caucusA.id}/voter-invitations/email`, json: { email: `invited-${role}@example.test` } }),
  },
  {
    key: 'GET /api/caucuses/:id/invitations',
    rule: 'organizers of the caucus',
    expect: only(['organizer'], 403),
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/invitations` }),
  },
  {
    key: 'POST /api/caucuses/:id/voter-invitations',
    rule: 'organizers of the caucus',
    expect: only(['organizer'], 403),
    schemas: { json: inviteVoterSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/voter-invitations`, json: { inviteeId: w.users.unconfirmed.id } }),
  },
  {
    key: 'POST /api/caucuses/:id/organizer-invitations',
    rule: 'organizers of the caucus',
    expect: only(['organizer'], 403),
    schemas: { json: inviteOrganizerSchema },
    request: (w) => ({ path: `/api/caucuses/${w.caucusA.id}/organizer-invitations`, json: { inviteeId: w.users.spare.id } }),
  },
  { key: 'GET /api/users/search', rule: 'signed in', expect: signedIn(), schemas: { query: userSearchQuery }, request: () => ({ path: '/api/users/search', query: { q: 'Ada' } }) },
  { key: 'GET /api/my/invitations', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/my/invitations' }) },
  {
    key: 'POST /api/voter-invitations/:id/respond',
    rule: 'the invitee',
    expect: only(['member'], 403),
    schemas: { json: voterResponseSchema },
    request: (w) => ({ path: `/api/voter-invitations/${w.voterInvitationId}/respond`, json: { response: 'declined' } }),
  },
  {
    key: 'POST /api/organizer-invitations/:id/respond',
    rule: 'the invitee',
    expect: only(['outsider'], 403),
    schemas: { json: organizerResponseSchema },
    request: (w) => ({ path: `/api/organizer-invitations/${w.organizerInvitationId}/respond`, json: { response: 'declined' } }),
  },

  // --- Badges, points, leaderboards ---------------------------------------------------------
  { key: 'GET /api/badges', rule: 'public', expect: everyone(), request: () => ({ path: '/api/badges' }) },
  {
    key: 'GET /api/badges/:name',
    rule: 'public',
    expect: everyone(),
    schemas: { param: badgeNameParamSchema },
    request: () => ({ path: `/api/badges/${encodeURIComponent(BADGES[0]!.name)}` }),
  },
  { key: 'GET /api/champion', rule: 'signed in (own progress)', expect: signedIn(), request: () => ({ path: '/api/champion' }) },
  {
    key: 'POST /api/brownies',
    rule: 'signed in',
    expect: signedIn(),
    schemas: { json: giveBrownieSchema },
    request: (w) => ({ path: '/api/brownies', json: { receiverId: w.users.member2.id } }),
  },
  { key: 'GET /api/brownies/today', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/brownies/today' }) },
  { key: 'GET /api/leaderboards', rule: 'public', expect: everyone(), schemas: { query: leaderboardQuerySchema }, request: () => ({ path: '/api/leaderboards', query: { metric: 'sparks', state: 'OH' } }) },

  // --- Verification, rewards, premium badges ---------------------------------------------
  { key: 'GET /api/verification', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/verification' }) },
  { key: 'POST /api/verification/payment', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/verification/payment' }) },
  {
    key: 'POST /api/verification/identity',
    rule: 'signed in (own)',
    expect: signedIn(),
    schemas: { json: startIdentitySchema },
    request: () => ({ path: '/api/verification/identity', json: { governmentId: 'D1234567' } }),
  },
  { key: 'POST /api/verification/check', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/verification/check' }) },
  { key: 'GET /api/rewards', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/rewards' }) },
  {
    key: 'POST /api/rewards/:key/claim',
    rule: 'signed in (own; an unverified user is told to verify: 403 about their state)',
    expect: signedIn(),
    okAlso: [403],
    request: () => ({ path: `/api/rewards/${WELCOME_VOUCHER_KEY}/claim` }),
  },
  { key: 'GET /api/premium-badges', rule: 'public', expect: everyone(), request: () => ({ path: '/api/premium-badges' }) },
  { key: 'GET /api/premium-badges/:id', rule: 'public', expect: everyone(), request: (w) => ({ path: `/api/premium-badges/${w.premiumBadgeId}` }) },
  { key: 'POST /api/premium-badges/:id/checkout', rule: 'signed in (own purchase)', expect: signedIn(), request: (w) => ({ path: `/api/premium-badges/${w.premiumBadgeId}/checkout` }) },
  { key: 'POST /api/premium-badges/:id/check', rule: 'signed in (own purchase)', expect: signedIn(), request: (w) => ({ path: `/api/premium-badges/${w.premiumBadgeId}/check` }) },
  { key: 'GET /api/todo', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/todo' }) },

  // --- Friends, messages, broadcasts --------------------------------------------------------
  { key: 'GET /api/friends', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/friends' }) },
  { key: 'GET /api/friends/search', rule: 'signed in', expect: signedIn(), schemas: { query: friendSearchQuery }, request: () => ({ path: '/api/friends/search', query: { q: 'Ada' } }) },
  {
    key: 'POST /api/friends/requests',
    rule: 'signed in',
    expect: signedIn(),
    schemas: { json: sendFriendRequestSchema },
    request: (w) => ({ path: '/api/friends/requests', json: { userId: w.users.spare.id } }),
  },
  {
    key: 'POST /api/friends/requests/:id/respond',
    rule: 'the person asked (the one who asked: 403; anyone else: 404)',
    expect: only(['member'], 404, { outsider: 403 }),
    schemas: { json: respondFriendRequestSchema },
    request: (w) => ({ path: `/api/friends/requests/${w.friendRequestId}/respond`, json: { response: 'declined' } }),
  },
  // --- Trust and safety (issue 14) -------------------------------------------------------
  { key: 'GET /api/blocks', rule: 'signed in (own list)', expect: signedIn(), request: () => ({ path: '/api/blocks' }) },
  { key: 'POST /api/blocks', rule: 'signed in', expect: signedIn(), schemas: { json: blockBody }, request: (w) => ({ path: '/api/blocks', json: { userId: w.users.spare.id } }) },
  {
    key: 'DELETE /api/blocks/:userId',
    rule: 'signed in (own blocks: someone not blocked is a 404)',
    expect: signedIn(),
    okAlso: [404],
    request: (w) => ({ path: `/api/blocks/${w.users.spare.id}` }),
  },
  {
    key: 'POST /api/reports',
    rule: 'signed in (the item must be theirs to see)',
    expect: signedIn(),
    schemas: { json: reportSchema },
    request: (w) => ({ path: '/api/reports', json: { itemKind: 'debate', itemId: w.debate.id, reason: 'spam' } }),
  },
  { key: 'GET /api/admin/moderation', rule: 'administrators', expect: only(['admin'], 403), request: () => ({ path: '/api/admin/moderation' }) },
  {
    key: 'POST /api/admin/moderation/:kind/:id',
    rule: 'administrators',
    expect: only(['admin'], 403),
    schemas: { json: moderationActionSchema },
    request: (w) => ({ path: `/api/admin/moderation/debate_response/${w.debate.responseId}`, json: { action: 'dismiss', reason: 'Within the rules' } }),
  },
  {
    key: 'GET /api/admin/users/:id/standing',
    rule: 'administrators',
    expect: only(['admin'], 403),
    request: (w) => ({ path: `/api/admin/users/${w.users.suspended.id}/standing` }),
  },
  {
    key: 'POST /api/admin/users/:id/suspension',
    rule: 'administrators',
    expect: only(['admin'], 403),
    schemas: { json: suspendUserSchema },
    request: (w) => ({ path: `/api/admin/users/${w.users.spare.id}/suspension`, json: { days: 3, reason: 'Spam' } }),
  },
  {
    key: 'POST /api/admin/users/:id/suspension/lift',
    rule: 'administrators',
    expect: only(['admin'], 403),
    isolate: true,
    schemas: { json: liftSuspensionBody },
    request: (w) => ({ path: `/api/admin/users/${w.users.suspended.id}/suspension/lift`, json: { reason: 'Appeal accepted' } }),
  },
  { key: 'GET /api/admin/log', rule: 'administrators', expect: only(['admin'], 403), schemas: { query: adminLogQuery }, request: () => ({ path: '/api/admin/log' }) },
  {
    key: 'GET /api/notifications',
    rule: 'signed in (own)',
    expect: signedIn(),
    schemas: { query: notificationPageQuery },
    request: () => ({ path: '/api/notifications' }),
    secrets: () => ['Private asker'],
    hiddenFrom: ['organizer', 'outsider', 'delegate', 'admin', 'unconfirmed', 'anonymous'],
  },
  { key: 'GET /api/notifications/unread-count', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/notifications/unread-count' }) },
  { key: 'POST /api/notifications/read-all', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/notifications/read-all', json: {} }) },
  {
    key: 'POST /api/notifications/:id/read',
    rule: 'its recipient (anyone else: 404)',
    expect: only(['member'], 404),
    request: (w) => ({ path: `/api/notifications/${w.notificationId}/read`, json: {} }),
  },
  { key: 'GET /api/notification-settings', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/notification-settings' }) },
  {
    key: 'PUT /api/notification-settings/:kind',
    rule: 'signed in (own)',
    expect: signedIn(),
    schemas: { json: notificationPreferenceBody },
    request: () => ({ path: '/api/notification-settings/badge_earned', json: { email: true, push: false, cadence: 'daily' } }),
  },
  {
    key: 'GET /api/unsubscribe/:token',
    rule: 'anyone with the signed link (it is the authority)',
    expect: everyone(),
    request: (w) => ({ path: `/api/unsubscribe/${unsubscribeToken(testSettings.AUTH_SECRET, w.users.member.id, 'friend_request')}` }),
  },
  {
    key: 'POST /unsubscribe/:token',
    rule: 'anyone with the signed link (RFC 8058 one-click: no session, no Origin)',
    expect: everyone(),
    request: (w) => ({ path: `/unsubscribe/${unsubscribeToken(testSettings.AUTH_SECRET, w.users.member.id, 'friend_request')}`, json: {} }),
  },
  { key: 'GET /api/push/public-key', rule: 'anyone (the VAPID public key)', expect: everyone(), request: () => ({ path: '/api/push/public-key' }) },
  { key: 'GET /api/push/subscriptions', rule: 'signed in (own devices)', expect: signedIn(), request: () => ({ path: '/api/push/subscriptions' }) },
  {
    key: 'POST /api/push/subscriptions',
    rule: 'signed in (this device)',
    expect: signedIn(),
    isolate: true,
    schemas: { json: pushSubscriptionSchema },
    request: (_w, role) => ({
      path: '/api/push/subscriptions',
      json: { endpoint: `https://push.example.test/${role}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
    }),
  },
  {
    key: 'DELETE /api/push/subscriptions',
    rule: 'signed in (own device; another’s: 404)',
    expect: signedIn(),
    okAlso: [404],
    schemas: { json: pushEndpointSchema },
    request: () => ({ path: '/api/push/subscriptions', json: { endpoint: 'https://push.example.test/nobody' } }),
  },
  { key: 'GET /api/messages/conversations', rule: 'signed in (own)', expect: signedIn(), schemas: { query: listQuery }, request: () => ({ path: '/api/messages/conversations' }) },
  {
    key: 'GET /api/messages/conversations/:userId',
    rule: 'signed in (own conversation with that user)',
    expect: signedIn(),
    schemas: { query: threadQuery },
    request: (w) => ({ path: `/api/messages/conversations/${w.users.member2.id}` }),
    // Only the member wrote to member2: nobody else's conversation with member2 holds it.
    secrets: () => ['Private hello'],
    hiddenFrom: ['organizer', 'outsider', 'delegate', 'admin', 'unconfirmed', 'anonymous'],
  },
  {
    key: 'POST /api/messages/conversations/:userId/read',
    rule: 'signed in (own conversation)',
    expect: signedIn(),
    request: (w) => ({ path: `/api/messages/conversations/${w.users.member2.id}/read` }),
  },
  { key: 'GET /api/messages/unread-count', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/messages/unread-count' }) },
  {
    key: 'POST /api/messages',
    rule: 'signed in',
    expect: signedIn(),
    schemas: { json: sendPrivateMessageSchema },
    request: (w) => ({ path: '/api/messages', json: { recipientId: w.users.member2.id, message: 'Hi there' } }),
  },
  { key: 'GET /api/messages/stream', rule: 'signed in (own stream)', expect: signedIn(), stream: true, request: () => ({ path: '/api/messages/stream' }) },
  { key: 'GET /api/broadcasts', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/broadcasts' }) },
  {
    key: 'POST /api/broadcasts',
    rule: 'administrators (everyone, a state, a district) and elected delegates (their constituents)',
    expect: only(['admin', 'delegate'], 403),
    schemas: { json: sendBroadcastSchema },
    request: (_w, role) => ({ path: '/api/broadcasts', json: { message: 'To all', scope: role === 'delegate' ? 'constituents' : 'everyone' } }),
  },

  // --- Debates ------------------------------------------------------------------------
  { key: 'GET /api/debates', rule: 'public', expect: everyone(), request: () => ({ path: '/api/debates' }) },
  {
    key: 'POST /api/debates',
    rule: 'signed in',
    expect: signedIn(),
    schemas: { json: createDebateSchema },
    request: () => ({ path: '/api/debates', json: { title: 'A new debate', prompt: 'Make your case.', debateType: 'text', durationDays: 7 } }),
  },
  { key: 'GET /api/debates/:id', rule: 'public', expect: everyone(), request: (w) => ({ path: `/api/debates/${w.debate.id}` }) },
  { key: 'DELETE /api/debates/:id', rule: 'its creator or an administrator', expect: only(['member', 'admin'], 403), isolate: true, request: (w) => ({ path: `/api/debates/${w.debate.id}` }) },
  {
    key: 'POST /api/debates/:id/invitations',
    rule: 'its creator',
    expect: only(['member'], 403),
    schemas: { json: inviteFriendsSchema },
    request: (w) => ({ path: `/api/debates/${w.debate.id}/invitations`, json: { friendIds: [w.users.member2.id] } }),
  },
  {
    key: 'POST /api/debates/:id/responses',
    rule: 'signed in (the debate rules: 4xx about the state)',
    expect: signedIn(),
    okAlso: [403],
    schemas: { json: textContributionSchema },
    upload: 'audio',
    request: (w) => ({ path: `/api/debates/${w.debate.id}/responses`, json: { text: 'My answer.' } }),
  },
  {
    key: 'POST /api/debates/:id/responses/:parentId/rebuttals',
    rule: 'signed in participants (the debate rules: 4xx about the state)',
    expect: signedIn(),
    okAlso: [403],
    schemas: { json: textContributionSchema },
    upload: 'audio',
    request: (w) => ({ path: `/api/debates/${w.debate.id}/responses/${w.debate.responseId}/rebuttals`, json: { text: 'I disagree.' } }),
  },
  {
    key: 'POST /api/debates/:id/rebuttals/:parentId/defenses',
    rule: "the rebutted response's author (the debate rules: 4xx about the state)",
    expect: signedIn(),
    okAlso: [403],
    schemas: { json: textContributionSchema },
    upload: 'audio',
    request: (w) => ({ path: `/api/debates/${w.debate.id}/rebuttals/${w.debate.rebuttalId}/defenses`, json: { text: 'I stand by it.' } }),
  },
  {
    key: 'POST /api/debates/:id/votes',
    rule: 'signed in (own contributions: a 4xx about the state)',
    expect: signedIn(),
    okAlso: [403],
    schemas: { json: voteSchema },
    request: (w) => ({ path: `/api/debates/${w.debate.id}/votes`, json: { contentType: 'response', contentId: w.debate.responseId, voteType: 'upvote' } }),
  },
  { key: 'GET /api/debate-audio/:userId/:debateId/:file', rule: 'public', expect: everyone(), request: (w) => ({ path: w.audioPath }) },

  // --- Challenges ---------------------------------------------------------------------
  { key: 'GET /api/challenges', rule: 'signed in (own)', expect: signedIn(), request: () => ({ path: '/api/challenges' }) },
  {
    key: 'POST /api/challenges',
    rule: 'signed in (invitees must be friends: 4xx about the input)',
    expect: signedIn(),
    schemas: { json: createChallengeSchema },
    request: (w) => ({ path: '/api/challenges', json: { name: 'Spark race', challengeType: 'sparks', durationDays: 7, team: 'blue', inviteeIds: [w.users.member2.id] } }),
  },
  { key: 'GET /api/challenges/:id', rule: 'its members and invitees', expect: only(['member', 'delegate'], 403), request: (w) => ({ path: `/api/challenges/${w.challengeId}` }) },
  {
    key: 'POST /api/challenges/:id/accept',
    rule: 'its invitees (a member: 4xx about the state)',
    expect: only(['member', 'delegate'], 403),
    request: (w) => ({ path: `/api/challenges/${w.challengeId}/accept` }),
  },
  {
    key: 'POST /api/challenges/:id/decline',
    rule: 'its invitees (a member: 4xx about the state)',
    expect: only(['member', 'delegate'], 403),
    request: (w) => ({ path: `/api/challenges/${w.challengeId}/decline` }),
  },
  {
    key: 'POST /api/challenges/:id/leave',
    rule: 'its members (an invitee is not one yet: 409)',
    expect: only(['member'], 403, { delegate: 409 }), request: (w) => ({ path: `/api/challenges/${w.challengeId}/leave` }),
  },
  { key: 'GET /api/challenges/:id/chat', rule: 'its members', expect: only(['member'], 403), request: (w) => ({ path: `/api/challenges/${w.challengeId}/chat` }) },
  {
    key: 'POST /api/challenges/:id/chat',
    rule: 'its members',
    expect: only(['member'], 403),
    schemas: { json: challengeChatMessageSchema },
    request: (w) => ({ path: `/api/challenges/${w.challengeId}/chat`, json: { message: 'Go team' } }),
  },
  { key: 'GET /api/challenges/:id/chat/stream', rule: 'its members', expect: only(['member'], 403), stream: true, request: (w) => ({ path: `/api/challenges/${w.challengeId}/chat/stream` }) },

  // --- Outside /api: link preview images, development mailbox, test-mode payment provider -------
  {
    key: 'GET /share/caucus/:file',
    rule: "public: a link preview's image, from the facts the invitation page shows a guest",
    expect: everyone(),
    schemas: { param: shareImageParam },
    request: (w) => ({ path: `/share/caucus/${w.caucusA.id}.png` }),
    secrets: () => [CAUCUS_A_PASSWORD],
    hiddenFrom: [...ROLES],
  },
  // Prometheus' scrape (issue 30): METRICS_ALLOW's addresses (this machine by default, as here) or the bearer token; 404 otherwise (metrics.test.ts).
  { key: 'GET /metrics', rule: 'allowed addresses or METRICS_TOKEN, whoever is signed in', expect: everyone(), request: () => ({ path: '/metrics' }) },
  { key: 'GET /dev/mailbox', rule: 'public, mounted only outside production', expect: everyone(), request: () => ({ path: '/dev/mailbox', query: { to: 'someone@example.test' } }) },
  {
    key: 'GET /dev/mailbox/messages.json',
    rule: 'public, mounted only outside production',
    expect: everyone(),
    request: () => ({ path: '/dev/mailbox/messages.json', query: { to: 'someone@example.test' } }),
  },
  { key: 'GET /dev/mailbox/:id', rule: 'public, mounted only outside production (unknown id: 404)', expect: everyone(), okAlso: [404], request: () => ({ path: '/dev/mailbox/00000000-0000-4000-8000-000000000000' }) },
  ...(['checkout', 'identity'] as const).flatMap((kind): RouteRow[] => [
    {
      key: `GET /test-provider/${kind}/:ref`,
      rule: 'test-mode provider page: token-checked, not session-checked (unknown session: 404)',
      expect: everyone(),
      okAlso: [404],
      request: () => ({ path: `/test-provider/${kind}/test_${kind === 'checkout' ? 'cs' : 'vs'}_${'a'.repeat(24)}` }),
    },
    {
      key: `POST /test-provider/${kind}/:ref`,
      rule: 'test-mode provider form: token-checked, not session-checked (unknown session: 404)',
      expect: everyone(),
      okAlso: [403, 404],
      request: () => ({ path: `/test-provider/${kind}/test_${kind === 'checkout' ? 'cs' : 'vs'}_${'a'.repeat(24)}` }),
    },
  ]),
];

/**
 * What the suspended user must get (issue 14): every state change under /api (better-auth's own
 * routes aside) is a 403 that says until when; a read is what a member of another caucus gets.
 */
export function suspendedExpectation(row: RouteRow): Expectation {
  const path = PATH_OF(row.key);
  const guarded = path.startsWith('/api/') && !path.startsWith('/api/auth/') && !SUSPENSION_EXEMPT_PATHS.includes(path);
  if (METHOD_OF(row.key) !== 'GET' && guarded) return 403;
  return row.expect.outsider;
}

/** The expectation of `role` for `row`. */
export const expectationFor = (row: RouteRow, role: Role): Expectation => (role === 'suspended' ? suspendedExpectation(row) : row.expect[role]);

/** The statuses a role expecting 'ok' may get from `row`. */
export function isAllowedStatus(row: RouteRow, status: number): boolean {
  if (status >= 200 && status < 400) return true;
  if (row.stream && status === 503) return true;
  return [400, 409, 410, 422, 429, ...(row.okAlso ?? [])].includes(status);
}
