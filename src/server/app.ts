import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Hono, type Context } from 'hono';
import type { Db } from './db/client';
import type { Clock } from './clock';
import type { Logger } from './logger';
import { loggablePath } from './logger';
import type { Settings } from './settings';
import { createAuth, type Auth } from './features/auth/auth';
import { twoStepRoutes } from './features/two-step/two-step.routes';
import { pendingSignInGuard } from './features/two-step/two-step-sign-in-guard';
import { badgeRoutes } from './features/badges/badges.routes';
import { caucusPasswordKeysFrom } from './features/caucuses/caucus-passwords.service';
import { caucusRoutes } from './features/caucuses/caucuses.routes';
import { premiumBadgeRoutes } from './features/premium-badges/premium-badges.routes';
import { rewardRoutes } from './features/rewards/rewards.routes';
import { todoRoutes } from './features/todo/todo.routes';
import { brownieRoutes } from './features/brownies/brownies.routes';
import { leaderboardRoutes } from './features/leaderboards/leaderboards.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { blockRoutes } from './features/blocks/blocks.routes';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { friendRoutes } from './features/friends/friends.routes';
import type { JobQueue } from './jobs/job-queue';
import { pushRoutes } from './features/push/push.routes';
import { notificationSettingsRoutes, unsubscribeRoutes } from './features/notifications/notification-settings.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { messageRoutes } from './features/messages/messages.routes';
import { broadcastRoutes } from './features/broadcasts/broadcasts.routes';
import { challengeRoutes } from './features/challenges/challenges.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { profileRoutes } from './features/profiles/profiles.routes';
import { getOwnProfile } from './features/profiles/profiles.service';
import { statsRoutes } from './features/stats/stats.routes';
import { movementRoutes } from './features/movement/movement.routes';
import { debateRoutes } from './features/debates/debates.routes';
import { shareImageRoutes } from './features/link-previews/link-previews.routes';
import { createShareImageCache } from './features/link-previews/share-images.service';
import { movementStatsReader } from './features/stats/stats.service';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes';
import { documented } from './http/api-docs';
import { appConfigSchema, healthSchema, sessionAnswerSchema } from '../domain/api/app-answers';
import { AUTH_DOCS, AUTH_QUERIES } from './features/auth/auth-docs';
import { apiTokenRoutes } from './features/api-tokens/api-tokens.routes';
import { passkeyRoutes } from './features/passkeys/passkeys.routes';
import { passkeyDepsFrom } from './features/passkeys/passkey-settings';
import { accountEmailRoutes } from './features/account-email/account-email.routes';
import { accountSecurityRoutes } from './features/account-security/account-security.routes';
import { apiTokenAuth } from './http/api-token-auth';
import { passwordRoutes } from './features/account-password/account-password.routes';
import { sessionRoutes } from './features/account-devices/account-devices.routes';
import { personalAnswers } from './http/cache-control';
import { compressResponses } from './http/compression';
import { authInputGuard, passOn, withJsonBody } from './http/auth-input-guard';
import { validate } from './http/validate';
import { errorHandler } from './http/error-handler';
import { rateLimit } from './http/rate-limit';
import { clientAddress, forwardingHeaders, requestClient, withClientAddress } from './http/request-client';
import { accountThrottle, type ThrottleSettings } from './http/account-throttle';
import { loopbackOnly } from './http/loopback-only';
import { methodNotAllowed } from './http/method-not-allowed';
import { JSON_BODY_MAX_BYTES, limitBodies, type SignedOutMessage, type UploadRoute, writesNeedSession, writesRefusedWhileSuspended } from './http/request-guards';
import { PHOTO_MAX_BYTES } from '../domain/profiles/limits';
import { DEBATE_LIMITS, DEBATE_MESSAGES } from '../domain/debates/debate-rules';
import { PHOTO_ERRORS } from './storage/photo-processing';
import { PREMIUM_BADGE_MESSAGES } from '../domain/premium-badges/premium-badge-types';
import { REWARD_MESSAGES } from '../domain/rewards/reward-catalogue';
import { VERIFICATION_MESSAGES } from '../domain/verification/verification-schemas';
import { csrfProtection, securityHeaders } from './http/security';
import { type AppEnv, loadSession } from './http/session';
import { pageSender, staticSite } from './http/static-site';
import { authFormRoutes } from './features/auth/auth-forms.routes';
import { emailChangeFormRoutes } from './features/account-email/email-change-forms.routes';
import type { PageFormDeps } from './http/page-forms';
import { describePage } from './features/pages/pages.service';
import { pageRendererFrom } from './http/page-render';
import type { FormResult, RenderedPage } from '../domain/rendering/rendered-page';
import { paymentWebhookRoutes, verificationRoutes } from './features/verification/verification.routes';
import { findOpenTestSession, recordProviderEvent, type VerificationDeps } from './features/verification/verification.service';
import { createPaymentProvider } from './payments/create-payment-provider';
import type { PaymentProvider } from './payments/payment-provider';
import { testProviderRoutes } from './payments/test-provider';
import type { NotificationHub } from './realtime/notification-hub';
import type { ReadReplica } from './db/read-replica';
import { createStreamCap, DEFAULT_LIVE_STREAMS_MAX } from './realtime/stream-cap';
import { languageOf, themeOf } from './http/request-language';
import { translatedErrors } from './http/translated-errors';
import { addressAllowList } from './http/address-allow-list';
import { availableParallelism } from 'node:os';
import { joinClusterMetrics } from './features/operations/cluster-metrics';
import { createDatabaseFiguresReader, shippedMigrations } from './features/operations/database-figures';
import type { OperationsDeps } from './features/operations/operations.service';
import { metricsRoutes, operationsRoutes } from './features/operations/operations.routes';
import { createProcessMetrics } from './features/operations/process-metrics';
import { createPublicReadCache } from './caching/public-read-cache';
import { forgetOnChanges } from './caching/public-read-invalidation';

