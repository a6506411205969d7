import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucuses, organizerInvitations, votes, votingMemberInvitations } from '../../db/schema/caucuses';
import { notifications } from '../../db/schema/notifications';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { CaucusInvitationView } from '../../../domain/caucuses/caucus-types';
import { notify } from './notifications.service';
import { sendDueReminders } from './reminders.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const DAY = 86_400_000;

/** A clock `days` after `start`, and a run of the reminders job at that moment. */
function runner(start: Date) {
  const clock = fixedClock(start);
  return {
    at: async (days: number) => {
      clock.set(new Date(start.getTime() + days * DAY));
      return sendDueReminders({ db: database.db, clock });
    },
    clock,
  };
}

const reminders = (userId: string, kind: 'invitation_reminder' | 'vote_reminder') =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(notifications.createdAt);

async function pendingInvitation(table: typeof votingMemberInvitations | typeof organizerInvitations, createdAt: Date) {
  const inviter = await createUser(database.db, { name: 'Olga Inviter' });
  const invitee = await createUser(database.db);
  const caucus = await createCaucusRow(database.db, { name: 'Reminder Ten', organizerId: inviter.id });
  await addOrganizer(database.db, caucus.id, inviter.id);
  const [row] = await database.db.insert(table).values({ caucusId: caucus.id, inviterId: inviter.id, inviteeId: invitee.id, createdAt }).returning();
  return { inviter, invitee, caucus, invitation: row! };
}

describe('invitation reminders', () => {
  it('remind after 2 and 6 days, then never; the organizer’s row counts them', async () => {
    const start = new Date('2030-01-01T09:00:00Z');
    const { inviter, invitee, caucus, invitation } = await pendingInvitation(votingMemberInvitations, start);
    const run = runner(start);
    await run.at(1);
    expect(await reminders(invitee.id, 'invitation_reminder')).toHaveLength(0);
    await run.at(2);
    const first = await reminders(invitee.id, 'invitation_reminder');
    expect(first.map((r) => r.data)).toEqual([{ caucusId: caucus.id, caucusName: 'Reminder Ten', inviterId: inviter.id, inviterName: 'Olga Inviter', role: 'voting_member' }]);
    await run.at(3);
    await run.at(5.9);
    expect(await reminders(invitee.id, 'invitation_reminder')).toHaveLength(1);
    await run.at(6);
    expect(await reminders(invitee.id, 'invitation_reminder')).toHaveLength(2);
    await run.at(12);
    await run.at(30);
    expect(await reminders(invitee.id, 'invitation_reminder')).toHaveLength(2);
    const [row] = await database.db.select().from(votingMemberInvitations).where(eq(votingMemberInvitations.id, invitation.id));
    expect(row).toMatchObject({ reminderCount: 2, lastRemindedAt: new Date(start.getTime() + 6 * DAY) });

    // The organizer sees who was invited, when, how often reminded, and that they never came; no one else does.
    const app = createTestApp(database.db);
    const res = await app.request(`/api/caucuses/${caucus.id}/invitations`, { cookie: await app.cookieFor(inviter) });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: CaucusInvitationView[] };
    expect(items).toEqual([
      {
        id: invitation.id,
        role: 'voting_member',
        invitee: { id: invitee.id, name: invitee.name },
        inviterName: 'Olga Inviter',
        status: 'pending',
        neverCame: true,
        invitedAt: start.toISOString(),
        respondedAt: null,
        reminderCount: 2,
        lastRemindedAt: new Date(start.getTime() + 6 * DAY).toISOString(),
      },
    ]);
    expect((await app.request(`/api/caucuses/${caucus.id}/invitations`, { cookie: await app.cookieFor(invitee) })).status).toBe(403);
  });

  it('remind a co-organizer too, in their words; never an answered invitation, a deleted invitee or a finished caucus', async () => {
    const start = new Date('2030-02-01T09:00:00Z');
    const organizer = await pendingInvitation(organizerInvitations, start);
    const answered = await pendingInvitation(votingMemberInvitations, start);
    await database.db.update(votingMemberInvitations).set({ status: 'declined', respondedAt: start }).where(eq(votingMemberInvitations.id, answered.invitation.id));
    const gone = await pendingInvitation(votingMemberInvitations, start);
    await database.db.update(users).set({ deletedAt: start }).where(eq(users.id, gone.invitee.id));
    const finished = await pendingInvitation(votingMemberInvitations, start);
    const delegate = await createUser(database.db);
    await database.db
      .update(caucuses)
      .set({ electionFinalized: true, votingFinalized: true, electedDelegateId: delegate.id, finalizedAt: start })
      .where(eq(caucuses.id, finished.caucus.id));
    await runner(start).at(2);
    expect((await reminders(organizer.invitee.id, 'invitation_reminder')).map((r) => (r.data as { role: string }).role)).toEqual(['organizer']);
    for (const none of [answered, gone, finished]) expect(await reminders(none.invitee.id, 'invitation_reminder')).toHaveLength(0);
  });

  it('after a week without runs, sends one reminder that counts for both steps', async () => {
    const start = new Date('2030-03-01T09:00:00Z');
    const { invitee, invitation } = await pendingInvitation(votingMemberInvitations, start);
    await runner(start).at(7);
    expect(await reminders(invitee.id, 'invitation_reminder')).toHaveLength(1);
    const [row] = await database.db.select().from(votingMemberInvitations).where(eq(votingMemberInvitations.id, invitation.id));
    expect(row!.reminderCount).toBe(2);
  });

  it('two processes running the job at the same moment remind each invitation once', async () => {
    const start = new Date('2030-04-01T09:00:00Z');
    const invitations = await Promise.all(Array.from({ length: 12 }, () => pendingInvitation(votingMemberInvitations, start)));
    const clock = fixedClock(new Date(start.getTime() + 2 * DAY));
    await Promise.all([sendDueReminders({ db: database.db, clock }), sendDueReminders({ db: database.db, clock }), sendDueReminders({ db: database.db, clock })]);
    const rows = await database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'invitation_reminder'), inArray(notifications.userId, invitations.map((i) => i.invitee.id))));
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(12);
  });
});

