import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { MODERATION_STATES, REPORT_ITEM_KINDS, REPORT_REASONS } from '../../../domain/moderation/moderation-rules';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** Who blocked whom (issue 14): no private messages, friend requests or invitations from them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    // "Does the recipient block the sender?" reads the primary key; this serves the cascade.
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * One row per reported item (issue 14): its author, its state, and how many reports from
 * distinct verified users count toward hiding it. A report locks this row, so concurrent
 * reports count one after another and the item is hidden exactly once.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    /** The person the item is by (the profile's owner for a profile, the organizer for a caucus). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('open'),
    /** Reports since the last review (the queue shows them). */
    openReports: integer('open_reports').notNull().default(0),
    /** Reports from distinct verified users since the last review: the third hides the item. */
    countedReports: integer('counted_reports').notNull().default(0),
    /** Hidden by the reports (true) rather than by an administrator. */
    hiddenByReports: boolean('hidden_by_reports').notNull().default(false),
    firstReportedAt: createdAt(),
    lastReportedAt: tstz('last_reported_at').notNull().defaultNow(),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.itemKind, t.itemId] }),
    check('moderation_items_kind', sql.raw(`item_kind in (${inList(REPORT_ITEM_KINDS)})`)),
    check('moderation_items_state', sql.raw(`state in (${inList(MODERATION_STATES)})`)),
    // The review queue in its order (moderationQueueOrder in the domain): hidden items first,
    // then the most verified reporters, then the most reporters, then the latest report.
    index('moderation_items_queue_order_idx')
      .on(sql`(${t.state} = 'hidden') desc`, t.countedReports.desc().nullsFirst(), t.openReports.desc().nullsFirst(), t.lastReportedAt.desc().nullsFirst())
      .where(sql`${t.openReports} > 0`),
    index('moderation_items_author_idx').on(t.authorId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** The reporter was verified when reporting: the report counts toward hiding the item. */
    counted: boolean('counted').notNull(),
    /** Reviewed by an administrator (the item's queue entry was settled after it). */
    reviewedAt: tstz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One report per person per item.
    unique('reports_one_per_person').on(t.reporterId, t.itemKind, t.itemId),
    check('reports_kind', sql.raw(`item_kind in (${inList(REPORT_ITEM_KINDS)})`)),
    check('reports_reason', sql.raw(`reason in (${inList(REPORT_REASONS)})`)),
    check('reports_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
    index('reports_item_idx').on(t.itemKind, t.itemId, t.createdAt),
  ],
);

/**
 * Every administrator action (issue 14): who, when, what, why. Append-only: a trigger
 * (migration 0019) refuses every UPDATE and DELETE, whoever asks.
 */
export const adminLog = pgTable(
  'admin_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: the log outlives the accounts it names. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    reason: text('reason'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * A caucus's election record (issue 14): joins, leaves, verifications, votes and the
 * finalization, in order, each entry's hash covering the previous hash and the entry
 * (src/domain/caucuses/election-record.ts). Append-only (trigger in migration 0019); it goes
 * only with its caucus. People are ids without foreign keys: the record outlives accounts.
 */
export const electionRecords = pgTable(
  'election_records',
  {
    caucusId: uuid('caucus_id').notNull(),
    /** 1, 2, 3… within the caucus, written under the caucus's row lock. */
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    /** The person who acted (joined, left, was verified, voted) and their opaque per-caucus pseudonym. */
    actorId: uuid('actor_id'),
    actorRef: text('actor_ref'),
    /** Whom it concerns: the candidate of a vote (null: the vote was withdrawn), the Delegate of the finalization. */
    subjectId: uuid('subject_id'),
    subjectRef: text('subject_ref'),
    /** The level for 'created', the required voting members for 'finalized'. */
    detail: text('detail'),
    /** ISO 8601 UTC with milliseconds, as hashed. */
    occurredAt: text('occurred_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caucusId, t.seq] }),
    // A person's entries, for "Download my data".
    index('election_records_actor_idx').on(t.actorId),
    check('election_records_kind', sql`${t.kind} in ('created', 'joined', 'left', 'verified', 'vote', 'finalized')`),
    check('election_records_seq', sql`${t.seq} >= 1`),
    check('election_records_hash', sql`${t.hash} ~ '^[0-9a-f]{64}$' and ${t.prevHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
