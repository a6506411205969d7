import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOIN_MESSAGES } from '../../../domain/caucuses/eligibility';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses, emailInvitations, organizerInvitations, votingMemberInvitations } from '../../db/schema/caucuses';
import { userBlocks } from '../../db/schema/moderation';
import { notifications } from '../../db/schema/notifications';
import { mailOutbox } from '../../db/schema/platform';
import { systemClock } from '../../clock';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, testPasswordKeys } from '../../test/test-app';
import { sealCaucusPassword } from '../caucuses/caucus-passwords.service';
import { createTestDatabase } from '../../test/test-database';
import { INVITATION_MESSAGES, convertEmailInvitations } from './invitations.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
/** One sign-in per user for the whole file. */
const cookieOf = (user: Person) => t.cookieFor(user);
const body = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; title?: string } }).error;

const get = async (path: string, who: Person | null) => t.request(path, { cookie: who ? await cookieOf(who) : undefined });
const post = async (path: string, who: Person | null, json?: unknown) =>
  t.request(path, { method: 'POST', cookie: who ? await cookieOf(who) : undefined, ...(json === undefined ? {} : { json }) });

/** Every districts a test uses is its own, so searches see only that test's users. */
let nextDistrict = 1;
async function organizedCaucus(overrides: Parameters<typeof createCaucusRow>[1] = {}) {
  const organizer = await createUser(database.db, { name: 'Olive Organizer', state: 'TX', district: 1 });
  const caucus = await createCaucusRow(database.db, { state: 'CA', district: nextDistrict++, organizerId: organizer.id, ...overrides });
  await addOrganizer(database.db, caucus.id, organizer.id);
  return { organizer, caucus };
}
const voterOf = (caucus: { state: string; district: number }, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(database.db, { state: caucus.state, district: caucus.district, ...overrides });

const outbox = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const countVoterInvitations = () => database.db.$count(votingMemberInvitations);
const countOrganizerInvitations = () => database.db.$count(organizerInvitations);
const invitationRow = async (id: string) => (await database.db.select().from(votingMemberInvitations).where(eq(votingMemberInvitations.id, id)))[0]!;
const organizerInvitationRow = async (id: string) => (await database.db.select().from(organizerInvitations).where(eq(organizerInvitations.id, id)))[0]!;
const membership = async (caucusId: string, userId: string) =>
  (await database.db.select().from(caucusMembers).where(and(eq(caucusMembers.caucusId, caucusId), eq(caucusMembers.userId, userId))))[0] ?? null;

async function inviteVoter(caucusId: string, inviter: Person, invitee: { id: string }) {
  const res = await post(`/api/caucuses/${caucusId}/voter-invitations`, inviter, { inviteeId: invitee.id });
  expect(res.status).toBe(201);
  return (await body(res)).id as string;
}
async function inviteOrganizer(caucusId: string, inviter: Person, json: object) {
  const res = await post(`/api/caucuses/${caucusId}/organizer-invitations`, inviter, json);
  expect(res.status).toBe(201);
  return (await body(res)).id as string;
}

describe('GET /api/caucuses/:id/invitable-voters', () => {
  it('lists voters of the caucus’s district by name, prefix matches first, case-insensitive, without members, deleted users or other districts', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const annie = await voterOf(caucus, { name: 'Annie Hall' });
    const joanna = await voterOf(caucus, { name: 'Joanna Ann' });
    await voterOf(caucus, { name: 'Bob Stone' });
    await voterOf(caucus, { name: 'Anna Gone', deletedAt: new Date() });
    await createUser(database.db, { name: 'Annabel Elsewhere', state: caucus.state, district: caucus.district + 100 });
    const [member] = await addVotingMembers(database.db, caucus, 1);
    await database.db.update(users).set({ name: 'Anne Member' }).where(eq(users.id, member!.id));
    const coOrganizer = await voterOf(caucus, { name: 'Anders Coorganizer' });
    await addOrganizer(database.db, caucus.id, coOrganizer.id);

    const res = await get(`/api/caucuses/${caucus.id}/invitable-voters?q=ANN`, organizer);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual([
      { id: annie.id, name: 'Annie Hall', photoUrl: null },
      { id: joanna.id, name: 'Joanna Ann', photoUrl: null },
    ]);
    // Without a query: the district's invitable voters, by name.
    const all = await body<Array<{ name: string }>>(await get(`/api/caucuses/${caucus.id}/invitable-voters`, organizer));
    expect(all.map((u) => u.name)).toEqual(['Annie Hall', 'Bob Stone', 'Joanna Ann']);
    // LIKE wildcards are plain text.
    expect(await body(await get(`/api/caucuses/${caucus.id}/invitable-voters?q=%25`, organizer))).toEqual([]);
  });

  it('returns at most 10, and a co-organizer (member row) may ask too', async () => {
    const { caucus } = await organizedCaucus();
    const co = await createUser(database.db);
    await addOrganizer(database.db, caucus.id, co.id);
    for (let i = 0; i < 12; i++) await voterOf(caucus, { name: `Voter ${String(i).padStart(2, '0')}` });
    const list = await body<Array<{ name: string }>>(await get(`/api/caucuses/${caucus.id}/invitable-voters?q=voter`, co));
    expect(list).toHaveLength(10);
    expect(list[0]!.name).toBe('Voter 00');
  });

  it('is for organizers only (403), signed-in users only (401), and a real caucus (404)', async () => {
    const { caucus } = await organizedCaucus();
    const [member] = await addVotingMembers(database.db, caucus, 1);
    const res = await get(`/api/caucuses/${caucus.id}/invitable-voters?q=a`, member!);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe('Only organizers can invite.');
    expect((await get(`/api/caucuses/${caucus.id}/invitable-voters`, null)).status).toBe(401);
    const outsider = await createUser(database.db);
    const bad = await get('/api/caucuses/not-a-uuid/invitable-voters', outsider);
    expect([bad.status, (await errorOf(bad)).message]).toEqual([404, 'Caucus not found']);
    expect((await get('/api/caucuses/00000000-0000-4000-8000-000000000000/invitable-voters', outsider)).status).toBe(404);
  });
});

