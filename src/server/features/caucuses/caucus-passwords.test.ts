import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitationCodeFrom } from '../../../domain/caucuses/caucus-schemas';
import { ALIGNMENTS } from '../../../domain/profiles/alignment';
import { isSealed, openText } from '../../crypto/sealed-text';
import type { Database } from '../../db/client';
import { caucuses } from '../../db/schema/caucuses';
import { keyChecks } from '../../db/schema/platform';
import { createCaucusRow, addOrganizer } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, testPasswordKeys, testSettings } from '../../test/test-app';
import { createTestDatabase, databaseUrlOf } from '../../test/test-database';
import { CaucusPasswordKeyError, caucusPasswordKeysFrom, sealCaucusPassword, sealCaucusPasswords, type CaucusPasswordKeys } from './caucus-passwords.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

const stored = async (caucusId: string) => (await database.db.select({ password: caucuses.password }).from(caucuses).where(eq(caucuses.id, caucusId)))[0]!.password!;
/** Every district a test uses is its own. */
let nextDistrict = 1;
const person = async (district: number) => {
  const user = await createUser(database.db, { state: 'NM', district: 1 + (district % 3) });
  return { ...user, cookie: await t.signIn(user.email, user.password) };
};
const detailPassword = async (caucusId: string, cookie: string) => ((await (await t.request(`/api/caucuses/${caucusId}`, { cookie })).json()) as { password: string | null }).password;
const join = (caucusId: string, cookie: string, password?: string) => t.request(`/api/caucuses/${caucusId}/join`, { method: 'POST', cookie, json: password === undefined ? {} : { password } });

