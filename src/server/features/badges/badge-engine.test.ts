import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaucusSchema } from '../../../domain/caucuses/caucus-schemas';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucuses, votes } from '../../db/schema/caucuses';
import { challengeMembers, challenges } from '../../db/schema/challenges';
import { debateDefenses, debateRebuttals, debateResponses, debates } from '../../db/schema/debates';
import { premiumBadgePurchases } from '../../db/schema/payments';
import { activities, badges, brownies, premiumBadges, userBadges } from '../../db/schema/points';
import { fixedClock, systemClock } from '../../clock';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, testPasswordKeys } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { castVote, createCaucus } from '../caucuses/caucuses.service';
import { respondToOrganizerInvitation } from '../invitations/invitations.service';
import { awardReferralSpark } from '../points/referral.service';
import {
  awardChallengeWinBadges,
  awardDebateContributionBadges,
  evaluateBadges,
  readBadgeFigures,
  readBadgeFiguresOf,
} from './badge-engine.service';
import { awardChampionIfComplete, readChampionMetrics } from './champion.service';
import { recordEmailConfirmation } from './founding.service';

let database: Database;
const at = new Date('2026-05-04T15:00:00Z');
const deps = () => ({ db: database.db, clock: systemClock, passwordKeys: testPasswordKeys });

beforeAll(async () => {
  database = await createTestDatabase();
});

async function badgeNamesOf(userId: string) {
  const rows = await database.db
    .select({ name: badges.name })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId));
  return rows.map((r) => r.name).sort();
}

const badgeActivities = (userId: string) =>
  database.db.$count(activities, and(eq(activities.userId, userId), eq(activities.activityType, 'badge_earned')));

async function referredBy(referrerId: string, n: number) {
  const referred = [];
  for (let i = 0; i < n; i++) referred.push(await createUser(database.db, { recruitedBy: referrerId }));
  return referred;
}

/** Gives a user `n` Sparks through the real referral path. */
async function giveSparks(userId: string, n: number) {
  for (const r of await referredBy(userId, n)) await awardReferralSpark(deps(), r.id);
}

async function buyPremiumBadge(userId: string) {
  const [gw] = await database.db.select({ id: premiumBadges.id }).from(premiumBadges).where(eq(premiumBadges.name, 'George Washington'));
  await database.db.insert(premiumBadgePurchases).values({ userId, premiumBadgeId: gw!.id, purchasedAt: at });
}

/** A full verified level-1 caucus of a fresh district and its 10 voters (not finalized). */
let districtSeq = 0;
async function fullLevel1Caucus(extraVoter?: { id: string }) {
  districtSeq += 1;
  const home = { state: 'MI', district: 1 + (districtSeq % 13) };
  const caucus = await createCaucusRow(database.db, { ...home, level: 1, name: `Caucus ${districtSeq}` });
  const members = await addVotingMembers(database.db, caucus, extraVoter ? 9 : 10);
  if (extraVoter) {
    await database.db.update(users).set({ ...home, verified: true }).where(eq(users.id, extraVoter.id));
    await database.db.insert(schema.caucusMembers).values({ caucusId: caucus.id, userId: extraVoter.id, isVotingMember: true });
  }
  const voters = extraVoter ? [...members.map((m) => m.id), extraVoter.id] : members.map((m) => m.id);
  return { caucus, voters };
}

async function electFirst(caucusId: string, voters: string[]) {
  for (const v of voters) await castVote(deps(), v, caucusId, voters[0]!);
}

