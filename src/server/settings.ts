import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseAddressRange } from '../domain/network/forwarded-client';
import { DatabaseUrlError, parseDatabaseUrl } from './db/database-url';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('ADMIN_EMAILS must be a comma-separated list of email addresses')));

/**
 * TRUSTED_PROXIES and METRICS_ALLOW: addresses, CIDR ranges or `loopback`, each checked by the one
 * rule of src/domain/network (decision 041); `none` (METRICS_ALLOW) is the empty list.
 */
const addressRangeList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v.trim().toLowerCase() === 'none'
        ? []
        : v
            .split(',')
            .map((e) => e.trim())
            .filter(Boolean),
    )
    .superRefine((entries, ctx) => {
      for (const entry of entries) {
        if (!parseAddressRange(entry)) ctx.addIssue({ code: 'custom', message: `'${entry}' is not an IP address or CIDR range` });
      }
    });

const optionalUrl = (protocols: RegExp, what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || protocols.test(v), `${what} must start with ${protocols.source}`);

const atRestKey = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32, `${name} must be 32 bytes in base64 (openssl rand -base64 32)`)
    .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_URL: z.url().optional(),
  // The proxies in front of the app (Caddy: loopback): X-Forwarded-For and -Proto are believed from them only.
  TRUSTED_PROXIES: addressRangeList(''),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'DATABASE_URL'),
  // A streaming-replication standby of DATABASE_URL's server for reads that tolerate lag (docs/scaling.md).
  DATABASE_REPLICA_URL: optionalUrl(/^postgres(ql)?:\/\//, 'DATABASE_REPLICA_URL'),
  // Both may list several hosts as libpq does (postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write):
  // the app finds the one that takes writes and follows it through a failover (issue 31, decision 046).
  // The primary without PgBouncer, for what needs a session of its own: LISTEN, the migration lock,
  // the job queue. Unset: DATABASE_URL.
  DATABASE_DIRECT_URL: optionalUrl(/^postgres(ql)?:\/\//, 'DATABASE_DIRECT_URL'),
  // 'off' behind PgBouncer in transaction mode before 1.21 (Debian 12 ships 1.18): every statement
  // runs unnamed and no startup option is sent (decision 034's named statements need a session).
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off'], { error: "DATABASE_PREPARED_STATEMENTS must be 'on' or 'off'" }).default('on'),
  // A statement that has not answered in this many seconds fails (503 to the request), so a commit
  // waiting on a lost server cannot hang a request for ever. 0: no limit. Unset: 30 when
  // DATABASE_URL lists several hosts, else no limit.
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  // Server processes sharing PORT (node:cluster); 0 or unset = one per core of this machine.
  WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  // Live streams (chat, messages, notifications) one process keeps open at once; past it, 503.
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(10_000),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  // The key that seals private caucuses' passwords at rest (issue 29): 32 bytes in base64. Without
  // it, a key derived from AUTH_SECRET; the previous key opens what it sealed until re-sealed at start.
  CAUCUS_PASSWORD_KEY: atRestKey('CAUCUS_PASSWORD_KEY'),
  CAUCUS_PASSWORD_KEY_PREVIOUS: atRestKey('CAUCUS_PASSWORD_KEY_PREVIOUS'),
  ADMIN_EMAILS: emailList,
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'SMTP_URL'),
  MAIL_FROM: z.string().min(3).default('Graduated Unanimous Caucus <no-reply@localhost>'),
  APP_TIME_ZONE: z.string().refine(isTimeZone, 'APP_TIME_ZONE must be an IANA time zone such as America/New_York').default('America/New_York'),
  VISION_DOCUMENT_URL: z.url({ protocol: /^https?$/, error: 'VISION_DOCUMENT_URL must be an http(s) address' }).default('https://example.org/graduated-unanimous-caucus-vision.pdf'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  // Personal API tokens' own limit (issue 17): requests per token per window.
  API_TOKEN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
  API_TOKEN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  // Guessing limits (issue 11): per account, per recipient, per user; see .env.example.
  SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(0).default(5),
  SIGN_IN_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).default(60),
  SIGN_IN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  SIGN_IN_FAILURES_FORGOTTEN_AFTER_SECONDS: z.coerce.number().int().min(1).default(86_400),
  AUTH_MAILS_PER_RECIPIENT_MAX: z.coerce.number().int().min(1).default(5),
  AUTH_MAILS_PER_RECIPIENT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  // Accounts that hold (issue 32): how long a proof of who you are lets sensitive actions through.
  ACCOUNT_RECENT_PROOF_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  // Issue 32, A: passwords and devices. None of its own: a password change's wrong current
  // passwords share the SIGN_IN_* back-off (decision 052).

  // Issue 32, B: email changes.
  EMAIL_CHANGE_CONFIRM_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  EMAIL_CHANGE_UNDO_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  EMAIL_CHANGES_PER_USER_MAX: z.coerce.number().int().min(1).default(5),
  EMAIL_CHANGES_PER_USER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(86_400),

  // Issue 32, C: passkeys.
  // Passkeys (issue 32, decision 049): how many one person may hold; how long a WebAuthn ceremony's challenge lives.
  PASSKEYS_PER_USER_MAX: z.coerce.number().int().min(1).max(100).default(10),
  PASSKEY_CHALLENGE_SECONDS: z.coerce.number().int().min(30).max(900).default(300),

  // Issue 32, D: two-step sign-in.
  TWO_STEP_TRUST_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  TWO_STEP_LOCKOUT_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  TWO_STEP_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),

  // Issue 32, E: asking again and administrators.
  // "Confirm it's you": wrong passwords and codes per account, the sign-in back-off with its own counter.
  CONFIRM_IDENTITY_FREE_FAILURES: z.coerce.number().int().min(0).default(5),
  CONFIRM_IDENTITY_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).default(60),
  CONFIRM_IDENTITY_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  CONFIRM_IDENTITY_FAILURES_FORGOTTEN_AFTER_SECONDS: z.coerce.number().int().min(1).default(86_400),

  CAUCUS_PASSWORD_GUESSES_MAX: z.coerce.number().int().min(1).default(5),
  CAUCUS_PASSWORD_GUESSES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  CAUCUS_PASSWORD_GUESSES_PER_USER_MAX: z.coerce.number().int().min(1).default(20),
  CAUCUS_PASSWORD_GUESSES_PER_USER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  ORGANIZER_INVITATIONS_MAX: z.coerce.number().int().min(1).default(20),
  ORGANIZER_INVITATIONS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  // Seconds a process shares a public read's answer (issue 33, decision 055): visitors' profiles,
  // photos and leaderboards, everyone's movement figures. 0 turns the cache off.
  PUBLIC_READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  // Minutes between refreshes of the movement's aggregates (issue 18, decision 032).
  MOVEMENT_REFRESH_MINUTES: z.coerce.number().int().min(1).max(59).default(1),
  // Payments and identity: Stripe when the secret key is set, otherwise the local test mode.
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, 'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  // Web Push (VAPID): made at first start and kept in DATA_DIR unless both keys are given.
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a URL-safe base64 P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a URL-safe base64 P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .optional(),
  // Backups (issue 30, docs/operations.md): the app's own for the embedded PostgreSQL (BACKUP_DIR,
  // on by default in production), or Debian's pgBackRest for a PostgreSQL server.
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_TOOL: z.enum(['embedded', 'pgbackrest'], { error: "BACKUP_TOOL must be 'embedded' or 'pgbackrest'" }).optional(),
  BACKUP_SCHEDULE_HOURS: z.coerce.number().positive().max(24 * 31).default(24),
  BACKUP_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(14),
  // At most this many seconds of acknowledged writes wait in a WAL segment not yet archived.
  ARCHIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PGBACKREST_STANZA: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'PGBACKREST_STANZA must be letters, digits, - or _')
    .default('caucus'),
  PGBACKREST_CONFIG: z.string().trim().min(1).optional(),
  // Who may read /metrics (decision 042): these addresses and CIDR ranges ('none': no address),
  // or a request with `Authorization: Bearer <METRICS_TOKEN>`; everyone else gets 404.
  METRICS_ALLOW: addressRangeList('127.0.0.1,::1'),
  METRICS_TOKEN: z.string().trim().min(24, 'METRICS_TOKEN must be at least 24 characters (openssl rand -hex 32)').optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
});

