import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every timestamp of ours is `timestamp with time zone`. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const idColumn = () => uuid('id').primaryKey().defaultRandom();