describe('the metric query', () => {
  it('reads every figure a badge counts, for one user, in one query', async () => {
    const user = await createUser(database.db, { state: 'KS', district: 2 });
    const others = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => createUser(database.db, { state: 'KS', district: 2 })));
    // Brownies: 3 on one day, 2 on another (in the app's days, as given_on records them).
    await database.db.insert(brownies).values([
      ...others.slice(0, 3).map((g) => ({ giverUserId: g.id, receiverUserId: user.id, givenOn: '2026-05-01', givenAt: at })),
      ...others.slice(0, 2).map((g) => ({ giverUserId: g.id, receiverUserId: user.id, givenOn: '2026-05-02', givenAt: at })),
    ]);
    // Debate contributions: 2 responses, 1 rebuttal, 1 defense.
    const debate = (title: string) => ({ creatorId: others[0]!.id, title, prompt: 'Why?', debateType: 'text', expiresAt: new Date(Date.now() + 86_400_000) });
    const [d1, d2] = await database.db.insert(debates).values([debate('One'), debate('Two')]).returning();
    const text = { contentType: 'text', textContent: 'Because.' };
    const [mine] = await database.db.insert(debateResponses).values({ ...text, debateId: d1!.id, userId: user.id }).returning();
    await database.db.insert(debateResponses).values({ ...text, debateId: d2!.id, userId: user.id });
    const [theirs] = await database.db.insert(debateResponses).values({ ...text, debateId: d1!.id, userId: others[1]!.id }).returning();
    await database.db.insert(debateRebuttals).values({ ...text, responseId: theirs!.id, userId: user.id });
    const [against] = await database.db.insert(debateRebuttals).values({ ...text, responseId: mine!.id, userId: others[2]!.id }).returning();
    await database.db.insert(debateDefenses).values({ ...text, rebuttalId: against!.id, userId: user.id });
    // Challenges: won one (blue), lost one (orange lost), one tie, one still active.
    const challenge = async (status: string, winningTeam: string | null, team: string) => {
      const [c] = await database.db
        .insert(challenges)
        .values({ name: 'Race', creatorId: user.id, challengeType: 'sparks', durationDays: 3, startDate: new Date(at.getTime() - 4 * 86_400_000), endDate: at, status, winningTeam })
        .returning();
      await database.db.insert(challengeMembers).values({ challengeId: c!.id, userId: user.id, team });
    };
    await challenge('completed', 'blue', 'blue');
    await challenge('completed', 'blue', 'orange');
    await challenge('completed', null, 'blue');
    await challenge('active', null, 'blue');
    // Caucuses: voted in the district's 2nd finalized level-1 caucus; delegate of a level-2 one; organizes two.
    const first = await createCaucusRow(database.db, { state: 'KS', district: 2, electionFinalized: true, votingFinalized: true, electedDelegateId: others[3]!.id, pioneerRank: 1 });
    const second = await createCaucusRow(database.db, { state: 'KS', district: 2, electionFinalized: true, votingFinalized: true, electedDelegateId: user.id, pioneerRank: 2 });
    await database.db.insert(schema.caucusMembers).values({ caucusId: second.id, userId: user.id, isVotingMember: true });
    await database.db.insert(votes).values({ caucusId: second.id, voterId: user.id, candidateId: user.id });
    await createCaucusRow(database.db, { state: 'KS', district: 2, level: 2, electionFinalized: true, votingFinalized: true, electedDelegateId: user.id });
    const organized = await createCaucusRow(database.db, { state: 'KS', district: 2, organizerId: user.id });
    await addOrganizer(database.db, organized.id, user.id);
    await addOrganizer(database.db, first.id, user.id);
    await buyPremiumBadge(user.id);
    await database.db.update(users).set({ sparks: 4, banners: 2, foundingRank: 123456 }).where(eq(users.id, user.id));

    let queries = 0;
    const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void (queries += 1) } });
    const figures = await readBadgeFigures(counted, user.id);
    expect(queries).toBe(1);
    expect(figures).toMatchObject({
      userId: user.id,
      sparks: 4,
      banners: 2,
      browniesBestDay: 3,
      debateContributions: 4,
      challengeWins: 1,
      pioneerRank: 2,
      districtFinalizedLevel1: 2,
      foundingRank: 123456,
      confirmedMembers: 123456,
      delegateOfLevels: [1, 2],
      champion: { sparks: 4, organizedCaucuses: 2, votedInFinalizedLevel1: true, premiumBadgesBought: 1 },
      premiumBadges: ['George Washington'],
      earned: [],
    });
    expect(await readChampionMetrics(database.db, user.id)).toEqual(figures!.champion);
    // Freed again for the founding-rank tests below.
    await database.db.update(users).set({ foundingRank: null }).where(eq(users.id, user.id));
  });

  it('reads many users in one query too, and nothing for an unknown user', async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    let queries = 0;
    const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void (queries += 1) } });
    const map = await readBadgeFiguresOf(counted, [a.id, b.id, a.id]);
    expect(queries).toBe(1);
    expect([...map.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(await readBadgeFigures(database.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('Sparks (referral on email confirmation)', () => {
  it('50 concurrent referral confirmations crossing 1 and 10 Sparks award Friend and Believer once each, one activity each', async () => {
    const referrer = await createUser(database.db);
    const referred = await referredBy(referrer.id, 50);
    await Promise.all(referred.map((r) => awardReferralSpark(deps(), r.id)));
    const [row] = await database.db.select({ sparks: users.sparks }).from(users).where(eq(users.id, referrer.id));
    expect(row!.sparks).toBe(50);
    expect(await badgeNamesOf(referrer.id)).toEqual(['Believer', 'Friend']);
    expect(await badgeActivities(referrer.id)).toBe(2);
  });
});

describe('finalization', () => {
  it('awards the delegate badge, the organizers’ Banner badges, and Pioneer to every voter', async () => {
    const organizer = await createUser(database.db);
    await database.db.update(users).set({ banners: 4 }).where(eq(users.id, organizer.id));
    const { caucus, voters } = await fullLevel1Caucus();
    await addOrganizer(database.db, caucus.id, organizer.id);
    await electFirst(caucus.id, voters);
    expect(await badgeNamesOf(organizer.id)).toEqual(['Captain', 'Lieutenant']);
    expect(await badgeNamesOf(voters[0]!)).toEqual(['Delegate - Level 2', 'Pioneer 100', 'Pioneer 1K']);
    for (const v of voters.slice(1)) expect(await badgeNamesOf(v)).toEqual(['Pioneer 100', 'Pioneer 1K']);
    const [row] = await database.db.select({ rank: caucuses.pioneerRank }).from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.rank).toBeGreaterThanOrEqual(1);
  });

  it('gives Pioneer places in order: the 101st finalized level-1 caucus of a district earns Pioneer 1K only', async () => {
    const home = { state: 'NE', district: 3 };
    for (let i = 1; i <= 100; i++) {
      const delegate = await createUser(database.db, home);
      await createCaucusRow(database.db, { ...home, electionFinalized: true, votingFinalized: true, electedDelegateId: delegate.id, pioneerRank: i });
    }
    const caucus = await createCaucusRow(database.db, { ...home, requiredVotingMembers: 2 });
    const voters = (await addVotingMembers(database.db, caucus, 2)).map((m) => m.id);
    await electFirst(caucus.id, voters);
    const [row] = await database.db.select({ rank: caucuses.pioneerRank }).from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.rank).toBe(101);
    expect(await badgeNamesOf(voters[1]!)).toEqual(['Pioneer 1K']);
  });

  it('concurrent finalizations in one district take distinct Pioneer places', async () => {
    const home = { state: 'NE', district: 1 };
    const elections = [];
    for (let i = 0; i < 6; i++) {
      const caucus = await createCaucusRow(database.db, { ...home, requiredVotingMembers: 2 });
      const voters = (await addVotingMembers(database.db, caucus, 2)).map((m) => m.id);
      await castVote(deps(), voters[0]!, caucus.id, voters[0]!);
      elections.push({ caucus, voters });
    }
    await Promise.all(elections.map(({ caucus, voters }) => castVote(deps(), voters[1]!, caucus.id, voters[0]!)));
    const rows = await database.db.select({ rank: caucuses.pioneerRank }).from(caucuses).where(and(eq(caucuses.state, 'NE'), eq(caucuses.district, 1)));
    expect(rows.map((r) => r.rank).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a level-5 delegate becomes Candidate', async () => {
    const caucus = await createCaucusRow(database.db, { state: 'VT', district: 1, level: 5, requiredVotingMembers: 2 });
    const voters = (await addVotingMembers(database.db, caucus, 2)).map((m) => m.id);
    await electFirst(caucus.id, voters);
    expect(await badgeNamesOf(voters[0]!)).toEqual(['Candidate']);
    expect(await badgeNamesOf(voters[1]!)).toEqual([]);
  });

  it('awards Champion to a level-1 voter whose vote completes it', async () => {
    const voter = await createUser(database.db);
    await giveSparks(voter.id, 3);
    const organized = await createCaucusRow(database.db, { organizerId: voter.id });
    await addOrganizer(database.db, organized.id, voter.id);
    await buyPremiumBadge(voter.id);
    expect(await evaluateBadges(database.db, voter.id, at)).toEqual(['George Washington']);
    const { caucus, voters } = await fullLevel1Caucus(voter);
    await electFirst(caucus.id, voters);
    expect(await badgeNamesOf(voter.id)).toEqual(['Champion', 'Friend', 'George Washington', 'Pioneer 100', 'Pioneer 1K']);
  });
});

describe('Champion on the other events that complete it', () => {
  /** 3 Sparks and a vote in a finalized level-1 caucus: missing organizing and a premium badge. */
  async function almostChampion() {
    const user = await createUser(database.db);
    await giveSparks(user.id, 3);
    const { caucus, voters } = await fullLevel1Caucus(user);
    await electFirst(caucus.id, voters);
    return user;
  }

  it('creating a caucus as organizer', async () => {
    const user = await almostChampion();
    await buyPremiumBadge(user.id);
    expect(await badgeNamesOf(user.id)).not.toContain('Champion');
    const input = createCaucusSchema.parse({ name: 'Organized', membershipType: 'organizer', state: 'OH', district: 4, level: 1, politicalAlignment: 'Green', accessType: 'open' });
    await createCaucus(deps(), user.id, input);
    expect(await badgeNamesOf(user.id)).toContain('Champion');
  });

  it('accepting an organizer invitation', async () => {
    const user = await almostChampion();
    await buyPremiumBadge(user.id);
    const caucus = await createCaucusRow(database.db, { state: 'OH', district: 5 });
    const inviter = await createUser(database.db);
    await addOrganizer(database.db, caucus.id, inviter.id);
    const [inv] = await database.db
      .insert(schema.organizerInvitations)
      .values({ caucusId: caucus.id, inviterId: inviter.id, inviteeId: user.id })
      .returning();
    await respondToOrganizerInvitation(deps(), user.id, inv!.id, 'accepted');
    expect(await badgeNamesOf(user.id)).toContain('Champion');
  });

  it('a premium purchase (awardChampionIfComplete), and a concurrent Spark and purchase award it once', async () => {
    const user = await almostChampion();
    const organized = await createCaucusRow(database.db, { organizerId: user.id });
    await addOrganizer(database.db, organized.id, user.id);
    expect(await awardChampionIfComplete(database.db, user.id, at)).toBe(false);
    await buyPremiumBadge(user.id);
    expect(await awardChampionIfComplete(database.db, user.id, at)).toBe(true);
    expect(await awardChampionIfComplete(database.db, user.id, at)).toBe(false);

    // The race: the third Spark and the purchase commit at the same time; each alone sees 3 of 4.
    const racer = await createUser(database.db);
    await giveSparks(racer.id, 2);
    const { caucus, voters } = await fullLevel1Caucus(racer);
    await electFirst(caucus.id, voters);
    const racerCaucus = await createCaucusRow(database.db, { organizerId: racer.id });
    await addOrganizer(database.db, racerCaucus.id, racer.id);
    const [third] = await referredBy(racer.id, 1);
    const [gw] = await database.db.select({ id: premiumBadges.id }).from(premiumBadges).where(eq(premiumBadges.name, 'George Washington'));
    await Promise.all([
      awardReferralSpark(deps(), third!.id),
      database.db.transaction(async (tx) => {
        await tx.insert(premiumBadgePurchases).values({ userId: racer.id, premiumBadgeId: gw!.id, purchasedAt: at });
        await awardChampionIfComplete(tx, racer.id, at);
      }),
    ]);
    expect(await badgeNamesOf(racer.id)).toContain('Champion');
    const champion = await database.db.$count(
      activities,
      and(eq(activities.userId, racer.id), eq(activities.description, 'Earned the Champion badge')),
    );
    expect(champion).toBe(1);
  });
});

describe('the figures issue 6 will write (debates, challenges) and brownies', () => {
  it('debate contributions: responses, rebuttals and defenses together earn Chatterbox at 5', async () => {
    const author = await createUser(database.db);
    const other = await createUser(database.db);
    const text = { contentType: 'text', textContent: 'Indeed.' };
    const newDebate = async () =>
      (await database.db.insert(debates).values({ creatorId: other.id, title: 'T', prompt: 'P', debateType: 'text', expiresAt: new Date(Date.now() + 86_400_000) }).returning())[0]!;
    const d1 = await newDebate();
    const [own] = await database.db.insert(debateResponses).values({ ...text, debateId: d1.id, userId: author.id }).returning();
    const [theirs] = await database.db.insert(debateResponses).values({ ...text, debateId: d1.id, userId: other.id }).returning();
    await database.db.insert(debateRebuttals).values({ ...text, responseId: theirs!.id, userId: author.id });
    const [rebuttal] = await database.db.insert(debateRebuttals).values({ ...text, responseId: own!.id, userId: other.id }).returning();
    await database.db.insert(debateDefenses).values({ ...text, rebuttalId: rebuttal!.id, userId: author.id });
    await database.db.insert(debateResponses).values({ ...text, debateId: (await newDebate()).id, userId: author.id });
    expect(await awardDebateContributionBadges(database.db, author.id, at)).toEqual([]);
    await database.db.insert(debateResponses).values({ ...text, debateId: (await newDebate()).id, userId: author.id });
    expect(await awardDebateContributionBadges(database.db, author.id, at)).toEqual(['Chatterbox']);
    expect(await badgeActivities(author.id)).toBe(1);
  });

  it('two contributions whose transactions overlap (4th and 5th) still earn Chatterbox, once', async () => {
    const author = await createUser(database.db);
    const other = await createUser(database.db);
    const text = { contentType: 'text', textContent: 'Indeed.' };
    const newDebate = async () =>
      (await database.db.insert(debates).values({ creatorId: other.id, title: 'T', prompt: 'P', debateType: 'text', expiresAt: new Date(Date.now() + 86_400_000) }).returning())[0]!;
    for (let i = 0; i < 3; i++) await database.db.insert(debateResponses).values({ ...text, debateId: (await newDebate()).id, userId: author.id });
    const [d4, d5] = [await newDebate(), await newDebate()];
    // Both rows are written before either transaction evaluates: without the engine's lock,
    // each would count 4 (its own row, not the other's uncommitted one) and award nothing.
    let inserted = 0;
    let bothInserted: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (bothInserted = resolve));
    const contribute = (debateId: string) =>
      database.db.transaction(async (tx) => {
        await tx.insert(debateResponses).values({ ...text, debateId, userId: author.id });
        if (++inserted === 2) bothInserted();
        await barrier;
        return awardDebateContributionBadges(tx, author.id, at);
      });
    const results = await Promise.all([contribute(d4.id), contribute(d5.id)]);
    expect(results.flat()).toEqual(['Chatterbox']);
    expect(await badgeNamesOf(author.id)).toEqual(['Chatterbox']);
    expect(await badgeActivities(author.id)).toBe(1);
  });

  it('challenge wins: each member of the winning team gets Warrior; the losers and a tie get nothing', async () => {
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => createUser(database.db)));
    const newChallenge = async (winningTeam: string | null) => {
      const [row] = await database.db
        .insert(challenges)
        .values({ name: 'Sprint', creatorId: a!.id, challengeType: 'banners', durationDays: 3, startDate: new Date(at.getTime() - 3 * 86_400_000), endDate: at, status: 'completed', winningTeam })
        .returning();
      await database.db.insert(challengeMembers).values([
        { challengeId: row!.id, userId: a!.id, team: 'blue' },
        { challengeId: row!.id, userId: b!.id, team: 'blue' },
        { challengeId: row!.id, userId: c!.id, team: 'orange' },
      ]);
      return row!;
    };
    const tie = await newChallenge(null);
    expect((await awardChallengeWinBadges(database.db, tie.id, at)).size).toBe(0);
    const won = await newChallenge('blue');
    const earned = await awardChallengeWinBadges(database.db, won.id, at);
    expect(Object.fromEntries(earned)).toEqual({ [a!.id]: ['Warrior'], [b!.id]: ['Warrior'] });
    expect(await badgeNamesOf(c!.id)).toEqual([]);
  });

  it('brownies: 5 received on one calendar day earn Hugger; spread over days they do not', async () => {
    const receiver = await createUser(database.db);
    const spread = await createUser(database.db);
    const givers = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(database.db)));
    await database.db.insert(brownies).values(givers.map((g, i) => ({ giverUserId: g.id, receiverUserId: spread.id, givenOn: `2026-04-0${i + 1}`, givenAt: at })));
    expect(await evaluateBadges(database.db, spread.id, at)).toEqual([]);
    await database.db.insert(brownies).values(givers.map((g) => ({ giverUserId: g.id, receiverUserId: receiver.id, givenOn: '2026-04-10', givenAt: at })));
    expect(await evaluateBadges(database.db, receiver.id, at)).toEqual(['Hugger']);
  });
});

