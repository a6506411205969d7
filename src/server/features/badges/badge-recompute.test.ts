import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { badgesReachedBy } from '../../../domain/badges/badge-progress';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { challengeMembers, challenges } from '../../db/schema/challenges';
import { debateResponses, debates } from '../../db/schema/debates';
import { premiumBadgePurchases } from '../../db/schema/payments';
import { activities, badges, brownies, premiumBadges, userBadges } from '../../db/schema/points';
import { fixedClock, systemClock } from '../../clock';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { castVote } from '../caucuses/caucuses.service';
import { awardReferralSpark } from '../points/referral.service';
import { awardChallengeWinBadges, evaluateBadges, readBadgeFiguresOf } from './badge-engine.service';
import { formatRecomputeReport, recomputeBadges } from './badge-recompute.service';
import { recordEmailConfirmation } from './founding.service';

let database: Database;
const at = new Date('2026-06-01T12:00:00Z');
const deps = () => ({ db: database.db, clock: systemClock });

beforeAll(async () => {
  database = await createTestDatabase();
});

async function heldNames(userId: string) {
  const rows = await database.db.select({ name: badges.name }).from(userBadges).innerJoin(badges, eq(badges.id, userBadges.badgeId)).where(eq(userBadges.userId, userId));
  return rows.map((r) => r.name).sort();
}

/** Users who earned one of every kind of badge through the events' own paths (the engine). */
async function buildWorld() {
  const people: string[] = [];
  // Confirmations: founding ranks 1.. (OG 100, 1K, 10K).
  for (let i = 0; i < 3; i++) {
    const u = await createUser(database.db, { emailVerifiedAt: null });
    await recordEmailConfirmation({ db: database.db, clock: fixedClock(at) }, u.id);
    people.push(u.id);
  }
  // A recruiter with 3 Sparks who organizes, votes in a finalized level-1 caucus and buys a premium badge: Champion.
  const champion = people[0]!;
  for (let i = 0; i < 3; i++) await awardReferralSpark(deps(), (await createUser(database.db, { recruitedBy: champion })).id);
  const [gw] = await database.db.select({ id: premiumBadges.id }).from(premiumBadges);
  await database.db.insert(premiumBadgePurchases).values({ userId: champion, premiumBadgeId: gw!.id, purchasedAt: at });
  const caucus = await createCaucusRow(database.db, { state: 'ID', district: 2, requiredVotingMembers: 3 });
  const organizer = await createUser(database.db);
  await addOrganizer(database.db, caucus.id, organizer.id);
  await addOrganizer(database.db, (await createCaucusRow(database.db, { organizerId: champion })).id, champion);
  const voters = (await addVotingMembers(database.db, caucus, 2)).map((m) => m.id);
  await database.db.update(users).set({ state: 'ID', district: 2, verified: true }).where(eq(users.id, champion));
  await database.db.insert(schema.caucusMembers).values({ caucusId: caucus.id, userId: champion, isVotingMember: true });
  for (const v of [...voters, champion]) await castVote(deps(), v, caucus.id, voters[0]!);
  people.push(organizer.id, ...voters);
  // Five brownies in a day: Hugger.
  const receiver = await createUser(database.db);
  for (let i = 0; i < 5; i++) {
    const giver = await createUser(database.db);
    await database.db.insert(brownies).values({ giverUserId: giver.id, receiverUserId: receiver.id, givenOn: '2026-05-30', givenAt: at });
  }
  await evaluateBadges(database.db, receiver.id, at);
  // Five debate responses: Chatterbox.
  const speaker = await createUser(database.db);
  for (let i = 0; i < 5; i++) {
    const [d] = await database.db.insert(debates).values({ creatorId: speaker.id, title: `D${i}`, prompt: 'P', debateType: 'text', expiresAt: at }).returning();
    await database.db.insert(debateResponses).values({ debateId: d!.id, userId: speaker.id, contentType: 'text', textContent: 'x' });
  }
  await evaluateBadges(database.db, speaker.id, at);
  // A won challenge: Warrior.
  const [ch] = await database.db
    .insert(challenges)
    .values({ name: 'Won', creatorId: speaker.id, challengeType: 'sparks', durationDays: 3, startDate: new Date(at.getTime() - 3 * 86_400_000), endDate: at, status: 'completed', winningTeam: 'orange' })
    .returning();
  await database.db.insert(challengeMembers).values({ challengeId: ch!.id, userId: speaker.id, team: 'orange' });
  await awardChallengeWinBadges(database.db, ch!.id, at);
  people.push(receiver.id, speaker.id);
  return { champion, organizer: organizer.id, delegate: voters[0]!, receiver: receiver.id, speaker: speaker.id, people };
}