describe('POST /api/caucuses/:id/voter-invitations', () => {
  it('an organizer invites a voter of the district: 201 {id} and a pending invitation', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const res = await post(`/api/caucuses/${caucus.id}/voter-invitations`, organizer, { inviteeId: voter.id });
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);
    expect(await invitationRow(id)).toMatchObject({ caucusId: caucus.id, inviterId: organizer.id, inviteeId: voter.id, status: 'pending', respondedAt: null });
  });

  it('refuses a second pending invitation of the same voter with Already Invited, and two racing invitations make one', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus, { name: 'Dana Duplicate' });
    await inviteVoter(caucus.id, organizer, voter);
    const again = await post(`/api/caucuses/${caucus.id}/voter-invitations`, organizer, { inviteeId: voter.id });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: 'already_invited', title: 'Already Invited', message: 'Dana Duplicate has already been invited to this caucus.' });

    const other = await voterOf(caucus);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => post(`/api/caucuses/${caucus.id}/voter-invitations`, organizer, { inviteeId: other.id }))))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await database.db.$count(votingMemberInvitations, eq(votingMemberInvitations.inviteeId, other.id))).toBe(1);
  });

  it('a declined invitation can be sent again', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const first = await inviteVoter(caucus.id, organizer, voter);
    expect((await post(`/api/voter-invitations/${first}/respond`, voter, { response: 'declined' })).status).toBe(200);
    const second = await inviteVoter(caucus.id, organizer, voter);
    expect(second).not.toBe(first);
    expect((await invitationRow(second)).status).toBe('pending');
  });

  it('refuses everything the rules refuse, writing nothing', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const [member] = await addVotingMembers(database.db, caucus, 1);
    const outsider = await createUser(database.db, { name: 'Far Away', state: 'ME', district: 2 });
    const deleted = await voterOf(caucus, { deletedAt: new Date() });
    const coOrganizer = await voterOf(caucus, { name: 'Cora Organizer' });
    await addOrganizer(database.db, caucus.id, coOrganizer.id);
    const voter = await voterOf(caucus);
    const finalizedSetup = await organizedCaucus({ requiredVotingMembers: 1 });
    const [delegate] = await addVotingMembers(database.db, finalizedSetup.caucus, 1);
    await database.db
      .update(caucuses)
      .set({ electionFinalized: true, votingFinalized: true, electedDelegateId: delegate!.id })
      .where(eq(caucuses.id, finalizedSetup.caucus.id));
    const fullSetup = await organizedCaucus({ requiredVotingMembers: 2 });
    await addVotingMembers(database.db, fullSetup.caucus, 2);

    const before = await countVoterInvitations();
    const invite = (caucusId: string, who: Person | null, json: unknown) => post(`/api/caucuses/${caucusId}/voter-invitations`, who, json);
    const cases: Array<[Promise<Response>, number, string]> = [
      [invite(caucus.id, member!, { inviteeId: voter.id }), 403, 'Only organizers can invite.'],
      [invite(caucus.id, null, { inviteeId: voter.id }), 401, 'Auth session missing!'],
      [invite(caucus.id, organizer, { inviteeId: outsider.id }), 400, `Far Away does not live in CA-${caucus.district}: only voters of this caucus's district can be invited to vote in it.`],
      [invite(caucus.id, organizer, { inviteeId: member!.id }), 409, INVITATION_MESSAGES.alreadyVotingMember(member!.name)],
      [invite(caucus.id, organizer, { inviteeId: coOrganizer.id }), 409, 'Cora Organizer organizes this caucus, and organizers do not vote.'],
      [invite(caucus.id, organizer, { inviteeId: deleted.id }), 404, INVITATION_MESSAGES.userNotFound],
      [invite(caucus.id, organizer, { inviteeId: '00000000-0000-4000-8000-000000000000' }), 404, INVITATION_MESSAGES.userNotFound],
      [invite(caucus.id, organizer, {}), 400, 'Choose a user to invite'],
      [invite(caucus.id, organizer, { inviteeId: 'nope' }), 400, 'Choose a user to invite'],
      [invite('nope', organizer, { inviteeId: voter.id }), 404, 'Caucus not found'],
      [invite('00000000-0000-4000-8000-000000000000', organizer, { inviteeId: voter.id }), 404, 'Caucus not found'],
      [invite(finalizedSetup.caucus.id, finalizedSetup.organizer, { inviteeId: (await voterOf(finalizedSetup.caucus)).id }), 409, INVITATION_MESSAGES.finalized],
      [invite(fullSetup.caucus.id, fullSetup.organizer, { inviteeId: (await voterOf(fullSetup.caucus)).id }), 409, 'This caucus is full (2/2 members).'],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect([res.status, (await errorOf(res)).message]).toEqual([status, message]);
    }
    const noBody = await t.request(`/api/caucuses/${caucus.id}/voter-invitations`, { method: 'POST', cookie: await cookieOf(organizer) });
    expect(noBody.status).toBe(400);
    expect(await countVoterInvitations()).toBe(before);
  });
});

