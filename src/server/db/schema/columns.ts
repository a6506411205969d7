import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every timestamp of ours is `timestamp with time zone`. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
/**
 * A row's id: a time-ordered UUID (version 7, RFC 9562; `uuid_v7()`, migration 0030, decision 057).
 * A new row's id lands at the right-hand end of its primary key's index instead of on a random
 * page, so a busy table's inserts keep writing the same few index pages (one full-page image
 * after a checkpoint, not one per insert). 74 random bits remain: ids are not secrets here (every
 * read and write checks who may see the row), and the time they carry is the row's created_at.
 */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);
