import { ADMIN_ACTIONS, logAdminAction } from '../admin/admin-log.service';
import { convertEmailInvitations } from '../invitations/invitations.service';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { signUpProfileSchema } from '../../../domain/profiles/profile-schemas';
import type { Db } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/auth';
import { newsletterSubscriptions } from '../../db/schema/platform';
import { enqueueMail } from '../../mail/outbox';
import { confirmEmailMail, existingAccountMail, resetPasswordMail } from '../../mail/templates';
import type { Clock } from '../../clock';
import { loggableError, type Logger } from '../../logger';
import { recordEmailConfirmation } from '../badges/founding.service';
import { awardReferralSpark } from '../points/referral.service';
import { clearSignInFailures } from '../../http/account-throttle';
import { CLIENT_ADDRESS_HEADER } from '../../http/request-client';
import { asLanguage, requestLanguage, type Language } from '../../../domain/i18n/languages';
import { passkeyAuthPlugin } from './passkey-auth-plugin';
import { COMMON_PASSWORD } from '../../../domain/accounts/common-passwords';
import { isRefusedAsCommon } from '../account-password/common-passwords.service';
import { knownDevicesPlugin } from '../account-devices/known-devices.service';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  adminEmails: readonly string[];
  /** Signing in with a passkey (issue 32, decision 049); without it, no passkey sign-in. */
  passkeys?: Parameters<typeof passkeyAuthPlugin>[0];
  /** The app's time zone (APP_TIME_ZONE): the times in the new-device mail. */
  timeZone?: string;
  /** Two-step sign-in (issue 32, decision 050): trusted-device days and the lockout after wrong codes (the TWO_STEP_* settings). */
  twoStep: TwoStepAuthSettings;
}

/** The better-auth endpoints that take a new password, and the field that carries it (issue 32). */
const NEW_PASSWORD_FIELDS: ReadonlyMap<string, string> = new Map([
  ['/sign-up/email', 'password'],
  ['/reset-password', 'newPassword'],
]);

export interface TwoStepAuthSettings {
  trustDays: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
}

export const SESSION_DAYS = 30;
/** A session is extended (to SESSION_DAYS from now) when used a day or more after its last extension. */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** The language a person's mail is written in: the one saved with their account (issue 15). */
const savedLanguage = (user: object): Language => asLanguage((user as { language?: unknown }).language);