describe('GET /api/users/search', () => {
  it('finds signed-in users by name (prefix first, then contains), 10 at most, never deleted users nor the searcher', async () => {
    const me = await createUser(database.db, { name: 'Zed Zebra Searcher' });
    const prefix = await createUser(database.db, { name: 'Zebulon Quartz', state: 'VT', district: 1 });
    const contains = await createUser(database.db, { name: 'Amy Zebulonsky' });
    await createUser(database.db, { name: 'Zebulon Hidden', deletedAt: new Date() });
    const res = await get('/api/users/search?q=zEBUL', me);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual([
      { id: prefix.id, name: 'Zebulon Quartz', photoUrl: null, state: 'VT', district: 1 },
      { id: contains.id, name: 'Amy Zebulonsky', photoUrl: null, state: contains.state, district: contains.district },
    ]);
    expect(await body(await get('/api/users/search?q=Zed Zebra', me))).toEqual([]);
    for (let i = 0; i < 11; i++) await createUser(database.db, { name: `Xylo ${i}` });
    expect(await body(await get('/api/users/search?q=xylo', me))).toHaveLength(10);
  });

  it('needs 2 characters and a session', async () => {
    const me = await createUser(database.db);
    for (const q of ['', 'a', '%20a%20']) {
      const res = await get(`/api/users/search?q=${q}`, me);
      expect([res.status, (await errorOf(res)).message]).toEqual([400, 'Enter at least 2 characters to search.']);
    }
    expect((await get('/api/users/search', me)).status).toBe(400);
    expect((await get('/api/users/search?q=ab', null)).status).toBe(401);
  });
});

