import { sql } from 'drizzle-orm';
import { INVITATION_REMINDER_DAYS, VOTE_REMINDER_DAYS, newestRemindable, oldestRemindable, reminderDue } from '../../../domain/notifications/reminders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { notify, type NewNotification } from './notifications.service';

/**
 * Reminders (issue 13): invitations not acted on (after 2 and 6 days) and votes still missing
 * in a full caucus (after 2 and 5 days from when it filled). Run hourly by the `reminders` job.
 * Each batch claims its rows with `for update skip locked` and writes the notification and the
 * new count in one transaction, so two processes running it at once never remind twice.
 */

export interface ReminderDeps {
  db: Db;
  clock: Clock;
}

export interface ReminderCounts {
  memberInvitations: number;
  organizerInvitations: number;
  votes: number;
}

const BATCH = 500;

type InvitationTable = 'voting_member_invitations' | 'organizer_invitations';

/** One batch of due reminders of an invitation table; returns how many were sent (-1: nothing left to look at). */
async function remindInvitations(tx: DbOrTx, now: Date, table: InvitationTable): Promise<number> {
  const role = table === 'organizer_invitations' ? ('organizer' as const) : ('voting_member' as const);
  const [first, second] = INVITATION_REMINDER_DAYS as [number, number];
  const rows = await tx.execute<{
    id: string;
    invitee_id: string;
    inviter_id: string;
    inviter_name: string;
    caucus_id: string;
    caucus_name: string;
    created_at: Date | string;
    reminder_count: number;
  }>(sql`
    select i.id, i.invitee_id, i.inviter_id, inviter.name as inviter_name, i.caucus_id, c.name as caucus_name, i.created_at, i.reminder_count
    from ${sql.raw(table)} i
    join caucuses c on c.id = i.caucus_id and not c.election_finalized
    join users invitee on invitee.id = i.invitee_id and invitee.deleted_at is null
    join users inviter on inviter.id = i.inviter_id
    where i.status = 'pending'
      and i.created_at between ${oldestRemindable(now, INVITATION_REMINDER_DAYS)} and ${newestRemindable(now, INVITATION_REMINDER_DAYS)}
      and ((i.reminder_count = 0 and i.created_at <= ${new Date(now.getTime() - first * 86_400_000)})
        or (i.reminder_count = 1 and i.created_at <= ${new Date(now.getTime() - second * 86_400_000)}))
    order by i.created_at
    limit ${BATCH}
    for update of i skip locked`);
  const due = rows.rows
    .map((r) => ({ ...r, next: reminderDue(new Date(r.created_at), r.reminder_count, now, INVITATION_REMINDER_DAYS) }))
    .filter((r) => r.next.due);
  if (due.length === 0) return rows.rows.length === 0 ? -1 : 0;
  await notify(
    tx,
    now,
    due.map(
      (r): NewNotification => ({
        userId: r.invitee_id,
        kind: 'invitation_reminder',
        data: { caucusId: r.caucus_id, caucusName: r.caucus_name, inviterId: r.inviter_id, inviterName: r.inviter_name, role },
      }),
    ),
  );
  await tx.execute(sql`
    update ${sql.raw(table)} i set reminder_count = v.count, last_reminded_at = ${now}
    from (values ${sql.join(
      due.map((r) => sql`(${r.id}::uuid, ${r.next.count}::int)`),
      sql`, `,
    )}) as v(id, count)
    where i.id = v.id`);
  return due.length;
}

/** One batch of due vote reminders: members of a full, unfinished caucus who have not voted. */
async function remindVotes(tx: DbOrTx, now: Date): Promise<number> {
  const [first, second] = VOTE_REMINDER_DAYS as [number, number];
  // When each member was told the caucus was full (the latest time, if it filled twice).
  const rows = await tx.execute<{ caucus_id: string; caucus_name: string; user_id: string; full_at: Date | string; vote_reminder_count: number }>(sql`
    select m.caucus_id, c.name as caucus_name, m.user_id, f.full_at, m.vote_reminder_count
    from (
      select n.user_id, (n.data->>'caucusId')::uuid as caucus_id, max(n.created_at) as full_at
      from notifications n
      where n.kind = 'caucus_full'
        and n.created_at between ${oldestRemindable(now, VOTE_REMINDER_DAYS)} and ${newestRemindable(now, VOTE_REMINDER_DAYS)}
      group by 1, 2
    ) f
    join caucus_members m on m.caucus_id = f.caucus_id and m.user_id = f.user_id and m.is_voting_member
    join caucuses c on c.id = m.caucus_id and not c.election_finalized and c.voting_member_count >= c.required_voting_members
    join users u on u.id = m.user_id and u.deleted_at is null
    where not exists (select 1 from votes v where v.caucus_id = m.caucus_id and v.voter_id = m.user_id)
      and ((m.vote_reminder_count = 0 and f.full_at <= ${new Date(now.getTime() - first * 86_400_000)})
        or (m.vote_reminder_count = 1 and f.full_at <= ${new Date(now.getTime() - second * 86_400_000)}))
    order by f.full_at
    limit ${BATCH}
    for update of m skip locked`);
  const due = rows.rows
    .map((r) => ({ ...r, next: reminderDue(new Date(r.full_at), r.vote_reminder_count, now, VOTE_REMINDER_DAYS) }))
    .filter((r) => r.next.due);
  if (due.length === 0) return rows.rows.length === 0 ? -1 : 0;
  await notify(
    tx,
    now,
    due.map((r): NewNotification => ({ userId: r.user_id, kind: 'vote_reminder', data: { caucusId: r.caucus_id, caucusName: r.caucus_name } })),
  );
  await tx.execute(sql`
    update caucus_members m set vote_reminder_count = v.count
    from (values ${sql.join(
      due.map((r) => sql`(${r.caucus_id}::uuid, ${r.user_id}::uuid, ${r.next.count}::int)`),
      sql`, `,
    )}) as v(caucus_id, user_id, count)
    where m.caucus_id = v.caucus_id and m.user_id = v.user_id`);
  return due.length;
}

/** Sends every reminder due now, batch after batch; returns how many of each went out. */
export async function sendDueReminders({ db, clock }: ReminderDeps): Promise<ReminderCounts> {
  const counts: ReminderCounts = { memberInvitations: 0, organizerInvitations: 0, votes: 0 };
  const drain = async (key: keyof ReminderCounts, batch: (tx: DbOrTx, now: Date) => Promise<number>) => {
    for (;;) {
      const sent = await db.transaction((tx) => batch(tx, clock.now()));
      if (sent <= 0) return;
      counts[key] += sent;
    }
  };
  await drain('memberInvitations', (tx, now) => remindInvitations(tx, now, 'voting_member_invitations'));
  await drain('organizerInvitations', (tx, now) => remindInvitations(tx, now, 'organizer_invitations'));
  await drain('votes', remindVotes);
  return counts;
}
