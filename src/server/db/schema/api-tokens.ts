import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

/** Personal read-only API tokens (issue 17): only a SHA-256 of the token is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
    check('api_tokens_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check('api_tokens_scopes', sql`cardinality(${t.scopes}) between 1 and 2 and ${t.scopes} <@ array['caucuses:read', 'members:read']::text[]`),
  ],
);