describe('POST /api/caucuses/:id/organizer-invitations', () => {
  it('invites by email (any case) or by id; 201 and a pending invitation', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const byEmail = await createUser(database.db);
    const res = await post(`/api/caucuses/${caucus.id}/organizer-invitations`, organizer, { email: `  ${byEmail.email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(((await body(res)) as { status: string }).status).toBe('emailed');
    const [row] = await database.db.select().from(organizerInvitations).where(eq(organizerInvitations.inviteeId, byEmail.id));
    expect(row).toMatchObject({ caucusId: caucus.id, inviterId: organizer.id, status: 'pending' });
    const byId = await createUser(database.db);
    const id2 = await inviteOrganizer(caucus.id, organizer, { inviteeId: byId.id });
    expect((await organizerInvitationRow(id2)).inviteeId).toBe(byId.id);
  });

  it('refuses with the spec’s messages and writes nothing', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const invited = await createUser(database.db);
    await inviteOrganizer(caucus.id, organizer, { inviteeId: invited.id });
    const co = await createUser(database.db, { name: 'Carl Coorg' });
    await addOrganizer(database.db, caucus.id, co.id);
    const [voter] = await addVotingMembers(database.db, caucus, 1);
    await database.db.update(users).set({ name: 'Vera Voter' }).where(eq(users.id, voter!.id));
    const stranger = await createUser(database.db);

    const before = await countOrganizerInvitations();
    const invite = (who: Person | null, json: unknown, caucusId = caucus.id) => post(`/api/caucuses/${caucusId}/organizer-invitations`, who, json);
    const cases: Array<[Promise<Response>, number, string]> = [
      [invite(organizer, { email: 'not-an-address' }), 400, INVITATION_MESSAGES.invalidEmail],
      [invite(organizer, { inviteeId: '00000000-0000-4000-8000-000000000000' }), 404, INVITATION_MESSAGES.userNotFound],
      [invite(organizer, { inviteeId: invited.id }), 409, 'Invitation already sent: An invitation is already pending for this user.'],
      [invite(organizer, { inviteeId: co.id }), 409, 'Carl Coorg is already an organizer of this caucus.'],
      [invite(co, { inviteeId: organizer.id }), 409, 'Olive Organizer is already an organizer of this caucus.'],
      [invite(organizer, { inviteeId: organizer.id }), 409, 'You are already an organizer of this caucus.'],
      [invite(organizer, { inviteeId: voter!.id }), 409, 'Vera Voter is a voting member of this caucus, and organizers do not vote: a voting member cannot also organize it.'],
      [invite(organizer, { email: organizer.email }), 409, 'You are already an organizer of this caucus.'],
      [invite(stranger, { email: invited.email }), 403, 'Only organizers can invite.'],
      [invite(voter!, { inviteeId: stranger.id }), 403, 'Only organizers can invite.'],
      [invite(null, { inviteeId: stranger.id }), 401, 'Auth session missing!'],
      [invite(organizer, {}), 400, 'Enter an email address or choose a user'],
      [invite(organizer, { email: '   ' }), 400, 'Enter an email address or choose a user'],
      [invite(organizer, { inviteeId: 'x' }), 400, 'Invalid UUID'],
      [invite(organizer, { email: stranger.email }, 'bad-id'), 404, 'Caucus not found'],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect([res.status, (await errorOf(res)).message]).toEqual([status, message]);
    }
    expect(await countOrganizerInvitations()).toBe(before);
    const dup = await invite(organizer, { inviteeId: invited.id });
    expect((await errorOf(dup)).title).toBe('Invitation already sent');
  });
});

describe('invitations by email to people without an account', () => {

  it('mail a sign-up link once; the confirmed account finds a real invitation, with its notification', async () => {
    const { organizer, caucus } = await organizedCaucus({ name: 'Email Ten' });
    const address = `newcomer-${caucus.district}@example.test`;
    const res = await post(`/api/caucuses/${caucus.id}/voter-invitations/email`, organizer, { email: `  ${address.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(await body(res)).toEqual({ status: 'emailed', email: address, message: INVITATION_MESSAGES.emailed(address) });
    const [mail] = await outbox(address);
    expect(mail!.subject).toBe('Olive Organizer invited you to join Email Ten');
    expect(mail!.textBody).toContain(`Sign up: http://localhost:3000/auth?tab=register&email=${encodeURIComponent(address)}&next=%2Fmy-caucuses`);
    // The same address again: refused, no second mail.
    const again = await post(`/api/caucuses/${caucus.id}/voter-invitations/email`, organizer, { email: address });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(INVITATION_MESSAGES.alreadyEmailed(address));
    expect(await outbox(address)).toHaveLength(1);
    // A co-organizer invitation to an address without an account goes by email too.
    const co = await post(`/api/caucuses/${caucus.id}/organizer-invitations`, organizer, { email: `co-${address}` });
    expect(((await body(co)) as { status: string }).status).toBe('emailed');

    // The newcomer registers and confirms the address: both become real invitations.
    const newcomer = await createUser(database.db, { email: address, state: caucus.state, district: caucus.district });
    expect(await convertEmailInvitations({ db: database.db, clock: systemClock }, newcomer.id)).toBe(1);
    const [invitation] = await database.db.select().from(votingMemberInvitations).where(eq(votingMemberInvitations.inviteeId, newcomer.id));
    expect(invitation).toMatchObject({ caucusId: caucus.id, inviterId: organizer.id, status: 'pending' });
    const [told] = await database.db.select().from(notifications).where(and(eq(notifications.userId, newcomer.id), eq(notifications.kind, 'caucus_invitation')));
    expect(told!.data).toMatchObject({ caucusId: caucus.id, caucusName: 'Email Ten', inviterName: 'Olive Organizer' });
    const [kept] = await database.db.select().from(emailInvitations).where(eq(emailInvitations.email, address));
    expect(kept).toMatchObject({ convertedUserId: newcomer.id });
    expect(await convertEmailInvitations({ db: database.db, clock: systemClock }, newcomer.id)).toBe(0);
    const coUser = await createUser(database.db, { email: `co-${address}` });
    expect(await convertEmailInvitations({ db: database.db, clock: systemClock }, coUser.id)).toBe(1);
    expect(await database.db.$count(organizerInvitations, eq(organizerInvitations.inviteeId, coUser.id))).toBe(1);
  });

  it('invites a registered voter of the district by address as by id, and anyone else gets nothing, with the same answer', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus, { name: 'Rita Registered' });
    const res = await post(`/api/caucuses/${caucus.id}/voter-invitations/email`, organizer, { email: voter.email });
    expect(res.status).toBe(201);
    expect(await body(res)).toEqual({ status: 'emailed', email: voter.email, message: INVITATION_MESSAGES.emailed(voter.email) });
    const [invitation] = await database.db.select().from(votingMemberInvitations).where(eq(votingMemberInvitations.inviteeId, voter.id));
    expect(invitation).toMatchObject({ caucusId: caucus.id, inviterId: organizer.id, status: 'pending' });
    // A registered person is told in the app, never by a sign-up mail.
    expect(await outbox(voter.email)).toHaveLength(0);
    const far = await createUser(database.db, { name: 'Far Away', state: 'NY', district: 3 });
    const gone = await createUser(database.db, { deletedAt: new Date() });
    for (const [json, who, code] of [
      [{ email: far.email }, organizer, 201],
      [{ email: gone.email }, organizer, 201],
      [{ email: 'nobody' }, organizer, 400],
      [{ email: '' }, organizer, 400],
      [{}, organizer, 400],
      [{ email: 'x@example.test' }, voter, 403],
      [{ email: 'x@example.test' }, null, 401],
    ] as const) {
      expect((await post(`/api/caucuses/${caucus.id}/voter-invitations/email`, who, json)).status).toBe(code);
    }
    // Outside the district, or deleted: no invitation and no mail.
    expect(await database.db.$count(votingMemberInvitations, eq(votingMemberInvitations.inviteeId, far.id))).toBe(0);
    expect(await outbox(gone.email)).toHaveLength(0);
    expect(await outbox(far.email)).toHaveLength(0);
  });
});