describe('OG 100 / 1K / 10K (founding ranks by email confirmation)', () => {
  it('ranks confirmations in order, awards the OG badges within the rank, and never afterwards', async () => {
    // Start from a known place: 98 members confirmed before.
    await database.db.execute(sql`update users set founding_rank = null`);
    const earlier = await Promise.all(Array.from({ length: 98 }, () => createUser(database.db)));
    await database.db.execute(sql`
      update users u set founding_rank = r.n
      from (select id, row_number() over (order by id) as n from users where ${inArray(users.id, earlier.map((e) => e.id))}) r
      where u.id = r.id`);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => createUser(database.db, { emailVerifiedAt: null })));
    const clock = fixedClock(at);
    expect(await recordEmailConfirmation({ db: database.db, clock }, a!.id)).toBe(99);
    expect(await recordEmailConfirmation({ db: database.db, clock }, b!.id)).toBe(100);
    expect(await recordEmailConfirmation({ db: database.db, clock }, c!.id)).toBe(101);
    expect(await badgeNamesOf(b!.id)).toEqual(['OG 100', 'OG 10K', 'OG 1K']);
    expect(await badgeNamesOf(c!.id)).toEqual(['OG 10K', 'OG 1K']);
    const [row] = await database.db.select({ at: users.emailVerifiedAt, rank: users.foundingRank }).from(users).where(eq(users.id, c!.id));
    expect(row).toEqual({ at, rank: 101 });
    // Confirming again changes nothing; a later evaluation never gives OG 100 to rank 101.
    expect(await recordEmailConfirmation({ db: database.db, clock }, c!.id)).toBe(101);
    await evaluateBadges(database.db, c!.id, at);
    expect(await badgeNamesOf(c!.id)).toEqual(['OG 10K', 'OG 1K']);
    expect(await badgeActivities(c!.id)).toBe(2);
  });

  it('30 concurrent confirmations take 30 distinct consecutive ranks', async () => {
    const [top] = await database.db.select({ max: sql<number>`coalesce(max(${users.foundingRank}), 0)::int` }).from(users);
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(database.db, { emailVerifiedAt: null })));
    const ranks = await Promise.all(people.map((p) => recordEmailConfirmation(deps(), p.id)));
    expect([...ranks].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 30 }, (_, i) => top!.max + 1 + i));
  });

  it('through the app: confirming the email link records the rank and awards OG', async () => {
    const t = createTestApp(database.db);
    const email = `og-${Date.now()}@example.test`;
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'a long password', name: 'Early Bird', politicalAlignment: 'Independent', state: 'CA', district: 12, callbackURL: '/profile' },
    });
    expect(signUp.status).toBe(200);
    const [mail] = await database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, email));
    const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
    expect((await t.request(link.pathname + link.search)).status).toBe(302);
    const [row] = await database.db.select({ id: users.id, rank: users.foundingRank }).from(users).where(eq(users.email, email));
    expect(row!.rank).toBeGreaterThan(101);
    expect(await badgeNamesOf(row!.id)).toEqual(['OG 10K', 'OG 1K']);
  });
});