export function createAuth(deps: AuthDeps) {
  const { db, logger, baseUrl } = deps;
  return betterAuth({
    appName: 'Graduated Unanimous Caucus',
    baseURL: baseUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      // twoFactors: the two-factor plugin's model `twoFactor` (plural, as usePlural names it).
      schema: { users, sessions, accounts, verifications, twoFactors },
    }),
    // better-auth's own log lines go to the app's logger, errors without their values (a failed
    // query's parameters are people's emails and names).
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const details = args.map((a) => (a instanceof Error ? loggableError(a) : typeof a === 'string' ? a : '[details]'));
        logger[level === 'debug' ? 'debug' : level]({ source: 'better-auth', details }, message);
      },
    },
    hooks: {
      // Common and breached passwords are refused at sign-up and reset (issue 32, decision 052),
      // from the page's code and the forms without it alike, before anything else is looked at.
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS.get(ctx.path);
        const password: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && isRefusedAsCommon(password)) {
          throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD.message, code: COMMON_PASSWORD.code });
        }
      }),
    },
    // Our own rate limiter (shared through PostgreSQL) guards the auth routes; see app.ts.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * SESSION_DAYS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    plugins: [
      // Two-step sign-in with an authenticator app (issue 32, decision 050): TOTP (6 digits, 30 s),
      // ten single-use recovery codes sealed with the secret, a trusted device skips the code.
      twoFactor({
        issuer: 'Graduated Unanimous Caucus',
        trustDeviceMaxAge: 60 * 60 * 24 * deps.twoStep.trustDays,
        // The code step must follow the password within ten minutes.
        twoFactorCookieMaxAge: 600,
        accountLockout: {
          enabled: true,
          maxFailedAttempts: deps.twoStep.lockoutAttempts,
          durationSeconds: 60 * deps.twoStep.lockoutMinutes,
        },
      }),
      // Signing in with a passkey (issue 32, decision 049): a passkey is two factors, no code step.
      ...(deps.passkeys ? [passkeyAuthPlugin(deps.passkeys)] : []),
      // Every new session passes here (a new device → a mail). LAST: its after hook reads the session a sign-in made, which the two-factor plugin clears
      // while a code is still due (decision 052).
      knownDevicesPlugin({ db, baseUrl, timeZone: deps.timeZone ?? 'UTC', logger, secureCookie: new URL(baseUrl).protocol === 'https:' }),
    ],
    advanced: {
      database: { generateId: 'uuid' },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The client's address as app.ts decided it (TRUSTED_PROXIES), never a header the client wrote.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    user: {
      additionalFields: {
        politicalAlignment: { type: 'string', required: true, input: true },
        state: { type: 'string', required: true, input: true },
        district: { type: 'number', required: true, input: true },
        recruitedBy: { type: 'string', required: false, input: true },
        // Set by the create hook from the request (issue 15), never from the body.
        language: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // A reset proves the mailbox: the owner may sign in at once, whatever guesses came before.
      onPasswordReset: async ({ user }) => clearSignInFailures(db, user.email),
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await enqueueMail(db, resetPasswordMail(user.email, user.name, url, savedLanguage(user)));
      },
      onExistingUserSignUp: async ({ user }) => {
        await enqueueMail(db, existingAccountMail(user.email, user.name, `${baseUrl}/auth`, savedLanguage(user)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueMail(db, confirmEmailMail(user.email, user.name, url, savedLanguage(user)));
      },
      afterEmailVerification: async (user) => {
        // The confirmation time, the founding rank and OG badges; then the referrer's Spark.
        await recordEmailConfirmation({ db, clock: deps.clock }, user.id);
        await awardReferralSpark({ db, clock: deps.clock }, user.id);
        // Invitations sent to this address before it had an account become real ones (issue 13).
        await convertEmailInvitations({ db, clock: deps.clock }, user.id);
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const parsed = signUpProfileSchema.safeParse(user);
            if (!parsed.success) {
              throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid input', code: 'INVALID_INPUT' });
            }
            const referrer = parsed.data.recruitedBy ?? null;
            if (referrer) {
              const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, referrer));
              if (!found) throw new APIError('BAD_REQUEST', { message: 'This referral link is not valid', code: 'INVALID_REFERRER' });
            }
            const email = String(user.email).toLowerCase();
            return {
              data: {
                ...user,
                ...parsed.data,
                email,
                // A photo is only ever the app's own upload (PATCH /api/me/photo), never a URL from the body.
                image: null,
                recruitedBy: referrer,
                isAdministrator: deps.adminEmails.includes(email),
                // The language the newcomer signed up in (their choice, else their browser's): the
                // app, its answers and its mail speak it until they choose another (issue 15).
                language: requestLanguage(ctx?.headers?.get('cookie'), ctx?.headers?.get('accept-language')),
              },
            };
          },
          after: async (user) => {
            if ((user as { isAdministrator?: boolean }).isAdministrator) {
              await logAdminAction(db, { actorId: null, actorLabel: 'ADMIN_EMAILS setting', action: ADMIN_ACTIONS.grant, targetKind: 'user', targetId: user.id, details: { name: user.name, atSignUp: true } }, new Date());
            }
            try {
              await db.insert(newsletterSubscriptions).values({ email: user.email, userId: user.id }).onConflictDoNothing();
            } catch (error) {
              logger.warn({ err: loggableError(error) }, 'newsletter subscription failed');
            }
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [owner] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, session.userId));
            if (!owner || owner.deletedAt) {
              throw new APIError('FORBIDDEN', { message: 'This profile has been deleted.', code: 'PROFILE_DELETED' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