export type AppSettings = Pick<
  Settings,
  | 'BASE_URL'
  | 'AUTH_SECRET'
  | 'ADMIN_EMAILS'
  | 'isProduction'
  | 'VISION_DOCUMENT_URL'
  | 'AUTH_RATE_LIMIT_MAX'
  | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'
  | 'STATS_CACHE_SECONDS'
  | 'PUBLIC_READ_CACHE_SECONDS'
  | 'APP_TIME_ZONE'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PUBLISHABLE_KEY'
  // Accounts that hold (issue 32): asking again; B: email changes; C: passkeys; D: two-step
  // sign-in (decision 050); E: "Confirm it's you" wrong answers. Defaults in settings.ts only.
  | 'ACCOUNT_RECENT_PROOF_MINUTES'
  | 'EMAIL_CHANGE_CONFIRM_HOURS'
  | 'EMAIL_CHANGE_UNDO_HOURS'
  | 'EMAIL_CHANGES_PER_USER_MAX'
  | 'EMAIL_CHANGES_PER_USER_WINDOW_SECONDS'
  | 'PASSKEYS_PER_USER_MAX'
  | 'PASSKEY_CHALLENGE_SECONDS'
  | 'TWO_STEP_TRUST_DAYS'
  | 'TWO_STEP_LOCKOUT_ATTEMPTS'
  | 'TWO_STEP_LOCKOUT_MINUTES'
  | 'CONFIRM_IDENTITY_FREE_FAILURES'
  | 'CONFIRM_IDENTITY_BACKOFF_BASE_SECONDS'
  | 'CONFIRM_IDENTITY_BACKOFF_MAX_SECONDS'
  | 'CONFIRM_IDENTITY_FAILURES_FORGOTTEN_AFTER_SECONDS'
> &
  Partial<Pick<Settings, 'TRUSTED_PROXIES' | 'LIVE_STREAMS_MAX' | 'API_TOKEN_RATE_LIMIT_MAX' | 'API_TOKEN_RATE_LIMIT_WINDOW_SECONDS' | 'CAUCUS_PASSWORD_KEY' | 'CAUCUS_PASSWORD_KEY_PREVIOUS'>> &
  // How the app is run (issue 30): who reads /metrics, the backups and disk /admin/system shows.
  Partial<Pick<Settings, 'METRICS_ALLOW' | 'METRICS_TOKEN' | 'backupTool' | 'BACKUP_SCHEDULE_HOURS' | 'BACKUP_RETENTION_DAYS' | 'dataDir' | 'WORKERS' | 'DATABASE_URL'>> &
  ThrottleSettings & { mailboxEnabled: boolean; extraOrigins?: string[] };