describe('invitations by email answer a registered and an unknown address alike (issue 29)', () => {
  /** The answer with the address replaced: what is left must be the same byte for byte. */
  async function answerOf(res: Response, address: string) {
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), body: text.split(address).join('<address>') };
  }

  it.each([
    ['voting_member', (id: string) => `/api/caucuses/${id}/voter-invitations/email`],
    ['organizer', (id: string) => `/api/caucuses/${id}/organizer-invitations`],
  ] as const)('%s: the same status and body for every address, the first time and the second', async (role, path) => {
    const { organizer, caucus } = await organizedCaucus({ name: `Alike ${role}` });
    const eligible = await voterOf(caucus, { name: 'Eli Eligible' });
    const outside = await createUser(database.db, { state: 'NY', district: 7 });
    const [member] = await addVotingMembers(database.db, caucus, 1);
    const blocker = await voterOf(caucus);
    await database.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: organizer.id });
    const blocked = await voterOf(caucus);
    await database.db.insert(userBlocks).values({ blockerId: organizer.id, blockedId: blocked.id });
    const gone = await createUser(database.db, { deletedAt: new Date() });
    const unknown = `alike-${role}-${crypto.randomUUID()}@example.test`;
    const addresses = [unknown, eligible.email, outside.email, member!.email, blocker.email, blocked.email, gone.email];

    const first = [];
    for (const address of addresses) first.push(await answerOf(await post(path(caucus.id), organizer, { email: address }), address));
    expect(first[0]).toEqual({ status: 201, type: 'application/json', body: JSON.stringify({ status: 'emailed', email: '<address>', message: INVITATION_MESSAGES.emailed('<address>') }) });
    for (const answer of first) expect(answer).toEqual(first[0]);

    const second = [];
    for (const address of addresses) second.push(await answerOf(await post(path(caucus.id), organizer, { email: address }), address));
    expect(second[0]!.status).toBe(409);
    for (const answer of second) expect(answer).toEqual(second[0]);

    // What happened out of sight: the eligible account got its invitation, the unknown address its mail, nobody else anything.
    const table = role === 'organizer' ? organizerInvitations : votingMemberInvitations;
    const invited = await database.db.select({ inviteeId: table.inviteeId }).from(table).where(eq(table.caucusId, caucus.id));
    const expected = role === 'organizer' ? [eligible.id, outside.id] : [eligible.id];
    expect(invited.map((r) => r.inviteeId).sort()).toEqual(expected.sort());
    expect(await outbox(unknown)).toHaveLength(1);
    for (const address of addresses.slice(1)) expect(await outbox(address)).toHaveLength(0);
  });

  it('answers in Spanish the same for both, on both routes', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const registered = await voterOf(caucus);
    const spanish = async (path: string, email: string) => {
      const res = await t.request(path, { method: 'POST', cookie: `${await cookieOf(organizer)}; caucus_lang=es`, json: { email } });
      return ((await res.json()) as { message: string }).message.split(email).join('<address>');
    };
    const unknown = `es-${crypto.randomUUID()}@example.test`;
    const voterPath = `/api/caucuses/${caucus.id}/voter-invitations/email`;
    const organizerPath = `/api/caucuses/${caucus.id}/organizer-invitations`;
    const answers = [await spanish(voterPath, unknown), await spanish(voterPath, registered.email), await spanish(organizerPath, unknown), await spanish(organizerPath, registered.email)];
    expect(answers[0]).toMatch(/^Invitación enviada a <address>/);
    for (const answer of answers) expect(answer).toBe(answers[0]);
  });
});

