import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RepresentationLink } from '../../../domain/caucuses/caucus-types';
import { JOIN_MESSAGES } from '../../../domain/caucuses/eligibility';
import { representationReach } from '../../../domain/caucuses/representation';
import { VERIFICATION_REQUIRED_MESSAGE } from '../../../domain/caucuses/election';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses, votes } from '../../db/schema/caucuses';
import { activities, badges, banners, userBadges } from '../../db/schema/points';
import { systemClock } from '../../clock';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, testPasswordKeys } from '../../test/test-app';
import { createTestDatabase, throughPgBouncer } from '../../test/test-database';
import { statementLogOf } from '../../test/statement-log';
import * as service from './caucuses.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
const deps = () => ({ db: database.db, clock: systemClock, passwordKeys: testPasswordKeys });

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

const signedIn = async (user: { email: string; password: string }) => t.signIn(user.email, user.password);
type Json = { id: string; message: string; password: string | null; members: unknown[]; [key: string]: unknown };
const body = async (res: Response) => (await res.json()) as Json;
const errorMessage = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function badgeNamesOf(userId: string) {
  const rows = await database.db.select({ name: badges.name }).from(userBadges).innerJoin(badges, eq(badges.id, userBadges.badgeId)).where(eq(userBadges.userId, userId));
  return rows.map((r) => r.name).sort();
}

describe('creating a caucus', () => {
  it('as a voting member uses the creator’s own home and level and joins it', async () => {
    const creator = await createUser(database.db, { state: 'WA', district: 7 });
    const cookie = await signedIn(creator);
    const res = await t.request('/api/caucuses', {
      method: 'POST',
      cookie,
      json: { name: '  Capitol Hill  ', membershipType: 'voting', state: 'TX', district: 2, level: 3, politicalAlignment: 'Green', accessType: 'open' },
    });
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created).toMatchObject({ name: 'Capitol Hill', state: 'WA', district: 7, level: 1, votingMemberCount: 1, status: 'available' });
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, created.id));
    expect(row!.invitationCode).toMatch(/^[A-Z0-9]{6}$/);
    const acts = await database.db.select().from(activities).where(eq(activities.userId, creator.id));
    expect(acts.map((a) => a.activityType).sort()).toEqual(['caucus_created', 'caucus_joined']);
  });

  it('as an organizer takes state, district and level from the form and does not vote', async () => {
    const organizer = await createUser(database.db, { state: 'WA', district: 7 });
    const res = await t.request('/api/caucuses', {
      method: 'POST',
      cookie: await signedIn(organizer),
      json: { name: 'Austin Central', membershipType: 'organizer', state: 'TX', district: 35, level: 2, politicalAlignment: 'Other', otherAlignment: 'Whig', accessType: 'private', password: 'letmein' },
    });
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created).toMatchObject({ state: 'TX', district: 35, level: 2, votingMemberCount: 0, isOpen: false, politicalAlignment: 'Whig' });
    const [m] = await database.db.select().from(caucusMembers).where(eq(caucusMembers.caucusId, created.id));
    expect(m).toMatchObject({ isOrganizer: true, isVotingMember: false });
  });

  it.each([
    [{ name: '' }, 'Caucus name is required'],
    [{ name: 'x'.repeat(101) }, 'Caucus name must be 100 characters or less'],
    [{ membershipType: 'organizer', state: undefined }, 'State is required when organizing'],
    [{ membershipType: 'organizer', district: 99 }, 'Valid district is required when organizing'],
    [{ membershipType: 'organizer', level: 7 }, 'Level must be between 1 and 5'],
    [{ accessType: 'private', password: '' }, 'Password is required for private caucuses'],
    [{ accessType: 'private', password: 'abc' }, 'Password must be at least 4 characters long'],
    [{ platformLink: 'javascript:alert(1)' }, 'Platform link must be a web address starting with http:// or https://'],
    [{ membershipType: 'organizer', level: 5 }, 'Only administrators can create Level 5 caucuses'],
  ])('refuses %j with the spec’s message and creates nothing', async (patch, message) => {
    const user = await createUser(database.db);
    const before = await database.db.$count(caucuses);
    const res = await t.request('/api/caucuses', {
      method: 'POST',
      cookie: await signedIn(user),
      json: { name: 'Good name', membershipType: 'voting', state: 'OH', district: 3, level: 1, politicalAlignment: 'Independent', accessType: 'open', ...patch },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await errorMessage(res)).toBe(message);
    expect(await database.db.$count(caucuses)).toBe(before);
  });

  it('refuses anonymous creation', async () => {
    const res = await t.request('/api/caucuses', { method: 'POST', json: { name: 'x', membershipType: 'voting', politicalAlignment: 'Green', accessType: 'open' } });
    expect(res.status).toBe(401);
  });

  it('two concurrent level-5 creations in one district create one', async () => {
    const admin = await createUser(database.db, { isAdministrator: true });
    const cookie = await signedIn(admin);
    const attempt = () =>
      t.request('/api/caucuses', {
        method: 'POST',
        cookie,
        json: { name: 'District Five', membershipType: 'organizer', state: 'NM', district: 2, level: 5, politicalAlignment: 'Independent', accessType: 'open' },
      });
    const statuses = (await Promise.all(Array.from({ length: 8 }, attempt))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await database.db.$count(caucuses, and(eq(caucuses.state, 'NM'), eq(caucuses.district, 2), eq(caucuses.level, 5)))).toBe(1);
  });
});

