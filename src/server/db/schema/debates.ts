import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const debates = pgTable(
  'debates',
  {
    id: idColumn(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    debateType: text('debate_type').notNull(),
    durationDays: integer('duration_days').notNull().default(7),
    expiresAt: tstz('expires_at').notNull(),
    participantCount: integer('participant_count').notNull().default(0),
    maxParticipants: integer('max_participants').notNull().default(10),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** Hidden by reports or an administrator, pending review (issue 14): others see a placeholder. */
    hiddenAt: tstz('hidden_at'),
  },
  (t) => [
    check('debates_type', sql`${t.debateType} in ('text', 'audio')`),
    check('debates_duration', sql`${t.durationDays} between 3 and 30`),
    check('debates_participants', sql`${t.participantCount} between 0 and ${t.maxParticipants}`),
    check('debates_title_not_blank', sql`char_length(btrim(${t.title})) between 1 and 200`),
    check('debates_prompt_not_blank', sql`char_length(btrim(${t.prompt})) between 1 and 5000`),
    index('debates_active_created_idx').on(t.isActive, t.createdAt.desc()),
    index('debates_creator_idx').on(t.creatorId),
  ],
);

export const debateInvitations = pgTable(
  'debate_invitations',
  {
    debateId: uuid('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.debateId, t.inviteeId] })],
);

export const debateParticipants = pgTable(
  'debate_participants',
  {
    debateId: uuid('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.debateId, t.userId] }), index('debate_participants_user_idx').on(t.userId)],
);

const contentColumns = () => ({
  id: idColumn(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  textContent: text('text_content'),
  audioUrl: text('audio_url'),
  upvotes: integer('upvotes').notNull().default(0),
  downvotes: integer('downvotes').notNull().default(0),
  createdAt: createdAt(),
  /** Hidden by reports or an administrator, pending review (issue 14). */
  hiddenAt: tstz('hidden_at'),
});

const contentChecks = (name: string, t: { contentType: unknown; textContent: unknown; audioUrl: unknown }) => [
  check(`${name}_content_type`, sql`${t.contentType} in ('text', 'audio')`),
  check(
    `${name}_has_content`,
    sql`(${t.contentType} = 'text' and ${t.textContent} is not null) or (${t.contentType} = 'audio' and ${t.audioUrl} is not null)`,
  ),
];

export const debateResponses = pgTable(
  'debate_responses',
  {
    ...contentColumns(),
    debateId: uuid('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    ...contentChecks('debate_responses', t),
    // A participant submits at most one response.
    unique('debate_responses_one_per_user').on(t.debateId, t.userId),
    // The debate page reads its responses newest first, a page at a time after a cursor
    // (created_at, id): the index has that exact order (DESC is NULLS FIRST in an ORDER BY;
    // a DESC NULLS LAST index does not serve it, which made this read a Seq Scan).
    index('debate_responses_debate_idx').on(t.debateId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A user's debate contributions (Chatterbox, Advocate, Cicero) are counted by user.
    index('debate_responses_user_idx').on(t.userId),
  ],
);

export const debateRebuttals = pgTable(
  'debate_rebuttals',
  {
    ...contentColumns(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => debateResponses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    ...contentChecks('debate_rebuttals', t),
    unique('debate_rebuttals_one_per_user').on(t.responseId, t.userId),
    index('debate_rebuttals_user_idx').on(t.userId),
  ],
);

export const debateDefenses = pgTable(
  'debate_defenses',
  {
    ...contentColumns(),
    rebuttalId: uuid('rebuttal_id')
      .notNull()
      .references(() => debateRebuttals.id, { onDelete: 'cascade' }),
  },
  (t) => [
    ...contentChecks('debate_defenses', t),
    unique('debate_defenses_one_per_rebuttal').on(t.rebuttalId),
    index('debate_defenses_user_idx').on(t.userId),
  ],
);

export const debateVotes = pgTable(
  'debate_votes',
  {
    contentId: uuid('content_id').notNull(),
    contentType: text('content_type').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: text('vote_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.contentType, t.userId] }),
    check('debate_votes_content_type', sql`${t.contentType} in ('response', 'rebuttal', 'defense')`),
    check('debate_votes_vote_type', sql`${t.voteType} in ('upvote', 'downvote')`),
    // Deleting a user deletes their votes (ON DELETE CASCADE) without scanning the table.
    index('debate_votes_user_idx').on(t.userId),
  ],
);

/**
 * Recorded contributions (decision 014): the bytes live in PostgreSQL like profile photos, under
 * the spec's storage key {userId}/{debateId}/{contentType}-{timestamp}.webm (unique: no
 * overwrite). The contribution's audio_url is /api/debate-audio/{key}.
 */
export const debateAudio = pgTable(
  'debate_audio',
  {
    id: idColumn(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    debateId: uuid('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('debate_audio_key_unique').on(t.key),
    check('debate_audio_content_type', sql`${t.contentType} = 'audio/webm'`),
    check('debate_audio_size', sql`${t.sizeBytes} between 1 and 5242880 and ${t.sizeBytes} = octet_length(${t.bytes})`),
    check('debate_audio_duration', sql`${t.durationMs} between 1 and 182000`),
    index('debate_audio_debate_idx').on(t.debateId),
    index('debate_audio_user_idx').on(t.userId),
  ],
);
