import { ADMIN_ACTIONS, logAdminAction } from '../admin/admin-log.service';
import { sql } from 'drizzle-orm';
import {
  BROADCAST_LIST_LIMIT,
  audienceLabel,
  broadcastScopesFor,
  constituencyLabel,
  decideBroadcastTarget,
  type BroadcastList,
  type BroadcastScope,
  type BroadcastSender,
  type BroadcastSendOptions,
  type BroadcastView,
  type SendBroadcastInput,
} from '../../../domain/social/broadcasts';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statements';
import { broadcasts } from '../../db/schema/social';
import { forbidden, notFound } from '../../http/app-error';
import type { JobQueue } from '../../jobs/job-queue';
import { BROADCAST_FANOUT_JOB } from './broadcast-fanout.service';

export interface BroadcastDeps {
  db: Db;
  clock: Clock;
  /** The job queue that fans a broadcast out as notifications; without it none are written (API tests). */
  jobs?: JobQueue | null;
}

/**
 * Who may broadcast, and to whom: administrator or not, and the highest finalized caucus the
 * user was elected delegate by (one query: caucuses_delegate_idx).
 */
export async function readSender(db: DbOrTx, userId: string): Promise<BroadcastSender | null> {
  const result = await db.execute<{
    is_administrator: boolean;
    caucus_id: string | null;
    caucus_name: string | null;
    level: number | null;
    state: string | null;
    district: number | null;
  }>(sql`
    select u.is_administrator, c.id as caucus_id, c.name as caucus_name, c.level, c.state, c.district
    from users u
    left join lateral (
      select id, name, level, state, district from caucuses
      where elected_delegate_id = u.id and election_finalized
      order by level desc, finalized_at desc nulls last, id
      limit 1
    ) c on true
    where u.id = ${userId} and u.deleted_at is null`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    isAdministrator: row.is_administrator,
    constituency:
      row.caucus_id && row.level !== null && row.state !== null && row.district !== null
        ? { caucusId: row.caucus_id, caucusName: row.caucus_name ?? '', level: row.level, state: row.state, district: row.district }
        : null,
  };
}

function sendOptionsOf(sender: BroadcastSender | null): BroadcastSendOptions {
  if (!sender) return { scopes: [], constituency: null };
  return {
    scopes: broadcastScopesFor(sender),
    constituency: sender.constituency ? { ...sender.constituency, label: constituencyLabel(sender.constituency) } : null,
  };
}

type BroadcastRow = {
  id: string;
  sender_id: string;
  message: string;
  scope: BroadcastScope;
  level: number | null;
  target_state: string | null;
  target_district: number | null;
  created_at: Date | string;
  sender_name: string;
  sender_photo: string | null;
  sender_deleted: boolean;
};

function toView(r: BroadcastRow, viewerId: string): BroadcastView {
  const b = { scope: r.scope, targetState: r.target_state, targetDistrict: r.target_district, level: r.level };
  return {
    id: r.id,
    sender: { id: r.sender_id, name: r.sender_deleted ? FORMER_MEMBER_NAME : r.sender_name, photoUrl: r.sender_deleted ? null : r.sender_photo },
    message: r.message,
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    ...b,
    audienceLabel: audienceLabel(b),
    sentByMe: r.sender_id === viewerId,
  };
}

/**
 * The broadcasts meant for the viewer, newest first, decided by the server in one query:
 * - the viewer's audiences: 'everyone', their state, their district, and 'caucus:<id>' for
 *   every finalized caucus above them in the election tree (a recursive walk up from the
 *   caucuses they vote in, through each elected delegate's caucus of the next level);
 * - for each audience the newest rows of broadcasts_audience_idx, and the viewer's own
 *   broadcasts from broadcasts_sender_idx (index-only, backwards, `limit` each), merged and
 *   cut to BROADCAST_LIST_LIMIT before the rows themselves are read.
 */