describe('joining and leaving', () => {
  it('refuses a wrong district, a wrong level, a full caucus, a finalized one and a wrong password, changing nothing', async () => {
    const user = await createUser(database.db, { state: 'OH', district: 3 });
    const cookie = await signedIn(user);
    const join = (id: string, json: object = {}) => t.request(`/api/caucuses/${id}/join`, { method: 'POST', cookie, json });
    const otherDistrict = await createCaucusRow(database.db, { district: 4 });
    const level2 = await createCaucusRow(database.db, { level: 2 });
    const full = await createCaucusRow(database.db, { requiredVotingMembers: 2 });
    await addVotingMembers(database.db, full, 2);
    const priv = await createCaucusRow(database.db, { isOpen: false, password: 'sesame' });
    const cases: Array<[Response, number, string]> = [
      [await join(otherDistrict.id), 409, 'This caucus represents OH-4; your home district is OH-3.'],
      [await join(level2.id), 409, JOIN_MESSAGES.wrongLevel(2, 1)],
      [await join(full.id), 409, 'This caucus is full (2/2 members).'],
      [await join(priv.id, { password: 'guess' }), 403, 'Incorrect password.'],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status).toBe(status);
      expect(await errorMessage(res)).toBe(message);
    }
    expect(await database.db.$count(caucusMembers, eq(caucusMembers.userId, user.id))).toBe(0);
    const ok = await join(priv.id, { password: 'sesame' });
    expect(await body(ok)).toEqual({ status: 'joined', caucusId: priv.id });
    expect((await body(await join(priv.id, { password: 'sesame' }))).message).toBe('You are already a member of this caucus.');
  });

  it('asks before switching caucus, then leaves the old one (and the vote there) and joins in one step', async () => {
    const user = await createUser(database.db, { state: 'OH', district: 3 });
    const cookie = await signedIn(user);
    const first = await createCaucusRow(database.db, { name: 'First' });
    const second = await createCaucusRow(database.db, { name: 'Second' });
    await t.request(`/api/caucuses/${first.id}/join`, { method: 'POST', cookie, json: {} });
    await t.request(`/api/caucuses/${first.id}/vote`, { method: 'PUT', cookie, json: { candidateId: user.id } });
    const ask = await t.request(`/api/caucuses/${second.id}/join`, { method: 'POST', cookie, json: {} });
    expect(ask.status).toBe(409);
    expect(await body(ask)).toMatchObject({ status: 'requires_confirmation', existingCaucusId: first.id, existingCaucusName: 'First' });
    expect(await database.db.$count(caucusMembers, eq(caucusMembers.userId, user.id))).toBe(1);
    const confirm = await t.request(`/api/caucuses/${second.id}/join`, { method: 'POST', cookie, json: { confirmLeave: true } });
    expect(confirm.status).toBe(200);
    const memberships = await database.db.select().from(caucusMembers).where(eq(caucusMembers.userId, user.id));
    expect(memberships.map((m) => m.caucusId)).toEqual([second.id]);
    expect(await database.db.$count(votes, eq(votes.voterId, user.id))).toBe(0);
    const [firstAfter] = await database.db.select().from(caucuses).where(eq(caucuses.id, first.id));
    expect(firstAfter!.votingMemberCount).toBe(0);
  });

  it('200 concurrent joins of eligible users leave exactly the required members', async () => {
    const caucus = await createCaucusRow(database.db, { state: 'KS', district: 2 });
    const people = await Promise.all(Array.from({ length: 200 }, () => createUser(database.db, { state: 'KS', district: 2 })));
    const results = await Promise.all(people.map((p) => service.joinCaucus(deps(), p.id, caucus.id, {}).then(() => 'joined', (e: Error) => e.message)));
    expect(results.filter((r) => r === 'joined')).toHaveLength(10);
    expect(results.filter((r) => r !== 'joined').every((m) => m === 'This caucus is full (10/10 members).')).toBe(true);
    expect(await database.db.$count(caucusMembers, and(eq(caucusMembers.caucusId, caucus.id), eq(caucusMembers.isVotingMember, true)))).toBe(10);
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.votingMemberCount).toBe(10);
  });

  it('a join updates its caucus in place: the row keeps its page, so no index gets a new entry (decision 067)', async () => {
    // Caucuses written one after another fill their pages as far as the table lets them. A join
    // updates its caucus twice (the member count, updated_at); each new version must find room on
    // the row's own page, or PostgreSQL moves the row and writes an entry into every index.
    const made = [];
    for (let i = 0; i < 60; i++) made.push(await createCaucusRow(database.db, { name: `Packed ${i} ${'x'.repeat(40)}`, state: 'NE', district: 2 }));
    const ids = made.map((c) => c.id);
    const pagesOf = async () =>
      new Map(
        (await database.pool.query<{ id: string; page: number }>(`select id, (ctid::text::point)[0]::int as page from caucuses where id = any($1::uuid[])`, [ids])).rows.map(
          (r) => [r.id, r.page],
        ),
      );
    const before = await pagesOf();
    const pages = new Set(before.values());
    expect(pages.size).toBeGreaterThan(1); // the caucuses fill more than one page
    for (const c of made) {
      const voter = await createUser(database.db, { state: 'NE', district: 2 });
      await service.joinCaucus(deps(), voter.id, c.id, {});
    }
    const after = await pagesOf();
    expect(made.filter((c) => after.get(c.id) !== before.get(c.id)).map((c) => c.name)).toEqual([]);
  });

  it('the database refuses an eleventh member even without the service', async () => {
    const caucus = await createCaucusRow(database.db);
    await addVotingMembers(database.db, caucus, 10);
    await expect(addVotingMembers(database.db, caucus, 1)).rejects.toThrow();
  });

  it('leaving works before finalization and not after', async () => {
    const caucus = await createCaucusRow(database.db);
    const [a] = await addVotingMembers(database.db, caucus, 1);
    const res = await t.request(`/api/caucuses/${caucus.id}/leave`, { method: 'POST', cookie: await signedIn(a!) });
    expect(res.status).toBe(200);
    expect(await database.db.$count(caucusMembers, eq(caucusMembers.caucusId, caucus.id))).toBe(0);
  });
});