export interface AppDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  settings: AppSettings;
  /** Folder of the built web app; omitted in API tests. */
  webDist?: string;
  /** Folder of the build's page renderer (dist/ssr, decision 022); without it pages are drawn in the browser alone. */
  ssrDist?: string;
  /** The payment and identity provider; by default chosen from the settings (Stripe or test mode). */
  payments?: PaymentProvider | null;
  /** This process's LISTEN/NOTIFY hub for live updates (chat); without it live streams answer 503. */
  notifications?: NotificationHub;
  /** The job queue (decision 024), for work a request leaves to the background (a broadcast's fan-out). */
  jobs?: JobQueue | null;
  /** The public VAPID key devices subscribe to Web Push with; without it push is not offered. */
  vapidPublicKey?: string | null;
  /** DATABASE_REPLICA_URL's routing (decision 028): without it every read is the primary's, at no cost. */
  readReplica?: ReadReplica | null;
  /** With several hosts in DATABASE_URL: how many times this process moved to another primary (decision 046). */
  databaseHostChanges?: () => number;
}

/**
 * The only better-auth endpoints reachable over HTTP: what the app's pages use. Every other
 * one (update-user, change-email, change-password, delete-user, list-sessions, get-session,
 * revoke-*, social sign-in, account linking …) answers 404, because each would write or read a
 * user's fields around the app's own rules (docs/security.md).
 */
export const AUTH_ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  { method: 'POST', path: '/api/auth/sign-up/email' },
  { method: 'POST', path: '/api/auth/sign-in/email' },
  { method: 'POST', path: '/api/auth/sign-out' },
  { method: 'GET', path: '/api/auth/verify-email' },
  { method: 'POST', path: '/api/auth/send-verification-email' },
  { method: 'POST', path: '/api/auth/request-password-reset' },
  { method: 'GET', path: '/api/auth/reset-password/:token' },
  { method: 'POST', path: '/api/auth/reset-password' },
  // Signing in with a passkey (issue 32, decision 049; the app's plugin, features/passkeys).
  { method: 'POST', path: '/api/auth/passkey/sign-in-options' },
  { method: 'POST', path: '/api/auth/sign-in/passkey' },
  // Two-step sign-in's code step (decision 050): after the password, with better-auth's two_factor cookie.
  { method: 'POST', path: '/api/auth/two-factor/verify-totp' },
  { method: 'POST', path: '/api/auth/two-factor/verify-backup-code' },
];

/** Routes that take an upload, with their largest body (checked again, with its own message, by the route). */
const UPLOAD_ROUTES: UploadRoute[] = [
  {
    pattern: /^\/api\/me\/photo$/,
    maxBytes: PHOTO_MAX_BYTES + 64 * 1024,
    refusal: { code: 'file_too_large', message: PHOTO_ERRORS.tooLarge.message, title: PHOTO_ERRORS.tooLarge.title },
  },
  {
    pattern: /^\/api\/debates\/[^/]+\/(responses|responses\/[^/]+\/rebuttals|rebuttals\/[^/]+\/defenses)$/,
    maxBytes: DEBATE_LIMITS.audioMaxBytes + 64 * 1024,
    refusal: { code: 'audio_too_large', message: DEBATE_MESSAGES.audioTooLarge },
  },
];

/** What a visitor reads when a write needs a session, where the spec words it. */
const SIGNED_OUT_MESSAGES: SignedOutMessage[] = [
  { pattern: /^\/api\/verification(\/|$)/, message: VERIFICATION_MESSAGES.notLoggedIn },
  { pattern: /^\/api\/rewards(\/|$)/, message: REWARD_MESSAGES.signedOut },
  { pattern: /^\/api\/premium-badges(\/|$)/, message: PREMIUM_BADGE_MESSAGES.signedOut },
  { method: 'PUT', pattern: /^\/api\/caucuses\/[^/]+\/vote$/, message: 'Authentication Error: You must be logged in to vote.' },
];

/**
 * State changes under /api that need no session: a mail link's button, whose single-use token is
 * the whole authority (as better-auth's password reset).
 */
const PUBLIC_WRITES: RegExp[] = [
  // Issue 32, B: email changes.
  /^\/api\/email-change\/(confirm|undo)$/,
];

