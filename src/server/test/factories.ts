import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { STATES } from '../../domain/geography/states';
import { ALIGNMENTS } from '../../domain/profiles/alignment';
import type { DbOrTx } from '../db/client';
import { accounts, passkeys, users } from '../db/schema/auth';
import { brownieCounts } from '../db/schema/points';

export const FIRST = ['Ada', 'Ben', 'Carla', 'Dev', 'Elena', 'Frank', 'Grace', 'Hector', 'Iris', 'Jamal', 'Keiko', 'Luis', 'Maya', 'Nate', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tariq', 'Uma', 'Victor', 'Wen', 'Xavier', 'Yara', 'Zoe'];
export const LAST = ['Adams', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ivanov', 'Johnson', 'Kim', 'Lopez', 'Miller', 'Nguyen', 'Okafor', 'Patel', 'Reyes', 'Smith', 'Turner', 'Walker', 'Young'];

/** A small deterministic generator, so seeds and tests can be replayed. */
export function makeRandom(seed = 1) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const TOTAL_SEATS = STATES.reduce((n, s) => n + s.districts, 0);

/** A home drawn in proportion to seats, so every district gets voters. */
export function pickHome(random: () => number): { state: string; district: number } {
  let seat = Math.floor(random() * TOTAL_SEATS);
  for (const s of STATES) {
    if (seat < s.districts) return { state: s.code, district: seat + 1 };
    seat -= s.districts;
  }
  return { state: 'CA', district: 1 };
}

export type NewUser = typeof users.$inferInsert;

/** The row of a realistic user; `n` makes the email unique. */
export function buildUser(n: number, random: () => number, overrides: Partial<NewUser> = {}): NewUser & { id: string } {
  const first = FIRST[Math.floor(random() * FIRST.length)]!;
  const last = LAST[Math.floor(random() * LAST.length)]!;
  const id = overrides.id ?? randomUUID();
  const home = pickHome(random);
  return {
    id,
    email: `${first}.${last}.${n}@example.test`.toLowerCase(),
    emailVerified: true,
    emailVerifiedAt: new Date(),
    name: `${first} ${last}`,
    politicalAlignment: ALIGNMENTS[Math.floor(random() * (ALIGNMENTS.length - 1))]!,
    state: home.state,
    district: home.district,
    ...overrides,
  };
}

let counter = 0;
const hashCache = new Map<string, string>();

async function passwordHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = await hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

/** Inserts one user who can sign in with `password` (confirmed unless told otherwise). */
export async function createUser(
  db: DbOrTx,
  overrides: Partial<NewUser> & { password?: string; secondFactor?: boolean; brownies?: number } = {},
): Promise<{ id: string; email: string; name: string; password: string; state: string; district: number }> {
  const { password = DEFAULT_PASSWORD, secondFactor, brownies = 0, ...rest } = overrides;
  counter += 1;
  const row = buildUser(Date.now() * 1000 + counter, Math.random, rest);
  await db.insert(users).values(row);
  await db.insert(accounts).values({ accountId: row.id, providerId: 'credential', userId: row.id, password: await passwordHash(password) });
  // A Brownies count without its ledger rows (a leaderboard's or a profile's test): brownie_counts, decision 060.
  if (brownies > 0) await db.insert(brownieCounts).values({ userId: row.id, brownies, name: row.name, state: row.state, district: row.district ?? 1 });
  // Administrators need a second factor (issue 32): a test administrator has a passkey unless
  // the test says `secondFactor: false` (or asks one for anyone with `secondFactor: true`).
  if (secondFactor ?? row.isAdministrator === true) await addTestPasskey(db, row.id);
  return { id: row.id, email: row.email, name: row.name, password, state: row.state, district: row.district ?? 1 };
}

/** A person's Brownies received: their brownie_counts row's count, 0 before their first (decision 060). */
export async function brownieCountOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ brownies: brownieCounts.brownies }).from(brownieCounts).where(eq(brownieCounts.userId, userId));
  return row?.brownies ?? 0;
}

/**
 * A passkey row with placeholder credential data (issue 32): enough for the rule "administrators
 * need a second factor"; nobody ever signs in with it.
 */
export async function addTestPasskey(db: DbOrTx, userId: string): Promise<void> {
  await db.insert(passkeys).values({ userId, name: 'Test key', credentialId: `test-credential-${randomUUID()}`, publicKey: 'test-public-key', deviceType: 'singleDevice' });
}

/** Many users in batched inserts (the seed script's path); all share one password hash. */
export async function insertUsersBatch(db: DbOrTx, rows: NewUser[], password = DEFAULT_PASSWORD): Promise<void> {
  if (rows.length === 0) return;
  const hash = await passwordHash(password);
  await db.insert(users).values(rows);
  await db.insert(accounts).values(rows.map((r) => ({ accountId: r.id!, providerId: 'credential', userId: r.id!, password: hash })));
}