async function fullCaucus(options: { verified?: boolean; organizer?: boolean } = {}) {
  const caucus = await createCaucusRow(database.db, { state: 'IA', district: 1 });
  const members = await addVotingMembers(database.db, caucus, 10, { verified: options.verified ?? true });
  let organizer = null;
  if (options.organizer !== false) {
    organizer = await createUser(database.db);
    await database.db.update(caucuses).set({ organizerId: organizer.id }).where(eq(caucuses.id, caucus.id));
    await addOrganizer(database.db, caucus.id, organizer.id);
  }
  return { caucus, members, organizer };
}

describe('voting and the election', () => {
  it('refuses a non-member, an organizer, a vote for a non-member, and anonymous voters', async () => {
    const { caucus, members, organizer } = await fullCaucus();
    const outsider = await createUser(database.db, { state: 'IA', district: 1 });
    const vote = async (who: { email: string; password: string } | null, candidateId: string) =>
      t.request(`/api/caucuses/${caucus.id}/vote`, { method: 'PUT', cookie: who ? await signedIn(who) : undefined, json: { candidateId } });
    const r1 = await vote(outsider, members[0]!.id);
    expect([r1.status, await errorMessage(r1)]).toEqual([403, 'Cannot Vote: You must be a voting member of this caucus to vote.']);
    const r2 = await vote(organizer!, members[0]!.id);
    expect([r2.status, await errorMessage(r2)]).toEqual([403, 'Cannot Vote: You must be a voting member of this caucus to vote.']);
    const r3 = await vote(members[0]!, outsider.id);
    expect([r3.status, await errorMessage(r3)]).toEqual([400, 'You can only vote for a voting member of this caucus.']);
    const r4 = await vote(null, members[0]!.id);
    expect([r4.status, await errorMessage(r4)]).toEqual([401, 'Authentication Error: You must be logged in to vote.']);
    expect(await database.db.$count(votes, eq(votes.caucusId, caucus.id))).toBe(0);
  });

  it('the first vote sets voting_started; members may change their vote', async () => {
    const { caucus, members } = await fullCaucus();
    await service.castVote(deps(), members[0]!.id, caucus.id, members[1]!.id);
    await service.castVote(deps(), members[0]!.id, caucus.id, members[2]!.id);
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.votingStarted).toBe(true);
    const rows = await database.db.select().from(votes).where(eq(votes.caucusId, caucus.id));
    expect(rows.map((v) => v.candidateId)).toEqual([members[2]!.id]);
  });

  it('10 members casting their final identical votes at once finalize once, with one Banner per organizer and one delegate badge', async () => {
    const { caucus, members, organizer } = await fullCaucus();
    const delegate = members[3]!;
    const results = await Promise.all(members.map((m) => service.castVote(deps(), m.id, caucus.id, delegate.id)));
    expect(results.filter((r) => r.status === 'finalized').length).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row).toMatchObject({ electionFinalized: true, votingFinalized: true, electedDelegateId: delegate.id });
    expect(await database.db.$count(banners, eq(banners.caucusId, caucus.id))).toBe(1);
    const [org] = await database.db.select().from(users).where(eq(users.id, organizer!.id));
    expect(org!.banners).toBe(1);
    expect(await badgeNamesOf(organizer!.id)).toEqual(['Lieutenant']);
    expect(await badgeNamesOf(delegate.id)).toEqual(['Delegate - Level 2', 'Pioneer 100', 'Pioneer 1K']);
    expect(await database.db.$count(activities, and(eq(activities.userId, delegate.id), eq(activities.activityType, 'delegate_elected')))).toBe(1);
    expect(await database.db.$count(activities, eq(activities.activityType, 'election_finalized'))).toBeGreaterThanOrEqual(10);
    // Nothing about a finalized election changes.
    await expect(service.castVote(deps(), members[0]!.id, caucus.id, members[0]!.id)).rejects.toThrow('Voting is closed');
    await expect(service.leaveCaucus(deps(), members[0]!.id, caucus.id)).rejects.toThrow('can no longer leave');
    const late = await createUser(database.db, { state: 'IA', district: 1 });
    await expect(service.joinCaucus(deps(), late.id, caucus.id, {})).rejects.toThrow('already elected its Delegate');
  });

  it('the delegate becomes level 2 and can join a level-2 caucus of the district', async () => {
    const { caucus, members } = await fullCaucus({ organizer: false });
    for (const m of members) await service.castVote(deps(), m.id, caucus.id, members[0]!.id);
    expect(await service.levelOf(database.db, members[0]!.id)).toBe(2);
    const level2 = await createCaucusRow(database.db, { state: 'IA', district: 1, level: 2 });
    expect(await service.joinCaucus(deps(), members[0]!.id, level2.id, {})).toEqual({ status: 'joined', caucusId: level2.id });
    // The others are represented at level 1 and stay level 1.
    const another = await createCaucusRow(database.db, { state: 'IA', district: 1, level: 1 });
    await expect(service.joinCaucus(deps(), members[1]!.id, another.id, {})).rejects.toThrow('already represented at Level 1');
  });

  it('unanimous but unverified waits, then finalizes by itself when the last member verifies', async () => {
    const { caucus, members } = await fullCaucus({ verified: true });
    await database.db.update(users).set({ verified: false }).where(eq(users.id, members[9]!.id));
    let last;
    for (const m of members) last = await service.castVote(deps(), m.id, caucus.id, members[5]!.id);
    expect(last).toEqual({ status: 'awaiting_verification', message: VERIFICATION_REQUIRED_MESSAGE });
    const detail = await service.getCaucusDetail(deps(), caucus.id, members[0]!.id);
    expect(detail.awaitingVerification).toBe(true);
    expect(detail.unverifiedCount).toBe(1);
    await database.db.update(users).set({ verified: true }).where(eq(users.id, members[9]!.id));
    expect(await service.settleElectionsOf(deps(), members[9]!.id)).toBe(1);
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.electedDelegateId).toBe(members[5]!.id);
  });
});

