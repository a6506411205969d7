import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { challengeInvitations, challengeMembers, challenges } from '../db/schema/challenges';
import { banners, sparks } from '../db/schema/points';
import { buildUser, insertUsersBatch, makeRandom } from './factories';

const DAY_MS = 86_400_000;

/** A challenge row made directly (for tests and seeds): the creator becomes a member of `team`. */
export async function createChallengeRow(
  db: DbOrTx,
  input: {
    creatorId: string;
    name?: string;
    challengeType?: 'sparks' | 'banners';
    team?: 'blue' | 'orange';
    start?: Date;
    durationDays?: number;
  },
): Promise<{ id: string; startDate: Date; endDate: Date }> {
  const start = input.start ?? new Date();
  const durationDays = input.durationDays ?? 7;
  const endDate = new Date(start.getTime() + durationDays * DAY_MS);
  const [row] = await db
    .insert(challenges)
    .values({
      name: input.name ?? `Challenge ${randomBytes(3).toString('hex')}`,
      creatorId: input.creatorId,
      challengeType: input.challengeType ?? 'sparks',
      durationDays,
      startDate: start,
      endDate,
      createdAt: start,
    })
    .returning({ id: challenges.id });
  await db.insert(challengeMembers).values({ challengeId: row!.id, userId: input.creatorId, team: input.team ?? 'blue', joinedAt: start });
  return { id: row!.id, startDate: start, endDate };
}

export async function addChallengeMember(db: DbOrTx, challengeId: string, userId: string, team: 'blue' | 'orange'): Promise<void> {
  await db.insert(challengeMembers).values({ challengeId, userId, team });
}

/** An invitation row without its private message (the service writes both; tests of access need only the row). */
export async function inviteToChallenge(db: DbOrTx, challengeId: string, inviteeId: string, inviterId: string): Promise<void> {
  await db.insert(challengeInvitations).values({ challengeId, inviteeId, inviterId });
}

/** Sparks earned by `userId` at the given times: ledger rows and the counter, together. */
export async function giveSparks(db: DbOrTx, userId: string, times: Date[]): Promise<void> {
  if (times.length === 0) return;
  await db.insert(sparks).values(times.map((timestamp) => ({ userId, timestamp })));
  await db.update(users).set({ sparks: sql`${users.sparks} + ${times.length}` }).where(sql`${users.id} = ${userId}`);
}

/** Banners earned by `userId` at the given times: ledger rows and the counter, together. */
export async function giveBanners(db: DbOrTx, userId: string, times: Date[]): Promise<void> {
  if (times.length === 0) return;
  await db.insert(banners).values(times.map((timestamp) => ({ organizerUserId: userId, timestamp })));
  await db.update(users).set({ banners: sql`${users.banners} + ${times.length}` }).where(sql`${users.id} = ${userId}`);
}

export interface ChallengeBenchSeed {
  challengeId: string;
  memberIds: string[];
  start: Date;
  end: Date;
  /** Sparks rows inside the challenge's window (all of them its members'). */
  inWindowRows: number;
  /** Sparks rows written in all. */
  ledgerRows: number;
}

/**
 * For the bench "challenge scores over 1M ledger rows": an active Sparks challenge of
 * `members` members (half blue, half orange) whose window holds `inWindowPerMember` Sparks per
 * member, among `ledgerRows` Sparks rows in all: the members' rows outside the window and
 * those of `otherUsers` other users spread over the past year. Set-based (generate_series),
 * then the touched users' counters are set from the ledger (users.sparks = their rows), and
 * the table is vacuumed and analyzed so the scores read is an index-only scan.
 */
export async function seedChallengeForBench(
  db: Db,
  options: { members?: number; ledgerRows?: number; inWindowPerMember?: number; otherUsers?: number; now?: Date } = {},
): Promise<ChallengeBenchSeed> {
  const memberCount = Math.min(12, Math.max(2, options.members ?? 12));
  const ledgerRows = options.ledgerRows ?? 1_000_000;
  const inWindowPerMember = options.inWindowPerMember ?? Math.min(2_000, Math.floor(ledgerRows / memberCount / 4));
  const outWindowPerMember = inWindowPerMember;
  const otherCount = options.otherUsers ?? 1_000;
  const now = options.now ?? new Date();
  const tag = `bench-challenge-${randomBytes(4).toString('hex')}`;
  const random = makeRandom(7);

  const memberRows = Array.from({ length: memberCount }, (_, i) => buildUser(i, random, { id: randomUUID(), email: `${tag}-m${i}@example.test` }));
  const otherRows = Array.from({ length: otherCount }, (_, i) => buildUser(i, random, { id: randomUUID(), email: `${tag}-o${i}@example.test` }));
  for (let i = 0; i < otherRows.length; i += 1_000) await insertUsersBatch(db, otherRows.slice(i, i + 1_000));
  await insertUsersBatch(db, memberRows);
  const memberIds = memberRows.map((m) => m.id);

  const start = new Date(now.getTime() - 10 * DAY_MS);
  const challenge = await createChallengeRow(db, { creatorId: memberIds[0]!, name: 'Bench Challenge', challengeType: 'sparks', team: 'blue', start, durationDays: 20 });
  for (let i = 1; i < memberIds.length; i++) await addChallengeMember(db, challenge.id, memberIds[i]!, i % 2 === 0 ? 'blue' : 'orange');

  // The members' Sparks: inside the window (spread over its first 10 days) and before it.
  const membersPattern = `${tag}-m%`;
  await db.execute(sql`
    insert into sparks (user_id, timestamp)
    select u.id, ${start}::timestamptz + (g::bigint * 7919 % 864000) * interval '1 second'
    from users u cross join generate_series(1, ${inWindowPerMember}) g
    where u.email like ${membersPattern}`);
  await db.execute(sql`
    insert into sparks (user_id, timestamp)
    select u.id, ${start}::timestamptz - (1 + g::bigint * 7919 % 31536000) * interval '1 second'
    from users u cross join generate_series(1, ${outWindowPerMember}) g
    where u.email like ${membersPattern}`);

  // Everyone else's: the rest of the ledger, over the past year (inside the window too).
  const rest = Math.max(0, ledgerRows - memberCount * (inWindowPerMember + outWindowPerMember));
  const othersPattern = `${tag}-o%`;
  const chunk = 250_000;
  for (let from = 1; otherCount > 0 && from <= rest; from += chunk) {
    const to = Math.min(rest, from + chunk - 1);
    await db.execute(sql`
      with o as (select id, (row_number() over (order by id) - 1)::int as k from users where email like ${othersPattern})
      insert into sparks (user_id, timestamp)
      select o.id, ${now}::timestamptz - (g::bigint * 104729 % 31536000) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g join o on o.k = g % ${otherCount}`);
  }

  // The counters equal the ledgers.
  const tagPattern = `${tag}-%`;
  await db.execute(sql`
    update users u set sparks = s.n
    from (select user_id, count(*)::int as n from sparks where user_id in (select id from users where email like ${tagPattern}) group by user_id) s
    where u.id = s.user_id`);
  await db.execute(sql`vacuum analyze sparks`);
  await db.execute(sql`analyze challenge_members`);

  return {
    challengeId: challenge.id,
    memberIds,
    start,
    end: challenge.endDate,
    inWindowRows: memberCount * inWindowPerMember,
    ledgerRows: memberCount * (inWindowPerMember + outWindowPerMember) + rest,
  };
}
