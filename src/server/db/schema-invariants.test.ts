import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BADGES, PREMIUM_BADGES } from '../../domain/badges/catalogue';
import type { Database } from './client';
import { pgErrorOf } from './client';
import * as authSchema from './schema/auth';
import { users, webauthnChallenges } from './schema/auth';
import { caucusMembers, caucuses, votes, votingMemberInvitations } from './schema/caucuses';
import { activities, badges, brownies, premiumBadges, rewardClaims, sparks } from './schema/points';
import { friendships } from './schema/social';
import { createTestDatabase } from '../test/test-database';
import { createUser } from '../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const code = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();

async function expectViolation(promise: Promise<unknown>, constraintOrCode: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraintOrCode}`).not.toBeNull();
  const pg = pgErrorOf(error);
  expect([pg?.constraint, pg?.code]).toContain(constraintOrCode);
}

const caucus = (overrides: Partial<typeof caucuses.$inferInsert> = {}) => ({
  name: 'Test caucus',
  state: 'NV',
  district: 2,
  level: 1,
  invitationCode: code(),
  ...overrides,
});

describe('the badge catalogue in the database', () => {
  it('equals the catalogue the client reads', async () => {
    const rows = await database.db.select().from(badges);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(rows).toHaveLength(BADGES.length);
    for (const b of BADGES) {
      expect(byName.get(b.name), b.name).toMatchObject({ category: b.category, metric: b.metric, threshold: b.threshold, criteria: b.criteria });
    }
    const premium = await database.db.select().from(premiumBadges);
    expect(premium.map((p) => [p.name, p.priceCents])).toEqual(PREMIUM_BADGES.map((p) => [p.name, p.priceCents]));
  });
});

describe('database invariants', () => {
  it('one level-5 caucus per district', async () => {
    await database.db.insert(caucuses).values(caucus({ level: 5, state: 'UT', district: 1 }));
    await database.db.insert(caucuses).values(caucus({ level: 4, state: 'UT', district: 1 }));
    await expectViolation(database.db.insert(caucuses).values(caucus({ level: 5, state: 'UT', district: 1 })), 'caucuses_one_level5_per_district');
  });

  it('caucus fields are checked (level 1..5, 6-character code, private needs a 4+ password, http links)', async () => {
    await expectViolation(database.db.insert(caucuses).values(caucus({ level: 6 })), 'caucuses_level_range');
    await expectViolation(database.db.insert(caucuses).values(caucus({ invitationCode: 'abc123' })), 'caucuses_invitation_code_format');
    await expectViolation(database.db.insert(caucuses).values(caucus({ isOpen: false, password: 'abc' })), 'caucuses_private_has_password');
    await expectViolation(database.db.insert(caucuses).values(caucus({ platformLink: 'javascript:alert(1)' })), 'caucuses_platform_link_http');
    await expectViolation(database.db.insert(caucuses).values(caucus({ name: ' ' })), 'caucuses_name_length');
  });

  it('one vote per voter per caucus, and only between members of that caucus', async () => {
    const [c] = await database.db.insert(caucuses).values(caucus()).returning();
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    const outsider = await createUser(database.db);
    await database.db.insert(caucusMembers).values([
      { caucusId: c!.id, userId: a.id },
      { caucusId: c!.id, userId: b.id },
    ]);
    await database.db.insert(votes).values({ caucusId: c!.id, voterId: a.id, candidateId: b.id });
    await expectViolation(database.db.insert(votes).values({ caucusId: c!.id, voterId: a.id, candidateId: a.id }), '23505');
    await expectViolation(database.db.insert(votes).values({ caucusId: c!.id, voterId: b.id, candidateId: outsider.id }), 'votes_candidate_member_fk');
    await expectViolation(database.db.insert(votes).values({ caucusId: c!.id, voterId: outsider.id, candidateId: a.id }), 'votes_voter_member_fk');
  });

  it('one membership per user and caucus', async () => {
    const [c] = await database.db.insert(caucuses).values(caucus()).returning();
    const a = await createUser(database.db);
    await database.db.insert(caucusMembers).values({ caucusId: c!.id, userId: a.id });
    await expectViolation(database.db.insert(caucusMembers).values({ caucusId: c!.id, userId: a.id }), '23505');
  });

  it('one pending invitation per caucus and invitee', async () => {
    const [c] = await database.db.insert(caucuses).values(caucus()).returning();
    const inviter = await createUser(database.db);
    const invitee = await createUser(database.db);
    const row = { caucusId: c!.id, inviterId: inviter.id, inviteeId: invitee.id };
    await database.db.insert(votingMemberInvitations).values(row);
    await expectViolation(database.db.insert(votingMemberInvitations).values(row), 'voting_member_invitations_one_pending');
    await database.db.insert(votingMemberInvitations).values({ ...row, status: 'declined', respondedAt: new Date() });
  });

  it('one brownie per giver per day, never to oneself', async () => {
    const giver = await createUser(database.db);
    const r1 = await createUser(database.db);
    const r2 = await createUser(database.db);
    await database.db.insert(brownies).values({ giverUserId: giver.id, receiverUserId: r1.id, givenOn: '2026-11-22' });
    await expectViolation(
      database.db.insert(brownies).values({ giverUserId: giver.id, receiverUserId: r2.id, givenOn: '2026-11-22' }),
      'brownies_one_per_giver_per_day',
    );
    await database.db.insert(brownies).values({ giverUserId: giver.id, receiverUserId: r2.id, givenOn: '2026-11-23' });
    await expectViolation(
      database.db.insert(brownies).values({ giverUserId: r1.id, receiverUserId: r1.id, givenOn: '2026-11-22' }),
      'brownies_not_to_self',
    );
  });

  it('one claim per user and reward type', async () => {
    const u = await createUser(database.db);
    await database.db.insert(rewardClaims).values({ userId: u.id, rewardType: 'welcome_voucher', voucherCode: code() + code() });
    await expectViolation(
      database.db.insert(rewardClaims).values({ userId: u.id, rewardType: 'welcome_voucher', voucherCode: code() + code() }),
      'reward_claims_one_per_type',
    );
  });

  it('one Spark per referred user, never for oneself', async () => {
    const referrer = await createUser(database.db);
    const referred = await createUser(database.db);
    await database.db.insert(sparks).values({ userId: referrer.id, referredUserId: referred.id });
    await expectViolation(database.db.insert(sparks).values({ userId: referrer.id, referredUserId: referred.id }), 'sparks_once_per_referred_user');
    await expectViolation(database.db.insert(sparks).values({ userId: referrer.id, referredUserId: referrer.id }), 'sparks_not_self');
  });

  it('counters never go negative; emails are unique whatever their case', async () => {
    const u = await createUser(database.db);
    await expectViolation(database.db.update(users).set({ sparks: -1 }).where(eqId(u.id)), 'users_counters_nonnegative');
    await expectViolation(createUser(database.db, { email: u.email.toUpperCase() }), 'users_email_lower_key');
  });

  it('a friendship is stored once, in order', async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    const [lo, hi] = [a.id, b.id].sort();
    await database.db.insert(friendships).values({ user1Id: lo!, user2Id: hi! });
    await expectViolation(database.db.insert(friendships).values({ user1Id: hi!, user2Id: lo! }), 'friendships_ordered');
  });

  it("one pending passkey challenge per person and purpose; a sign-in's has no person", async () => {
    const u = await createUser(database.db);
    const challenge = (userId: string | null, purpose: string) => ({ userId, purpose, challenge: randomUUID(), expiresAt: new Date(Date.now() + 60_000) });
    await database.db.insert(webauthnChallenges).values([challenge(u.id, 'register'), challenge(u.id, 'confirm'), challenge(null, 'sign-in'), challenge(null, 'sign-in')]);
    await expectViolation(database.db.insert(webauthnChallenges).values(challenge(u.id, 'register')), 'webauthn_challenges_user_purpose_key');
  });
});

describe('new ids are time-ordered (decision 057)', () => {
  /** The Unix time in milliseconds a version-7 UUID carries in its first 48 bits. */
  const millisecondsOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

  it('a new row gets a version-7 UUID carrying the time of its insert, in the order of the inserts', async () => {
    const u = await createUser(database.db);
    const before = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await database.db.insert(activities).values({ userId: u.id, activityType: 'caucus_joined', description: `Joined ${i}` }).returning({ id: activities.id });
      ids.push(row!.id);
    }
    const after = Date.now();
    for (const id of ids) {
      expect(id, id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The database's clock and ours are the same machine's; a millisecond of rounding either way.
      expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before - 1);
      expect(millisecondsOf(id)).toBeLessThanOrEqual(after + 1);
    }
    expect(ids.map(millisecondsOf)).toEqual([...ids.map(millisecondsOf)].sort((a, b) => a - b));
    // 74 random bits: a thousand ids in one statement, within a millisecond or two, all differ.
    const many = await database.db.execute<{ distinct: number }>(sql`select count(distinct uuid_v7())::int as distinct from generate_series(1, 1000)`);
    expect(many.rows[0]!.distinct).toBe(1000);
  });

  it("every table of ours draws its ids from uuid_v7(); better-auth's tables keep random ones", async () => {
    const { rows } = await database.db.execute<{ table: string; fallback: string }>(sql`
      select table_name as table, column_default as fallback from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' and column_default is not null`);
    const byDefault = (text: string) => rows.filter((r) => r.fallback === text).map((r) => r.table).sort();
    expect(byDefault('uuid_v7()')).toEqual(expect.arrayContaining(['activities', 'brownies', 'caucuses', 'notifications', 'private_messages', 'sparks']));
    expect(byDefault('gen_random_uuid()')).toContain('users');
    // Only better-auth's tables (schema/auth.ts) are left on random ids.
    expect(byDefault('gen_random_uuid()').filter((t) => !AUTH_TABLES.includes(t))).toEqual([]);
  });
});

/** The tables of schema/auth.ts, whose ids better-auth's adapter may also write: read from the schema itself. */
const AUTH_TABLES: string[] = (Object.values(authSchema) as unknown[]).filter((t): t is PgTable => is(t, PgTable)).map((t) => getTableName(t));

const eqId = (id: string) => eq(users.id, id);