describe('GET /api/my/invitations', () => {
  it('lists voting invitations received, organizer invitations received and sent, pending first', async () => {
    const { organizer, caucus } = await organizedCaucus({ name: 'Riverside' });
    const me = await voterOf(caucus, { name: 'Mia Me' });
    const votingId = await inviteVoter(caucus.id, organizer, me);
    const orgReceived = await inviteOrganizer(caucus.id, organizer, { inviteeId: (await createUser(database.db)).id });
    void orgReceived;
    const second = await organizedCaucus({ name: 'Hilltop' });
    const received = await inviteOrganizer(second.caucus.id, second.organizer, { inviteeId: me.id });
    // me accepts and then invites someone else to co-organize Hilltop.
    expect((await post(`/api/organizer-invitations/${received}/respond`, me, { response: 'accepted' })).status).toBe(200);
    const friend = await createUser(database.db, { name: 'Fred Friend' });
    const sent = await inviteOrganizer(second.caucus.id, me, { inviteeId: friend.id });

    const res = await get('/api/my/invitations', me);
    expect(res.status).toBe(200);
    const mine = await body(res);
    expect(mine.voting).toEqual([
      {
        id: votingId,
        caucus: { id: caucus.id, name: 'Riverside', state: caucus.state, district: caucus.district, level: 1, isOpen: true },
        inviterName: 'Olive Organizer',
        inviteeName: 'Mia Me',
        status: 'pending',
        createdAt: expect.any(String),
        respondedAt: null,
      },
    ]);
    expect(mine.organizerReceived).toEqual([expect.objectContaining({ id: received, status: 'accepted', inviterName: 'Olive Organizer', respondedAt: expect.any(String) })]);
    expect(mine.organizerSent).toEqual([expect.objectContaining({ id: sent, status: 'pending', inviteeName: 'Fred Friend', caucus: expect.objectContaining({ name: 'Hilltop' }) })]);
    expect((await get('/api/my/invitations', null)).status).toBe(401);
  });
});