export type Settings = Omit<z.infer<typeof schema>, 'BASE_URL' | 'AUTH_SECRET'> & {
  BASE_URL: string;
  AUTH_SECRET: string;
  isProduction: boolean;
  dataDir: string;
  /** Where the app's own backups go (the embedded PostgreSQL), null when they are off. */
  backupDir: string | null;
  /** Which tool backs the database up, null when nothing does. */
  backupTool: 'embedded' | 'pgbackrest' | null;
};

export class SettingsError extends Error {}

/**
 * Parses every environment variable once. Bad values stop start-up with a message that
 * names each one. Without AUTH_SECRET outside production, a secret is made once and kept
 * in DATA_DIR so sessions survive restarts.
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  // An empty variable means "not set" (as in an unedited copy of .env.example).
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  const isProduction = s.NODE_ENV === 'production';
  // Without the webhook secret no Stripe payment could ever be confirmed.
  if (s.STRIPE_SECRET_KEY && !s.STRIPE_WEBHOOK_SECRET) {
    throw new SettingsError('Invalid settings:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (whsec_…)');
  }
  // A replica is a standby of a server we do not run: the embedded PostgreSQL has none.
  for (const name of ['DATABASE_URL', 'DATABASE_REPLICA_URL', 'DATABASE_DIRECT_URL'] as const) {
    const url = s[name];
    if (!url) continue;
    try {
      parseDatabaseUrl(url);
    } catch (e) {
      if (e instanceof DatabaseUrlError) throw new SettingsError(`Invalid settings:\n  ${name}: ${e.message}`);
      throw e;
    }
  }
  if (s.DATABASE_DIRECT_URL && !s.DATABASE_URL) {
    throw new SettingsError('Invalid settings:\n  DATABASE_DIRECT_URL: needs DATABASE_URL (the direct way to the same primary, around PgBouncer)');
  }
  if (s.DATABASE_REPLICA_URL && !s.DATABASE_URL) {
    throw new SettingsError('Invalid settings:\n  DATABASE_REPLICA_URL: needs DATABASE_URL, the primary it is a hot standby of');
  }
  const dataDir = path.resolve(s.DATA_DIR);
  const backups = backupSettings(s, dataDir, isProduction);
  let secret = s.AUTH_SECRET;
  if (!secret) {
    if (isProduction) throw new SettingsError('Invalid settings:\n  AUTH_SECRET: required in production (32+ characters)');
    secret = readOrCreateSecret(dataDir);
  }
  return {
    ...s,
    BASE_URL: (s.BASE_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: secret,
    isProduction,
    dataDir,
    ...backups,
  };
}

/**
 * The app's own backups are for the embedded PostgreSQL: on by default in production (in
 * DATA_DIR/backups), in development when BACKUP_DIR is set. A PostgreSQL server is backed up by
 * pgBackRest (BACKUP_TOOL=pgbackrest), which the app only drives and watches.
 */
