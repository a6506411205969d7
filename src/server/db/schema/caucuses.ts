import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SEALED_SQL_PATTERN } from '../../crypto/sealed-text';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

/** A private caucus's password not yet sealed (issue 29): only between a direct write and the next start. */
export const CAUCUS_PASSWORD_UNSEALED = `password is not null and password !~ '${SEALED_SQL_PATTERN}'`;

export const caucuses = pgTable(
  'caucuses',
  {
    id: idColumn(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    district: integer('district').notNull(),
    level: integer('level').notNull(),
    politicalAlignment: text('political_alignment'),
    isOpen: boolean('is_open').notNull().default(true),
    platformLink: text('platform_link'),
    invitationCode: text('invitation_code').notNull().unique(),
    organizerId: uuid('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sealed (AES-256-GCM, `v1:…`) by caucus-passwords.service: never stored or sent in plain text. */
    password: text('password'),
    electionFinalized: boolean('election_finalized').notNull().default(false),
    votingStarted: boolean('voting_started').notNull().default(false),
    votingFinalized: boolean('voting_finalized').notNull().default(false),
    electedDelegateId: uuid('elected_delegate_id').references(() => users.id, { onDelete: 'restrict' }),
    requiredVotingMembers: integer('required_voting_members').notNull().default(10),
    /** Kept equal to the caucus's voting members by a trigger on caucus_members. */
    votingMemberCount: integer('voting_member_count').notNull().default(0),
    finalizedAt: tstz('finalized_at'),
    /** The secret of the election record's pseudonyms (issue 14): never sent to anyone. */
    recordSalt: text('record_salt').notNull().default(sql`gen_random_uuid()::text`),
    /** Name and platform link hidden by reports or an administrator, pending review (issue 14). */
    hiddenAt: tstz('hidden_at'),
    /**
     * For a finalized level-1 caucus: its place among the district's finalized level-1
     * caucuses (1 = first), fixed at finalization. Its voters earn Pioneer 100 / 1K by it.
     */
    pioneerRank: integer('pioneer_rank'),
    /**
     * The search's status filter as one column, so each filter has an index that returns the
     * newest caucuses of that status in order (spec section 5: available, full, finalized).
     */
    searchStatus: text('search_status')
      .notNull()
      .generatedAlwaysAs(
        sql`case when election_finalized then 'finalized' when voting_member_count >= required_voting_members then 'full' else 'available' end`,
      ),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('caucuses_level_range', sql`${t.level} between 1 and 5`),
    check('caucuses_name_length', sql`char_length(btrim(${t.name})) between 1 and 100`),
    check('caucuses_district_positive', sql`${t.district} >= 1`),
    check('caucuses_invitation_code_format', sql`${t.invitationCode} ~ '^[A-Z0-9]{6}$'`),
    check('caucuses_required_members_range', sql`${t.requiredVotingMembers} between 1 and 100`),
    // Capacity is a database invariant: however many joins race, never more voting members than seats.
    check('caucuses_capacity', sql`${t.votingMemberCount} between 0 and ${t.requiredVotingMembers}`),
    check('caucuses_private_has_password', sql`${t.isOpen} or char_length(coalesce(${t.password}, '')) >= 4`),
    // The start-up step finds the passwords still in plain text here, without reading every caucus.
    index('caucuses_password_unsealed_idx').on(t.id).where(sql.raw(CAUCUS_PASSWORD_UNSEALED)),
    check(
      'caucuses_finalized_has_delegate',
      sql`not ${t.electionFinalized} or (${t.electedDelegateId} is not null and ${t.votingFinalized})`,
    ),
    check('caucuses_platform_link_http', sql`${t.platformLink} is null or ${t.platformLink} ~* '^https?://'`),
    // One level-5 caucus per district: a database invariant, not only a check.
    uniqueIndex('caucuses_one_level5_per_district').on(t.state, t.district).where(sql`${t.level} = 5`),
    index('caucuses_level_finalized_idx').on(t.level, t.electionFinalized),
    // One caucus per Pioneer place in a district; its maximum is the district's finalized count.
    uniqueIndex('caucuses_pioneer_rank_key').on(t.state, t.district, t.pioneerRank).where(sql`${t.pioneerRank} is not null`),
    check('caucuses_pioneer_rank', sql`${t.pioneerRank} is null or (${t.pioneerRank} >= 1 and ${t.level} = 1 and ${t.electionFinalized})`),
    // A district's Delegates per level, most recent first (the movement's district tree, issue 18).
    index('caucuses_district_delegates_idx')
      .on(t.state, t.district, t.level, t.finalizedAt.desc().nullsLast(), t.id)
      .where(sql`${t.electionFinalized}`),
    index('caucuses_organizer_idx').on(t.organizerId),
    index('caucuses_delegate_idx').on(t.electedDelegateId),
    // Caucus search: newest first (created_at desc, id) under each filter; see docs/benchmarks.md.
    index('caucuses_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_status_created_idx').on(t.searchStatus, t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_district_status_created_idx').on(t.state, t.district, t.searchStatus, t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_state_status_created_idx').on(t.state, t.searchStatus, t.createdAt.desc().nullsFirst(), t.id),
    // Status "all" has no status to lead with: the newest caucuses of a district, a state or a
    // level in order (the bench found a district's status-all search walking every caucus).
    index('caucuses_district_created_idx').on(t.state, t.district, t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_state_created_idx').on(t.state, t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_level_created_idx').on(t.level, t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_level_status_created_idx').on(t.level, t.searchStatus, t.createdAt.desc().nullsFirst(), t.id),
    index('caucuses_alignment_status_created_idx').on(t.politicalAlignment, t.searchStatus, t.createdAt.desc().nullsFirst(), t.id),
    // "Name contains" (ilike '%…%'): trigrams (pg_trgm, created by migration 0006).
    index('caucuses_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const caucusMembers = pgTable(
  'caucus_members',
  {
    caucusId: uuid('caucus_id')
      .notNull()
      .references(() => caucuses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isVotingMember: boolean('is_voting_member').notNull().default(true),
    isOrganizer: boolean('is_organizer').notNull().default(false),
    joinedAt: createdAt(),
    /** Reminders sent while this member's vote was missing (after 2 and 5 days, then none). */
    voteReminderCount: integer('vote_reminder_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.caucusId, t.userId] }),
    index('caucus_members_user_idx').on(t.userId),
    check('caucus_members_has_role', sql`${t.isVotingMember} or ${t.isOrganizer}`),
  ],
);

export const votes = pgTable(
  'votes',
  {
    caucusId: uuid('caucus_id').notNull(),
    voterId: uuid('voter_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One vote per voter per caucus.
    primaryKey({ columns: [t.caucusId, t.voterId] }),
    // Voter and candidate are members of the same caucus; leaving removes the vote.
    foreignKey({
      name: 'votes_voter_member_fk',
      columns: [t.caucusId, t.voterId],
      foreignColumns: [caucusMembers.caucusId, caucusMembers.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'votes_candidate_member_fk',
      columns: [t.caucusId, t.candidateId],
      foreignColumns: [caucusMembers.caucusId, caucusMembers.userId],
    }).onDelete('cascade'),
    index('votes_voter_idx').on(t.voterId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: idColumn(),
    caucusId: uuid('caucus_id')
      .notNull()
      .references(() => caucuses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** Hidden by reports or an administrator, pending review (issue 14): others see a placeholder. */
    hiddenAt: tstz('hidden_at'),
  },
  (t) => [
    index('chat_messages_caucus_idx').on(t.caucusId, t.createdAt),
    check('chat_messages_not_blank', sql`char_length(btrim(${t.message})) between 1 and 2000`),
  ],
);

const invitationColumns = () => ({
  id: idColumn(),
  caucusId: uuid('caucus_id')
    .notNull()
    .references(() => caucuses.id, { onDelete: 'cascade' }),
  inviterId: uuid('inviter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  inviteeId: uuid('invitee_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
  respondedAt: tstz('responded_at'),
  /** Reminders sent while pending (after 2 and 6 days, then none), and the last one's time. */
  reminderCount: integer('reminder_count').notNull().default(0),
  lastRemindedAt: tstz('last_reminded_at'),
});

export const votingMemberInvitations = pgTable('voting_member_invitations', invitationColumns(), (t) => [
  check('voting_member_invitations_status', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  check('voting_member_invitations_responded', sql`(${t.status} = 'pending') = (${t.respondedAt} is null)`),
  uniqueIndex('voting_member_invitations_one_pending')
    .on(t.caucusId, t.inviteeId)
    .where(sql`${t.status} = 'pending'`),
  index('voting_member_invitations_invitee_idx').on(t.inviteeId, t.status),
  index('voting_member_invitations_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  index('voting_member_invitations_caucus_idx').on(t.caucusId),
]);

export const organizerInvitations = pgTable('organizer_invitations', invitationColumns(), (t) => [
  check('organizer_invitations_status', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  check('organizer_invitations_responded', sql`(${t.status} = 'pending') = (${t.respondedAt} is null)`),
  uniqueIndex('organizer_invitations_one_pending')
    .on(t.caucusId, t.inviteeId)
    .where(sql`${t.status} = 'pending'`),
  index('organizer_invitations_invitee_idx').on(t.inviteeId, t.status),
  index('organizer_invitations_inviter_idx').on(t.inviterId),
  index('organizer_invitations_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  index('organizer_invitations_caucus_idx').on(t.caucusId),
]);

/**
 * An invitation by email to someone who has no account yet. The mail carries a sign-up link;
 * when an account with this address is confirmed, the invitation becomes a real one
 * (`converted_*`) and the person lands on it.
 */
export const emailInvitations = pgTable(
  'email_invitations',
  {
    id: idColumn(),
    caucusId: uuid('caucus_id')
      .notNull()
      .references(() => caucuses.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case address. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    createdAt: createdAt(),
    reminderCount: integer('reminder_count').notNull().default(0),
    lastRemindedAt: tstz('last_reminded_at'),
    convertedAt: tstz('converted_at'),
    convertedUserId: uuid('converted_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('email_invitations_role', sql`${t.role} in ('voting_member', 'organizer')`),
    check('email_invitations_email_lower', sql`${t.email} = lower(${t.email}) and ${t.email} like '%_@_%'`),
    uniqueIndex('email_invitations_one_open').on(t.caucusId, t.role, t.email).where(sql`${t.convertedAt} is null`),
    index('email_invitations_email_idx').on(t.email).where(sql`${t.convertedAt} is null`),
    index('email_invitations_open_created_idx').on(t.createdAt).where(sql`${t.convertedAt} is null`),
    index('email_invitations_caucus_idx').on(t.caucusId),
  ],
);