/** The rate-limited auth routes: sign-in, sign-up, reset and confirmation resend. */
const RATE_LIMITED_AUTH_PATHS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  '/api/auth/passkey/sign-in-options',
  '/api/auth/sign-in/passkey',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
];

export function createApp(deps: AppDeps): { app: Hono<AppEnv>; auth: Auth } {
  const { db, clock, logger, settings } = deps;
  const origins = [new URL(settings.BASE_URL).origin, ...(settings.extraOrigins ?? [])];
  const passkeyDeps = passkeyDepsFrom(db, clock, settings, origins);
  const auth = createAuth({
    db,
    clock,
    logger,
    baseUrl: settings.BASE_URL,
    secret: settings.AUTH_SECRET,
    trustedOrigins: origins,
    adminEmails: settings.ADMIN_EMAILS,
    passkeys: passkeyDeps,
    timeZone: settings.APP_TIME_ZONE,
    twoStep: {
      trustDays: settings.TWO_STEP_TRUST_DAYS,
      lockoutAttempts: settings.TWO_STEP_LOCKOUT_ATTEMPTS,
      lockoutMinutes: settings.TWO_STEP_LOCKOUT_MINUTES,
    },
  });

  const payments = deps.payments !== undefined ? deps.payments : createPaymentProvider(settings);
  if (!payments) logger.warn('payments: no STRIPE_SECRET_KEY in production, so verification is unavailable');
  const verificationDeps: VerificationDeps = { db, clock, logger, payments, secret: settings.AUTH_SECRET, baseUrl: settings.BASE_URL };

  // One cap for every live stream route of this process (issue 16): past it, 503 and Retry-After.
  const streams = createStreamCap(settings.LIVE_STREAMS_MAX ?? DEFAULT_LIVE_STREAMS_MAX);

  // The shared cache of public reads (issue 33, decision 055), told by PostgreSQL what changed.
  // It keeps nothing until this process listens for changes, and nothing without a listener:
  // better read the database than keep what no one could make it forget.
  const publicReads = createPublicReadCache({ clock, ttlSeconds: settings.PUBLIC_READ_CACHE_SECONDS, enabled: false });
  if (deps.notifications && settings.PUBLIC_READ_CACHE_SECONDS > 0) {
    forgetOnChanges(deps.notifications, publicReads, logger).then(
      () => publicReads.setEnabled(true),
      (error: unknown) => logger.error({ err: error }, 'public reads: cannot listen for changes, so nothing is cached'),
    );
  }

  const app = new Hono<AppEnv>();
  app.onError(errorHandler(logger));

  // Who sent the request: the socket's peer, or behind TRUSTED_PROXIES the client they forward
  // (decision 041). Every per-address rule below reads it through clientAddress().
  app.use('*', requestClient(settings.TRUSTED_PROXIES ?? []));

  // What /metrics and /admin/system report (issue 30, decision 042): this process's requests,
  // pool, streams and replica (summed across the cluster's workers), and the database's figures.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const processMetrics = createProcessMetrics({
    pool,
    liveStreams: () => streams.open,
    replicaLagSeconds: deps.readReplica ? () => (deps.readReplica!.state().lagMs ?? Number.NaN) / 1000 : undefined,
    databaseHostChanges: deps.databaseHostChanges,
  });
  const clusterFigures = joinClusterMetrics(processMetrics.json);
  const migrationsShipped = shippedMigrations();
  const operations: OperationsDeps = {
    settings: {
      backupTool: settings.backupTool ?? null,
      backupScheduleHours: settings.BACKUP_SCHEDULE_HOURS ?? 24,
      backupRetentionDays: settings.BACKUP_RETENTION_DAYS ?? null,
      dataDir: settings.dataDir ?? null,
      databaseMode: settings.DATABASE_URL ? 'url' : 'embedded',
      // In a cluster worker: WORKERS, or one per core when 0 (as workerCount in cluster-primary.ts).
      workers: clusterFigures ? (settings.WORKERS || availableParallelism()) : 1,
    },
    databaseFigures: createDatabaseFiguresReader(db),
    processFigures: clusterFigures ?? (async () => [await processMetrics.json()]),
    shippedMigrations: migrationsShipped,
  };
  app.use('*', processMetrics.middleware);

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started), client: clientAddress(c) },
      'request',
    );
  });
  // After a write, the browser's reads stay on the primary until the replica has it (decision 028).
  if (deps.readReplica) app.use('/api/*', deps.readReplica.markWrites);
  const readDb = deps.readReplica?.readDbFor;
  app.use('*', compressResponses);
  app.use('*', securityHeaders());
  // Answers made for whoever asks are kept by no cache in front of the app (issue 29): every API
  // answer unless its route made it public, the mailbox, the unsubscribe and provider pages.
  for (const path of ['/api/*', '/dev/*', '/unsubscribe/*', '/test-provider/*', '/webhooks/*']) app.use(path, personalAnswers());
  app.use('/api/*', translatedErrors()); // refusals in the visitor's language (issue 15)
  // A method a path of the API does not take: 405 with Allow, the same for everyone (issue 29).
  app.use('/api/*', methodNotAllowed(() => app.routes));
  // A personal API token reads within its scopes; it never writes (issue 17).
  app.use('/api/*', apiTokenAuth({ db, clock, max: settings.API_TOKEN_RATE_LIMIT_MAX ?? 120, windowSeconds: settings.API_TOKEN_RATE_LIMIT_WINDOW_SECONDS ?? 60 }));
  app.use('/api/*', csrfProtection(origins));
  app.use('*', limitBodies({ jsonMaxBytes: JSON_BODY_MAX_BYTES, uploads: UPLOAD_ROUTES }));
  // Provider callbacks live outside /api: a signed webhook carries no Origin; the test
  // provider's pages check their own signed token and Origin.
  if (payments?.name === 'stripe') app.route('/webhooks', paymentWebhookRoutes(verificationDeps));
  // One-click unsubscribe from a mail (RFC 8058): the signed token is the authority, not a session.
  app.route('/unsubscribe', unsubscribeRoutes({ db, clock, secret: settings.AUTH_SECRET }));
  if (payments?.name === 'test') {
    app.route(
      '/test-provider',
      testProviderRoutes({
        secret: settings.AUTH_SECRET,
        baseUrl: settings.BASE_URL,
        trustedOrigins: origins,
        findOpenSession: (kind, ref) => findOpenTestSession(verificationDeps, kind, ref),
        record: (event) => recordProviderEvent(verificationDeps, event),
      }),
    );
  }

  app.get('/api/health', documented({ access: 'public', summary: 'Whether the app and its database answer', tags: ['App'], responses: { 200: healthSchema } }), async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });

  for (const path of RATE_LIMITED_AUTH_PATHS) {
    app.post(
      path,
      rateLimit({ db, clock, name: `auth:${path}`, max: settings.AUTH_RATE_LIMIT_MAX, windowSeconds: settings.AUTH_RATE_LIMIT_WINDOW_SECONDS }),
    );
  }
  app.use('/api/auth/*', accountThrottle({ db, clock, settings })); // per account and recipient (issue 11)
  // Issue 32, D: the code step needs the sign-in its password started (decision 050).
  for (const path of ['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code']) app.post(path, pendingSignInGuard);
  for (const endpoint of AUTH_ENDPOINTS) {
    const key = `${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    const query = AUTH_QUERIES[key];
    app.on(endpoint.method, endpoint.path, AUTH_DOCS[key]!, authInputGuard(), query ? validate('query', query) : passOn, (c) => auth.handler(withClientAddress(c, withJsonBody(c.req.raw))));
  }
  app.all('/api/auth/*', (c) => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404));

  app.use('/api/*', loadSession({ auth, db, secret: settings.AUTH_SECRET }));
  app.use('/api/*', writesNeedSession(SIGNED_OUT_MESSAGES, PUBLIC_WRITES));
  app.use('/api/*', writesRefusedWhileSuspended(clock, settings.APP_TIME_ZONE));
  app.get('/api/config', documented({ access: 'public', summary: "The app's public settings", tags: ['App'], responses: { 200: appConfigSchema } }), (c) =>
    c.json({ visionDocumentUrl: settings.VISION_DOCUMENT_URL, mailboxEnabled: settings.mailboxEnabled, timeZone: settings.APP_TIME_ZONE }),
  );
  // The signed-in user's own profile, or null for a visitor (200 either way: no console noise).
  app.get('/api/session', documented({ access: 'optional', summary: 'The signed-in user, or null for a visitor', tags: ['App'], responses: { 200: sessionAnswerSchema } }), async (c) => c.json({ user: c.var.user ? await getOwnProfile({ db, baseUrl: settings.BASE_URL }, c.var.user.id) : null }));
  app.route('/api', profileRoutes({ db, clock, baseUrl: settings.BASE_URL, readDb, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES, publicReads }));
  // Checked at start-up against the data (sealCaucusPasswords in main.ts): here only derived.
  const passwordKeys = caucusPasswordKeysFrom(settings);
  app.route('/api', caucusRoutes({ db, clock, passwordKeys, throttle: settings, readDb, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));
  app.route('/api', badgeRoutes({ db, baseUrl: settings.BASE_URL }));
  app.route('/api', brownieRoutes({ db, clock, timeZone: settings.APP_TIME_ZONE }));
  app.route('/api', leaderboardRoutes({ db, readDb, publicReads }));
  app.route('/api', verificationRoutes(verificationDeps));
  app.route('/api', rewardRoutes({ db, clock, baseUrl: settings.BASE_URL }));
  app.route('/api', premiumBadgeRoutes(verificationDeps));
  app.route('/api', todoRoutes({ db }));
  app.route('/api', chatRoutes({ db, clock, logger, notifications: deps.notifications, streams }));
  app.route('/api', invitationRoutes({ db, clock, passwordKeys, throttle: settings, baseUrl: settings.BASE_URL }));
  app.route('/api', friendRoutes({ db, clock }));
  app.route('/api', blockRoutes({ db, clock }));
  app.route('/api', moderationRoutes({ db, clock, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));
  app.route('/api', notificationRoutes({ db, clock }));
  app.route('/api', notificationSettingsRoutes({ db, clock, secret: settings.AUTH_SECRET }));
  app.route('/api', pushRoutes({ db, clock, publicKey: deps.vapidPublicKey ?? null, appHosts: origins.map((origin) => new URL(origin).hostname) }));
  app.route('/api', messageRoutes({ db, clock, logger, notifications: deps.notifications, streams }));
  app.route('/api', broadcastRoutes({ db, clock, jobs: deps.jobs, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));
  app.route('/api', debateRoutes({ db, clock, readDb, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));
  app.route('/api', challengeRoutes({ db, clock, logger, notifications: deps.notifications, streams }));
  app.route('/api', statsRoutes({ readMovementStats: movementStatsReader({ db: deps.readReplica?.tolerantDb ?? db, clock, logger, ttlSeconds: settings.STATS_CACHE_SECONDS }) }));
  app.route('/api', movementRoutes({ db: deps.readReplica?.tolerantDb ?? db, clock, timeZone: settings.APP_TIME_ZONE, publicReads }));
  app.route('/api', apiTokenRoutes({ db, clock, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));
  // Issue 32, A: passwords and devices.
  app.route('/api', passwordRoutes({ db, clock, passwords: async () => (await auth.$context).password, baseUrl: settings.BASE_URL, timeZone: settings.APP_TIME_ZONE, throttle: settings }));
  app.route('/api', sessionRoutes({ db }));

  // Issue 32, B: email changes.
  app.route(
    '/api',
    accountEmailRoutes({
      db,
      clock,
      baseUrl: settings.BASE_URL,
      recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES,
      limits: {
        confirmHours: settings.EMAIL_CHANGE_CONFIRM_HOURS,
        undoHours: settings.EMAIL_CHANGE_UNDO_HOURS,
        perUserMax: settings.EMAIL_CHANGES_PER_USER_MAX,
        perUserWindowSeconds: settings.EMAIL_CHANGES_PER_USER_WINDOW_SECONDS,
        perRecipientMax: settings.AUTH_MAILS_PER_RECIPIENT_MAX,
        perRecipientWindowSeconds: settings.AUTH_MAILS_PER_RECIPIENT_WINDOW_SECONDS,
      },
    }),
  );

  // Issue 32, C: passkeys.
  app.route('/api', passkeyRoutes({ ...passkeyDeps, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));

  // Issue 32, D: two-step sign-in.
  app.route('/api', twoStepRoutes({ db, auth, secret: settings.AUTH_SECRET, clock, throttle: settings, recentProofMinutes: settings.ACCOUNT_RECENT_PROOF_MINUTES }));

  // Issue 32, E: asking again and administrators.
  app.route(
    '/api',
    accountSecurityRoutes({
      db,
      clock,
      auth,
      secret: settings.AUTH_SECRET,
      policy: {
        freeFailures: settings.CONFIRM_IDENTITY_FREE_FAILURES,
        baseSeconds: settings.CONFIRM_IDENTITY_BACKOFF_BASE_SECONDS,
        maxSeconds: settings.CONFIRM_IDENTITY_BACKOFF_MAX_SECONDS,
        forgetAfterSeconds: settings.CONFIRM_IDENTITY_FAILURES_FORGOTTEN_AFTER_SECONDS,
      },
    }),
  );

  app.route('/api', apiDocsRoutes({ app: () => app, baseUrl: settings.BASE_URL }));
  app.route('/api', operationsRoutes({ ...operations, db, jobsRunning: () => (deps.jobs ? (deps.jobs.isRunning?.() ?? true) : false) }));
  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404));

  // Prometheus' scrape (not part of the API): the allowed addresses or the bearer token, else 404.
  app.route('/', metricsRoutes({ ...operations, access: { allow: addressAllowList(settings.METRICS_ALLOW ?? ['127.0.0.1', '::1']), token: settings.METRICS_TOKEN ?? null } }));

  if (settings.mailboxEnabled && !settings.isProduction) {
    app.use('/dev/mailbox/*', loopbackOnly);
    app.use('/dev/mailbox', loopbackOnly);
    app.route('/dev/mailbox', devMailboxRoutes({ db }));
  }
  // Link previews (decision 020): the share images, and each page's own title and preview tags.
  app.route('/', shareImageRoutes({ db: deps.readReplica?.tolerantDb ?? db, cache: createShareImageCache() }));
  if (deps.webDist) {
    const pageDeps = { db, clock, logger, baseUrl: settings.BASE_URL, secret: settings.AUTH_SECRET };
    const renderer = deps.ssrDist ? pageRendererFrom(deps.ssrDist, logger) : null;
    // A page drawn by the server asks the API as the visitor: this very app, with their cookie.
    const renderPage = async (c: Context, formResult?: FormResult): Promise<RenderedPage | null> => {
      const loaded = await renderer?.();
      if (!loaded) return null;
      const url = new URL(c.req.url);
      const cookie = c.req.header('cookie');
      try {
        return await loaded.renderPage({
          url: url.pathname + url.search,
          // Links people copy name the origin the page was opened at, when it is one of ours.
          origin: origins.includes(url.origin) ? url.origin : origins[0]!,
          language: languageOf(c),
          theme: themeOf(c),
          timeZone: settings.APP_TIME_ZONE,
          formResult,
          fetchApi: async (path, init) =>
            app.fetch(
              new Request(new URL(path, settings.BASE_URL), { ...init, headers: { ...(init.headers as Record<string, string>), ...forwardingHeaders(c), ...(cookie ? { cookie } : {}) } }),
              c.env,
            ),
        });
      } catch (error) {
        logger.error({ err: error, path: loggablePath(url.pathname) }, 'page renderer: drawing the page failed, the browser draws it');
        return null;
      }
    };
    const pageOptions = { describePage: (rawPath: string) => describePage(pageDeps, rawPath), renderPage, timeZone: settings.APP_TIME_ZONE };
    const sendPage = pageSender(deps.webDist, pageOptions);
    // The forms pages take without JavaScript (decision 035): /auth's and the email-change links'
    // buttons (decision 051). Each is sent through the JSON endpoint the page's code calls, as the
    // visitor (their cookie, address and language), so every guard of that endpoint applies.
    const formDeps: PageFormDeps = {
      origins,
      sendPage,
      callApi: async (c, call) => {
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', origin: c.req.header('origin')!, ...forwardingHeaders(c) };
        for (const name of ['cookie', 'accept-language', 'user-agent']) {
          const value = c.req.header(name);
          if (value) headers[name] = value;
        }
        return app.fetch(new Request(new URL(call.path, settings.BASE_URL), { method: 'POST', headers, body: JSON.stringify(call.body) }), c.env);
      },
    };
    app.route('/', authFormRoutes(formDeps));
    app.route('/', emailChangeFormRoutes(formDeps));
    app.route('/', staticSite(deps.webDist, pageOptions, sendPage));
  }

  return { app, auth };
}