describe('caucus detail', () => {
  it('hides a private password and the member list from non-members, and refuses visitors', async () => {
    const caucus = await createCaucusRow(database.db, { isOpen: false, password: 'sesame' });
    const [member] = await addVotingMembers(database.db, caucus, 1);
    const outsider = await createUser(database.db);
    const asOutsider = await body(await t.request(`/api/caucuses/${caucus.id}`, { cookie: await signedIn(outsider) }));
    expect(asOutsider.password).toBeNull();
    expect(asOutsider.members).toEqual([]);
    expect(JSON.stringify(asOutsider)).not.toContain('sesame');
    const asMember = await body(await t.request(`/api/caucuses/${caucus.id}`, { cookie: await signedIn(member!) }));
    expect(asMember.password).toBe('sesame');
    expect(asMember.members).toHaveLength(1);
    const anonymous = await t.request(`/api/caucuses/${caucus.id}`);
    expect([anonymous.status, await errorMessage(anonymous)]).toEqual([401, 'You must be logged in to view this caucus']);
    expect((await t.request('/api/caucuses/00000000-0000-4000-8000-000000000000', { cookie: await signedIn(outsider) })).status).toBe(404);
  });

  it('takes a fixed number of queries whatever the member count', async () => {
    let queries = 0;
    const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void (queries += 1) } });
    const small = await createCaucusRow(database.db);
    const [viewer] = await addVotingMembers(database.db, small, 1);
    const big = await createCaucusRow(database.db, { requiredVotingMembers: 60 });
    const bigMembers = await addVotingMembers(database.db, big, 60);
    queries = 0;
    await service.getCaucusDetail({ db: counted, passwordKeys: testPasswordKeys }, small.id, viewer!.id);
    const forOne = queries;
    queries = 0;
    await service.getCaucusDetail({ db: counted, passwordKeys: testPasswordKeys }, big.id, bigMembers[0]!.id);
    expect(queries).toBe(forOne);
    expect(queries).toBeLessThanOrEqual(4);
  });
});