describe('vote reminders', () => {
  it('remind members who have not voted, 2 and 5 days after the caucus filled, while the election is open', async () => {
    const start = new Date('2030-05-01T09:00:00Z');
    const caucus = await createCaucusRow(database.db, { name: 'Vote Three', requiredVotingMembers: 3 });
    const members = await addVotingMembers(database.db, caucus, 3);
    const [voter, late, never] = [members[0]!, members[1]!, members[2]!];
    await database.db.update(caucuses).set({ votingMemberCount: 3 }).where(eq(caucuses.id, caucus.id));
    await database.db.transaction((tx) =>
      notify(tx, start, [voter, late, never].map((m) => ({ userId: m.id, kind: 'caucus_full' as const, data: { caucusId: caucus.id, caucusName: 'Vote Three' }, dedupeKey: caucus.id }))),
    );
    await database.db.insert(votes).values({ caucusId: caucus.id, voterId: voter.id, candidateId: voter.id });
    const run = runner(start);
    await run.at(1.5);
    expect(await reminders(late.id, 'vote_reminder')).toHaveLength(0);
    await run.at(2);
    for (const m of [late, never]) expect((await reminders(m.id, 'vote_reminder')).map((r) => r.data)).toEqual([{ caucusId: caucus.id, caucusName: 'Vote Three' }]);
    expect(await reminders(voter.id, 'vote_reminder')).toHaveLength(0);
    // The late one votes on day 3: no second reminder for them.
    await database.db.insert(votes).values({ caucusId: caucus.id, voterId: late.id, candidateId: voter.id });
    await run.at(4);
    await run.at(5);
    await run.at(20);
    expect(await reminders(late.id, 'vote_reminder')).toHaveLength(1);
    expect(await reminders(never.id, 'vote_reminder')).toHaveLength(2);
  });

  it('do not remind once the caucus is no longer full or the election is finished', async () => {
    const start = new Date('2030-06-01T09:00:00Z');
    const notFull = await createCaucusRow(database.db, { name: 'Left Three', requiredVotingMembers: 3 });
    const a = (await addVotingMembers(database.db, notFull, 2))[0]!;
    await database.db.update(caucuses).set({ votingMemberCount: 2 }).where(eq(caucuses.id, notFull.id));
    const done = await createCaucusRow(database.db, { name: 'Done Two', requiredVotingMembers: 2 });
    const doneMembers = await addVotingMembers(database.db, done, 2);
    const [b, c] = [doneMembers[0]!, doneMembers[1]!];
    await database.db.update(caucuses).set({ votingMemberCount: 2, electionFinalized: true, votingFinalized: true, electedDelegateId: c.id, finalizedAt: start }).where(eq(caucuses.id, done.id));
    await database.db.transaction((tx) =>
      notify(tx, start, [
        { userId: a.id, kind: 'caucus_full', data: { caucusId: notFull.id, caucusName: 'Left Three' }, dedupeKey: notFull.id },
        { userId: b.id, kind: 'caucus_full', data: { caucusId: done.id, caucusName: 'Done Two' }, dedupeKey: done.id },
      ]),
    );
    await runner(start).at(3);
    expect(await reminders(a.id, 'vote_reminder')).toHaveLength(0);
    expect(await reminders(b.id, 'vote_reminder')).toHaveLength(0);
  });
});