function backupSettings(
  s: { BACKUP_DIR?: string; BACKUP_TOOL?: 'embedded' | 'pgbackrest'; DATABASE_URL?: string },
  dataDir: string,
  isProduction: boolean,
): { backupDir: string | null; backupTool: 'embedded' | 'pgbackrest' | null } {
  if (s.BACKUP_TOOL === 'pgbackrest') {
    if (!s.DATABASE_URL) throw new SettingsError('Invalid settings:\n  BACKUP_TOOL: pgbackrest backs up a PostgreSQL server (DATABASE_URL); the embedded PostgreSQL uses the app\'s own backups (BACKUP_TOOL=embedded)');
    return { backupDir: null, backupTool: 'pgbackrest' };
  }
  if (s.DATABASE_URL) {
    if (s.BACKUP_TOOL === 'embedded' || s.BACKUP_DIR) {
      throw new SettingsError('Invalid settings:\n  BACKUP_DIR: the app\'s own backups are for the embedded PostgreSQL; back up the server of DATABASE_URL with pgBackRest (BACKUP_TOOL=pgbackrest, docs/operations.md)');
    }
    return { backupDir: null, backupTool: null };
  }
  if (s.BACKUP_DIR || s.BACKUP_TOOL === 'embedded' || isProduction) {
    return { backupDir: path.resolve(s.BACKUP_DIR ?? path.join(dataDir, 'backups')), backupTool: 'embedded' };
  }
  return { backupDir: null, backupTool: null };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The other names of a loopback BASE_URL (localhost, 127.0.0.1, [::1]) with its scheme and
 * port: in development a page opened at any of them may send forms. None for other hosts.
 */
export function loopbackAliases(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.filter((h) => h !== url.hostname).map((h) => `${url.protocol}//${h}${url.port ? `:${url.port}` : ''}`);
}