describe('platform link and required members', () => {
  it('members edit the platform link until finalization; non-members and bad links are refused', async () => {
    const caucus = await createCaucusRow(database.db);
    const [member] = await addVotingMembers(database.db, caucus, 1);
    const outsider = await createUser(database.db);
    const patch = async (who: { email: string; password: string }, platformLink: string) =>
      t.request(`/api/caucuses/${caucus.id}/platform-link`, { method: 'PATCH', cookie: await signedIn(who), json: { platformLink } });
    expect((await patch(member!, 'https://docs.example.org/plan')).status).toBe(200);
    const empty = await patch(member!, '  ');
    expect([empty.status, await errorMessage(empty)]).toEqual([400, 'Platform link cannot be empty']);
    expect((await patch(member!, 'javascript:alert(1)')).status).toBe(400);
    expect((await patch(outsider, 'https://evil.example')).status).toBe(403);
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.platformLink).toBe('https://docs.example.org/plan');
  });

  it('an administrator raises the required members of a level-5 caucus, never below the current count', async () => {
    const admin = await createUser(database.db, { isAdministrator: true });
    const notAdmin = await createUser(database.db);
    const caucus = await createCaucusRow(database.db, { level: 5, state: 'ME', district: 2 });
    await addVotingMembers(database.db, caucus, 4);
    expect(await (async () => { try { await service.setRequiredMembers(deps(), notAdmin.id, caucus.id, 50); return 'ok'; } catch (e) { return (e as Error).message; } })()).toBe('Only administrators can change the required members.');
    await expect(service.setRequiredMembers(deps(), admin.id, caucus.id, 3)).rejects.toThrow('Required members (3) cannot be less than current member count (4)');
    await service.setRequiredMembers(deps(), admin.id, caucus.id, 100);
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.requiredVotingMembers).toBe(100);
    const level1 = await createCaucusRow(database.db);
    await expect(service.setRequiredMembers(deps(), admin.id, level1.id, 20)).rejects.toThrow('only be changed on Level 5');
  });
});

