import { eq, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { broadcasts } from '../../db/schema/social';
import { publish, publishEach } from '../../realtime/publish';
import { USER_STREAM_CHANNEL, type UserStreamNote } from '../../realtime/user-stream';
import { DELIVERY_CHANNEL, DELIVERY_WAKE_KEY } from '../notifications/notifications.service';

/**
 * A broadcast's notifications (issue 13): one per person of its audience, but the sender.
 * A district is ~100,000 voters and "everyone" more, so the request that sends a broadcast
 * only writes the `broadcast-fanout` job in its own transaction; the job writes the
 * notifications set-based, a batch of people (by id) per transaction, and wakes the delivery
 * job after each. A retried job adds nothing to an unread notification of the same broadcast
 * (its dedupe key).
 */

export const BROADCAST_FANOUT_JOB = 'broadcast-fanout';
export const FANOUT_BATCH = 20_000;
/** Up to this many recipients, each one's bell hears at once; beyond, it learns on its next count. */
export const LIVE_FANOUT_LIMIT = 2_000;
const PREVIEW_LENGTH = 140;

export interface FanoutDeps {
  db: Db;
  clock: Clock;
}

type Broadcast = typeof broadcasts.$inferSelect;

/** The people a broadcast is for, with ids above `after`, as a query of `user_id`s. */
function audience(b: Broadcast, after: string): SQL {
  const above = sql`u.id > ${after}::uuid and u.id <> ${b.senderId} and u.deleted_at is null`;
  if (b.scope === 'everyone') return sql`select u.id as user_id from users u where ${above}`;
  if (b.scope === 'state') return sql`select u.id as user_id from users u where u.state = ${b.targetState} and ${above}`;
  if (b.scope === 'district') return sql`select u.id as user_id from users u where u.state = ${b.targetState} and u.district = ${b.targetDistrict} and ${above}`;
  // A Delegate's constituents: the voting members of their finalized caucus and, down the tree,
  // of every finalized caucus whose elected Delegate votes in the one above it.
  return sql`
    select distinct u.id as user_id
    from (
      with recursive tree (id, level) as (
        select c.id, c.level from caucuses c where c.id = ${b.caucusId} and c.election_finalized
        union
        select low.id, low.level from tree
        join caucus_members m on m.caucus_id = tree.id and m.is_voting_member
        join caucuses low on low.elected_delegate_id = m.user_id and low.level = tree.level - 1 and low.election_finalized
      )
      select m.user_id from tree join caucus_members m on m.caucus_id = tree.id and m.is_voting_member
    ) members
    join users u on u.id = members.user_id
    where ${above}`;
}

/** Writes the notifications of broadcast `broadcastId`; returns how many were written. */
export async function fanOutBroadcast({ db, clock }: FanoutDeps, broadcastId: string, options: { batch?: number } = {}): Promise<number> {
  const size = options.batch ?? FANOUT_BATCH;
  const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  if (!b) return 0;
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, b.senderId));
  const preview = b.message.length > PREVIEW_LENGTH ? `${b.message.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : b.message;
  const data = JSON.stringify({ broadcastId: b.id, senderId: b.senderId, senderName: sender?.name ?? 'An organizer', preview });
  let after = '00000000-0000-0000-0000-000000000000';
  let written = 0;
  for (;;) {
    const batch = await db.transaction(async (tx: DbOrTx) => {
      const now = clock.now();
      const people = await tx.execute<{ user_id: string }>(sql`
        with people as (${audience(b, after)} order by 1 limit ${size}),
        written as (
          insert into notifications (user_id, kind, data, dedupe_key, created_at, deliver_at)
          select user_id, 'broadcast', ${data}::jsonb, ${`broadcast:${b.id}`}, ${now}::timestamptz, ${now}::timestamptz from people
          on conflict (user_id, kind, dedupe_key) where dedupe_key is not null and read_at is null do nothing
        )
        select user_id from people order by 1`);
      const ids = people.rows.map((r) => r.user_id);
      if (ids.length === 0) return ids;
      if (ids.length <= LIVE_FANOUT_LIMIT) await publishEach(tx, USER_STREAM_CHANNEL, ids, { kind: 'notification' } satisfies UserStreamNote);
      await publish(tx, DELIVERY_CHANNEL, DELIVERY_WAKE_KEY, null);
      return ids;
    });
    if (batch.length === 0) return written;
    written += batch.length;
    after = batch[batch.length - 1]!;
    if (batch.length < size) return written;
  }
}
