import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { CAUCUS_PASSWORD_UNSEALED } from '../../db/schema/caucuses';
import { keyChecks } from '../../db/schema/platform';
import { deriveKey, isSealed, openWithAny, parseKey, sameText, sealText, SEALED_SQL_PATTERN } from '../../crypto/sealed-text';

/**
 * Private caucuses' passwords, sealed at rest (PRODUCT-RULES: shown only to members and
 * organizers, and stored encrypted so a database dump or a backup alone does not reveal it;
 * issue 29, docs/security.md). Every write seals; members read the opened value; a join compares
 * the typed password with the opened one in constant time. The key is CAUCUS_PASSWORD_KEY, or
 * one derived from AUTH_SECRET with HKDF when it is not set.
 */

const PURPOSE = 'caucus-password';
const KEY_CHECK_NAME = 'caucus_password';
const KEY_CHECK_TEXT = 'caucus-password-key-check';
const DERIVED_KEY_INFO = 'caucus-password-key/v1';
const BATCH = 1000;
/** The predicate of caucuses_password_unsealed_idx, word for word, so that a start finds the plain rows from that (nearly always empty) index. */
const UNSEALED = sql.raw(`and ${CAUCUS_PASSWORD_UNSEALED}`);

/** The key that seals, then the older ones that may still open (tried in order). */
export interface CaucusPasswordKeys {
  current: Buffer;
  older: Buffer[];
}

/**
 * The keys from the settings: CAUCUS_PASSWORD_KEY (else derived from AUTH_SECRET) seals;
 * CAUCUS_PASSWORD_KEY_PREVIOUS and, when CAUCUS_PASSWORD_KEY is set, the key derived from
 * AUTH_SECRET still open, until the start-up step has sealed everything again with the current one.
 */
export function caucusPasswordKeysFrom(settings: { AUTH_SECRET: string; CAUCUS_PASSWORD_KEY?: string; CAUCUS_PASSWORD_KEY_PREVIOUS?: string }): CaucusPasswordKeys {
  const derived = deriveKey(settings.AUTH_SECRET, DERIVED_KEY_INFO);
  const current = settings.CAUCUS_PASSWORD_KEY ? parseKey(settings.CAUCUS_PASSWORD_KEY, 'CAUCUS_PASSWORD_KEY') : derived;
  const older = [
    ...(settings.CAUCUS_PASSWORD_KEY_PREVIOUS ? [parseKey(settings.CAUCUS_PASSWORD_KEY_PREVIOUS, 'CAUCUS_PASSWORD_KEY_PREVIOUS')] : []),
    ...(settings.CAUCUS_PASSWORD_KEY ? [derived] : []),
  ].filter((k) => !k.equals(current));
  return { current, older };
}

const allKeys = (keys: CaucusPasswordKeys) => [keys.current, ...keys.older];

/** The value to store for a new password. */
export const sealCaucusPassword = (keys: CaucusPasswordKeys, plain: string): string => sealText(keys.current, PURPOSE, plain);

/** A stored password that no key opens: the start-up step refuses to start on one; a request never meets it. */
export class CaucusPasswordKeyError extends Error {}

/**
 * The password as members read it. A value not yet sealed (written straight into the database,
 * as an older version did, until the next start seals it) is read as it is.
 */
export function openCaucusPassword(keys: CaucusPasswordKeys, stored: string): string {
  if (!isSealed(stored)) return stored;
  const opened = openWithAny(allKeys(keys), PURPOSE, stored);
  if (!opened) throw new CaucusPasswordKeyError('A caucus password does not open with CAUCUS_PASSWORD_KEY');
  return opened.plain;
}

/** Whether `typed` is the caucus's password: compared with the opened value in constant time. */
export function caucusPasswordMatches(keys: CaucusPasswordKeys, stored: string | null, typed: string): boolean {
  if (stored === null) return false;
  return sameText(openCaucusPassword(keys, stored), typed);
}