describe('representation', () => {
  it('follows each elected delegate upward in one query, up to the Candidate', async () => {
    const { caucus: l1, members: m1 } = await fullCaucus({ organizer: false });
    for (const m of m1) await service.castVote(deps(), m.id, l1.id, m1[0]!.id);
    const l2 = await createCaucusRow(database.db, { state: 'IA', district: 1, level: 2, requiredVotingMembers: 1, name: 'Level two' });
    await service.joinCaucus(deps(), m1[0]!.id, l2.id, {});
    await service.castVote(deps(), m1[0]!.id, l2.id, m1[0]!.id);
    const chain = await service.getRepresentation(deps(), m1[4]!.id);
    expect(chain.map((l) => [l.level, l.electionFinalized, l.delegate?.id])).toEqual([
      [1, true, m1[0]!.id],
      [2, true, m1[0]!.id],
    ]);
    expect(await service.levelOf(database.db, m1[0]!.id)).toBe(3);
    const res = await t.request('/api/my/representation', { cookie: await signedIn(m1[4]!) });
    expect(((await res.json()) as unknown[]).length).toBe(2);
  });

  it('reaches the level where the member’s last Delegate sits, through a two-level election', async () => {
    const { caucus: l1, members } = await fullCaucus({ organizer: false });
    const [delegate, , , , member] = members;
    const reach = async () => {
      const res = await t.request('/api/my/representation', { cookie: await signedIn(member!) });
      expect(res.status).toBe(200);
      return representationReach((await res.json()) as RepresentationLink[]);
    };
    expect(await reach()).toBe(1); // the level-1 caucus is still electing
    for (const m of members) await service.castVote(deps(), m.id, l1.id, delegate!.id);
    // The Delegate sits at Level 2 before joining any level-2 caucus.
    expect(await service.levelOf(database.db, delegate!.id)).toBe(2);
    expect(await reach()).toBe(2);
    const l2 = await createCaucusRow(database.db, { state: l1.state, district: l1.district, level: 2, requiredVotingMembers: 2, name: 'Level two' });
    // Another level-1 caucus's Delegate, the other voter of the level-2 caucus.
    const other = await createUser(database.db, { state: l1.state, district: l1.district, verified: true });
    await createCaucusRow(database.db, { state: l1.state, district: l1.district, electionFinalized: true, votingFinalized: true, electedDelegateId: other.id, finalizedAt: new Date() });
    await service.joinCaucus(deps(), other.id, l2.id, {});
    await service.joinCaucus(deps(), delegate!.id, l2.id, {});
    expect(await reach()).toBe(2); // the level-2 caucus is electing
    await service.castVote(deps(), delegate!.id, l2.id, other.id);
    await service.castVote(deps(), other.id, l2.id, other.id);
    // The level-2 caucus elected someone else, who sits at Level 3: the member's representation reaches it.
    expect(await service.levelOf(database.db, other.id)).toBe(3);
    expect(await reach()).toBe(3);
  });
});