async function privateCaucusFromTheApi(password: string) {
  const district = nextDistrict++;
  const organizer = await person(district);
  const res = await t.request('/api/caucuses', {
    method: 'POST',
    cookie: organizer.cookie,
    json: { name: `Sealed ${district}`, membershipType: 'organizer', state: 'NM', district: 1 + (district % 3), level: 1, politicalAlignment: ALIGNMENTS[0], accessType: 'private', password },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { organizer, id, district };
}

describe('private caucus passwords at rest (issue 29)', () => {
  it('stores a new password sealed, never in plain text; members read it, others do not; joining with it works', async () => {
    const { organizer, id, district } = await privateCaucusFromTheApi('  Blue Heron 42  ');
    const row = await stored(id);
    expect(isSealed(row)).toBe(true);
    expect(row).not.toContain('Blue Heron');
    // No column of the row holds it either (a dump reads them all).
    const [whole] = await database.db.select().from(caucuses).where(eq(caucuses.id, id));
    expect(JSON.stringify(whole)).not.toContain('Blue Heron');

    expect(await detailPassword(id, organizer.cookie)).toBe('Blue Heron 42');
    const voter = await person(district);
    expect(await detailPassword(id, voter.cookie)).toBeNull();
    const wrong = await join(id, voter.cookie, 'blue heron 42');
    expect([wrong.status, ((await wrong.json()) as { error: { message: string } }).error.message]).toEqual([403, 'Incorrect password.']);
    expect((await join(id, voter.cookie, 'Blue Heron 42')).status).toBe(200);
    expect(await detailPassword(id, voter.cookie)).toBe('Blue Heron 42');
  });

  it('seals at start-up the passwords an older version left in plain text, in batches, once; members still read them and join with them', async () => {
    // Written straight into the table, as an older version (or a direct SQL write) did: more than one batch of 1,000.
    const plain = await database.db
      .insert(caucuses)
      .values(Array.from({ length: 1203 }, (_, i) => ({ name: `Plain ${i}`, state: 'NM', district: 1, level: 1, isOpen: false, password: `plain-${i}-sesame`, invitationCode: invitationCodeFrom(randomBytes(6)) })))
      .returning({ id: caucuses.id });
    const report = await sealCaucusPasswords(database.db, testPasswordKeys);
    expect(report.sealed).toBeGreaterThanOrEqual(1203);
    const rows = await database.db.select({ password: caucuses.password }).from(caucuses);
    expect(rows.filter((r) => r.password !== null && !isSealed(r.password))).toEqual([]);
    expect(await stored(plain[7]!.id)).not.toContain('sesame');
    expect(await sealCaucusPasswords(database.db, testPasswordKeys)).toEqual({ sealed: 0, resealed: 0 });

    const organizer = await person(0);
    await addOrganizer(database.db, plain[7]!.id, organizer.id);
    expect(await detailPassword(plain[7]!.id, organizer.cookie)).toBe('plain-7-sesame');
    const voter = await createUser(database.db, { state: 'NM', district: 1 });
    const cookie = await t.signIn(voter.email, voter.password);
    expect((await join(plain[7]!.id, cookie, 'plain-7-sesame')).status).toBe(200);
  });

  it('refuses to start with a key that does not open the stored passwords, and changes nothing', async () => {
    const { id } = await privateCaucusFromTheApi('Kestrel 7');
    await createCaucusRow(database.db, { isOpen: false, password: 'left-in-plain', state: 'NM', district: 2 });
    const before = await database.db.select({ id: caucuses.id, password: caucuses.password }).from(caucuses);
    const wrong: CaucusPasswordKeys = { current: randomBytes(32), older: [] };
    await expect(sealCaucusPasswords(database.db, wrong)).rejects.toThrow(CaucusPasswordKeyError);
    await expect(sealCaucusPasswords(database.db, wrong)).rejects.toThrow(/CAUCUS_PASSWORD_KEY does not open the caucus passwords in this database/);
    expect(await database.db.select({ id: caucuses.id, password: caucuses.password }).from(caucuses)).toEqual(before);
    // Another AUTH_SECRET (with no CAUCUS_PASSWORD_KEY) is a wrong key too.
    await expect(sealCaucusPasswords(database.db, caucusPasswordKeysFrom({ AUTH_SECRET: 'another-secret-another-secret-0123456789' }))).rejects.toThrow(CaucusPasswordKeyError);
    await sealCaucusPasswords(database.db, testPasswordKeys);
    expect(isSealed(await stored(id))).toBe(true);
  });

  it('rotates: with the old key as CAUCUS_PASSWORD_KEY_PREVIOUS every password is sealed again with the new key', async () => {
    const { id, organizer } = await privateCaucusFromTheApi('Osprey 19');
    await sealCaucusPasswords(database.db, testPasswordKeys);
    const newKey = randomBytes(32).toString('base64');
    // The test app's key is the one derived from AUTH_SECRET: with CAUCUS_PASSWORD_KEY set it is still tried.
    const rotated = caucusPasswordKeysFrom({ AUTH_SECRET: testSettings.AUTH_SECRET, CAUCUS_PASSWORD_KEY: newKey });
    const report = await sealCaucusPasswords(database.db, rotated);
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    expect(openText(rotated.current, 'caucus-password', await stored(id))).toBe('Osprey 19');
    expect(openText(testPasswordKeys.current, 'caucus-password', await stored(id))).toBeNull();
    const [check] = await database.db.select().from(keyChecks).where(eq(keyChecks.name, 'caucus_password'));
    expect(openText(rotated.current, 'caucus-password', check!.sealed)).not.toBeNull();
    expect(await sealCaucusPasswords(database.db, rotated)).toEqual({ sealed: 0, resealed: 0 });

    // The app with the new key alone reads and checks it; back to the old key alone is refused.
    const newApp = createTestApp(database.db, { settings: { CAUCUS_PASSWORD_KEY: newKey } });
    const cookie = await newApp.signIn(organizer.email, organizer.password);
    expect(((await (await newApp.request(`/api/caucuses/${id}`, { cookie })).json()) as { password: string }).password).toBe('Osprey 19');
    await expect(sealCaucusPasswords(database.db, testPasswordKeys)).rejects.toThrow(CaucusPasswordKeyError);
    // And back, for the tests after this one.
    await sealCaucusPasswords(database.db, { current: testPasswordKeys.current, older: [rotated.current] });
    expect(sealCaucusPassword(testPasswordKeys, 'x')).not.toBe(sealCaucusPassword(testPasswordKeys, 'x'));
  });

  it('stops the app at start-up with the reason when the key is wrong (no 500 per request)', { timeout: 120_000 }, async () => {
    await privateCaucusFromTheApi('Plover 3');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caucus-key-'));
    const url = databaseUrlOf(database);
    try {
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          SKIP_WEB_BUILD: '1',
          WORKERS: '1',
          PORT: '0',
          BASE_URL: 'http://127.0.0.1:3999',
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          // Another AUTH_SECRET and a key of its own: neither opens what the test app sealed.
          AUTH_SECRET: `other-${testSettings.AUTH_SECRET}`,
          CAUCUS_PASSWORD_KEY: randomBytes(32).toString('base64'),
          LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      // Bounded: a start that does not stop is killed, and its output says why.
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const [code] = (await once(child, 'exit')) as [number | null];
      clearTimeout(timer);
      expect(output, `DATABASE_URL ${url}`).toContain('CAUCUS_PASSWORD_KEY does not open the caucus passwords in this database');
      expect(code).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