describe('POST /api/voter-invitations/:id/respond', () => {
  it('accepting joins the caucus and marks the invitation accepted, in one step', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    const res = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ status: 'accepted', invitationId: id, caucusId: caucus.id });
    expect(await membership(caucus.id, voter.id)).toMatchObject({ isVotingMember: true, isOrganizer: false });
    const row = await invitationRow(id);
    expect(row.status).toBe('accepted');
    expect(row.respondedAt).toBeInstanceOf(Date);
  });

  it('declining marks it declined and joins nothing', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    const res = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'declined' });
    expect(await body(res)).toEqual({ status: 'declined', invitationId: id, caucusId: caucus.id });
    expect(await membership(caucus.id, voter.id)).toBeNull();
    expect(await invitationRow(id)).toMatchObject({ status: 'declined', respondedAt: expect.any(Date) });
  });

  it('only the invitee answers, only once, and bad input changes nothing', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    const cases: Array<[Promise<Response>, number, string]> = [
      [post(`/api/voter-invitations/${id}/respond`, organizer, { response: 'accepted' }), 403, INVITATION_MESSAGES.notYourInvitation],
      [post(`/api/voter-invitations/${id}/respond`, await voterOf(caucus), { response: 'accepted' }), 403, INVITATION_MESSAGES.notYourInvitation],
      [post(`/api/voter-invitations/${id}/respond`, null, { response: 'accepted' }), 401, 'Auth session missing!'],
      [post(`/api/voter-invitations/${id}/respond`, voter, {}), 400, 'Answer with "accepted" or "declined".'],
      [post(`/api/voter-invitations/${id}/respond`, voter, { response: 'maybe' }), 400, 'Answer with "accepted" or "declined".'],
      [post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted', confirmLeave: 'yes' }), 400, expect.any(String) as unknown as string],
      [post('/api/voter-invitations/not-a-uuid/respond', voter, { response: 'accepted' }), 404, 'Invitation not found'],
      [post('/api/voter-invitations/00000000-0000-4000-8000-000000000000/respond', voter, { response: 'accepted' }), 404, 'Invitation not found'],
      // An organizer invitation's id is not a voting one.
      [post(`/api/voter-invitations/${await inviteOrganizer(caucus.id, organizer, { inviteeId: voter.id })}/respond`, voter, { response: 'accepted' }), 404, 'Invitation not found'],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect([res.status, (await errorOf(res)).message]).toEqual([status, message]);
    }
    expect(await invitationRow(id)).toMatchObject({ status: 'pending', respondedAt: null });
    expect(await membership(caucus.id, voter.id)).toBeNull();

    expect((await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'declined' })).status).toBe(200);
    const twice = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' });
    expect([twice.status, (await errorOf(twice)).message]).toEqual([409, 'This invitation has already been declined.']);
    expect(await invitationRow(id)).toMatchObject({ status: 'declined' });
    expect(await membership(caucus.id, voter.id)).toBeNull();
  });

  it('the eligibility rule’s refusals pass through with their messages and leave the invitation pending', async () => {
    const { organizer, caucus } = await organizedCaucus({ requiredVotingMembers: 2 });
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    await addVotingMembers(database.db, caucus, 2);
    const full = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' });
    expect([full.status, (await errorOf(full)).message]).toEqual([409, 'This caucus is full (2/2 members).']);
    expect(await invitationRow(id)).toMatchObject({ status: 'pending', respondedAt: null });

    // The voter moved away after the invitation.
    const mover = await organizedCaucus();
    const movingVoter = await voterOf(mover.caucus);
    const moveId = await inviteVoter(mover.caucus.id, mover.organizer, movingVoter);
    await database.db.update(users).set({ state: 'NV', district: 1 }).where(eq(users.id, movingVoter.id));
    const moved = await post(`/api/voter-invitations/${moveId}/respond`, movingVoter, { response: 'accepted' });
    expect([moved.status, (await errorOf(moved)).message]).toEqual([409, JOIN_MESSAGES.wrongDistrict(`CA-${mover.caucus.district}`, 'NV-1')]);
    expect((await invitationRow(moveId)).status).toBe('pending');
  });

  it('a private caucus asks for its password', async () => {
    // Stored sealed, as the app writes it (issue 29): accepting opens it to compare.
    const { organizer, caucus } = await organizedCaucus({ isOpen: false, password: sealCaucusPassword(testPasswordKeys, 'sesame') });
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    const none = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' });
    expect([none.status, await errorOf(none)]).toEqual([403, { code: 'password_required', message: 'Please enter the caucus password.' }]);
    const wrong = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted', password: 'guess' });
    expect([wrong.status, (await errorOf(wrong)).message]).toEqual([403, 'Incorrect password.']);
    expect((await invitationRow(id)).status).toBe('pending');
    const ok = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted', password: 'sesame' });
    expect(ok.status).toBe(200);
    expect((await invitationRow(id)).status).toBe('accepted');
  });

  it('asks before leaving another caucus of the level (409, still pending), then switches with confirmLeave', async () => {
    const { organizer, caucus } = await organizedCaucus({ name: 'New Home' });
    const old = await createCaucusRow(database.db, { name: 'Old Home', state: caucus.state, district: caucus.district });
    const voter = await voterOf(caucus);
    await database.db.insert(caucusMembers).values({ caucusId: old.id, userId: voter.id, isVotingMember: true });
    const id = await inviteVoter(caucus.id, organizer, voter);
    const ask = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' });
    expect(ask.status).toBe(409);
    expect(await body(ask)).toEqual({ status: 'requires_confirmation', message: JOIN_MESSAGES.confirmLeave('Old Home'), existingCaucusId: old.id, existingCaucusName: 'Old Home' });
    expect(await invitationRow(id)).toMatchObject({ status: 'pending', respondedAt: null });
    expect(await membership(caucus.id, voter.id)).toBeNull();
    expect(await membership(old.id, voter.id)).not.toBeNull();

    const confirm = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted', confirmLeave: true });
    expect(confirm.status).toBe(200);
    expect(await membership(old.id, voter.id)).toBeNull();
    expect(await membership(caucus.id, voter.id)).toMatchObject({ isVotingMember: true });
    expect((await invitationRow(id)).status).toBe('accepted');
  });

  it('accepting when already a voting member is fine', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    await database.db.insert(caucusMembers).values({ caucusId: caucus.id, userId: voter.id, isVotingMember: true });
    const res = await post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' });
    expect(res.status).toBe(200);
    expect((await invitationRow(id)).status).toBe('accepted');
  });

  it('two invitees accepting the last free seat at once: exactly one gets it', async () => {
    for (let round = 0; round < 5; round++) {
      const { organizer, caucus } = await organizedCaucus({ requiredVotingMembers: 10 });
      await addVotingMembers(database.db, caucus, 9);
      const a = await voterOf(caucus);
      const b = await voterOf(caucus);
      const ids = [await inviteVoter(caucus.id, organizer, a), await inviteVoter(caucus.id, organizer, b)];
      const [ra, rb] = await Promise.all([
        post(`/api/voter-invitations/${ids[0]}/respond`, a, { response: 'accepted' }),
        post(`/api/voter-invitations/${ids[1]}/respond`, b, { response: 'accepted' }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      expect((await errorOf(loser)).message).toBe('This caucus is full (10/10 members).');
      const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
      expect(row!.votingMemberCount).toBe(10);
      expect(await database.db.$count(caucusMembers, and(eq(caucusMembers.caucusId, caucus.id), eq(caucusMembers.isVotingMember, true)))).toBe(10);
      const statuses = (await Promise.all(ids.map(invitationRow))).map((r) => r.status).sort();
      expect(statuses).toEqual(['accepted', 'pending']);
    }
  });

  it('an accept and a decline of the same invitation racing: one answer wins, the other is told it was answered', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const voter = await voterOf(caucus);
    const id = await inviteVoter(caucus.id, organizer, voter);
    const results = await Promise.all([
      post(`/api/voter-invitations/${id}/respond`, voter, { response: 'accepted' }),
      post(`/api/voter-invitations/${id}/respond`, voter, { response: 'declined' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await invitationRow(id);
    expect(await membership(caucus.id, voter.id)).toEqual(row.status === 'accepted' ? expect.objectContaining({ isVotingMember: true }) : null);
  });
});

describe('POST /api/organizer-invitations/:id/respond', () => {
  it('accepting makes the invitee an organizer who does not vote', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const invitee = await createUser(database.db, { state: 'WY', district: 1 });
    const id = await inviteOrganizer(caucus.id, organizer, { inviteeId: invitee.id });
    const res = await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'accepted' });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ status: 'accepted', invitationId: id, caucusId: caucus.id });
    expect(await membership(caucus.id, invitee.id)).toMatchObject({ isOrganizer: true, isVotingMember: false });
    expect(await organizerInvitationRow(id)).toMatchObject({ status: 'accepted', respondedAt: expect.any(Date) });
    const [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.votingMemberCount).toBe(0);
    // The new organizer may now invite.
    expect((await get(`/api/caucuses/${caucus.id}/invitable-voters`, invitee)).status).toBe(200);
  });

  it('declining writes only the answer', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const invitee = await createUser(database.db);
    const id = await inviteOrganizer(caucus.id, organizer, { inviteeId: invitee.id });
    const res = await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'declined' });
    expect(await body(res)).toEqual({ status: 'declined', invitationId: id, caucusId: caucus.id });
    expect(await membership(caucus.id, invitee.id)).toBeNull();
    expect((await organizerInvitationRow(id)).status).toBe('declined');
    // …and it can be sent again.
    await inviteOrganizer(caucus.id, organizer, { inviteeId: invitee.id });
  });

  it('refuses a voting member of the caucus, leaving the invitation pending', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const invitee = await voterOf(caucus);
    const id = await inviteOrganizer(caucus.id, organizer, { inviteeId: invitee.id });
    await database.db.insert(caucusMembers).values({ caucusId: caucus.id, userId: invitee.id, isVotingMember: true });
    const res = await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'accepted' });
    expect([res.status, (await errorOf(res)).message]).toEqual([409, INVITATION_MESSAGES.youVoteHere]);
    expect(await membership(caucus.id, invitee.id)).toMatchObject({ isVotingMember: true, isOrganizer: false });
    expect((await organizerInvitationRow(id)).status).toBe('pending');
  });

  it('only the invitee answers, only once; bad input changes nothing', async () => {
    const { organizer, caucus } = await organizedCaucus();
    const invitee = await createUser(database.db);
    const id = await inviteOrganizer(caucus.id, organizer, { inviteeId: invitee.id });
    const cases: Array<[Promise<Response>, number, string]> = [
      [post(`/api/organizer-invitations/${id}/respond`, organizer, { response: 'accepted' }), 403, INVITATION_MESSAGES.notYourInvitation],
      [post(`/api/organizer-invitations/${id}/respond`, null, { response: 'accepted' }), 401, 'Auth session missing!'],
      [post(`/api/organizer-invitations/${id}/respond`, invitee, {}), 400, 'Answer with "accepted" or "declined".'],
      [post('/api/organizer-invitations/123/respond', invitee, { response: 'accepted' }), 404, 'Invitation not found'],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect([res.status, (await errorOf(res)).message]).toEqual([status, message]);
    }
    expect(await membership(caucus.id, invitee.id)).toBeNull();
    expect((await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'accepted' })).status).toBe(200);
    const twice = await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'declined' });
    expect([twice.status, (await errorOf(twice)).message]).toEqual([409, 'This invitation has already been accepted.']);
    expect((await organizerInvitationRow(id)).status).toBe('accepted');
  });

  it('an organizer invitation to a finalized caucus can no longer be accepted', async () => {
    const { organizer, caucus } = await organizedCaucus({ requiredVotingMembers: 1 });
    const invitee = await createUser(database.db);
    const id = await inviteOrganizer(caucus.id, organizer, { inviteeId: invitee.id });
    const [delegate] = await addVotingMembers(database.db, caucus, 1);
    await database.db.update(caucuses).set({ electionFinalized: true, votingFinalized: true, electedDelegateId: delegate!.id }).where(eq(caucuses.id, caucus.id));
    const res = await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'accepted' });
    expect([res.status, (await errorOf(res)).message]).toEqual([409, INVITATION_MESSAGES.caucusClosed]);
    expect(await membership(caucus.id, invitee.id)).toBeNull();
    expect((await post(`/api/organizer-invitations/${id}/respond`, invitee, { response: 'declined' })).status).toBe(200);
  });
});
