import { mkdtempSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loopbackAliases, loadSettings } from './settings';

const dir = () => mkdtempSync(path.join(tmpdir(), 'caucus-settings-'));

describe('settings', () => {
  it('works with no variables at all', () => {
    const s = loadSettings({ DATA_DIR: dir() });
    expect(s.PORT).toBe(3000);
    expect(s.BASE_URL).toBe('http://localhost:3000');
    expect(s.APP_TIME_ZONE).toBe('America/New_York');
    expect(s.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated secret across starts', () => {
    const d = dir();
    expect(loadSettings({ DATA_DIR: d }).AUTH_SECRET).toBe(loadSettings({ DATA_DIR: d }).AUTH_SECRET);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_TIME_ZONE: 'Mars/Olympus' }, 'APP_TIME_ZONE'],
    [{ ADMIN_EMAILS: 'a@b.co, not-an-email' }, 'ADMIN_EMAILS'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ VISION_DOCUMENT_URL: 'javascript:alert(1)' }, 'VISION_DOCUMENT_URL'],
    [{ DATABASE_REPLICA_URL: 'postgres://replica/caucus' }, 'DATABASE_REPLICA_URL: needs DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://primary/caucus', DATABASE_REPLICA_URL: 'http://replica' }, 'DATABASE_REPLICA_URL'],
    [{ DATABASE_URL: 'postgres://u@h1:5432,h2:99999/caucus' }, 'DATABASE_URL: \'h2:99999\': the port must be 1-65535'],
    [{ DATABASE_URL: 'postgres://u@h1,h2/caucus?target_session_attrs=writable' }, 'DATABASE_URL: target_session_attrs must be one of'],
    [{ DATABASE_URL: 'postgres://u@h1/caucus', DATABASE_REPLICA_URL: 'postgres://u@r1,,r2/caucus' }, "DATABASE_REPLICA_URL: '' is not a host"],
    [{ DATABASE_DIRECT_URL: 'postgres://primary/caucus' }, 'DATABASE_DIRECT_URL: needs DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://u@h1/caucus', DATABASE_PREPARED_STATEMENTS: 'maybe' }, "DATABASE_PREPARED_STATEMENTS must be 'on' or 'off'"],
    [{ DATABASE_QUERY_TIMEOUT_SECONDS: '-1' }, 'DATABASE_QUERY_TIMEOUT_SECONDS'],
    [{ CAUCUS_PASSWORD_KEY: 'too-short' }, 'CAUCUS_PASSWORD_KEY must be 32 bytes in base64'],
    [{ CAUCUS_PASSWORD_KEY: Buffer.alloc(31).toString('base64') }, 'CAUCUS_PASSWORD_KEY must be 32 bytes in base64'],
    [{ CAUCUS_PASSWORD_KEY_PREVIOUS: 'not base64 at all!' }, 'CAUCUS_PASSWORD_KEY_PREVIOUS must be 32 bytes in base64'],
    [{ BACKUP_TOOL: 'tarball' }, "BACKUP_TOOL must be 'embedded' or 'pgbackrest'"],
    [{ BACKUP_TOOL: 'pgbackrest' }, 'BACKUP_TOOL: pgbackrest backs up a PostgreSQL server'],
    [{ DATABASE_URL: 'postgres://primary/caucus', BACKUP_DIR: '/var/backups/caucus' }, "BACKUP_DIR: the app's own backups are for the embedded PostgreSQL"],
    [{ BACKUP_SCHEDULE_HOURS: '0' }, 'BACKUP_SCHEDULE_HOURS'],
    [{ ARCHIVE_TIMEOUT_SECONDS: '0' }, 'ARCHIVE_TIMEOUT_SECONDS'],
    [{ PGBACKREST_STANZA: 'a b' }, 'PGBACKREST_STANZA'],
    [{ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.300' }, "TRUSTED_PROXIES: '10.0.0.300' is not an IP address or CIDR range"],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, "TRUSTED_PROXIES: '10.0.0.0/33' is not an IP address or CIDR range"],
    [{ TRUSTED_PROXIES: 'caddy.internal' }, "TRUSTED_PROXIES: 'caddy.internal' is not an IP address or CIDR range"],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadSettings({ DATA_DIR: dir(), ...env })).toThrow(name);
  });

  it.each([
    ['development, nothing set', {}, null, null],
    ['development, BACKUP_DIR set', { BACKUP_DIR: '/var/backups/caucus' }, '/var/backups/caucus', 'embedded'],
    ['production: on by default in DATA_DIR/backups', { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }, 'backups', 'embedded'],
    ['a server without a tool', { DATABASE_URL: 'postgres://primary/caucus', NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }, null, null],
    ['a server with pgBackRest', { DATABASE_URL: 'postgres://primary/caucus', BACKUP_TOOL: 'pgbackrest' }, null, 'pgbackrest'],
  ])('backups: %s', (_, env, backupDir, backupTool) => {
    const d = dir();
    const s = loadSettings({ DATA_DIR: d, ...env });
    expect(s.backupTool).toBe(backupTool);
    expect(s.backupDir).toBe(backupDir === 'backups' ? path.join(d, 'backups') : backupDir);
  });

  it('reads TRUSTED_PROXIES as a list of addresses, ranges and loopback; none by default', () => {
    expect(loadSettings({ DATA_DIR: dir() }).TRUSTED_PROXIES).toEqual([]);
    expect(loadSettings({ DATA_DIR: dir(), TRUSTED_PROXIES: ' loopback, 10.0.0.0/8,fd00::/8 ,' }).TRUSTED_PROXIES).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
  });

  it('takes a replica beside DATABASE_URL', () => {
    const s = loadSettings({ DATA_DIR: dir(), DATABASE_URL: 'postgres://primary/caucus', DATABASE_REPLICA_URL: 'postgres://replica/caucus' });
    expect(s.DATABASE_REPLICA_URL).toBe('postgres://replica/caucus');
  });

  it('takes several hosts, a direct URL around PgBouncer, and statements unnamed', () => {
    const url = 'postgres://caucus@db1:5432,db2:5432/caucus?target_session_attrs=read-write';
    const s = loadSettings({ DATA_DIR: dir(), DATABASE_URL: url, DATABASE_DIRECT_URL: 'postgres://caucus@db1:5432/caucus', DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_QUERY_TIMEOUT_SECONDS: '20' });
    expect([s.DATABASE_URL, s.DATABASE_PREPARED_STATEMENTS, s.DATABASE_QUERY_TIMEOUT_SECONDS]).toEqual([url, 'off', 20]);
    expect(loadSettings({ DATA_DIR: dir() }).DATABASE_PREPARED_STATEMENTS).toBe('on');
  });

  it('takes a 32-byte caucus password key in base64 or base64url', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadSettings({ DATA_DIR: dir(), CAUCUS_PASSWORD_KEY: key.toString('base64') }).CAUCUS_PASSWORD_KEY).toBe(key.toString('base64'));
    expect(loadSettings({ DATA_DIR: dir(), CAUCUS_PASSWORD_KEY_PREVIOUS: key.toString('base64url') }).CAUCUS_PASSWORD_KEY_PREVIOUS).toBe(key.toString('base64url'));
  });

  it('parses admin emails case-insensitively', () => {
    expect(loadSettings({ DATA_DIR: dir(), ADMIN_EMAILS: 'A@x.org, b@Y.org' }).ADMIN_EMAILS).toEqual(['a@x.org', 'b@y.org']);
  });

  it('runs the test-mode provider when no Stripe key is set', () => {
    const s = loadSettings({ DATA_DIR: dir() });
    expect([s.STRIPE_SECRET_KEY, s.STRIPE_WEBHOOK_SECRET, s.STRIPE_PUBLISHABLE_KEY]).toEqual([undefined, undefined, undefined]);
  });

  it('reads the Stripe keys', () => {
    const s = loadSettings({
      DATA_DIR: dir(),
      STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF',
    });
    expect([s.STRIPE_SECRET_KEY, s.STRIPE_WEBHOOK_SECRET, s.STRIPE_PUBLISHABLE_KEY]).toEqual(['sk_test_51abcDEF', 'whsec_abc123', 'pk_test_51abcDEF']);
  });

  it('accepts .env.example unedited', () => {
    const env = parseEnv(readFileSync('.env.example', 'utf8'));
    const s = loadSettings({ ...env, DATA_DIR: dir() });
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.SMTP_URL).toBeUndefined();
    expect(s.STRIPE_SECRET_KEY).toBeUndefined();
    expect(s.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(s.PORT).toBe(3000);
  });

  it('lists every guessing limit in .env.example with its default, and refuses a limit of 0', () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8'));
    const defaults = loadSettings({ DATA_DIR: dir() }) as unknown as Record<string, unknown>;
    const names = Object.keys(defaults).filter((k) => /^(SIGN_IN_|AUTH_MAILS_|CAUCUS_PASSWORD_|ORGANIZER_INVITATIONS_|AUTH_RATE_LIMIT_)/.test(k));
    expect(names).toHaveLength(14);
    for (const name of names) expect([name, example[name]]).toEqual([name, String(defaults[name])]);
    expect(() => loadSettings({ DATA_DIR: dir(), CAUCUS_PASSWORD_GUESSES_MAX: '0' })).toThrow(/CAUCUS_PASSWORD_GUESSES_MAX/);
    expect(loadSettings({ DATA_DIR: dir(), SIGN_IN_FREE_FAILURES: '2' }).SIGN_IN_FREE_FAILURES).toBe(2);
  });
});

describe('loopbackAliases', () => {
  it.each([
    ['http://localhost:3000', ['http://127.0.0.1:3000', 'http://[::1]:3000']],
    ['http://127.0.0.1:8080', ['http://localhost:8080', 'http://[::1]:8080']],
    ['http://[::1]:3000', ['http://localhost:3000', 'http://127.0.0.1:3000']],
    ['https://localhost', ['https://127.0.0.1', 'https://[::1]']],
    ['https://caucus.example.org', []],
    ['http://192.168.1.5:3000', []],
  ])('%s', (baseUrl, expected) => expect(loopbackAliases(baseUrl)).toEqual(expected));
});