const keyMismatch = () =>
  new CaucusPasswordKeyError(
    'CAUCUS_PASSWORD_KEY does not open the caucus passwords in this database: they were sealed with another key. ' +
      'Start with the key they were sealed with, or give that key as CAUCUS_PASSWORD_KEY_PREVIOUS so that they are sealed again with the new one. ' +
      'Without CAUCUS_PASSWORD_KEY the key comes from AUTH_SECRET: did AUTH_SECRET (or DATA_DIR/auth-secret) change? (docs/security.md, "Caucus passwords at rest")',
  );

export interface SealReport {
  /** Plain values sealed now. */
  sealed: number;
  /** Values sealed with an older key, sealed again with the current one. */
  resealed: number;
}

/**
 * The start-up step after the migrations (and the end of `npm run seed`): checks that the key is
 * the one the data was sealed with (a wrong key stops start-up with a clear message instead of
 * failing each request), seals every password still in plain text and, when an older key still
 * opens some, seals those again with the current key, in batches of BATCH rows. Idempotent: a
 * second run changes nothing; a run cut short is finished by the next one. A row changed in
 * between is left alone (each update names the value it replaces).
 */
export async function sealCaucusPasswords(db: DbOrTx, keys: CaucusPasswordKeys, log: (message: string) => void = () => undefined): Promise<SealReport> {
  const [check] = await db.select({ sealed: keyChecks.sealed }).from(keyChecks).where(eq(keyChecks.name, KEY_CHECK_NAME));
  const checkOpens = check ? openWithAny(allKeys(keys), PURPOSE, check.sealed) : null;
  // One sealed password tells at once whether these keys are the data's (the full pass below
  // would find out too, but only after sealing the plain ones with a key that may be wrong).
  const [anySealed] = (await db.execute<{ password: string }>(sql`select password from caucuses where password ~ ${SEALED_SQL_PATTERN} limit 1`)).rows;
  if (anySealed && !openWithAny(allKeys(keys), PURPOSE, anySealed.password)) throw keyMismatch();
  if (check && !checkOpens && !anySealed) log('caucus passwords: the key changed while no password was sealed; the new key is kept');
  // Every sealed row is read again only while an older key (or one we were not given) may have sealed some.
  const rotating = !check || checkOpens?.keyIndex !== 0;
  const report: SealReport = { sealed: 0, resealed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (
      await db.execute<{ id: string; password: string }>(sql`
        select id, password from caucuses
        where password is not null and id > ${after}::uuid ${rotating ? sql`` : UNSEALED}
        order by id limit ${BATCH}`)
    ).rows;
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const changes: Array<{ id: string; old: string; next: string }> = [];
    for (const r of rows) {
      if (!isSealed(r.password)) {
        changes.push({ id: r.id, old: r.password, next: sealCaucusPassword(keys, r.password) });
        report.sealed += 1;
        continue;
      }
      const opened = openWithAny(allKeys(keys), PURPOSE, r.password);
      if (!opened) throw keyMismatch();
      if (opened.keyIndex > 0) {
        changes.push({ id: r.id, old: r.password, next: sealCaucusPassword(keys, opened.plain) });
        report.resealed += 1;
      }
    }
    if (changes.length > 0) {
      const values = sql.join(
        changes.map((c) => sql`(${c.id}::uuid, ${c.old}, ${c.next})`),
        sql`, `,
      );
      await db.execute(sql`update caucuses c set password = v.next from (values ${values}) as v(id, old, next) where c.id = v.id and c.password = v.old`);
    }
    if (rows.length < BATCH) break;
  }
  if (rotating) {
    const sealed = sealText(keys.current, PURPOSE, KEY_CHECK_TEXT);
    await db.insert(keyChecks).values({ name: KEY_CHECK_NAME, sealed }).onConflictDoUpdate({ target: keyChecks.name, set: { sealed, updatedAt: sql`now()` } });
  }
  if (report.sealed || report.resealed) log(`caucus passwords: ${report.sealed} sealed, ${report.resealed} sealed again with the current key`);
  return report;
}