let world: Awaited<ReturnType<typeof buildWorld>>;

describe('npm run badges:recompute', () => {
  it('finds nothing to repair when every badge came through the engine (the SQL rules equal the domain rules)', async () => {
    world = await buildWorld();
    expect(await heldNames(world.champion)).toEqual(['Champion', 'Friend', 'George Washington', 'OG 100', 'OG 10K', 'OG 1K', 'Pioneer 100', 'Pioneer 1K']);
    expect(await heldNames(world.organizer)).toEqual(['Lieutenant']);
    expect(await heldNames(world.delegate)).toEqual(['Delegate - Level 2', 'Pioneer 100', 'Pioneer 1K']);
    expect(await heldNames(world.receiver)).toEqual(['Hugger']);
    expect(await heldNames(world.speaker)).toEqual(['Chatterbox', 'Warrior']);
    // The engine's pure rules on each user's figures give exactly what is held.
    const figures = await readBadgeFiguresOf(database.db, world.people);
    for (const [id, f] of figures) expect(badgesReachedBy(f).sort(), id).toEqual([...f.earned].sort());

    const report = await recomputeBadges(deps());
    expect(report).toMatchObject({ missing: [], unexpected: [], awarded: 0, fixed: false });
    expect(report.expected).toBe(report.held);
    expect(formatRecomputeReport(report)).toContain('Missing: none.');
  });

  it('reports missing and unexpected badges per badge with counts and user ids; --fix awards the missing ones only', async () => {
    const [friend, lieutenant, og100] = await Promise.all(
      ['Friend', 'Lieutenant', 'OG 100'].map(async (name) => (await database.db.select({ id: badges.id }).from(badges).where(eq(badges.name, name)))[0]!.id),
    );
    // Lose two awards; hold one the ledgers do not give (an OG badge without a founding rank).
    await database.db.delete(userBadges).where(and(eq(userBadges.userId, world.champion), inArray(userBadges.badgeId, [friend!])));
    await database.db.delete(userBadges).where(and(eq(userBadges.userId, world.organizer), eq(userBadges.badgeId, lieutenant!)));
    await database.db.insert(userBadges).values({ userId: world.speaker, badgeId: og100!, earnedAt: at });
    const activitiesBefore = await database.db.$count(activities, eq(activities.activityType, 'badge_earned'));

    const dry = await recomputeBadges(deps());
    expect(dry.missing).toEqual([
      { badge: 'Friend', count: 1, sampleUserIds: [world.champion] },
      { badge: 'Lieutenant', count: 1, sampleUserIds: [world.organizer] },
    ]);
    expect(dry.unexpected).toEqual([{ badge: 'OG 100', count: 1, sampleUserIds: [world.speaker] }]);
    const text = formatRecomputeReport(dry);
    expect(text).toContain('Missing (earned by the ledgers, not held): 2 in 2 badges');
    expect(text).toContain(world.organizer);
    expect(text).toContain('Run with --fix');
    expect(await heldNames(world.champion)).not.toContain('Friend'); // a dry run changes nothing

    const fixed = await recomputeBadges({ db: database.db, clock: fixedClock(at) }, { fix: true });
    expect(fixed.awarded).toBe(2);
    expect(formatRecomputeReport(fixed)).toContain('Fixed: awarded 2 missing badges');
    expect(await heldNames(world.champion)).toContain('Friend');
    expect(await heldNames(world.organizer)).toEqual(['Lieutenant']);
    expect(await heldNames(world.speaker)).toContain('OG 100'); // never taken away
    expect(await database.db.$count(activities, eq(activities.activityType, 'badge_earned'))).toBe(activitiesBefore + 2);
    const again = await recomputeBadges(deps(), { fix: true });
    expect([again.missing, again.awarded]).toEqual([[], 0]);
    expect(again.unexpected).toHaveLength(1);
  });

  it('runs the same few statements whatever the number of users', async () => {
    let queries = 0;
    const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void (queries += 1) } });
    await recomputeBadges({ db: counted, clock: systemClock });
    const before = queries;
    for (let i = 0; i < 20; i++) await awardReferralSpark(deps(), (await createUser(database.db, { recruitedBy: world.receiver })).id);
    queries = 0;
    await recomputeBadges({ db: counted, clock: systemClock });
    expect(queries).toBe(before);
    expect(queries).toBeLessThanOrEqual(7);
  });
});