export async function listBroadcastsFor(db: DbOrTx, viewerId: string, limit = BROADCAST_LIST_LIMIT): Promise<BroadcastView[]> {
  // Prepared: planning it cost PostgreSQL 1.9 ms a read, running it 2.4 (decision 034).
  const result = await executePrepared<BroadcastRow>(db, sql`
    with recursive me as (
      select state, district from users where id = ${viewerId}
    ),
    chain (id, level, elected_delegate_id) as (
      select c.id, c.level, c.elected_delegate_id
      from caucus_members m join caucuses c on c.id = m.caucus_id
      where m.user_id = ${viewerId} and m.is_voting_member and c.election_finalized
      union
      -- Each step starts from the Delegate's memberships (a few rows by caucus_members_user_idx),
      -- fenced so the planner cannot start from every finalized caucus instead: it did at 10
      -- million users, when the statistics counted almost no finalized caucus (110 ms p95, issue 16).
      select up.id, up.level, up.elected_delegate_id
      from chain
      cross join lateral (
        select c.id, c.level, c.elected_delegate_id
        from caucus_members dm join caucuses c on c.id = dm.caucus_id
        where dm.user_id = chain.elected_delegate_id and dm.is_voting_member and c.level = chain.level + 1 and c.election_finalized
        offset 0
      ) up
    ),
    audiences (audience) as (
      select 'everyone'
      union all select 'state:' || state from me
      union all select 'district:' || state || ':' || district::text from me
      union all select 'caucus:' || id::text from chain
    ),
    picked as (
      select newest.id, newest.created_at from audiences a
      cross join lateral (
        select b.id, b.created_at from broadcasts b where b.audience = a.audience
        order by b.created_at desc, b.id desc limit ${limit}
      ) newest
      union
      select own.id, own.created_at from (
        select b.id, b.created_at from broadcasts b where b.sender_id = ${viewerId}
        order by b.created_at desc, b.id desc limit ${limit}
      ) own
    ),
    top as (
      select id from picked order by created_at desc, id desc limit ${limit}
    )
    select b.id, b.sender_id, b.message, b.scope, b.level, b.target_state, b.target_district, b.created_at,
      u.name as sender_name, u.photo_url as sender_photo, u.deleted_at is not null as sender_deleted
    from top
    join broadcasts b on b.id = top.id
    join users u on u.id = b.sender_id
    order by b.created_at desc, b.id desc
    limit ${limit}`);
  return result.rows.map((r) => toView(r, viewerId));
}

/** The Broadcasts tab: the list and what the send form may offer (two queries, side by side). */
export async function listBroadcasts({ db }: BroadcastDeps, viewerId: string): Promise<BroadcastList> {
  const [list, sender] = await Promise.all([listBroadcastsFor(db, viewerId), readSender(db, viewerId)]);
  return { broadcasts: list, sendOptions: sendOptionsOf(sender) };
}

/**
 * Sends a broadcast (input checked by sendBroadcastSchema). The sender's right and the
 * target are decided here, from the database, never from the form: an administrator's
 * scope, or a delegate's own constituency as it stands now.
 */
export async function sendBroadcast({ db, clock, jobs }: BroadcastDeps, senderId: string, input: SendBroadcastInput): Promise<BroadcastView> {
  return db.transaction(async (tx) => {
    const sender = await readSender(tx, senderId);
    if (!sender) throw notFound('Profile not found');
    const decision = decideBroadcastTarget(input, sender);
    if (!decision.ok) throw forbidden('broadcast_not_allowed', decision.message);
    const [row] = await tx
      .insert(broadcasts)
      .values({ senderId, message: input.message, ...decision.target, createdAt: clock.now() })
      .returning({ id: broadcasts.id });
    // Its notifications are written by a job, queued in this transaction (decision 024).
    await jobs?.send(BROADCAST_FANOUT_JOB, { broadcastId: row!.id }, { tx });
    // A broadcast beyond a Delegate's own constituents is an administrator's: the admin log keeps it.
    if (input.scope !== 'constituents') {
      await logAdminAction(
        tx,
        { actorId: senderId, action: ADMIN_ACTIONS.globalBroadcast, targetKind: 'broadcast', targetId: row!.id, details: { ...decision.target, message: input.message } },
        clock.now(),
      );
    }
    const [view] = await tx.execute<BroadcastRow>(sql`
      select b.id, b.sender_id, b.message, b.scope, b.level, b.target_state, b.target_district, b.created_at,
        u.name as sender_name, u.photo_url as sender_photo, u.deleted_at is not null as sender_deleted
      from broadcasts b join users u on u.id = b.sender_id where b.id = ${row!.id}`).then((r) => r.rows);
    return toView(view!, senderId);
  });
}