describe('round trips (issue 33: a write costs about what its round trips cost)', () => {
  // Each statement sent wakes PostgreSQL and each answer wakes the app: these hold the join and
  // the vote to what they send today. A new statement that must leave on its own fails here.
  const show = (r: { texts: string[] }) => r.texts.join('\n');

  it('a join: the session, BEGIN with the lock and the facts, the writes with COMMIT and the events', async () => {
    const caucus = await createCaucusRow(database.db, { requiredVotingMembers: 10 });
    const organizer = await createUser(database.db, { state: 'OH', district: 3 });
    await addOrganizer(database.db, caucus.id, organizer.id);
    await addVotingMembers(database.db, caucus, 2);
    const joiner = await createUser(database.db, { state: 'OH', district: 3 });
    const cookie = await signedIn(joiner);
    const sent = await statementLogOf(database).during(async () => {
      expect((await t.request(`/api/caucuses/${caucus.id}/join`, { method: 'POST', cookie, json: {} })).status).toBe(200);
    });
    // The events leave with COMMIT (with the commit's mark before it); through PgBouncer, after it.
    expect(sent.roundTrips, show(sent)).toBe(throughPgBouncer() ? 4 : 3);
    expect(sent.statements.length, show(sent)).toBe(throughPgBouncer() ? 8 : 9);
  });

  it('a vote: the session, BEGIN with the lock, the members and the votes, the vote with COMMIT', async () => {
    const caucus = await createCaucusRow(database.db, { requiredVotingMembers: 5 });
    const [voter, candidate, other] = await addVotingMembers(database.db, caucus, 3);
    const cookie = await signedIn(voter!);
    const log = statementLogOf(database);
    for (const choice of [candidate!, other!]) {
      const sent = await log.during(async () => {
        expect((await t.request(`/api/caucuses/${caucus.id}/vote`, { method: 'PUT', cookie, json: { candidateId: choice.id } })).status).toBe(200);
      });
      expect(sent.roundTrips, show(sent)).toBe(3);
    }
  });

  it('a vote that tells the last voter the election waits for them: its live events with COMMIT (through PgBouncer, one round trip more)', async () => {
    const caucus = await createCaucusRow(database.db, { requiredVotingMembers: 3 });
    const [a, b, c] = await addVotingMembers(database.db, caucus, 3);
    await t.request(`/api/caucuses/${caucus.id}/vote`, { method: 'PUT', cookie: await signedIn(a!), json: { candidateId: c!.id } });
    const cookie = await signedIn(b!);
    const sent = await statementLogOf(database).during(async () => {
      expect((await t.request(`/api/caucuses/${caucus.id}/vote`, { method: 'PUT', cookie, json: { candidateId: c!.id } })).status).toBe(200);
    });
    expect(sent.roundTrips, show(sent)).toBe(throughPgBouncer() ? 4 : 3);
  });
});
